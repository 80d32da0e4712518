//! Which class screens are open now. A pupil whose seat page is open is in class: a class vote's
//! turn closes as soon as every pupil in class has voted. The web server serving the pages
//! tells it. A process that serves no pages, or shares its store with others (whose pages it
//! cannot see), knows nobody's presence, and then every pupil of the roster counts.

use std::sync::{Arc, RwLock};

/// What the web server tells of the class screens it serves.
pub trait Presence: Send + Sync {
    /// Whether class screen `token` (a seat's page, say) has an event stream open now.
    fn showing(&self, token: &str) -> bool;
}

/// The application's view of the open class screens: whoever serves them, once told.
#[derive(Clone, Default)]
pub(crate) struct OpenScreens(Arc<RwLock<Option<Arc<dyn Presence>>>>);

impl OpenScreens {
    /// Tells who serves the class screens.
    pub(crate) fn told_by(&self, presence: Arc<dyn Presence>) {
        *self.0.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(presence);
    }

    /// Whether class screen `token` is open now, or `None` when nobody serving them told.
    pub(crate) fn open(&self, token: &str) -> Option<bool> {
        let presence = self
            .0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()?;
        Some(presence.showing(token))
    }
}
