//! Katro (RULES.md §5): seeds never leave the board (captured seeds are sown on the
//! capturer's side, K-7) and a side with no seeds cannot move and loses (K-9), so the material
//! is simply the seeds on each side. The search sees captures through the engine's sowing.

use super::{hash_of, Budget, Heuristics, Level};
use crate::error::CoreError;
use crate::game::Game;
use crate::katro::Katro;
use crate::side::Side;

/// One seed, the evaluation unit.
const SEED: i32 = 100;

/// Seeds on `side`'s three rows (K-1: South has rows 1–3, North rows 4–6).
fn seeds(game: &Katro, side: Side) -> i32 {
    let half = 3 * game.columns();
    let holes = match side {
        Side::First => &game.board()[..half],
        Side::Second => &game.board()[half..],
    };
    holes.iter().map(|seeds| i32::from(*seeds)).sum()
}

impl Heuristics for Katro {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        SEED * (seeds(self, me) - seeds(self, me.opponent()))
    }

    fn key(&self) -> u64 {
        hash_of(&(self.board(), self.to_move()))
    }

    /// A Katro capture takes a whole hole, several seeds at once (K-6).
    const NOTICEABLE: i32 = 4 * SEED;

    const REDUCTIONS: bool = false;

    const ASPIRATION: bool = false;

    fn play_quietly(&mut self, mv: Self::Move) -> Result<(), CoreError> {
        self.play_silent(mv)
    }

    /// About 200 000 nodes a second on an idle core, but long relays make some nodes far
    /// dearer (G-3 sows a never-ending candidate up to its lap bound); hard's 20 000 nodes
    /// reach 6 to 7 plies (docs/benchmarks.md).
    fn budget(&self, level: Level) -> Budget {
        match level {
            Level::Random | Level::Kind | Level::Easy => Budget {
                max_depth: 2,
                max_nodes: 800,
                temperature: 2 * SEED,
            },
            Level::Medium => Budget {
                max_depth: 4,
                max_nodes: 6_000,
                temperature: SEED / 4,
            },
            Level::Hard => Budget {
                max_depth: 32,
                max_nodes: 20_000,
                temperature: 0,
            },
        }
    }
}
