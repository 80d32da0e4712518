//! The store's upkeep: `lalao check` over every record and the links between them, and the
//! pruning of old event ids and dead letters in small batches.

use crate::kernel::lookups::PRUNE_BATCH;
use crate::record;
use crate::store::{keys, Committed, Txn};

/// What `lalao check` found in a store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreCheck {
    pub entries: usize,
    /// Corrupt records and broken links, one line each.
    pub errors: Vec<String>,
    /// Records written by a newer lalao: sound, kept as they are for that build.
    pub newer: Vec<String>,
}

crate::kernel::family::family! {
    /// The store's upkeep.
    Upkeep
}

impl Upkeep<'_> {
    /// Used by `lalao check`: decodes every stored entry and checks the links between them
    /// (service/links.rs); returns (entries, errors). Records a newer lalao wrote are not
    /// errors: [`Upkeep::check`] lists them apart.
    pub fn check_store(&self) -> Result<(usize, Vec<String>), crate::store::StoreError> {
        let check = self.check()?;
        Ok((check.entries, check.errors))
    }

    /// `lalao check`: every stored entry decoded, the links between them checked, and the
    /// records written by a newer lalao counted apart from the corrupt ones.
    pub fn check(&self) -> Result<StoreCheck, crate::store::StoreError> {
        // Streamed: one entry in memory at a time, plus the keys and ids the links need.
        let mut check = StoreCheck::default();
        let mut links = crate::ops::invariants::Links::default();
        for entry in self.reads().iter_prefix(b"") {
            let (key, value) = entry?;
            check.entries += 1;
            let shown = || String::from_utf8_lossy(&key).replace('\0', "/");
            match record::decode_entry(&key, &value) {
                Ok(decoded) => links.see(&key, Some(decoded)),
                Err(err) if err.is_newer() => {
                    check.newer.push(format!("{}: {err}", shown()));
                    links.see_newer(&key);
                }
                Err(err) => {
                    check.errors.push(format!("{}: {err}", shown()));
                    links.see(&key, None);
                }
            }
        }
        check.errors.extend(links.errors());
        Ok(check)
    }

    /// `lalao check --person ID`: the key of every entry whose key or value holds `word`, as
    /// `lalao check` names records (streamed: one entry in memory at a time). Empty: nothing of
    /// whoever `word` names is left, in any record, index, outbox line or review.
    pub fn holding(&self, word: &str) -> Result<Vec<String>, crate::store::StoreError> {
        let word = word.as_bytes();
        let holds = |bytes: &[u8]| !word.is_empty() && bytes.windows(word.len()).any(|window| window == word);
        let mut found = Vec::new();
        for entry in self.reads().iter_prefix(b"") {
            let (key, value) = entry?;
            if holds(&key) || holds(&value) {
                found.push(String::from_utf8_lossy(&key).replace('\0', "/"));
            }
        }
        Ok(found)
    }

    /// Removes processed-event records older than `before` (Unix seconds): platforms stop
    /// redelivering after minutes, so a day's window is plenty. A corrupt one goes too; one
    /// written by a newer lalao stays (its time is the newer build's to read, and pruning it
    /// would let that build apply its event a second time).
    pub fn prune_events(&self, before: u64) -> Result<usize, crate::store::StoreError> {
        self.prune_older(keys::EVENT_PREFIX, before, |value| {
            match record::decode::<record::EventRecord>(value, "an event record") {
                Ok(event) => Some(event.at),
                Err(err) if err.is_newer() => None,
                Err(_) => Some(0),
            }
        })
    }

    /// Removes dead letters given up before `before` (Unix seconds): the operator has had
    /// them in `lalao check` for that long. An unreadable one stays for the operator.
    pub fn prune_dead_letters(&self, before: u64) -> Result<usize, crate::store::StoreError> {
        self.prune_older(keys::DEAD_LETTER_PREFIX, before, |value| {
            record::decode::<lalao_model::notify::DeadLetter>(value, "a dead letter")
                .ok()
                .map(|letter| letter.at)
        })
    }

    /// Removes the records under `prefix` whose time (`at`; `None`: keep it) is before
    /// `before`, in commits of [`PRUNE_BATCH`] records each: a batch that met a concurrent
    /// change is left for the next pruning.
    fn prune_older(
        &self,
        prefix: &[u8],
        before: u64,
        at: impl Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, crate::store::StoreError> {
        let mut removed = 0;
        let mut batch = Txn::default();
        let mut flush = |batch: &mut Txn| -> Result<(), crate::store::StoreError> {
            if !batch.writes.is_empty() && self.commit_txn(batch)? == Committed::Applied {
                removed += batch.writes.len();
            }
            *batch = Txn::default();
            Ok(())
        };
        for entry in self.reads().iter_prefix(prefix) {
            let (key, value) = entry?;
            if at(&value).is_some_and(|at| at < before) {
                batch.check(key.clone(), Some(value)).delete(key);
                if batch.writes.len() >= PRUNE_BATCH {
                    flush(&mut batch)?;
                }
            }
        }
        flush(&mut batch)?;
        self.sync()?;
        Ok(removed)
    }
}
