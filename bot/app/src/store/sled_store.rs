//! The embedded default: one sled tree holding every record under the key layout of
//! [`super::keys`], with group commit on top of `Db::flush`.
//!
//! sled 0.34 is beta and has open reports about unclean shutdowns; the crash test in the e2e
//! suite (`crash.rs`) is how we know it holds for our access pattern.

use std::path::Path;
use std::sync::{Condvar, Mutex, RwLock};

use sled::transaction::{abort, TransactionError};

use super::{Committed, EntryIter, KeyValue, Store, StoreError, Txn};

pub struct SledStore {
    db: sled::Db,
    flusher: GroupFlush,
    /// Commits hold it shared, a snapshot exclusively: sled has no point-in-time read of a
    /// whole tree, so a backup holds the writers back while it reads (readers go on).
    gate: RwLock<()>,
}

impl SledStore {
    /// Opens (or creates) the store in `dir`.
    /// Opens `dir` again right after the last handle was dropped (tests that restart): sled
    /// releases its directory lock from a background thread, so the lock may still be held
    /// for a moment.
    #[cfg(test)]
    pub(crate) fn reopen(dir: &Path) -> SledStore {
        let mut attempts = 0;
        loop {
            match SledStore::open(dir) {
                Ok(store) => return store,
                Err(err) if err.0.contains("lock") && attempts < 500 => {
                    attempts += 1;
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                Err(err) => panic!("{err}"),
            }
        }
    }

    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_with_cache(dir, None)
    }

    /// Opens with sled's page cache set to `cache_bytes` (sled's default, 1 GiB, when `None`):
    /// a small machine or a container with a memory limit wants less.
    pub fn open_with_cache(dir: &Path, cache_bytes: Option<u64>) -> Result<SledStore, StoreError> {
        let mut config = sled::Config::new().path(dir);
        if let Some(bytes) = cache_bytes {
            config = config.cache_capacity(bytes);
        }
        let db = config
            .open()
            .map_err(|err| StoreError(format!("cannot open the data directory {}: {err}", dir.display())))?;
        Ok(SledStore {
            db,
            flusher: GroupFlush::default(),
            gate: RwLock::new(()),
        })
    }

    /// How many sync requests were served by how many flushes (group commit at work).
    pub fn flush_stats(&self) -> FlushStats {
        let state = self.flusher.lock();
        FlushStats {
            requests: state.requested,
            flushes: state.flushes,
        }
    }
}

fn storage_error(err: sled::Error) -> StoreError {
    StoreError(err.to_string())
}

impl Store for SledStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self
            .db
            .get(key)
            .map_err(storage_error)?
            .map(|value| value.to_vec()))
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        Box::new(self.db.scan_prefix(prefix).map(|item| {
            item.map(|(key, value)| (key.to_vec(), value.to_vec()))
                .map_err(storage_error)
        }))
    }

    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.db
            .scan_prefix(prefix)
            .next_back()
            .transpose()
            .map(|found| found.map(|(key, value)| (key.to_vec(), value.to_vec())))
            .map_err(storage_error)
    }

    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.db
            .scan_prefix(prefix)
            .next()
            .transpose()
            .map(|found| found.map(|(key, value)| (key.to_vec(), value.to_vec())))
            .map_err(storage_error)
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        // A panic elsewhere cannot leave the gate's data inconsistent (it holds none).
        let _shared = self.gate.read().unwrap_or_else(|poison| poison.into_inner());
        let result = self.db.transaction(|tx| {
            for check in &txn.checks {
                let current = tx.get(&check.key)?;
                if current.as_deref() != check.expected.as_deref() {
                    return abort(check.key.clone());
                }
            }
            for write in &txn.writes {
                match &write.value {
                    Some(value) => {
                        tx.insert(write.key.as_slice(), value.as_slice())?;
                    }
                    None => {
                        tx.remove(write.key.as_slice())?;
                    }
                }
            }
            Ok(())
        });
        match result {
            Ok(()) => Ok(Committed::Applied),
            Err(TransactionError::Abort(key)) => Ok(Committed::Conflict { key }),
            Err(TransactionError::Storage(err)) => Err(storage_error(err)),
        }
    }

    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        let _exclusive = self.gate.write().unwrap_or_else(|poison| poison.into_inner());
        for entry in self.db.iter() {
            let (key, value) = entry.map_err(storage_error)?;
            if !each(&key, &value) {
                break;
            }
        }
        Ok(())
    }

    fn sync(&self) -> Result<(), StoreError> {
        self.flusher
            .sync(|| self.db.flush().map(drop).map_err(storage_error))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlushStats {
    pub requests: u64,
    pub flushes: u64,
}

/// Group commit: callers take a ticket after their commit; one caller at a time flushes,
/// covering every ticket taken before its flush started; the others wait for a flush that
/// covers theirs. Under load one flush serves many commits.
#[derive(Default)]
struct GroupFlush {
    state: Mutex<FlushState>,
    flushed: Condvar,
}

#[derive(Default)]
struct FlushState {
    /// Tickets handed out.
    requested: u64,
    /// Every ticket up to this one is durable.
    durable: u64,
    /// A flush is running.
    flushing: bool,
    /// Tickets up to this one belong to a flush that failed.
    failed_upto: u64,
    flushes: u64,
}

impl GroupFlush {
    fn lock(&self) -> std::sync::MutexGuard<'_, FlushState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn sync(&self, flush: impl Fn() -> Result<(), StoreError>) -> Result<(), StoreError> {
        let mut state = self.lock();
        state.requested += 1;
        let ticket = state.requested;
        loop {
            if state.durable >= ticket {
                return Ok(());
            }
            if state.failed_upto >= ticket {
                return Err(StoreError("flushing to disk failed".to_owned()));
            }
            if state.flushing {
                state = self
                    .flushed
                    .wait(state)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                continue;
            }
            // Every ticket taken so far belongs to a commit that finished before its ticket.
            let target = state.requested;
            state.flushing = true;
            drop(state);
            // Should `flush` unwind, the guard fails this flush's tickets and lets the next
            // caller flush: otherwise `flushing` would stay set and every later commit would wait
            // for ever.
            let guard = Unwinding { group: self, target };
            let result = flush();
            std::mem::forget(guard);
            state = self.lock();
            state.flushing = false;
            state.flushes += 1;
            match result {
                Ok(()) => state.durable = state.durable.max(target),
                Err(_) => state.failed_upto = state.failed_upto.max(target),
            }
            self.flushed.notify_all();
            result?;
        }
    }
}

/// Armed while a flush runs; dropped only if the flush unwinds (it is forgotten otherwise).
struct Unwinding<'a> {
    group: &'a GroupFlush,
    target: u64,
}

impl Drop for Unwinding<'_> {
    fn drop(&mut self) {
        let mut state = self.group.lock();
        state.flushing = false;
        state.flushes += 1;
        state.failed_upto = state.failed_upto.max(self.target);
        self.group.flushed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flush that panics fails its own callers and no one else's.
    #[test]
    fn a_panicking_flush_does_not_hang_later_commits() {
        let group = std::sync::Arc::new(GroupFlush::default());
        let panicked = {
            let group = group.clone();
            std::thread::spawn(move || group.sync(|| panic!("the disk driver panicked"))).join()
        };
        assert!(panicked.is_err(), "the panic reached its caller");
        let (sender, receiver) = std::sync::mpsc::channel();
        let later = group.clone();
        std::thread::spawn(move || sender.send(later.sync(|| Ok(()))).unwrap());
        let result = receiver
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("a later commit still gets its flush");
        assert!(result.is_ok());
        let state = group.lock();
        assert_eq!((state.durable, state.failed_upto, state.flushing), (2, 1, false));
    }

    #[test]
    fn a_failed_flush_fails_its_callers_and_the_next_flush_can_succeed() {
        let group = GroupFlush::default();
        assert!(group.sync(|| Err(StoreError("disk full".into()))).is_err());
        assert!(group.sync(|| Ok(())).is_ok());
        let state = group.lock();
        assert_eq!(
            (state.requested, state.durable, state.failed_upto, state.flushes),
            (2, 2, 1, 2)
        );
    }
}
