//! What the command families share: finding the match a command means ([`Lookups::resolve`],
//! reachable only from its channel or by its players), the refusals and option words every
//! family uses. Nothing here calls a family: the families call this, and `dispatch.rs` calls
//! them.

use lalao_core::any::AnyOptions;
use lalao_core::{CoreError, GameKind, Side};
use serde_json::{json, Value};

use crate::i18n::{t, try_t};
use crate::ids::{MatchId, UserId};
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::wording::game_name;
use crate::kernel::{Context, Fail};
use crate::record::{MatchRecord, Stage};
use crate::seats;
use crate::store::keys;

/// Variants whose start is drawn at random: the match stores the seed in this option, so the
/// start can be replayed anywhere (`lalao rules`, exports).
pub const RANDOM_START_VARIANTS: &[&str] = &["random-start", "madjnuni-start"];
pub const SEED_OPTION: &str = "seed";

pub(crate) type Args = Vec<(&'static str, String)>;

/// Which matches a command without an id may mean.
#[derive(Clone, Copy)]
pub(crate) enum Pick {
    /// Challenges the caller may accept or decline.
    Answerable,
    /// Active matches the caller takes part in.
    Mine,
    /// Active matches the caller takes part in, else any active match of the channel.
    Viewable,
}

/// Records removed per commit when old ones are pruned.
pub const PRUNE_BATCH: usize = 256;

crate::kernel::family::family! {
    /// The dispatcher, the lookups every command family shares, and the store upkeep.
    Lookups
}

impl Lookups<'_> {
    /// The match a command is about: the one named, or the caller's only candidate here.
    /// Match `id`, if the caller may reach it by number: from the match's own channel (or its
    /// thread), or as one of its players from anywhere (their DM with the bot, another room).
    /// Anyone else is told there is no such match, as for a number that does not exist: match
    /// numbers are sequential, and a match of a private channel or an encrypted room must not
    /// be seen, answered or played from elsewhere.
    pub(crate) fn load_reachable(&self, ctx: &Context, id: MatchId) -> Result<(MatchRecord, Vec<u8>), Fail> {
        let found = self
            .load(id)?
            .filter(|(record, _)| {
                record.channel == ctx.channel
                    || record.post.thread.as_ref() == Some(&ctx.channel)
                    || record.is_participant(&ctx.user)
            })
            .ok_or_else(|| Fail::user("no-such-match", vec![("id", id.to_string())]))?;
        if !self.may_see(ctx, &found.0)? {
            return Err(Fail::user("private-activity", vec![("id", id.to_string())]));
        }
        Ok(found)
    }

    /// The one rule of who may see and act on a match once it is reached (hint, list, board,
    /// history, link, replay, plan): anyone for a game, but an activity (a class's and a
    /// channel's daily one among them) only for whom it is for. That is its player, or for a
    /// class's, the pupil whose seat it is and those who manage the class: a hint, a look at
    /// the moves or the live page would spoil it or cost its owner stars and rating.
    pub(crate) fn may_see(&self, ctx: &Context, record: &MatchRecord) -> Result<bool, Fail> {
        if !record.is_activity() {
            return Ok(true);
        }
        if record.class.is_none() {
            return Ok(record.is_participant(&ctx.user));
        }
        Ok(match self.class_of(&record.channel)? {
            Some((class, _)) => {
                ClassSeats::manages(ctx, &class) || seats::holds_a_seat(&class, record, &ctx.user)
            }
            // A class match whose class is gone: only the teacher who made it.
            None => record.challenger == ctx.user,
        })
    }

    pub(crate) fn resolve(
        &self,
        ctx: &Context,
        id: Option<MatchId>,
        pick: Pick,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if let Some(id) = id {
            let found = self.load_reachable(ctx, id)?;
            tracing::Span::current().record("match_id", id.0);
            return Ok(found);
        }
        let mut here = self.active_under(&keys::channel_prefix(&ctx.channel))?;
        here.retain(|(record, _)| self.may_see(ctx, record).unwrap_or(false));
        let mut candidates: Vec<(MatchRecord, Vec<u8>)> = here
            .iter()
            .filter(|(record, _)| match pick {
                Pick::Answerable => answerable_by(record, &ctx.user),
                // Everyone in a channel votes in its vote against the computer.
                Pick::Mine | Pick::Viewable => {
                    record.is_participant(&ctx.user) || (record.vote.is_some() && record.class.is_none())
                }
            })
            .cloned()
            .collect();
        if candidates.is_empty() && matches!(pick, Pick::Viewable) {
            candidates = here;
        }
        if candidates.is_empty() && matches!(pick, Pick::Viewable) {
            // Nothing going on here: the game that just ended (`history` after the last move).
            let last = self
                .store()
                .get(&keys::last_finished_key(&ctx.channel))?
                .and_then(|digits| String::from_utf8(digits).ok())
                .and_then(|digits| digits.parse().ok())
                .map(MatchId);
            if let Some(id) = last {
                if let Ok(found) = self.load_reachable(ctx, id) {
                    return Ok(found);
                }
            }
        }
        match candidates.len() {
            0 => Err(Fail::user(
                match pick {
                    Pick::Answerable => "no-challenge-here",
                    Pick::Mine | Pick::Viewable => "no-match-here",
                },
                Vec::new(),
            )),
            1 => {
                let found = candidates.pop().expect("one candidate");
                tracing::Span::current().record("match_id", found.0.id.0);
                Ok(found)
            }
            _ => {
                let ids = candidates
                    .iter()
                    .map(|(record, _)| record.id.to_string())
                    .collect::<Vec<_>>();
                Err(Fail::user(
                    "which-match",
                    vec![("ids", ids.join(", ")), ("example", ids[0].clone())],
                ))
            }
        }
    }
}

pub(crate) fn answerable_by(record: &MatchRecord, user: &UserId) -> bool {
    record.stage == Stage::Challenge
        && match &record.opponent {
            Some(opponent) => opponent == user,
            None => !record.practice && record.challenger != *user,
        }
}

/// A refusal explaining why the match's stage does not allow this.
pub(crate) fn stage_refusal(record: &MatchRecord) -> Fail {
    // A challenge that never became a match says how it ended, not that a match is over.
    let key = match record.stage {
        Stage::Challenge => "not-started",
        Stage::Rite { .. } => "rite-first",
        Stage::Playing => "already-started",
        Stage::Expired => "challenge-gone-expired",
        Stage::Declined => "challenge-gone-declined",
        Stage::Cancelled { .. } if record.players.is_none() => "challenge-gone-cancelled",
        Stage::Aborted => "match-gone-aborted",
        Stage::Finished { .. } | Stage::Cancelled { .. } => "match-over",
    };
    Fail::User {
        key,
        args: vec![
            ("id", record.id.to_string()),
            ("game", record.game.id().to_owned()),
        ],
        board: None,
    }
}

pub(crate) fn bad_side(locale: lalao_renderer::Locale, kind: GameKind, name: &str) -> Fail {
    let sides = Side::BOTH.map(|side| kind.side_name(side)).join(", ");
    Fail::user(
        "bad-side",
        vec![
            ("side", name.to_owned()),
            ("sides", sides),
            ("game", game_name(locale, kind)),
        ],
    )
}

pub(crate) fn variant_list(locale: lalao_renderer::Locale, kind: GameKind) -> String {
    match AnyOptions::variants_of(kind) {
        Ok([]) => t(locale, "no-variants", &[]),
        Ok(names) => names.join(", "),
        Err(_) => t(locale, "game-not-ready-short", &[]),
    }
}

/// The computer's level as players read it (`hard`, `difficile`).
pub(crate) fn computer_level_name(locale: lalao_renderer::Locale, record: &MatchRecord) -> String {
    let level = record
        .computer
        .as_ref()
        .map(|seat| seat.level())
        .unwrap_or(lalao_core::ai::Level::Medium);
    t(locale, &format!("computer-level-{}", level.id()), &[])
}

/// A friendly refusal of bad options at `play`.
pub(crate) fn options_refusal(locale: lalao_renderer::Locale, kind: GameKind, error: &CoreError) -> Fail {
    tracing::debug!(%error, "options refused");
    let game = game_name(locale, kind);
    match error {
        CoreError::UnsupportedGame { .. } => Fail::user("game-not-ready", vec![("game", game)]),
        CoreError::UnknownVariant { name } => Fail::user(
            "unknown-variant",
            vec![("name", name.clone()), ("variants", variant_list(locale, kind))],
        ),
        CoreError::BadOptions { option, .. } => {
            let specific = format!("option-{}-{}", kind.id(), option.replace('_', "-"));
            match try_t(locale, &specific) {
                Some(hint) => Fail::user(
                    "bad-option-hint",
                    vec![("option", option.clone()), ("game", game), ("hint", hint)],
                ),
                None => Fail::user("bad-option", vec![("option", option.clone()), ("game", game)]),
            }
        }
        _ => Fail::user("bad-option", vec![("option", String::new()), ("game", game)]),
    }
}

/// `cells=5` → 5, `cap=true` → true, anything else stays text.
pub(crate) fn option_value(text: &str) -> Value {
    if let Ok(number) = text.parse::<u64>() {
        return Value::from(number);
    }
    if let Ok(number) = text.parse::<i64>() {
        return Value::from(number);
    }
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "null" | "none" => Value::Null,
        _ => Value::String(text.to_owned()),
    }
}

/// The record `lalao rules` replays: `{"game", "options", "variants", "moves"}`, and the
/// `position` the match started from when it was set.
pub fn export_json(record: &MatchRecord) -> String {
    let mut exported = json!({
        "game": record.game.id(),
        "options": record.options,
        "variants": record.variants,
        "moves": record.moves,
    });
    if let Some(start) = &record.start {
        exported["position"] = json!(start);
    }
    exported.to_string()
}

/// Refuses a position given by a person (`play … position=`, `class match … position=`) whose
/// sowing would cost more than any real game's: the work of a sowing move grows with the seeds
/// it sows (up to `MAX_MOVE_LAPS` laps each), and a crafted position may pile up to 60,000 of
/// them on a few holes. No position of a real game holds more seeds than its start
/// ([`lalao_core::AnyGame::seeds_and_start`]); more is refused before any move is looked at.
pub(crate) fn refuse_costly_position(
    locale: lalao_renderer::Locale,
    game: &lalao_core::AnyGame,
) -> Result<(), Fail> {
    match game.seeds_and_start() {
        Some((seeds, start)) if seeds > start => Err(Fail::user(
            "position-too-many-seeds",
            vec![
                ("game", game_name(locale, game.kind())),
                ("seeds", seeds.to_string()),
                ("start", start.to_string()),
            ],
        )),
        _ => Ok(()),
    }
}

/// A position that cannot start a match of `kind`: whether it could not be read or cannot
/// arise in play, with this game's start under these options as an example of the notation.
pub(crate) fn position_refusal(
    locale: lalao_renderer::Locale,
    kind: GameKind,
    options: &serde_json::Map<String, Value>,
    variants: &[String],
    error: &CoreError,
) -> Fail {
    tracing::debug!(%error, "position refused");
    let example = lalao_core::any::AnyOptions::from_json(kind, options, variants)
        .and_then(lalao_core::AnyGame::new)
        .map(|game| game.position())
        .unwrap_or_default();
    let key = match error {
        CoreError::BadPosition { .. } => "position-impossible",
        _ => "position-unreadable",
    };
    Fail::user(key, vec![("game", game_name(locale, kind)), ("example", example)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_become_json() {
        assert_eq!(option_value("5"), json!(5));
        assert_eq!(option_value("-3"), json!(-3));
        assert_eq!(option_value("true"), json!(true));
        assert_eq!(option_value("abc"), json!("abc"));
    }
}
