//! En Gehé (RULES.md §4): the captured seeds, and the seeds in each team's row. When a team
//! cannot move, every seed left goes to the other team (E-9), and an endless game gives each
//! team its own row (E-10), so seeds at home are worth something, but much less than seeds
//! already captured.

use super::{hash_of, Budget, Heuristics, Level};
use crate::engehe::EnGehe;
use crate::error::CoreError;
use crate::game::Game;
use crate::side::Side;

/// One captured seed, the evaluation unit.
const SEED: i32 = 100;
/// One seed in the team's own row.
const AT_HOME: i32 = 10;

impl Heuristics for EnGehe {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let them = me.opponent();
        let captured = self.captured().unwrap_or([0, 0]);
        let home = |side: Side| -> i32 {
            self.board()[self.row_of(side)]
                .iter()
                .map(|seeds| i32::from(*seeds))
                .sum()
        };
        SEED * (captured[me.index()] as i32 - captured[them.index()] as i32)
            + AT_HOME * (home(me) - home(them))
    }

    fn key(&self) -> u64 {
        hash_of(&(self.board(), self.captured(), self.to_move()))
    }

    /// An En Gehé capture takes a whole hole, and the 2 × 40 board holds 320 seeds: ten seeds
    /// is what a beginner notices (measured in docs/benchmarks.md: with less, `kind`'s weakest
    /// still beats the beginner model).
    const NOTICEABLE: i32 = 10 * SEED;

    const REDUCTIONS: bool = false;

    fn play_quietly(&mut self, mv: Self::Move) -> Result<(), CoreError> {
        self.play_silent(mv)
    }

    /// Nodes are expensive on the standard 2 × 40 board (every legal-move list sows each of up
    /// to 40 moves to the end, G-3): about 50 000 a second, so hard searches 4 plies.
    fn budget(&self, level: Level) -> Budget {
        match level {
            Level::Random | Level::Kind | Level::Easy => Budget {
                max_depth: 2,
                max_nodes: 600,
                temperature: 2 * SEED,
            },
            Level::Medium => Budget {
                max_depth: 3,
                max_nodes: 4_000,
                temperature: SEED / 4,
            },
            Level::Hard => Budget {
                max_depth: 16,
                max_nodes: 25_000,
                temperature: 0,
            },
        }
    }
}
