//! The Matrix adapter: lalao as a Matrix bot (matrix-sdk 0.18).
//!
//! It logs in (password or access token), keeps its session, crypto store and sync position
//! in the data directory, joins the rooms it is invited to, turns `!lalao …` messages (or a
//! mention of the bot, or any message in a direct room) into commands for the bot core, and
//! shows the answers: boards as `m.text` with the renderer's Matrix HTML, updated by
//! `m.replace` edits (or a new message per move when the room prefers), the player to move
//! mentioned with a pill. Encrypted rooms work like the others. No game logic lives here:
//! everything about matches is the core's, behind [`Handler`].
//!
//! See `docs/matrix.md` for operators.

mod adapter;
mod core;
pub mod handler;
mod i18n;
pub mod inbound;
pub mod outbound;
mod session;
mod store;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lalao_config::MatrixConfig;

pub use adapter::{REACTION_ACCEPT, REACTION_RESIGN, ROOM_SETTINGS_EVENT};
pub use core::CoreHandler;
pub use handler::{BoardReply, Handler, Player, Reply, Request};

/// Why the adapter stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("matrix data directory {0}: {1}")]
    DataDir(PathBuf, std::io::Error),
    #[error("matrix session file {0} is unreadable: {1}")]
    Session(PathBuf, String),
    #[error("matrix client: {0}")]
    Client(String),
    #[error(transparent)]
    Sdk(#[from] matrix_sdk::Error),
}

/// Runs the adapter until `shutdown` resolves (or a fatal error, such as a revoked token).
/// Transient failures (the homeserver restarting, the network going away) are retried for
/// ever with a capped backoff. On shutdown, the sync response being handled is finished first.
pub async fn run<H: Handler>(
    config: MatrixConfig,
    data_dir: &Path,
    handler: Arc<H>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let client = session::connect(&config, data_dir).await?;
    let adapter = adapter::Adapter::new(client, config, handler).await;
    let shutdown = std::pin::pin!(shutdown);
    adapter.sync_forever(shutdown).await
}
