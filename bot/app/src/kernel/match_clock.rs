//! A match's clock and timers, kept in step with its state: every commit goes through
//! [`MatchClocks::schedule_match`], and the timers are derived from the record alone, so the same
//! state always gives the same timers. Also the clock lines shown under a board.

use crate::kernel::channels::ChannelSettings;
use crate::kernel::notices::Notices;
use lalao_core::Side;
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::kernel::durations::{duration_text, Args};
use crate::kernel::wording::player_label;
use crate::kernel::Fail;
use crate::record::{self, Ending, MatchRecord, Stage, TimerRecord, RECORD_VERSION};
use crate::store::{keys, Txn};
use lalao_model::timing::{TimerEntry, TimerKind, Turn};

crate::kernel::family::family! {
    /// A match's clock and the timers derived from it.
    MatchClocks
}

impl MatchClocks<'_> {
    /// Brings `new.clock` up to date (acceptance time, turn, bank) and rewrites the match's
    /// timers in `txn`: the ones no longer wanted are removed, new ones added, in the same
    /// commit as the match. Pure bookkeeping for matches without clock or notices.
    pub(crate) fn schedule_match(
        &self,
        old: Option<&MatchRecord>,
        mut new: MatchRecord,
        txn: &mut Txn,
    ) -> Result<MatchRecord, Fail> {
        let now = self.now();
        let policy = self.hooks().policy;
        follow_vote(&mut new, now)?;
        if !new.practice
            && new.clock.accepted_at.is_none()
            && matches!(new.stage, Stage::Rite { .. } | Stage::Playing)
        {
            new.clock.accepted_at = Some(now);
        }
        let turn_now = match (&new.stage, &new.players) {
            (Stage::Playing, Some(players)) if !new.practice => {
                let side = new.current_game()?.to_move();
                Some((new.moves.len() as u64, side, players[side.index()].clone()))
            }
            _ => None,
        };
        let current = new.clock.turn.as_ref().map(|turn| (turn.ply, turn.side));
        if current != turn_now.as_ref().map(|(ply, side, _)| (*ply, *side)) {
            if current.is_some_and(|(ply, _)| turn_now.as_ref().is_some_and(|(next, _, _)| *next > ply)) {
                new.clock.settle(now);
            }
            new.clock.turn = turn_now.map(|(ply, side, user)| {
                let allowance = new
                    .clock
                    .control
                    .map(|control| control.per_move + new.clock.banks[side.index()]);
                Turn {
                    ply,
                    side,
                    started: now,
                    extra: 0,
                    flagged: false,
                    plan: Notices(self).notify_settings(&user).plan(now, allowance),
                    reminded: 0,
                }
            });
        }
        let expiry = match new.stage {
            Stage::Challenge => ChannelSettings(self)
                .channel_settings(&new.channel)?
                .0
                .challenge_expiry
                .or(policy.challenge_expiry),
            _ => None,
        };
        let timers = derive_timers(&new, expiry, policy.first_move_window);
        let before: &[TimerEntry] = old.map_or(&[], |record| &record.clock.timers);
        for gone in before.iter().filter(|entry| !timers.contains(entry)) {
            txn.delete(keys::match_timer_key(gone.due, new.id, &gone.kind.tag()));
        }
        for added in timers.iter().filter(|entry| !before.contains(entry)) {
            let timer = TimerRecord {
                v: RECORD_VERSION,
                match_id: Some(new.id),
                kind: Some(added.kind),
                user: None,
                daily: None,
            };
            txn.put(
                keys::match_timer_key(added.due, new.id, &added.kind.tag()),
                record::encode(&timer),
            );
        }
        new.clock.timers = timers;
        Ok(new)
    }

    /// The clock lines under a board: budgets, time left, banks, vacations, a pending time-out.
    pub(crate) fn clock_text(&self, locale: Locale, record: &MatchRecord) -> Option<String> {
        let now = self.now();
        let mut lines = Vec::new();
        if let Some(control) = record.clock.control {
            let mut args: Args = vec![("budget", duration_text(locale, control.per_move))];
            let key = match control.bank {
                Some(bank) => {
                    args.push(("increment", duration_text(locale, bank.increment)));
                    args.push(("cap", duration_text(locale, bank.cap)));
                    "clock-control-bank"
                }
                None => "clock-control",
            };
            lines.push(t(locale, key, &args));
            if let (Some(turn), Stage::Playing) = (&record.clock.turn, &record.stage) {
                let player = player_label(self, locale, record, turn.side);
                if turn.flagged {
                    lines.push(t(locale, "clock-flagged", &[("player", player)]));
                } else if record.moves.is_empty() {
                    lines.push(t(locale, "clock-first-move", &[("player", player)]));
                } else if let Some(left) = record.clock.left(now) {
                    lines.push(t(
                        locale,
                        "clock-left",
                        &[("player", player), ("left", duration_text(locale, left))],
                    ));
                }
                if control.bank.is_some() {
                    for side in Side::BOTH {
                        lines.push(t(
                            locale,
                            "clock-bank",
                            &[
                                ("player", player_label(self, locale, record, side)),
                                ("bank", duration_text(locale, record.clock.banks[side.index()])),
                            ],
                        ));
                    }
                }
            }
        }
        if record.stage == Stage::Playing {
            for side in Side::BOTH {
                if let Some(pause) = record.clock.paused(side, now) {
                    lines.push(t(
                        locale,
                        "clock-vacation",
                        &[
                            ("player", player_label(self, locale, record, side)),
                            ("left", duration_text(locale, pause.end - now)),
                        ],
                    ));
                }
            }
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

/// Keeps a side played by vote in step with its match, in every commit of the match: the
/// played turn's ballots kept with its move, the next turn opened with its time.
fn follow_vote(record: &mut MatchRecord, now: u64) -> Result<(), Fail> {
    let Some(side) = record.vote.as_ref().map(|vote| vote.side) else {
        return Ok(());
    };
    let playing = record.stage == Stage::Playing;
    let to_move = playing && record.current_game()?.to_move() == side;
    let ended = match &record.stage {
        Stage::Finished {
            ending: Ending::Resigned { side: resigned },
        } if *resigned == side => "resign",
        Stage::Finished {
            ending: Ending::DrawAgreed,
        } => "draw",
        _ => "-",
    };
    if let Some(vote) = record.vote.as_mut() {
        vote.follow(&record.moves, playing, to_move, ended, now);
    }
    Ok(())
}

/// The timers a match needs in its current state. A pure function of the record, so the same
/// state always gives the same timers, and firing one (which changes the state) retires it.
pub(crate) fn derive_timers(
    record: &MatchRecord,
    expiry: Option<u64>,
    first_move_window: Option<u64>,
) -> Vec<TimerEntry> {
    let mut timers = Vec::new();
    let clock = &record.clock;
    let seating = crate::seats::Seating::of(record);
    if !seating.clock_runs() {
        return timers;
    }
    if let Some(due) = record.vote.as_ref().and_then(|vote| vote.closes_at) {
        timers.push(TimerEntry {
            due,
            kind: TimerKind::VoteClose,
        });
    }
    let first_move_window = first_move_window.filter(|_| seating.aborts_unstarted());
    let abort = |timers: &mut Vec<TimerEntry>| {
        if let (Some(accepted), Some(window)) = (clock.accepted_at, first_move_window) {
            timers.push(TimerEntry {
                due: accepted + window,
                kind: TimerKind::Abort,
            });
        }
    };
    match &record.stage {
        Stage::Challenge if !record.practice => {
            if let Some(expiry) = expiry {
                timers.push(TimerEntry {
                    due: record.created_at + expiry,
                    kind: TimerKind::Expire,
                });
            }
        }
        Stage::Rite { .. } if !record.practice => abort(&mut timers),
        Stage::Playing if !record.practice => {
            if record.moves.is_empty() {
                abort(&mut timers);
            }
            if let Some(turn) = &clock.turn {
                if let Some(at) = turn.plan.notice_at {
                    timers.push(TimerEntry {
                        due: at,
                        kind: TimerKind::Notice,
                    });
                }
                // The first move is guarded by the first-move window, not by the clock.
                if !turn.flagged && !record.moves.is_empty() {
                    if let Some(deadline) = clock.deadline() {
                        timers.push(TimerEntry {
                            due: deadline,
                            kind: TimerKind::Deadline,
                        });
                        for (n, due) in clock.reminder_times() {
                            timers.push(TimerEntry {
                                due,
                                kind: TimerKind::Remind { n },
                            });
                        }
                    }
                }
            }
        }
        _ => {}
    }
    timers.sort();
    timers
}
