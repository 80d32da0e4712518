//! `notify …`: notification settings, including the times of day (quiet hours, digests) and
//! the user's time zone, which are read here so the scheduler only ever sees minutes.

use super::args::Args;
use super::words::{lower, on_off};
use super::ParseError;
use crate::{Command, NotifyChange};
use lalao_model::notify::{Mode, Reminder};
use lalao_model::timing::parse_duration;

/// `notify [every|digest] [dm=on|off] [digest=9,18] [quiet=22-7|off] [tz=Europe/Paris|+3|-04:30]
/// [remind=75%,24h|off]`.
pub(super) fn parse_notify(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    notify_change(&args.words).map(Command::Notify)
}

/// The change the words of `notify` ask for (its `settings`).
pub(super) fn notify_change(words: &[&str]) -> Result<NotifyChange, ParseError> {
    let mut change = NotifyChange::default();
    for word in words {
        let bad = |value: &str| ParseError::BadValue {
            what: "notify",
            value: value.to_owned(),
        };
        let word = lower(word);
        match word.split_once('=') {
            None => match word.as_str() {
                "every" | "each" | "chaque" | "tous" => change.mode = Some(Mode::Every),
                "digest" | "résumé" | "resume" => change.mode = Some(Mode::Digest),
                _ => return Err(bad(&word)),
            },
            Some((key, value)) => match key {
                "dm" | "mp" => change.dm = Some(on_off(value).ok_or_else(|| bad(&word))?),
                "digest" | "résumé" | "resume" => {
                    let hours: Option<Vec<u8>> = value
                        .split(',')
                        .map(|hour| hour.trim_end_matches('h').parse::<u8>().ok().filter(|h| *h < 24))
                        .collect();
                    match hours {
                        Some(hours) if (1..=2).contains(&hours.len()) => change.digest_hours = Some(hours),
                        _ => return Err(bad(&word)),
                    }
                }
                "quiet" | "calme" => {
                    change.quiet = Some(if on_off(value) == Some(false) {
                        None
                    } else {
                        let (start, end) = value.split_once('-').ok_or_else(|| bad(&word))?;
                        Some((
                            local_minutes(start).ok_or_else(|| bad(&word))?,
                            local_minutes(end).ok_or_else(|| bad(&word))?,
                        ))
                    });
                }
                "tz" | "utc" | "fuseau" => match utc_offset(value) {
                    Some(offset) => {
                        change.offset_minutes = Some(offset);
                        change.zone = Some(None);
                    }
                    None => {
                        change.zone = Some(Some(
                            lalao_model::notify::find_zone(value).ok_or_else(|| bad(&word))?,
                        ))
                    }
                },
                "remind" | "reminders" | "rappel" | "rappels" => {
                    change.reminders = Some(if on_off(value) == Some(false) {
                        Vec::new()
                    } else {
                        value
                            .split(',')
                            .map(|part| match part.strip_suffix('%') {
                                Some(percent) => percent
                                    .parse::<u8>()
                                    .ok()
                                    .filter(|p| (1..100).contains(p))
                                    .map(Reminder::Percent),
                                None => parse_duration(part).map(Reminder::Left),
                            })
                            .collect::<Option<Vec<_>>>()
                            .filter(|list| list.len() <= 4)
                            .ok_or_else(|| bad(&word))?
                    });
                }
                _ => return Err(bad(&word)),
            },
        }
    }
    Ok(change)
}

/// `22`, `22h`, `22:30`, `7h30` → minutes after midnight.
fn local_minutes(text: &str) -> Option<u16> {
    let (hours, minutes) = match text.split_once([':', 'h']) {
        Some((hours, "")) => (hours, "0"),
        Some((hours, minutes)) => (hours, minutes),
        None => (text, "0"),
    };
    let hours: u16 = hours.parse().ok().filter(|h| *h < 24)?;
    let minutes: u16 = minutes.parse().ok().filter(|m| *m < 60)?;
    Some(hours * 60 + minutes)
}

/// `+3`, `-04:30`, `utc+2`, `0` → minutes east of UTC.
fn utc_offset(text: &str) -> Option<i32> {
    let text = text.trim_start_matches("utc").trim_start_matches("gmt");
    if text.is_empty() || text == "0" || text == "z" {
        return Some(0);
    }
    let (sign, rest) = match text.split_at(1) {
        ("+", rest) => (1, rest),
        ("-", rest) => (-1, rest),
        _ => (1, text),
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let hours: i32 = hours.parse().ok().filter(|h| *h <= 14)?;
    let minutes: i32 = minutes.parse().ok().filter(|m| *m < 60)?;
    Some(sign * (hours * 60 + minutes))
}
