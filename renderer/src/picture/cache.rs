//! A bounded cache of still pictures: a picture is a pure function of (state, last move,
//! view, size), so a board posted to many viewers, or asked for again, is drawn once.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use lalao_core::AnyGame;

use super::palette::PictureSize;
use super::{picture, Picture};
use crate::View;

/// Pictures by key, the least recently used dropped first. Shared between threads (`&self`):
/// the lock is held only to look up and to store, never while drawing, so two threads asking
/// for the same new picture at once may both draw it (the result is the same).
pub struct PictureCache {
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    pictures: HashMap<String, Arc<Picture>>,
    /// Keys from least to most recently used.
    order: VecDeque<String>,
    draws: u64,
}

/// Everything a picture depends on, as text: the game and its position and outcome, the move
/// and its events, the names, the viewer, the style, the locale, the size.
fn key(game: &AnyGame, view: &View, size: PictureSize) -> String {
    format!(
        "{:?}|{}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{}",
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
        size.id()
    )
}

impl PictureCache {
    /// A cache of at most `capacity` pictures (at least one).
    pub fn new(capacity: usize) -> PictureCache {
        PictureCache {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The picture of `game` for `view` at `size`, drawn only if it is not cached.
    pub fn get_or_draw(&self, game: &AnyGame, view: &View, size: PictureSize) -> Arc<Picture> {
        let key = key(game, view, size);
        {
            let mut inner = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some(found) = inner.pictures.get(&key).cloned() {
                if let Some(at) = inner.order.iter().position(|k| *k == key) {
                    let k = inner.order.remove(at).expect("found above");
                    inner.order.push_back(k);
                }
                return found;
            }
        }
        let drawn = Arc::new(picture(game, view, size));
        let mut inner = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        inner.draws += 1;
        if !inner.pictures.contains_key(&key) {
            while inner.pictures.len() >= self.capacity {
                let Some(oldest) = inner.order.pop_front() else {
                    break;
                };
                inner.pictures.remove(&oldest);
            }
            inner.order.push_back(key.clone());
            inner.pictures.insert(key, drawn.clone());
        }
        drawn
    }

    /// How many pictures this cache has drawn (for tests and metrics).
    pub fn draws(&self) -> u64 {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .draws
    }

    /// How many pictures it holds now.
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pictures
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
