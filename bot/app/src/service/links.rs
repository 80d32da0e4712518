//! The cross-record invariants `lalao check` verifies beyond each record being readable: the
//! scheduler's `timer/` index holds exactly the timers the matches list and the digests the
//! players await, and every channel or player index entry points at a stored match.

use std::collections::{BTreeMap, BTreeSet};

use crate::ids::{MatchId, UserId};
use crate::record::{decode_entry, Entry};
use crate::store::{keys, KeyValue};

use super::Service;

impl Service {
    /// One line per broken link among `entries` (the whole store, in key order).
    pub(crate) fn link_errors(&self, entries: &[KeyValue]) -> Vec<String> {
        let mut wanted: BTreeMap<Vec<u8>, String> = BTreeMap::new();
        let mut matches: BTreeSet<MatchId> = BTreeSet::new();
        let mut indexed_timers: BTreeSet<Vec<u8>> = BTreeSet::new();
        let mut index_entries: Vec<(Vec<u8>, MatchId)> = Vec::new();
        let mut sequence: Option<u64> = None;
        for (key, value) in entries {
            // A match whose record is unreadable still exists (and is reported on its own).
            if key.starts_with(keys::MATCH_PREFIX) {
                matches.extend(keys::match_id_of_index(key));
            }
            match decode_entry(key, value) {
                Ok(Entry::Match(record)) => {
                    for timer in &record.clock.timers {
                        wanted.insert(
                            keys::match_timer_key(timer.due, record.id, &timer.kind.tag()),
                            format!("match {} lists it", record.id),
                        );
                    }
                }
                Ok(Entry::Player(player)) => {
                    let user = key
                        .strip_prefix(keys::PLAYER_PREFIX)
                        .and_then(|rest| rest.strip_suffix(b"\0"))
                        .and_then(|user| std::str::from_utf8(user).ok());
                    if let (Some(due), Some(user)) = (player.digest_due, user) {
                        wanted.insert(
                            keys::digest_timer_key(due, &UserId(user.to_owned())),
                            format!("player {user} awaits a digest"),
                        );
                    }
                }
                Ok(Entry::Timer(_)) => {
                    indexed_timers.insert(key.clone());
                }
                Ok(Entry::Index(id)) => index_entries.push((key.clone(), id)),
                Ok(Entry::Sequence(last)) => sequence = Some(last),
                // Unreadable records are reported on their own.
                _ => {}
            }
        }
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
