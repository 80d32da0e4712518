//! The stored form of a Katro game, checked on load.

use super::paths::Paths;
use super::{Katro, Options, Variant, ROWS};
use crate::error::CoreError;
use crate::outcome::{Outcome, Reason, Winner};
use crate::sowing;

/// The stored form of [`Katro`]: everything but the paths, which follow from the options.
pub(super) type Saved = sowing::Saved<Options, Vec<u16>>;

impl From<Katro> for Saved {
    fn from(game: Katro) -> Saved {
        Saved {
            options: game.options,
            board: game.board,
            to_move: game.to_move,
            captured: game.captured,
            ply: game.ply,
            history: game.history,
            outcome: game.outcome,
        }
    }
}

impl TryFrom<Saved> for Katro {
    type Error = CoreError;

    fn try_from(mut saved: Saved) -> Result<Katro, CoreError> {
        saved.options.validate()?;
        let columns = saved.options.columns as usize;
        if saved.board.len() != ROWS * columns {
            return Err(CoreError::bad_position(
                "the board does not match the columns option",
            ));
        }
        let history = saved.check(
            saved.options.ply_cap,
            // Captured seeds stay in play (K-7), so every seed is on the board.
            0,
            // K-9 and G-4: how a game can have ended.
            |saved, outcome| match outcome.reason {
                Reason::NoLegalMove => outcome == Outcome::loss(saved.to_move, Reason::NoLegalMove),
                Reason::Repetition | Reason::PlyCap => outcome.winner == Winner::Draw,
                _ => false,
            },
            // G-4: the third occurrence ends the game.
            |_, count| count < 3,
        )?;
        let paths = Paths::new(columns, saved.options.has(Variant::ReverseDirection));
        Ok(Katro {
            options: saved.options,
            board: saved.board,
            to_move: saved.to_move,
            captured: saved.captured,
            ply: saved.ply,
            history,
            outcome: saved.outcome,
            paths,
        })
    }
}
