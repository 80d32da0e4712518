//! Each inbound event at most once: the record of an applied event is written in the same
//! commit as its change, checked before any work, and a redelivered event is answered with
//! where its match stands rather than applied again.

use super::{Context, Fail, Message, Prefs};
use crate::ids::MatchId;
use crate::record::{self, EventRecord, Stage, RECORD_VERSION};
use crate::service::board_reply::BoardReplies;
use crate::service::challenge::Challenges;
use crate::service::read_commands::ReadCommands;
use crate::store::{keys, Txn};

crate::service::family! {
    /// Each inbound event applied at most once, and the answer to one seen before.
    Events
}

impl Events<'_> {
    /// Refuses a redelivered event before doing any work (the commit checks again, atomically).
    pub(crate) fn check_event(&self, ctx: &Context) -> Result<(), Fail> {
        if let Some(event) = &ctx.event {
            if self.store.get(&keys::event_key(event))?.is_some() {
                return Err(Fail::Duplicate);
            }
        }
        Ok(())
    }

    /// The answer to an event applied before, delivered again (a platform that redelivers
    /// after a crash): where its match stands now — the challenge still waiting, or the live
    /// board. An adapter that may have lost the first answer sends this one under the same
    /// idempotency key, so the people in the channel see one answer whichever got through.
    pub(super) fn replay(&self, ctx: &Context, prefs: Prefs) -> Result<Vec<Message>, Fail> {
        let Some(event) = &ctx.event else {
            return Ok(Vec::new());
        };
        let Some(bytes) = self.store.get(&keys::event_key(event))? else {
            return Ok(Vec::new());
        };
        let applied: EventRecord = record::decode(&bytes, "an event record")?;
        let Some((record, _)) = applied.match_id.map(|id| self.load(id)).transpose()?.flatten() else {
            return Ok(Vec::new());
        };
        if record.stage == Stage::Challenge {
            return Ok(vec![Challenges(self).challenge_message(
                ctx,
                prefs.locale,
                &record,
            )]);
        }
        let game = record.current_game()?;
        let text = ReadCommands(self).status_text(prefs.locale, &record, &game);
        Ok(BoardReplies(self)
            .with_board(ctx, prefs, "board", text, &record, &game, Vec::new())
            .messages)
    }

    /// Adds the at-most-once record of the inbound event to a commit.
    pub(crate) fn add_event(&self, ctx: &Context, txn: &mut Txn, command: &str, match_id: Option<MatchId>) {
        if let Some(event) = &ctx.event {
            let record = EventRecord {
                v: RECORD_VERSION,
                at: self.now(),
                command: command.to_owned(),
                match_id,
            };
            txn.check(keys::event_key(event), None)
                .put(keys::event_key(event), record::encode(&record));
        }
    }
}
