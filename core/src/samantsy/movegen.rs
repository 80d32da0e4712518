//! Legal move generation (S-5 movement, S-8 legality) by attack detection.
//!
//! A non-hova move can only expose its own hova by vacating a square that blocked an enemy
//! line: the single piece between the hova and an enemy vorona on a rank or file, or the
//! middle square of an enemy basy two diagonal steps away. Only those pieces ("blockers"),
//! moves made in check and hova moves need an attack test; every other pseudo-legal move is
//! legal as it stands, which lets leaf nodes count moves by popcount.

use super::attacks::{
    anakova_attacks, basy_attacks, basy_reach, between, farasy_attacks, hova_attacks, vorona_attacks,
    vorona_reach, zaza_attacks, zaza_pushes,
};
use super::bitboard::Bitboard;
use super::moves::Move;
use super::piece::Role;
use super::position::Position;
use super::square::Square;
use crate::error::IllegalReason;
use crate::side::Side;

/// Receives each piece's legal destinations.
pub(crate) trait MoveSink {
    fn add(&mut self, from: Square, targets: Bitboard);
}

impl MoveSink for Vec<Move> {
    fn add(&mut self, from: Square, targets: Bitboard) {
        self.extend(targets.map(|to| Move::new(from, to)));
    }
}

/// Counts moves without listing them.
struct Counter(u64);

impl MoveSink for Counter {
    fn add(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

const MOVERS: [Role; 5] = [Role::Anakova, Role::Basy, Role::Farasy, Role::Vorona, Role::Zaza];

impl Position {
    /// Where a `role` of the side to move on `from` could go if its own hova did not matter
    /// (S-5): never onto a friendly piece; the zaza slides only to empty squares and captures
    /// only diagonally forward.
    pub fn pseudo_targets(&self, role: Role, from: Square) -> Bitboard {
        let us = self.turn();
        let board = self.board();
        let ours = board.by_side(us);
        let occupied = board.occupied();
        let targets = match role {
            Role::Hova => hova_attacks(from),
            Role::Anakova => anakova_attacks(from),
            Role::Basy => basy_attacks(from.bb(), occupied, self.rules().alfil_jump),
            Role::Farasy => farasy_attacks(from),
            Role::Vorona => vorona_attacks(from, occupied),
            Role::Zaza => {
                zaza_pushes(us, from, occupied, self.rules().zaza_step)
                    | (zaza_attacks(us, from) & board.by_side(us.opponent()))
            }
        };
        targets & !ours
    }

    /// Pieces of `us` whose departure could expose the hova on `hova` to an enemy line.
    fn blockers(&self, us: Side, hova: Square) -> Bitboard {
        let board = self.board();
        let them = us.opponent();
        let mut snipers = vorona_reach(hova) & board.pieces(them, Role::Vorona);
        if !self.rules().alfil_jump {
            snipers |= basy_reach(hova) & board.pieces(them, Role::Basy);
        }
        let occupied = board.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let line = between(hova, sniper) & occupied;
            if line.any() && !line.more_than_one() {
                blockers |= line;
            }
        }
        blockers & board.by_side(us)
    }

    /// S-8 for a non-hova move: is the mover's hova unattacked afterwards?
    fn leaves_hova_safe(&self, from: Square, to: Square, hova: Square) -> bool {
        let occupied = (self.board().occupied() ^ from.bb()) | to.bb();
        let attackers = self.attackers_to(hova, self.turn().opponent(), occupied) & !to.bb();
        attackers.is_empty()
    }

    /// Legal destinations of the hova: neighbours not held by its own side and not attacked
    /// once it has left its square (sliders see through where it stood).
    pub(crate) fn hova_targets(&self, side: Side) -> Bitboard {
        let hova = self.hova(side);
        let board = self.board();
        let free = hova_attacks(hova) & !board.by_side(side);
        if free.is_empty() {
            return free;
        }
        let occupied = board.occupied() ^ hova.bb();
        let them = side.opponent();
        let mut targets = Bitboard::EMPTY;
        for sq in free {
            if self.attackers_to(sq, them, occupied).is_empty() {
                targets |= sq.bb();
            }
        }
        targets
    }

    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        let board = self.board();
        let hova = self.hova(us);
        sink.add(hova, self.hova_targets(us));
        let checkers = self.checkers();
        if checkers.more_than_one() {
            // Two attackers on different lines: no single non-hova move removes both.
            return;
        }
        let allowed = match checkers.first() {
            // Capture the checker or stand between it and the hova: on a vorona's line, or on
            // a basy's middle square unless `variant:alfil-jump` lets it leap.
            Some(checker) if self.rules().alfil_jump && board.by_role(Role::Basy).contains(checker) => {
                checker.bb()
            }
            Some(checker) => checker.bb() | between(hova, checker),
            None => Bitboard::FULL,
        };
        let blockers = self.blockers(us, hova);
        for role in MOVERS {
            for from in board.pieces(us, role) {
                let mut targets = self.pseudo_targets(role, from) & allowed;
                if blockers.contains(from) {
                    for to in targets {
                        if !self.leaves_hova_safe(from, to, hova) {
                            targets ^= to.bb();
                        }
                    }
                }
                if targets.any() {
                    sink.add(from, targets);
                }
            }
        }
    }

    /// Every legal move (S-5, S-8), in generation order (not sorted).
    pub fn legal_moves_unsorted(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Why `mv` is not legal for the side to move (S-5, S-8), or `None` if it is.
    pub fn illegal_reason(&self, mv: Move) -> Option<IllegalReason> {
        let us = self.turn();
        let board = self.board();
        let role = match board.role_at(mv.from) {
            Some(role) if board.by_side(us).contains(mv.from) => role,
            _ => return Some(IllegalReason::NotYourPiece),
        };
        if board.by_side(us).contains(mv.to) {
            return Some(IllegalReason::DestinationOccupied);
        }
        if !self.pseudo_targets(role, mv.from).contains(mv.to) {
            return Some(IllegalReason::NotReachable);
        }
        let safe = if role == Role::Hova {
            self.hova_targets(us).contains(mv.to)
        } else {
            self.leaves_hova_safe(mv.from, mv.to, self.hova(us))
        };
        (!safe).then_some(IllegalReason::LeavesHovaAttacked)
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.illegal_reason(mv).is_none()
    }
}
