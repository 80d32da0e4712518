//! lalao's web pages, served by the `lalao` process next to the chat adapters when
//! `LALAO_WEB` names an address: a match's live page `/m/<public id>`, read-only, with its
//! board (the pictures' SVG), players, status and moves, kept up to date over Server-Sent
//! Events. Public ids are unguessable (`lalao_app::is_public_id`); the sequential match
//! numbers are never accepted here.
//!
//! Everything the page needs is in the binary (no external fonts, scripts or styles), so it
//! works on a school network without the internet; the Content-Security-Policy allows nothing
//! else and no inline script.
//!
//! One watcher per page and language draws the page once per change for all who watch it.
//! It reads the store only when a commit of this process changed what the page shows (the
//! application tells each commit's changes) or, when other processes share the store, when
//! they changed something: one look per [`TICK`] for all the process's pages
//! (`Service::changes_by_others`, one read) says whether they did. Many viewers of one match
//! cost one drawing per move, and idle pages cost no reads at all on a store of the process's
//! own, one a second on a shared one.

pub mod admin;
mod board_card;
mod budget;
mod class;

pub use budget::{
    Client, Peer, CLASS_STREAMS_KEPT, CLASS_STREAMS_PER_CLIENT, DRAWS_PER_CLIENT, DRAW_WAIT,
    LIVE_STREAMS_PER_CLIENT, MAX_DRAWS, MAX_STREAMS,
};
mod drawn;
mod live;
mod print;
mod responses;
mod serve;
mod state;
mod vote;
mod watchers;

use responses::{busy, not_found, reader_locale, unreachable};
pub use serve::{connection_cap, serve, serve_admin, serve_with_metrics, HEADER_TIMEOUT};
use state::{Shown, Watched, Web};
pub use state::{MAX_PAGE_READS, PAGE_READ_WAIT};
use watchers::stream;
pub use watchers::STREAM_LIFETIME;

/// The web pages' routes, on `service`, with the health probes (`/healthz`, `/readyz`).
pub fn router(service: std::sync::Arc<lalao_app::Service>) -> axum::Router {
    let probes = admin::probes(admin::Admin::new(service.clone()));
    serve::routes(Web::new(service)).merge(probes)
}

/// The web pages' routes with `/metrics` as well: for an operator who serves the admin
/// routes on the public address on purpose (`LALAO_ADMIN` equal to `LALAO_WEB`).
pub fn router_with_metrics(service: std::sync::Arc<lalao_app::Service>) -> axum::Router {
    router(service.clone()).merge(admin::metrics_route(service))
}

#[cfg(test)]
mod tests;
