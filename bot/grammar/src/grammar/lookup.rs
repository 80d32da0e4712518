//! Finding a verb by its names, and writing it as it is typed where it is read.

use lalao_model::ids::Platform;
use lalao_renderer::Locale;

use super::shape::{Verb, PREFIX};
use super::slash::SLASH_LALAO;
use super::verbs::VERBS;

/// The verb with this English name.
pub fn verb_named(en: &str) -> Option<&'static Verb> {
    VERBS.iter().find(|verb| verb.en == en)
}

/// The verb at this path of English names (`["play"]`, `["class", "add"]`).
pub fn verb_at(path: &[&str]) -> Option<&'static Verb> {
    match path {
        [verb] => verb_named(verb),
        [parent, sub] => verb_named(parent)?.subverb_named(sub),
        _ => None,
    }
}

/// The verb closest to a mistyped word (`acept` → `accept`), in the reader's language: at most
/// two edits away (one for a word of four letters or fewer: `foo` is not a typo of `top`), and
/// closer than to any other verb.
pub fn nearest_verb(word: &str) -> Option<&'static Verb> {
    let word = word.to_lowercase();
    let mut best: Option<(usize, &'static Verb)> = None;
    for verb in VERBS {
        let distance = std::iter::once(verb.en)
            .chain(std::iter::once(verb.fr))
            .chain(verb.also.iter().copied())
            .map(|name| strsim::levenshtein(&word, name))
            .min()
            .unwrap_or(usize::MAX);
        let allowed = if word.chars().count() <= 4 { 1 } else { 2 };
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, verb));
        }
    }
    best.map(|(_, verb)| verb)
}

/// The verb a word names, in English or French, in any case (`play`, `Jouer`, `défi`).
pub fn verb_of(word: &str) -> Option<&'static Verb> {
    let word = word.to_lowercase();
    VERBS
        .iter()
        .find(|verb| verb.en == word || verb.fr == word || verb.also.contains(&word.as_str()))
}

/// Where a usage line is read, which decides the form that works when typed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// A line of its own (the console): bare words.
    Bare,
    /// A chat line that must address the bot: `!lalao …`.
    Prefixed,
    /// Discord's slash command: `/lalao verb name:value`.
    Slash,
}

impl Surface {
    /// How commands are typed on `platform`.
    pub fn of(platform: Platform) -> Surface {
        match platform {
            Platform::Console => Surface::Bare,
            Platform::Matrix => Surface::Prefixed,
            Platform::Discord => Surface::Slash,
        }
    }
}

/// `word` with its French accents taken off (`problème` → `probleme`).
pub(crate) fn without_accents(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// `verb` with `words` as typed on `surface`, as inline code (`` `!lalao help play` ``).
pub fn typed(locale: Locale, surface: Surface, verb: &str, words: &str) -> String {
    let mut line = match verb_named(verb) {
        Some(known) => known.typed_name(locale, surface),
        None => match surface {
            Surface::Bare => verb.to_owned(),
            Surface::Prefixed => format!("{PREFIX} {verb}"),
            Surface::Slash => format!("/{} {verb}", SLASH_LALAO.name(locale)),
        },
    };
    if !words.is_empty() {
        line.push(' ');
        line.push_str(words);
    }
    format!("`{line}`")
}

/// The verb that is the Discord command `name` by itself, its options its arguments: a verb
/// of the table (`/learn`) or a class verb of its own (`/simul`).
pub fn command_verb(name: &str) -> Option<&'static Verb> {
    VERBS
        .iter()
        .chain(VERBS.iter().flat_map(|verb| verb.subverbs))
        .find(|verb| verb.en == name && verb.is_slash_command() && verb.subverbs.is_empty())
}

/// The verb at `path` (`["class", "link"]`) as typed on `surface` in `locale`, without
/// arguments, as inline code (`` `/classe lien` ``).
pub fn typed_at(locale: Locale, surface: Surface, path: &[&str]) -> Option<String> {
    verb_at(path).map(|verb| format!("`{}`", verb.typed_name(locale, surface)))
}
