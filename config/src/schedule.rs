//! The `[schedule]` section: limits of the durable scheduler (docs/time-controls.md). Each
//! value is a duration such as `7d`, `36h`, `90m` (or `off` where a limit may be lifted).

use serde::Deserialize;

use crate::{invalid, ConfigError};

const MINUTE: u64 = 60;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// The scheduler's limits, validated. Durations in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Unaccepted challenges expire after this long (`None`: never). A channel may override it.
    pub challenge_expiry: Option<u64>,
    /// Accepted matches in which nobody moved within this long are aborted (`None`: never).
    pub first_move_window: Option<u64>,
    /// How many days of vacation a player may take per month.
    pub vacation_days_per_month: u32,
    /// The longest single grant of extra time after a time-out.
    pub max_grant: u64,
    /// How many days a class keeps its finished matches, lessons and homework unless the class
    /// says otherwise (`keep_days`, `LALAO_KEEP_DAYS`; `None`, the default: until the class is
    /// deleted). docs/privacy.md.
    pub keep_days: Option<u32>,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule {
            challenge_expiry: Some(7 * DAY),
            first_move_window: Some(7 * DAY),
            vacation_days_per_month: 14,
            max_grant: 14 * DAY,
            keep_days: None,
        }
    }
}

/// The file's `[schedule]` table.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileSchedule {
    challenge_expiry: Option<String>,
    first_move_window: Option<String>,
    vacation_days_per_month: Option<u32>,
    max_grant: Option<String>,
    keep_days: Option<String>,
}

impl Schedule {
    pub(crate) fn build(
        file: Option<FileSchedule>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Schedule, ConfigError> {
        let file = file.unwrap_or_default();
        let defaults = Schedule::default();
        let limit = |name: &'static str, from_file: Option<String>, default: Option<u64>| match env(name)
            .or(from_file)
        {
            None => Ok(default),
            Some(text) if matches!(text.trim(), "off" | "never" | "none") => Ok(None),
            Some(text) => duration(&text)
                .map(Some)
                .ok_or_else(|| invalid(name, &text, "give a duration like 7d, 36h or 90m, or off")),
        };
        let challenge_expiry = limit(
            "LALAO_CHALLENGE_EXPIRY",
            file.challenge_expiry,
            defaults.challenge_expiry,
        )?;
        let first_move_window = limit(
            "LALAO_FIRST_MOVE_WINDOW",
            file.first_move_window,
            defaults.first_move_window,
        )?;
        let vacation_days_per_month = match env("LALAO_VACATION_DAYS_PER_MONTH") {
            Some(text) => text
                .trim()
                .parse()
                .ok()
                .filter(|days| *days <= 31)
                .ok_or_else(|| {
                    invalid(
                        "LALAO_VACATION_DAYS_PER_MONTH",
                        &text,
                        "give a number of days from 0 to 31",
                    )
                })?,
            None => match file.vacation_days_per_month {
                Some(days) if days > 31 => {
                    return Err(invalid(
                        "vacation_days_per_month",
                        &days.to_string(),
                        "give a number of days from 0 to 31",
                    ))
                }
                Some(days) => days,
                None => defaults.vacation_days_per_month,
            },
        };
        let max_grant = match env("LALAO_MAX_GRANT").or(file.max_grant) {
            None => defaults.max_grant,
            Some(text) => duration(&text)
                .filter(|seconds| *seconds > 0)
                .ok_or_else(|| invalid("LALAO_MAX_GRANT", &text, "give a duration like 14d or 36h"))?,
        };
        let keep_days = match env("LALAO_KEEP_DAYS").or(file.keep_days) {
            None => defaults.keep_days,
            Some(text) if matches!(text.trim(), "off" | "never" | "none") => None,
            Some(text) => Some(
                text.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|days| (1..=3650).contains(days))
                    .ok_or_else(|| {
                        invalid(
                            "LALAO_KEEP_DAYS",
                            &text,
                            "give a number of days from 1 to 3650, or off",
                        )
                    })?,
            ),
        };
        Ok(Schedule {
            challenge_expiry,
            first_move_window,
            vacation_days_per_month,
            max_grant,
            keep_days,
        })
    }
}

/// `7d`, `36h`, `90m`, `1d12h` → seconds. At most a year: longer is surely a typo.
fn duration(text: &str) -> Option<u64> {
    let text = text.trim();
    let mut total: u64 = 0;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'd' | 'j' => DAY,
            'h' => HOUR,
            'm' => MINUTE,
            // Seconds, for trying the scheduler out (a challenge that expires while you watch).
            's' => 1,
            _ => return None,
        };
        let amount: u64 = digits.parse().ok()?;
        digits.clear();
        total = total.checked_add(amount.checked_mul(unit)?)?;
    }
    (digits.is_empty() && !text.is_empty() && total <= 366 * DAY).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration("7d"), Some(7 * DAY));
        assert_eq!(duration("1d12h"), Some(DAY + 12 * HOUR));
        assert_eq!(duration("90m"), Some(90 * MINUTE));
        assert_eq!(duration("3j"), Some(3 * DAY));
        assert_eq!(duration("2s"), Some(2));
        for bad in ["", "7", "d", "7w", "400d", "-1d"] {
            assert_eq!(duration(bad), None, "{bad}");
        }
    }

    #[test]
    fn classes_keep_for_ever_unless_the_operator_sets_a_number_of_days() {
        let none = |_: &str| None;
        assert_eq!(Schedule::build(None, &none).unwrap().keep_days, None);
        let days = |name: &str| (name == "LALAO_KEEP_DAYS").then(|| "365".to_owned());
        assert_eq!(Schedule::build(None, &days).unwrap().keep_days, Some(365));
        let off = |name: &str| (name == "LALAO_KEEP_DAYS").then(|| "off".to_owned());
        assert_eq!(Schedule::build(None, &off).unwrap().keep_days, None);
        for bad in ["0", "3651", "a year", "-3"] {
            let given = move |name: &str| (name == "LALAO_KEEP_DAYS").then(|| bad.to_owned());
            assert!(Schedule::build(None, &given).is_err(), "{bad}");
        }
    }
}
