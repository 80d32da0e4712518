//! The scheduler's runner: the loop beside each adapter that fires due timers, the threads that
//! drain the outbox through a [`Notifier`] (one per platform), and the service's outbox
//! operations they use. The policy they apply (timing, plans, quiet hours) is pure and lives in
//! the sibling modules.

use crate::ops::retention::{Retention, EXPIRED_PER_PASS};
use crate::ops::upkeep::Upkeep;
use crate::play::computer::ComputerTurns;
use crate::schedule::fire::Timers;
use crate::schedule::roles::Roles;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::notifier::{DeadLetter, DeliveryError, Lease, Notification, Notifier};
use super::timing::DAY;
use super::Wake;
use crate::ids::Platform;
use crate::kernel::App;
use crate::store::{keys, StoreError};

/// How long (seconds) a process may take to deliver a notification it claimed before another
/// process may deliver it instead.
pub const OUTBOX_LEASE: u64 = 60;
/// How long a dead letter is kept for the operator before it is pruned.
pub const DEAD_LETTERS_KEPT: u64 = 30 * DAY;
/// The role of the one process that prunes old event ids (`lease/prune`).
const PRUNE_ROLE: &str = "prune";

/// What claiming an outbox entry found.
enum Claim {
    Ours,
    Gone,
    Elsewhere,
}

crate::kernel::family::family! {
    /// The outbox: notifications delivered per destination, dead letters, leases.
    Outbox
}

impl Outbox<'_> {
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
        for entry in self.store().iter_prefix(keys::OUTBOX_PREFIX) {
            let (key, value) = entry?;
            match crate::record::decode::<Notification>(&value, "a notification") {
                Ok(mut notification) => {
                    notification.id = String::from_utf8_lossy(&key).into_owned();
                    // The commands a notice tells its reader to type, in the form that works on
                    // the platform it goes to.
                    let platform = match &notification.recipient {
                        super::notifier::Recipient::Channel { channel } => channel.platform(),
                        super::notifier::Recipient::Direct { user } => user.platform(),
                    };
                    notification.text = crate::command::grammar::instructions::for_surface(
                        &notification.text,
                        crate::command::grammar::Surface::of(platform),
                    );
                    found.push(notification);
                }
                // Written by a newer lalao (a rollback): that build delivers it.
                Err(err) if err.is_newer() => {
                    tracing::info!(error = %err, "a notification of a newer lalao is left for it")
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

    /// Delivers the pending notifications, each destination's in firing order, removing each
    /// once delivered. A transient failure holds back the rest of that destination only; a
    /// permanent one moves the notification to the dead letters. Returns how many went out.
    pub fn deliver_pending(&self, notifier: &dyn Notifier) -> Result<usize, StoreError> {
        self.deliver_pending_on(notifier, None)
    }

    /// [`Outbox::deliver_pending`] for the notifications of one platform only (or all).
    fn deliver_pending_on(
        &self,
        notifier: &dyn Notifier,
        only: Option<Platform>,
    ) -> Result<usize, StoreError> {
        let mut sent = 0;
        let mut held: HashSet<String> = HashSet::new();
        let started = std::time::Instant::now();
        for notification in self.pending_notifications()? {
            if only.is_some_and(|platform| notification.recipient.platform() != platform) {
                continue;
            }
            if started.elapsed() >= self.hooks().policy.delivery_pass {
                // The rest waits for the next pass.
                break;
            }
            let destination = notification.recipient.destination();
            if held.contains(&destination) {
                continue;
            }
            if self.store().shared() && !notifier.serves(notification.recipient.platform()) {
                // Another process serves that platform.
                continue;
            }
            let claim = if self.store().shared() {
                self.claim_notification(&notification.id)?
            } else {
                // One process: nobody to share the outbox with.
                Claim::Ours
            };
            match claim {
                Claim::Ours => {}
                // Delivered meanwhile by another process.
                Claim::Gone => continue,
                // Another process is delivering it: this destination's later notices wait, so
                // that they keep their order.
                Claim::Elsewhere => {
                    held.insert(destination);
                    continue;
                }
            }
            let platform = notification.recipient.platform().id();
            match notifier.deliver(&notification) {
                Ok(()) => {
                    self.ack_notification(&notification.id)?;
                    self.metrics().delivery(platform, "delivered");
                    sent += 1;
                }
                Err(DeliveryError::Transient(why)) => {
                    self.metrics().delivery(platform, "retried");
                    tracing::warn!(error = %why, id = %notification.id, %destination,
                        "delivery failed; this destination waits and will be retried");
                    if self.store().shared() {
                        // Whichever process retries first may take it.
                        self.release_notification(&notification.id)?;
                    }
                    held.insert(destination);
                }
                Err(DeliveryError::Permanent(why)) => {
                    self.metrics().delivery(platform, "dead");
                    tracing::error!(error = %why, id = %notification.id, key = %notification.key, %destination,
                        "a notification cannot be delivered and is dropped from the outbox into the dead letters");
                    self.dead_letter(&notification, why)?;
                }
            }
        }
        Ok(sent)
    }

    /// Takes the lease of outbox entry `id` for this process, unless another holds a live one.
    /// Not synced: a lease lost in a crash only lets another process deliver sooner.
    fn claim_notification(&self, id: &str) -> Result<Claim, StoreError> {
        let key = id.as_bytes().to_vec();
        let Some(bytes) = self.store().get(&key)? else {
            return Ok(Claim::Gone);
        };
        let Ok(mut raw) = crate::record::decode::<Notification>(&bytes, "a notification") else {
            return Ok(Claim::Elsewhere);
        };
        let now = self.now();
        if raw
            .lease
            .as_ref()
            .is_some_and(|lease| lease.owner != self.instance() && lease.until > now)
        {
            return Ok(Claim::Elsewhere);
        }
        raw.lease = Some(Lease {
            owner: self.instance().to_owned(),
            until: now + OUTBOX_LEASE,
        });
        let mut txn = crate::store::Txn::default();
        txn.check(key.clone(), Some(bytes))
            .put(key, crate::record::encode(&raw));
        Ok(match self.store().commit(&txn)? {
            crate::store::Committed::Applied => Claim::Ours,
            crate::store::Committed::Conflict { .. } => Claim::Elsewhere,
        })
    }

    /// Gives up this process's lease of outbox entry `id` (a failed delivery).
    fn release_notification(&self, id: &str) -> Result<(), StoreError> {
        let key = id.as_bytes().to_vec();
        let Some(bytes) = self.store().get(&key)? else {
            return Ok(());
        };
        let Ok(mut raw) = crate::record::decode::<Notification>(&bytes, "a notification") else {
            return Ok(());
        };
        if raw
            .lease
            .as_ref()
            .is_some_and(|lease| lease.owner == self.instance())
        {
            raw.lease = None;
            let mut txn = crate::store::Txn::default();
            txn.check(key.clone(), Some(bytes))
                .put(key, crate::record::encode(&raw));
            // Lost to a concurrent change: the lease simply runs out.
            self.store().commit(&txn)?;
        }
        Ok(())
    }

    #[cfg(test)]
    pub(crate) fn claim_for_test(&self, id: &str) -> &'static str {
        match self.claim_notification(id).unwrap() {
            Claim::Ours => "ours",
            Claim::Gone => "gone",
            Claim::Elsewhere => "elsewhere",
        }
    }

    /// Moves an outbox entry to the dead letters, in one commit.
    fn dead_letter(&self, notification: &Notification, reason: String) -> Result<(), StoreError> {
        let key = notification.id.as_bytes().to_vec();
        let letter = DeadLetter {
            v: crate::record::RECORD_VERSION,
            notification: notification.clone(),
            reason,
            at: self.now(),
        };
        let mut txn = crate::store::Txn::default();
        txn.delete(key.clone())
            .put(keys::dead_letter_key(&key), crate::record::encode(&letter));
        self.commit_txn(&txn)?;
        self.store().sync()
    }

    /// The notifications no platform would take, oldest first (`lalao check` counts them).
    pub fn dead_letters(&self) -> Result<Vec<DeadLetter>, StoreError> {
        let mut found = Vec::new();
        for entry in self.store().iter_prefix(keys::DEAD_LETTER_PREFIX) {
            let (_, value) = entry?;
            match crate::record::decode::<DeadLetter>(&value, "a dead letter") {
                Ok(letter) => found.push(letter),
                Err(err) => tracing::error!(error = %err, "an unreadable dead letter is skipped"),
            }
        }
        Ok(found)
    }

    /// The scheduler's wake signal (commits note new timers on it).
    pub fn wake(&self) -> Arc<Wake> {
        self.hooks().wake.clone()
    }
}

/// The scheduler's timers, as `/readyz` names them.
const TIMERS_PART: &str = "scheduler";
/// Time a loop may take over its longest sleep before `/readyz` calls it stuck: its work
/// (firing a burst of timers, a slow commit).
const BEAT_MARGIN: Duration = Duration::from_secs(30);

/// How long the run loop sleeps at most after `failures` failed deliveries in a row.
pub(super) fn retry_wait(failures: u32, cap: Duration) -> Duration {
    match failures {
        0 => cap,
        n => Duration::from_secs(1u64 << (n - 1).min(6)).min(cap),
    }
}

/// The adapters' hook: fires due timers and delivers notifications until `stop` is set,
/// sleeping until the next timer in between. Run it on its own thread beside the adapter.
///
/// Each platform's notifications are delivered on a thread of their own, woken by the timers'
/// loop whenever it looks: a platform that answers slowly or not at all (a homeserver returning
/// 503, each attempt cut at the delivery deadline) holds back its own notices only, never
/// another platform's, nor the timers.
pub(crate) fn run(service: &App, notifier: &(dyn Notifier + Sync), stop: &AtomicBool) {
    let wake = Outbox(service).wake();
    // A bound on each sleep: the system clock may jump, and a failed delivery is retried.
    let cap = Duration::from_secs(60);
    // A computer's answer lost to a crash is played now and announced like a timer's message.
    // Timers held for a newer build this one can read again (a rollback undone).
    if let Err(err) = Timers(service).release_held_timers() {
        tracing::error!(error = %err, "releasing held timers failed");
    }
    if let Err(err) = ComputerTurns(service).resume_computer_turns() {
        tracing::error!(error = %err, "resuming the computer's turns failed");
    }
    // Set when the timers' loop or a platform's deliveries end, however they end (a panic
    // included): the others then stop too, and a panic reaches the caller, which starts the
    // whole again.
    let ended = &AtomicBool::new(false);
    let deliveries: Vec<(Platform, Wake)> = Platform::ALL
        .into_iter()
        .map(|platform| (platform, Wake::default()))
        .collect();
    struct Ended<'a> {
        ended: &'a AtomicBool,
        wakes: Vec<&'a Wake>,
    }
    impl Drop for Ended<'_> {
        fn drop(&mut self) {
            self.ended.store(true, Ordering::Relaxed);
            for wake in &self.wakes {
                wake.note(0);
            }
        }
    }
    let all_wakes = || {
        std::iter::once(wake.as_ref())
            .chain(deliveries.iter().map(|(_, poke)| poke))
            .collect::<Vec<&Wake>>()
    };
    std::thread::scope(|scope| {
        // Housekeeping beside the timers, never in their way.
        scope.spawn(|| prune_daily(service, &[stop, ended]));
        let delivering: Vec<_> = deliveries
            .iter()
            .map(|(platform, poke)| {
                let ending = Ended {
                    ended,
                    wakes: all_wakes(),
                };
                scope.spawn(move || {
                    let _ending = ending;
                    deliver_on(service, notifier, *platform, poke, &[stop, ended], cap);
                })
            })
            .collect();
        {
            let _ending = Ended {
                ended,
                wakes: all_wakes(),
            };
            let pokes: Vec<&Wake> = deliveries.iter().map(|(_, poke)| poke).collect();
            run_timers(service, &[stop, ended], &wake, &pokes, cap);
        }
        for thread in delivering {
            if let Err(panic) = thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

/// Once a day, by one process among those sharing the store: platforms stop redelivering
/// events after minutes, so event ids older than a week are no longer needed for at-most-once
/// processing. Runs until one of `stops` is set.
fn prune_daily(service: &App, stops: &[&AtomicBool]) {
    let mut pruned_at = 0;
    while !stops.iter().any(|stop| stop.load(Ordering::Relaxed)) {
        let now = service.now();
        if now.saturating_sub(pruned_at) >= DAY {
            match Roles(service).hold_role(PRUNE_ROLE, service.instance(), 2 * DAY) {
                Ok(true) => {
                    let events = Upkeep(service).prune_events(now.saturating_sub(7 * DAY));
                    let letters = Upkeep(service).prune_dead_letters(now.saturating_sub(DEAD_LETTERS_KEPT));
                    let expired = Retention(service).expire(now, EXPIRED_PER_PASS);
                    match (events, letters, expired) {
                        (Ok(events), Ok(letters), Ok(expired)) => {
                            tracing::debug!(events, letters, expired, "old records pruned");
                            pruned_at = now;
                        }
                        (Err(err), _, _) | (_, Err(err), _) | (_, _, Err(err)) => {
                            tracing::error!(error = %err, "pruning old records failed")
                        }
                    }
                }
                // Another process prunes.
                Ok(false) => pruned_at = now,
                Err(err) => tracing::error!(error = %err, "the pruning role could not be read"),
            }
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// The timers, until one of `stops` is set: fires what is due, then wakes every platform's
/// deliveries (`pokes`), which take what the timers and the commands put in the outbox.
fn run_timers(service: &App, stops: &[&AtomicBool], wake: &Wake, pokes: &[&Wake], cap: Duration) {
    while !stops.iter().any(|stop| stop.load(Ordering::Relaxed)) {
        // Looked again within its longest sleep, and time to fire what is due.
        service.health().beat(TIMERS_PART, cap + BEAT_MARGIN);
        if let Err(err) = Timers(service).fire_due() {
            tracing::error!(error = %err, "firing timers failed");
        }
        for poke in pokes {
            poke.note(0);
        }
        let next = Outbox(service).next_due().unwrap_or_else(|err| {
            tracing::error!(error = %err, "reading the timer index failed");
            None
        });
        wake.sleep_until(next, || service.now(), cap);
    }
}

/// One platform's notifications, until one of `stops` is set: delivered whenever the timers'
/// loop wakes it (`poke`), and retried while they fail.
fn deliver_on(
    service: &App,
    notifier: &dyn Notifier,
    platform: Platform,
    poke: &Wake,
    stops: &[&AtomicBool],
    cap: Duration,
) {
    // Failed deliveries in a row: the next attempt waits 1 s, 2 s, 4 s… up to the cap, so a
    // platform that is briefly down (a 5xx, a rate limit) is retried soon, and one that stays
    // down is not hammered.
    let mut failures: u32 = 0;
    let part = format!("deliveries:{}", platform.id());
    while !stops.iter().any(|stop| stop.load(Ordering::Relaxed)) {
        // A pass takes at most `delivery_pass`; then it sleeps at most `cap`.
        let within = cap + service.hooks().policy.delivery_pass + BEAT_MARGIN;
        service.health().beat(&part, within);
        if let Err(err) = Outbox(service).deliver_pending_on(notifier, Some(platform)) {
            tracing::error!(error = %err, platform = platform.id(), "delivering notifications failed");
        }
        // What is still in the outbox failed to go out (the rest waits behind it).
        let stuck = Outbox(service)
            .pending_notifications()
            .map(|pending| {
                pending
                    .iter()
                    .any(|notification| notification.recipient.platform() == platform)
            })
            .unwrap_or(true);
        failures = if stuck { failures.saturating_add(1) } else { 0 };
        poke.sleep_until(None, || service.now(), retry_wait(failures, cap));
    }
}
