//! What the web pages share: the watched pages and what they show, the news of changes, the
//! shared page reads, the drawings kept, and the `Web` state itself.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lalao_app::changes::Changed;
use lalao_app::class::screen::ClassScreen;
use lalao_app::Service;
use lalao_app::{LiveView, PageRead};
use lalao_renderer::Locale;
use tokio::sync::{broadcast, watch};

use crate::budget::{self, Streams};
use crate::class;
use crate::drawn::*;

/// How often a watcher looks whether anyone still watches, and, when other processes share
/// the store (their commits are not told here), how often the process looks whether they
/// changed anything: a move made by another process reaches the page within this.
pub(crate) const TICK: Duration = Duration::from_secs(1);

/// What the watchers hear: what a commit of this process changed, or that other processes
/// sharing the store changed something (what, this process does not know).
#[derive(Clone, Debug)]
pub(crate) enum News {
    Here(Arc<Changed>),
    Elsewhere,
}

/// Commits told to the watchers and not yet read by them; a watcher that falls further behind
/// reads its page again.
pub(crate) const NEWS_KEPT: usize = 1024;

/// A page's changing part as shown now, shared by everyone who watches it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Shown {
    pub(crate) version: u64,
    /// The `<main>` element's content.
    pub(crate) html: String,
}

/// What a page watches: a match's live page in a language, or a class screen (whose language
/// is the class's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Watched {
    Match(String, Locale),
    Class(String),
}

pub(crate) type Watchers = HashMap<Watched, watch::Receiver<Arc<Shown>>>;

pub(crate) struct Web {
    pub(crate) service: Arc<Service>,
    /// Event streams open now, by kind and client.
    pub(crate) streams: Arc<Streams>,
    pub(crate) watchers: Mutex<Watchers>,
    /// What each commit of this process changed, and what other processes did.
    pub(crate) news: broadcast::Sender<News>,
    /// Whether the one look at other processes' changes runs ([`Web::look_elsewhere`]).
    pub(crate) looking: std::sync::atomic::AtomicBool,
    /// Moves each class screen link may still send now.
    pub(crate) buckets: Mutex<HashMap<String, class::Bucket>>,
    /// The sowing replays drawn, by match, version and language: every viewer of a move asks
    /// for the same one.
    pub(crate) replays: Mutex<Replays>,
    /// The whole games animated, by match, version and language, both formats: drawn once
    /// for everyone who follows the page's link.
    pub(crate) animations: Mutex<Animations>,
    /// The whole-game animations' drawings, apart from the page reads.
    pub(crate) draws: Arc<budget::Draws>,
    /// Reads of public live pages running now: at most [`MAX_PAGE_READS`], so that however
    /// many pages are asked for at once, the store's other connections stay free for moves and
    /// timers.
    pub(crate) page_reads: Arc<tokio::sync::Semaphore>,
    /// Reads of class screens (and a tap's look at its link) running now: as many again, apart,
    /// so that a crowd on public pages never keeps a class waiting.
    pub(crate) class_reads: Arc<tokio::sync::Semaphore>,
    /// The live pages and class screens being read now: a request for one that is being read
    /// waits for that read instead of starting another.
    pub(crate) live_reads: SharedReads<LiveView>,
    pub(crate) screen_reads: SharedReads<ClassScreen>,
}

/// Reads of one page, shared by every request that arrives while one runs: a crowd opening the
/// same page costs one read, not one each. A finished read is not kept.
pub(crate) struct SharedReads<T>(Mutex<HashMap<Watched, ReadInFlight<T>>>);

/// One read of a page, which every request for that page waits for while it runs.
pub(crate) type ReadInFlight<T> = Arc<tokio::sync::OnceCell<PageRead<Arc<T>>>>;

impl<T> Default for SharedReads<T> {
    fn default() -> Self {
        SharedReads(Mutex::default())
    }
}

impl<T: Send + Sync + 'static> SharedReads<T> {
    pub(crate) async fn read<F, Fut>(&self, page: &Watched, read: F) -> PageRead<Arc<T>>
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

impl Web {
    pub(crate) fn new(service: Arc<Service>) -> Arc<Web> {
        let (news, _) = broadcast::channel(NEWS_KEPT);
        let told = news.clone();
        service.changes().subscribe(move |changed| {
            // Nobody watching is no error.
            let _ = told.send(News::Here(Arc::new(changed.clone())));
        });
        let metrics = service.metrics();
        let streams = Arc::new(Streams::gauged(metrics.streams("live"), metrics.streams("class")));
        service.set_presence(streams.clone());
        Arc::new(Web {
            streams,
            service,
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
