//! Each inbound event at most once: the record of an applied event is written in the same
//! commit as its change, checked before any work, and a redelivered event is answered with
//! where its match stands rather than applied again.

use crate::ids::MatchId;
use crate::kernel::{Context, Fail};
use crate::record::{self, EventRecord, RECORD_VERSION};
use crate::store::{keys, Txn};

crate::kernel::family::family! {
    /// Each inbound event applied at most once, and the answer to one seen before.
    Events
}

impl Events<'_> {
    /// Refuses a redelivered event before doing any work (the commit checks again, atomically).
    pub(crate) fn check_event(&self, ctx: &Context) -> Result<(), Fail> {
        if let Some(event) = &ctx.event {
            if self.store().get(&keys::event_key(event))?.is_some() {
                return Err(Fail::Duplicate);
            }
        }
        Ok(())
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
