//! The computer's searches in progress, by match: a commit to the match cancels its search.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::ids::MatchId;

/// Searches in progress, by match: a commit to the match cancels its search.
#[derive(Clone, Default)]
pub(crate) struct Thinking(Arc<Mutex<HashMap<MatchId, Arc<AtomicBool>>>>);

impl Thinking {
    pub(crate) fn start(&self, id: MatchId) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        self.lock().insert(id, flag.clone());
        flag
    }

    pub(crate) fn finish(&self, id: MatchId, flag: &Arc<AtomicBool>) {
        let mut map = self.lock();
        if map.get(&id).is_some_and(|current| Arc::ptr_eq(current, flag)) {
            map.remove(&id);
        }
    }

    /// Something else changed match `id`: its search, if any, is moot.
    pub(crate) fn cancel(&self, id: MatchId) {
        if let Some(flag) = self.lock().remove(&id) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<MatchId, Arc<AtomicBool>>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
