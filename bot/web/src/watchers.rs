//! Pages kept up to date: the event streams, and the watcher of each page that draws it once
//! per change for everyone who watches it.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use lalao_app::changes::Changed;
use lalao_app::ids::{ChannelId, MatchId};
use lalao_app::Service;
use lalao_app::{PageRead, Unreachable};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

use crate::budget::{self, Client, StreamKind};
use crate::class;
use crate::live::*;
use crate::responses::*;
use crate::state::*;

/// An event stream ends after this; the page's script opens the next at once.
pub const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// The page's updates: the board as it is now, then again after every change, as `board`
/// events whose id is the match's version.
pub(crate) async fn events(
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
pub(crate) fn stream(
    receiver: watch::Receiver<Arc<Shown>>,
    name: &'static str,
    slot: budget::StreamSlot,
) -> Response {
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

pub(crate) fn updates(
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
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        self.read_among(&self.page_reads, ask).await
    }

    /// `ask` of the service for a class screen, as [`Web::read`] does, in its turn among the
    /// class screens' reads.
    pub(crate) async fn class_read<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        self.read_among(&self.class_reads, ask).await
    }

    /// The reads of what `watched` shows: the class screens' or the live pages'.
    pub(crate) async fn read_for<T: Send + 'static>(
        &self,
        watched: &Watched,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        match watched {
            Watched::Match(..) => self.read(ask).await,
            Watched::Class(_) => self.class_read(ask).await,
        }
    }

    pub(crate) async fn read_among<T: Send + 'static>(
        &self,
        turns: &Arc<tokio::sync::Semaphore>,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        let asked = std::time::Instant::now();
        let turn = tokio::time::timeout(PAGE_READ_WAIT, turns.clone().acquire_owned()).await;
        self.service
            .metrics()
            .page_read_wait_seconds
            .observe(asked.elapsed().as_secs_f64());
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
    pub(crate) async fn play<T: Send + 'static>(
        &self,
        ask: impl FnOnce(&Service) -> PageRead<T> + Send + 'static,
    ) -> PageRead<T> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || ask(&service))
            .await
            .unwrap_or(Err(Unreachable))
    }

    /// The version of what `watched` shows now; `Ok(None)` once it is gone.
    pub(crate) async fn version_of(self: &Arc<Self>, watched: &Watched) -> PageRead<u64> {
        let asked = watched.clone();
        self.read_for(watched, move |service| match &asked {
            Watched::Match(public, _) => service.live_version(public),
            Watched::Class(token) => service.class_screen_version(token),
        })
        .await
    }

    /// What `watched` shows now.
    pub(crate) async fn shown(self: &Arc<Self>, watched: &Watched) -> PageRead<Shown> {
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
    pub(crate) async fn scope_of(self: &Arc<Self>, watched: &Watched) -> Option<Scope> {
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
    pub(crate) fn watch(self: &Arc<Self>, watched: Watched, now: Shown) -> watch::Receiver<Arc<Shown>> {
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
    pub(crate) fn look_elsewhere(self: &Arc<Self>) {
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
pub(crate) struct Scope {
    pub(crate) matches: Vec<MatchId>,
    pub(crate) class: Option<ChannelId>,
}

impl Scope {
    pub(crate) fn touched_by(&self, changed: &Changed) -> bool {
        changed.matches.iter().any(|id| self.matches.contains(id))
            || self
                .class
                .as_ref()
                .is_some_and(|class| changed.classes.contains(class))
    }
}
