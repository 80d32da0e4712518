//! The pages' separate budgets, so that no kind of request waits behind another and no client
//! takes a budget whole (docs/security.md): event streams, counted per kind (public live
//! pages, class screens) and per client, with room kept for class screens; and whole-game
//! animation drawings, a few at once and one per client, with turns of their own, never the
//! page reads'.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use prometheus_client::metrics::gauge::Gauge;

/// Event streams open at once, all pages together.
pub const MAX_STREAMS: usize = 2_000;
/// Streams kept for class screens: public live pages together hold at most
/// [`MAX_STREAMS`] − this, so a crowd (or one client) on public links never leaves a class
/// screen without its stream.
pub const CLASS_STREAMS_KEPT: usize = 500;
/// Public live-page streams one client may hold: a family or a school following a few
/// matches, not every stream there is.
pub const LIVE_STREAMS_PER_CLIENT: usize = 64;
/// Class-screen streams one client may hold: a school's classes behind one address (a few
/// classes of 40 pupils, their teachers and projectors) fit.
pub const CLASS_STREAMS_PER_CLIENT: usize = 256;

/// Whole-game animations drawn at once (each 1–3 s of a core), each on a blocking thread, in
/// turns of their own: never among the page reads, so pages, class screens and taps do not
/// wait for them.
pub const MAX_DRAWS: usize = 2;
/// Drawings one client may have running or waiting for their turn; past it, 503 at once.
pub const DRAWS_PER_CLIENT: usize = 1;
/// How long a drawing waits for its turn before the reader is asked to come back (503).
pub const DRAW_WAIT: Duration = Duration::from_secs(10);

/// Who asks, as the per-client shares count: the peer's address, an IPv6 address by its /64
/// (what one home or machine usually holds whole). Behind a reverse proxy on this machine (a
/// loopback peer), the address the proxy saw: the last of `X-Forwarded-For`, which the proxy
/// appends (nginx's `$proxy_add_x_forwarded_for`); from any other peer that header is ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(IpAddr);

/// The peer of a connection, put on each of its requests by [`crate::serve`].
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub IpAddr);

impl Client {
    /// The client a request from `peer` with `headers` counts as.
    pub fn of(peer: IpAddr, headers: &HeaderMap) -> Client {
        let peer = canonical(peer);
        let forwarded = peer
            .is_loopback()
            .then(|| {
                headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|value| value.to_str().ok())
                    .flat_map(|value| value.split(','))
                    .next_back()
                    .and_then(|last| last.trim().parse::<IpAddr>().ok())
            })
            .flatten();
        Client(prefix(canonical(forwarded.unwrap_or(peer))))
    }
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`, a dual-stack listener's) as itself.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// An IPv6 address's /64; an IPv4 address whole.
fn prefix(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        // A request that came through no socket of ours (the tests' in-process router) is
        // from nowhere: one client.
        let peer = parts
            .extensions
            .get::<Peer>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |peer| peer.0);
        Ok(Client::of(peer, &parts.headers))
    }
}

/// What an event stream shows: a public live page, or a class screen (a class's, a seat's or
/// the projector's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamKind {
    Live,
    Class,
}

/// The event streams open now, by kind and by client, and the gauges `/metrics` shows of them.
#[derive(Default)]
pub struct Streams {
    counts: Mutex<StreamCounts>,
    gauges: Option<(Gauge, Gauge)>,
}

#[derive(Default)]
struct StreamCounts {
    live: usize,
    class: usize,
    by_client: HashMap<(Client, StreamKind), usize>,
    /// Class screens' streams by the screen's token: a seat's page is open while its count is
    /// above zero. Bounded by the streams' own limit.
    by_page: HashMap<String, usize>,
}

impl lalao_app::Presence for Streams {
    fn showing(&self, token: &str) -> bool {
        Streams::showing(self, token)
    }
}

/// One open event stream, counted while it lives.
pub struct StreamSlot {
    streams: Arc<Streams>,
    client: Client,
    kind: StreamKind,
    page: Option<String>,
}

impl StreamSlot {
    /// The stream shows class screen `token`: counted as that page open while it lives.
    pub fn showing(mut self, token: &str) -> StreamSlot {
        let mut counts = self.streams.counts.lock().unwrap_or_else(|p| p.into_inner());
        *counts.by_page.entry(token.to_owned()).or_default() += 1;
        drop(counts);
        self.page = Some(token.to_owned());
        self
    }
}

impl Streams {
    /// Streams counted into `live` and `class` as well.
    pub fn gauged(live: Gauge, class: Gauge) -> Streams {
        Streams {
            counts: Mutex::default(),
            gauges: Some((live, class)),
        }
    }

    fn gauge(&self, kind: StreamKind) -> Option<&Gauge> {
        self.gauges.as_ref().map(|(live, class)| match kind {
            StreamKind::Live => live,
            StreamKind::Class => class,
        })
    }

    /// A place for one more stream of `kind` by `client`, if the budgets have one.
    pub fn open(self: &Arc<Self>, client: Client, kind: StreamKind) -> Option<StreamSlot> {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let all = counts.live + counts.class;
        let (room, per_client) = match kind {
            StreamKind::Live => (
                all < MAX_STREAMS && counts.live < MAX_STREAMS - CLASS_STREAMS_KEPT,
                LIVE_STREAMS_PER_CLIENT,
            ),
            StreamKind::Class => (all < MAX_STREAMS, CLASS_STREAMS_PER_CLIENT),
        };
        let mine = counts.by_client.get(&(client, kind)).copied().unwrap_or(0);
        if !room || mine >= per_client {
            return None;
        }
        *counts.by_client.entry((client, kind)).or_default() += 1;
        match kind {
            StreamKind::Live => counts.live += 1,
            StreamKind::Class => counts.class += 1,
        }
        if let Some(gauge) = self.gauge(kind) {
            gauge.inc();
        }
        Some(StreamSlot {
            streams: self.clone(),
            client,
            kind,
            page: None,
        })
    }

    /// Whether class screen `token` has an event stream open in this process now.
    pub fn showing(&self, token: &str) -> bool {
        let counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.by_page.contains_key(token)
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut counts = self.streams.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(gauge) = self.streams.gauge(self.kind) {
            gauge.dec();
        }
        match self.kind {
            StreamKind::Live => counts.live -= 1,
            StreamKind::Class => counts.class -= 1,
        }
        let key = (self.client, self.kind);
        if let Some(mine) = counts.by_client.get_mut(&key) {
            *mine -= 1;
            if *mine == 0 {
                counts.by_client.remove(&key);
            }
        }
        if let Some(page) = self.page.take() {
            if let Some(open) = counts.by_page.get_mut(&page) {
                *open -= 1;
                if *open == 0 {
                    counts.by_page.remove(&page);
                }
            }
        }
    }
}

/// The whole-game animations' drawings: their turns, and each client's drawings.
pub struct Draws {
    turns: Arc<tokio::sync::Semaphore>,
    by_client: Arc<Mutex<HashMap<Client, usize>>>,
}

impl Default for Draws {
    fn default() -> Self {
        Draws {
            turns: Arc::new(tokio::sync::Semaphore::new(MAX_DRAWS)),
            by_client: Arc::default(),
        }
    }
}

/// A client's drawing, counted until it is dropped (when the drawing is done).
pub struct DrawShare {
    by_client: Arc<Mutex<HashMap<Client, usize>>>,
    client: Client,
}

impl Drop for DrawShare {
    fn drop(&mut self) {
        let mut by_client = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(mine) = by_client.get_mut(&self.client) {
            *mine -= 1;
            if *mine == 0 {
                by_client.remove(&self.client);
            }
        }
    }
}

/// Why a drawing did not run: its client has its share running, or no turn came in time.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

impl Draws {
    /// Whether `client` has its whole share of drawings running or waiting now.
    pub fn share_taken(&self, client: Client) -> bool {
        let by_client = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        by_client.get(&client).copied().unwrap_or(0) >= DRAWS_PER_CLIENT
    }

    /// Runs `draw` on a blocking thread in its turn among the drawings, for `client`: at once
    /// [`Busy`] when the client already has [`DRAWS_PER_CLIENT`] drawings, or after
    /// [`DRAW_WAIT`] without a turn. Once started, a drawing runs to its end and holds its turn
    /// and its client's share until then, even if whoever asked has gone.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Client,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let share = {
            let mut by_client = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
            let mine = by_client.entry(client).or_default();
            if *mine >= DRAWS_PER_CLIENT {
                return Err(Busy);
            }
            *mine += 1;
            DrawShare {
                by_client: self.by_client.clone(),
                client,
            }
        };
        let turn = tokio::time::timeout(DRAW_WAIT, self.turns.clone().acquire_owned()).await;
        let Ok(Ok(turn)) = turn else {
            return Err(Busy);
        };
        tokio::task::spawn_blocking(move || {
            let _held = (turn, share);
            draw()
        })
        .await
        .map_err(|_| Busy)
    }
}
