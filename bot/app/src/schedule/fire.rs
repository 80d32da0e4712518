//! Firing timers: one atomic commit per timer (remove it, apply its effect, queue its
//! notifications), earliest first.

use crate::kernel::channels::ChannelSettings;
use crate::kernel::notices::Notices;
use crate::play::vote_turns::VoteTurns;
use crate::teach::daily::DailyPuzzles;
use lalao_core::Side;

use super::notifier::{Mode, Notification, Recipient};
use super::timing::{TimerEntry, TimerKind};
use crate::i18n::t;
use crate::ids::UserId;
use crate::kernel::commit::Commits;
use crate::kernel::{duration_text, Fail};
use crate::record::{self, Ending, MatchRecord, RecordError, Stage, TimerRecord, RECORD_VERSION};
use crate::seats::Seating;
use crate::store::{keys, Committed, StoreError, Txn};

/// How many times in a row the same timer is retried when a command changes its match at the
/// same moment. Losing to another scheduler that fired the timer is progress, not a conflict:
/// the counter only grows while the earliest timer stays the same one.
const RETRIES: usize = 8;
/// A reminder fired with less time than this left is dropped: the time-out comes first.
const STALE_REMINDER: u64 = 60;

crate::kernel::family::family! {
    /// Durable timers fired when due.
    Timers
}

impl Timers<'_> {
    /// Fires every timer due at the clock's current time, in due order, each exactly once, and
    /// makes the result durable. Returns how many fired.
    pub fn fire_due(&self) -> Result<usize, StoreError> {
        let now = self.now();
        let mut fired = 0;
        let mut conflicts = 0;
        let mut last_conflict: Option<Vec<u8>> = None;
        while let Some((key, value)) = self.store().first_with_prefix(keys::TIMER_PREFIX)? {
            if last_conflict
                .as_deref()
                .is_some_and(|last| last != key.as_slice())
            {
                // Whoever beat us moved on past that timer: the race is not stuck.
                conflicts = 0;
                last_conflict = None;
            }
            let Some(due) = keys::timer_due(&key) else {
                tracing::error!(key = %String::from_utf8_lossy(&key), "a timer key without due time is set aside (dead timer)");
                self.move_timer(&key, &value, keys::DEAD_TIMER_PREFIX)?;
                continue;
            };
            if due > now {
                break;
            }
            match self.fire_one(&key, &value, due, now) {
                Ok(true) => {
                    fired += 1;
                    self.metrics().timers_fired.inc();
                    self.metrics()
                        .timers_late_seconds
                        .observe(now.saturating_sub(due) as f64);
                    conflicts = 0;
                    last_conflict = None;
                }
                // Someone changed the match first: read the index again (the timer may be gone).
                Ok(false) if conflicts < RETRIES => {
                    conflicts += 1;
                    last_conflict = Some(key.to_vec());
                    std::thread::yield_now();
                }
                Ok(false) => return Err(StoreError("a timer kept conflicting".to_owned())),
                Err(Fail::Store(err)) => return Err(err),
                // Written by a newer lalao (a rollback): this build cannot apply it, the newer one
                // will. Held, not lost; released when a build that reads it starts.
                Err(Fail::Record(RecordError::TooNew { .. })) => {
                    tracing::warn!(key = %String::from_utf8_lossy(&key), "a timer of a match written by a newer lalao is held until that version runs");
                    self.move_timer(&key, &value, keys::HELD_TIMER_PREFIX)?;
                }
                Err(_) => {
                    // An unreadable record: set the timer aside rather than block every later
                    // one; `lalao check` reports both.
                    tracing::error!(key = %String::from_utf8_lossy(&key), "a timer whose match is unreadable is set aside (dead timer)");
                    self.move_timer(&key, &value, keys::DEAD_TIMER_PREFIX)?;
                }
            }
        }
        if fired > 0 {
            self.store().sync()?;
            tracing::info!(fired, "timers fired");
        }
        Ok(fired)
    }

    /// Moves a timer out of the `timer/` index, under `prefix`, in one checked commit.
    fn move_timer(&self, key: &[u8], value: &[u8], prefix: &[u8]) -> Result<(), StoreError> {
        let mut txn = Txn::default();
        txn.check(key.to_vec(), Some(value.to_vec()))
            .delete(key.to_vec())
            .put(keys::timer_moved(key, prefix), value.to_vec());
        self.commit_txn(&txn).map(drop)
    }

    /// Puts back in the index every held timer this build can now read (it runs at start: a
    /// newer build that held nothing, or this one after its records were upgraded). Returns how
    /// many went back; they fire as overdue timers do.
    pub fn release_held_timers(&self) -> Result<usize, StoreError> {
        let mut released = 0;
        for entry in self.store().iter_prefix(keys::HELD_TIMER_PREFIX) {
            let (held, value) = entry?;
            let readable = match record::decode::<TimerRecord>(&value, "a timer") {
                Ok(timer) => match timer.match_id {
                    Some(id) => !matches!(self.load(id), Err(Fail::Record(RecordError::TooNew { .. }))),
                    None => true,
                },
                Err(RecordError::TooNew { .. }) => false,
                Err(_) => true,
            };
            let Some(key) = keys::timer_key_of_held(&held).filter(|_| readable) else {
                continue;
            };
            let mut txn = Txn::default();
            txn.check(held.clone(), Some(value.clone()))
                .delete(held)
                .put(key, value);
            if self.commit_txn(&txn)? == Committed::Applied {
                released += 1;
            }
        }
        if released > 0 {
            self.store().sync()?;
            tracing::info!(released, "held timers went back to the schedule");
        }
        Ok(released)
    }

    /// How many timers are held for a newer lalao, and how many were set aside as unreadable
    /// (`lalao check` reports both).
    pub fn timers_set_aside(&self) -> Result<(usize, usize), StoreError> {
        Ok((
            self.store().count_prefix(keys::HELD_TIMER_PREFIX, usize::MAX)?,
            self.store().count_prefix(keys::DEAD_TIMER_PREFIX, usize::MAX)?,
        ))
    }

    /// Fires one timer. `Ok(false)`: a concurrent change won; nothing was written.
    fn fire_one(&self, key: &[u8], value: &[u8], due: u64, now: u64) -> Result<bool, Fail> {
        let timer: TimerRecord = record::decode(value, "a timer")?;
        let mut txn = Txn::default();
        txn.check(key.to_vec(), Some(value.to_vec())).delete(key.to_vec());
        let mut notes = Vec::new();
        match (timer.match_id, timer.kind, timer.user) {
            (Some(id), Some(TimerKind::VoteClose), _) => return self.close_vote(key, value, id, due),
            (Some(id), Some(kind), _) => {
                let Some((old, bytes)) = self.load(id)? else {
                    return self.commit_fired(txn, key, notes);
                };
                // A timer the match no longer lists is stale: removing it is all there is to do.
                if !old.clock.timers.contains(&TimerEntry { due, kind }) {
                    return self.commit_fired(txn, key, notes);
                }
                let mut new = old.clone();
                self.apply(&mut new, kind, due, now, &mut txn, &mut notes)?;
                // A turn notice or a reminder is delivery bookkeeping: it leaves the `version`
                // alone, so the board just posted keeps working buttons. The compare-and-swap on
                // the record's bytes still orders it against a concurrent move.
                if !matches!(kind, TimerKind::Notice | TimerKind::Remind { .. }) {
                    new.version += 1;
                }
                new.updated_at = now;
                let stored = Commits(self).match_txn(Some((&old, &bytes)), new, &mut txn)?;
                // An automatic forfeit of a rated game says what it did to both ratings, in
                // each of the room's languages (the change is known once the commit is built).
                if stored.rating_change.is_some() {
                    for note in notes.iter_mut().filter(|note| note.key == "timeout-forfeit") {
                        let lines: Vec<String> = note
                            .text
                            .lines()
                            .zip(Notices(self).room_locales(&stored))
                            .map(|(line, locale)| {
                                let ratings = crate::kernel::wording::rating_line(self, locale, &stored);
                                format!("{line} {}", ratings.unwrap_or_default())
                                    .trim_end()
                                    .to_owned()
                            })
                            .collect();
                        note.text = lines.join("\n");
                    }
                }
            }
            (_, _, Some(user)) => self.digest(&user, due, now, &mut txn, &mut notes)?,
            _ => {
                if let Some((channel, daily)) = &timer.daily {
                    DailyPuzzles(self).fire(channel, *daily, due, now, &mut txn, &mut notes)?;
                }
            }
        }
        self.commit_fired(txn, key, notes)
    }

    /// Closes a class's vote turn whose time ran out: the move its votes chose is played (with
    /// the computer's answer) in commits of their own, which retire this timer as they change
    /// the turn; a stale timer is removed. `Ok(false)`: a ballot came in at the same moment,
    /// the close is tried again.
    fn close_vote(&self, key: &[u8], value: &[u8], id: crate::ids::MatchId, due: u64) -> Result<bool, Fail> {
        match VoteTurns(self).close(id, Some(due)) {
            Ok(_) => {}
            Err(Fail::Again) => return Ok(false),
            Err(err @ (Fail::Store(_) | Fail::Record(_))) => return Err(err),
            // A refusal (the turn moved on meanwhile, a replayed close): nothing more to do.
            Err(err) => tracing::warn!(match_id = id.0, error = err.what(), "a vote's turn did not close"),
        }
        if self.store().get(key)?.is_some() {
            let mut txn = Txn::default();
            txn.check(key.to_vec(), Some(value.to_vec())).delete(key.to_vec());
            return Ok(self.commit_txn(&txn)? == Committed::Applied);
        }
        Ok(true)
    }

    fn commit_fired(&self, mut txn: Txn, key: &[u8], notes: Vec<Notification>) -> Result<bool, Fail> {
        for (n, note) in notes.iter().enumerate() {
            txn.put(keys::outbox_key(key, n), record::encode(note));
        }
        Ok(self.commit_txn(&txn)? == Committed::Applied)
    }

    /// The effect of a match timer on the match, and what to tell whom.
    fn apply(
        &self,
        record: &mut MatchRecord,
        kind: TimerKind,
        due: u64,
        now: u64,
        txn: &mut Txn,
        notes: &mut Vec<Notification>,
    ) -> Result<(), Fail> {
        let note = |to: &UserId, key: &str, args: &[(&str, String)], record: &MatchRecord, direct: bool| {
            let locale = self.notice_locale(to, record);
            let mut args = args.to_vec();
            args.push(("match", Notices(self).match_label(locale, record)));
            args.push(("player", self.name_of(to)));
            // For the commands a notice gives in full (`claim #3`, `play fano`).
            args.push(("id", record.id.to_string()));
            args.push(("game", record.game.id().to_owned()));
            Notification {
                v: RECORD_VERSION,
                id: String::new(),
                recipient: if direct {
                    Recipient::Direct { user: to.clone() }
                } else {
                    Recipient::Channel {
                        channel: record.channel.clone(),
                    }
                },
                key: key.to_owned(),
                text: t(locale, key, &args),
                mentions: if direct { Vec::new() } else { vec![to.clone()] },
                match_id: Some(record.id),
                due,
                fired: now,
                lease: None,
            }
        };
        match kind {
            TimerKind::Expire => {
                if record.stage == Stage::Challenge {
                    record.stage = Stage::Expired;
                    notes.push(note(
                        &record.challenger.clone(),
                        "challenge-expired",
                        &[],
                        record,
                        false,
                    ));
                }
            }
            TimerKind::Abort => {
                let nobody_moved = match record.stage {
                    Stage::Rite { .. } => true,
                    Stage::Playing => record.moves.is_empty(),
                    _ => false,
                };
                if nobody_moved {
                    record.stage = Stage::Aborted;
                    let mut aborted = note(&record.challenger.clone(), "match-aborted", &[], record, false);
                    aborted.mentions = record.participants();
                    // About both players, for the whole room: in each one's language.
                    let challenger = self.name_of(&record.challenger);
                    aborted.text = Notices(self).room_text(record, "match-aborted", |locale| {
                        self.room_args(locale, record, vec![("player", challenger.clone())])
                    });
                    notes.push(aborted);
                }
            }
            TimerKind::Notice => {
                let Some((_, user)) = self.player_to_move(record) else {
                    return Ok(());
                };
                let settings = Notices(self).notify_settings(&user);
                let turn = record.clock.turn.as_mut().expect("to_move implies a turn");
                turn.plan.notice_at = None;
                let channel = turn.plan.notice_channel;
                if settings.mode == Mode::Digest {
                    self.ensure_digest(&user, now, txn)?;
                } else {
                    if channel {
                        notes.push(note(&user, "turn-notice", &[], record, false));
                    }
                    if settings.dm {
                        notes.push(note(&user, "turn-notice", &[], record, true));
                    }
                }
            }
            TimerKind::Remind { n } => {
                let Some((_, user)) = self.player_to_move(record) else {
                    return Ok(());
                };
                if let Some(turn) = record.clock.turn.as_mut() {
                    turn.reminded = n + 1;
                }
                // Every figure is the truth when it is sent (after downtime, later than due); a
                // reminder whose turn has run out, or is about to, would only contradict the
                // time-out notice that follows it.
                let left = record.clock.left(now).unwrap_or(0);
                if left < STALE_REMINDER {
                    return Ok(());
                }
                let locale = self.notice_locale(&user, record);
                let left = duration_text(locale, left);
                let settings = Notices(self).notify_settings(&user);
                notes.push(note(&user, "reminder", &[("left", left)], record, settings.dm));
            }
            // Closed by `close_vote`, before a timer's own commit is built.
            TimerKind::VoteClose => {}
            TimerKind::Deadline => {
                let Some((side, user)) = self.player_to_move(record) else {
                    return Ok(());
                };
                let players = record.players.clone().expect("to_move implies players");
                let winner = players[side.opponent().index()].clone();
                let auto = ChannelSettings(self)
                    .channel_settings(&record.channel)?
                    .0
                    .auto_forfeit;
                let args = [("late", self.name_of(&user)), ("winner", self.name_of(&winner))];
                if auto {
                    record.stage = Stage::Finished {
                        ending: Ending::Timeout { side },
                    };
                    let mut told = note(&winner, "timeout-forfeit", &args, record, false);
                    told.mentions = vec![winner.clone(), user.clone()];
                    told.text = Notices(self).room_text(record, "timeout-forfeit", |locale| {
                        self.room_args(locale, record, args.to_vec())
                    });
                    notes.push(told);
                } else {
                    if let Some(turn) = record.clock.turn.as_mut() {
                        turn.flagged = true;
                    }
                    let key = Seating::of(record).timeout_flag_key();
                    let mut told = note(&winner, key, &args, record, false);
                    told.mentions = vec![winner.clone(), user.clone()];
                    notes.push(told);
                }
            }
        }
        tell_stand_in(record, notes);
        Ok(())
    }

    /// `args` and what every match notice may name: the match, its number and game.
    fn room_args(
        &self,
        locale: lalao_renderer::Locale,
        record: &MatchRecord,
        mut args: Vec<(&'static str, String)>,
    ) -> Vec<(&'static str, String)> {
        args.push(("match", Notices(self).match_label(locale, record)));
        args.push(("id", record.id.to_string()));
        args.push(("game", record.game.id().to_owned()));
        args
    }

    /// The language of a notification: the class's in a class match (its screen is shared),
    /// else the recipient's.
    fn notice_locale(&self, to: &UserId, record: &MatchRecord) -> lalao_renderer::Locale {
        if Seating::of(record).speaks_the_class_language() {
            if let Ok(Some((class, _))) = self.class_of(&record.channel) {
                return class.locale;
            }
        }
        Notices(self).locale_of(to)
    }

    /// The side to move and its player, in a two-player match being played.
    fn player_to_move(&self, record: &MatchRecord) -> Option<(Side, UserId)> {
        let turn = record.clock.turn.as_ref()?;
        if record.stage != Stage::Playing {
            return None;
        }
        let players = record.players.as_ref()?;
        Some((turn.side, players[turn.side.index()].clone()))
    }

    /// Makes sure `user` has a digest timer pending (at most one per user).
    fn ensure_digest(&self, user: &UserId, now: u64, txn: &mut Txn) -> Result<(), Fail> {
        let key = keys::player_key(user);
        let (mut player, old) = self.player_or_new(user)?;
        if player.digest_due.is_some() {
            return Ok(());
        }
        let due = player.notify.next_digest(now);
        player.digest_due = Some(due);
        txn.check(key.clone(), old).put(key, record::encode(&player));
        let timer = TimerRecord {
            v: RECORD_VERSION,
            match_id: None,
            kind: None,
            user: Some(user.clone()),
            daily: None,
        };
        txn.put(keys::digest_timer_key(due, user), record::encode(&timer));
        Ok(())
    }

    /// A digest: one direct message listing every match where it is `user`'s turn.
    fn digest(
        &self,
        user: &UserId,
        due: u64,
        now: u64,
        txn: &mut Txn,
        notes: &mut Vec<Notification>,
    ) -> Result<(), Fail> {
        let key = keys::player_key(user);
        if let Some((mut player, bytes)) = self.player(user)? {
            if player.digest_due != Some(due) {
                // Stale: only the timer goes.
                return Ok(());
            }
            player.digest_due = None;
            txn.check(key.clone(), Some(bytes))
                .put(key, record::encode(&player));
        }
        let locale = Notices(self).locale_of(user);
        let mut lines = Vec::new();
        for (record, _) in self.active_under(&keys::active_prefix(user))? {
            let Some((_, to_move)) = self.player_to_move(&record) else {
                continue;
            };
            if to_move != *user || record.practice {
                continue;
            }
            let mut args = vec![
                ("match", Notices(self).match_label(locale, &record)),
                (
                    "channel",
                    ChannelSettings(self).channel_label(locale, &record.channel),
                ),
            ];
            let line = match record.clock.left(now) {
                Some(left) if !record.moves.is_empty() => {
                    args.push(("left", duration_text(locale, left)));
                    t(locale, "digest-line-timed", &args)
                }
                _ => t(locale, "digest-line", &args),
            };
            lines.push(line);
        }
        if lines.is_empty() {
            return Ok(());
        }
        let mut text = t(locale, "digest", &[("count", lines.len().to_string())]);
        for line in lines {
            text.push('\n');
            text.push_str(&line);
        }
        notes.push(Notification {
            v: RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Direct { user: user.clone() },
            key: "digest".to_owned(),
            text,
            mentions: Vec::new(),
            match_id: None,
            due,
            fired: now,
            lease: None,
        });
        Ok(())
    }
}

/// Seats have no accounts: of a class's match, the notices go to its stand-in (the teacher)
/// instead, and none goes privately to a seat.
fn tell_stand_in(record: &MatchRecord, notes: &mut Vec<Notification>) {
    let Some(stand_in) = Seating::of(record).stand_in(record) else {
        return;
    };
    for note in notes.iter_mut() {
        note.mentions.retain(lalao_model::record::mentionable);
        if note.mentions.is_empty() && matches!(note.recipient, Recipient::Channel { .. }) {
            note.mentions.push(stand_in.clone());
        }
    }
    notes.retain(|note| match &note.recipient {
        Recipient::Direct { user } => lalao_model::record::mentionable(user),
        Recipient::Channel { .. } => true,
    });
}
