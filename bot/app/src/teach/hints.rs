//! `hint`: the move the engine prefers now and one short reason, where asking the engine is
//! fair: a practice match or a match against the computer, never a game between people.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::Level;
use lalao_core::{AnyGame, Event, Side, Winner};

use super::lessons::Lessons;
use super::puzzles::Puzzles;
use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::lookups::{Lookups, Pick};
use crate::kernel::wording::message;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::play::computer::choose_within;
use crate::record::Stage;

/// The search's seed for hints: the same position always gets the same hint.
const HINT_SEED: u64 = 0x6869_6e74;

crate::kernel::family::family! {
    /// Hints in practice and against the computer.
    Hints
}

impl Hints<'_> {
    /// The engine's move for the caller's side to move in match `id` (or their match here).
    pub(super) fn hint(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (record, bytes) = match Lookups(self).resolve(ctx, id, Pick::Mine) {
            // A bare `hint` with several matches open (or none here) means the caller's one
            // lesson or puzzle in progress, if they have exactly one: that is where hints are
            // asked for most.
            Err(Fail::User {
                key: key @ ("which-match" | "no-match-here"),
                args,
                board,
            }) if id.is_none() => {
                let mut mine = self
                    .active_under(&crate::store::keys::active_prefix(&ctx.user))?
                    .into_iter()
                    .filter(|(record, _)| {
                        (record.lesson.is_some() || record.puzzle.is_some()) && record.challenger == ctx.user
                    });
                match (mine.next(), mine.next()) {
                    (Some(found), None) => found,
                    _ => return Err(Fail::User { key, args, board }),
                }
            }
            other => other?,
        };
        let locale = prefs.locale;
        let args = || vec![("id", record.id.to_string())];
        if record.lesson.is_some() && record.stage == Stage::Playing {
            return Lessons(self).hint(ctx, prefs, (&record, &bytes));
        }
        if record.puzzle.is_some() && record.stage == Stage::Playing {
            return Puzzles(self).give_up(ctx, prefs, (&record, &bytes));
        }
        if !record.practice && record.computer.is_none() {
            return Err(Fail::user("hint-between-people", args()));
        }
        let game = record.current_game()?;
        if record.stage != Stage::Playing || game.outcome().is_some() {
            return Err(Fail::user("hint-not-playing", args()));
        }
        let side = game.to_move();
        if !record.sides_of(&ctx.user).contains(&side) {
            return Err(Fail::user("hint-not-your-turn", args()));
        }
        let best = choose_within(&game, Level::Hard, HINT_SEED, &AtomicBool::new(false))
            .ok_or_else(|| Fail::user("hint-not-playing", args()))?;
        let reason = reason(locale, &game, side, &best);
        let text = t(
            locale,
            "hint",
            &[("id", record.id.to_string()), ("move", best), ("reason", reason)],
        );
        // The engine's help is the asker's alone, not the room's. The console is one screen,
        // where a private message is a secret kept from the other player at the keyboard: a
        // hint is simply shown there.
        let mut said = message(ctx, "hint", text);
        if ctx.platform != crate::ids::Platform::Console {
            said.audience = crate::kernel::Audience::Private(ctx.user.clone());
        }
        Ok(Reply {
            messages: vec![said],
            ..Reply::default()
        })
    }
}

/// Why `best` is good, in one short clause: what it does at once (wins, captures, promotes),
/// else that it is the search's choice.
fn reason(locale: lalao_renderer::Locale, game: &AnyGame, side: Side, best: &str) -> String {
    let mut after = game.clone();
    let Ok(events) = after.play(best) else {
        return t(locale, "hint-reason-best", &[]);
    };
    let wins = events
        .iter()
        .any(|event| matches!(event, Event::GameOver { outcome } if outcome.winner == Winner::Side(side)));
    let seeds: u32 = events
        .iter()
        .filter_map(|event| match event {
            Event::SeedsCaptured { by, holes } if *by == side => {
                Some(holes.iter().map(|(_, seeds)| seeds).sum::<u32>())
            }
            _ => None,
        })
        .sum();
    let pieces: usize = events
        .iter()
        .filter_map(|event| match event {
            Event::Removed { owner, at } if *owner != side => Some(at.len()),
            _ => None,
        })
        .sum();
    let promotes = events.iter().any(|event| matches!(event, Event::Promoted { .. }));
    if wins {
        t(locale, "hint-reason-wins", &[])
    } else if seeds > 0 {
        t(locale, "hint-reason-seeds", &[("count", seeds.to_string())])
    } else if pieces > 0 {
        t(
            locale,
            "hint-reason-pieces",
            &[
                ("count", pieces.to_string()),
                ("game", game.kind().id().to_owned()),
            ],
        )
    } else if promotes {
        t(locale, "hint-reason-promotes", &[])
    } else {
        t(locale, "hint-reason-best", &[])
    }
}
