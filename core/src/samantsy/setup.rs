//! What a position notation describes, before any rule is checked.

use super::board::Board;
use crate::side::Side;

/// A board and the side to move, as read from notation. It may be impossible (two hovas, a
/// zaza on its promotion rank, …); [`super::Position::from_setup`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Side,
}

impl Setup {
    /// S-3 with White to move (S-4).
    pub fn initial() -> Setup {
        Setup {
            board: Board::initial(),
            turn: Side::WHITE,
        }
    }
}
