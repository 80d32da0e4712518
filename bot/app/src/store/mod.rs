//! Storage behind one small trait: ordered byte keys and values, reads, prefix scans, and one
//! atomic optimistic commit (checks + writes). That is all the service needs, and all a future
//! distributed backend (FoundationDB, etcd, Postgres…) must provide. No sled type leaks past
//! [`sled_store`]. The key layout and the record schema are in `docs/storage.md`.

pub mod keys;
mod memory;
mod sled_store;

pub use memory::MemoryStore;
pub use sled_store::SledStore;

use thiserror::Error;

/// Keys and values, in key order.
pub type Entries = Vec<(Vec<u8>, Vec<u8>)>;

/// One key and its value.
pub type KeyValue = (Vec<u8>, Vec<u8>);

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

    /// Every key starting with `prefix`, in key order.
    fn scan_prefix(&self, prefix: &[u8]) -> Result<Entries, StoreError>;

    /// Applies `txn` atomically (see [`Txn`]). Visible to readers at once, durable only after
    /// [`Store::sync`].
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError>;

    /// Returns once every commit that returned before this call is durable. Concurrent callers
    /// share flushes (group commit), so this is cheap under load.
    fn sync(&self) -> Result<(), StoreError>;

    /// The first entry (in key order) whose key starts with `prefix`. The scheduler asks for
    /// the earliest timer this way, so backends should answer without reading the whole range.
    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        Ok(self.scan_prefix(prefix)?.into_iter().next())
    }

    /// Every key and value, for `lalao check` and migrations.
    fn scan_all(&self) -> Result<Entries, StoreError> {
        self.scan_prefix(b"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contract every backend must keep.
    fn contract(store: &dyn Store) {
        assert_eq!(store.get(b"a").unwrap(), None);
        let mut txn = Txn::default();
        txn.check(b"a".to_vec(), None)
            .put(b"a".to_vec(), b"1".to_vec())
            .put(b"b/1".to_vec(), b"x".to_vec());
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
        // The same checks now fail and write nothing.
        let mut again = Txn::default();
        again
            .check(b"a".to_vec(), None)
            .put(b"c".to_vec(), b"never".to_vec());
        assert_eq!(
            store.commit(&again).unwrap(),
            Committed::Conflict { key: b"a".to_vec() }
        );
        assert_eq!(store.get(b"c").unwrap(), None);
        // Compare-and-swap on the current value, and delete.
        let mut swap = Txn::default();
        swap.check(b"a".to_vec(), Some(b"1".to_vec()))
            .put(b"a".to_vec(), b"2".to_vec())
            .delete(b"b/1".to_vec())
            .put(b"b/2".to_vec(), b"y".to_vec())
            .put(b"b/3".to_vec(), b"z".to_vec());
        assert_eq!(store.commit(&swap).unwrap(), Committed::Applied);
        assert_eq!(store.get(b"a").unwrap(), Some(b"2".to_vec()));
        let scanned = store.scan_prefix(b"b/").unwrap();
        assert_eq!(
            scanned,
            vec![(b"b/2".to_vec(), b"y".to_vec()), (b"b/3".to_vec(), b"z".to_vec())]
        );
        assert_eq!(
            store.first_with_prefix(b"b/").unwrap(),
            Some((b"b/2".to_vec(), b"y".to_vec()))
        );
        assert_eq!(store.first_with_prefix(b"zz").unwrap(), None);
        store.sync().unwrap();
        assert_eq!(store.scan_all().unwrap().len(), 3);
    }

    #[test]
    fn memory_store_keeps_the_contract() {
        contract(&MemoryStore::default());
    }

    #[test]
    fn sled_store_keeps_the_contract_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            contract(&store);
        }
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.get(b"a").unwrap(), Some(b"2".to_vec()));
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
