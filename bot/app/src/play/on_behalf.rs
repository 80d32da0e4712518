//! Moves the bot plays for a player who is away: a move with no alternative where the player
//! chose so (`settings auto=on`, the default in Mangala IV, whose moves after the coin rite are
//! all forced), and, between people, the answers of a player's conditional moves (`plan #3 c2
//! d5`: "if they play c2, I play d5"). Both are played in the commit of the move that calls for
//! them (after the computer's move, in the commit that follows it), so they are never lost and
//! never race another move.

use lalao_core::{AnyGame, GameKind, Side};

use crate::command::PlanChange;
use crate::i18n::t;
use crate::ids::{is_computer, MatchId, Platform, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{Lookups, Pick};
use crate::kernel::notices::Notices;
use crate::kernel::wording::{move_refusal, player_label, single};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, MatchRecord, Plan, PlannedReply, Stage, RECORD_VERSION};
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};
use lalao_renderer::Locale;

#[cfg(test)]
mod tests;

/// Most moves played for players in one commit: past it the next forced move waits for its
/// player (a bound on the work one command may cause, whatever the game).
pub const MAX_MOVES_ON_BEHALF: usize = 1000;

/// Forced moves in a row told one per line; past it, in one line naming them all, or, past
/// `FORCED_NAMED_FIRST + FORCED_NAMED_LAST`, the first `FORCED_NAMED_FIRST` and the last
/// `FORCED_NAMED_LAST`.
const FORCED_LINES_MAX: usize = 4;
const FORCED_NAMED_FIRST: usize = 6;
const FORCED_NAMED_LAST: usize = 2;

/// A run of moves told in one line: whole when it is short enough, else its first
/// `FORCED_NAMED_FIRST` and last `FORCED_NAMED_LAST` around an ellipsis.
pub(crate) fn named_run(moves: &[&str]) -> String {
    if moves.len() > FORCED_NAMED_FIRST + FORCED_NAMED_LAST {
        let head = moves[..FORCED_NAMED_FIRST].join(", ");
        let tail = moves[moves.len() - FORCED_NAMED_LAST..].join(", ");
        format!("{head} … {tail}")
    } else {
        moves.join(", ")
    }
}

/// A move played for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayedForThem {
    pub side: Side,
    pub text: String,
    /// From the player's plan, not forced.
    pub planned: bool,
}

crate::kernel::family::family! {
    /// Forced moves that play themselves and conditional moves.
    OnBehalf
}

impl OnBehalf<'_> {
    /// Whether `user`'s moves with no alternative play themselves in a game of `game`.
    pub(crate) fn auto_for(&self, user: &UserId, game: GameKind) -> bool {
        let chosen = self
            .player(user)
            .ok()
            .flatten()
            .and_then(|(player, _)| player.auto);
        chosen.unwrap_or(game == GameKind::Mangala)
    }

    /// After a move made `record` and `game` what they are (not yet committed): plays every
    /// move now due on a player's behalf — a planned answer to the move just made, a forced move
    /// of a player with `auto` on — and sets aside a plan the opponent's move did not follow,
    /// telling its author privately (in `txn`). Only in players' own matches (not practice,
    /// class matches or activities), and never on the computer's turn.
    pub(crate) fn follow(
        &self,
        record: &mut MatchRecord,
        game: &mut AnyGame,
        txn: &mut Txn,
    ) -> Vec<PlayedForThem> {
        let mut played = Vec::new();
        let Some(players) = record.players.clone() else {
            return played;
        };
        // Forced moves play themselves for people in their own matches, against each other or
        // the computer (whose turns are the computer's to play); plans are between people only.
        if record.practice || record.class.is_some() || record.is_activity() {
            return played;
        }
        let auto = players
            .clone()
            .map(|user| !is_computer(&user) && self.auto_for(&user, record.game));
        while record.stage == Stage::Playing && played.len() < MAX_MOVES_ON_BEHALF {
            let mover = game.to_move();
            if is_computer(&players[mover.index()]) {
                break;
            }
            let mut answer = None;
            if let Some(index) = record.plans.iter().position(|plan| plan.side == mover) {
                let expected = record.plans[index].pairs[0].theirs.clone();
                match record.moves.last() {
                    Some(last) if *last == expected => {
                        let plan = &mut record.plans[index];
                        answer = Some((plan.pairs.remove(0).mine, true));
                        if plan.pairs.is_empty() {
                            record.plans.remove(index);
                        }
                    }
                    last => {
                        record.plans.remove(index);
                        let played = last.cloned().unwrap_or_default();
                        self.tell_plan_dropped(record, &players[mover.index()], &expected, &played, txn);
                    }
                }
            }
            if answer.is_none() && auto[mover.index()] {
                let legal = game.legal_moves();
                if let [only] = legal.as_slice() {
                    answer = Some((only.clone(), false));
                }
            }
            let Some((text, planned)) = answer else {
                break;
            };
            let mut next = game.clone();
            // A plan is checked move by move when it is made, from this very position: a move
            // it holds is legal here. Should one not be, it is simply not played.
            let Ok(events) = next.play(&text) else {
                break;
            };
            *record = self.after_move(record, &text, &next, events);
            *game = next;
            played.push(PlayedForThem {
                side: mover,
                text,
                planned,
            });
        }
        if record.stage != Stage::Playing {
            record.plans.clear();
        }
        played
    }

    /// The lines that tell what was played for the players: one per planned answer and per
    /// forced move, except that a long run of forced moves (a whole Mangala IV game) is told in
    /// one line that names its first and last moves, so the board still fits in a message.
    pub(crate) fn told(&self, locale: Locale, record: &MatchRecord, played: &[PlayedForThem]) -> Vec<String> {
        let mut lines = Vec::new();
        let mut rest = played;
        while let Some(first) = rest.first() {
            let run = if first.planned {
                1
            } else {
                rest.iter().take_while(|done| !done.planned).count()
            };
            let (now, later) = rest.split_at(run);
            rest = later;
            if now.len() > FORCED_LINES_MAX {
                let texts: Vec<&str> = now.iter().map(|done| done.text.as_str()).collect();
                let moves = named_run(&texts);
                lines.push(t(
                    locale,
                    "move-forced-many",
                    &[
                        ("count", now.len().to_string()),
                        ("moves", moves),
                        ("id", record.id.to_string()),
                    ],
                ));
                continue;
            }
            lines.extend(now.iter().map(|done| {
                t(
                    locale,
                    if done.planned {
                        "move-planned-played"
                    } else {
                        "move-forced-played"
                    },
                    &[
                        ("player", player_label(self, locale, record, done.side)),
                        ("move", done.text.clone()),
                    ],
                )
            }));
        }
        lines
    }

    /// Appends to a reply's `text` what was played for the players and, if it ended the match,
    /// how it ended.
    pub(crate) fn tell(
        &self,
        text: &mut String,
        locale: Locale,
        record: &MatchRecord,
        played: &[PlayedForThem],
    ) {
        let ending = crate::kernel::wording::ending_text(self, locale, record);
        for line in self.told(locale, record, played).into_iter().chain(ending) {
            text.push('\n');
            text.push_str(&line);
        }
    }

    fn between_people(record: &MatchRecord) -> bool {
        !record.practice && record.computer.is_none() && record.class.is_none() && !record.is_activity()
    }

    /// A direct message to a plan's author: the opponent played something else.
    fn tell_plan_dropped(
        &self,
        record: &MatchRecord,
        author: &UserId,
        expected: &str,
        played: &str,
        txn: &mut Txn,
    ) {
        let now = self.now();
        let locale = Notices(self).locale_of(author);
        let notification = Notification {
            v: RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Direct { user: author.clone() },
            key: "plan-dropped".to_owned(),
            text: t(
                locale,
                "plan-dropped",
                &[
                    ("id", record.id.to_string()),
                    ("expected", expected.to_owned()),
                    ("played", played.to_owned()),
                ],
            ),
            mentions: vec![author.clone()],
            match_id: Some(record.id),
            due: now,
            fired: now,
            lease: None,
        };
        // Keyed like a timer that fired now, so it is delivered in order with the others.
        let tag = format!("plan{}", record.version);
        let key = keys::outbox_key(&keys::match_timer_key(now, record.id, &tag), 0);
        txn.put(key, record::encode(&notification));
    }

    /// `plan [#id] [<their move> <my move>]… | off`: shows, replaces or drops the caller's
    /// conditional moves in a match between people where it is the opponent's turn. Each pair
    /// is checked in turn from the position now, so every move of a plan is legal where it
    /// would be played.
    pub(crate) fn plan(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        change: PlanChange,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Mine)?;
        let args = || vec![("id", old.id.to_string())];
        if old.stage != Stage::Playing {
            return Err(Fail::user("plan-not-playing", args()));
        }
        if !Self::between_people(&old) {
            return Err(Fail::user("plan-not-here", args()));
        }
        let mine = old.sides_of(&ctx.user);
        let [side] = mine.as_slice() else {
            return Err(Fail::user("not-a-player", args()));
        };
        let side = *side;
        let current = old.plans.iter().find(|plan| plan.side == side);
        // What a plan holds must stay between its author and lalao: neither made nor shown
        // where the opponent reads.
        if !matches!(change, PlanChange::Cancel) && !ctx.private && ctx.platform != Platform::Console {
            let key = match ctx.platform {
                Platform::Matrix => "plan-private-dm",
                _ => "plan-private",
            };
            return Err(Fail::user(key, args()));
        }
        let pairs = match change {
            PlanChange::Show => {
                let text = match current {
                    Some(plan) => t(
                        locale,
                        "plan-show",
                        &[("id", old.id.to_string()), ("pairs", pairs_text(locale, plan))],
                    ),
                    None => plan_none(locale, &old, side),
                };
                return Ok(single(ctx, "plan-show", text));
            }
            PlanChange::Cancel => None,
            PlanChange::Set(pairs) => Some(pairs),
        };
        let mut new = old.clone();
        new.plans.retain(|plan| plan.side != side);
        let key = match pairs {
            None if current.is_none() => {
                let (key, args) = plan_none_args(&old, side);
                return Err(Fail::user(key, args));
            }
            None => "plan-dropped-by-author",
            Some(pairs) => {
                let game = old.current_game()?;
                if game.to_move() == side {
                    return Err(Fail::user("plan-your-turn", args()));
                }
                new.plans.push(Plan {
                    side,
                    pairs: checked_pairs(locale, ctx.platform, &game, side, &pairs)?,
                });
                "plan-saved"
            }
        };
        // Plans are not match state that others see: the version (which buttons carry) stays.
        new.updated_at = self.now();
        let new = Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "plan")?;
        let text = match new.plans.iter().find(|plan| plan.side == side) {
            Some(plan) => t(
                locale,
                key,
                &[("id", new.id.to_string()), ("pairs", pairs_text(locale, plan))],
            ),
            None => t(locale, key, &[("id", new.id.to_string())]),
        };
        Ok(single(ctx, key, text))
    }
}

/// Each pair of `pairs` in canonical notation, checked in turn from `game` (the opponent of
/// `side` to move): their move legal, then mine legal after it, then the next pair.
fn checked_pairs(
    locale: Locale,
    platform: Platform,
    game: &AnyGame,
    side: Side,
    pairs: &[(String, String)],
) -> Result<Vec<PlannedReply>, Fail> {
    let mut game = game.clone();
    let mut checked = Vec::new();
    for (number, (theirs, mine)) in pairs.iter().enumerate() {
        let mut pair = [String::new(), String::new()];
        for (slot, (text, mover)) in [(theirs, side.opponent()), (mine, side)].into_iter().enumerate() {
            let refusal = |reason: String| {
                Fail::user(
                    "plan-illegal",
                    vec![
                        ("pair", (number + 1).to_string()),
                        ("move", text.clone()),
                        ("reason", reason),
                    ],
                )
            };
            if game.outcome().is_some() {
                return Err(refusal(t(locale, "plan-game-over", &[])));
            }
            if game.to_move() != mover {
                return Err(refusal(t(locale, "plan-not-alternating", &[])));
            }
            let canonical = game
                .canonical_move(text)
                .map_err(|err| refusal(move_refusal(locale, platform, &game, &err).1))?;
            if let Err(err) = game.play(&canonical) {
                return Err(refusal(move_refusal(locale, platform, &game, &err).1));
            }
            pair[slot] = canonical;
        }
        let [theirs, mine] = pair;
        checked.push(PlannedReply { theirs, mine });
    }
    Ok(checked)
}

/// "if c2 then d5; if e1 then f4".
/// "You have no plan …", with an example pair that fits the match: their first legal move from
/// their next turn and the caller's first answer to it.
fn plan_none(locale: Locale, record: &MatchRecord, side: Side) -> String {
    let (key, args) = plan_none_args(record, side);
    t(locale, key, &args)
}

fn plan_none_args(record: &MatchRecord, side: Side) -> (&'static str, Vec<(&'static str, String)>) {
    let mut args = vec![("id", record.id.to_string())];
    let pair = record.current_game().ok().and_then(|mut game| {
        if game.to_move() == side {
            let mine = game.legal_moves().into_iter().next()?;
            game.play(&mine).ok()?;
        }
        let theirs = game.legal_moves().into_iter().next()?;
        game.play(&theirs).ok()?;
        let answer = game.legal_moves().into_iter().next()?;
        (game.to_move() == side).then_some((theirs, answer))
    });
    match pair {
        Some((theirs, mine)) => {
            args.push(("theirs", theirs));
            args.push(("mine", mine));
            ("plan-none", args)
        }
        None => ("plan-none-bare", args),
    }
}

fn pairs_text(locale: Locale, plan: &Plan) -> String {
    plan.pairs
        .iter()
        .map(|pair| {
            t(
                locale,
                "plan-pair",
                &[("theirs", pair.theirs.clone()), ("mine", pair.mine.clone())],
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}
