//! Bounded caches of drawings: a picture, or a board's playable SVG, is a pure function of
//! (state, last move, view, size), so a board posted to many viewers, shown on many class
//! pages, or asked for again, is drawn once.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use lalao_core::AnyGame;

use super::palette::PictureSize;
use super::{picture, playable_board_svg, Picture};
use crate::View;

/// Pictures by key, the least recently used dropped first. Shared between threads (`&self`):
/// the lock is held only to look up and to store, never while drawing, so two threads asking
/// for the same new picture at once may both draw it (the result is the same).
pub struct PictureCache(Drawings<Picture>);

/// Boards' playable SVG (the class pages'), cached as [`PictureCache`] caches pictures: a class
/// page that redraws after each tap draws again only the boards that changed.
pub struct BoardSvgCache(Drawings<str>);

/// Drawings by key, the least recently used dropped first.
struct Drawings<T: ?Sized> {
    capacity: usize,
    inner: Mutex<Inner<T>>,
}

struct Inner<T: ?Sized> {
    drawn: HashMap<String, Arc<T>>,
    /// Keys from least to most recently used.
    order: VecDeque<String>,
    draws: u64,
}

/// Everything a picture depends on, as text: the game and its position and outcome, the move
/// and its events, the names, the viewer, the style, the locale, the size.
fn key(game: &AnyGame, view: &View, size: PictureSize) -> String {
    format!(
        "{:?}|{}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{}|{:?}",
        game.kind(),
        game.position(),
        game.outcome(),
        game.to_move().index(),
        view.last_move,
        view.events,
        view.names,
        view.viewer,
        view.ended,
        view.style.id(),
        view.locale,
        size.id(),
        view.result,
    )
}

impl<T: ?Sized> Drawings<T> {
    fn new(capacity: usize) -> Drawings<T> {
        Drawings {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner {
                drawn: HashMap::new(),
                order: VecDeque::new(),
                draws: 0,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<T>> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The drawing under `key`, made by `draw` only if it is not cached.
    fn get_or_draw(&self, key: String, draw: impl FnOnce() -> Arc<T>) -> Arc<T> {
        {
            let mut inner = self.lock();
            if let Some(found) = inner.drawn.get(&key).cloned() {
                if let Some(at) = inner.order.iter().position(|k| *k == key) {
                    let k = inner.order.remove(at).expect("found above");
                    inner.order.push_back(k);
                }
                return found;
            }
        }
        let drawn = draw();
        let mut inner = self.lock();
        inner.draws += 1;
        if !inner.drawn.contains_key(&key) {
            while inner.drawn.len() >= self.capacity {
                let Some(oldest) = inner.order.pop_front() else {
                    break;
                };
                inner.drawn.remove(&oldest);
            }
            inner.order.push_back(key.clone());
            inner.drawn.insert(key, drawn.clone());
        }
        drawn
    }
}

impl PictureCache {
    /// A cache of at most `capacity` pictures (at least one).
    pub fn new(capacity: usize) -> PictureCache {
        PictureCache(Drawings::new(capacity))
    }

    /// The picture of `game` for `view` at `size`, drawn only if it is not cached.
    pub fn get_or_draw(&self, game: &AnyGame, view: &View, size: PictureSize) -> Arc<Picture> {
        self.0
            .get_or_draw(key(game, view, size), || Arc::new(picture(game, view, size)))
    }

    /// How many pictures this cache has drawn (for tests and metrics).
    pub fn draws(&self) -> u64 {
        self.0.lock().draws
    }

    /// How many pictures it holds now.
    pub fn len(&self) -> usize {
        self.0.lock().drawn.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl BoardSvgCache {
    /// A cache of at most `capacity` boards (at least one).
    pub fn new(capacity: usize) -> BoardSvgCache {
        BoardSvgCache(Drawings::new(capacity))
    }

    /// [`playable_board_svg`] of `game` for `view` at `size`, drawn only if it is not cached.
    pub fn get_or_draw(&self, game: &AnyGame, view: &View, size: PictureSize) -> Arc<str> {
        self.0.get_or_draw(key(game, view, size), || {
            Arc::from(playable_board_svg(game, view, size))
        })
    }

    /// How many boards this cache has drawn (for tests).
    pub fn draws(&self) -> u64 {
        self.0.lock().draws
    }
}
