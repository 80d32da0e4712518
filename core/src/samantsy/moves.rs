//! A Samantsy move: a piece goes from one square to another (promotion is implicit, S-6).

use super::square::Square;

/// A move `from-to`. Ordered by origin, then destination: the order of `legal_moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}
