//! `claim`, `grant`, `waive`: what the opponent of a player out of time decides, on a match
//! still in play (flagged) or already forfeited automatically.

use crate::command::TimeoutAction;
use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::commit::Commits;
use crate::kernel::durations::{duration_text, Args};
use crate::kernel::lookups::Lookups;
use crate::kernel::match_clock::MatchClocks;
use crate::kernel::wording::{message, player_label};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{Ending, MatchRecord, Stage};
use crate::store::{keys, Txn};

crate::kernel::family::family! {
    /// What a player does about an opponent out of time.
    Timeouts
}

impl Timeouts<'_> {
    /// `claim`, `grant <time>`, `waive`: the opponent of a player whose time ran out decides.
    pub(crate) fn timeout_action(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        action: TimeoutAction,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_mine(ctx, id, action)?;
        let timed_out = match (&old.stage, &old.clock.turn) {
            (Stage::Playing, Some(turn)) if turn.flagged => Some(turn.side),
            (
                Stage::Finished {
                    ending: Ending::Timeout { side },
                },
                _,
            ) => Some(*side),
            _ => None,
        };
        let Some(late) = timed_out else {
            return Err(Fail::user("no-timeout", vec![("id", old.id.to_string())]));
        };
        let players = old
            .players
            .clone()
            .ok_or_else(|| Fail::user("no-timeout", vec![("id", old.id.to_string())]))?;
        // In a class match the seats have no accounts: the teacher decides for them.
        if players[late.opponent().index()] != ctx.user && !ClassSeats(self).is_class_manager(ctx, &old)? {
            return Err(Fail::user("timeout-not-yours", vec![("id", old.id.to_string())]));
        }
        let finished = matches!(old.stage, Stage::Finished { .. });
        let mut new = old.clone();
        new.version += 1;
        new.updated_at = self.now();
        let late_name = player_label(self, locale, &old, late);
        let me = player_label(self, locale, &old, late.opponent());
        let (key, args): (&'static str, Args) = match action {
            TimeoutAction::Claim if finished => {
                return Err(Fail::user("match-over", vec![("id", old.id.to_string())]));
            }
            TimeoutAction::Claim => {
                new.stage = Stage::Finished {
                    ending: Ending::Timeout { side: late },
                };
                ("timeout-claimed", vec![("winner", me), ("loser", late_name)])
            }
            TimeoutAction::Grant(_) if finished => {
                return Err(Fail::user("match-over", vec![("id", old.id.to_string())]));
            }
            TimeoutAction::Grant(seconds) => {
                let policy = self.hooks().policy;
                if seconds > policy.max_grant {
                    return Err(Fail::user(
                        "grant-too-long",
                        vec![("max", duration_text(locale, policy.max_grant))],
                    ));
                }
                let deadline = new.clock.deadline().unwrap_or(self.now());
                let turn = new.clock.turn.as_mut().expect("flagged implies a turn");
                // The grant counts from now, not from the missed deadline.
                turn.extra += self.now().saturating_sub(deadline) + seconds;
                turn.flagged = false;
                new.clock.rearm_reminders(self.now());
                (
                    "time-granted",
                    vec![("player", late_name), ("extra", duration_text(locale, seconds))],
                )
            }
            TimeoutAction::Waive => {
                // The win on time is given up: the late player gets a fresh budget.
                new.stage = Stage::Playing;
                let per_move = new.clock.control.map_or(0, |control| control.per_move);
                let deadline = new.clock.deadline().unwrap_or(self.now());
                if let Some(turn) = new.clock.turn.as_mut() {
                    turn.extra += self.now().saturating_sub(deadline) + per_move;
                    turn.flagged = false;
                }
                new.clock.rearm_reminders(self.now());
                ("timeout-waived", vec![("winner", me), ("player", late_name)])
            }
        };
        let mut args = args;
        args.push(("id", old.id.to_string()));
        let stored =
            Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "timeout")?;
        let mut reply = message(ctx, key, t(locale, key, &args));
        if let Some(ratings) = crate::kernel::wording::rating_line(self, locale, &stored) {
            reply.text.push('\n');
            reply.text.push_str(&ratings);
        }
        reply.mentions = vec![players[late.index()].clone()];
        reply.mentions.retain(lalao_model::record::mentionable);
        reply.on_match(&stored);
        if let Some(clock) = MatchClocks(self).clock_text(locale, &stored) {
            reply.text.push('\n');
            reply.text.push_str(&clock);
        }
        Ok(Reply {
            messages: vec![reply],
            ..Reply::default()
        })
    }

    /// The caller's match for a command without id: the one here where the caller decides
    /// about a time-out, else their only match here (which is then told it has none).
    fn resolve_mine(
        &self,
        ctx: &Context,
        id: Option<MatchId>,
        action: TimeoutAction,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if let Some(id) = id {
            return Lookups(self).load_reachable(ctx, id);
        }
        let mut mine: Vec<_> = self
            .active_under(&keys::channel_prefix(&ctx.channel))?
            .into_iter()
            .filter(|(record, _)| record.is_participant(&ctx.user))
            .collect();
        let decides = |record: &MatchRecord| {
            let late = record
                .clock
                .turn
                .as_ref()
                .filter(|turn| turn.flagged && record.stage == Stage::Playing)
                .map(|turn| turn.side);
            late.zip(record.players.as_ref())
                .is_some_and(|(late, players)| players[late.opponent().index()] == ctx.user)
        };
        let mut flagged: Vec<_> = mine
            .iter()
            .filter(|(record, _)| decides(record))
            .cloned()
            .collect();
        match (flagged.len(), mine.len()) {
            (1, _) => Ok(flagged.pop().expect("one match")),
            (0, 0) => Err(Fail::user("no-match-here", Vec::new())),
            (0, 1) => Ok(mine.pop().expect("one match")),
            (0, _) => Err(Fail::user("no-timeout-here", Vec::new())),
            _ => {
                let ids: Vec<String> = flagged.iter().map(|(record, _)| record.id.to_string()).collect();
                let action = match action {
                    TimeoutAction::Claim => "claim",
                    TimeoutAction::Grant(_) => "grant",
                    TimeoutAction::Waive => "waive",
                };
                Err(Fail::user(
                    "which-timeout",
                    vec![
                        ("ids", ids.join(", ")),
                        ("example", ids[0].clone()),
                        ("action", action.to_owned()),
                    ],
                ))
            }
        }
    }
}
