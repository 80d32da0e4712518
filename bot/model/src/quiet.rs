//! Where a user's clock is, and their quiet hours: local wall-clock time from an IANA zone or a
//! fixed offset (daylight saving gaps and overlaps, docs/time-controls.md).

use chrono::TimeZone;
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::units::DAY;

/// Looks up an IANA time zone name (`Europe/Paris`, `america/new_york`), ignoring case.
pub fn find_zone(name: &str) -> Option<Tz> {
    chrono_tz::TZ_VARIANTS
        .iter()
        .copied()
        .find(|zone| zone.name().eq_ignore_ascii_case(name))
}

/// Where the user's clock is: an IANA zone when they gave one (daylight saving follows by
/// itself), else a fixed offset from UTC in minutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalTime {
    pub offset_minutes: i32,
    pub zone: Option<Tz>,
}

impl LocalTime {
    /// Seconds to add to the UTC time `at` to get the local wall-clock time.
    pub fn offset_at(self, at: i64) -> i64 {
        use chrono::Offset;
        match self.zone.and_then(|zone| zone.timestamp_opt(at, 0).single()) {
            Some(local) => i64::from(local.offset().fix().local_minus_utc()),
            None => i64::from(self.offset_minutes) * 60,
        }
    }

    /// The local wall-clock time of `at`, as seconds since the local epoch.
    pub fn local(self, at: i64) -> i64 {
        at + self.offset_at(at)
    }

    /// The UTC time of a local wall-clock time. A time that happens twice (clocks going back)
    /// is its first occurrence; a time skipped by clocks going forward is moved past the gap.
    pub fn utc(self, local: i64) -> i64 {
        let Some(zone) = self.zone else {
            return local - i64::from(self.offset_minutes) * 60;
        };
        let Some(naive) = chrono::DateTime::from_timestamp(local, 0).map(|wall| wall.naive_utc()) else {
            return local;
        };
        // Gaps are at most a few hours; step forward a quarter-hour at a time out of one.
        for step in 0..=16 {
            let shifted = naive + chrono::Duration::minutes(15 * step);
            if let Some(first) = zone.from_local_datetime(&shifted).earliest() {
                return first.timestamp();
            }
        }
        local - self.offset_at(local)
    }
}

/// Quiet hours in the user's local time (docs/time-controls.md). Minutes after local midnight;
/// `start > end` wraps past midnight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quiet {
    pub offset_minutes: i32,
    /// The user's IANA zone, when they gave one; it wins over `offset_minutes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<Tz>,
    pub start: u16,
    pub end: u16,
}

impl Quiet {
    fn clock(self) -> LocalTime {
        LocalTime {
            offset_minutes: self.offset_minutes,
            zone: self.zone,
        }
    }

    /// If `at` falls inside the quiet hours, when they end.
    pub fn end_if_inside(self, at: u64) -> Option<u64> {
        if self.start == self.end {
            return None;
        }
        let clock = self.clock();
        let local = clock.local(at as i64);
        let minute = (local.rem_euclid(DAY as i64) / 60) as u16;
        let inside = if self.start < self.end {
            (self.start..self.end).contains(&minute)
        } else {
            minute >= self.start || minute < self.end
        };
        if !inside {
            return None;
        }
        let to_end = (i64::from(self.end) - i64::from(minute)).rem_euclid(24 * 60);
        // Back to the start of the current minute, then forward to the end, in local time.
        let end = clock.utc(local - local.rem_euclid(60) + to_end * 60);
        Some((end.max(at as i64)) as u64)
    }
}
