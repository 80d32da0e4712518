//! How a match's board follows the play where the platform can edit messages: one enum for
//! the bot-wide settings (`DISCORD_BOARD_MESSAGES`, `MATRIX_BOARD_UPDATES`) and a channel's or
//! room's own choice (stored in its channel record as `"edit"` / `"new"`).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardMode {
    /// A move edits the board message it was played from: one board per match in the channel.
    #[default]
    Edit,
    /// Each move posts a new board (the history reads like a score sheet).
    New,
}

impl BoardMode {
    /// The setting's spelling in configuration and room state: `edit` or `new`.
    pub fn from_id(id: &str) -> Option<BoardMode> {
        match id {
            "edit" => Some(BoardMode::Edit),
            "new" => Some(BoardMode::New),
            _ => None,
        }
    }
}
