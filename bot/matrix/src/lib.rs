//! The Matrix adapter: lalao as a Matrix bot (matrix-sdk 0.18).
//!
//! It logs in (password or access token), keeps its session, crypto store and sync position
//! in the data directory, joins the rooms it is invited to, turns `!lalao …` messages (or a
//! mention of the bot, or any message in a direct room) into commands for the bot core, and
//! shows the answers: boards as `m.text` with the renderer's Matrix HTML, updated by
//! `m.replace` edits (or a new message per move when the room prefers), the player to move
//! mentioned with a pill. Encrypted rooms work like the others. No game logic lives here:
//! an event becomes a command, the application ([`Service`]) runs it, and its typed reply
//! becomes Matrix messages (`adapter/commands.rs`, `outgoing.rs`, `adapter/replies.rs`).
//!
//! See `docs/matrix.md` for operators.

mod adapter;
mod delivery;
pub mod inbound;
pub mod notifier;
pub mod outbound;
pub mod outgoing;
mod role;
mod session;
mod session_records;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lalao_config::MatrixConfig;

use lalao_app::ids::Platform;
use lalao_app::schedule::Router;
use lalao_app::Service;

pub use adapter::{Observer, REACTION_ACCEPT, REACTION_RESIGN, ROOM_SETTINGS_EVENT};
pub use notifier::MatrixNotifier;
pub use outbound::{BoardReply, Player};
pub use outgoing::Outgoing;

/// How long a stop waits for sends in progress (a stop must end within seconds: `docker
/// stop` kills after 10).
const SHUTDOWN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

/// The file name a board picture's `m.image` carries.
pub const PICTURE_FILE: &str = "board.png";

/// The environment variable that shortens (or lengthens) one sync's long poll, in
/// milliseconds: the end-to-end tests run many idle syncs in little time with it.
pub const SYNC_TIMEOUT_VAR: &str = "LALAO_MATRIX_SYNC_TIMEOUT_MS";
/// Bounds of [`SYNC_TIMEOUT_VAR`]: 0 would make the bot poll the homeserver in a tight loop,
/// and past two minutes proxies in front of homeservers tend to cut the request.
const SYNC_TIMEOUT_MS: std::ops::RangeInclusive<u64> = 1..=120_000;

/// Why the adapter stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("matrix data directory {0}: {1}")]
    DataDir(PathBuf, std::io::Error),
    #[error("matrix session file {0} is unreadable: {1}")]
    Session(PathBuf, String),
    #[error("matrix client: {0}")]
    Client(String),
    #[error("{SYNC_TIMEOUT_VAR}={0:?} is not a whole number of milliseconds from 1 to 120000")]
    SyncTimeout(String),
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
    serve_observed(config, data_dir, service, None, shutdown).await
}

/// [`serve`], with `observer` told of each command as it goes to the application (tests
/// check that each event reaches it once).
pub async fn serve_with(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    observer: Observer,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    serve_observed(config, data_dir, service, Some(observer), shutdown).await
}

/// The scheduler runs while the adapter does, and stops with it, or when this future is
/// dropped.
async fn serve_observed(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    observer: Option<Observer>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let router = Arc::new(Router::new(&[Platform::Matrix], service.wake()));
    let scheduler = service
        .start_scheduler(router.clone())
        .map_err(|err| Error::Client(format!("starting the scheduler: {err}")))?;
    let result = serve_adapter(config, data_dir, (service, observer), router.clone(), shutdown).await;
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
pub async fn serve_routed(
    config: MatrixConfig,
    data_dir: &Path,
    service: Arc<Service>,
    router: Arc<Router>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    serve_adapter(config, data_dir, (service, None), router, shutdown).await
}

async fn serve_adapter(
    config: MatrixConfig,
    data_dir: &Path,
    (service, observer): (Arc<Service>, Option<Observer>),
    router: Arc<Router>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), Error> {
    let sync_timeout = sync_timeout(std::env::var(SYNC_TIMEOUT_VAR).ok())?;
    let client = session::connect(&config, data_dir).await?;
    let me = client
        .user_id()
        .ok_or_else(|| Error::Client("no user id after login".into()))?
        .to_owned();
    // `play katro @lalao:example.org` means the computer.
    service.add_self_user(lalao_app::ids::UserId::new(Platform::Matrix, me.as_str()));
    let device = client
        .device_id()
        .map_or_else(String::new, |device| device.to_string());
    tracing::info!(%device, "lalao serving Matrix as {me} on {}", config.homeserver);
    let homeserver = config.homeserver.clone();
    // One syncing process per account among those sharing the store.
    let holder = role::Holder {
        role: role::name(me.as_str()),
        device: device.clone(),
    };
    let mut shutdown = std::pin::pin!(shutdown);
    let Some((taken, held_since)) = role::take(&service, &holder, shutdown.as_mut()).await else {
        return Ok(());
    };
    match taken {
        // Another device answered the rooms since this one last synced: resuming from this
        // device's old position would answer those commands a second time. Start from the
        // rooms as they are now, as a new session does.
        role::Taken::AfterStandingBy => {
            session_records::Store::new(client.clone())
                .forget_sync_token()
                .await
        }
        role::Taken::AtOnce => {}
    }
    let adapter = Arc::new(
        adapter::Adapter::new(client.clone(), config, sync_timeout, (service.clone(), observer)).await,
    );
    let notifier = MatrixNotifier::new(client, tokio::runtime::Handle::current(), service.clone());
    adapter.on_first_sync(move || {
        router.attach(Platform::Matrix, Box::new(notifier));
    });
    let lost = std::sync::atomic::AtomicBool::new(false);
    let stop = std::pin::pin!(async {
        tokio::select! {
            _ = shutdown.as_mut() => {}
            _ = role::keep(&service, &holder, held_since) => lost.store(true, std::sync::atomic::Ordering::Relaxed),
        }
    });
    let mut result = adapter.sync_forever(stop).await;
    // Replies still queued get a moment to go out; a stop never waits on a slow homeserver
    // for long (what is abandoned comes again on the next start).
    adapter.close(SHUTDOWN_PATIENCE).await;
    role::release(&service, &holder).await;
    if lost.load(std::sync::atomic::Ordering::Relaxed) && result.is_ok() {
        result = Err(Error::Client(
            "another lalao process syncs this Matrix account now".to_owned(),
        ));
    }
    // A fatal error is the caller's to report; this line says the stop was asked for.
    if result.is_ok() {
        tracing::info!("lalao stopped serving Matrix as {me} on {homeserver}");
    }
    result
}

/// The long poll of one sync: [`SYNC_TIMEOUT_VAR`] when set (refused at start when it is not
/// a number of milliseconds within bounds), else 30 seconds.
fn sync_timeout(value: Option<String>) -> Result<std::time::Duration, Error> {
    let Some(value) = value else {
        return Ok(adapter::SYNC_TIMEOUT);
    };
    match value.trim().parse::<u64>() {
        Ok(ms) if SYNC_TIMEOUT_MS.contains(&ms) => Ok(std::time::Duration::from_millis(ms)),
        _ => Err(Error::SyncTimeout(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sync_timeout_is_30_s_unless_the_environment_sets_a_bounded_one() {
        let timeout =
            |value: Option<&str>| sync_timeout(value.map(str::to_owned)).map_err(|err| err.to_string());
        assert_eq!(timeout(None), Ok(std::time::Duration::from_secs(30)));
        assert_eq!(timeout(Some("250")), Ok(std::time::Duration::from_millis(250)));
        assert_eq!(timeout(Some("120000")), Ok(std::time::Duration::from_secs(120)));
        for bad in ["0", "120001", "-5", "1.5", "fast", ""] {
            assert_eq!(
                timeout(Some(bad)),
                Err(format!(
                    "LALAO_MATRIX_SYNC_TIMEOUT_MS={bad:?} is not a whole number of milliseconds from 1 to 120000"
                ))
            );
        }
    }
}
