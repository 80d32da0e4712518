//! The teacher's decisions on a class's match: pause and resume, undo, restart, and a result
//! given by hand.

use lalao_core::{AnyGame, Side};

use crate::class::lifecycle::ClassLife;
use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::commit::Commits;
use crate::kernel::lookups::stage_refusal;
use crate::kernel::wording::{ending_text, side_name, single};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, same_name, ClassRecord, Ending, MatchRecord, Stage};
use lalao_model::timing::MatchClock;

crate::kernel::family::family! {
    /// The teacher's decisions on a class's match.
    MatchControls
}

impl MatchControls<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pause_or_resume(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        _bytes: Vec<u8>,
        name: &'static str,
        id: MatchId,
        pause: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, old_bytes) = ClassLife(self).class_match_of(&class, id)?;
        if !old.stage.is_active() {
            return Err(stage_refusal(&old));
        }
        let now = self.now();
        let mut new = old.clone();
        if let Some(link) = new.class.as_mut() {
            match (pause, link.paused_at) {
                // The pause began earlier: keep its start.
                (true, Some(_)) => {}
                (true, None) => link.paused_at = Some(now),
                (false, since) => {
                    // The clock stood still while paused: the turn starts later by
                    // that much (deadline, reminders and the bank's accounting all
                    // count from its start; the commit sets the timers again).
                    if let (Some(since), Some(turn)) = (since, new.clock.turn.as_mut()) {
                        turn.started += now.saturating_sub(since.max(turn.started));
                    }
                    link.paused_at = None;
                }
            }
            link.paused = pause;
        }
        let key = if pause {
            "class-paused-done"
        } else {
            "class-resumed"
        };
        self.decide(ctx, prefs, (&old, &old_bytes), new, name, None, |_| {
            (key, t(locale, key, &[("id", id.to_string())]))
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn undo(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        _bytes: Vec<u8>,
        name: &'static str,
        id: MatchId,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, old_bytes) = ClassLife(self).class_match_of(&class, id)?;
        let Some(undone) = old.moves.last().cloned() else {
            return Err(Fail::user("undo-nothing", Vec::new()));
        };
        let mut new = old.clone();
        let keep = old.moves.len() - 1;
        let mut game = old.replay(keep.saturating_sub(1))?;
        new.last_events = match keep.checked_sub(1) {
            Some(previous) => game.play(&old.moves[previous]).map_err(|err| {
                Fail::Record(record::RecordError::Game {
                    id,
                    message: err.to_string(),
                })
            })?,
            None => Vec::new(),
        };
        new.moves.truncate(keep);
        new.state = game.save();
        new.stage = Stage::Playing;
        new.draw_offer = None;
        new.undo_request = None;
        self.decide(ctx, prefs, (&old, &old_bytes), new, name, Some(&game), |_| {
            let text = t(locale, "undo-done", &[("move", undone), ("id", id.to_string())]);
            ("undo-done", text)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn restart(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        _bytes: Vec<u8>,
        name: &'static str,
        id: MatchId,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, old_bytes) = ClassLife(self).class_match_of(&class, id)?;
        let game = old.initial_game().map_err(|err| {
            Fail::Record(record::RecordError::Game {
                id,
                message: err.to_string(),
            })
        })?;
        let mut new = old.clone();
        new.moves.clear();
        new.last_events.clear();
        new.state = game.save();
        new.stage = Stage::Playing;
        new.draw_offer = None;
        new.undo_request = None;
        if let Some(link) = new.class.as_mut() {
            link.paused = false;
            link.paused_at = None;
        }
        // A fresh clock too: same control, no banks, no turn (the old timers are
        // removed by the commit, which compares with the old record's list).
        new.clock = MatchClock {
            control: old.clock.control,
            ..MatchClock::default()
        };
        self.decide(ctx, prefs, (&old, &old_bytes), new, name, Some(&game), |_| {
            (
                "class-restarted",
                t(locale, "class-restarted", &[("id", id.to_string())]),
            )
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn result(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        _bytes: Vec<u8>,
        name: &'static str,
        id: MatchId,
        winner: String,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, old_bytes) = ClassLife(self).class_match_of(&class, id)?;
        let players = old.players.clone().expect("class matches are seated");
        let winner_side = match winner.to_lowercase().as_str() {
            "draw" | "nulle" | "égalité" | "egalite" => None,
            word => Some(
                Side::BOTH
                    .into_iter()
                    .find(|side| {
                        same_name(players[side.index()].local(), word)
                            || old.game.side_name(*side) == word
                            || same_name(&side_name(locale, old.game, *side), word)
                    })
                    .ok_or_else(|| {
                        Fail::user(
                            "class-result-who",
                            vec![
                                ("word", winner.clone()),
                                ("first", players[0].local().to_owned()),
                                ("second", players[1].local().to_owned()),
                            ],
                        )
                    })?,
            ),
        };
        let game = old.current_game()?;
        let mut new = old.clone();
        new.stage = Stage::Finished {
            ending: Ending::Adjudicated {
                winner: winner_side,
                judge: ctx.user.clone(),
            },
        };
        new.draw_offer = None;
        new.undo_request = None;
        self.decide(ctx, prefs, (&old, &old_bytes), new, name, Some(&game), |new| {
            ("class-result", ending_text(self, locale, new).unwrap_or_default())
        })
    }

    /// Commits the teacher's decision on a class match (`old` → `new`, by the command `name`)
    /// and tells it: the words `said` of the match as stored, under its board (`game`) or
    /// alone, then what the class sees of it.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &self,
        ctx: &Context,
        prefs: Prefs,
        old: (&MatchRecord, &[u8]),
        mut new: MatchRecord,
        name: &'static str,
        game: Option<&AnyGame>,
        said: impl FnOnce(&MatchRecord) -> (&'static str, String),
    ) -> Result<Reply, Fail> {
        new.version += 1;
        new.updated_at = self.now();
        let (new, announced) = Commits(self).commit_match_change(ctx, prefs, (old, &new), name, false)?;
        let (key, text) = said(&new);
        let mut reply = match game {
            Some(game) => ClassLife(self).class_board_reply(ctx, prefs, key, text, &new, game),
            None => single(ctx, key, text),
        };
        ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
        Ok(reply)
    }
}
