//! A unit of work: several commits that must land as one. Reads see the store with the unit's
//! own writes applied; a commit checks its conditions against that view and keeps its writes in
//! the unit; [`UnitOfWork::take_txn`] then gives one transaction that checks every value the
//! unit read from the store (and relied on) and makes every write, for one real commit.
//!
//! It lets a use case made of steps that each commit (a move, then the class tournament's next
//! round it completes, then the class channel's notices) commit once, so that a crash or a
//! concurrent change never leaves the first step without the others.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use super::{Committed, EntryIter, KeyValue, Store, StoreError, Txn};

pub struct UnitOfWork {
    base: Arc<dyn Store>,
    pending: Mutex<Pending>,
}

#[derive(Default)]
struct Pending {
    /// The unit's writes so far, by key (`None`: removed).
    writes: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
    /// The order in which keys were first written, for the final transaction.
    order: Vec<Vec<u8>>,
    /// The store's values the unit's commits relied on, by key.
    checks: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
}

impl UnitOfWork {
    pub fn new(base: Arc<dyn Store>) -> UnitOfWork {
        UnitOfWork {
            base,
            pending: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        // Commits check first, then write: a panic in between leaves the unit consistent.
        self.pending
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether any commit of the unit wrote something.
    pub fn is_empty(&self) -> bool {
        self.lock().writes.is_empty()
    }

    /// The one transaction of the unit: its checks on the store's values it relied on, and its
    /// writes in the order they were first made.
    /// The unit is empty afterwards.
    pub fn take_txn(&self) -> Txn {
        let pending = std::mem::take(&mut *self.lock());
        let mut txn = Txn::default();
        for (key, expected) in pending.checks {
            txn.check(key, expected);
        }
        let mut writes = pending.writes;
        for key in pending.order {
            if let Some(value) = writes.remove(&key) {
                match value {
                    Some(value) => txn.put(key, value),
                    None => txn.delete(key),
                };
            }
        }
        txn
    }
}

impl Store for UnitOfWork {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(value) = self.lock().writes.get(key) {
            return Ok(value.clone());
        }
        self.base.get(key)
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        let written: Vec<(Vec<u8>, Option<Vec<u8>>)> = self
            .lock()
            .writes
            .range(prefix.to_vec()..)
            .take_while(|(key, _)| key.starts_with(prefix))
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        Box::new(Merged {
            base: self.base.iter_prefix(prefix).peekable(),
            written: written.into_iter().peekable(),
        })
    }

    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        let last_written = {
            let pending = self.lock();
            let mut found = None;
            let mut removed_any = false;
            for (key, value) in pending.writes.range(prefix.to_vec()..) {
                if !key.starts_with(prefix) {
                    break;
                }
                match value {
                    Some(value) => found = Some((key.clone(), value.clone())),
                    None => removed_any = true,
                }
            }
            if removed_any {
                // A removal may have taken the store's last entry: read the range merged.
                drop(pending);
                return self.iter_prefix(prefix).last().transpose();
            }
            found
        };
        let last_stored = self.base.last_with_prefix(prefix)?;
        Ok(match (last_stored, last_written) {
            (Some(stored), Some(written)) => Some(if written.0 >= stored.0 { written } else { stored }),
            (stored, written) => stored.or(written),
        })
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        let mut relied = Vec::new();
        for check in &txn.checks {
            let written = self.lock().writes.get(&check.key).cloned();
            let current = match written {
                Some(value) => value,
                None => {
                    let stored = self.base.get(&check.key)?;
                    relied.push((check.key.clone(), stored.clone()));
                    stored
                }
            };
            if current != check.expected {
                return Ok(Committed::Conflict {
                    key: check.key.clone(),
                });
            }
        }
        let mut pending = self.lock();
        for (key, stored) in relied {
            pending.checks.entry(key).or_insert(stored);
        }
        for write in &txn.writes {
            if !pending.writes.contains_key(&write.key) {
                pending.order.push(write.key.clone());
            }
            pending.writes.insert(write.key.clone(), write.value.clone());
        }
        Ok(Committed::Applied)
    }

    fn snapshot(&self, _each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        Err(StoreError("a unit of work takes no snapshot".to_owned()))
    }

    /// Nothing is durable before the unit's one commit: its caller syncs after it.
    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn shared(&self) -> bool {
        self.base.shared()
    }

    fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        self.base.changes_by_others()
    }
}

/// The store's entries with the unit's writes laid over them, in key order.
struct Merged<'a, W: Iterator<Item = (Vec<u8>, Option<Vec<u8>>)>> {
    base: std::iter::Peekable<EntryIter<'a>>,
    written: std::iter::Peekable<W>,
}

impl<W: Iterator<Item = (Vec<u8>, Option<Vec<u8>>)>> Iterator for Merged<'_, W> {
    type Item = Result<KeyValue, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            // The store's next key against the unit's next key.
            let order = match (self.base.peek(), self.written.peek()) {
                (None, None) => return None,
                (Some(Err(_)), _) => return self.base.next(),
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(Ok((stored, _))), Some((written, _))) => stored.cmp(written),
            };
            match order {
                Ordering::Less => return self.base.next(),
                // The unit's write replaces the store's entry.
                Ordering::Equal => drop(self.base.next()),
                Ordering::Greater => {}
            }
            match self.written.next() {
                Some((key, Some(value))) => return Some(Ok((key, value))),
                // Removed by the unit.
                Some((_, None)) => continue,
                None => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{conformance, MemoryStore};

    fn put(store: &dyn Store, key: &[u8], value: &[u8]) {
        let mut txn = Txn::default();
        txn.put(key.to_vec(), value.to_vec());
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    }

    #[test]
    fn a_unit_keeps_the_store_contract() {
        conformance::contract(&UnitOfWork::new(Arc::new(MemoryStore::default())));
    }

    #[test]
    fn reads_see_the_units_writes_over_the_store() {
        let base: Arc<dyn Store> = Arc::new(MemoryStore::default());
        for key in [&b"a/1"[..], b"a/2", b"a/3", b"b/1"] {
            put(base.as_ref(), key, b"stored");
        }
        let unit = UnitOfWork::new(base.clone());
        let mut txn = Txn::default();
        txn.put(b"a/2".to_vec(), b"new".to_vec())
            .delete(b"a/3".to_vec())
            .put(b"a/0".to_vec(), b"new".to_vec())
            .put(b"a/4".to_vec(), b"new".to_vec());
        assert_eq!(unit.commit(&txn).unwrap(), Committed::Applied);
        let seen: Vec<(Vec<u8>, Vec<u8>)> = unit.scan_prefix(b"a/").unwrap();
        assert_eq!(
            seen,
            vec![
                (b"a/0".to_vec(), b"new".to_vec()),
                (b"a/1".to_vec(), b"stored".to_vec()),
                (b"a/2".to_vec(), b"new".to_vec()),
                (b"a/4".to_vec(), b"new".to_vec()),
            ]
        );
        assert_eq!(unit.get(b"a/3").unwrap(), None);
        assert_eq!(unit.last_with_prefix(b"a/").unwrap().unwrap().0, b"a/4".to_vec());
        assert_eq!(unit.first_with_prefix(b"a/").unwrap().unwrap().0, b"a/0".to_vec());
        // Nothing reached the store yet.
        assert_eq!(base.get(b"a/2").unwrap(), Some(b"stored".to_vec()));
        assert_eq!(base.get(b"a/0").unwrap(), None);
    }

    #[test]
    fn the_units_one_commit_checks_what_it_relied_on() {
        let base: Arc<dyn Store> = Arc::new(MemoryStore::default());
        put(base.as_ref(), b"match/1", b"v1");
        let unit = UnitOfWork::new(base.clone());
        let mut first = Txn::default();
        first
            .check(b"match/1".to_vec(), Some(b"v1".to_vec()))
            .put(b"match/1".to_vec(), b"v2".to_vec());
        assert_eq!(unit.commit(&first).unwrap(), Committed::Applied);
        // A later step checks the unit's own write: no check on the store for it.
        let mut second = Txn::default();
        second
            .check(b"match/1".to_vec(), Some(b"v2".to_vec()))
            .check(b"class/1".to_vec(), None)
            .put(b"class/1".to_vec(), b"c1".to_vec())
            .put(b"match/1".to_vec(), b"v3".to_vec());
        assert_eq!(unit.commit(&second).unwrap(), Committed::Applied);
        // A step whose condition fails in the unit's view fails as a commit would.
        let mut stale = Txn::default();
        stale
            .check(b"match/1".to_vec(), Some(b"v1".to_vec()))
            .put(b"x".to_vec(), b"x".to_vec());
        assert_eq!(
            unit.commit(&stale).unwrap(),
            Committed::Conflict {
                key: b"match/1".to_vec()
            }
        );
        let txn = unit.take_txn();
        assert!(unit.is_empty());
        assert_eq!(
            txn.checks
                .iter()
                .map(|check| (check.key.clone(), check.expected.clone()))
                .collect::<Vec<_>>(),
            vec![
                (b"class/1".to_vec(), None),
                (b"match/1".to_vec(), Some(b"v1".to_vec()))
            ]
        );
        assert_eq!(
            txn.writes
                .iter()
                .map(|write| (write.key.clone(), write.value.clone()))
                .collect::<Vec<_>>(),
            vec![
                (b"match/1".to_vec(), Some(b"v3".to_vec())),
                (b"class/1".to_vec(), Some(b"c1".to_vec())),
            ]
        );
        // Someone else changed the match meanwhile: the one commit fails whole.
        put(base.as_ref(), b"match/1", b"theirs");
        assert_eq!(
            base.commit(&txn).unwrap(),
            Committed::Conflict {
                key: b"match/1".to_vec()
            }
        );
        assert_eq!(base.get(b"class/1").unwrap(), None);
    }
}
