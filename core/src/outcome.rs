//! How a game ended.

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// Who won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Side(Side),
    Draw,
}

/// Machine reason code for the end of a game. The bot turns each into a localized sentence;
/// `lalao rules` prints [`Reason::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Samantsy S-10: the side to move's hova is blocked and no legal move frees it.
    BlockedHova,
    /// Samantsy `variant:chess-mate`, fano F-7 (blocked pawns), Katro K-9, En Gehé E-9: the side to move cannot move.
    NoLegalMove,
    /// Fano F-7: the side to move has no pawn left.
    NoPawns,
    /// Fano F-8 (the mover recreated a visited situation), Katro/Samantsy threefold repetition (G-4, S-11),
    /// En Gehé third occurrence (E-10).
    Repetition,
    /// Mangala IV M-10: a (board, side to move) state came back, so the forced game cycles forever.
    Cycle,
    /// Mangala IV M-10: every hole is empty.
    BoardEmpty,
    /// Samantsy S-11: 100 plies without a capture or a zaza move.
    NoProgress,
    /// G-4: the configured hard ply cap was reached.
    PlyCap,
}

impl Reason {
    /// The stable snake_case code used by `lalao rules` and the localization files.
    pub fn code(self) -> &'static str {
        match self {
            Reason::BlockedHova => "blocked_hova",
            Reason::NoLegalMove => "no_legal_move",
            Reason::NoPawns => "no_pawns",
            Reason::Repetition => "repetition",
            Reason::Cycle => "cycle",
            Reason::BoardEmpty => "board_empty",
            Reason::NoProgress => "no_progress",
            Reason::PlyCap => "ply_cap",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Winner,
    pub reason: Reason,
}

impl Outcome {
    pub fn win(side: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Winner::Side(side),
            reason,
        }
    }

    pub fn loss(side: Side, reason: Reason) -> Outcome {
        Outcome::win(side.opponent(), reason)
    }

    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: Winner::Draw,
            reason,
        }
    }
}
