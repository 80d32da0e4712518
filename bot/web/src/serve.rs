//! The routes, and serving them: connection caps, header timeouts, accepting.

use std::sync::Arc;
use std::time::Duration;

use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::Router;
use lalao_app::Service;

use crate::budget::Peer;
use crate::class;
use crate::live::*;
use crate::responses::*;
use crate::router;
use crate::state::*;
use crate::watchers::*;

/// The routes, on `web`.
pub(crate) fn routes(web: Arc<Web>) -> Router {
    Router::new()
        .route("/m/{public}", get(page))
        .route("/m/{public}/events", get(events))
        .route("/m/{public}/replay/{version}", get(replay))
        .route("/m/{public}/animation/{version}/{file}", get(animation))
        .route("/m/{public}/after/{count}", get(after))
        .route("/class/{token}", get(class::page))
        .route("/class/{token}/events", get(class::events))
        .route("/class/{token}/play", post(class::play))
        .route("/class/{token}/print", get(crate::print::page))
        .route("/class/{token}/replay/{id}/{version}", get(class::lesson_replay))
        .route(
            "/assets/class.js",
            get(|| asset(class::CLASS_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/assets/live.js",
            get(|| asset(LIVE_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/assets/live.css",
            get(|| asset(LIVE_CSS, "text/css; charset=utf-8")),
        )
        .route(
            "/assets/print.css",
            get(|| asset(crate::print::PRINT_CSS, "text/css; charset=utf-8")),
        )
        .route("/assets/DejaVuSans.ttf", get(|| font(SANS)))
        .route("/assets/DejaVuSans-Bold.ttf", get(|| font(SANS_BOLD)))
        .fallback(|headers: HeaderMap| async move { not_found(reader_locale(&headers)) })
        .layer(axum::middleware::map_response(secure))
        .with_state(web)
}

/// A client has this long to send a request's headers, the first one and each next one on a
/// kept-alive connection: a connection that sends nothing, or half a header, is closed then.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The pause after a failed `accept` (EMFILE and the like) before trying again.
pub(crate) const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How many connections the pages may hold for a process that may hold `open_files` files:
/// half of them, so that a flood of connections leaves the chat adapters, the database and the
/// control socket their share (and never more than ten thousand).
pub fn connection_cap(open_files: u64) -> usize {
    (open_files / 2).clamp(64, 10_000) as usize
}

/// Serves the pages on `listener` until the process ends, holding at most `connections`
/// connections at once (further ones wait in the listen queue).
pub async fn serve(
    listener: tokio::net::TcpListener,
    service: Arc<Service>,
    connections: usize,
) -> std::io::Result<()> {
    let open = service.metrics().web_connections.clone();
    serve_routes(listener, router(service), connections, Some(open)).await
}

/// [`serve`], with `/metrics` on the pages' address: for an operator who asked for it
/// (`LALAO_ADMIN` equal to `LALAO_WEB`).
pub async fn serve_with_metrics(
    listener: tokio::net::TcpListener,
    service: Arc<Service>,
    connections: usize,
) -> std::io::Result<()> {
    let open = service.metrics().web_connections.clone();
    serve_routes(
        listener,
        crate::router_with_metrics(service),
        connections,
        Some(open),
    )
    .await
}

/// Serves the admin routes ([`crate::admin`]) on `listener` until the process ends, a few
/// connections at once.
pub async fn serve_admin(listener: tokio::net::TcpListener, service: Arc<Service>) -> std::io::Result<()> {
    serve_routes(
        listener,
        crate::admin::router(service),
        crate::admin::ADMIN_CONNECTIONS,
        None,
    )
    .await
}

/// Serves `router` on `listener`, at most `connections` at once, counted into `open`.
async fn serve_routes(
    listener: tokio::net::TcpListener,
    router: Router,
    connections: usize,
    open: Option<prometheus_client::metrics::gauge::Gauge>,
) -> std::io::Result<()> {
    let slots = Arc::new(tokio::sync::Semaphore::new(connections.max(1)));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return Ok(());
        };
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(err) => {
                tracing::warn!(error = %err, "the web pages could not accept a connection");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        // Each request knows its connection's peer: the per-client shares count by it.
        let router = router.clone().layer(axum::Extension(Peer(peer.ip())));
        let service = hyper_util::service::TowerToHyperService::new(router);
        let open = open.clone();
        if let Some(open) = &open {
            open.inc();
        }
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "a web connection ended with an error");
            }
            if let Some(open) = open {
                open.dec();
            }
            drop(slot);
        });
    }
}
