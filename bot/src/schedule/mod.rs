//! The durable scheduler (issue 9): every timer is a key of the store's time-ordered index
//! `timer/<due>/<target>`, written in the same atomic commit as the change that makes it
//! necessary (or moot). Firing a timer is one commit too: it removes the timer (checked to be
//! still there), applies its effect to the match and puts the notifications in the outbox. So
//! after a crash every overdue timer fires exactly once, in due order, and nothing is lost: a
//! timer is either still in the index or its effects are committed.
//!
//! Nothing polls the matches: the run loop reads only the first key of the index, sleeps until
//! it is due, and is woken early by [`Wake`] when a commit adds an earlier timer.
//! Delivery is separate: adapters drain the outbox through a [`notify::Notifier`].

pub mod clock;
mod fire;
pub mod notify;
pub mod timing;

#[cfg(test)]
mod tests;

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

pub use clock::ManualClock;
pub use notify::{Notification, Notifier, Recipient};

use crate::service::Service;
use crate::store::{keys, StoreError};
use timing::DAY;

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
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            challenge_expiry: Some(7 * DAY),
            first_move_window: Some(7 * DAY),
            vacation_days_per_month: 14,
            max_grant: 14 * DAY,
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
    fn sleep_until(&self, deadline: Option<u64>, now: impl Fn() -> u64, cap: Duration) {
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
}

impl Service {
    /// The earliest pending timer's due time.
    pub fn next_due(&self) -> Result<Option<u64>, StoreError> {
        Ok(self
            .store()
            .first_with_prefix(keys::TIMER_PREFIX)?
            .and_then(|(key, _)| keys::timer_due(&key)))
    }

    /// Notifications fired and not yet delivered, in firing order.
    pub fn pending_notifications(&self) -> Result<Vec<Notification>, StoreError> {
        let mut found = Vec::new();
        for (key, value) in self.store().scan_prefix(keys::OUTBOX_PREFIX)? {
            match crate::record::decode::<Notification>(&value, "a notification") {
                Ok(mut notification) => {
                    notification.id = String::from_utf8_lossy(&key).into_owned();
                    found.push(notification);
                }
                Err(err) => tracing::error!(error = %err, "an unreadable notification is skipped"),
            }
        }
        Ok(found)
    }

    /// Removes a delivered notification from the outbox.
    pub fn ack_notification(&self, id: &str) -> Result<(), StoreError> {
        let mut txn = crate::store::Txn::default();
        txn.delete(id.as_bytes().to_vec());
        self.commit_txn(&txn)?;
        self.store().sync()
    }

    /// Delivers every pending notification in order, removing each once delivered. Stops at
    /// the first failure (the rest wait, so the order is kept). Returns how many went out.
    pub fn deliver_pending(&self, notifier: &dyn Notifier) -> Result<usize, StoreError> {
        let mut sent = 0;
        for notification in self.pending_notifications()? {
            if let Err(err) = notifier.deliver(&notification) {
                tracing::warn!(error = %err, id = %notification.id, "delivery failed; will retry");
                break;
            }
            self.ack_notification(&notification.id)?;
            sent += 1;
        }
        Ok(sent)
    }

    /// The scheduler's wake signal (commits note new timers on it).
    pub fn wake(&self) -> Arc<Wake> {
        self.hooks().wake.clone()
    }
}

/// How long the run loop sleeps at most after `failures` failed deliveries in a row.
fn retry_wait(failures: u32, cap: Duration) -> Duration {
    match failures {
        0 => cap,
        n => Duration::from_secs(1u64 << (n - 1).min(6)).min(cap),
    }
}

/// The adapters' hook: fires due timers and delivers notifications until `stop` is set,
/// sleeping until the next timer in between. Run it on its own thread beside the adapter.
pub fn run(service: &Service, notifier: &dyn Notifier, stop: &std::sync::atomic::AtomicBool) {
    use std::sync::atomic::Ordering;
    let wake = service.wake();
    // A bound on each sleep: the system clock may jump, and a failed delivery is retried.
    let cap = Duration::from_secs(60);
    let mut pruned_at = 0;
    // Failed deliveries in a row: the next attempt waits 1 s, 2 s, 4 s… up to the cap, so a
    // platform that is briefly down (a 5xx, a rate limit) is retried soon, and one that stays
    // down is not hammered.
    let mut failures: u32 = 0;
    // A computer's answer lost to a crash is played now and announced like a timer's message.
    if let Err(err) = service.resume_computer_turns() {
        tracing::error!(error = %err, "resuming the computer's turns failed");
    }
    while !stop.load(Ordering::Relaxed) {
        // Housekeeping once a day: platforms stop redelivering events after minutes, so event
        // ids older than a week are no longer needed for at-most-once processing.
        let now = service.now();
        if now.saturating_sub(pruned_at) >= DAY {
            match service.prune_events(now.saturating_sub(7 * DAY)) {
                Ok(_) => pruned_at = now,
                Err(err) => tracing::error!(error = %err, "pruning old event ids failed"),
            }
        }
        if let Err(err) = service.fire_due() {
            tracing::error!(error = %err, "firing timers failed");
        }
        if let Err(err) = service.deliver_pending(notifier) {
            tracing::error!(error = %err, "delivering notifications failed");
        }
        // What is still in the outbox failed to go out (the rest waits behind it).
        let stuck = service
            .pending_notifications()
            .map(|pending| !pending.is_empty())
            .unwrap_or(true);
        failures = if stuck { failures.saturating_add(1) } else { 0 };
        let next = service.next_due().unwrap_or_else(|err| {
            tracing::error!(error = %err, "reading the timer index failed");
            None
        });
        wake.sleep_until(next, || service.now(), retry_wait(failures, cap));
    }
}
