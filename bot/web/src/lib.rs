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

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::stream::{self, Stream};
use lalao_app::changes::Changed;
use lalao_app::class::screen::ClassScreen;
use lalao_app::i18n::t;
use lalao_app::ids::{ChannelId, MatchId};
use lalao_app::Service;
use lalao_app::{is_public_id, LiveView, PageRead, Unreachable};
use lalao_renderer::{escape_html, Locale};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

mod budget;
mod class;

pub use budget::{
    Client, Peer, CLASS_STREAMS_KEPT, CLASS_STREAMS_PER_CLIENT, DRAWS_PER_CLIENT, DRAW_WAIT,
    LIVE_STREAMS_PER_CLIENT, MAX_DRAWS, MAX_STREAMS,
};
use budget::{StreamKind, Streams};

/// How often a watcher looks whether anyone still watches, and, when other processes share
/// the store (their commits are not told here), how often the process looks whether they
/// changed anything: a move made by another process reaches the page within this.
const TICK: Duration = Duration::from_secs(1);

/// What the watchers hear: what a commit of this process changed, or that other processes
/// sharing the store changed something (what, this process does not know).
#[derive(Clone, Debug)]
enum News {
    Here(Arc<Changed>),
    Elsewhere,
}

/// Commits told to the watchers and not yet read by them; a watcher that falls further behind
/// reads its page again.
const NEWS_KEPT: usize = 1024;

/// The script and style of the pages, embedded.
const LIVE_JS: &str = include_str!("../assets/live.js");
const LIVE_CSS: &str = include_str!("../assets/live.css");

/// Nothing but this server's own scripts, styles and event stream; no framing, no forms.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

/// The pictures' own fonts (DejaVu, renderer/fonts/LICENSE-DejaVu.txt), served to the pages:
/// the boards' SVG and the pages read the same on every machine, whatever fonts it has.
const SANS: &[u8] = include_bytes!("../../../renderer/fonts/DejaVuSans.ttf");
const SANS_BOLD: &[u8] = include_bytes!("../../../renderer/fonts/DejaVuSans-Bold.ttf");

/// A page's changing part as shown now, shared by everyone who watches it.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    version: u64,
    /// The `<main>` element's content.
    html: String,
}

/// What a page watches: a match's live page in a language, or a class screen (whose language
/// is the class's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Watched {
    Match(String, Locale),
    Class(String),
}

type Watchers = HashMap<Watched, watch::Receiver<Arc<Shown>>>;

struct Web {
    service: Arc<Service>,
    /// Event streams open now, by kind and client.
    streams: Arc<Streams>,
    watchers: Mutex<Watchers>,
    /// What each commit of this process changed, and what other processes did.
    news: broadcast::Sender<News>,
    /// Whether the one look at other processes' changes runs ([`Web::look_elsewhere`]).
    looking: std::sync::atomic::AtomicBool,
    /// Moves each class screen link may still send now.
    buckets: Mutex<HashMap<String, class::Bucket>>,
    /// The sowing replays drawn, by match, version and language: every viewer of a move asks
    /// for the same one.
    replays: Mutex<Replays>,
    /// The whole games animated, by match, version and language, both formats: drawn once
    /// for everyone who follows the page's link.
    animations: Mutex<Animations>,
    /// The whole-game animations' drawings, apart from the page reads.
    draws: Arc<budget::Draws>,
    /// Reads of public live pages running now: at most [`MAX_PAGE_READS`], so that however
    /// many pages are asked for at once, the store's other connections stay free for moves and
    /// timers.
    page_reads: Arc<tokio::sync::Semaphore>,
    /// Reads of class screens (and a tap's look at its link) running now: as many again, apart,
    /// so that a crowd on public pages never keeps a class waiting.
    class_reads: Arc<tokio::sync::Semaphore>,
    /// The live pages and class screens being read now: a request for one that is being read
    /// waits for that read instead of starting another.
    live_reads: SharedReads<LiveView>,
    screen_reads: SharedReads<ClassScreen>,
}

/// Reads of one page, shared by every request that arrives while one runs: a crowd opening the
/// same page costs one read, not one each. A finished read is not kept.
struct SharedReads<T>(Mutex<HashMap<Watched, ReadInFlight<T>>>);

/// One read of a page, which every request for that page waits for while it runs.
type ReadInFlight<T> = Arc<tokio::sync::OnceCell<PageRead<Arc<T>>>>;

impl<T> Default for SharedReads<T> {
    fn default() -> Self {
        SharedReads(Mutex::default())
    }
}

impl<T: Send + Sync + 'static> SharedReads<T> {
    async fn read<F, Fut>(&self, page: &Watched, read: F) -> PageRead<Arc<T>>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = PageRead<T>>,
    {
        let cell = self
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(page.clone())
            .or_default()
            .clone();
        let found = cell
            .get_or_init(|| async { read().await.map(|found| found.map(Arc::new)) })
            .await
            .clone();
        let mut running = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if running.get(page).is_some_and(|now| Arc::ptr_eq(now, &cell)) {
            running.remove(page);
        }
        found
    }
}

/// Page reads run at once, each on a blocking thread with one store connection, for public
/// live pages, and as many for class screens. The rest wait their turn (up to
/// [`PAGE_READ_WAIT`]), without a thread.
pub const MAX_PAGE_READS: usize = 4;

/// How long a page read waits for its turn before the page is asked to come back (503).
pub const PAGE_READ_WAIT: Duration = Duration::from_secs(10);

/// A replay's public id, match version and language.
type ReplayKey = (String, u64, Locale);

/// Replays kept drawn; past that the oldest is forgotten.
const REPLAYS_KEPT: usize = 64;

/// Pictures drawn or being drawn, oldest first, at most `KEPT`: every request for one key
/// waits for the same drawing, and answers share its bytes. Only pictures are kept: a drawing
/// that found nothing to draw (404) or no store to read (503) is tried again by the next
/// request, so a refusal never stands in for a picture.
struct Drawn<V, const KEPT: usize> {
    drawn: HashMap<ReplayKey, Arc<tokio::sync::OnceCell<V>>>,
    order: std::collections::VecDeque<ReplayKey>,
}

impl<V, const KEPT: usize> Default for Drawn<V, KEPT> {
    fn default() -> Self {
        Drawn {
            drawn: HashMap::new(),
            order: std::collections::VecDeque::new(),
        }
    }
}

impl<V, const KEPT: usize> Drawn<V, KEPT> {
    /// Whether `key`'s picture is drawn (and kept).
    fn is_drawn(&self, key: &ReplayKey) -> bool {
        self.drawn.get(key).is_some_and(|cell| cell.initialized())
    }

    /// The cell of `key`, made (and the oldest forgotten past `KEPT`) if new.
    fn cell(&mut self, key: &ReplayKey) -> Arc<tokio::sync::OnceCell<V>> {
        if let Some(cell) = self.drawn.get(key) {
            return cell.clone();
        }
        while self.order.len() >= KEPT {
            if let Some(oldest) = self.order.pop_front() {
                self.drawn.remove(&oldest);
            }
        }
        let cell = Arc::new(tokio::sync::OnceCell::new());
        self.drawn.insert(key.clone(), cell.clone());
        self.order.push_back(key.clone());
        cell
    }
}

/// Why a picture was not drawn: nothing to draw at that address (404), the store did not
/// answer (503), or no drawing could start now (503).
#[derive(Debug, PartialEq, Eq)]
enum Undrawn {
    Gone,
    Unreachable,
    /// The drawings' budget is spent (or this client's share of it).
    Busy,
}

impl Undrawn {
    fn answer(self, locale: Locale) -> Response {
        match self {
            Undrawn::Gone => not_found(locale),
            Undrawn::Unreachable => unreachable(locale),
            Undrawn::Busy => busy(locale, "web-drawing-busy"),
        }
    }
}

/// `cell`'s picture, drawn by `draw` unless it is drawn already (or being drawn: then its
/// drawing is waited for). Only a picture is kept in `cell`.
async fn drawn_once<V: Clone, Fut>(
    cell: &tokio::sync::OnceCell<V>,
    draw: impl FnOnce() -> Fut,
) -> Result<V, Undrawn>
where
    Fut: std::future::Future<Output = Result<V, Undrawn>>,
{
    cell.get_or_try_init(draw).await.cloned()
}

/// A page read's answer as a picture to keep, or why there is none.
fn picture<T, V>(read: PageRead<T>, bytes: impl FnOnce(T) -> V) -> Result<V, Undrawn> {
    match read {
        Ok(Some(found)) => Ok(bytes(found)),
        Ok(None) => Err(Undrawn::Gone),
        Err(Unreachable) => Err(Undrawn::Unreachable),
    }
}

/// The sowing replays of last moves.
type Replays = Drawn<axum::body::Bytes, REPLAYS_KEPT>;

/// A whole game animated, as served: the APNG and the GIF.
type AnimationBytes = (axum::body::Bytes, axum::body::Bytes);

/// Whole-game animations kept drawn (up to 16 MiB each); past that the oldest is forgotten.
/// Each is a second of drawing for a long game: never twice for one version.
const ANIMATIONS_KEPT: usize = 8;

/// The whole-game animations.
type Animations = Drawn<AnimationBytes, ANIMATIONS_KEPT>;

/// The web pages' routes, on `service`.
pub fn router(service: Arc<Service>) -> Router {
    routes(Web::new(service))
}

impl Web {
    fn new(service: Arc<Service>) -> Arc<Web> {
        let (news, _) = broadcast::channel(NEWS_KEPT);
        let told = news.clone();
        service.changes().subscribe(move |changed| {
            // Nobody watching is no error.
            let _ = told.send(News::Here(Arc::new(changed.clone())));
        });
        Arc::new(Web {
            service,
            streams: Arc::default(),
            watchers: Mutex::default(),
            news,
            looking: Default::default(),
            buckets: Mutex::default(),
            replays: Mutex::default(),
            animations: Mutex::default(),
            draws: Arc::default(),
            page_reads: Arc::new(tokio::sync::Semaphore::new(MAX_PAGE_READS)),
            class_reads: Arc::new(tokio::sync::Semaphore::new(MAX_PAGE_READS)),
            live_reads: SharedReads::default(),
            screen_reads: SharedReads::default(),
        })
    }
}

/// The routes, on `web`.
fn routes(web: Arc<Web>) -> Router {
    Router::new()
        .route("/m/{public}", get(page))
        .route("/m/{public}/events", get(events))
        .route("/m/{public}/replay/{version}", get(replay))
        .route("/m/{public}/animation/{version}/{file}", get(animation))
        .route("/m/{public}/after/{count}", get(after))
        .route("/class/{token}", get(class::page))
        .route("/class/{token}/events", get(class::events))
        .route("/class/{token}/play", post(class::play))
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
        .route("/assets/DejaVuSans.ttf", get(|| font(SANS)))
        .route("/assets/DejaVuSans-Bold.ttf", get(|| font(SANS_BOLD)))
        .fallback(|headers: HeaderMap| async move { not_found(reader_locale(&headers)) })
        .layer(axum::middleware::map_response(secure))
        .with_state(web)
}

/// A client has this long to send a request's headers, the first one and each next one on a
/// kept-alive connection: a connection that sends nothing, or half a header, is closed then.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// An event stream ends after this; the page's script opens the next at once.
pub const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// The pause after a failed `accept` (EMFILE and the like) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

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
    let router = router(service);
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
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "a web connection ended with an error");
            }
            drop(slot);
        });
    }
}

/// The headers every answer carries.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

async fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

async fn font(bytes: &'static [u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, "font/ttf"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        bytes,
    )
        .into_response()
}

/// The reader's language from `Accept-Language` (French if it comes first), else English;
/// a class match's page speaks the class's language whatever the browser says.
fn reader_locale(headers: &HeaderMap) -> Locale {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .and_then(|first| Locale::from_tag(first.split(';').next().unwrap_or_default().trim()))
        .unwrap_or(Locale::En)
}

/// Asked to come back (503, `Retry-After`): the store does not answer now.
fn unreachable(locale: Locale) -> Response {
    let text = escape_html(&t(locale, "web-store-unreachable", &[]));
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{text}</title>\
         <link rel=\"stylesheet\" href=\"/assets/live.css\"></head><body><main><p>{text}</p></main></body></html>",
        locale.id()
    );
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, Html(html)).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

/// Asked to come back (503, `Retry-After`) with `key`'s words: a budget is spent just now.
fn busy(locale: Locale, key: &str) -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, t(locale, key, &[])).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

fn not_found(locale: Locale) -> Response {
    let text = escape_html(&t(locale, "web-not-found", &[]));
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{text}</title>\
         <link rel=\"stylesheet\" href=\"/assets/live.css\"></head><body><main><p>{text}</p></main></body></html>",
        locale.id()
    );
    (StatusCode::NOT_FOUND, Html(html)).into_response()
}

/// The live view of `public` for `locale`, read on a blocking thread (the store is).
async fn view(web: &Web, public: &str, locale: Locale) -> PageRead<Arc<LiveView>> {
    if !is_public_id(public) {
        return Ok(None);
    }
    let page = Watched::Match(public.to_owned(), locale);
    let public = public.to_owned();
    web.live_reads
        .read(&page, || {
            web.read(move |service| service.live_view(&public, locale))
        })
        .await
}

async fn page(State(web): State<Arc<Web>>, Path(public): Path<String>, headers: HeaderMap) -> Response {
    let locale = reader_locale(&headers);
    let view = match view(&web, &public, locale).await {
        Ok(Some(view)) => view,
        Ok(None) => return not_found(locale),
        Err(Unreachable) => return unreachable(locale),
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/live.css\"></head>\
         <body><main id=\"live\" data-events=\"/m/{public}/events\">{main}</main>\
         <script src=\"/assets/live.js\"></script></body></html>",
        lang = view.locale.id(),
        title = escape_html(&view.title),
        main = main_html(&view),
    );
    Html(html).into_response()
}

/// The page of a match with the position after one of its moves (a link of its annotated move
/// list): a still page, with a link back to the live one.
async fn after(
    State(web): State<Arc<Web>>,
    Path((public, count)): Path<(String, usize)>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    if !is_public_id(&public) {
        return not_found(locale);
    }
    let view = {
        let public = public.clone();
        web.read(move |service| service.live_view_after(&public, count, locale))
            .await
    };
    let view = match view {
        Ok(Some(view)) => view,
        Ok(None) => return not_found(locale),
        Err(Unreachable) => return unreachable(locale),
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/live.css\"></head>\
         <body><main><p><a href=\"/m/{public}\">{back}</a></p>{main}</main></body></html>",
        lang = view.locale.id(),
        title = escape_html(&view.title),
        back = escape_html(&t(view.locale, "web-back-to-live", &[])),
        main = main_html(&view),
    );
    Html(html).into_response()
}

/// The animated replay (APNG) of a match's last move, at the version its address names (only
/// while that is the match's version): it never changes under that address, so browsers may
/// keep it.
async fn replay(
    State(web): State<Arc<Web>>,
    Path((public, version)): Path<(String, u64)>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    if !is_public_id(&public) {
        return not_found(locale);
    }
    // Only the current version's replay is served: a page that moved on asks for the next.
    if let Err(refused) = at_version(&web, &public, version, locale).await {
        return refused;
    }
    let key = (public.clone(), version, locale);
    let cell = web.replays.lock().unwrap_or_else(|p| p.into_inner()).cell(&key);
    // Drawn once (20–100 ms of CPU), whoever asks meanwhile waits for that drawing.
    let drawn = drawn_once(&cell, || async {
        let read = web.read(move |service| service.live_replay(&public, version, locale));
        picture(read.await, |animation| axum::body::Bytes::from(animation.png))
    })
    .await;
    let png = match drawn {
        Ok(png) => png,
        Err(undrawn) => return undrawn.answer(locale),
    };
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        png,
    )
        .into_response()
}

/// Passes when `version` is the live page's current one: a picture's address names the
/// version it shows, and only that version's is served.
async fn at_version(web: &Web, public: &str, version: u64, locale: Locale) -> Result<(), Response> {
    let public = public.to_owned();
    match web.read(move |service| service.live_version(&public)).await {
        Ok(Some(current)) if current == version => Ok(()),
        Ok(_) => Err(not_found(locale)),
        Err(Unreachable) => Err(unreachable(locale)),
    }
}

/// The whole game animated, `animation.png` (APNG) or `animation.gif`, at the version its
/// address names (only while that is the match's version): never changing under that
/// address, so browsers may keep it.
async fn animation(
    State(web): State<Arc<Web>>,
    Path((public, version, file)): Path<(String, u64, String)>,
    client: Client,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    let gif = match file.as_str() {
        "animation.png" => false,
        "animation.gif" => true,
        _ => return not_found(locale),
    };
    if !is_public_id(&public) {
        return not_found(locale);
    }
    let key = (public.clone(), version, locale);
    // A client whose drawing runs is answered at once for one that is not drawn, before any
    // read: its further requests cost the store nothing.
    let drawn = web
        .animations
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .is_drawn(&key);
    if !drawn && web.draws.share_taken(client) {
        return Undrawn::Busy.answer(locale);
    }
    if let Err(refused) = at_version(&web, &public, version, locale).await {
        return refused;
    }
    let cell = web
        .animations
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .cell(&key);
    // Drawn once for both formats, in the drawings' turns and this client's share of them,
    // never among the page reads. The drawing is the server's own task: once started it is
    // kept for the next reader even if this one has gone.
    let (draws, service) = (web.draws.clone(), web.service.clone());
    let drawing = tokio::spawn(async move {
        drawn_once(&cell, || async move {
            let drawn = draws
                .run(client, move || service.live_animation(&public, version, locale))
                .await;
            let Ok(read) = drawn else {
                return Err(Undrawn::Busy);
            };
            picture(read, |drawn| {
                (
                    axum::body::Bytes::from(drawn.apng),
                    axum::body::Bytes::from(drawn.gif),
                )
            })
        })
        .await
    });
    let drawn = drawing.await.unwrap_or(Err(Undrawn::Unreachable));
    let (apng, gif_bytes) = match drawn {
        Ok(both) => both,
        Err(undrawn) => return undrawn.answer(locale),
    };
    let (kind, body) = if gif {
        ("image/gif", gif_bytes)
    } else {
        ("image/png", apng)
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        body,
    )
        .into_response()
}

/// The page's changing part: title, players, status, board and moves.
fn main_html(view: &LiveView) -> String {
    let locale = view.locale;
    let players: String = view
        .players
        .iter()
        .map(|player| format!("<li>{}</li>", escape_html(player)))
        .collect();
    // Each move a link to the position after it; once the match is reviewed, each marked with
    // its verdict and, for a move the review names, what it says.
    let moves: String = view
        .moves
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let count = index + 1;
            let (verdict, note) = view
                .review
                .as_ref()
                .and_then(|review| review.moves.get(index))
                .map_or(("", None), |(verdict, note)| (verdict.as_str(), note.as_deref()));
            let class = match verdict {
                "" => String::new(),
                verdict => format!(" class=\"{}\"", escape_html(verdict)),
            };
            let current = match view.after == Some(count) {
                true => " aria-current=\"step\"",
                false => "",
            };
            let note = note.map_or(String::new(), |note| {
                format!(" <span class=\"note\">{}</span>", escape_html(note))
            });
            format!(
                "<li id=\"move-{count}\"{class}><a href=\"/m/{public}/after/{count}\"{current}><code>{text}</code></a>{note}</li>",
                public = view.public,
                text = escape_html(text),
            )
        })
        .collect();
    let review = match &view.review {
        Some(review) => format!(
            "<section class=\"review\"><h2>{title}</h2><ul>{summary}</ul></section>",
            title = escape_html(&review.title),
            summary = review
                .summary
                .iter()
                .map(|line| format!("<li>{}</li>", escape_html(line)))
                .collect::<String>(),
        ),
        None => String::new(),
    };
    let replay = match &view.replay {
        Some(words) => format!(
            "<figure class=\"replay\"><img src=\"/m/{public}/replay/{version}\" alt=\"{words}\">\
             <figcaption>{words}</figcaption></figure>",
            public = view.public,
            version = view.version,
            words = escape_html(words),
        ),
        None => String::new(),
    };
    // The whole game, animated: GIF for every browser, APNG beside it.
    let animation = if view.moves.is_empty() || view.moves.len() > lalao_renderer::GAME_ANIMATION_MAX_PLIES {
        String::new()
    } else {
        format!(
            "<p class=\"animation\"><a href=\"/m/{public}/animation/{version}/animation.gif\">{words}</a> \
             (<a href=\"/m/{public}/animation/{version}/animation.png\">APNG</a>)</p>",
            public = view.public,
            version = view.version,
            words = escape_html(&t(locale, "web-animation", &[])),
        )
    };
    format!(
        "<h1>{title}</h1><ul class=\"players\">{players}</ul>\
         <p class=\"status\" role=\"status\" aria-live=\"polite\">{status}</p>\
         <figure class=\"board\" role=\"img\" aria-label=\"{description}\">{svg}</figure>{replay}\
         <h2>{moves_title}</h2><ol class=\"moves\">{moves}</ol>{review}{animation}",
        title = escape_html(&view.title),
        status = escape_html(&view.status),
        description = escape_html(&view.description),
        svg = view.svg,
        moves_title = escape_html(&t(
            locale,
            "web-moves",
            &[("count", view.moves.len().to_string())]
        )),
    )
}

/// The page's updates: the board as it is now, then again after every change, as `board`
/// events whose id is the match's version.
async fn events(
    State(web): State<Arc<Web>>,
    Path(public): Path<String>,
    client: Client,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    // Counted before the page is read: a client past its share costs no read.
    let Some(slot) = web.streams.open(client, StreamKind::Live) else {
        return busy(locale, "web-busy");
    };
    let view = match view(&web, &public, locale).await {
        Ok(Some(view)) => view,
        Ok(None) => return not_found(locale),
        Err(Unreachable) => return unreachable(locale),
    };
    let now = Shown {
        version: view.version,
        html: main_html(&view),
    };
    let receiver = web.watch(Watched::Match(public, locale), now);
    stream(receiver, "board", slot)
}

/// A page's event stream: `name` events, one per change of what `receiver` shows, for at most
/// [`STREAM_LIFETIME`], holding its place among the streams (`slot`) while it lives.
fn stream(receiver: watch::Receiver<Arc<Shown>>, name: &'static str, slot: budget::StreamSlot) -> Response {
    let mut response = Sse::new(updates(receiver, name, slot))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    // Behind nginx (docs/web.md's TLS set-up), an event held in its buffer is a page that
    // does not move.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

fn updates(
    receiver: watch::Receiver<Arc<Shown>>,
    name: &'static str,
    slot: budget::StreamSlot,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let ends = tokio::time::Instant::now() + STREAM_LIFETIME;
    stream::unfold(
        (receiver, true, slot),
        move |(mut receiver, first, slot)| async move {
            if !first {
                tokio::select! {
                    changed = receiver.changed() => {
                        if changed.is_err() {
                            // The watcher stopped: the match is gone.
                            return None;
                        }
                    }
                    // Long enough: the page opens the next stream.
                    () = tokio::time::sleep_until(ends) => return None,
                }
            }
            let shown = receiver.borrow_and_update().clone();
            let event = Event::default()
                .event(name)
                .id(shown.version.to_string())
                .data(shown.html.clone());
            Some((Ok(event), (receiver, false, slot)))
        },
    )
}

impl Web {
    /// `ask` of the service, on a blocking thread (the store is), in its turn among the page
    /// reads; a read that waited too long for its turn, or whose thread failed, did not answer.
    async fn read<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        self.read_among(&self.page_reads, ask).await
    }

    /// `ask` of the service for a class screen, as [`Web::read`] does, in its turn among the
    /// class screens' reads.
    async fn class_read<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        self.read_among(&self.class_reads, ask).await
    }

    /// The reads of what `watched` shows: the class screens' or the live pages'.
    async fn read_for<T: Send + 'static>(
        &self,
        watched: &Watched,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        match watched {
            Watched::Match(..) => self.read(ask).await,
            Watched::Class(_) => self.class_read(ask).await,
        }
    }

    async fn read_among<T: Send + 'static>(
        &self,
        turns: &Arc<tokio::sync::Semaphore>,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        let turn = tokio::time::timeout(PAGE_READ_WAIT, turns.clone().acquire_owned()).await;
        let Ok(Ok(turn)) = turn else {
            return Err(Unreachable);
        };
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            ask(&service)
        })
        .await
        .unwrap_or(Err(Unreachable))
    }

    /// A move tapped on a page: `ask` on a blocking thread, not queued behind the page reads
    /// (a move is a command like a chat move).
    async fn play<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || ask(&service))
            .await
            .unwrap_or(Err(Unreachable))
    }

    /// The version of what `watched` shows now; `Ok(None)` once it is gone.
    async fn version_of(self: &Arc<Self>, watched: &Watched) -> PageRead<u64> {
        let asked = watched.clone();
        self.read_for(watched, move |service| match &asked {
            Watched::Match(public, _) => service.live_version(public),
            Watched::Class(token) => service.class_screen_version(token),
        })
        .await
    }

    /// What `watched` shows now.
    async fn shown(self: &Arc<Self>, watched: &Watched) -> PageRead<Shown> {
        Ok(match watched {
            Watched::Match(public, locale) => view(self, public, *locale).await?.map(|view| Shown {
                version: view.version,
                html: main_html(&view),
            }),
            Watched::Class(token) => class::screen(self, token).await?.map(|screen| Shown {
                version: screen.version,
                html: class::main_html(&screen),
            }),
        })
    }

    /// What `watched` shows changes with, as the store has it now; `None` when that is not
    /// known (then every change is looked at).
    async fn scope_of(self: &Arc<Self>, watched: &Watched) -> Option<Scope> {
        let asked = watched.clone();
        self.read_for(watched, move |service| match &asked {
            Watched::Match(public, _) => service.live_match(public).map(|found| {
                found.map(|id| Scope {
                    matches: vec![id],
                    class: None,
                })
            }),
            Watched::Class(token) => service.class_screen_scope(token).map(|found| {
                found.map(|(class, matches)| Scope {
                    matches,
                    class: Some(class),
                })
            }),
        })
        .await
        .ok()
        .flatten()
    }

    /// The watcher of `watched`, started if none runs: it reads the page again when a commit
    /// changed what it shows (and on each [`TICK`] when other processes share the store), and
    /// draws it once per change. It stops once nobody watches.
    fn watch(self: &Arc<Self>, watched: Watched, now: Shown) -> watch::Receiver<Arc<Shown>> {
        let mut watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(found) = watchers.get(&watched) {
            if found.has_changed().is_ok() {
                return found.clone();
            }
        }
        let (sender, receiver) = watch::channel(Arc::new(now));
        watchers.insert(watched.clone(), receiver.clone());
        drop(watchers);
        let web = self.clone();
        // Subscribed before the first read of the scope: no change falls in between.
        let mut news = self.news.subscribe();
        if self.service.store_is_shared() {
            self.look_elsewhere();
        }
        tokio::spawn(async move {
            let mut scope = web.scope_of(&watched).await;
            let mut tick = tokio::time::interval(TICK);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                let look = tokio::select! {
                    told = news.recv() => match told {
                        Ok(News::Here(changed)) => scope.as_ref().is_none_or(|scope| scope.touched_by(&changed)),
                        Ok(News::Elsewhere) => true,
                        Err(RecvError::Lagged(_)) => true,
                        // The service is gone: so is the page.
                        Err(RecvError::Closed) => {
                            web.watchers.lock().unwrap_or_else(|p| p.into_inner()).remove(&watched);
                            return;
                        }
                    },
                    _ = tick.tick() => false,
                };
                {
                    // Only the map's own receiver left: nobody watches.
                    let mut watchers = web.watchers.lock().unwrap_or_else(|p| p.into_inner());
                    if sender.receiver_count() <= 1 {
                        watchers.remove(&watched);
                        return;
                    }
                }
                if !look {
                    continue;
                }
                let shown = sender.borrow().version;
                match web.version_of(&watched).await {
                    Ok(Some(version)) if version != shown => {
                        if let Ok(Some(now)) = web.shown(&watched).await {
                            sender.send_replace(Arc::new(now));
                        }
                        // A class's new round brings new matches to watch.
                        scope = web.scope_of(&watched).await;
                    }
                    Ok(Some(_)) => {}
                    // The store does not answer now: the page stays, and is read again at the
                    // next change or tick.
                    Err(Unreachable) => {}
                    Ok(None) => {
                        web.watchers
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .remove(&watched);
                        return;
                    }
                }
            }
        });
        receiver
    }
}

impl Web {
    /// Starts, once per process, the look at other processes' changes: each [`TICK`] while a
    /// page is watched, one read of how many changes they made ([`Service::changes_by_others`]);
    /// when it moved on, every watcher reads its page again (then each reads what it shows).
    /// A store that cannot tell has every watcher read again each tick.
    fn look_elsewhere(self: &Arc<Self>) {
        if self.looking.swap(true, std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        let web = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(TICK);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut seen = None;
            loop {
                tick.tick().await;
                // The pages are gone with their server.
                let Some(web) = web.upgrade() else { return };
                let watched = !web.watchers.lock().unwrap_or_else(|p| p.into_inner()).is_empty();
                if !watched {
                    continue;
                }
                let others = web
                    .read(|service| service.changes_by_others().map(Some).map_err(|_| Unreachable))
                    .await;
                let changed = match others {
                    // The first look also covers what changed while the first pages were read.
                    Ok(Some(Some(count))) => seen.replace(count).is_none_or(|before| before != count),
                    // The store cannot tell: everything may have changed.
                    Ok(Some(None)) => true,
                    // The store does not answer: nothing is read now.
                    Ok(None) | Err(Unreachable) => false,
                };
                if changed {
                    let _ = web.news.send(News::Elsewhere);
                }
            }
        });
    }
}

/// What a page shows changes with: matches, and a class (by its channel).
struct Scope {
    matches: Vec<MatchId>,
    class: Option<ChannelId>,
}

impl Scope {
    fn touched_by(&self, changed: &Changed) -> bool {
        changed.matches.iter().any(|id| self.matches.contains(id))
            || self
                .class
                .as_ref()
                .is_some_and(|class| changed.classes.contains(class))
    }
}

#[cfg(test)]
mod tests;
