//! Storage behind one small trait: ordered byte keys and values, reads, prefix scans, and one
//! atomic optimistic commit (checks + writes). That is all the service needs, and all a future
//! distributed backend (FoundationDB, etcd, Postgres…) must provide. No sled type leaks past
//! [`sled_store`]. The key layout and the record schema are in `docs/storage.md`.

pub mod backup;
pub mod conformance;
pub mod measured;
mod memory;
mod sled_store;
mod unit_of_work;

pub use lalao_model::keys;
pub use memory::MemoryStore;
pub use sled_store::SledStore;
pub use unit_of_work::UnitOfWork;

use thiserror::Error;

/// Keys and values, in key order.
pub type Entries = Vec<(Vec<u8>, Vec<u8>)>;

/// One key and its value.
pub type KeyValue = (Vec<u8>, Vec<u8>);

/// Entries read as they are consumed ([`Store::iter_prefix`]).
pub type EntryIter<'a> = Box<dyn Iterator<Item = Result<KeyValue, StoreError>> + 'a>;

/// A storage failure: the backend could not read or write. Not a conflict (see [`Committed`]).
#[derive(Debug, Error)]
#[error("storage error: {0}")]
pub struct StoreError(pub String);

/// One condition of a commit: the key must currently hold exactly `expected` (`None`: absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub key: Vec<u8>,
    pub expected: Option<Vec<u8>>,
}

/// One write of a commit: `Some` stores the value, `None` removes the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Write {
    pub key: Vec<u8>,
    pub value: Option<Vec<u8>>,
}

/// An atomic step: if every check holds, every write applies; otherwise nothing does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Txn {
    pub checks: Vec<Check>,
    pub writes: Vec<Write>,
}

impl Txn {
    pub fn check(&mut self, key: Vec<u8>, expected: Option<Vec<u8>>) -> &mut Txn {
        self.checks.push(Check { key, expected });
        self
    }

    pub fn put(&mut self, key: Vec<u8>, value: Vec<u8>) -> &mut Txn {
        self.writes.push(Write {
            key,
            value: Some(value),
        });
        self
    }

    pub fn delete(&mut self, key: Vec<u8>) -> &mut Txn {
        self.writes.push(Write { key, value: None });
        self
    }
}

/// What a commit did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Committed {
    Applied,
    /// The check on this key failed: someone else changed it first. Nothing was written.
    Conflict {
        key: Vec<u8>,
    },
}

/// The storage seam. Implementations must be safe to share between threads.
pub trait Store: Send + Sync + 'static {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;

    /// Every entry whose key starts with `prefix`, in key order, read as the caller consumes
    /// them: a range of any size holds one entry at a time in memory. Not a snapshot: a commit
    /// made during the iteration may or may not be seen, as with any cursor.
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a>;

    /// The last entry (in key order) whose key starts with `prefix`: the highest match id is
    /// found this way, so backends should answer without reading the whole range.
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError>;

    /// Every key starting with `prefix`, in key order, collected: for ranges known to be small
    /// (one player's matches, the due timers). Anything that can grow with the store uses
    /// [`Store::iter_prefix`].
    fn scan_prefix(&self, prefix: &[u8]) -> Result<Entries, StoreError> {
        self.iter_prefix(prefix).collect()
    }

    /// How many keys start with `prefix`, counting no further than `limit`.
    fn count_prefix(&self, prefix: &[u8], limit: usize) -> Result<usize, StoreError> {
        let mut count = 0;
        for entry in self.iter_prefix(prefix).take(limit) {
            entry?;
            count += 1;
        }
        Ok(count)
    }

    /// Applies `txn` atomically (see [`Txn`]). Visible to readers at once, durable only after
    /// [`Store::sync`].
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError>;

    /// Calls `each` with every entry, in key order, as they all stood at one instant: no
    /// commit lands in between (commits wait until it returns). `each` answers `false` to stop.
    /// For backups ([`backup::write_backup`]).
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError>;

    /// Returns once every commit that returned before this call is durable. Concurrent callers
    /// share flushes (group commit), so this is cheap under load.
    fn sync(&self) -> Result<(), StoreError>;

    /// The first entry (in key order) whose key starts with `prefix`. The scheduler asks for
    /// the earliest timer this way, so backends should answer without reading the whole range.
    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.iter_prefix(prefix).next().transpose()
    }

    /// Whether other processes may use this store at the same time (PostgreSQL; sled is
    /// locked to one process). The outbox is then delivered under leases, so that each
    /// notification goes out from one process.
    fn shared(&self) -> bool {
        false
    }

    /// On a shared store: how many commits of *other* processes that changed a match or a
    /// class (what the web pages show, [`crate::kernel::changes::Changed`]) this store has
    /// seen so far, counted by one cheap read. A reader that finds the count unchanged knows
    /// nothing it shows changed elsewhere (this process's own commits are told through
    /// `Service::changes`). `None`: the store cannot tell, and readers of a shared store read
    /// again what they show instead.
    fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        Ok(None)
    }

    /// Every key and value, collected: for tests and small stores. `lalao check` and
    /// migrations stream with `iter_prefix(b"")`.
    fn scan_all(&self) -> Result<Entries, StoreError> {
        self.scan_prefix(b"")
    }
}

/// The smallest key above every key that starts with `prefix` (`None`: no such key, the prefix
/// is empty or all 0xff), for backends that read a range backwards.
pub fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot sees each commit whole or not at all, while commits go on around it.
    #[test]
    fn a_snapshot_is_taken_at_one_instant() {
        let dir = tempfile::tempdir().unwrap();
        let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
        conformance::snapshot_at_one_instant(store, 2000);
    }

    #[test]
    fn a_prefix_ends_at_the_next_key_that_does_not_start_with_it() {
        assert_eq!(prefix_end(b"b/"), Some(b"b0".to_vec()));
        assert_eq!(prefix_end(&[b'a', 0xff]), Some(b"b".to_vec()));
        assert_eq!(prefix_end(&[0xff, 0xff]), None);
        assert_eq!(prefix_end(b""), None);
    }

    #[test]
    fn memory_store_keeps_the_contract() {
        conformance::contract(&MemoryStore::default());
        conformance::contended_increments(std::sync::Arc::new(MemoryStore::default()), 4, 50);
    }

    #[test]
    fn sled_store_keeps_the_contract_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            conformance::contract(&store);
        }
        // sled's own flusher thread may hold the directory's lock a moment after the last
        // handle is dropped: a reopen in the same process waits for it, as a restart would.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let store = loop {
            match SledStore::open(dir.path()) {
                Ok(store) => break store,
                Err(err)
                    if err.0.contains("could not acquire lock") && std::time::Instant::now() < deadline =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(err) => panic!("{err}"),
            }
        };
        assert_eq!(store.get(b"a").unwrap(), Some(b"2".to_vec()));
        conformance::contended_increments(std::sync::Arc::new(store), 4, 50);
    }

    #[test]
    fn concurrent_syncs_all_return_after_their_commits() {
        let dir = tempfile::tempdir().unwrap();
        let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
        let threads: Vec<_> = (0..8u8)
            .map(|i| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for j in 0..50u8 {
                        let mut txn = Txn::default();
                        txn.put(vec![b'k', i, j], vec![j]);
                        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
                        store.sync().unwrap();
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(store.scan_prefix(b"k").unwrap().len(), 400);
        let stats = store.flush_stats();
        assert_eq!(stats.requests, 400);
        assert!(stats.flushes >= 1 && stats.flushes <= 400);
    }
}
