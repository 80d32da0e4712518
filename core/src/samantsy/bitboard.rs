//! 64-bit square sets: bit `i` is the square with index `i` (a1 = 0).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::square::Square;

/// A set of squares.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

impl Square {
    /// The set holding only this square. It lives here, not in `square.rs`, so that squares
    /// know nothing of bitboards and the two modules do not import each other.
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.index())
    }
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    /// Rank `rank` (0 = rank 1).
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// File `file` (0 = file a).
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (file & 7))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square of the set.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros()))
        }
    }

    /// Each square shifted one rank up (towards rank 8); squares leaving the board vanish.
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    pub const fn north_east(self) -> Bitboard {
        Bitboard((self.0 << 9) & NOT_FILE_A)
    }

    pub const fn north_west(self) -> Bitboard {
        Bitboard((self.0 << 7) & NOT_FILE_H)
    }

    pub const fn south_east(self) -> Bitboard {
        Bitboard((self.0 >> 7) & NOT_FILE_A)
    }

    pub const fn south_west(self) -> Bitboard {
        Bitboard((self.0 >> 9) & NOT_FILE_H)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitXorAssign for Bitboard {
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

/// Squares in increasing index order.
impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl fmt::Debug for Bitboard {
    /// Drawn as a board, rank 8 at the top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let set = self.0 & (1 << (rank * 8 + file)) != 0;
                write!(f, "{}", if set { 'x' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
