//! What the unit tests of every folder share.

use std::sync::Arc;

use lalao_renderer::{Locale, Style};

use crate::kernel::{App, Defaults};

/// An opened service on an empty memory store, text boards, replies in `locale` (tests).
pub(crate) fn memory_service(locale: Locale) -> App {
    let service = app_on(Arc::new(crate::store::MemoryStore::default()), locale);
    service.open().unwrap();
    service
}

/// The application on `store`, text boards, replies in `locale`, with classes and teaching
/// plugged in; not yet opened (a test sets its clock or policy first).
pub(crate) fn app_on(store: Arc<dyn crate::store::Store>, locale: Locale) -> App {
    App::new(
        store,
        Defaults {
            locale,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
}

/// A teacher (a moderator) in Discord channel `channel`.
pub(crate) fn teacher_in(channel: &str) -> crate::kernel::Context {
    use crate::ids::{ChannelId, Platform, UserId};
    crate::kernel::Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, "1"),
        display_name: Some("Mme Rabe".to_owned()),
        channel: ChannelId::new(Platform::Discord, channel),
        event: None,
        moderator: true,
        locale: None,
        private: false,
        community: None,
    }
}

/// The reply to `line` typed with the chat prefix by `ctx` (tests).
pub(crate) fn say(service: &App, ctx: &crate::kernel::Context, line: &str) -> crate::kernel::Reply {
    use crate::dispatch::handle::Handle;
    service
        .handle_text(ctx, &format!("!lalao {line}"), true)
        .expect("addressed to the bot")
}

/// The Fluent keys of a reply's messages, in order (tests).
pub(crate) fn keys_of(reply: &crate::kernel::Reply) -> Vec<&'static str> {
    reply.messages.iter().map(|said| said.key).collect()
}

/// A Discord account `id`, no moderator, in the teacher's channel of [`teacher_in`]`("100")`:
/// a pupil's own account, or a stranger there (tests).
pub(crate) fn account_in_100(id: &str) -> crate::kernel::Context {
    crate::kernel::Context {
        user: crate::ids::UserId::new(crate::ids::Platform::Discord, id),
        display_name: None,
        moderator: false,
        ..teacher_in("100")
    }
}
