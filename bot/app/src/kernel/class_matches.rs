//! A class's matches as the store holds them: the ones active now (read from the channel's
//! index), put away when a new activity replaces them, and new ones made in one commit with the
//! class record that lists them. Classroom mode and teaching both start class matches.

use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::events::Events;
use crate::kernel::{Context, Fail};
use crate::record::{self, ClassRecord, MatchRecord, Stage};
use crate::store::{keys, Committed, Txn};

/// Active matches a class's channel may hold for new class matches to be made: a class of 40
/// pupils plays 20 at once; the rest leaves room for friendly matches beside a tournament.
pub const MAX_ACTIVE_CLASS_MATCHES: usize = 120;
/// Tries at taking new match numbers before the command is refused with "try again".
pub(crate) const SEQUENCE_ATTEMPTS: usize = 20;
crate::kernel::family::family! {
    /// A class's matches in the store.
    ClassMatchStore
}

impl ClassMatchStore<'_> {
    /// Puts away (cancels) the class's active matches that `which` picks: what a new activity
    /// of the class replaces. Answers the class as it stands afterwards (a match
    /// that ended meanwhile may have changed it).
    pub(crate) fn put_away(
        &self,
        ctx: &Context,
        class: &ClassRecord,
        which: impl Fn(&MatchRecord) -> bool,
        command: &'static str,
    ) -> Result<(ClassRecord, Vec<u8>), Fail> {
        for id in self.active_class_matches(class)? {
            if let Some((old, bytes)) = self.load(id)? {
                if old.stage.is_active() && which(&old) {
                    let mut put_away = old.clone();
                    put_away.stage = Stage::Cancelled { by: ctx.user.clone() };
                    put_away.version += 1;
                    put_away.updated_at = self.now();
                    Commits(self).commit_match(
                        ctx,
                        Some((&old, &bytes)),
                        &put_away,
                        Txn::default(),
                        command,
                    )?;
                }
            }
        }
        self.class_of(&class.channel)?
            .ok_or_else(|| Fail::user("class-none", Vec::new()))
    }

    /// The matches active now in `channel` (its index: at most the channel's cap, however many
    /// were played there).
    fn active_in(
        &self,
        channel: &crate::ids::ChannelId,
    ) -> Result<std::collections::BTreeSet<MatchId>, Fail> {
        let mut active = std::collections::BTreeSet::new();
        for entry in self.store().iter_prefix(&keys::channel_prefix(channel)) {
            active.extend(keys::match_id_of_index(&entry?.0));
        }
        Ok(active)
    }

    /// The class's matches that are active now, oldest first: read from the channel's index, not
    /// by loading every match the class ever played.
    pub(crate) fn active_class_matches(&self, class: &ClassRecord) -> Result<Vec<MatchId>, Fail> {
        let active = self.active_in(&class.channel)?;
        Ok(class
            .matches
            .iter()
            .copied()
            .filter(|id| active.contains(id))
            .collect())
    }

    /// One atomic step: new match ids from the sequence, the matches with their indexes, and
    /// the class record (which `attach` updates with the ids). Retried if another match took
    /// the ids meanwhile.
    pub(crate) fn commit_class_matches(
        &self,
        ctx: &Context,
        old_class: &[u8],
        class: &ClassRecord,
        matches: &mut [MatchRecord],
        attach: &dyn Fn(&mut ClassRecord, &[MatchId]),
        command: &str,
    ) -> Result<ClassRecord, Fail> {
        let store = self.store();
        // New class matches are refused once the class's channel holds its cap of active
        // matches (under the limit of any channel): a teacher's commands cannot fill the store.
        let cap = MAX_ACTIVE_CLASS_MATCHES;
        if store.count_prefix(&keys::channel_prefix(&class.channel), cap)? + matches.len() > cap {
            return Err(Fail::user("channel-full", vec![("max", cap.to_string())]));
        }
        for _ in 0..SEQUENCE_ATTEMPTS {
            let old_seq = store.get(keys::MATCH_SEQ)?;
            let last = old_seq
                .as_deref()
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .and_then(|text| text.parse::<u64>().ok())
                .unwrap_or(0);
            let ids: Vec<MatchId> = (0..matches.len() as u64).map(|i| MatchId(last + 1 + i)).collect();
            let mut txn = Txn::default();
            txn.check(keys::MATCH_SEQ.to_vec(), old_seq).put(
                keys::MATCH_SEQ.to_vec(),
                (last + matches.len() as u64).to_string().into_bytes(),
            );
            // Each match through the service's one path: indexes and the scheduler's clock and
            // timers are written in this same commit.
            let mut stored = Vec::with_capacity(matches.len());
            for (record, id) in matches.iter().zip(&ids) {
                let mut record = record.clone();
                record.id = *id;
                stored.push(Commits(self).match_txn(None, record, &mut txn)?);
            }
            let mut new_class = class.clone();
            attach(&mut new_class, &ids);
            let active = self.active_in(&class.channel)?;
            let finished = new_class.matches.iter().filter(|id| !active.contains(id)).count();
            // The oldest finished matches leave the list past the latest `FINISHED_KEPT`.
            let mut leaving = finished.saturating_sub(record::FINISHED_KEPT);
            new_class.earlier += leaving as u64;
            new_class.matches.retain(|id| {
                let leaves = leaving > 0 && !active.contains(id);
                leaving -= usize::from(leaves);
                !leaves
            });
            new_class.matches.extend(&ids);
            new_class.version += 1;
            let class_key = keys::class_key(&class.channel);
            txn.check(class_key.clone(), Some(old_class.to_vec()))
                .put(class_key, record::encode(&new_class));
            Events(self).add_event(ctx, &mut txn, command, ids.first().copied());
            match self.commit_txn(&txn)? {
                Committed::Applied => {
                    store.sync()?;
                    for (record, stored) in matches.iter_mut().zip(stored) {
                        *record = stored;
                    }
                    return Ok(new_class);
                }
                Committed::Conflict { key } if key == keys::MATCH_SEQ => continue,
                Committed::Conflict { key }
                    if ctx
                        .event
                        .as_ref()
                        .is_some_and(|event| keys::event_key(event) == key) =>
                {
                    return Err(Fail::Duplicate)
                }
                Committed::Conflict { .. } => return Err(Fail::user("try-again", Vec::new())),
            }
        }
        // Other commands took every new number meanwhile: a later try will get one.
        Err(Fail::user("try-again", Vec::new()))
    }

    /// Every finished match the class's channel holds for the class (listed by the class or
    /// no longer), with its stored bytes: what the class keeps of its pupils' games.
    pub(crate) fn finished_class_matches(
        &self,
        class: &ClassRecord,
    ) -> Result<Vec<(MatchRecord, Vec<u8>)>, Fail> {
        let needle = format!("\"{}\"", class.channel).into_bytes();
        let mut found = Vec::new();
        for entry in self.reads().iter_prefix(keys::MATCH_PREFIX) {
            let (_, value) = entry?;
            // Other channels' records are left undecoded.
            if !value
                .windows(needle.len())
                .any(|window| window == needle.as_slice())
            {
                continue;
            }
            let record: MatchRecord = record::decode(&value, "a match")?;
            if record.channel == class.channel && record.class.is_some() && !record.stage.is_active() {
                found.push((record, value));
            }
        }
        Ok(found)
    }

    /// Adds to `txn` the removal of finished match `record` (stored as `bytes`) and of every
    /// entry that points to it: its live page's address, its review or the review waited for,
    /// and the channel's "last finished" pointer when it is this match.
    pub(crate) fn remove_finished(
        &self,
        record: &MatchRecord,
        bytes: &[u8],
        txn: &mut Txn,
    ) -> Result<(), Fail> {
        let key = keys::match_key(record.id);
        txn.check(key.clone(), Some(bytes.to_vec())).delete(key);
        if let Some(public) = &record.public {
            txn.delete(keys::public_key(public));
        }
        txn.delete(keys::review_key(record.id));
        txn.delete(keys::review_job_key(record.id));
        let last = keys::last_finished_key(&record.channel);
        if let Some(pointer) = self.reads().get(&last)? {
            if pointer == record.id.0.to_string().into_bytes() {
                txn.check(last.clone(), Some(pointer)).delete(last);
            }
        }
        Ok(())
    }
}
