//! What an operator's tools ask of the process (docs/operations.md): `/healthz` (the process
//! answers), `/readyz` (it can serve: the store answers within [`READY_BOUND`], and the
//! scheduler, the deliveries and the chat connections run) and `/metrics` (Prometheus text).
//!
//! The probes are also on the public pages' address, which a load balancer in front of them
//! asks; `/metrics` only on the admin address (`LALAO_ADMIN`), which is not the public one
//! unless the operator makes it so.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use lalao_app::Service;

/// How long `/readyz` waits for the store's answer before it calls the process unready.
pub const READY_BOUND: Duration = Duration::from_secs(2);
/// Readiness checks waiting at once; past them a probe is told the process is busy, so a
/// flood of probes holds a few threads at most.
const READY_CHECKS: usize = 4;
/// Connections the admin address holds at once (a scraper, a probe, an operator's curl).
pub const ADMIN_CONNECTIONS: usize = 16;

/// What the probe and metrics routes share.
#[derive(Clone)]
pub(crate) struct Admin {
    service: Arc<Service>,
    checks: Arc<tokio::sync::Semaphore>,
}

impl Admin {
    pub(crate) fn new(service: Arc<Service>) -> Admin {
        Admin {
            service,
            checks: Arc::new(tokio::sync::Semaphore::new(READY_CHECKS)),
        }
    }
}

/// `/healthz` and `/readyz`.
pub(crate) fn probes(admin: Admin) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(admin)
}

/// The admin address's routes: the probes and `/metrics`.
pub fn router(service: Arc<Service>) -> Router {
    probes(Admin::new(service.clone())).merge(metrics_route(service))
}

/// `/metrics` alone.
pub(crate) fn metrics_route(service: Arc<Service>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(Admin::new(service))
}

fn text(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn healthz() -> Response {
    text(StatusCode::OK, "ok\n".to_owned())
}

async fn readyz(State(admin): State<Admin>) -> Response {
    let permit = tokio::time::timeout(READY_BOUND, admin.checks.clone().acquire_owned()).await;
    let Ok(Ok(permit)) = permit else {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: too many readiness checks at once\n".to_owned(),
        );
    };
    let service = admin.service.clone();
    let readiness = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        service.readiness(READY_BOUND)
    })
    .await;
    match readiness {
        Ok(readiness) if readiness.ready() => text(StatusCode::OK, readiness.text()),
        Ok(readiness) => text(StatusCode::SERVICE_UNAVAILABLE, readiness.text()),
        Err(_) => text(
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the check failed\n".to_owned(),
        ),
    }
}

async fn metrics(State(admin): State<Admin>) -> Response {
    let service = admin.service.clone();
    match tokio::task::spawn_blocking(move || service.metrics_text()).await {
        Ok(body) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
            body,
        )
            .into_response(),
        Err(_) => text(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the metrics could not be read\n".to_owned(),
        ),
    }
}
