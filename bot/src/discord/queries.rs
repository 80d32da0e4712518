//! Read-only questions the adapter asks the match service: nothing here changes state, and the
//! answers (legal moves, whose turn) come from the stored match and the core.

use lalao_renderer::Locale;

use crate::ids::{ChannelId, EventId, MatchId};
use crate::record::{BoardMode, Stage};
use crate::service::{Context, Service};
use crate::store::keys;

/// Whether the service applied an inbound event (it records each applied event id in the same
/// commit as the change; refusals record nothing).
pub(crate) fn event_applied(service: &Service, event: &EventId) -> bool {
    matches!(service.store().get(&keys::event_key(event)), Ok(Some(_)))
}

/// The channel's choice of board messages, if it made one (an unreadable channel record is
/// reported by `lalao check` and counts as no choice).
pub(crate) fn board_mode(service: &Service, channel: &ChannelId) -> Option<BoardMode> {
    service
        .channel_settings(channel)
        .ok()
        .and_then(|(settings, _)| settings.boards)
}

/// Whether new matches in `channel` start their own thread.
pub(crate) fn threads_on(service: &Service, channel: &ChannelId) -> bool {
    service
        .channel_settings(channel)
        .is_ok_and(|(settings, _)| settings.threads)
}

/// Whether `thread` (a thread of `parent`) is where one of `parent`'s active matches is played.
pub(crate) fn is_match_thread(service: &Service, thread: &ChannelId, parent: &ChannelId) -> bool {
    service
        .active_under(&keys::channel_prefix(parent))
        .unwrap_or_default()
        .iter()
        .any(|(record, _)| record.post.thread.as_ref() == Some(thread))
}

/// The name of a match's thread: the match as notices name it (`match #3 (Fano)`).
pub(crate) fn thread_name(service: &Service, id: MatchId, locale: Locale) -> Option<String> {
    let (record, _) = service.load(id).ok().flatten()?;
    Some(service.match_label(locale, &record))
}

/// The language lalao speaks to a user (their setting, else the configured default).
pub(crate) fn locale_of(service: &Service, ctx: &Context) -> Locale {
    service.prefs(ctx).locale
}

/// The legal moves the caller may play now: in the match they named, or else their only active
/// match in this channel. Empty when it is not their turn or there is no such match.
pub(crate) fn legal_moves_for(service: &Service, ctx: &Context, explicit: Option<MatchId>) -> Vec<String> {
    let record = match explicit {
        Some(id) => service.load(id).ok().flatten().map(|(record, _)| record),
        None => {
            let mine: Vec<_> = service
                .active_under(&keys::channel_prefix(&ctx.channel))
                .unwrap_or_default()
                .into_iter()
                .map(|(record, _)| record)
                .filter(|record| !record.sides_of(&ctx.user).is_empty())
                .collect();
            match <[_; 1]>::try_from(mine) {
                Ok([record]) => Some(record),
                Err(_) => None,
            }
        }
    };
    let Some(record) = record else { return Vec::new() };
    if record.stage != Stage::Playing || record.channel != ctx.channel {
        return Vec::new();
    }
    let Ok(game) = record.current_game() else {
        return Vec::new();
    };
    if !record.sides_of(&ctx.user).contains(&game.to_move()) {
        return Vec::new();
    }
    game.legal_moves()
}
