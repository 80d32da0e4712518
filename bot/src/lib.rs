//! lalao-bot: the heart every adapter shares — the command grammar ([`command`]), the match
//! service ([`service`]) on a small storage seam ([`store`]), and the local console
//! ([`console`]), the embedded default.
//!
//! Invariants: no platform type outside its adapter; no sled type outside `store::sled_store`;
//! user-facing words only in `locales/`.

pub mod class;
pub mod cli;
pub mod command;
pub mod console;
pub mod discord;
pub mod fuzz;
pub mod i18n;
pub mod ids;
pub mod logging;
pub mod matrix;
pub mod record;
pub mod rite;
pub mod schedule;
pub mod service;
pub mod store;

pub use service::{Audience, Context, Defaults, Message, Reply, Service};

/// Resolves on SIGINT or SIGTERM (what `docker stop` sends).
pub(crate) async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
