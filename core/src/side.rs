//! The two sides of every game.

use serde::{Deserialize, Serialize};

/// The two sides. Every lalao game has exactly two (En Gehé teams are one side each, E-3).
///
/// `First` is White in Samantsy and fano, South in the mancalas; it moves first by default (G-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const WHITE: Side = Side::First;
    pub const BLACK: Side = Side::Second;
    pub const SOUTH: Side = Side::First;
    pub const NORTH: Side = Side::Second;
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second: for per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}
