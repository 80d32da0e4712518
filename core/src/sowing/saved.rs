//! The stored form of a sowing game, and the checks it passes on load.

use serde::{Deserialize, Serialize};

use super::check_total;
use super::history::History;
use crate::error::CoreError;
use crate::outcome::Outcome;
use crate::side::Side;

/// The stored form of a sowing game (Mangala IV, En Gehé, Katro): the game's fields, checked on
/// load by the game's `TryFrom<Saved>` with [`Saved::check`]. `O` is the game's options, `B` its
/// board.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Saved<O, B> {
    pub options: O,
    pub board: B,
    pub to_move: Side,
    pub captured: [u32; 2],
    pub ply: u32,
    pub history: History,
    pub outcome: Option<Outcome>,
}

impl<O, B: AsRef<[u16]>> Saved<O, B> {
    /// The checks every stored sowing-game state passes on load, after its game has checked
    /// the options and the board's shape: the seed total with `off_board` seeds (captures that
    /// left the board), the repetition history (`History::restored`), and an outcome that
    /// follows from the position. `ended` judges a stored outcome; `open` judges an unfinished
    /// game from how often its current (board, side to move) is in the history, and an open
    /// game must also be below `ply_cap`. Returns the restored history (taken out of `self`).
    pub fn check(
        &mut self,
        ply_cap: Option<u32>,
        off_board: u64,
        ended: impl FnOnce(&Self, Outcome) -> bool,
        open: impl FnOnce(&Self, usize) -> bool,
    ) -> Result<History, CoreError> {
        check_total(self.board.as_ref(), off_board)?;
        let mut history = std::mem::take(&mut self.history).restored(
            self.board.as_ref(),
            self.to_move,
            self.outcome.is_none(),
            self.ply,
        )?;
        let consistent = match self.outcome {
            Some(outcome) => ended(self, outcome),
            None => {
                open(self, history.count(self.board.as_ref(), self.to_move))
                    && ply_cap.is_none_or(|cap| self.ply < cap)
            }
        };
        if !consistent {
            return Err(CoreError::bad_position(
                "the stored outcome does not match the position",
            ));
        }
        Ok(history)
    }
}
