//! A validated position: board, side to move, the movement rules in force and a Zobrist hash.

use super::attacks::{
    anakova_attacks, basy_attacks, farasy_attacks, hova_attacks, vorona_attacks, zaza_attacks,
    zaza_attacks_all,
};
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::Move;
use super::piece::{Piece, Role};
use super::setup::Setup;
use super::square::Square;
use super::zobrist;
use crate::error::CoreError;
use crate::side::Side;

/// The rule switches a position needs (RULES.md §1.4 variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// `variant:chess-mate`: lose only with no legal move, instead of S-10.
    pub chess_mate: bool,
    /// `variant:zaza-step`: a zaza moves one square forward, not a slide.
    pub zaza_step: bool,
    /// `variant:alfil-jump`: the basy leaps over an occupied middle square.
    pub alfil_jump: bool,
}

/// A position that obeys the invariants every reachable position has: one hova per side, no
/// zaza on its promotion rank, and the side to move cannot capture the enemy hova (S-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Side,
    rules: Rules,
    hash: u64,
}

/// What a move changed, for events and the S-11 counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    pub role: Role,
    pub captured: Option<Role>,
    pub promoted: bool,
}

impl MoveEffect {
    /// S-11: captures and zaza moves reset the no-progress count and end repetition chains.
    pub fn irreversible(self) -> bool {
        self.captured.is_some() || self.role == Role::Zaza
    }
}

/// The rank on which `side`'s zazas promote (S-6).
pub const fn promotion_rank(side: Side) -> u8 {
    match side {
        Side::First => 7,
        Side::Second => 0,
    }
}

impl Position {
    /// S-3, White to move.
    pub fn initial(rules: Rules) -> Position {
        Position::new_unchecked(Setup::initial(), rules)
    }

    fn new_unchecked(setup: Setup, rules: Rules) -> Position {
        let mut hash = 0;
        for (sq, piece) in setup.board.pieces_iter() {
            hash ^= zobrist::piece(piece.side, piece.role, sq);
        }
        if setup.turn == Side::BLACK {
            hash ^= zobrist::black_to_move();
        }
        Position {
            board: setup.board,
            turn: setup.turn,
            rules,
            hash,
        }
    }

    /// Checks a setup: every error here is a `bad_position`.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, CoreError> {
        let board = &setup.board;
        for side in Side::BOTH {
            let hovas = board.pieces(side, Role::Hova).count();
            if hovas != 1 {
                let name = if side == Side::WHITE { "White" } else { "Black" };
                return Err(CoreError::bad_position(format!(
                    "{name} has {hovas} hovas; each side has exactly one (S-2)"
                )));
            }
            let zazas = board.pieces(side, Role::Zaza) & Bitboard::rank(promotion_rank(side));
            if let Some(sq) = zazas.first() {
                return Err(CoreError::bad_position(format!(
                    "the zaza on {sq} stands on its promotion rank, where it would already be an anakova (S-6)"
                )));
            }
        }
        let position = Position::new_unchecked(setup, rules);
        let them = setup.turn.opponent();
        if position
            .attackers_to(position.hova(them), setup.turn, board.occupied())
            .any()
        {
            return Err(CoreError::bad_position(
                "the side to move could capture the enemy hova, so the last move left it attacked (S-8)",
            ));
        }
        Ok(position)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Zobrist hash of the board and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
        }
    }

    /// The hova of `side` (validation guarantees exactly one).
    pub fn hova(&self, side: Side) -> Square {
        self.board
            .pieces(side, Role::Hova)
            .first()
            .unwrap_or(Square::from_index(0))
    }

    /// Pieces of `by` that attack `sq` (S-7) with the given occupancy.
    pub fn attackers_to(&self, sq: Square, by: Side, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        ((hova_attacks(sq) & b.by_role(Role::Hova))
            | (anakova_attacks(sq) & b.by_role(Role::Anakova))
            | (farasy_attacks(sq) & b.by_role(Role::Farasy))
            | (vorona_attacks(sq, occupied) & b.by_role(Role::Vorona))
            | (basy_attacks(sq.bb(), occupied, self.rules.alfil_jump) & b.by_role(Role::Basy))
            | (zaza_attacks(by.opponent(), sq) & b.by_role(Role::Zaza)))
            & b.by_side(by)
    }

    /// Every square `by` attacks with the given occupancy (S-7).
    pub fn attack_map(&self, by: Side, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let anakovas = b.pieces(by, Role::Anakova);
        let mut map = hova_attacks(self.hova(by))
            | zaza_attacks_all(by, b.pieces(by, Role::Zaza))
            | basy_attacks(b.pieces(by, Role::Basy), occupied, self.rules.alfil_jump)
            | anakovas.north_east()
            | anakovas.north_west()
            | anakovas.south_east()
            | anakovas.south_west();
        for sq in b.pieces(by, Role::Farasy) {
            map |= farasy_attacks(sq);
        }
        for sq in b.pieces(by, Role::Vorona) {
            map |= vorona_attacks(sq, occupied);
        }
        map
    }

    /// Enemy pieces attacking the side to move's hova.
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers_to(self.hova(us), us.opponent(), self.board.occupied())
    }

    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Plays a legal move (the caller checked it) and reports what it did.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveEffect {
        let us = self.turn;
        let them = us.opponent();
        let role = self.board.role_at(mv.from).unwrap_or(Role::Zaza);
        let captured = if self.board.by_side(them).contains(mv.to) {
            self.board.role_at(mv.to)
        } else {
            None
        };
        if let Some(captured) = captured {
            self.board.toggle(mv.to, Piece::new(them, captured));
            self.hash ^= zobrist::piece(them, captured, mv.to);
        }
        self.board.toggle(mv.from, Piece::new(us, role));
        self.hash ^= zobrist::piece(us, role, mv.from);
        // S-6: a zaza reaching the far rank, by a move or a capture, is an anakova at once.
        let promoted = role == Role::Zaza && mv.to.rank() == promotion_rank(us);
        let arrives = if promoted { Role::Anakova } else { role };
        self.board.toggle(mv.to, Piece::new(us, arrives));
        self.hash ^= zobrist::piece(us, arrives, mv.to);
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
        MoveEffect {
            role,
            captured,
            promoted,
        }
    }

    /// The same position with the other side to move: a null move, for the search. `None`
    /// when the side to move is in check, since the other side could then take its hova (S-8).
    pub fn passed(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = *self;
        next.turn = next.turn.opponent();
        next.hash ^= zobrist::black_to_move();
        Some(next)
    }

    /// The position after a legal move.
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }
}
