//! What a match review leaves in the store (docs/storage.md): the job of reviewing a finished
//! match, queued by `review` and done by the review worker (`reviewjob/<match id>`), and the
//! review it stores (`review/<match id>`), which a second `review` and the live page read.
//!
//! Both kinds have a version of their own ([`REVIEW_VERSION`]), apart from the match records'
//! [`super::RECORD_VERSION`]: they are new, and what changes them changes nothing else.

use lalao_core::{GameKind, Side};
use serde::{Deserialize, Serialize};

use super::codec::{decode_with, RecordError};
use crate::ids::{ChannelId, MatchId, UserId};

/// The version of review records and review jobs. Bump it with a migration in
/// [`REVIEW_MIGRATIONS`].
pub const REVIEW_VERSION: u32 = 1;

/// The migrations of review records, from version 1 (none yet).
pub const REVIEW_MIGRATIONS: &[super::Migration] = &[];

/// A review waiting for the worker: one per match at most (its key is the match's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewJob {
    pub v: u32,
    pub match_id: MatchId,
    /// Who asked: the review is written in their language, and each person may have only a few
    /// reviews waiting.
    pub requester: UserId,
    /// Where the review is posted: the match's channel, or where it was asked for when that
    /// is not the match's (a player's direct message with the bot).
    pub channel: ChannelId,
    pub queued_at: u64,
    /// How many times a worker started this review (a job it never finished — a panic, a
    /// process killed mid-way — is tried again, a few times only). Absent in older jobs: 0.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub attempts: u32,
    /// The process doing it now, until when (Unix seconds): on a store shared by several
    /// processes one of them does a job. Absent: nobody is on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease: Option<crate::notify::Lease>,
}

fn is_zero_u32(value: &u32) -> bool {
    *value == 0
}

/// One judged move of a stored review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// The move's index in the match's move list (0 for the first).
    pub ply: u32,
    pub side: Side,
    pub played: String,
    /// `forced`, `best`, `good`, `inaccuracy`, `mistake`, `blunder` or `unjudged`.
    pub verdict: String,
    /// The better move, for a marked one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub better: Option<String>,
    /// How much less the played move scored than the best, in hundredths of the game's unit.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub loss: i32,
    /// `win_let_go` or `loss_walked_into`: a proved result the move changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proved: Option<String>,
    /// The better move captured this many seeds or pieces at once, and the played move fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed_capture: Option<u32>,
    /// The better move won (at once, or by force) and the played move did not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub missed_win: bool,
}

fn is_zero(value: &i32) -> bool {
    *value == 0
}

/// A finished match's review (`review/<match id>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewRecord {
    pub v: u32,
    pub match_id: MatchId,
    pub game: GameKind,
    /// How many moves the match had when it was reviewed (a finished match keeps them).
    pub plies: u32,
    pub moves: Vec<ReviewedMove>,
    /// The nodes the review's searches spent.
    pub nodes: u64,
    pub reviewed_at: u64,
}

/// Decodes a review record.
pub fn decode_review(bytes: &[u8]) -> Result<ReviewRecord, RecordError> {
    decode_with(bytes, "a match review", REVIEW_MIGRATIONS, REVIEW_VERSION)
}

/// Decodes a review job.
pub fn decode_review_job(bytes: &[u8]) -> Result<ReviewJob, RecordError> {
    decode_with(bytes, "a review job", REVIEW_MIGRATIONS, REVIEW_VERSION)
}
