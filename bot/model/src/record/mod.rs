//! The stored records (docs/storage.md): JSON objects with a record version `v`, decoded with
//! a clear error (never a panic) and migrated forward when an older version is read.
//!
//! One file per concern: the versions and their migrations (`migrations.rs`), encoding and
//! decoding with a clear error (`codec.rs`), the match record (`matches.rs`), the per-user and
//! per-channel settings (`settings.rs`), a player's rating (`rating.rs`), puzzles (`puzzles.rs`), match reviews (`review.rs`), the store's own bookkeeping (`bookkeeping.rs`) and the
//! check of any stored entry by its key (`entry.rs`). Callers name them all as `record::…`.

mod bookkeeping;
mod class;
mod codec;
mod entry;
mod matches;
mod migrations;
mod puzzles;
mod rating;
mod review;
mod settings;
mod vote;

pub use bookkeeping::{DailyTimer, EventRecord, RoleRecord, SchemaRecord, TimerRecord, SCHEMA_VERSION};
pub use class::{
    is_seat, mentionable, round_robin_rounds, same_name, seat_user, valid_name, ClassLink, ClassRecord,
    Format, Pairing, Pupil, Round, ScreenLinks, Team, TeamOrder, Tournament, DASHBOARD_FINISHED,
    FINISHED_KEPT, MAX_CLASS_NAME, MAX_NAME, MAX_PUPILS, MAX_TEAMS,
};
pub use codec::{decode, decode_with, encode, RecordError};
pub use entry::{decode_entry, Entry};
pub use matches::{ComputerSeat, Ending, LessonLink, MatchRecord, Plan, PlannedReply, Post, Stage};
pub use migrations::{Migration, MIGRATIONS, RECORD_VERSION};
pub use puzzles::{DailyPuzzle, DailyRecord, Glicko, PuzzleLink, PuzzleRating, PuzzleStats, Puzzles};
pub use rating::{
    BestWin, RatingChange, RatingRecord, FARMING_LIMIT, FARMING_WINDOW, PROVISIONAL_DEVIATION,
    PROVISIONAL_LIMIT,
};
pub use review::{
    decode_review, decode_review_job, ReviewJob, ReviewRecord, ReviewedMove, REVIEW_MIGRATIONS,
    REVIEW_VERSION,
};
pub use settings::{ChannelRecord, KindStrengths, Learned, PlayerRecord};
pub use vote::{
    Ballot, Choice, Decision, Proposal, VoteBox, VotedTurn, DEFAULT_VOTE_SECONDS, MAX_BALLOTS,
    MAX_KEPT_TURNS, VOTE_SECONDS,
};

pub use lalao_config::BoardMode;

#[cfg(test)]
mod tests;
