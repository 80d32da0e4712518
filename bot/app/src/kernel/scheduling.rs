//! What the service keeps for the scheduler: its limits ([`Policy`]) and the [`Wake`] by which
//! a commit that adds an earlier timer wakes the run loop (`crate::schedule`).

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use lalao_model::units::DAY;

/// Configurable limits (defaults documented in docs/time-controls.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Unaccepted challenges expire after this long (`None`: never). A channel may override it.
    pub challenge_expiry: Option<u64>,
    /// Accepted matches with no move after this long are aborted (`None`: never).
    pub first_move_window: Option<u64>,
    pub vacation_days_per_month: u32,
    /// Longest single grant of extra time.
    pub max_grant: u64,
    /// Longest one pass over a platform's notifications may take before the next pass starts
    /// from the front of the outbox again: a destination that answers slowly delays the
    /// platform's other destinations a pass at most (other platforms' notices and the timers
    /// not at all: they have threads of their own).
    pub delivery_pass: Duration,
    /// How many days a class keeps its finished matches (games and activities) unless it says
    /// otherwise (`LALAO_KEEP_DAYS`; `None`: for ever). The daily housekeeping removes older
    /// ones (docs/privacy.md).
    pub keep_days: Option<u32>,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            challenge_expiry: Some(7 * DAY),
            first_move_window: Some(7 * DAY),
            vacation_days_per_month: 14,
            max_grant: 14 * DAY,
            delivery_pass: Duration::from_secs(30),
            keep_days: None,
        }
    }
}

/// Wakes the run loop when a commit adds a timer earlier than the one it sleeps for.
#[derive(Default)]
pub struct Wake {
    /// The earliest due time noted since the loop last looked.
    earliest: Mutex<Option<u64>>,
    changed: Condvar,
}

impl Wake {
    /// What the loop would see if it looked now (tests).
    #[cfg(test)]
    pub(crate) fn peek(&self) -> Option<u64> {
        *self
            .earliest
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn note(&self, due: u64) {
        let mut earliest = self
            .earliest
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if earliest.is_none_or(|current| due < current) {
            *earliest = Some(due);
            self.changed.notify_all();
        }
    }

    /// Sleeps until `deadline` (Unix seconds by `now`) or until a timer due before it is noted.
    /// Returns at once if one was noted since the last call.
    pub(crate) fn sleep_until(&self, deadline: Option<u64>, now: impl Fn() -> u64, cap: Duration) {
        let mut earliest = self
            .earliest
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        loop {
            let current = now();
            if earliest
                .take()
                .is_some_and(|due| deadline.is_none_or(|d| due < d) || due <= current)
            {
                return;
            }
            let wait = match deadline {
                Some(deadline) if deadline <= current => return,
                Some(deadline) => Duration::from_secs(deadline - current).min(cap),
                None => cap,
            };
            let (guard, timeout) = self
                .changed
                .wait_timeout(earliest, wait)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            earliest = guard;
            if timeout.timed_out() {
                return;
            }
        }
    }
}

/// What the service keeps for the scheduler.
#[derive(Clone, Default)]
pub struct Hooks {
    pub policy: Policy,
    pub wake: Arc<Wake>,
    /// Wakes the review worker when a review is queued (`service/review.rs`).
    pub reviews: Arc<Wake>,
    /// Panics the scheduler loop owes (`LALAO_FAULT_SCHEDULER_PANICS`, tests and drills only):
    /// each start of the loop pays one until none is left, so the end-to-end suite sees the loop
    /// come back in the real binary.
    pub injected_panics: Arc<std::sync::atomic::AtomicU32>,
    /// Matches whose review panics (tests of the review worker only).
    #[cfg(test)]
    pub(crate) review_panics: Arc<std::sync::Mutex<Vec<crate::ids::MatchId>>>,
}
