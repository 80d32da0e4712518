//! The one checked commit of a match change: compare-and-swap on the whole record, the indexes,
//! the policies applied inside the commit (the match's clock and timers, its rating, the record
//! of the inbound event), then durable before the reply.

use crate::ids::{MatchId, UserId};
use crate::kernel::context::{Context, Fail, Prefs};
use crate::kernel::events::Events;
use crate::kernel::kind_level::KindLevel;
use crate::kernel::match_clock::MatchClocks;
use crate::kernel::rating::Ratings;
use crate::kernel::reply::MatchRef;
use crate::kernel::reply::Message;
use crate::record::{self, MatchRecord};
use crate::seats::Seating;
use crate::store::{keys, Committed, Txn};

crate::kernel::family::family! {
    /// The checked commits of match changes and of other changes.
    Commits
}

impl Commits<'_> {
    /// What to answer when a commit about match `id` (changed from `old`) met `conflict`, a
    /// key someone else changed first; nothing was written.
    pub(crate) fn refusal_of_conflict(
        &self,
        ctx: &Context,
        old: Option<(&MatchRecord, &[u8])>,
        id: MatchId,
        conflict: &[u8],
    ) -> Fail {
        if ctx
            .event
            .as_ref()
            .is_some_and(|event| keys::event_key(event) == conflict)
        {
            return Fail::Duplicate;
        }
        if conflict == keys::match_key(id) {
            let current = match self.load(id) {
                Ok(found) => found.map(|(record, _)| Box::new(record)),
                Err(err) => return err,
            };
            let same_board = |old: &MatchRecord, now: &MatchRecord| {
                MatchRef::of(old).board == MatchRef::of(now).board && old.stage == now.stage
            };
            if let (Some((old, _)), Some(now)) = (old, current.as_deref()) {
                if same_board(old, now) {
                    return Fail::Again;
                }
            }
            // Someone changed the match first: show them the board as it is now.
            return Fail::User {
                key: "board-changed",
                args: Vec::new(),
                board: current,
            };
        }
        // Another record of this commit (the id sequence, a class) changed meanwhile: nothing
        // was written; asking again is safe.
        Fail::Again
    }
    /// Commits a match change: compare-and-swap against `old` (`None`: a new match), index
    /// maintenance, the match's timers, the event record; then waits until it is durable.
    /// Returns the record as stored (with its clock brought up to date).
    pub(crate) fn commit_match(
        &self,
        ctx: &Context,
        old: Option<(&MatchRecord, &[u8])>,
        new: &MatchRecord,
        mut txn: Txn,
        command: &str,
    ) -> Result<MatchRecord, Fail> {
        let new = self.match_txn(old, new.clone(), &mut txn)?;
        Events(self).add_event(ctx, &mut txn, command, Some(new.id));
        if let Committed::Conflict { key } = self.commit_txn(&txn)? {
            return Err(self.refusal_of_conflict(ctx, old, new.id, &key));
        }
        self.store().sync()?;
        // DEBUG: the adapters log each command once at INFO, with its outcome.
        tracing::debug!(match_id = new.id.0, version = new.version, "committed");
        if command != "computer-move" {
            // The computer's search on this match, if any, is about a position that is gone.
            self.thinking().cancel(new.id);
        }
        Ok(new)
    }
    /// Adds a match change to `txn`: the compare-and-swap, the channel and user indexes, and
    /// the scheduler's timers (see [`crate::schedule`]). Returns the record to store.
    pub(crate) fn match_txn(
        &self,
        old: Option<(&MatchRecord, &[u8])>,
        new: MatchRecord,
        txn: &mut Txn,
    ) -> Result<MatchRecord, Fail> {
        let mut new = MatchClocks(self).schedule_match(old.map(|(record, _)| record), new, txn)?;
        let was_finished =
            old.is_some_and(|(record, _)| matches!(record.stage, record::Stage::Finished { .. }));
        // A match revived after an automatic forfeit (`waive`) keeps the rating its forfeit
        // gave: a match is rated once.
        if !was_finished && new.rating_change.is_none() && crate::ratings::is_rated(&new) {
            // Written with the game's end, in the same commit: a rating never misses a game
            // nor counts one twice.
            Ratings(self).rate_match(&mut new, txn)?;
        }
        if !was_finished && matches!(new.stage, record::Stage::Finished { .. }) {
            // The kind level adapts to the game's result in the commit that ends it.
            KindLevel(self).adapt(&new, txn)?;
        }
        let key = keys::match_key(new.id);
        txn.check(key.clone(), old.map(|(_, bytes)| bytes.to_vec()));
        txn.put(key, record::encode(&new));
        let was_active: Vec<UserId> = match old {
            Some((record, _)) if record.stage.is_active() => record.participants(),
            _ => Vec::new(),
        };
        let now_active: Vec<UserId> = if new.stage.is_active() {
            new.participants()
        } else {
            Vec::new()
        };
        let channel = keys::channel_key(&new.channel, new.id);
        if was_active.is_empty() && !now_active.is_empty() {
            txn.put(channel.clone(), Vec::new());
        }
        if !was_active.is_empty() && now_active.is_empty() {
            txn.delete(channel);
            if matches!(new.stage, record::Stage::Finished { .. }) {
                txn.put(
                    keys::last_finished_key(&new.channel),
                    new.id.0.to_string().into_bytes(),
                );
            }
        }
        for user in &now_active {
            if !was_active.contains(user) {
                txn.put(keys::active_key(user, new.id), Vec::new());
            }
        }
        for user in &was_active {
            if !now_active.contains(user) {
                txn.delete(keys::active_key(user, new.id));
            }
        }
        Ok(new)
    }
    /// A non-match change (settings) with its event record, made durable.
    pub(crate) fn commit_other(&self, ctx: &Context, mut txn: Txn, command: &str) -> Result<(), Fail> {
        Events(self).add_event(ctx, &mut txn, command, None);
        match self.commit_txn(&txn)? {
            Committed::Applied => {}
            Committed::Conflict { key } => {
                if ctx
                    .event
                    .as_ref()
                    .is_some_and(|event| keys::event_key(event) == key)
                {
                    return Err(Fail::Duplicate);
                }
                return Err(Fail::user("try-again", Vec::new()));
            }
        }
        self.store().sync()?;
        Ok(())
    }

    /// Commits a change of an existing match (`old` → `new`, made by `command`; `tapped`: a
    /// move tapped on the class screen): a class match's in one commit with what it completes
    /// in the class's tournament ([`crate::kernel::Classroom::commit_change`]). Answers the match as
    /// stored and, for a class match, the tournament's news.
    pub(crate) fn commit_match_change(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, new): ((&MatchRecord, &[u8]), &MatchRecord),
        command: &'static str,
        tapped: bool,
    ) -> Result<(MatchRecord, Option<Vec<Message>>), Fail> {
        match Seating::of(new) {
            Seating::Class(_) => {
                let (stored, announced) =
                    self.classroom()
                        .commit_change(self, ctx, prefs, (old, new), command, tapped)?;
                Ok((stored, Some(announced)))
            }
            Seating::Accounts => Ok((
                self.commit_match(ctx, Some(old), new, Txn::default(), command)?,
                None,
            )),
        }
    }
}

#[cfg(test)]
mod tests;
