//! Typed errors. Each carries a stable machine code that the bot turns into a friendly,
//! localized sentence and `lalao rules` prints as `error.kind` / `error.reason`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a well-formed move is refused. Codes are stable (`code()`); localization files key on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalReason {
    /// The game is over: nothing may be played.
    GameOver,
    /// Placement on an occupied cell (fano F-4).
    CellOccupied,
    /// A placement outside the placement phase, or a slide during it (fano F-4/F-5).
    WrongPhase,
    /// The origin holds no piece or pawn of the mover.
    NotYourPiece,
    /// The destination is not empty (fano F-5) or holds a friendly piece (Samantsy S-5).
    DestinationOccupied,
    /// The piece cannot move that way (fano F-5: one cell; Samantsy S-5 piece movement).
    NotReachable,
    /// `variant:forced-capture`: a capturing move exists and must be chosen.
    CaptureRequired,
    /// `variant:repetition-illegal`: the move recreates a visited situation.
    RepeatsSituation,
    /// Samantsy S-8: the move leaves the mover's own hova attacked.
    LeavesHovaAttacked,
    /// Mancalas: the chosen hole is not one of the mover's holes.
    NotYourHole,
    /// Mancalas: the chosen hole is empty.
    EmptyHole,
    /// Katro K-5: moves start from the outermost own row that still holds seeds.
    NotOutermostRow,
    /// Mangala IV M-4: the move is forced; only the leftmost non-empty own hole may be sown.
    NotForcedHole,
    /// Mangala IV M-5: the mover's row is empty (or only never-ending), so the move is `pass`.
    MustPass,
    /// `pass` while a sowing move exists.
    CannotPass,
    /// G-3: the sowing of this move would never end.
    NeverEndingSowing,
    /// Katro `variant:lone-stone` (§5.5): this step is not allowed (variant off, not exactly one
    /// seed on the mover's side, or not one row inward into the hole in front / diagonally).
    StepNotAllowed,
    /// Katro `variant:lone-stone` (§5.5): a capturing step names its path (`c2-c3A`), a
    /// non-capturing step does not (`c1-c2`).
    WrongStepPath,
}

impl IllegalReason {
    pub fn code(self) -> &'static str {
        match self {
            IllegalReason::GameOver => "game_over",
            IllegalReason::CellOccupied => "cell_occupied",
            IllegalReason::WrongPhase => "wrong_phase",
            IllegalReason::NotYourPiece => "not_your_piece",
            IllegalReason::DestinationOccupied => "destination_occupied",
            IllegalReason::NotReachable => "not_reachable",
            IllegalReason::CaptureRequired => "capture_required",
            IllegalReason::RepeatsSituation => "repeats_situation",
            IllegalReason::LeavesHovaAttacked => "leaves_hova_attacked",
            IllegalReason::NotYourHole => "not_your_hole",
            IllegalReason::EmptyHole => "empty_hole",
            IllegalReason::NotOutermostRow => "not_outermost_row",
            IllegalReason::NotForcedHole => "not_forced_hole",
            IllegalReason::MustPass => "must_pass",
            IllegalReason::CannotPass => "cannot_pass",
            IllegalReason::NeverEndingSowing => "never_ending_sowing",
            IllegalReason::StepNotAllowed => "step_not_allowed",
            IllegalReason::WrongStepPath => "wrong_step_path",
        }
    }
}

/// Every error the rules core can return.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CoreError {
    /// An option is out of range or unknown (`cells` even, `holes` < 2, …).
    #[error("bad option `{option}`: {message}")]
    BadOptions { option: String, message: String },
    /// A variant name that this game does not define.
    #[error("unknown variant `{name}`")]
    UnknownVariant { name: String },
    /// Position notation that cannot be read at all.
    #[error("bad position notation: {message}")]
    BadNotation { message: String },
    /// Position notation that reads but describes an impossible position.
    #[error("bad position: {message}")]
    BadPosition { message: String },
    /// Move text that does not parse as a move of this game.
    #[error("bad move notation `{text}`: {message}")]
    BadMove { text: String, message: String },
    /// A well-formed move that the rules refuse.
    #[error("illegal move `{text}`: {}", reason.code())]
    IllegalMove { text: String, reason: IllegalReason },
    /// A game whose engine is not available.
    #[error("unsupported game `{game}`")]
    UnsupportedGame { game: String },
}

impl CoreError {
    /// The stable machine code of the error's kind.
    pub fn kind(&self) -> &'static str {
        match self {
            CoreError::BadOptions { .. } => "bad_options",
            CoreError::UnknownVariant { .. } => "unknown_variant",
            CoreError::BadNotation { .. } => "bad_notation",
            CoreError::BadPosition { .. } => "bad_position",
            CoreError::BadMove { .. } => "bad_move",
            CoreError::IllegalMove { .. } => "illegal_move",
            CoreError::UnsupportedGame { .. } => "unsupported_game",
        }
    }

    pub fn bad_options(option: &str, message: impl Into<String>) -> CoreError {
        CoreError::BadOptions {
            option: option.to_owned(),
            message: message.into(),
        }
    }

    pub fn bad_notation(message: impl Into<String>) -> CoreError {
        CoreError::BadNotation {
            message: message.into(),
        }
    }

    pub fn bad_position(message: impl Into<String>) -> CoreError {
        CoreError::BadPosition {
            message: message.into(),
        }
    }

    pub fn bad_move(text: &str, message: impl Into<String>) -> CoreError {
        CoreError::BadMove {
            text: text.to_owned(),
            message: message.into(),
        }
    }

    pub fn illegal(text: impl Into<String>, reason: IllegalReason) -> CoreError {
        CoreError::IllegalMove {
            text: text.into(),
            reason,
        }
    }
}
