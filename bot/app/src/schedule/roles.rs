//! Roles only one process may play at a time among those sharing a store: the
//! Matrix sync of a bot account is one. A role is a lease in the store, `lease/<role>`, holding
//! the owner and an expiry; the holder renews it well before it runs out, and another owner
//! takes it once it has run out (its holder died or lost the database). The owner is whatever
//! identifies the holder across its restarts (the Matrix adapter's device), so that a holder
//! restarted within its lease takes its role back at once. On a store of its own a process
//! holds every role without writing anything. A lease written by a newer lalao is held by it,
//! whatever this build can read of it: an older process never takes a newer one's role.

use crate::record::{RoleRecord, RECORD_VERSION};
use crate::store::{keys, Committed, StoreError, Txn};

crate::kernel::family::family! {
    /// Roles one process at a time plays among those sharing a store.
    Roles
}

impl Roles<'_> {
    /// Takes or renews `role` for `owner` for `seconds` from now. Returns whether `owner`
    /// holds it: `false` while another owner's lease is live.
    pub fn hold_role(&self, role: &str, owner: &str, seconds: u64) -> Result<bool, StoreError> {
        if !self.store().shared() {
            return Ok(true);
        }
        let key = keys::role_key(role);
        let found = self.store().get(&key)?;
        let now = self.now();
        if let Some(bytes) = &found {
            match crate::record::decode::<RoleRecord>(bytes, "a role lease") {
                Ok(lease) if lease.owner != owner && lease.until > now => return Ok(false),
                Ok(_) => {}
                // A lease written by a newer lalao is held: its holder runs alongside this
                // older build (a rollback under way), and two processes must never play one
                // role. It is taken only once the newer build lets it go.
                Err(err) if err.is_newer() => return Ok(false),
                // A corrupt lease is treated as run out: no live process could have written it.
                Err(_) => {}
            }
        }
        let lease = RoleRecord {
            v: RECORD_VERSION,
            owner: owner.to_owned(),
            until: now + seconds,
        };
        let mut txn = Txn::default();
        txn.check(key.clone(), found)
            .put(key, crate::record::encode(&lease));
        // A conflict: another process took or renewed it at the same moment.
        Ok(self.store().commit(&txn)? == Committed::Applied)
    }

    /// Gives `role` up, if `owner` holds it, so that another may take it at once.
    pub fn release_role(&self, role: &str, owner: &str) -> Result<(), StoreError> {
        if !self.store().shared() {
            return Ok(());
        }
        let key = keys::role_key(role);
        let Some(bytes) = self.store().get(&key)? else {
            return Ok(());
        };
        let ours = crate::record::decode::<RoleRecord>(&bytes, "a role lease")
            .is_ok_and(|lease| lease.owner == owner);
        if ours {
            let mut txn = Txn::default();
            txn.check(key.clone(), Some(bytes)).delete(key);
            self.store().commit(&txn)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Roles;
    use std::sync::Arc;

    use lalao_renderer::{Locale, Style};

    use crate::clock::ManualClock;
    use crate::kernel::{App, Defaults};
    use crate::store::{MemoryStore, Store};

    fn process(store: &Arc<dyn Store>, clock: &Arc<ManualClock>) -> App {
        App::new(
            store.clone(),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
            &crate::class::classroom::CLASSROOM,
            &crate::teach::seam::TEACHING,
        )
        .with_clock(clock.clone())
    }

    #[test]
    fn one_owner_holds_a_role_until_it_lets_go_or_its_lease_runs_out() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::shared());
        let clock = Arc::new(ManualClock::new(1_000));
        let (one, two) = (process(&store, &clock), process(&store, &clock));
        let role = "matrix-sync:@lalao:example.org";
        assert!(Roles(&one).hold_role(role, "ONE", 20).unwrap());
        assert!(
            !Roles(&two).hold_role(role, "TWO", 20).unwrap(),
            "held by the first"
        );
        clock.advance(15);
        assert!(Roles(&one).hold_role(role, "ONE", 20).unwrap(), "renewed");
        clock.advance(15);
        assert!(
            !Roles(&two).hold_role(role, "TWO", 20).unwrap(),
            "the renewal runs to 1,035"
        );
        assert!(Roles(&two).hold_role("another role", "TWO", 20).unwrap());
        // The first, restarted (a new process, the same owner), takes its role back at once.
        let restarted = process(&store, &clock);
        assert!(Roles(&restarted).hold_role(role, "ONE", 20).unwrap());
        clock.advance(21);
        assert!(
            Roles(&two).hold_role(role, "TWO", 20).unwrap(),
            "ran out: taken over"
        );
        assert!(
            !Roles(&one).hold_role(role, "ONE", 20).unwrap(),
            "the first sees it lost"
        );
        Roles(&one).release_role(role, "ONE").unwrap();
        assert!(
            !Roles(&one).hold_role(role, "ONE", 20).unwrap(),
            "only the holder lets go"
        );
        Roles(&two).release_role(role, "TWO").unwrap();
        assert!(
            Roles(&one).hold_role(role, "ONE", 20).unwrap(),
            "let go: free at once"
        );
        assert!(store
            .get(b"lease/matrix-sync:@lalao:example.org")
            .unwrap()
            .is_some());
    }

    #[test]
    fn a_process_alone_on_its_store_holds_every_role_and_writes_nothing() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
        let clock = Arc::new(ManualClock::new(1_000));
        let (one, two) = (process(&store, &clock), process(&store, &clock));
        assert!(Roles(&one).hold_role("matrix-sync:@a:b", "ONE", 20).unwrap());
        assert!(Roles(&two).hold_role("matrix-sync:@a:b", "TWO", 20).unwrap());
        assert_eq!(store.count_prefix(b"lease/", usize::MAX).unwrap(), 0);
    }
}
