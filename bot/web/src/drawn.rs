//! Drawings kept for everyone who asks: each replay and animation drawn once, the last few
//! kept; a refusal is never kept in a picture's place.

use crate::responses::*;
use axum::response::Response;
use lalao_app::{PageRead, Unreachable};
use lalao_renderer::Locale;
use std::collections::HashMap;
use std::sync::Arc;

/// A replay's public id, match version and language.
pub(crate) type ReplayKey = (String, u64, Locale);

/// Replays kept drawn; past that the oldest is forgotten.
pub(crate) const REPLAYS_KEPT: usize = 64;

/// Pictures drawn or being drawn, oldest first, at most `KEPT`: every request for one key
/// waits for the same drawing, and answers share its bytes. Only pictures are kept: a drawing
/// that found nothing to draw (404) or no store to read (503) is tried again by the next
/// request, so a refusal never stands in for a picture.
pub(crate) struct Drawn<V, const KEPT: usize> {
    pub(crate) drawn: HashMap<ReplayKey, Arc<tokio::sync::OnceCell<V>>>,
    pub(crate) order: std::collections::VecDeque<ReplayKey>,
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
    pub(crate) fn is_drawn(&self, key: &ReplayKey) -> bool {
        self.drawn.get(key).is_some_and(|cell| cell.initialized())
    }

    /// The cell of `key`, made (and the oldest forgotten past `KEPT`) if new.
    pub(crate) fn cell(&mut self, key: &ReplayKey) -> Arc<tokio::sync::OnceCell<V>> {
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
pub(crate) enum Undrawn {
    Gone,
    Unreachable,
    /// The drawings' budget is spent (or this client's share of it).
    Busy,
}

impl Undrawn {
    pub(crate) fn answer(self, locale: Locale) -> Response {
        match self {
            Undrawn::Gone => not_found(locale),
            Undrawn::Unreachable => unreachable(locale),
            Undrawn::Busy => busy(locale, "web-drawing-busy"),
        }
    }
}

/// `cell`'s picture, drawn by `draw` unless it is drawn already (or being drawn: then its
/// drawing is waited for). Only a picture is kept in `cell`.
pub(crate) async fn drawn_once<V: Clone, Fut>(
    cell: &tokio::sync::OnceCell<V>,
    draw: impl FnOnce() -> Fut,
) -> Result<V, Undrawn>
where
    Fut: std::future::Future<Output = Result<V, Undrawn>>,
{
    cell.get_or_try_init(draw).await.cloned()
}

/// A page read's answer as a picture to keep, or why there is none.
pub(crate) fn picture<T, V>(read: PageRead<T>, bytes: impl FnOnce(T) -> V) -> Result<V, Undrawn> {
    match read {
        Ok(Some(found)) => Ok(bytes(found)),
        Ok(None) => Err(Undrawn::Gone),
        Err(Unreachable) => Err(Undrawn::Unreachable),
    }
}

/// The sowing replays of last moves.
pub(crate) type Replays = Drawn<axum::body::Bytes, REPLAYS_KEPT>;

/// A whole game animated, as served: the APNG and the GIF.
pub(crate) type AnimationBytes = (axum::body::Bytes, axum::body::Bytes);

/// Whole-game animations kept drawn (up to 16 MiB each); past that the oldest is forgotten.
/// Each is a second of drawing for a long game: never twice for one version.
pub(crate) const ANIMATIONS_KEPT: usize = 8;

/// The whole-game animations.
pub(crate) type Animations = Drawn<AnimationBytes, ANIMATIONS_KEPT>;
