//! One process serving several chat platforms: Discord and Matrix side by side on one store,
//! with one scheduler whose notifications a [`Router`] hands to each platform's adapter.
//!
//! Either adapter stopping (a fatal error, or the stop signal) stops the other, then the
//! scheduler: the process ends as a whole, and a supervisor restarts it as a whole.

use std::sync::Arc;
use std::time::Duration;

use lalao_app::ids::Platform;
use lalao_app::schedule::Router;
use lalao_app::Service;
use lalao_config::{DiscordConfig, MatrixConfig};
use tokio::sync::watch;

/// How long a stop waits for a notification being delivered.
const SHUTDOWN_PATIENCE: Duration = Duration::from_secs(2);

/// Serves Discord and Matrix until the stop signal or until either adapter fails. Returns the
/// adapters' errors, if any.
pub async fn both(
    discord: DiscordConfig,
    matrix: MatrixConfig,
    data_dir: &std::path::Path,
    service: Arc<Service>,
) -> Vec<String> {
    let router = Arc::new(Router::new(
        &[Platform::Discord, Platform::Matrix],
        service.wake(),
    ));
    let scheduler = match service.start_scheduler(router.clone()) {
        Ok(scheduler) => scheduler,
        Err(err) => return vec![format!("cannot start the scheduler: {err}")],
    };
    let (stop, stopped) = watch::channel(false);
    let stop = Arc::new(stop);
    let until_stopped = |mut stopped: watch::Receiver<bool>| async move {
        let _ = stopped.wait_for(|stop| *stop).await;
    };
    let signal = {
        let stop = stop.clone();
        tokio::spawn(async move {
            crate::shutdown_signal().await;
            tracing::info!("stopping on a signal");
            stop.send_replace(true);
        })
    };
    let on_discord = {
        let (service, router, stop) = (service.clone(), router.clone(), stop.clone());
        let shutdown = until_stopped(stopped.clone());
        async move {
            let result = lalao_discord::run_routed(discord, service, &router, shutdown).await;
            stop.send_replace(true);
            result.map_err(|err| format!("discord: {err}"))
        }
    };
    let on_matrix = {
        let (service, router, stop) = (service.clone(), router.clone(), stop.clone());
        let shutdown = until_stopped(stopped.clone());
        async move {
            let result = lalao_matrix::serve_routed(matrix, data_dir, service, router, shutdown).await;
            stop.send_replace(true);
            result.map_err(|err| format!("matrix: {err}"))
        }
    };
    let (on_discord, on_matrix) = tokio::join!(on_discord, on_matrix);
    signal.abort();
    let stopped = tokio::task::spawn_blocking(move || scheduler.stop());
    if tokio::time::timeout(SHUTDOWN_PATIENCE, stopped).await.is_err() {
        tracing::warn!("the scheduler was still delivering at shutdown; abandoned");
    }
    [on_discord, on_matrix]
        .into_iter()
        .filter_map(Result::err)
        .collect()
}
