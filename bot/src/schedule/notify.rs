//! Who is told what, when: per-user notification settings (every move or a digest, direct
//! messages, quiet hours in the user's UTC offset, reminder cadence) and the outbound
//! [`Notification`] that adapters deliver through a [`Notifier`].

use serde::{Deserialize, Serialize};

use super::timing::{Plan, DAY, HOUR};
use crate::ids::{ChannelId, MatchId, UserId};

/// Every move, or a digest of all pending moves once or twice a day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Every,
    Digest,
}

/// Quiet hours in the user's local time (a fixed UTC offset: DST users update it, see
/// docs/time-controls.md). Minutes after local midnight; `start > end` wraps past midnight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quiet {
    pub offset_minutes: i32,
    pub start: u16,
    pub end: u16,
}

impl Quiet {
    /// If `at` falls inside the quiet hours, when they end.
    pub fn end_if_inside(self, at: u64) -> Option<u64> {
        if self.start == self.end {
            return None;
        }
        let local = at as i64 + i64::from(self.offset_minutes) * 60;
        let minute = (local.rem_euclid(DAY as i64) / 60) as u16;
        let inside = if self.start < self.end {
            (self.start..self.end).contains(&minute)
        } else {
            minute >= self.start || minute < self.end
        };
        if !inside {
            return None;
        }
        let to_end = (i64::from(self.end) - i64::from(minute)).rem_euclid(24 * 60) as u64;
        // Back to the start of the current minute, then forward to the end.
        Some(at - (local.rem_euclid(60) as u64) + to_end * 60)
    }
}

/// A reminder point: a share of the budget gone, or a time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reminder {
    /// When this percentage of the move's budget has been used.
    Percent(u8),
    /// When this many seconds are left.
    Left(u64),
}

/// A user's notification settings (player record, version 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NotifySettings {
    pub mode: Mode,
    /// Also send turn notices and reminders by direct message.
    pub dm: bool,
    /// Local hours at which digests go out (one or two).
    pub digest_hours: Vec<u8>,
    /// The user's offset from UTC, in minutes.
    pub offset_minutes: i32,
    /// Quiet hours as local minutes `[start, end)`.
    pub quiet: Option<(u16, u16)>,
    pub reminders: Vec<Reminder>,
}

impl Default for NotifySettings {
    fn default() -> NotifySettings {
        NotifySettings {
            mode: Mode::Every,
            dm: false,
            digest_hours: vec![9],
            offset_minutes: 0,
            quiet: None,
            // Issue 9's defaults: at 75 % of the budget and with 24 h left.
            reminders: vec![Reminder::Percent(75), Reminder::Left(DAY)],
        }
    }
}

impl NotifySettings {
    pub fn quiet(&self) -> Option<Quiet> {
        self.quiet.map(|(start, end)| Quiet {
            offset_minutes: self.offset_minutes,
            start,
            end,
        })
    }

    /// Whether a mention at `now` is allowed (not in quiet hours, not digest-only).
    pub fn mention_now(&self, now: u64) -> bool {
        self.mode == Mode::Every && self.quiet().and_then(|quiet| quiet.end_if_inside(now)).is_none()
    }

    /// The plan for a turn starting at `now` with `allowance` seconds (if timed).
    pub fn plan(&self, now: u64, allowance: Option<u64>) -> Plan {
        let quiet = self.quiet();
        let quiet_end = quiet.and_then(|quiet| quiet.end_if_inside(now));
        let notice_at = match self.mode {
            // The digest timer is set when the notice fires, so it fires at once.
            Mode::Digest => Some(now),
            Mode::Every if quiet_end.is_some() => quiet_end,
            Mode::Every if self.dm => Some(now),
            Mode::Every => None,
        };
        let reminders = match allowance {
            None => Vec::new(),
            Some(allowance) => self
                .reminders
                .iter()
                .map(|reminder| match reminder {
                    Reminder::Percent(percent) => allowance * u64::from(100 - (*percent).min(100)) / 100,
                    Reminder::Left(left) => *left,
                })
                .collect(),
        };
        Plan {
            notice_at,
            notice_channel: self.mode == Mode::Every && quiet_end.is_some(),
            reminders,
            quiet,
        }
    }

    /// The next digest time strictly after `now`.
    pub fn next_digest(&self, now: u64) -> u64 {
        let offset = i64::from(self.offset_minutes) * 60;
        let local = now as i64 + offset;
        let midnight = local - local.rem_euclid(DAY as i64);
        let mut hours: Vec<u8> = self.digest_hours.iter().copied().filter(|h| *h < 24).collect();
        if hours.is_empty() {
            hours.push(9);
        }
        hours.sort_unstable();
        (0..2)
            .flat_map(|day| {
                hours
                    .iter()
                    .map(move |hour| midnight + day * DAY as i64 + i64::from(*hour) * HOUR as i64)
            })
            .map(|local_at| (local_at - offset) as u64)
            .find(|at| *at > now)
            .expect("a digest hour within two days")
    }
}

/// Where a notification goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Recipient {
    /// The match's channel, mentioning [`Notification::mentions`].
    Channel { channel: ChannelId },
    /// A direct message.
    Direct { user: UserId },
}

/// One outbound notification, stored in the outbox until an adapter delivers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub v: u32,
    /// The outbox key as text: stable across redeliveries, so adapters can use it as an
    /// idempotency key (Matrix transaction id, Discord nonce) and deliver exactly once.
    #[serde(skip)]
    pub id: String,
    pub recipient: Recipient,
    /// The Fluent id of the text: a stable name for what happened.
    pub key: String,
    /// Already written in the recipient's language.
    pub text: String,
    pub mentions: Vec<UserId>,
    pub match_id: Option<MatchId>,
    /// When the timer was due, and when it fired (later after a restart).
    pub due: u64,
    pub fired: u64,
}

/// What an adapter implements to deliver notifications. An error leaves the notification in
/// the outbox for the next attempt.
pub trait Notifier {
    fn deliver(&self, notification: &Notification) -> Result<(), String>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_wrap_midnight_in_local_time() {
        // 22:00–07:00 at UTC+3.
        let quiet = Quiet {
            offset_minutes: 180,
            start: 22 * 60,
            end: 7 * 60,
        };
        let day = 10 * DAY;
        // 20:00 UTC is 23:00 local: quiet until 07:00 local = 04:00 UTC next day.
        assert_eq!(quiet.end_if_inside(day + 20 * HOUR), Some(day + DAY + 4 * HOUR));
        // 02:30 UTC is 05:30 local: quiet until 04:00 UTC.
        assert_eq!(quiet.end_if_inside(day + 2 * HOUR + 1800), Some(day + 4 * HOUR));
        // 12:00 UTC is 15:00 local: not quiet.
        assert_eq!(quiet.end_if_inside(day + 12 * HOUR), None);
        let empty = Quiet {
            offset_minutes: 0,
            start: 60,
            end: 60,
        };
        assert_eq!(empty.end_if_inside(day + 60), None);
    }

    #[test]
    fn digests_go_out_at_the_next_local_hour() {
        let settings = NotifySettings {
            digest_hours: vec![18, 8],
            offset_minutes: -300,
            ..NotifySettings::default()
        };
        let day = 10 * DAY;
        // 12:00 UTC = 07:00 local: next is 08:00 local = 13:00 UTC.
        assert_eq!(settings.next_digest(day + 12 * HOUR), day + 13 * HOUR);
        // Exactly at 13:00 UTC: the next one, 18:00 local = 23:00 UTC.
        assert_eq!(settings.next_digest(day + 13 * HOUR), day + 23 * HOUR);
        assert_eq!(settings.next_digest(day + 23 * HOUR), day + DAY + 13 * HOUR);
    }

    #[test]
    fn the_plan_defers_notices_and_turns_percentages_into_time_left() {
        let mut settings = NotifySettings::default();
        let plan = settings.plan(0, Some(4 * DAY));
        assert_eq!(plan.notice_at, None, "the reply's mention is enough");
        assert_eq!(plan.reminders, vec![DAY, DAY]);
        settings.quiet = Some((0, 8 * 60));
        assert_eq!(settings.plan(HOUR, None).notice_at, Some(8 * HOUR));
        assert!(!settings.mention_now(HOUR));
        assert!(settings.mention_now(9 * HOUR));
        settings.mode = Mode::Digest;
        assert_eq!(settings.plan(9 * HOUR, None).notice_at, Some(9 * HOUR));
        assert!(!settings.mention_now(9 * HOUR));
    }
}
