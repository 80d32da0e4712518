//! The cross-record invariants `lalao check` verifies beyond each record being readable: the
//! scheduler's `timer/` index holds exactly the timers the matches list and the digests the
//! players await, and every channel or player index entry points at a stored match.

use std::collections::{BTreeMap, BTreeSet};

use crate::ids::{MatchId, UserId};
use crate::record::Entry;
use crate::store::keys;

/// The link check, fed one entry at a time in key order (`lalao check` streams the store), so
/// it keeps only keys and ids, never the records.
#[derive(Default)]
pub(crate) struct Links {
    wanted: BTreeMap<Vec<u8>, String>,
    matches: BTreeSet<MatchId>,
    indexed_timers: BTreeSet<Vec<u8>>,
    index_entries: Vec<(Vec<u8>, MatchId)>,
    sequence: Option<u64>,
}

#[cfg(test)]
impl super::Service {
    /// One line per broken link among `entries` (the whole store, in key order).
    pub(crate) fn link_errors(&self, entries: &[crate::store::KeyValue]) -> Vec<String> {
        let mut links = Links::default();
        for (key, value) in entries {
            links.see(key, crate::record::decode_entry(key, value).ok());
        }
        links.errors()
    }
}

impl Links {
    /// Notes one entry; `entry` is `None` when the record is unreadable (reported on its own).
    pub(crate) fn see(&mut self, key: &[u8], entry: Option<Entry>) {
        // A match whose record is unreadable still exists.
        if key.starts_with(keys::MATCH_PREFIX) {
            self.matches.extend(keys::match_id_of_index(key));
        }
        match entry {
            Some(Entry::Match(record)) => {
                for timer in &record.clock.timers {
                    self.wanted.insert(
                        keys::match_timer_key(timer.due, record.id, &timer.kind.tag()),
                        format!("match {} lists it", record.id),
                    );
                }
            }
            Some(Entry::Player(player)) => {
                let user = key
                    .strip_prefix(keys::PLAYER_PREFIX)
                    .and_then(|rest| rest.strip_suffix(b"\0"))
                    .and_then(|user| std::str::from_utf8(user).ok());
                if let (Some(due), Some(user)) = (player.digest_due, user) {
                    self.wanted.insert(
                        keys::digest_timer_key(due, &UserId(user.to_owned())),
                        format!("player {user} awaits a digest"),
                    );
                }
            }
            Some(Entry::Timer(_)) => {
                self.indexed_timers.insert(key.to_vec());
            }
            Some(Entry::Index(id)) => self.index_entries.push((key.to_vec(), id)),
            Some(Entry::Sequence(last)) => self.sequence = Some(last),
            _ => {}
        }
    }

    /// One line per broken link among the entries seen.
    pub(crate) fn errors(self) -> Vec<String> {
        let Links {
            wanted,
            matches,
            indexed_timers,
            index_entries,
            sequence,
        } = self;
        let shown = |key: &[u8]| String::from_utf8_lossy(key).replace('\0', "/");
        let mut errors = Vec::new();
        for (key, why) in &wanted {
            if !indexed_timers.contains(key) {
                errors.push(format!(
                    "{}: missing timer ({why}; it would never fire)",
                    shown(key)
                ));
            }
        }
        for key in &indexed_timers {
            if !wanted.contains_key(key) {
                errors.push(format!(
                    "{}: orphan timer (no match or player lists it)",
                    shown(key)
                ));
            }
        }
        // New matches take the id after the sequence's: behind a stored match, it would hand
        // out an id that is taken.
        if let Some(highest) = matches.iter().next_back() {
            if sequence.unwrap_or(0) < highest.0 {
                errors.push(format!(
                    "seq/match: the match sequence ({}) is behind the highest stored match ({highest})",
                    sequence.unwrap_or(0)
                ));
            }
        }
        for (key, id) in &index_entries {
            if !matches.contains(id) {
                errors.push(format!(
                    "{}: index entry for match {id}, which is not stored",
                    shown(key)
                ));
            }
        }
        errors
    }
}
