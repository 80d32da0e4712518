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
mod delivery;
pub mod handler;
pub mod inbound;
pub mod notify;
pub mod outbound;
mod session;
mod store;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lalao_config::MatrixConfig;

use lalao_app::ids::Platform;
use lalao_app::schedule::{Router, SchedulerThread};
use lalao_app::service::Service;

pub use adapter::{REACTION_ACCEPT, REACTION_RESIGN, ROOM_SETTINGS_EVENT};
pub use core::CoreHandler;
pub use handler::{BoardReply, Handler, Player, Reply, Request};
pub use notify::MatrixNotifier;

/// How long a stop waits for sends in progress (a stop must end within seconds: `docker
/// stop` kills after 10).
const SHUTDOWN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

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

/// The bot on Matrix: the adapter with the match service behind it, and the durable scheduler
/// on its own thread delivering time-outs, reminders and expiries through a
/// [`MatrixNotifier`]. Must run on a multi-threaded tokio runtime.
pub async fn serve(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let handler = Arc::new(CoreHandler::new(service.clone()));
    serve_with(config, data_dir, service, handler, shutdown).await
}

/// [`serve`] with another handler in front of the service (tests record what reaches it).
/// The scheduler runs while the adapter does, and stops with it, or when this future is
/// dropped.
pub async fn serve_with<H: Handler>(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    handler: Arc<H>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let router = Arc::new(Router::new(&[Platform::Matrix], service.wake()));
    let scheduler = SchedulerThread::start(service.clone(), router.clone())
        .map_err(|err| Error::Client(format!("starting the scheduler: {err}")))?;
    let result = serve_routed(config, data_dir, service, handler, router.clone(), shutdown).await;
    // A delivery in progress is finished first (it needs this runtime, hence off its
    // threads), within a bounded patience.
    let stopped = tokio::task::spawn_blocking(move || scheduler.stop());
    if tokio::time::timeout(SHUTDOWN_PATIENCE, stopped).await.is_err() {
        tracing::warn!("the scheduler was still delivering at shutdown; abandoned");
    }
    result
}

/// The adapter alone: the process runs the scheduler ([`SchedulerThread`]), and Matrix
/// notifications reach it through `router` once the first sync has been handled (the bot
/// knows its rooms then; until that, they wait).
pub async fn serve_routed<H: Handler>(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    handler: Arc<H>,
    router: Arc<Router>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let client = session::connect(&config, data_dir).await?;
    if let Some(me) = client.user_id() {
        // `play katro @lalao:example.org` means the computer.
        service.add_self_user(lalao_app::ids::UserId::new(Platform::Matrix, me.as_str()));
    }
    let adapter = Arc::new(adapter::Adapter::new(client.clone(), config, handler).await);
    let notifier = MatrixNotifier::new(client, tokio::runtime::Handle::current(), service);
    adapter.on_first_sync(move || {
        router.attach(Platform::Matrix, Box::new(notifier));
    });
    let shutdown = std::pin::pin!(shutdown);
    let result = adapter.sync_forever(shutdown).await;
    // Replies still queued get a moment to go out; a stop never waits on a slow homeserver
    // for long (what is abandoned comes again on the next start).
    adapter.close(SHUTDOWN_PATIENCE).await;
    result
}
