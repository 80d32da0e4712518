//! Localization: Fluent files in `locales/<lang>/renderer.ftl`, embedded at compile time.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use serde::{Deserialize, Serialize};
use unic_langid::langid;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Fluent's bidi isolation marks would show up as stray characters in code blocks.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The languages lalao speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    En,
    Fr,
}

static EN: LanguageIdentifier = langid!("en");
static FR: LanguageIdentifier = langid!("fr");

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Fr];

    pub fn id(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Fr => "fr",
        }
    }

    /// Reads a locale tag such as `fr`, `fr-FR`, `en-US` (Discord's `locale`); `None` if unknown.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Locale::ALL.into_iter().find(|locale| locale.id() == primary)
    }

    fn langid(self) -> &'static LanguageIdentifier {
        match self {
            Locale::En => &EN,
            Locale::Fr => &FR,
        }
    }
}

/// A Fluent argument: text, or a number so that plural variants (`[one]`) can match. Counts
/// must be passed as numbers: Fluent never selects `[one]` for the string "1".
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(u64),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

macro_rules! number_arg {
    ($($ty:ty)+) => {
        $(impl From<$ty> for Arg {
            fn from(n: $ty) -> Arg {
                Arg::Number(n as u64)
            }
        })+
    };
}
number_arg!(u8 u16 u32 u64 usize);

/// Looks up message `id` with named arguments. A missing id is a bug caught by the tests that
/// every id exists in every locale; at run time it shows the id rather than failing.
pub fn tr(locale: Locale, id: &str, args: &[(&str, Arg)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(key, value)| {
            let value = match value {
                Arg::Text(text) => FluentValue::from(text.clone()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            (Cow::Owned((*key).to_owned()), value)
        })
        .collect();
    LOCALES
        .try_lookup_with_args(locale.langid(), id, &args)
        .unwrap_or_else(|| id.to_owned())
}

/// Every message id of a locale's file (for the completeness test).
#[cfg(test)]
pub(crate) fn message_ids(locale: Locale) -> Vec<String> {
    ftl_message_ids(match locale {
        Locale::En => include_str!("../locales/en/renderer.ftl"),
        Locale::Fr => include_str!("../locales/fr/renderer.ftl"),
    })
}

/// The message ids a Fluent file defines (lines `id = …` starting with a lowercase letter;
/// terms, comments and continuation lines are skipped). The bot's locale tests use it too.
pub fn ftl_message_ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|line| line.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .filter_map(|line| line.split_once(" =").map(|(id, _)| id.trim().to_owned()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_exists_in_every_locale() {
        let english = message_ids(Locale::En);
        let french = message_ids(Locale::Fr);
        assert!(!english.is_empty());
        let missing_fr: Vec<_> = english.iter().filter(|id| !french.contains(id)).collect();
        let missing_en: Vec<_> = french.iter().filter(|id| !english.contains(id)).collect();
        assert!(missing_fr.is_empty(), "missing in fr: {missing_fr:?}");
        assert!(missing_en.is_empty(), "missing in en: {missing_en:?}");
    }

    /// Counts are Fluent numbers, so `[one]` matches: "1 lap", "1 tour", but "0 laps" in
    /// English and "0 tour" in French (CLDR: French 0 and 1 are both `one`).
    #[test]
    fn counts_select_plural_variants() {
        assert_eq!(tr(Locale::En, "mancala-laps", &[("laps", 1u32.into())]), "1 lap");
        assert_eq!(tr(Locale::En, "mancala-laps", &[("laps", 0u32.into())]), "0 laps");
        assert_eq!(tr(Locale::En, "mancala-laps", &[("laps", 3u32.into())]), "3 laps");
        assert_eq!(tr(Locale::Fr, "mancala-laps", &[("laps", 1u32.into())]), "1 tour");
        assert_eq!(tr(Locale::Fr, "mancala-laps", &[("laps", 0u32.into())]), "0 tour");
        assert_eq!(
            tr(Locale::Fr, "mancala-laps", &[("laps", 2u32.into())]),
            "2 tours"
        );
        // Large numbers are written without grouping separators, as the grids show them.
        assert_eq!(
            tr(Locale::En, "mancala-laps", &[("laps", 12_345u32.into())]),
            "12345 laps"
        );
    }

    /// Messages and their arguments that count something a noun names.
    const COUNTED: [(&str, &str); 18] = [
        ("reader-your-rows", "rows"),
        ("reader-their-rows", "rows"),
        ("reader-row-summary", "holes"),
        ("reader-row-summary", "seeds"),
        ("reader-row-summary", "empty"),
        ("fano-title", "cells"),
        ("fano-captured-cells", "count"),
        ("engehe-title", "holes"),
        ("mancala-laps", "laps"),
        ("mancala-captured-from", "seeds"),
        ("mancala-swept", "seeds"),
        ("mancala-row-totals", "holes"),
        ("mancala-row-totals", "seeds"),
        ("trace-lap", "seeds"),
        ("trace-captured", "seeds"),
        ("trace-swept", "seeds"),
        ("trace-swept", "holes"),
        ("replay-more", "count"),
    ];

    /// Every message that takes a count has plural variants in both languages.
    #[test]
    fn every_count_has_plural_variants() {
        for locale in Locale::ALL {
            let source = match locale {
                Locale::En => include_str!("../locales/en/renderer.ftl"),
                Locale::Fr => include_str!("../locales/fr/renderer.ftl"),
            };
            for (id, arg) in COUNTED {
                // A message runs from its `id =` line to the next message, comment or blank line.
                let starts_message = |line: &str| {
                    line.split_once(" =").is_some_and(|(id, _)| {
                        !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    })
                };
                let body: String = source
                    .split("\n")
                    .skip_while(|line| !line.starts_with(&format!("{id} =")))
                    .enumerate()
                    .take_while(|(i, line)| {
                        *i == 0 || !(starts_message(line) || line.is_empty() || line.starts_with('#'))
                    })
                    .map(|(_, line)| line)
                    .collect::<Vec<_>>()
                    .join("\n");
                assert!(
                    body.contains(&format!("{{ ${arg} ->")),
                    "{locale:?} {id}: ${arg} has no plural variants: {body:?}"
                );
            }
        }
    }

    #[test]
    fn locale_tags() {
        assert_eq!(Locale::from_tag("fr-FR"), Some(Locale::Fr));
        assert_eq!(Locale::from_tag("en_US"), Some(Locale::En));
        assert_eq!(Locale::from_tag("mg"), None);
    }
}
