//! The service side of issue 9: keeping each match's clock and timers in step with its state
//! (every commit goes through [`Service::schedule_match`]), the clock line on boards, and the
//! commands for time-outs, vacations, notification and channel settings.

use lalao_core::Side;
use lalao_renderer::Locale;

use super::present::{game_name, message, player_label};
use super::{Context, Fail, MatchRef, Prefs, Reply, Service};
use crate::command::{ChannelChange, NotifyChange, TimeoutAction};
use crate::i18n::t;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::record::{
    self, ChannelRecord, Ending, MatchRecord, PlayerRecord, Stage, TimerRecord, RECORD_VERSION,
};
use crate::schedule::notify::{Mode, NotifySettings, Reminder};
use crate::schedule::timing::{duration_parts, Pause, TimerEntry, TimerKind, Turn, DAY};
use crate::store::{keys, Txn};

type Args = Vec<(&'static str, String)>;

impl Service {
    /// A user's notification settings (defaults when they have none or their record is
    /// unreadable: `lalao check` reports the latter).
    pub(crate) fn notify_settings(&self, user: &UserId) -> NotifySettings {
        self.player(user)
            .ok()
            .flatten()
            .map(|(player, _)| player.notify)
            .unwrap_or_default()
    }

    /// The language notifications to `user` are written in: the one they chose, else their
    /// chat client's as last seen (Discord's interaction `locale`), else the default.
    pub(crate) fn locale_of(&self, user: &UserId) -> Locale {
        self.player(user)
            .ok()
            .flatten()
            .and_then(|(player, _)| player.locale.or(player.client_locale))
            .unwrap_or(self.defaults().locale)
    }

    pub(crate) fn channel_settings(
        &self,
        channel: &ChannelId,
    ) -> Result<(ChannelRecord, Option<Vec<u8>>), Fail> {
        match self.store().get(&keys::channel_settings_key(channel))? {
            None => Ok((
                ChannelRecord {
                    v: RECORD_VERSION,
                    ..ChannelRecord::default()
                },
                None,
            )),
            Some(bytes) => Ok((record::decode(&bytes, "a channel record")?, Some(bytes))),
        }
    }

    /// Whether the reply that starts `user`'s turn may mention them (not in quiet hours, not
    /// digest-only). Otherwise the scheduler tells them later.
    pub(crate) fn mention_now(&self, user: &UserId) -> bool {
        self.notify_settings(user).mention_now(self.now())
    }

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
                    plan: self.notify_settings(&user).plan(now, allowance),
                    reminded: 0,
                }
            });
        }
        let expiry = match new.stage {
            Stage::Challenge => self
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

    /// `claim`, `grant <time>`, `waive`: the opponent of a player whose time ran out decides.
    pub(crate) fn timeout_action(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        action: TimeoutAction,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_mine(ctx, id)?;
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
        if players[late.opponent().index()] != ctx.user && !self.is_class_manager(ctx, &old)? {
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
                ("timeout-waived", vec![("winner", me), ("player", late_name)])
            }
        };
        let mut args = args;
        args.push(("id", old.id.to_string()));
        let stored = self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "timeout")?;
        let mut reply = message(ctx, key, t(locale, key, &args));
        reply.mentions = vec![players[late.index()].clone()];
        reply.mentions.retain(crate::class::mentionable);
        reply.match_ref = Some(MatchRef {
            id: stored.id,
            version: stored.version,
        });
        if let Some(clock) = self.clock_text(locale, &stored) {
            reply.text.push('\n');
            reply.text.push_str(&clock);
        }
        Ok(Reply {
            messages: vec![reply],
            duplicate: false,
        })
    }

    /// `vacation <days>` / `vacation off`: stops the caller's clocks in all their timed matches.
    pub(crate) fn vacation(&self, ctx: &Context, prefs: Prefs, days: Option<u32>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let now = self.now();
        let key = keys::player_key(&ctx.user);
        let (mut player, old_bytes) = match self.player(&ctx.user)? {
            Some((player, bytes)) => (player, Some(bytes)),
            None => (
                PlayerRecord {
                    v: RECORD_VERSION,
                    ..PlayerRecord::default()
                },
                None,
            ),
        };
        let month = month_of(now);
        let used = match player.vacation_used {
            Some((m, used)) if m == month => used,
            _ => 0,
        };
        let limit = self.hooks().policy.vacation_days_per_month;
        let ongoing = player
            .vacation
            .filter(|pause| pause.start <= now && now < pause.end);
        let pause = match days {
            Some(days) => {
                if ongoing.is_some() {
                    return Err(Fail::user("vacation-already", Vec::new()));
                }
                if days == 0 || used + days > limit {
                    return Err(Fail::user(
                        "vacation-too-long",
                        vec![
                            ("left", limit.saturating_sub(used).to_string()),
                            ("limit", limit.to_string()),
                        ],
                    ));
                }
                player.vacation_used = Some((month, used + days));
                Pause {
                    start: now,
                    end: now + u64::from(days) * DAY,
                }
            }
            None => {
                let Some(ongoing) = ongoing else {
                    return Err(Fail::user("vacation-none", Vec::new()));
                };
                // Whole days not taken go back to this month's allowance.
                let unused = ((ongoing.end - now) / DAY) as u32;
                if let Some((m, used)) = player.vacation_used.as_mut() {
                    if *m == month {
                        *used = used.saturating_sub(unused);
                    }
                }
                Pause {
                    start: ongoing.start,
                    end: now,
                }
            }
        };
        player.vacation = Some(pause);
        let mut txn = Txn::default();
        txn.check(key.clone(), old_bytes)
            .put(key, record::encode(&player));
        self.commit_other(ctx, txn, "vacation")?;
        // Then each timed match: one atomic step per match, retried if it changed meanwhile.
        let mut changed = Vec::new();
        for id in self
            .active_under(&keys::active_prefix(&ctx.user))?
            .into_iter()
            .map(|(record, _)| record.id)
        {
            for _attempt in 0..5 {
                let Some((old, bytes)) = self.load(id)? else { break };
                let sides = old.sides_of(&ctx.user);
                // Untimed matches have no clock to stop; a challenge has no sides yet.
                if old.clock.control.is_none() || !old.stage.is_active() || sides.is_empty() {
                    break;
                }
                let mut new = old.clone();
                for side in sides {
                    new.clock.pauses[side.index()] = Some(pause);
                }
                new.version += 1;
                new.updated_at = now;
                let quiet = Context {
                    event: None,
                    ..ctx.clone()
                };
                match self.commit_match(&quiet, Some((&old, &bytes)), &new, Txn::default(), "vacation") {
                    Ok(_) => {
                        changed.push(id.to_string());
                        break;
                    }
                    Err(Fail::User {
                        key: "board-changed", ..
                    }) => continue,
                    Err(other) => return Err(other),
                }
            }
        }
        let (key, args): (&'static str, Args) = match days {
            Some(days) => (
                "vacation-started",
                vec![
                    ("days", days.to_string()),
                    ("left", (limit - used - days).to_string()),
                    ("matches", changed.join(", ")),
                    ("count", changed.len().to_string()),
                ],
            ),
            None => ("vacation-ended", vec![("count", changed.len().to_string())]),
        };
        Ok(super::present::single(ctx, key, t(locale, key, &args)))
    }

    /// `notify …`: how and when the caller is told it is their turn.
    pub(crate) fn notify(&self, ctx: &Context, prefs: Prefs, change: NotifyChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let key = keys::player_key(&ctx.user);
        let (mut player, old_bytes) = match self.player(&ctx.user)? {
            Some((player, bytes)) => (player, Some(bytes)),
            None => (
                PlayerRecord {
                    v: RECORD_VERSION,
                    ..PlayerRecord::default()
                },
                None,
            ),
        };
        let settings = &mut player.notify;
        let changed = change != NotifyChange::default();
        if let Some(mode) = change.mode {
            settings.mode = mode;
        }
        if let Some(dm) = change.dm {
            settings.dm = dm;
        }
        if let Some(hours) = change.digest_hours {
            settings.digest_hours = hours;
        }
        if let Some(offset) = change.offset_minutes {
            settings.offset_minutes = offset;
        }
        if let Some(zone) = change.zone {
            settings.zone = zone;
        }
        if let Some(quiet) = change.quiet {
            settings.quiet = quiet;
        }
        if let Some(reminders) = change.reminders {
            settings.reminders = reminders;
        }
        if changed {
            let mut txn = Txn::default();
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&player));
            self.commit_other(ctx, txn, "notify")?;
        }
        let settings = &player.notify;
        let hours = |minutes: u16| format!("{:02}:{:02}", minutes / 60, minutes % 60);
        let args: Args = vec![
            (
                "mode",
                t(
                    locale,
                    match settings.mode {
                        Mode::Every => "notify-mode-every",
                        Mode::Digest => "notify-mode-digest",
                    },
                    &[],
                ),
            ),
            ("dm", if settings.dm { "yes" } else { "no" }.to_owned()),
            (
                "digest",
                settings
                    .digest_hours
                    .iter()
                    .map(|hour| format!("{hour:02}:00"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (
                "quiet",
                match settings.quiet {
                    Some((start, end)) => format!("{}–{}", hours(start), hours(end)),
                    None => t(locale, "notify-quiet-none", &[]),
                },
            ),
            ("tz", settings.zone_label()),
            (
                "reminders",
                if settings.reminders.is_empty() {
                    t(locale, "notify-reminders-none", &[])
                } else {
                    settings
                        .reminders
                        .iter()
                        .map(|reminder| match reminder {
                            Reminder::Percent(p) => format!("{p} %"),
                            Reminder::Left(left) => duration_text(locale, *left),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            ),
        ];
        let key = if changed { "notify-saved" } else { "notify-current" };
        Ok(super::present::single(ctx, key, t(locale, key, &args)))
    }

    /// `channel …`: moderators choose automatic forfeit and the challenge expiry.
    pub(crate) fn channel(&self, ctx: &Context, prefs: Prefs, change: ChannelChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut settings, old_bytes) = self.channel_settings(&ctx.channel)?;
        let changed = change != ChannelChange::default();
        if changed {
            if !ctx.moderator {
                return Err(Fail::user("channel-moderators-only", Vec::new()));
            }
            if let Some(auto) = change.auto_forfeit {
                settings.auto_forfeit = auto;
            }
            if let Some(expiry) = change.challenge_expiry {
                settings.challenge_expiry = Some(expiry);
            }
            if let Some(boards) = change.boards {
                settings.boards = boards;
            }
            if let Some(threads) = change.threads {
                settings.threads = threads;
            }
            let key = keys::channel_settings_key(&ctx.channel);
            let mut txn = Txn::default();
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&settings));
            self.commit_other(ctx, txn, "channel")?;
        }
        let expiry = settings.challenge_expiry.or(self.hooks().policy.challenge_expiry);
        let args: Args = vec![
            (
                "forfeit",
                t(
                    locale,
                    if settings.auto_forfeit {
                        "channel-forfeit-auto"
                    } else {
                        "channel-forfeit-claim"
                    },
                    &[],
                ),
            ),
            (
                "expiry",
                expiry.map_or_else(
                    || t(locale, "channel-expiry-never", &[]),
                    |e| duration_text(locale, e),
                ),
            ),
        ];
        let key = if changed {
            "channel-saved"
        } else {
            "channel-current"
        };
        let mut text = t(locale, key, &args);
        if ctx.platform == crate::ids::Platform::Discord {
            // Choices only Discord's adapter acts on (it can edit its messages).
            let boards = match settings.boards {
                Some(record::BoardMode::Edit) => "channel-boards-edit",
                Some(record::BoardMode::New) => "channel-boards-new",
                None => "channel-boards-default",
            };
            text.push('\n');
            let threads = if settings.threads {
                "channel-threads-on"
            } else {
                "channel-threads-off"
            };
            text.push_str(&t(
                locale,
                "channel-discord",
                &[
                    ("boards", t(locale, boards, &[])),
                    ("threads", t(locale, threads, &[])),
                ],
            ));
        }
        Ok(super::present::single(ctx, key, text))
    }

    /// The caller's match for a command without id: their only active or timed-out one here.
    fn resolve_mine(&self, ctx: &Context, id: Option<MatchId>) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if let Some(id) = id {
            return self
                .load(id)?
                .ok_or_else(|| Fail::user("no-such-match", vec![("id", id.to_string())]));
        }
        let mut mine: Vec<_> = self
            .active_under(&keys::channel_prefix(&ctx.channel))?
            .into_iter()
            .filter(|(record, _)| record.is_participant(&ctx.user))
            .collect();
        match mine.len() {
            0 => Err(Fail::user("no-match-here", Vec::new())),
            1 => Ok(mine.pop().expect("one match")),
            _ => {
                let ids: Vec<String> = mine.iter().map(|(record, _)| record.id.to_string()).collect();
                Err(Fail::user(
                    "which-match",
                    vec![("ids", ids.join(", ")), ("example", ids[0].clone())],
                ))
            }
        }
    }

    /// The short description of a match in notifications: "#3 (Fano)".
    pub(crate) fn match_label(&self, locale: Locale, record: &MatchRecord) -> String {
        t(
            locale,
            "match-label",
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
            ],
        )
    }
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
    // A class match the teacher paused has no timers at all: it cannot time out, and nobody
    // is reminded of a move they may not make (docs/classroom.md).
    if record.class.as_ref().is_some_and(|link| link.paused) {
        return timers;
    }
    // Class matches are started by the teacher and played when the class meets (often a week
    // later): the first-move window does not apply, the teacher cancels instead.
    let first_move_window = first_move_window.filter(|_| record.class.is_none());
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

/// `3 d 4 h`, `5 h`, `20 min` in the reader's language.
pub(crate) fn duration_text(locale: Locale, seconds: u64) -> String {
    let (days, hours, minutes) = duration_parts(seconds);
    let n = |value: u64| value.to_string();
    match (days, hours) {
        (0, 0) => t(locale, "duration-minutes", &[("minutes", n(minutes))]),
        (0, _) => t(locale, "duration-hours", &[("hours", n(hours))]),
        (_, 0) => t(locale, "duration-days", &[("days", n(days))]),
        _ => t(
            locale,
            "duration-days-hours",
            &[("days", n(days)), ("hours", n(hours))],
        ),
    }
}

/// `YYYYMM` of a Unix time, in UTC (civil-from-days, H. Hinnant's algorithm).
pub(crate) fn month_of(at: u64) -> u32 {
    let z = (at / DAY) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year * 100 + month) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_in_utc() {
        assert_eq!(month_of(0), 197_001);
        // 2024-02-29 12:00 UTC and 2024-03-01 00:00 UTC.
        assert_eq!(month_of(1_709_208_000), 202_402);
        assert_eq!(month_of(1_709_251_200), 202_403);
    }
}
