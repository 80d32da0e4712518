//! What the unit tests of every folder share.

use std::sync::Arc;

use lalao_renderer::{Locale, Style};

use crate::kernel::{App, Defaults};

/// An opened service on an empty memory store, text boards, replies in `locale` (tests).
pub(crate) fn memory_service(locale: Locale) -> App {
    let service = App::new(
        Arc::new(crate::store::MemoryStore::default()),
        Defaults {
            locale,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    );
    service.open().unwrap();
    service
}
