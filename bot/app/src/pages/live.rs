//! A match's live page: its unguessable public id, and the view a web page shows of
//! it, read-only. The id is made the first time a link is asked for and kept in the match
//! record, with a pointer `public/<id>` to find the match by it.

use crate::play::read_commands::ReadCommands;
use lalao_core::Side;
use lalao_renderer::{
    game_animation, picture_svg, sowing_animation, Animation, GameAnimation, Locale, PictureSize, Style, View,
};

use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{Lookups, Pick};
use crate::kernel::public_ids::{is_public_id, new_public_id, PublicIds};
use crate::kernel::wording::message;
use crate::kernel::wording::{board_names, game_name, player_label};
use crate::kernel::LiveReview;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::MatchRecord;
use crate::store::{keys, Txn};

/// The store did not answer a page's read now: the page is asked to come back (503), not told
/// it is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unreachable;

/// What a web page's read found: `Ok(None)` when its address names nothing (a record that
/// cannot be read counts as nothing: `lalao check` reports it), [`Unreachable`] when the store
/// did not answer.
pub type PageRead<T> = Result<Option<T>, Unreachable>;

pub(crate) fn page_read<T>(read: Result<Option<T>, Fail>) -> PageRead<T> {
    match read {
        Ok(found) => Ok(found),
        Err(Fail::Record(err)) => {
            tracing::error!(error = %err, "a page names an unreadable record");
            Ok(None)
        }
        Err(Fail::Store(err)) => {
            tracing::warn!(error = %err, "a page's read found no store");
            Err(Unreachable)
        }
        // A page's read refuses nothing and retries nothing: this is only a store that
        // changed under it, worth asking again.
        Err(_) => Err(Unreachable),
    }
}

/// What a live page shows of a match, as it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveView {
    pub id: MatchId,
    /// The public id the page is named by.
    pub public: String,
    /// Moves on with every change players can see: a page redraws when it changes.
    pub version: u64,
    pub locale: Locale,
    /// "Match #3 · Fano".
    pub title: String,
    /// The players, "Ana (White)", in the sides' order.
    pub players: Vec<String>,
    /// Whose turn it is, or how the match ended.
    pub status: String,
    /// The moves so far, in the canonical notation.
    pub moves: Vec<String>,
    /// The board picture as SVG (the same drawing as the chat pictures), last move marked.
    pub svg: String,
    /// The board for screen readers.
    pub description: String,
    /// When the last move sowed seeds (a mancala): the words that go with its animated replay
    /// ([`LivePages::live_replay`]).
    pub replay: Option<String>,
    /// The engine's review of a finished match, once made (`review`).
    pub review: Option<LiveReview>,
    /// The page shows the position after this many moves, not the match as it is now
    /// ([`LivePages::live_view_after`]).
    pub after: Option<usize>,
}

crate::kernel::family::family! {
    /// A match's live page: its public id, view and replays.
    LivePages
}

impl LivePages<'_> {
    /// `link [#id] [new]`: the address of a match's live page, for anyone who may see the
    /// match; with `new`, a new address, made by a player of the match (its teacher, for a
    /// class's) or a moderator of its channel: the old one is dead at once, and the pages open on
    /// it close.
    pub(crate) fn link(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        new: bool,
    ) -> Result<Reply, Fail> {
        let Some(base) = self.web_base().map(str::to_owned) else {
            return Err(Fail::user("link-no-web", Vec::new()));
        };
        let (record, bytes) = Lookups(self).resolve(ctx, id, Pick::Viewable)?;
        let public = match new {
            false => PublicIds(self)
                .public_id(record.id)?
                .ok_or_else(|| Fail::user("try-again", Vec::new()))?,
            true => {
                let manages = ctx.moderator && ctx.channel == record.channel;
                if !record.is_participant(&ctx.user) && !manages {
                    return Err(Fail::user("link-not-player", vec![("id", record.id.to_string())]));
                }
                let public = new_public_id();
                let mut changed = record.clone();
                changed.public = Some(public.clone());
                let mut txn = Txn::default();
                if let Some(old) = &record.public {
                    txn.delete(keys::public_key(old));
                }
                let key = keys::public_key(&public);
                txn.check(key.clone(), None)
                    .put(key, record.id.0.to_string().into_bytes());
                Commits(self).match_txn(Some((&record, &bytes)), changed, &mut txn)?;
                Commits(self).commit_other(ctx, txn, "link")?;
                public
            }
        };
        let key = if new { "link-new" } else { "link-shown" };
        let args = [
            ("id", record.id.to_string()),
            ("url", format!("{base}/m/{public}")),
        ];
        Ok(Reply {
            messages: vec![message(ctx, key, t(prefs.locale, key, &args))],
            ..Reply::default()
        })
    }

    /// The match a public id names, if it names one.
    fn by_public(&self, public: &str) -> Result<Option<MatchRecord>, Fail> {
        if !is_public_id(public) {
            return Ok(None);
        }
        let Some(digits) = self.reads().get(&keys::public_key(public))? else {
            return Ok(None);
        };
        let Some(id) = std::str::from_utf8(&digits).ok().and_then(|d| d.parse().ok()) else {
            return Ok(None);
        };
        Ok(self
            .load(MatchId(id))?
            .map(|(record, _)| record)
            .filter(|record| record.public.as_deref() == Some(public)))
    }

    /// The language a page of `record` is shown in: its class's for a class match, else the
    /// reader's (also when the class record cannot be read: `lalao check` reports that).
    fn page_locale(&self, record: &MatchRecord, reader: Locale) -> Result<Locale, Fail> {
        match self.class_of(&record.channel) {
            Ok(class) => Ok(class.map_or(reader, |(class, _)| class.locale)),
            Err(Fail::Record(_)) => Ok(reader),
            Err(err) => Err(err),
        }
    }

    /// The match whose live page is `public`.
    pub fn live_match(&self, public: &str) -> PageRead<MatchId> {
        page_read(self.by_public(public).map(|found| found.map(|record| record.id)))
    }

    /// The version of the match a public id names: what a live page watches.
    pub fn live_version(&self, public: &str) -> PageRead<u64> {
        page_read(self.by_public(public).and_then(|found| match found {
            Some(record) => Ok(Some(page_version(&record, self.reviewed(record.id)?))),
            None => Ok(None),
        }))
    }

    /// Whether match `id` has a stored review.
    fn reviewed(&self, id: MatchId) -> Result<bool, Fail> {
        Ok(self.reads().get(&keys::review_key(id))?.is_some())
    }

    /// What the live page of `public` shows, in `locale` (the class's language for a class
    /// match).
    pub fn live_view(&self, public: &str, locale: Locale) -> PageRead<LiveView> {
        page_read(self.read_live_view(public, locale))
    }

    /// What the page of `public` shows with the position after its first `after` moves (a
    /// move of its annotated list), in `locale`; `None` past the last move.
    pub fn live_view_after(&self, public: &str, after: usize, locale: Locale) -> PageRead<LiveView> {
        page_read(self.read_view(public, locale, Some(after)))
    }

    fn read_live_view(&self, public: &str, locale: Locale) -> Result<Option<LiveView>, Fail> {
        self.read_view(public, locale, None)
    }

    fn read_view(
        &self,
        public: &str,
        locale: Locale,
        after: Option<usize>,
    ) -> Result<Option<LiveView>, Fail> {
        let Some(record) = self.by_public(public)? else {
            return Ok(None);
        };
        if after.is_some_and(|after| after > record.moves.len()) {
            return Ok(None);
        }
        let game = match after {
            Some(after) => record.replay(after)?,
            None => record.current_game()?,
        };
        let locale = self.page_locale(&record, locale)?;
        let names = board_names(self, &record, &game, locale);
        let mut view = page_view(&record, &names, Style::Text, locale);
        if let Some(after) = after {
            // A past position: its move marked by name, none of the last move's events.
            view.last_move = after.checked_sub(1).map(|last| record.moves[last].as_str());
            view.events = &[];
        }
        let svg = picture_svg(&game, &view, PictureSize::Large);
        let sowed = after.is_none()
            && record
                .last_events
                .iter()
                .any(|event| matches!(event, lalao_core::Event::Lap { .. }));
        let review = match self.teaching().live_review(self, locale, &record) {
            Ok(review) => review,
            // An unreadable review is only not shown (`lalao check` reports it).
            Err(Fail::Record(err)) => {
                tracing::warn!(error = %err, match_id = record.id.0, "a stored review cannot be read");
                None
            }
            Err(err) => return Err(err),
        };
        let status = match after {
            Some(after) => t(
                locale,
                "web-after-move",
                &[
                    ("count", after.to_string()),
                    (
                        "move",
                        after
                            .checked_sub(1)
                            .map(|last| record.moves[last].clone())
                            .unwrap_or_default(),
                    ),
                ],
            ),
            None => ReadCommands(self).status_text(locale, &record, &game),
        };
        let replay = sowed.then(|| {
            t(
                locale,
                "web-replay",
                &[("move", record.moves.last().cloned().unwrap_or_default())],
            )
        });
        let description = lalao_renderer::render(&game, &view).description;
        let players = Side::BOTH
            .iter()
            .map(|side| player_label(self, locale, &record, *side))
            .collect();
        Ok(Some(LiveView {
            id: record.id,
            public: public.to_owned(),
            version: page_version(&record, review.is_some()),
            locale,
            title: t(
                locale,
                "web-title",
                &[
                    ("id", record.id.to_string()),
                    ("game", game_name(locale, record.game)),
                ],
            ),
            players,
            status,
            moves: record.moves.clone(),
            svg,
            description,
            replay,
            review,
            after,
        }))
    }

    /// The animated replay of the last move of the match `public` names, at `version`, in
    /// `locale` (the class's for a class match) (the
    /// page's address carries it, so a replay never changes under its address); `None` if
    /// the match moved on, or its last move sowed nothing.
    pub fn live_replay(&self, public: &str, version: u64, locale: Locale) -> PageRead<Animation> {
        page_read(self.read_live_replay(public, version, locale))
    }

    fn read_live_replay(
        &self,
        public: &str,
        version: u64,
        locale: Locale,
    ) -> Result<Option<Animation>, Fail> {
        let Some(record) = self.by_public(public)? else {
            return Ok(None);
        };
        if page_version(&record, self.reviewed(record.id)?) != version {
            return Ok(None);
        }
        let Some(last) = record.moves.len().checked_sub(1) else {
            return Ok(None);
        };
        let locale = self.page_locale(&record, locale)?;
        let before = record.replay(last)?;
        let game = record.current_game()?;
        let names = board_names(self, &record, &game, locale);
        let view = page_view(&record, &names, Style::Text, locale);
        Ok(sowing_animation(
            &before,
            &record.last_events,
            &view,
            PictureSize::Large,
        ))
    }

    /// The whole game of `public` animated (APNG and GIF), at the page's `version` (only while
    /// that is its page's version), in `locale`; `None` for a match with no moves.
    pub fn live_animation(&self, public: &str, version: u64, locale: Locale) -> PageRead<GameAnimation> {
        page_read(self.read_live_animation(public, version, locale))
    }

    fn read_live_animation(
        &self,
        public: &str,
        version: u64,
        locale: Locale,
    ) -> Result<Option<GameAnimation>, Fail> {
        let Some(record) = self.by_public(public)? else {
            return Ok(None);
        };
        // The page's version, not the match's: the live page links the animation at the
        // version it shows, one more than the match's once the match is reviewed.
        if page_version(&record, self.reviewed(record.id)?) != version {
            return Ok(None);
        }
        if record.moves.is_empty() || record.moves.len() > lalao_renderer::GAME_ANIMATION_MAX_PLIES {
            return Ok(None);
        }
        let locale = self.page_locale(&record, locale)?;
        let game = record.current_game()?;
        let start = record.replay(0)?;
        let names = board_names(self, &record, &game, locale);
        let result = crate::kernel::wording::ending_text(self, locale, &record)
            .map(|ending| ending.lines().next().unwrap_or_default().to_owned());
        let view = View {
            ended: !record.stage.is_active(),
            result: result.as_deref(),
            ..page_view(&record, &names, Style::Text, locale)
        };
        let drawn = game_animation(&start, &record.moves, &view, PictureSize::Normal);
        // Moves the record holds were played: they replay.
        Ok(drawn.ok())
    }
}

/// The version of what a match's page shows: the match's, and one more once its review is
/// stored (a review changes the page, not the match; a reviewed match is finished, so its own
/// version no longer moves but by its page's new address, and the page version only grows).
fn page_version(record: &MatchRecord, reviewed: bool) -> u64 {
    record.version + u64::from(reviewed)
}

/// A match as a web page shows it: from nobody's side (White's or South's), after its last
/// move, with these names.
pub(crate) fn page_view<'a>(
    record: &'a MatchRecord,
    names: &'a [String; 2],
    style: Style,
    locale: Locale,
) -> View<'a> {
    View {
        names: [names[0].as_str(), names[1].as_str()],
        viewer: None,
        last_move: record.moves.last().map(String::as_str),
        events: record.events_to_mark(),
        ended: !record.stage.is_active(),
        ..View::new(style, locale)
    }
}
