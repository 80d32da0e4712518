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

/// Waits until this process holds the role. Returns `None` if `shutdown` came first.
pub async fn take(
    service: &Arc<Service>,
    holder: &Holder,
    mut shutdown: Pin<&mut impl Future<Output = ()>>,
) -> Option<Taken> {
    let role = holder.role.as_str();
    let mut told = false;
    loop {
        match hold(service, holder).await {
            Ok(true) if told => {
                tracing::info!(role, "this process now syncs Matrix (the one before it stopped)");
                return Some(Taken::AfterStandingBy);
            }
            Ok(true) => return Some(Taken::AtOnce),
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

/// Renews `role` every [`RENEW`] for as long as this process holds it; returns when it no
/// longer does: another process took it, or the store could not be reached for long enough
/// that the lease may have run out (it stops a renewal early, so that two processes never
/// sync at once).
pub async fn keep(service: &Arc<Service>, holder: &Holder) {
    let role = holder.role.as_str();
    let mut renewed = Instant::now();
    let patience = Duration::from_secs(LEASE) - RENEW;
    loop {
        tokio::time::sleep(RENEW).await;
        match hold(service, holder).await {
            Ok(true) => renewed = Instant::now(),
            Ok(false) => {
                tracing::error!(role, "another lalao process took over the Matrix sync");
                return;
            }
            Err(err) if renewed.elapsed() >= patience => {
                tracing::error!(role, error = %err, "the Matrix sync lease could not be renewed in time; this process stops syncing");
                return;
            }
            Err(err) => {
                tracing::warn!(role, error = %err, "renewing the Matrix sync lease failed; trying again")
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
