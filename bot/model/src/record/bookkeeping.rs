//! The store's own records, none of them user data: the scheduler's index, the inbound events
//! already handled and the version of the key layout.

use serde::{Deserialize, Serialize};

use crate::ids::{MatchId, UserId};
use crate::timing::TimerKind;

/// Version of the store as a whole (`meta/schema`): bumped when the key layout changes.
pub const SCHEMA_VERSION: u32 = 1;

/// An entry of the scheduler's index (`timer/…`): a match's timer or a user's digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimerRecord {
    pub v: u32,
    #[serde(default)]
    pub match_id: Option<MatchId>,
    #[serde(default)]
    pub kind: Option<TimerKind>,
    #[serde(default)]
    pub user: Option<UserId>,
    /// (v7) A channel's daily puzzle timer: its post, or the listing of its solvers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<(crate::ids::ChannelId, DailyTimer)>,
}

/// What a channel's daily puzzle timer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DailyTimer {
    /// Posts the day's puzzle.
    Post,
    /// Lists who solved it.
    Listing,
}

impl DailyTimer {
    /// The last part of the timer's key.
    pub fn tag(self) -> &'static str {
        match self {
            DailyTimer::Post => "daily-post",
            DailyTimer::Listing => "daily-listing",
        }
    }
}

/// Who plays a role among the processes sharing the store (`lease/<role>`): the
/// holder's instance id, until when (Unix seconds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleRecord {
    pub v: u32,
    pub owner: String,
    pub until: u64,
}

/// An inbound platform event that changed something: redeliveries are recognised by its key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    pub v: u32,
    /// Unix seconds (old records can be pruned).
    pub at: u64,
    pub command: String,
    pub match_id: Option<MatchId>,
}

/// `meta/schema`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemaRecord {
    pub v: u32,
    pub schema: u32,
}
