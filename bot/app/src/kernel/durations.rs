//! Durations in the reader's language, for clocks, limits and notices.

use lalao_renderer::Locale;

use crate::i18n::t;
use lalao_model::timing::duration_parts;

/// The arguments of a Fluent message, as the replies of this family build them.
pub(crate) type Args = Vec<(&'static str, String)>;

/// `3 d 4 h`, `5 h`, `20 min` (`30 s`) in the reader's language.
pub(crate) fn duration_text(locale: Locale, seconds: u64) -> String {
    let (days, hours, minutes) = duration_parts(seconds);
    let n = |value: u64| value.to_string();
    match (days, hours) {
        // Only a limit set in seconds to try the scheduler out is shorter than a minute.
        (0, 0) if seconds < 60 => t(locale, "duration-seconds", &[("seconds", n(seconds))]),
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
