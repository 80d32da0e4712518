//! Squares of the 8×8 board (S-1): a1 = 0, b1 = 1, …, h8 = 63, the indices `Event` uses.

use std::fmt;

/// One of the 64 squares. Files a–h are 0–7, ranks 1–8 are 0–7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index (a1 = 0 … h8 = 63).
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// `index` must be below 64; every caller derives it from a bitboard or a table.
    pub(crate) const fn from_index(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Reads `e4`-style coordinates (lowercase file, then rank).
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::from_coords(file - b'a', rank - b'1'),
            _ => None,
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}
