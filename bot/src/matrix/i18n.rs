//! The adapter's own sentences (`locales/<lang>/matrix.ftl`), embedded at compile time.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use lalao_renderer::Locale;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Bidi isolation marks would end up inside pills and user ids.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

fn langid(locale: Locale) -> LanguageIdentifier {
    locale
        .id()
        .parse()
        .expect("lalao locale ids are valid language tags")
}

/// Looks up `id` with named arguments; shows the id itself if it is missing (a bug the
/// completeness test catches).
pub fn tr(locale: Locale, id: &str, args: &[(&str, String)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(key, value)| (Cow::Owned((*key).to_owned()), FluentValue::from(value.clone())))
        .collect();
    LOCALES
        .try_lookup_with_args(&langid(locale), id, &args)
        .unwrap_or_else(|| id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_matrix_message_exists_in_english_and_french() {
        let en = lalao_renderer::ftl_message_ids(include_str!("../../locales/en/matrix.ftl"));
        let fr = lalao_renderer::ftl_message_ids(include_str!("../../locales/fr/matrix.ftl"));
        assert!(!en.is_empty());
        assert_eq!(en, fr);
        for id in &en {
            for locale in Locale::ALL {
                let text = tr(locale, id, &[("player", "Ana".into()), ("match", "k7".into())]);
                assert_ne!(&text, id, "{id} missing in {locale:?}");
            }
        }
    }

    #[test]
    fn arguments_are_substituted_without_isolation_marks() {
        assert_eq!(
            tr(Locale::Fr, "matrix-your-move", &[("player", "Ana".into())]),
            "Ana, à toi de jouer."
        );
    }
}
