//! The `lalao` program: the command line ([`cli`]), the local console ([`console`]), the control
//! socket of a running lalao (backups, `control.rs`), `lalao store copy` (`copy.rs`), `lalao
//! picture` (`picture.rs`), `lalao health` (`health.rs`) and logging,
//! wiring the application (`lalao-app`) to its chat adapters (`lalao-discord`, `lalao-matrix`).
//! The binary's `main` is [`cli::run`] on the mimalloc allocator; the end-to-end tests build the
//! same entry point.

mod check;
mod class_files;
pub mod cli;
pub mod console;
mod control;
mod copy;
mod health;
pub mod logging;
mod picture;
mod puzzles;
pub mod serve;
mod serving;

/// Resolves on SIGINT or SIGTERM (what `docker stop` sends).
pub async fn shutdown_signal() {
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
