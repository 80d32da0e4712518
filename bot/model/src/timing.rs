//! Time controls in hours and days, and the clock state a match carries. Pure functions of the
//! stored state and a time: no I/O, so every rule here is tested without a store or a clock.

use lalao_core::Side;
use serde::{Deserialize, Serialize};

use super::quiet::Quiet;
pub use super::units::{DAY, HOUR};

/// Per-move budgets offered in days; hours from 1 to 72 are accepted as well.
pub const DAY_PRESETS: &[u64] = &[1, 2, 3, 5, 7, 14];
const MAX_HOURS: u64 = 72;

/// The time control chosen at challenge time. `None` on the match means no clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Seconds each move may take.
    pub per_move: u64,
    /// BGA-style reserve: unused time is not kept, but every move adds `increment` to a bank
    /// (at most `cap`) that is spent once a move takes longer than `per_move`.
    pub bank: Option<Bank>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    pub increment: u64,
    pub cap: u64,
}

/// Why `time=`, `bank=` or `cap=` was refused: the Fluent id of the explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlError {
    BadDuration,
    BankWithoutTime,
    CapBelowIncrement,
}

impl ControlError {
    pub fn message_id(self) -> &'static str {
        match self {
            ControlError::BadDuration => "time-bad-duration",
            ControlError::BankWithoutTime => "time-bank-without-time",
            ControlError::CapBelowIncrement => "time-cap-too-small",
        }
    }
}

/// A duration as players write it: `3d`, `12h`, `1d12h`; French `j` for days as well.
pub fn parse_duration(text: &str) -> Option<u64> {
    let text = text.trim().to_lowercase();
    let mut total = 0u64;
    let mut digits = String::new();
    let mut any = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'd' | 'j' => DAY,
            'h' => HOUR,
            _ => return None,
        };
        let n: u64 = digits.parse().ok()?;
        digits.clear();
        total = total.checked_add(n.checked_mul(unit)?)?;
        any = true;
    }
    (digits.is_empty() && any && total > 0).then_some(total)
}

/// A per-move budget: a day preset, or whole hours up to three days.
fn budget(text: &str) -> Option<u64> {
    let seconds = parse_duration(text)?;
    let ok = if seconds % DAY == 0 {
        DAY_PRESETS.contains(&(seconds / DAY)) || seconds / HOUR <= MAX_HOURS
    } else {
        seconds % HOUR == 0 && seconds / HOUR <= MAX_HOURS
    };
    ok.then_some(seconds)
}

/// Takes `time=` and `bank=` out of a challenge's `key=value` options (the rest are game
/// options). `time=none` (or no `time=`) means no clock; `bank=<increment>[/<cap>]` adds a bank.
pub fn control_from_options(
    options: &mut Vec<(String, String)>,
) -> Result<Option<TimeControl>, ControlError> {
    let mut take = |names: &[&str]| {
        let position = options
            .iter()
            .position(|(key, _)| names.contains(&key.as_str()))?;
        Some(options.remove(position).1)
    };
    let time = take(&["time", "temps", "clock"]);
    let bank = take(&["bank", "banque"]);
    let per_move = match time.as_deref().map(str::to_lowercase).as_deref() {
        None | Some("none" | "off" | "aucun" | "non") => {
            if bank.is_some() {
                return Err(ControlError::BankWithoutTime);
            }
            return Ok(None);
        }
        Some(text) => budget(text).ok_or(ControlError::BadDuration)?,
    };
    let bank = match bank {
        None => None,
        Some(text) => {
            let (increment, cap) = match text.split_once('/') {
                Some((increment, cap)) => (increment, Some(cap)),
                None => (text.as_str(), None),
            };
            let increment = budget(increment).ok_or(ControlError::BadDuration)?;
            // Without a cap the bank may hold one extra per-move budget.
            let cap = match cap {
                Some(text) => parse_duration(text).ok_or(ControlError::BadDuration)?,
                None => per_move.max(increment),
            };
            if cap < increment {
                return Err(ControlError::CapBelowIncrement);
            }
            Some(Bank { increment, cap })
        }
    };
    Ok(Some(TimeControl { per_move, bank }))
}

/// A vacation interval during which one side's clock stands still.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub start: u64,
    pub end: u64,
}

impl Pause {
    /// How much of the pause falls after `from` (and before `until`).
    pub fn overlap(self, from: u64, until: u64) -> u64 {
        let start = self.start.max(from);
        let end = self.end.min(until);
        end.saturating_sub(start)
    }
}

/// How the player to move is to be told it is their turn, decided when the turn begins.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// When to send the deferred turn notice (quiet hours, direct message, digest); `None` when
    /// the reply's mention in the channel was enough, or once sent.
    pub notice_at: Option<u64>,
    /// The notice mentions the player in the channel (the reply could not: quiet hours).
    #[serde(default)]
    pub notice_channel: bool,
    /// Reminders, as seconds left before the deadline, latest first.
    pub reminders: Vec<u64>,
    /// The player's quiet hours: reminders falling inside are moved to their end.
    pub quiet: Option<Quiet>,
}

/// The current turn of a timed or notified match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Moves played before this turn.
    pub ply: u64,
    pub side: Side,
    pub started: u64,
    /// Time granted by the opponent during this turn.
    #[serde(default)]
    pub extra: u64,
    /// The budget ran out and the opponent has not decided yet (claim, grant, waive).
    #[serde(default)]
    pub flagged: bool,
    #[serde(default)]
    pub plan: Plan,
    /// How many of the plan's reminders have fired.
    #[serde(default)]
    pub reminded: u32,
}

/// What the scheduler keeps on a match record (`clock`, record version 2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchClock {
    pub control: Option<TimeControl>,
    /// When the challenge was accepted: the first-move window counts from here.
    pub accepted_at: Option<u64>,
    pub turn: Option<Turn>,
    /// Bank per side, indexed by [`Side::index`].
    pub banks: [u64; 2],
    /// The latest vacation of each side's player.
    pub pauses: [Option<Pause>; 2],
    /// The timers of this match in the scheduler's index, kept in the same commit as the match
    /// so that a change removes exactly the timers it makes moot.
    pub timers: Vec<TimerEntry>,
}

/// One pending timer of a match.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TimerEntry {
    pub due: u64,
    pub kind: TimerKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimerKind {
    /// An unaccepted challenge expires.
    Expire,
    /// Nobody moved within the first-move window: abort, not counted.
    Abort,
    /// The player to move is told (deferred by quiet hours, or by direct message, or digest).
    Notice,
    /// Reminder number `n` of the current turn.
    Remind { n: u32 },
    /// The budget of the player to move runs out.
    Deadline,
    /// The open turn of a side played by vote closes (`class vote`).
    VoteClose,
}

impl TimerKind {
    /// The last part of the timer's key (unique per match).
    pub fn tag(self) -> String {
        match self {
            TimerKind::Expire => "expire".to_owned(),
            TimerKind::Abort => "abort".to_owned(),
            TimerKind::Notice => "notice".to_owned(),
            TimerKind::Remind { n } => format!("remind{n}"),
            TimerKind::Deadline => "deadline".to_owned(),
            TimerKind::VoteClose => "vote".to_owned(),
        }
    }
}

impl MatchClock {
    /// When the side to move runs out of time (with grants, bank and vacations counted).
    pub fn deadline(&self) -> Option<u64> {
        let control = self.control?;
        let turn = self.turn.as_ref()?;
        let side = turn.side.index();
        let allowance = control.per_move + self.banks[side] + turn.extra;
        let paused = self.pauses[side].map_or(0, |pause| pause.overlap(turn.started, u64::MAX));
        Some(turn.started + allowance + paused)
    }

    /// The time left on the clock of the side to move at `now`: up to the deadline, less what
    /// is still to come of their vacation, during which their clock stands still.
    pub fn left(&self, now: u64) -> Option<u64> {
        let deadline = self.deadline()?;
        let side = self.turn.as_ref()?.side.index();
        let paused_ahead = self.pauses[side].map_or(0, |pause| pause.overlap(now, deadline));
        Some(deadline.saturating_sub(now).saturating_sub(paused_ahead))
    }

    /// After the deadline moved (a grant, a waive): the reminders whose moment is still ahead
    /// are due again; those whose moment has passed count as sent.
    pub fn rearm_reminders(&mut self, now: u64) {
        if let Some(turn) = self.turn.as_mut() {
            turn.reminded = 0;
        }
        let passed = self.reminder_times().iter().filter(|(_, at)| *at <= now).count();
        if let Some(turn) = self.turn.as_mut() {
            turn.reminded = passed as u32;
        }
    }

    /// Is `side` on vacation at `now`?
    pub fn paused(&self, side: Side, now: u64) -> Option<Pause> {
        self.pauses[side.index()].filter(|pause| pause.start <= now && now < pause.end)
    }

    /// Books the time the mover used into their bank: time beyond the per-move budget (and any
    /// grant) comes out of the bank, then the increment goes in, up to the cap.
    pub fn settle(&mut self, now: u64) {
        let (Some(control), Some(turn)) = (self.control, self.turn.as_ref()) else {
            return;
        };
        let side = turn.side.index();
        let paused = self.pauses[side].map_or(0, |pause| pause.overlap(turn.started, now));
        let used = now.saturating_sub(turn.started).saturating_sub(paused);
        let over = used.saturating_sub(control.per_move + turn.extra);
        if let Some(bank) = control.bank {
            self.banks[side] = (self.banks[side].saturating_sub(over) + bank.increment).min(bank.cap);
        }
    }

    /// The due times of the current turn's reminders not yet fired, in firing order.
    pub fn reminder_times(&self) -> Vec<(u32, u64)> {
        let (Some(deadline), Some(turn)) = (self.deadline(), self.turn.as_ref()) else {
            return Vec::new();
        };
        let mut times: Vec<u64> = turn
            .plan
            .reminders
            .iter()
            .filter(|left| deadline.saturating_sub(**left) > turn.started)
            .map(|left| {
                let at = deadline - left;
                // Quiet hours move a reminder to their end, unless that is too late to help.
                match turn.plan.quiet.and_then(|quiet| quiet.end_if_inside(at)) {
                    Some(end) if end < deadline => end,
                    _ => at,
                }
            })
            .collect();
        times.sort_unstable();
        times.dedup();
        times
            .into_iter()
            .enumerate()
            .skip(turn.reminded as usize)
            .map(|(n, at)| (n as u32, at))
            .collect()
    }
}

/// "3 d 4 h" style, rounded down to hours (minutes when under an hour).
pub fn duration_parts(seconds: u64) -> (u64, u64, u64) {
    (seconds / DAY, (seconds % DAY) / HOUR, (seconds % HOUR) / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn durations_and_presets() {
        assert_eq!(parse_duration("3d"), Some(3 * DAY));
        assert_eq!(parse_duration("1d12h"), Some(DAY + 12 * HOUR));
        assert_eq!(parse_duration("2j"), Some(2 * DAY));
        for bad in ["", "d", "3", "3x", "0h", "-1d", "99999999999999999999d"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(budget("14d"), Some(14 * DAY));
        assert_eq!(budget("3d"), Some(3 * DAY));
        assert_eq!(budget("4d"), None, "not a preset and more than 72 h");
        assert_eq!(budget("36h"), Some(36 * HOUR));
        assert_eq!(budget("73h"), None);
    }

    #[test]
    fn options_give_a_control_and_leave_game_options_alone() {
        let mut options = opts(&[("cells", "5"), ("time", "3d"), ("bank", "1d/7d")]);
        let control = control_from_options(&mut options).unwrap().unwrap();
        assert_eq!(options, opts(&[("cells", "5")]));
        assert_eq!(
            control,
            TimeControl {
                per_move: 3 * DAY,
                bank: Some(Bank {
                    increment: DAY,
                    cap: 7 * DAY
                })
            }
        );
        assert_eq!(control_from_options(&mut opts(&[("time", "none")])), Ok(None));
        assert_eq!(control_from_options(&mut opts(&[])), Ok(None));
        assert_eq!(
            control_from_options(&mut opts(&[("bank", "1d")])),
            Err(ControlError::BankWithoutTime)
        );
        assert_eq!(
            control_from_options(&mut opts(&[("time", "1d"), ("bank", "2d/1d")])),
            Err(ControlError::CapBelowIncrement)
        );
        assert_eq!(
            control_from_options(&mut opts(&[("time", "4d")])),
            Err(ControlError::BadDuration)
        );
    }

    fn clock(control: TimeControl, started: u64) -> MatchClock {
        MatchClock {
            control: Some(control),
            turn: Some(Turn {
                ply: 1,
                side: Side::BOTH[1],
                started,
                extra: 0,
                flagged: false,
                plan: Plan::default(),
                reminded: 0,
            }),
            ..MatchClock::default()
        }
    }

    #[test]
    fn the_bank_grows_per_move_up_to_its_cap_and_pays_for_slow_moves() {
        let control = TimeControl {
            per_move: DAY,
            bank: Some(Bank {
                increment: 12 * HOUR,
                cap: DAY,
            }),
        };
        let mut c = clock(control, 0);
        assert_eq!(c.deadline(), Some(DAY));
        c.settle(HOUR);
        assert_eq!(c.banks[1], 12 * HOUR);
        c.settle(HOUR);
        assert_eq!(c.banks[1], DAY, "capped");
        assert_eq!(c.deadline(), Some(2 * DAY));
        // 30 h used: 6 h over the budget come out of the bank, then 12 h go in.
        c.settle(30 * HOUR);
        assert_eq!(c.banks[1], DAY);
        c.banks[1] = 0;
        c.settle(30 * HOUR);
        assert_eq!(c.banks[1], 12 * HOUR);
    }

    #[test]
    fn a_vacation_stops_the_clock_and_reminders_follow_the_deadline() {
        let control = TimeControl {
            per_move: 3 * DAY,
            bank: None,
        };
        let mut c = clock(control, 0);
        c.turn.as_mut().unwrap().plan.reminders = vec![DAY, 3 * DAY / 4, 3 * DAY];
        // 3 d budget: 75 % gone (18 h left) and 24 h left; "3 d left" is the start, dropped.
        assert_eq!(c.reminder_times(), vec![(0, 2 * DAY), (1, 2 * DAY + 6 * HOUR)]);
        c.turn.as_mut().unwrap().plan.reminders = vec![DAY, 3 * DAY / 4];
        c.pauses[1] = Some(Pause {
            start: DAY,
            end: 3 * DAY,
        });
        assert_eq!(c.deadline(), Some(5 * DAY));
        assert_eq!(c.reminder_times()[0], (0, 4 * DAY));
        c.turn.as_mut().unwrap().reminded = 1;
        assert_eq!(c.reminder_times(), vec![(1, 4 * DAY + 6 * HOUR)]);
        assert!(c.paused(Side::BOTH[1], 2 * DAY).is_some());
        assert_eq!(c.paused(Side::BOTH[0], 2 * DAY), None);
        // On vacation the clock stands still: 2 d of the 3 d budget are left
        // throughout the vacation (1 d was used before it), not 2 d plus what is left of it.
        assert_eq!(c.left(DAY), Some(2 * DAY));
        assert_eq!(c.left(2 * DAY), Some(2 * DAY));
        assert_eq!(c.left(3 * DAY), Some(2 * DAY));
        assert_eq!(c.left(4 * DAY), Some(DAY));
        assert_eq!(c.left(6 * DAY), Some(0));
    }

    #[test]
    fn a_moved_deadline_rearms_the_reminders_still_ahead() {
        let control = TimeControl {
            per_move: DAY,
            bank: None,
        };
        let mut c = clock(control, 0);
        c.turn.as_mut().unwrap().plan.reminders = vec![6 * HOUR, HOUR];
        // Both reminders fired, then the deadline passed and 12 h were granted from then.
        c.turn.as_mut().unwrap().reminded = 2;
        assert_eq!(c.reminder_times(), vec![]);
        c.turn.as_mut().unwrap().extra = 12 * HOUR;
        c.rearm_reminders(DAY);
        assert_eq!(c.turn.as_ref().unwrap().reminded, 0);
        assert_eq!(
            c.reminder_times(),
            vec![(0, DAY + 6 * HOUR), (1, DAY + 11 * HOUR)]
        );
        // Rearmed later, the one whose moment passed counts as sent.
        c.rearm_reminders(DAY + 7 * HOUR);
        assert_eq!(c.reminder_times(), vec![(1, DAY + 11 * HOUR)]);
    }
}
