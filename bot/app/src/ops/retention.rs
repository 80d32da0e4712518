//! How long a class keeps what its pupils played (docs/privacy.md): a finished class match —
//! a game between pupils, or an activity on a seat — older than the class keeps them
//! (`class settings keep=<days>`, else the operator's `LALAO_KEEP_DAYS`) is removed, with
//! every entry that points to it, by the daily housekeeping. A bounded number a pass, one
//! commit per class; a match of the class's tournament stays as long as the tournament does.

use std::collections::BTreeMap;

use lalao_model::units::DAY;

use crate::ids::{ChannelId, MatchId};
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::context::Fail;
use crate::record::{self, ClassRecord, MatchRecord};
use crate::store::{keys, Committed, StoreError, Txn};

/// The most matches one pass removes: a store that kept years of games empties over days,
/// never in one long pass.
pub const EXPIRED_PER_PASS: usize = 500;

/// A class's keeping: its days (`None`: for ever), and its tournament's matches, kept as long.
type Keeping = (Option<u32>, Vec<MatchId>);

crate::kernel::family::family! {
    /// What classes keep, and for how long.
    Retention
}

impl Retention<'_> {
    /// Removes the finished class matches older than their class keeps them as of `now`, at
    /// most `limit` of them. Returns how many were removed.
    pub(crate) fn expire(&self, now: u64, limit: usize) -> Result<usize, StoreError> {
        let by_class = match self.expired(now, limit) {
            Ok(found) => found,
            Err(Fail::Store(err)) => return Err(err),
            Err(_) => return Ok(0),
        };
        let mut removed = 0;
        for (channel, matches) in by_class {
            match self.remove(&channel, &matches) {
                Ok(count) => removed += count,
                Err(Fail::Store(err)) => return Err(err),
                // A class changed meanwhile, or a record is unreadable: the next pass sees it.
                Err(_) => {}
            }
        }
        Ok(removed)
    }

    /// The finished class matches past their class's keeping, by class, `limit` at most.
    fn expired(&self, now: u64, limit: usize) -> Result<BTreeMap<ChannelId, Vec<MatchId>>, Fail> {
        let default = self.hooks().policy.keep_days;
        let mut classes: BTreeMap<ChannelId, Option<Keeping>> = BTreeMap::new();
        let mut found: BTreeMap<ChannelId, Vec<MatchId>> = BTreeMap::new();
        let mut count = 0;
        for entry in self.reads().iter_prefix(keys::MATCH_PREFIX) {
            if count >= limit {
                break;
            }
            let (_, value) = entry?;
            // Only class matches carry a class link; the rest are left undecoded.
            if !value.windows(8).any(|window| window == b"\"class\":") {
                continue;
            }
            let Ok(record) = record::decode::<MatchRecord>(&value, "a match") else {
                continue;
            };
            if record.class.is_none() || record.stage.is_active() {
                continue;
            }
            if !classes.contains_key(&record.channel) {
                let class = self.class_of(&record.channel)?;
                classes.insert(
                    record.channel.clone(),
                    class.map(|(class, _)| (class.keep_days.or(default), tournament_matches(&class))),
                );
            }
            let Some(Some((Some(days), held))) = classes.get(&record.channel) else {
                continue;
            };
            let expired = record.updated_at.saturating_add(u64::from(*days) * DAY) <= now;
            if expired && !held.contains(&record.id) {
                found.entry(record.channel.clone()).or_default().push(record.id);
                count += 1;
            }
        }
        Ok(found)
    }

    /// Removes `matches` of the class of `channel`, and their ids from its list, in one commit.
    fn remove(&self, channel: &ChannelId, matches: &[MatchId]) -> Result<usize, Fail> {
        let key = keys::class_key(channel);
        let Some(bytes) = self.reads().get(&key)? else {
            return Ok(0);
        };
        let mut class: ClassRecord = record::decode(&bytes, "a class")?;
        let mut txn = Txn::default();
        let mut removed = 0;
        for id in matches {
            let Some(stored) = self.reads().get(&keys::match_key(*id))? else {
                continue;
            };
            let record: MatchRecord = record::decode(&stored, "a match")?;
            ClassMatchStore(self).remove_finished(&record, &stored, &mut txn)?;
            removed += 1;
        }
        class.matches.retain(|id| !matches.contains(id));
        class.version += 1;
        txn.check(key.clone(), Some(bytes))
            .put(key, record::encode(&class));
        match self.commit_txn(&txn)? {
            Committed::Applied => {
                self.sync()?;
                Ok(removed)
            }
            Committed::Conflict { .. } => Ok(0),
        }
    }
}

/// The matches a class's tournament pairs: kept while the tournament is the class's.
fn tournament_matches(class: &ClassRecord) -> Vec<MatchId> {
    class
        .tournament
        .iter()
        .flat_map(|tournament| &tournament.rounds)
        .flat_map(|round| &round.games)
        .map(|pairing| pairing.match_id)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use lalao_renderer::Locale;

    use super::*;
    use crate::clock::ManualClock;
    use crate::ids::{Platform, UserId};
    use crate::kernel::scheduling::Policy;
    use crate::kernel::{App, Context, Reply};
    use crate::store::{MemoryStore, Store};

    const T0: u64 = 1_700_000_000;

    fn teacher(channel: &str) -> Context {
        crate::testing::teacher_in(channel)
    }

    fn send(service: &App, ctx: &Context, line: &str) -> Reply {
        use crate::dispatch::handle::Handle;
        service
            .handle_text(ctx, &format!("!lalao {line}"), true)
            .expect("addressed to the bot")
    }

    fn matches_stored(store: &dyn Store) -> Vec<u64> {
        store
            .scan_prefix(keys::MATCH_PREFIX)
            .unwrap()
            .into_iter()
            .map(|(_, value)| record::decode::<MatchRecord>(&value, "a match").unwrap().id.0)
            .collect()
    }

    /// Two classes on a moved clock: one keeps 30 days, one takes the operator's 10; finished
    /// matches go on the day they pass their keeping, never before; a match being played and
    /// a match of no class stay whatever their age.
    #[test]
    fn retention_removes_exactly_what_is_older_than_the_class_keeps_it() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
        let clock = Arc::new(ManualClock::new(T0));
        let service = crate::testing::app_on(store.clone(), Locale::En)
            .with_clock(clock.clone())
            .with_policy(Policy {
                keep_days: Some(10),
                ..Policy::default()
            })
            .with_live_pages("https://lalao.example.org");
        service.open().unwrap();
        let (first, second) = (teacher("100"), teacher("200"));
        send(&service, &first, "class new CE1 lang=en");
        send(&service, &first, "class add Ana Bob Chloe");
        let settings = send(&service, &first, "class settings keep=30");
        assert!(
            settings.messages[0].text.ends_with("are removed after 30 days."),
            "{settings:?}"
        );
        send(&service, &first, "class match Ana Bob fano cells=5"); // #1
        send(&service, &first, "class result #1 Ana");
        send(&service, &second, "class new CE2 lang=en");
        send(&service, &second, "class add Dina Eli");
        send(&service, &second, "class match Dina Eli fano cells=5"); // #2
        send(&service, &second, "class result #2 draw");
        // A match of no class, finished the same day.
        let players = Context {
            user: UserId::new(Platform::Discord, "7"),
            channel: ChannelId::new(Platform::Discord, "300"),
            moderator: false,
            ..teacher("300")
        };
        send(&service, &players, "play fano cells=5 practice"); // #3
        send(&service, &players, "resign");
        clock.advance(20 * DAY);
        send(&service, &first, "class match Bob Chloe fano cells=5"); // #4
        send(&service, &first, "class result #4 Chloe");
        send(&service, &first, "class match Ana Chloe fano cells=5"); // #5, played on
        assert_eq!(matches_stored(store.as_ref()), [1, 2, 3, 4, 5]);
        let live_page_of_1 = service.load(MatchId(1)).ok().flatten().unwrap().0.public;

        // Day 20: CE2's draw passed its 10 days; CE1 keeps 30.
        assert_eq!(
            Retention(&service)
                .expire(service.now(), EXPIRED_PER_PASS)
                .unwrap(),
            1
        );
        assert_eq!(matches_stored(store.as_ref()), [1, 3, 4, 5]);
        // A second before day 30, nothing more; on the day, match 1 goes, with its live page
        // and its place in the class's list.
        clock.set(T0 + 30 * DAY - 1);
        assert_eq!(
            Retention(&service)
                .expire(service.now(), EXPIRED_PER_PASS)
                .unwrap(),
            0
        );
        clock.set(T0 + 30 * DAY);
        assert_eq!(
            Retention(&service)
                .expire(service.now(), EXPIRED_PER_PASS)
                .unwrap(),
            1
        );
        assert_eq!(matches_stored(store.as_ref()), [3, 4, 5]);
        if let Some(public) = live_page_of_1 {
            assert_eq!(store.get(&keys::public_key(&public)).unwrap(), None);
        }
        let class = service.class_of(&first.channel).ok().flatten().unwrap().0;
        assert_eq!(class.matches, [MatchId(4), MatchId(5)]);
        // Years later: match 4 went at day 50; the match being played and the match of no
        // class stay; a pass removes no more than it may.
        clock.set(T0 + 3650 * DAY);
        assert_eq!(Retention(&service).expire(service.now(), 0).unwrap(), 0);
        assert_eq!(
            Retention(&service)
                .expire(service.now(), EXPIRED_PER_PASS)
                .unwrap(),
            1
        );
        assert_eq!(matches_stored(store.as_ref()), [3, 5]);
    }
}
