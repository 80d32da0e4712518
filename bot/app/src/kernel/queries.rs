//! Read-only questions adapters ask the match service: nothing here changes state, and the
//! answers (legal moves, whose turn) come from the stored match and the core. Adapters ask
//! these instead of reading store keys or decoding records themselves.

use crate::kernel::channels::ChannelSettings;
use crate::kernel::lookups::Lookups;
use crate::kernel::notices::Notices;
use lalao_renderer::Locale;

use crate::ids::{ChannelId, EventId, MatchId};
use crate::kernel::{Context, MatchRef, Offer};
use crate::record::{BoardMode, MatchRecord, Post, Stage};
use crate::store::keys;

crate::kernel::family::family! {
    /// Read-only questions the adapters ask.
    Queries
}

impl Queries<'_> {
    /// The stored match `id`, if it exists and is readable (an unreadable record is reported by
    /// `lalao check`).
    /// Whether other processes share this store (PostgreSQL): then notices are leased and a
    /// platform this process does not serve is left to the processes that do.
    pub fn store_is_shared(&self) -> bool {
        self.store().shared()
    }

    /// How many changes to matches and classes other processes sharing the store made so far
    /// (one read), or `None` if the store cannot tell ([`crate::store::Store::changes_by_others`]).
    pub fn changes_by_others(&self) -> Result<Option<u64>, crate::store::StoreError> {
        self.store().changes_by_others()
    }

    pub fn match_record(&self, id: MatchId) -> Option<MatchRecord> {
        self.load(id).ok().flatten().map(|(record, _)| record)
    }

    /// What match `id`'s board offers now (its reference and the actions available), for an
    /// adapter checking a click on one of its boards.
    pub fn offer(&self, id: MatchId) -> Option<Offer> {
        self.match_record(id).map(|record| Offer::of(&record))
    }

    /// Where match `id` was announced: its channel, and the messages posted for it.
    pub fn announcement(&self, id: MatchId) -> Option<(ChannelId, Post)> {
        self.match_record(id).map(|record| (record.channel, record.post))
    }

    /// Whether the service applied an inbound event (it records each applied event id in the same
    /// commit as the change; refusals record nothing). Adapters ask before acting on an edited
    /// command: an edit counts only when the command it corrects was not applied.
    pub fn event_applied(&self, event: &EventId) -> Result<bool, crate::store::StoreError> {
        Ok(self.store().get(&keys::event_key(event))?.is_some())
    }

    /// The channel's choice of board messages, if it made one (an unreadable channel record is
    /// reported by `lalao check` and counts as no choice).
    pub fn board_mode(&self, channel: &ChannelId) -> Option<BoardMode> {
        ChannelSettings(self)
            .channel_settings(channel)
            .ok()
            .and_then(|(settings, _)| settings.boards)
    }

    /// Whether new matches in `channel` start their own thread.
    pub fn threads_on(&self, channel: &ChannelId) -> bool {
        ChannelSettings(self)
            .channel_settings(channel)
            .is_ok_and(|(settings, _)| settings.threads)
    }

    /// Whether `thread` (a thread of `parent`) is where one of `parent`'s active matches is played.
    pub fn is_match_thread(&self, thread: &ChannelId, parent: &ChannelId) -> bool {
        self.active_under(&keys::channel_prefix(parent))
            .unwrap_or_default()
            .iter()
            .any(|(record, _)| record.post.thread.as_ref() == Some(thread))
    }

    /// The name of a match's thread: the match as notices name it (`match #3 (Fano)`).
    pub fn thread_name(&self, id: MatchId, locale: Locale) -> Option<String> {
        let (record, _) = self.load(id).ok().flatten()?;
        Some(Notices(self).match_label(locale, &record))
    }

    /// The legal moves the caller may play now: in the match they named, or else their only active
    /// match in this channel. Empty when it is not their turn or there is no such match.
    pub fn legal_moves_for(&self, ctx: &Context, explicit: Option<MatchId>) -> Vec<String> {
        let record = match explicit {
            Some(id) => Lookups(self)
                .load_reachable(ctx, id)
                .ok()
                .map(|(record, _)| record),
            None => {
                let mine: Vec<_> = self
                    .active_under(&keys::channel_prefix(&ctx.channel))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(record, _)| record)
                    .filter(|record| !record.sides_of(&ctx.user).is_empty() || channel_vote(record))
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
        // In a channel's vote, everyone there votes for the voters' side.
        let voting = channel_vote(&record)
            && record
                .vote
                .as_ref()
                .is_some_and(|vote| vote.side == game.to_move());
        if !voting && !record.sides_of(&ctx.user).contains(&game.to_move()) {
            return Vec::new();
        }
        game.legal_moves()
    }
}

impl Queries<'_> {
    /// A channel's vote whose voters are to move, with its moves and the room's language: what
    /// a post telling its closed turn offers to click.
    pub fn open_vote(&self, id: MatchId) -> Option<(MatchRef, Vec<String>, Locale)> {
        let (record, _) = self.load(id).ok().flatten()?;
        let vote = record.vote.as_ref().filter(|_| channel_vote(&record))?;
        let game = record.current_game().ok()?;
        if record.stage != Stage::Playing || game.to_move() != vote.side {
            return None;
        }
        let locale = Notices(self).room_locales(&record).first().copied()?;
        Some((MatchRef::of(&record), game.legal_moves(), locale))
    }
}

/// A channel's vote against the computer: everyone in the channel votes.
fn channel_vote(record: &MatchRecord) -> bool {
    record.vote.is_some() && record.class.is_none()
}
