//! Samantsy (RULES.md §1): material with Samantsy piece values, and above all the freedom of
//! the two hovas. The game is won by blocking the enemy hova (S-10), not by capturing it, so a
//! hova with no free square is in danger even when nothing attacks it (S-E1), and pieces that
//! watch the squares around the enemy hova are worth more than their count of moves.

use super::{Budget, Heuristics, Level};
use crate::error::CoreError;
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

    /// In generation order, which is fixed: the sort would cost a tenth of the search.
    fn search_moves(&self) -> Vec<Self::Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.state().legal_moves_unsorted()
    }

    fn evaluate_hard(&self) -> i32 {
        hard::evaluate(self)
    }

    /// The search plays only moves from [`Game::legal_moves`]: they need no check.
    fn play_quietly(&mut self, mv: Self::Move) -> Result<(), CoreError> {
        if self.outcome().is_some() {
            return self.play(mv).map(drop);
        }
        self.play_silent(mv);
        Ok(())
    }

    /// The most valuable victim first, then the least valuable attacker; promotions count as
    /// winning an anakova for a zaza.
    fn noisy_order(&self, mv: Self::Move) -> i32 {
        let board = self.board();
        let victim = board.role_at(mv.to).map_or(0, |role| VALUES[role.index()]);
        let attacker = board.role_at(mv.from).map_or(0, |role| VALUES[role.index()]);
        let promotion =
            if board.role_at(mv.from) == Some(Role::Zaza) && mv.to.rank() == promotion_rank(self.to_move()) {
                VALUES[Role::Anakova.index()]
            } else {
                0
            };
        victim + promotion - attacker / 10
    }

    const ORDER_BY_CHILDREN: bool = false;

    /// Not in check, and with a piece other than zazas (zugzwang is then rare).
    fn null_move(&self) -> Option<Self> {
        let board = self.board();
        let me = self.to_move();
        let pieces = board.by_side(me).0 & !board.pieces(me, Role::Zaza).0 & !board.pieces(me, Role::Hova).0;
        if pieces == 0 {
            return None;
        }
        self.passed()
    }

    fn in_check(&self) -> bool {
        self.is_check()
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

/// The hard level's evaluation: a weighted sum of [`hard::features`]. The weights are the
/// hand-made evaluation's (material, the hova's freedom, pressure, zaza advance), with the
/// mobility counted per piece kind; the other features weigh nothing yet. Weights fitted by
/// texel's method (`core/examples/tune.rs`: the logistic regression of self-played games'
/// results on the features) were measured weaker against Fairy-Stockfish, so they are not
/// used (docs/benchmarks.md).
pub mod hard {
    use crate::samantsy::attacks::{
        anakova_attacks, basy_attacks, farasy_attacks, vorona_attacks, zaza_attacks_all,
    };
    use crate::samantsy::{promotion_rank, Bitboard, Role, Samantsy, Square};
    use crate::side::Side;

    use super::ring;

    /// How many features [`features`] gives.
    pub const FEATURES: usize = 22;

    /// The names of the features, for the tuner's report.
    pub const NAMES: [&str; FEATURES] = [
        "anakova",
        "basy",
        "farasy",
        "vorona",
        "zaza",
        "hova free 0",
        "hova free 1",
        "hova free 2",
        "hova free 3",
        "pressure",
        "anakova mobility",
        "basy mobility",
        "farasy mobility",
        "vorona mobility",
        "zaza advance",
        "passed zazas",
        "passed advance",
        "hanging",
        "attacked by zaza",
        "farasy centre",
        "hova shelter",
        "tempo",
    ];

    /// The weights, in hundredths of a zaza per unit of each feature.
    pub const WEIGHTS: [i32; FEATURES] = [
        170, 140, 300, 480, 100, -110, -45, -15, -5, 9, 2, 2, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0,
    ];

    /// One side's share of the features (the side to move's minus the other's is the vector).
    /// Without `all`, only the features that weigh something are counted (the search's
    /// evaluation), which spares two attack maps a side.
    fn side_features(game: &Samantsy, side: Side, out: &mut [i32; FEATURES], sign: i32, all: bool) {
        let position = game.state();
        let board = position.board();
        let them = side.opponent();
        let occupied = board.occupied();
        let own = board.by_side(side);
        let jump = position.rules().alfil_jump;
        for (i, role) in [Role::Anakova, Role::Basy, Role::Farasy, Role::Vorona, Role::Zaza]
            .into_iter()
            .enumerate()
        {
            out[i] += sign * board.pieces(side, role).count() as i32;
        }
        // S-9: the hova's free squares, its own pieces around it.
        let hova = position.hova(side);
        let without_hova = Bitboard(occupied.0 & !hova.bb().0);
        let enemy_attacks = position.attack_map(them, without_hova);
        let free = (ring(hova).0 & !own.0 & !enemy_attacks.0).count_ones() as usize;
        if free < 4 {
            out[5 + free] += sign;
        }
        out[20] += sign * (ring(hova).0 & own.0).count_ones() as i32;
        let attacks = position.attack_map(side, occupied);
        out[9] += sign * (attacks.0 & ring(position.hova(them)).0).count_ones() as i32;
        let not_own = !own.0;
        let anakovas = board.pieces(side, Role::Anakova);
        let mut anakova_map = 0u64;
        for sq in anakovas {
            anakova_map |= anakova_attacks(sq).0;
        }
        out[10] += sign * (anakova_map & not_own).count_ones() as i32;
        let basy_map = basy_attacks(board.pieces(side, Role::Basy), occupied, jump).0;
        out[11] += sign * (basy_map & not_own).count_ones() as i32;
        let mut centre = 0;
        for sq in board.pieces(side, Role::Farasy) {
            out[12] += sign * (farasy_attacks(sq).0 & not_own).count_ones() as i32;
            let file = 2 * i32::from(sq.file()) - 7;
            let rank = 2 * i32::from(sq.rank()) - 7;
            centre += 7 - file.abs().max(rank.abs());
        }
        if all {
            out[19] += sign * centre;
        }
        for sq in board.pieces(side, Role::Vorona) {
            out[13] += sign * (vorona_attacks(sq, occupied).0 & not_own).count_ones() as i32;
        }
        let last = i32::from(promotion_rank(side));
        let enemy_zazas = board.pieces(them, Role::Zaza);
        for sq in board.pieces(side, Role::Zaza) {
            let advance = 7 - (last - i32::from(sq.rank())).abs();
            out[14] += sign * advance;
            if all && passed(side, sq, enemy_zazas) {
                out[15] += sign;
                out[16] += sign * advance;
            }
        }
        if !all {
            return;
        }
        // Own pieces the enemy attacks and we do not defend; own pieces enemy zazas attack.
        let defended = attacks.0;
        let pieces = own.0 & !hova.bb().0;
        let enemy_map = position.attack_map(them, occupied).0;
        out[17] += sign * (pieces & enemy_map & !defended).count_ones() as i32;
        let zaza_map = zaza_attacks_all(them, enemy_zazas).0;
        out[18] += sign * (pieces & !board.pieces(side, Role::Zaza).0 & zaza_map).count_ones() as i32;
    }

    /// No enemy zaza ahead of `sq` on its file or the next ones.
    fn passed(side: Side, sq: Square, enemy_zazas: Bitboard) -> bool {
        let file = i32::from(sq.file());
        let rank = i32::from(sq.rank());
        enemy_zazas.into_iter().all(|enemy| {
            let ahead = match side {
                Side::First => i32::from(enemy.rank()) > rank,
                Side::Second => i32::from(enemy.rank()) < rank,
            };
            !(ahead && (i32::from(enemy.file()) - file).abs() <= 1)
        })
    }

    /// The features of a position for the side to move.
    pub fn features(game: &Samantsy) -> [i32; FEATURES] {
        counted(game, true)
    }

    fn counted(game: &Samantsy, all: bool) -> [i32; FEATURES] {
        let mut out = [0; FEATURES];
        let me = game.state().turn();
        side_features(game, me, &mut out, 1, all);
        side_features(game, me.opponent(), &mut out, -1, all);
        out[21] = 1;
        out
    }

    /// The hard evaluation for the side to move.
    pub fn evaluate(game: &Samantsy) -> i32 {
        counted(game, false)
            .iter()
            .zip(WEIGHTS)
            .map(|(feature, weight)| feature * weight)
            .sum()
    }
}
