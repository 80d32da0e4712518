//! An in-memory [`Store`] for tests and fuzzing: the same contract, nothing durable.

use std::collections::BTreeMap;
use std::ops::Bound;
use std::sync::Mutex;

use super::{prefix_end, Committed, EntryIter, KeyValue, Store, StoreError, Txn};

/// Tests: runs before each commit, given the store (to land an interloping write first).
#[cfg(test)]
pub(crate) type BeforeCommit = Box<dyn Fn(&MemoryStore, &Txn) + Send + Sync>;

#[derive(Default)]
pub struct MemoryStore {
    map: Mutex<BTreeMap<Vec<u8>, Vec<u8>>>,
    /// Tests: the store says other processes share it, as PostgreSQL does.
    #[cfg(test)]
    shared: bool,
    #[cfg(test)]
    before_commit: Option<BeforeCommit>,
}

#[cfg(test)]
impl MemoryStore {
    /// A store other processes share (the outbox is then delivered under leases).
    pub(crate) fn shared() -> MemoryStore {
        MemoryStore {
            shared: true,
            ..MemoryStore::default()
        }
    }

    /// A store that calls `hook` before each commit; the hook writes with [`MemoryStore::apply`].
    pub(crate) fn with_before_commit(hook: BeforeCommit) -> MemoryStore {
        MemoryStore {
            before_commit: Some(hook),
            ..MemoryStore::default()
        }
    }
}

impl MemoryStore {
    /// Applies `txn` if its checks hold (no test hook).
    pub(crate) fn apply(&self, txn: &Txn) -> Committed {
        let mut map = self.lock();
        for check in &txn.checks {
            if map.get(&check.key) != check.expected.as_ref() {
                return Committed::Conflict {
                    key: check.key.clone(),
                };
            }
        }
        for write in &txn.writes {
            match &write.value {
                Some(value) => map.insert(write.key.clone(), value.clone()),
                None => map.remove(&write.key),
            };
        }
        Committed::Applied
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<Vec<u8>, Vec<u8>>> {
        // A panic while holding the lock cannot leave a half-applied commit (commits check first,
        // then write), so a poisoned map is still consistent.
        self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Store for MemoryStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.lock().get(key).cloned())
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        // A cursor that takes the lock for each step, so that a caller may commit while it
        // iterates (as it may with sled).
        let prefix = prefix.to_vec();
        let mut after: Option<Vec<u8>> = None;
        Box::new(std::iter::from_fn(move || {
            let map = self.lock();
            let next = match &after {
                None => map
                    .range::<Vec<u8>, _>((Bound::Included(&prefix), Bound::Unbounded))
                    .next(),
                Some(key) => map
                    .range::<Vec<u8>, _>((Bound::Excluded(key), Bound::Unbounded))
                    .next(),
            }
            .filter(|(key, _)| key.starts_with(&prefix))
            .map(|(key, value)| (key.clone(), value.clone()));
            after = next.as_ref().map(|(key, _)| key.clone());
            next.map(Ok)
        }))
    }

    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        let map = self.lock();
        let below = match prefix_end(prefix) {
            Some(end) => map.range(prefix.to_vec()..end).next_back(),
            None => map.range(prefix.to_vec()..).next_back(),
        };
        Ok(below.map(|(key, value)| (key.clone(), value.clone())))
    }

    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        Ok(self
            .lock()
            .range(prefix.to_vec()..)
            .next()
            .filter(|(key, _)| key.starts_with(prefix))
            .map(|(key, value)| (key.clone(), value.clone())))
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        #[cfg(test)]
        if let Some(hook) = &self.before_commit {
            hook(self, txn);
        }
        Ok(self.apply(txn))
    }

    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        // The map's lock is held throughout: commits wait.
        for (key, value) in self.lock().iter() {
            if !each(key, value) {
                break;
            }
        }
        Ok(())
    }

    #[cfg(test)]
    fn shared(&self) -> bool {
        self.shared
    }

    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
