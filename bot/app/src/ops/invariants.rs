//! The cross-record invariants `lalao check` verifies beyond each record being readable: the
//! scheduler's `timer/` index holds exactly the timers the matches list and the digests the
//! players await, and every channel or player index entry, review and review job points at a
//! stored match.

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
    indexed_timers: BTreeMap<Vec<u8>, Option<MatchId>>,
    /// Matches whose record a newer lalao wrote: what links to them is its to check.
    newer_matches: BTreeSet<MatchId>,
    index_entries: Vec<(Vec<u8>, MatchId)>,
    sequence: Option<u64>,
    /// The matches the rules rate, replayed to recompute every rating.
    rated: Vec<RatedGame>,
    /// The ratings as stored, by key.
    ratings: BTreeMap<Vec<u8>, crate::ratings::RatingRecord>,
    /// The `ranked/` entries the rated matches call for, and those stored.
    ranked_wanted: BTreeMap<Vec<u8>, MatchId>,
    ranked: BTreeSet<Vec<u8>>,
}

/// A finished match the rules rate, as `lalao check` replays it.
struct RatedGame {
    at: u64,
    id: MatchId,
    game: lalao_core::GameKind,
    players: [UserId; 2],
    score: crate::ratings::Score,
    /// It keeps a rating change.
    changed: bool,
}

#[cfg(test)]
crate::kernel::family::family! {
    /// `lalao check`'s links between records.
    Invariants
}

#[cfg(test)]
impl Invariants<'_> {
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
                // Every match the rules would rate; the replay decides which counted (the daily
                // limit between two players) and compares with the change each keeps.
                if let (true, Some(players), Some(score)) = (
                    crate::ratings::is_rated(&record),
                    record.players.clone(),
                    crate::ratings::score(&record),
                ) {
                    self.rated.push(RatedGame {
                        at: record.updated_at,
                        id: record.id,
                        game: record.game,
                        players,
                        score,
                        changed: record.rating_change.is_some(),
                    });
                }
                if let (Some(community), Some(players), Some(_)) =
                    (&record.community, &record.players, &record.rating_change)
                {
                    for user in players {
                        self.ranked_wanted
                            .insert(keys::ranked_key(community, record.game, user), record.id);
                    }
                }
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
            Some(Entry::Channel(settings)) => {
                let channel = key
                    .strip_prefix(keys::CHANNEL_SETTINGS_PREFIX)
                    .and_then(|rest| rest.strip_suffix(b"\0"))
                    .and_then(|channel| std::str::from_utf8(channel).ok())
                    .map(|channel| crate::ids::ChannelId(channel.to_owned()));
                if let Some(channel) = channel {
                    for (due, timer) in settings.daily_timers() {
                        self.wanted.insert(
                            keys::channel_timer_key(due, &channel, timer.tag()),
                            format!("channel {channel}'s daily post lists it"),
                        );
                    }
                }
            }
            Some(Entry::Timer(timer)) => {
                self.indexed_timers.insert(key.to_vec(), timer.match_id);
            }
            Some(Entry::Index(id)) => {
                if key.starts_with(keys::RANKED_PREFIX) {
                    self.ranked.insert(key.to_vec());
                }
                self.index_entries.push((key.to_vec(), id))
            }
            // A review, or one waiting, is of a stored match: checked like an index entry.
            Some(Entry::Review(review)) => self.index_entries.push((key.to_vec(), review.match_id)),
            Some(Entry::ReviewJob(job)) => self.index_entries.push((key.to_vec(), job.match_id)),
            Some(Entry::Sequence(last)) => self.sequence = Some(last),
            Some(Entry::Rating(rating)) => {
                self.ratings.insert(key.to_vec(), *rating);
            }
            _ => {}
        }
    }

    /// Notes an entry a newer lalao wrote (reported apart, as newer, not as corrupt).
    pub(crate) fn see_newer(&mut self, key: &[u8]) {
        if key.starts_with(keys::MATCH_PREFIX) {
            self.matches.extend(keys::match_id_of_index(key));
            self.newer_matches.extend(keys::match_id_of_index(key));
        }
    }

    /// One line per broken link among the entries seen.
    pub(crate) fn errors(self) -> Vec<String> {
        let Links {
            wanted,
            matches,
            indexed_timers,
            newer_matches,
            index_entries,
            sequence,
            mut rated,
            ratings,
            ranked_wanted,
            ranked,
        } = self;
        let shown = |key: &[u8]| String::from_utf8_lossy(key).replace('\0', "/");
        let mut errors = Vec::new();
        for (key, why) in &wanted {
            if !indexed_timers.contains_key(key) {
                errors.push(format!(
                    "{}: missing timer ({why}; it would never fire)",
                    shown(key)
                ));
            }
        }
        for (key, of) in &indexed_timers {
            // A newer match's timers are listed in a record this build cannot read.
            if !wanted.contains_key(key) && !of.is_some_and(|id| newer_matches.contains(&id)) {
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
        // A newer match may carry a rating change this build cannot see: the replay would
        // report drift that is not there.
        if newer_matches.is_empty() {
            errors.extend(rating_drift(&mut rated, &ratings));
        }
        for (key, id) in &ranked_wanted {
            if !ranked.contains(key) {
                errors.push(format!(
                    "{}: missing leaderboard entry (rated match {id} was played there)",
                    shown(key)
                ));
            }
        }
        for key in ranked.iter().filter(|key| !ranked_wanted.contains_key(*key)) {
            errors.push(format!(
                "{}: a leaderboard entry with no rated game behind it",
                shown(key)
            ));
        }
        errors
    }
}

/// Every rating recomputed from the rated matches, in the order they finished, against the
/// ratings stored: one line per rating that drifted, is missing, or has no game behind it.
fn rating_drift(
    rated: &mut [RatedGame],
    stored: &BTreeMap<Vec<u8>, crate::ratings::RatingRecord>,
) -> Vec<String> {
    use crate::ratings::{rate_game, RatingRecord};
    rated.sort_by_key(|game| (game.at, game.id));
    let mut replayed: BTreeMap<Vec<u8>, RatingRecord> = BTreeMap::new();
    let mut errors = Vec::new();
    for game in rated.iter() {
        let keys = game
            .players
            .clone()
            .map(|user| keys::rating_key(game.game, &user));
        let current = |key: &Vec<u8>| replayed.get(key).cloned().unwrap_or_default();
        let counts = current(&keys[0]).counts_against(&game.players[1], &current(&keys[1]), game.at);
        if counts != game.changed {
            errors.push(format!(
                "match/{}: {}",
                game.id.0,
                if counts {
                    "a rated game without its rating change"
                } else {
                    "a rating change on a game past the daily limit between its players"
                }
            ));
        }
        if !counts {
            continue;
        }
        let [first, second] = rate_game(
            [&current(&keys[0]), &current(&keys[1])],
            &game.players,
            game.score,
            game.id.0,
            game.at,
        );
        let [first_key, second_key] = keys;
        replayed.insert(first_key, first);
        replayed.insert(second_key, second);
    }
    let shown = |key: &[u8]| String::from_utf8_lossy(key).replace('\0', "/");
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    for (key, expected) in &replayed {
        match stored.get(key) {
            None => errors.push(format!(
                "{}: missing rating ({} rated games)",
                shown(key),
                expected.games
            )),
            Some(found)
                if !(close(found.rating, expected.rating)
                    && close(found.deviation, expected.deviation)
                    && close(found.volatility, expected.volatility)
                    && (found.games, found.wins, found.losses, found.draws)
                        == (expected.games, expected.wins, expected.losses, expected.draws)) =>
            {
                errors.push(format!(
                    "{}: the rating drifted: stored {} after {} games, the matches give {} after {}",
                    shown(key),
                    found.shown(),
                    found.games,
                    expected.shown(),
                    expected.games
                ));
            }
            Some(_) => {}
        }
    }
    for key in stored.keys().filter(|key| !replayed.contains_key(*key)) {
        errors.push(format!("{}: a rating with no rated game behind it", shown(key)));
    }
    errors
}
