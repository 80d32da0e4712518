//! One syncing process per bot account (docs/scaling.md). Matrix gives an account one
//! stream of events, and two processes syncing it would both answer every command. On a store
//! shared by several processes, the process that syncs holds the role `matrix-sync:<user id>`
//! (a lease in the store, `lalao_app::schedule::roles`) in the name of its device; a process
//! configured for the same account (each with a session, so a device, of its own) stands by,
//! taking nothing from the homeserver, and takes over once the lease runs out. The holder
//! renews it every [`RENEW`] and stops syncing if it cannot, before the lease could pass to
//! another. A holder restarted with its data directory is the same device: it takes its role
//! back at once. On a store of its own a process holds the role without writing.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lalao_app::Service;

/// How long the lease lasts (seconds): how long the account goes unanswered after its
/// syncing process dies, before a standing-by one takes over.
pub const LEASE: u64 = 20;
/// How often the holder renews it, and how often a standing-by process tries to take it.
pub const RENEW: Duration = Duration::from_secs(5);

/// The role of syncing `user`.
pub fn name(user: &str) -> String {
    format!("matrix-sync:{user}")
}

/// Who holds the role for this process: its Matrix device.
pub struct Holder {
    pub role: String,
    pub device: String,
}

/// Tries to take or renew the role (off the runtime's threads: the store blocks).
async fn hold(service: &Arc<Service>, holder: &Holder) -> Result<bool, String> {
    let (service, role, device) = (service.clone(), holder.role.clone(), holder.device.clone());
    match tokio::task::spawn_blocking(move || service.hold_role(&role, &device, LEASE)).await {
        Ok(Ok(held)) => Ok(held),
        Ok(Err(err)) => Err(err.to_string()),
        Err(err) => Err(err.to_string()),
    }
}

/// How this process came to hold the role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Nobody else held it: this device's own sync position is the latest.
    AtOnce,
    /// Another device synced the account meanwhile: this device's sync position is stale.
    AfterStandingBy,
}

/// Waits until this process holds the role; returns how, and when the attempt that took it
/// started (the lease runs from then on at least: [`Patience`]). `None` if `shutdown` came
/// first.
pub async fn take(
    service: &Arc<Service>,
    holder: &Holder,
    mut shutdown: Pin<&mut impl Future<Output = ()>>,
) -> Option<(Taken, Instant)> {
    let role = holder.role.as_str();
    let mut told = false;
    loop {
        let started = Instant::now();
        match hold(service, holder).await {
            Ok(true) if told => {
                tracing::info!(role, "this process now syncs Matrix (the one before it stopped)");
                return Some((Taken::AfterStandingBy, started));
            }
            Ok(true) => return Some((Taken::AtOnce, started)),
            Ok(false) if !told => {
                tracing::info!(role, "another lalao process syncs this Matrix account: this one stands by and takes over if it stops");
                told = true;
            }
            Ok(false) => {}
            Err(err) => {
                tracing::warn!(role, error = %err, "the Matrix sync lease could not be read; trying again")
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(RENEW) => {}
            _ = shutdown.as_mut() => return None,
        }
    }
}

/// How long before its lease runs out the holder stops syncing: time for the sync loop to end
/// before another process may take the role.
pub const STOP_MARGIN: Duration = Duration::from_secs(2);

/// The holder's count of how long it may still sync: a lease renewed by a renewal that
/// started at `t` runs at least until `t + LEASE` (the store reads its clock after `t`), so the
/// patience is counted from when the last good renewal *started*, never from when it returned;
/// and each renewal has a timeout of its own, so a store that does not answer cannot hold the
/// holder past its lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// When the renewal that holds the lease now started.
    renewed: Instant,
}

impl Patience {
    /// The role was taken or renewed by a call that started at `started`.
    pub fn held_since(started: Instant) -> Patience {
        Patience { renewed: started }
    }

    /// When this process must have stopped syncing unless a renewal succeeds first.
    pub fn deadline(&self) -> Instant {
        self.renewed + Duration::from_secs(LEASE) - STOP_MARGIN
    }

    /// How long a renewal starting at `now` may take: up to the deadline, and at most
    /// [`RENEW`]. `None`: the deadline has passed, stop syncing now.
    pub fn budget(&self, now: Instant) -> Option<Duration> {
        let left = self.deadline().checked_duration_since(now)?;
        (!left.is_zero()).then(|| left.min(RENEW))
    }

    /// A renewal that started at `started` succeeded.
    pub fn renewed(&mut self, started: Instant) {
        self.renewed = self.renewed.max(started);
    }
}

/// Renews `role` every [`RENEW`] for as long as this process holds it; returns when it no
/// longer does: another process took it, or the store could not be reached for long enough
/// that the lease may run out ([`Patience`]: each renewal is cut at the lease's deadline, so
/// two processes never sync at once). `held_since` is when the call that took the role started.
pub async fn keep(service: &Arc<Service>, holder: &Holder, held_since: Instant) {
    let role = holder.role.as_str();
    let mut patience = Patience::held_since(held_since);
    loop {
        // The next renewal, or the deadline if that comes first (then the sync stops in time).
        let wake = (Instant::now() + RENEW).min(patience.deadline());
        tokio::time::sleep_until(tokio::time::Instant::from_std(wake)).await;
        let started = Instant::now();
        let Some(budget) = patience.budget(started) else {
            tracing::error!(
                role,
                "the Matrix sync lease could not be renewed in time; this process stops syncing"
            );
            return;
        };
        match tokio::time::timeout(budget, hold(service, holder)).await {
            Ok(Ok(true)) => patience.renewed(started),
            Ok(Ok(false)) => {
                tracing::error!(role, "another lalao process took over the Matrix sync");
                return;
            }
            Ok(Err(err)) => {
                tracing::warn!(role, error = %err, "renewing the Matrix sync lease failed; trying again")
            }
            Err(_) => {
                tracing::warn!(
                    role,
                    ?budget,
                    "renewing the Matrix sync lease did not answer in time"
                )
            }
        }
    }
}

/// Gives the role up, so that a standing-by process takes over at once.
pub async fn release(service: &Arc<Service>, holder: &Holder) {
    let (service, role, device) = (service.clone(), holder.role.clone(), holder.device.clone());
    let released = tokio::task::spawn_blocking(move || service.release_role(&role, &device)).await;
    if !matches!(released, Ok(Ok(()))) {
        tracing::warn!("the Matrix sync lease could not be given up; it runs out by itself");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patience_counts_from_when_the_renewal_started_and_cuts_each_renewal_at_the_deadline() {
        let taken = Instant::now();
        let second = |n: u64| taken + Duration::from_secs(n);
        let mut patience = Patience::held_since(taken);
        // The lease taken at 0 runs to 20: syncing stops at 18.
        assert_eq!(patience.deadline(), second(18));
        assert_eq!(patience.budget(second(5)), Some(RENEW));
        // A renewal started at 15 may wait 3 s, not more: a store that does not answer cannot
        // keep this process syncing past its lease.
        assert_eq!(patience.budget(second(15)), Some(Duration::from_secs(3)));
        assert_eq!(patience.budget(second(18)), None);
        // A renewal that started at 10 and answered at 17 renewed the lease from 10 (the store
        // read its clock between the two): syncing may go on until 28, not 35.
        patience.renewed(second(10));
        assert_eq!(patience.deadline(), second(28));
        assert_eq!(patience.budget(second(27)), Some(Duration::from_secs(1)));
        assert_eq!(patience.budget(second(28)), None);
    }
}
