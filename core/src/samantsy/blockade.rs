//! The blocked hova (S-9) and the loss rule (S-10).
//!
//! A blocked hova loses at the start of its side's turn unless some legal move frees it. Most
//! moves cannot: [`Position::freeing_candidates`] narrows the search to the moves that touch
//! the hova's neighbourhood or the lines attacking it, and only those are tested.

use super::attacks::{between, hova_attacks};
use super::bitboard::Bitboard;
use super::movegen::MoveSink;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::side::Side;

/// Counts legal moves and looks for a freeing one among the candidates, in one pass.
struct FreeingSearch<'a> {
    position: &'a Position,
    origins: Bitboard,
    destinations: Bitboard,
    found: bool,
    count: u64,
}

impl MoveSink for FreeingSearch<'_> {
    fn add(&mut self, from: Square, targets: Bitboard) {
        self.count += u64::from(targets.count());
        if self.found {
            return;
        }
        let mut candidates = if self.origins.contains(from) {
            targets
        } else {
            targets & self.destinations
        };
        // The blocked hova has no moves, so every move here is a non-hova move.
        self.found = Iterator::any(&mut candidates, |to| self.position.frees_hova(from, to));
    }
}

impl Position {
    /// S-9: `side`'s hova has a legal move (judged as if it were `side`'s turn).
    pub fn hova_free(&self, side: Side) -> bool {
        self.hova_targets(side).any()
    }

    /// Moves outside these masks cannot free a blocked hova of the side to move: the first
    /// mask holds the origins that matter, the second the destinations.
    ///
    /// Proof sketch. Let H be the hova's square, N its neighbours. Every neighbour not held by
    /// the mover is attacked (the hova is blocked), with H treated as empty. A move from
    /// outside N does not free any square of N, so it can only help by making some attacked
    /// neighbour s unattacked. It removes one enemy piece (a capture on its destination) and
    /// occupies one square (its destination); vacating its origin only opens lines. So for
    /// every attacker a of s, the destination must be a itself or a square that blocks a's
    /// path to s ([`between`]: a vorona's line, a basy's middle square). Otherwise a still
    /// attacks s.
    fn freeing_candidates(&self) -> (Bitboard, Bitboard) {
        let us = self.turn();
        let them = us.opponent();
        let hova = self.hova(us);
        let board = self.board();
        let neighbours = hova_attacks(hova);
        let occupied = board.occupied() ^ hova.bb();
        let mut destinations = Bitboard::EMPTY;
        for sq in neighbours & !board.by_side(us) {
            for attacker in self.attackers_to(sq, them, occupied) {
                destinations |= attacker.bb() | between(attacker, sq);
            }
        }
        (neighbours, destinations)
    }

    /// S-10: is `mv` (a legal move of the side to move) a freeing move?
    pub fn is_freeing(&self, mv: Move) -> bool {
        if mv.from == self.hova(self.turn()) {
            return self.after(mv).hova_free(self.turn());
        }
        self.frees_hova(mv.from, mv.to)
    }

    /// [`Position::is_freeing`] for a legal non-hova move, on bitboards alone: the enemy's
    /// attacks depend only on the occupancy and on which enemy piece is captured.
    fn frees_hova(&self, from: Square, to: Square) -> bool {
        let us = self.turn();
        let hova = self.hova(us);
        let board = self.board();
        let ours = (board.by_side(us) ^ from.bb()) | to.bb();
        // The hova's own square is empty once it steps away (sliders see through it).
        let occupied = ((board.occupied() ^ from.bb()) | to.bb()) ^ hova.bb();
        let them = us.opponent();
        let mut neighbours = hova_attacks(hova) & !ours;
        Iterator::any(&mut neighbours, |sq| {
            (self.attackers_to(sq, them, occupied) & !to.bb()).is_empty()
        })
    }

    /// The freeing moves among `legal` (the side to move's legal moves), when its hova is
    /// blocked. Equal to filtering with [`Position::is_freeing`], only faster.
    pub fn freeing_moves(&self, legal: &[Move]) -> Vec<Move> {
        let (origins, destinations) = self.freeing_candidates();
        legal
            .iter()
            .copied()
            .filter(|mv| (origins.contains(mv.from) || destinations.contains(mv.to)) && self.is_freeing(*mv))
            .collect()
    }

    /// Does any of `legal` free the side to move's blocked hova?
    pub fn has_freeing_move(&self, legal: &[Move]) -> bool {
        let (origins, destinations) = self.freeing_candidates();
        legal
            .iter()
            .any(|mv| (origins.contains(mv.from) || destinations.contains(mv.to)) && self.is_freeing(*mv))
    }

    /// The number of legal moves, or 0 if the side to move loses now (S-10, or
    /// `variant:chess-mate`): the leaf count of perft, in one generation pass.
    pub fn count_unless_lost(&self) -> u64 {
        if self.rules().chess_mate || self.hova_free(self.turn()) {
            // A free hova cannot lose this turn (S-10 clause a).
            return self.count_legal();
        }
        let (origins, destinations) = self.freeing_candidates();
        let mut search = FreeingSearch {
            position: self,
            origins,
            destinations,
            found: false,
            count: 0,
        };
        self.generate(&mut search);
        if search.found {
            search.count
        } else {
            0
        }
    }

    /// Does the side to move lose at the start of this turn? `legal` is its legal-move list.
    ///
    /// S-10: its hova is blocked and no legal move frees it; under `variant:chess-mate`, it
    /// has no legal move at all.
    pub fn is_lost(&self, legal: &[Move]) -> bool {
        if self.rules().chess_mate {
            return legal.is_empty();
        }
        !self.hova_free(self.turn()) && !self.has_freeing_move(legal)
    }
}
