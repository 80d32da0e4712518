//! The bot's messages: Fluent files in `bot/app/locales/<lang>/` — one per folder of the
//! application that owns its words (`kernel.ftl` the words every feature shares, `play.ftl`,
//! `time.ftl`, `social.ftl`, `pages.ftl`, `teach.ftl` with a `learn-<game>.ftl` per course,
//! `class.ftl`, `schedule.ftl`), and `discord.ftl`, `matrix.ftl`, `web.ftl` for the adapters' own
//! sentences — embedded at compile time by
//! this one loader (the renderer keeps its board labels in its own files). User-facing text lives
//! only there.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use lalao_renderer::Locale;
use unic_langid::langid;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Bidi isolation marks would show up as stray characters on consoles and in code blocks.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static EN: LanguageIdentifier = langid!("en");
static FR: LanguageIdentifier = langid!("fr");

fn langid(locale: Locale) -> &'static LanguageIdentifier {
    match locale {
        Locale::En => &EN,
        Locale::Fr => &FR,
    }
}

/// Message `id` with named arguments. A missing id is a bug the completeness tests catch; at run
/// time it shows the id rather than failing. An argument that is a plain count (digits only) is
/// passed as a number, so that messages can choose their plural form (`[one]`).
pub fn t(locale: Locale, id: &str, args: &[(&str, String)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(key, value)| {
            let count = (!value.is_empty() && value.len() <= 9 && value.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.parse::<u32>().ok())
                .flatten();
            let value = match count {
                Some(count) => FluentValue::from(count),
                None => FluentValue::from(value.clone()),
            };
            (Cow::Owned((*key).to_owned()), value)
        })
        .collect();
    LOCALES
        .try_lookup_with_args(langid(locale), id, &args)
        .unwrap_or_else(|| id.to_owned())
}

/// Like [`t`], but `None` when the message does not exist (optional per-variant texts).
pub fn try_t(locale: Locale, id: &str) -> Option<String> {
    LOCALES.try_lookup(langid(locale), id)
}

/// Whether a message exists in a locale (no fallback).
pub fn has(locale: Locale, id: &str) -> bool {
    message_ids(locale).iter().any(|known| known == id)
}

/// The Fluent sources of a locale, one per file (the courses' words one file per game).
fn sources(locale: Locale) -> [&'static str; 17] {
    macro_rules! files {
        ($lang:literal) => {
            [
                include_str!(concat!("../locales/", $lang, "/kernel.ftl")),
                include_str!(concat!("../locales/", $lang, "/play.ftl")),
                include_str!(concat!("../locales/", $lang, "/time.ftl")),
                include_str!(concat!("../locales/", $lang, "/social.ftl")),
                include_str!(concat!("../locales/", $lang, "/pages.ftl")),
                include_str!(concat!("../locales/", $lang, "/teach.ftl")),
                include_str!(concat!("../locales/", $lang, "/class.ftl")),
                include_str!(concat!("../locales/", $lang, "/ops.ftl")),
                include_str!(concat!("../locales/", $lang, "/schedule.ftl")),
                include_str!(concat!("../locales/", $lang, "/web.ftl")),
                include_str!(concat!("../locales/", $lang, "/discord.ftl")),
                include_str!(concat!("../locales/", $lang, "/matrix.ftl")),
                include_str!(concat!("../locales/", $lang, "/learn-samantsy.ftl")),
                include_str!(concat!("../locales/", $lang, "/learn-fano.ftl")),
                include_str!(concat!("../locales/", $lang, "/learn-mangala.ftl")),
                include_str!(concat!("../locales/", $lang, "/learn-engehe.ftl")),
                include_str!(concat!("../locales/", $lang, "/learn-katro.ftl")),
            ]
        };
    }
    match locale {
        Locale::En => files!("en"),
        Locale::Fr => files!("fr"),
    }
}

/// Every message id of a locale's files.
pub fn message_ids(locale: Locale) -> Vec<String> {
    sources(locale)
        .into_iter()
        .flat_map(lalao_renderer::ftl_message_ids)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_exists_in_every_locale() {
        let english = message_ids(Locale::En);
        let french = message_ids(Locale::Fr);
        assert!(english.len() > 50);
        let missing_fr: Vec<_> = english.iter().filter(|id| !french.contains(id)).collect();
        let missing_en: Vec<_> = french.iter().filter(|id| !english.contains(id)).collect();
        assert!(missing_fr.is_empty(), "missing in fr: {missing_fr:?}");
        assert!(missing_en.is_empty(), "missing in en: {missing_en:?}");
    }

    #[test]
    fn adapter_arguments_are_substituted_without_isolation_marks() {
        assert_eq!(
            t(Locale::Fr, "matrix-your-move", &[("player", "Ana".into())]),
            "Ana, à toi de jouer."
        );
    }

    #[test]
    fn no_message_is_defined_twice() {
        for locale in Locale::ALL {
            let mut ids = message_ids(locale);
            let count = ids.len();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "duplicate ids in {locale:?}");
        }
    }

    #[test]
    fn every_message_formats_in_every_locale() {
        // A message that fails to parse, or names a variable nobody passes, does not resolve:
        // give every variable used anywhere and require each message to format.
        for locale in Locale::ALL {
            let source = sources(locale).concat();
            let names: Vec<&str> = source
                .split("{ $")
                .skip(1)
                .filter_map(|rest| rest.split([' ', '}']).next())
                .collect();
            let args: Vec<(&str, String)> = names.iter().map(|name| (*name, "x".to_owned())).collect();
            for id in message_ids(locale) {
                assert_ne!(t(locale, &id, &args), id, "{id} does not resolve in {locale:?}");
            }
        }
    }
}
