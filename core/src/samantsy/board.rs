//! Piece placement: one bitboard per role and one per side.

use super::bitboard::Bitboard;
use super::piece::{Piece, Role};
use super::square::Square;
use crate::side::Side;

/// Where the pieces stand. Any placement can be represented; [`super::Position`] is the
/// validated kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    roles: [Bitboard; 6],
    sides: [Bitboard; 2],
}

impl Board {
    pub fn empty() -> Board {
        Board::default()
    }

    /// S-3: `vfbahbfv/zzzzzzzz/8/8/8/8/ZZZZZZZZ/VFBAHBFV`.
    pub fn initial() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Vorona,
            Role::Farasy,
            Role::Basy,
            Role::Anakova,
            Role::Hova,
            Role::Basy,
            Role::Farasy,
            Role::Vorona,
        ];
        for (file, role) in (0u8..).zip(back) {
            for (side, back_rank, zaza_rank) in [(Side::WHITE, 0, 1), (Side::BLACK, 7, 6)] {
                if let (Some(back_sq), Some(zaza_sq)) = (
                    Square::from_coords(file, back_rank),
                    Square::from_coords(file, zaza_rank),
                ) {
                    board.put(back_sq, Piece::new(side, role));
                    board.put(zaza_sq, Piece::new(side, Role::Zaza));
                }
            }
        }
        board
    }

    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    pub fn by_side(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.roles[role.index()] & self.sides[side.index()]
    }

    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| self.roles[role.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let side = if self.sides[0].contains(sq) {
            Side::WHITE
        } else if self.sides[1].contains(sq) {
            Side::BLACK
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece::new(side, role))
    }

    /// Every piece with its square, in square order.
    pub fn pieces_iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(|sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.roles[piece.role.index()] |= sq.bb();
        self.sides[piece.side.index()] |= sq.bb();
    }

    /// Empties `sq` and returns what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.toggle(sq, piece);
        Some(piece)
    }

    /// Flips `piece`'s presence on `sq`; the caller knows the square's state.
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        self.roles[piece.role.index()] ^= sq.bb();
        self.sides[piece.side.index()] ^= sq.bb();
    }
}
