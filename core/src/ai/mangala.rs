//! Mangala IV (RULES.md §3): every position has exactly one legal move, the forced sowing or a
//! pass (M-4, M-5, M-E10), so the computer plays it without searching. The evaluation only
//! exists to complete the trait: the captured seeds.

use super::{hash_of, Budget, Heuristics, Level};
use crate::error::CoreError;
use crate::game::Game;
use crate::mangala::Mangala;

impl Heuristics for Mangala {
    fn evaluate(&self) -> i32 {
        let me = self.to_move().index();
        let captured = self.captured().unwrap_or([0, 0]);
        100 * (captured[me] as i32 - captured[1 - me] as i32)
    }

    fn key(&self) -> u64 {
        hash_of(&(self.board(), self.captured(), self.to_move()))
    }

    fn play_quietly(&mut self, mv: Self::Move) -> Result<(), CoreError> {
        self.play_silent(mv)
    }

    /// Never used for a choice: there is none. A one-ply budget keeps any search trivial.
    fn budget(&self, _level: Level) -> Budget {
        Budget {
            max_depth: 1,
            max_nodes: 100,
            temperature: 0,
        }
    }
}
