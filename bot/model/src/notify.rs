//! Who is told what, when: per-user notification settings (every move or a digest, direct
//! messages, quiet hours in the user's time zone, reminder cadence) and the outbound
//! [`Notification`] that adapters deliver.

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

pub use super::quiet::{find_zone, LocalTime, Quiet};
use super::timing::Plan;
use super::units::{DAY, HOUR};
use crate::ids::{ChannelId, MatchId, UserId};

/// Every move, or a digest of all pending moves once or twice a day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Every,
    Digest,
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
    /// The user's offset from UTC, in minutes (used when no zone is set).
    pub offset_minutes: i32,
    /// The user's IANA time zone, when they gave one (`tz=Europe/Paris`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<Tz>,
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
            zone: None,
            quiet: None,
            // The defaults: at 75 % of the budget and with 24 h left.
            reminders: vec![Reminder::Percent(75), Reminder::Left(DAY)],
        }
    }
}

impl NotifySettings {
    pub fn clock(&self) -> LocalTime {
        LocalTime {
            offset_minutes: self.offset_minutes,
            zone: self.zone,
        }
    }

    /// The zone as users write it: `Europe/Paris`, or `UTC+02:00`.
    pub fn zone_label(&self) -> String {
        match self.zone {
            Some(zone) => zone.name().to_owned(),
            None => {
                let offset = self.offset_minutes;
                format!(
                    "UTC{}{:02}:{:02}",
                    if offset < 0 { '-' } else { '+' },
                    offset.unsigned_abs() / 60,
                    offset.unsigned_abs() % 60
                )
            }
        }
    }

    pub fn quiet(&self) -> Option<Quiet> {
        self.quiet.map(|(start, end)| Quiet {
            offset_minutes: self.offset_minutes,
            zone: self.zone,
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
        let clock = self.clock();
        let local = clock.local(now as i64);
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
            .map(|local_at| clock.utc(local_at).max(0) as u64)
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
    /// The process delivering it, until when: with several processes on one
    /// database, each notification goes out from one of them, and a crashed one's is taken
    /// over once its lease ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease: Option<Lease>,
}

/// A claim on an outbox entry: `owner` (a process's random instance id) delivers it, until
/// `until` (seconds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lease {
    pub owner: String,
    pub until: u64,
}

impl Recipient {
    /// The platform that must deliver it.
    pub fn platform(&self) -> crate::ids::Platform {
        match self {
            Recipient::Channel { channel } => channel.platform(),
            Recipient::Direct { user } => user.platform(),
        }
    }

    /// The destination whose notifications must keep their order (a channel, or one user's
    /// direct messages): one destination's failure never holds up another's.
    pub fn destination(&self) -> String {
        match self {
            Recipient::Channel { channel } => channel.as_str().to_owned(),
            Recipient::Direct { user } => format!("direct {}", user.as_str()),
        }
    }
}

/// A notification no platform would take, kept under `dead/` for the operator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadLetter {
    pub v: u32,
    pub notification: Notification,
    /// What the platform answered.
    pub reason: String,
    /// When it was given up (Unix seconds).
    pub at: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_wrap_midnight_in_local_time() {
        // 22:00–07:00 at UTC+3.
        let quiet = Quiet {
            offset_minutes: 180,
            zone: None,
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
            zone: None,
            start: 60,
            end: 60,
        };
        assert_eq!(empty.end_if_inside(day + 60), None);
    }

    /// 2026-03-29 00:00 UTC: Europe/Paris moves from UTC+1 to UTC+2 at 01:00 UTC that day.
    const SPRING_2026: u64 = 1_774_742_400;
    /// 2026-10-25 00:00 UTC: Europe/Paris moves back from UTC+2 to UTC+1 at 01:00 UTC.
    const AUTUMN_2026: u64 = 1_792_886_400;

    #[test]
    fn named_zones_follow_daylight_saving() {
        let paris = find_zone("europe/PARIS").expect("a known zone");
        assert_eq!(paris.name(), "Europe/Paris");
        assert_eq!(find_zone("Mars/Olympus"), None);
        let settings = NotifySettings {
            zone: Some(paris),
            // Ignored while a zone is set.
            offset_minutes: 600,
            quiet: Some((22 * 60, 7 * 60)),
            digest_hours: vec![9],
            ..NotifySettings::default()
        };
        // Winter: 22:30 UTC on 28 March is 23:30 in Paris, quiet until 07:00 Paris after the
        // change = 05:00 UTC on the 29th.
        let quiet = settings.quiet().unwrap();
        assert_eq!(
            quiet.end_if_inside(SPRING_2026 - HOUR - 1800),
            Some(SPRING_2026 + 5 * HOUR)
        );
        // The digest at 09:00 Paris: 07:00 UTC once summer time began.
        assert_eq!(settings.next_digest(SPRING_2026), SPRING_2026 + 7 * HOUR);
        // And at 08:00 UTC again once it ended.
        assert_eq!(settings.next_digest(AUTUMN_2026), AUTUMN_2026 + 8 * HOUR);
        // 21:30 UTC in summer is 23:30 in Paris: quiet.
        assert_eq!(
            quiet.end_if_inside(SPRING_2026 + 21 * HOUR + 1800),
            Some(SPRING_2026 + DAY + 5 * HOUR)
        );
        // 21:30 UTC in winter is 22:30 in Paris: quiet, until 06:00 UTC.
        assert_eq!(
            quiet.end_if_inside(AUTUMN_2026 + 21 * HOUR + 1800),
            Some(AUTUMN_2026 + DAY + 6 * HOUR)
        );
        // 20:30 UTC in summer is 22:30 in Paris; in winter 21:30, not quiet.
        assert!(quiet.end_if_inside(SPRING_2026 + 20 * HOUR + 1800).is_some());
        assert_eq!(quiet.end_if_inside(AUTUMN_2026 + 20 * HOUR + 1800), None);
        assert_eq!(settings.zone_label(), "Europe/Paris");
    }

    #[test]
    fn local_times_in_a_gap_or_an_overlap_resolve_to_a_real_moment() {
        let paris = LocalTime {
            offset_minutes: 0,
            zone: find_zone("Europe/Paris"),
        };
        // 02:30 on 29 March 2026 does not exist in Paris: it becomes 03:00 CEST = 01:00 UTC.
        assert_eq!(
            paris.utc((SPRING_2026 + 2 * HOUR + 1800) as i64),
            (SPRING_2026 + HOUR) as i64
        );
        // 02:30 on 25 October 2026 happens twice: the first, 00:30 UTC.
        assert_eq!(
            paris.utc((AUTUMN_2026 + 2 * HOUR + 1800) as i64),
            (AUTUMN_2026 + 1800) as i64
        );
        // A fixed offset is plain arithmetic.
        let fixed = LocalTime {
            offset_minutes: -270,
            zone: None,
        };
        assert_eq!(fixed.utc(1_000_000), 1_000_000 + 270 * 60);
        assert_eq!(fixed.local(1_000_000), 1_000_000 - 270 * 60);
    }

    #[test]
    fn settings_written_before_zones_existed_still_load() {
        let old = r#"{"mode":"every","dm":true,"digest_hours":[9],"offset_minutes":120,"quiet":[1320,420],"reminders":[]}"#;
        let settings: NotifySettings = serde_json::from_str(old).unwrap();
        assert_eq!(settings.zone, None);
        assert_eq!(settings.zone_label(), "UTC+02:00");
        let with_zone = NotifySettings {
            zone: find_zone("Africa/Nairobi"),
            ..settings
        };
        let json = serde_json::to_string(&with_zone).unwrap();
        assert!(json.contains(r#""zone":"Africa/Nairobi""#), "{json}");
        assert_eq!(serde_json::from_str::<NotifySettings>(&json).unwrap(), with_zone);
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
