//! The store as the features see it: reads only. A feature changes the store through the
//! kernel's commits (`App::commit_txn`, `Commits`), which tell the pages and the scheduler what
//! changed; it never commits behind their back.

use crate::store::{EntryIter, Store, StoreError};

/// Reads of the store: no way to write through it.
#[derive(Clone, Copy)]
pub(crate) struct Reads<'a>(pub(super) &'a dyn Store);

impl<'a> Reads<'a> {
    pub(crate) fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(key)
    }

    /// Every entry under `prefix`, read as the caller consumes them ([`Store::iter_prefix`]).
    pub(crate) fn iter_prefix(&self, prefix: &[u8]) -> EntryIter<'a> {
        self.0.iter_prefix(prefix)
    }
}
