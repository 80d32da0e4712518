//! Samantsy (RULES.md §1): material with Samantsy piece values, and above all the freedom of
//! the two hovas. The game is won by blocking the enemy hova (S-10), not by capturing it, so a
//! hova with no free square is in danger even when nothing attacks it (S-E1), and pieces that
//! watch the squares around the enemy hova are worth more than their count of moves.

use super::{Budget, Heuristics, Level};
use crate::game::Game;
use crate::samantsy::{promotion_rank, Bitboard, Role, Samantsy, Square};
use crate::side::Side;

/// Piece values in hundredths of a zaza, in [`Role::ALL`] order. The hova is never captured
/// (S-8). The anakova and the basy are short-range (S-5: one diagonal step; two diagonal
/// squares over an empty middle), shatranj's ferz and a blockable alfil, worth well under a
/// knight; the vorona is the orthodox rook. A zaza slides any distance (S-5), so it is at
/// least a chess pawn.
const VALUES: [i32; 6] = [0, 170, 140, 300, 480, 100];

/// What a hova's free squares (S-9) are worth: the first ones matter most, since a hova with
/// none is one enemy move from an S-10 loss.
const FREEDOM: [i32; 9] = [-110, -45, -15, -5, 0, 0, 0, 0, 0];

/// Each square around the enemy hova that one of our pieces attacks.
const PRESSURE: i32 = 9;
/// Each square attacked outside our own pieces: a cheap mobility count.
const MOBILITY: i32 = 2;
/// Each rank a zaza has advanced (promotion, S-6, makes it an anakova).
const ADVANCE: i32 = 3;

/// The squares around `sq` (a hova's moves, S-5).
fn ring(sq: Square) -> Bitboard {
    let mut ring = Bitboard::EMPTY;
    for (df, dr) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        if let Some(to) = sq.offset(df, dr) {
            ring |= to.bb();
        }
    }
    ring
}

impl Heuristics for Samantsy {
    /// Captures and promotions are searched below the horizon, so exchanges are finished.
    const QUIESCENCE: bool = true;

    fn evaluate(&self) -> i32 {
        let position = self.state();
        let board = position.board();
        let me = position.turn();
        let mut value = 0;
        for side in Side::BOTH {
            let them = side.opponent();
            let sign = if side == me { 1 } else { -1 };
            let mut side_value = 0;
            for role in Role::ALL {
                side_value += VALUES[role.index()] * board.pieces(side, role).count() as i32;
            }
            // S-9: a square next to the hova is free when it holds no own piece and is not
            // attacked once the hova has left its square (sliders see through it).
            let hova = position.hova(side);
            let occupied_without_hova = Bitboard(board.occupied().0 & !hova.bb().0);
            let enemy_attacks = position.attack_map(them, occupied_without_hova);
            let free = ring(hova).0 & !board.by_side(side).0 & !enemy_attacks.0;
            side_value += FREEDOM[free.count_ones() as usize];
            // Pressure on the enemy hova's ring and general activity.
            let attacks = position.attack_map(side, board.occupied());
            let enemy_ring = ring(position.hova(them));
            side_value += PRESSURE * (attacks.0 & enemy_ring.0).count_ones() as i32;
            side_value += MOBILITY * (attacks.0 & !board.by_side(side).0).count_ones() as i32;
            let last = promotion_rank(side) as i32;
            for sq in board.pieces(side, Role::Zaza) {
                side_value += ADVANCE * (7 - (last - sq.rank() as i32).abs());
            }
            value += sign * side_value;
        }
        value
    }

    fn key(&self) -> u64 {
        self.state().hash()
    }

    fn is_noisy(&self, mv: Self::Move) -> bool {
        let board = self.board();
        let mover = self.to_move();
        board.by_side(mover.opponent()).contains(mv.to)
            || (board.pieces(mover, Role::Zaza).contains(mv.from) && mv.to.rank() == promotion_rank(mover))
    }

    /// Hard's 50 000 nodes reach 4 to 6 plies plus captures; on the shared 2-core machine
    /// that keeps its p99 thinking time well under a second (docs/benchmarks.md).
    fn budget(&self, level: Level) -> Budget {
        match level {
            Level::Random | Level::Kind | Level::Easy => Budget {
                max_depth: 2,
                max_nodes: 3_000,
                temperature: 60,
            },
            Level::Medium => Budget {
                max_depth: 4,
                max_nodes: 20_000,
                temperature: 8,
            },
            Level::Hard => Budget {
                max_depth: 32,
                max_nodes: 50_000,
                temperature: 0,
            },
        }
    }
}
