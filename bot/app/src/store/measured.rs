//! A store that times what it is asked: the latency of reads and commits that `/metrics`
//! shows, measured around any backend without the backend knowing.

use std::sync::Arc;
use std::time::Instant;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};

use super::{Committed, Entries, EntryIter, KeyValue, Store, StoreError, Txn};

/// Where a measured store counts.
#[derive(Clone)]
pub struct StoreMeasures {
    /// The time of each read (one key, or the first or last of a range).
    pub reads: Histogram,
    /// The time of each commit and each wait for durability.
    pub commits: Histogram,
    /// Commits applied.
    pub applied: Counter,
    /// Commits refused because a checked key had changed.
    pub conflicts: Counter,
}

impl Default for StoreMeasures {
    fn default() -> StoreMeasures {
        // From 50 µs (a cached sled read) to 13 s (a database far gone), by fours.
        let latency = || Histogram::new(exponential_buckets(0.000_05, 4.0, 10));
        StoreMeasures {
            reads: latency(),
            commits: latency(),
            applied: Counter::default(),
            conflicts: Counter::default(),
        }
    }
}

/// `inner`, timed and counted.
pub struct Measured {
    inner: Arc<dyn Store>,
    measures: StoreMeasures,
}

impl Measured {
    pub fn new(inner: Arc<dyn Store>, measures: StoreMeasures) -> Measured {
        Measured { inner, measures }
    }
}

fn timed<T>(histogram: &Histogram, work: impl FnOnce() -> T) -> T {
    let began = Instant::now();
    let answer = work();
    histogram.observe(began.elapsed().as_secs_f64());
    answer
}

impl Store for Measured {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        timed(&self.measures.reads, || self.inner.get(key))
    }
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.inner.iter_prefix(prefix)
    }
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        timed(&self.measures.reads, || self.inner.last_with_prefix(prefix))
    }
    fn scan_prefix(&self, prefix: &[u8]) -> Result<Entries, StoreError> {
        self.inner.scan_prefix(prefix)
    }
    fn count_prefix(&self, prefix: &[u8], limit: usize) -> Result<usize, StoreError> {
        self.inner.count_prefix(prefix, limit)
    }
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        let committed = timed(&self.measures.commits, || self.inner.commit(txn))?;
        match committed {
            Committed::Applied => self.measures.applied.inc(),
            Committed::Conflict { .. } => self.measures.conflicts.inc(),
        };
        Ok(committed)
    }
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.inner.snapshot(each)
    }
    fn sync(&self) -> Result<(), StoreError> {
        timed(&self.measures.commits, || self.inner.sync())
    }
    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        timed(&self.measures.reads, || self.inner.first_with_prefix(prefix))
    }
    fn shared(&self) -> bool {
        self.inner.shared()
    }
    fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        self.inner.changes_by_others()
    }
    fn scan_all(&self) -> Result<Entries, StoreError> {
        self.inner.scan_all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    /// The wrapper keeps the store's contract, and counts each read and commit once.
    #[test]
    fn a_measured_store_keeps_the_contract_and_counts_what_it_is_asked() {
        let measures = StoreMeasures::default();
        let store = Measured::new(Arc::new(MemoryStore::default()), measures.clone());
        crate::store::conformance::contract(&store);
        // A histogram tells its count only through its encoding.
        let count = |histogram: &Histogram| {
            let mut registry = prometheus_client::registry::Registry::default();
            registry.register("h", "h", histogram.clone());
            let mut text = String::new();
            prometheus_client::encoding::prometheus_text::encode(&mut text, &registry).unwrap();
            text.lines()
                .find_map(|line| line.strip_prefix("h_count "))
                .and_then(|count| count.parse::<u64>().ok())
                .unwrap()
        };
        let counts = |m: &StoreMeasures| {
            (
                count(&m.reads),
                count(&m.commits),
                m.applied.get(),
                m.conflicts.get(),
            )
        };
        let (reads, commits, applied, conflicts) = counts(&measures);
        assert!(reads > 0 && commits > 0 && applied > 0 && conflicts > 0);
        store.get(b"k").unwrap();
        let mut txn = Txn::default();
        txn.put(b"k".to_vec(), b"v".to_vec());
        store.commit(&txn).unwrap();
        txn.check(b"k".to_vec(), None);
        store.commit(&txn).unwrap();
        assert_eq!(
            counts(&measures),
            (reads + 1, commits + 2, applied + 1, conflicts + 1)
        );
    }
}
