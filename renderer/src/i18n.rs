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

/// Looks up message `id` with named arguments. A missing id is a bug caught by the tests that
/// every id exists in every locale; at run time it shows the id rather than failing.
pub fn tr(locale: Locale, id: &str, args: &[(&str, String)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(key, value)| (Cow::Owned((*key).to_owned()), FluentValue::from(value.clone())))
        .collect();
    LOCALES
        .try_lookup_with_args(locale.langid(), id, &args)
        .unwrap_or_else(|| id.to_owned())
}

/// Every message id of a locale's file (for the completeness test).
#[cfg(test)]
pub(crate) fn message_ids(locale: Locale) -> Vec<String> {
    let source = match locale {
        Locale::En => include_str!("../locales/en/renderer.ftl"),
        Locale::Fr => include_str!("../locales/fr/renderer.ftl"),
    };
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

    #[test]
    fn locale_tags() {
        assert_eq!(Locale::from_tag("fr-FR"), Some(Locale::Fr));
        assert_eq!(Locale::from_tag("en_US"), Some(Locale::En));
        assert_eq!(Locale::from_tag("mg"), None);
    }
}
