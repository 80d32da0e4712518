//! Any stored entry, decoded and checked by its key. The service never needs this (it knows what
//! it reads); `lalao check` and the fuzz target do, over keys they know nothing about.

use super::bookkeeping::{EventRecord, SchemaRecord, TimerRecord};
use super::codec::{decode, RecordError};
use super::matches::MatchRecord;
use super::settings::{ChannelRecord, PlayerRecord};
use crate::ids::MatchId;
use crate::keys;

/// What `decode_entry` found.
#[derive(Debug)]
pub enum Entry {
    Schema(SchemaRecord),
    Sequence(u64),
    Match(Box<MatchRecord>),
    Player(PlayerRecord),
    Event(EventRecord),
    Channel(ChannelRecord),
    Timer(TimerRecord),
    /// A timer held for a newer lalao, or set aside as unreadable (kept as bytes).
    SetAsideTimer,
    Notification(Box<crate::notify::Notification>),
    DeadLetter(Box<crate::notify::DeadLetter>),
    /// A channel or user index entry pointing at a match.
    Index(MatchId),
    Class(Box<crate::record::ClassRecord>),
    /// A player's rating in one game.
    Rating(Box<super::RatingRecord>),
    /// Who plays a role among the processes sharing the store.
    Role(super::bookkeeping::RoleRecord),
    /// A class screen's pointer to its class's channel.
    ClassScreen(crate::ids::ChannelId),
    /// One puzzle's rating.
    PuzzleRating(Box<super::PuzzleRating>),
    /// Who tried a channel's daily puzzle on one day.
    Daily(Box<super::DailyRecord>),
    /// A finished match's review.
    Review(Box<super::ReviewRecord>),
    /// A review waiting for the review worker.
    ReviewJob(Box<super::ReviewJob>),
}

/// Decodes any stored entry by its key: `lalao check` runs it over the whole store, and the
/// record fuzz target over arbitrary bytes. Never panics.
pub fn decode_entry(key: &[u8], value: &[u8]) -> Result<Entry, RecordError> {
    let index = |key: &[u8]| {
        keys::match_id_of_index(key)
            .map(Entry::Index)
            .ok_or_else(|| RecordError::UnknownKey {
                key: String::from_utf8_lossy(key).into_owned(),
            })
    };
    if key == keys::SCHEMA {
        decode(value, "the schema record").map(Entry::Schema)
    } else if key == keys::MATCH_SEQ {
        std::str::from_utf8(value)
            .ok()
            .and_then(|text| text.parse().ok())
            .map(Entry::Sequence)
            .ok_or(RecordError::Schema {
                what: "the match sequence",
                message: "not a number".to_owned(),
            })
    } else if key.starts_with(keys::MATCH_PREFIX) {
        let record: MatchRecord = decode(value, "a match record")?;
        if keys::match_key(record.id) != key {
            return Err(RecordError::Schema {
                what: "a match record",
                message: format!("stored under another id than its own ({})", record.id),
            });
        }
        // The state must be usable: restorable or rebuildable from the moves.
        record.current_game()?;
        Ok(Entry::Match(Box::new(record)))
    } else if key.starts_with(keys::CLASS_PREFIX) {
        let record: crate::record::ClassRecord = decode(value, "a class record")?;
        if keys::class_key(&record.channel) != key {
            return Err(RecordError::Schema {
                what: "a class record",
                message: "stored under another channel than its own".to_owned(),
            });
        }
        Ok(Entry::Class(Box::new(record)))
    } else if key.starts_with(keys::PLAYER_PREFIX) {
        decode(value, "a player record").map(Entry::Player)
    } else if key.starts_with(keys::EVENT_PREFIX) {
        decode(value, "an event record").map(Entry::Event)
    } else if key.starts_with(keys::CHANNEL_SETTINGS_PREFIX) {
        decode(value, "a channel record").map(Entry::Channel)
    } else if key.starts_with(keys::TIMER_PREFIX) {
        if keys::timer_due(key).is_none() {
            return Err(RecordError::UnknownKey {
                key: String::from_utf8_lossy(key).into_owned(),
            });
        }
        decode(value, "a timer").map(Entry::Timer)
    } else if key.starts_with(keys::HELD_TIMER_PREFIX) || key.starts_with(keys::DEAD_TIMER_PREFIX) {
        // Reported by `lalao check` as counts; their bytes are whatever could not be fired.
        Ok(Entry::SetAsideTimer)
    } else if key.starts_with(keys::OUTBOX_PREFIX) {
        decode(value, "a notification").map(|n| Entry::Notification(Box::new(n)))
    } else if key.starts_with(keys::DEAD_LETTER_PREFIX) {
        decode(value, "a dead letter").map(|d| Entry::DeadLetter(Box::new(d)))
    } else if key.starts_with(keys::SCREEN_PREFIX) {
        std::str::from_utf8(value)
            .ok()
            .filter(|channel| channel.contains(':'))
            .map(|channel| Entry::ClassScreen(crate::ids::ChannelId(channel.to_owned())))
            .ok_or(RecordError::Schema {
                what: "a class screen's channel",
                message: "not a channel id".to_owned(),
            })
    } else if key.starts_with(keys::LAST_FINISHED_PREFIX)
        || key.starts_with(keys::RANKED_PREFIX)
        || key.starts_with(keys::PUBLIC_PREFIX)
    {
        // A pointer like the indexes, with the id as its value: checked the same way.
        std::str::from_utf8(value)
            .ok()
            .and_then(|digits| digits.parse().ok())
            .map(|id| Entry::Index(MatchId(id)))
            .ok_or(RecordError::Schema {
                what: "a pointer to a match",
                message: "not a match number".to_owned(),
            })
    } else if key.starts_with(keys::ROLE_PREFIX) {
        decode(value, "a role lease").map(Entry::Role)
    } else if key.starts_with(keys::RATING_PREFIX) {
        decode(value, "a rating record").map(|r| Entry::Rating(Box::new(r)))
    } else if key.starts_with(keys::REVIEW_PREFIX) {
        let record = super::decode_review(value)?;
        if keys::review_key(record.match_id) != key {
            return Err(RecordError::Schema {
                what: "a match review",
                message: "stored under another match than its own".to_owned(),
            });
        }
        Ok(Entry::Review(Box::new(record)))
    } else if key.starts_with(keys::REVIEW_JOB_PREFIX) {
        let job = super::decode_review_job(value)?;
        if keys::review_job_key(job.match_id) != key {
            return Err(RecordError::Schema {
                what: "a review job",
                message: "stored under another match than its own".to_owned(),
            });
        }
        Ok(Entry::ReviewJob(Box::new(job)))
    } else if key.starts_with(keys::DAILY_PREFIX) {
        decode(value, "a daily puzzle's record").map(|r| Entry::Daily(Box::new(r)))
    } else if key.starts_with(keys::PUZZLE_PREFIX) {
        decode(value, "a puzzle's rating").map(|r| Entry::PuzzleRating(Box::new(r)))
    } else if key.starts_with(keys::CHANNEL_PREFIX) || key.starts_with(keys::ACTIVE_PREFIX) {
        index(key)
    } else {
        Err(RecordError::UnknownKey {
            key: String::from_utf8_lossy(key).into_owned(),
        })
    }
}
