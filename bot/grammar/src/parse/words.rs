//! The vocabulary: the English and French words (with and without accents) the grammar
//! accepts for commands, games, styles, languages, sides and yes/no, each normalised to one
//! value.

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use super::ParseError;
use crate::grammar::verb_of;
use crate::grammar::vocabulary::{GAMES, LANGUAGES, PARITIES, SIDES, STYLES, SWITCHES};
use crate::{Look, Parity};

/// Words are compared in lower case (`Fano`, `FANO` and `fano` are one game).
pub(super) fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// The command a word names, in English or French (`play`, `jouer`, `défi` → `play`): the verbs
/// of the grammar's table, and the rite's call said directly ("Tek!", "Çift!").
pub fn command_name(word: &str) -> Option<&'static str> {
    if let Some(verb) = verb_of(word) {
        return Some(verb.en);
    }
    let called = lower(word);
    matches!(called.trim_end_matches(['!', '?']), "tek" | "çift" | "cift").then_some("call-direct")
}

/// A move as typed, with the words a move may be said in put in notation: Mangala IV's `pass`
/// is also `passe` or `passer` in French (a French pupil told to pass writes it so).
pub(super) fn move_text(word: &str) -> String {
    match lower(word).as_str() {
        "pass" | "passe" | "passer" => "pass".to_owned(),
        _ => word.to_owned(),
    }
}

/// A game from its id or a common spelling.
pub fn game_from_word(word: &str) -> Option<GameKind> {
    GAMES.find(word).and_then(GameKind::from_id)
}

/// A text style (a class's boards): `picture` is the text grid it goes with.
pub fn style_from_word(word: &str) -> Option<Style> {
    look_from_word(word).map(|look| look.style)
}

/// A way of showing boards, pictures included (`settings style=`, `board style=`).
pub fn look_from_word(word: &str) -> Option<Look> {
    STYLES.find(word).and_then(Look::from_id)
}

pub fn locale_from_word(word: &str) -> Option<Locale> {
    match LANGUAGES.find(word) {
        Some(id) => Locale::from_tag(id),
        None => Locale::from_tag(word).filter(|_| word.len() <= 5),
    }
}

pub(super) fn parity_from_word(word: &str) -> Option<Parity> {
    match PARITIES.find(lower(word).trim_end_matches(['!', '?']))? {
        "odd" => Some(Parity::Odd),
        _ => Some(Parity::Even),
    }
}

/// Side names in English and French, normalised to the core's names (`white`, `south`, …);
/// any other word is kept (in lower case) for the service to refuse with the game's sides.
pub(super) fn side_word(word: &str) -> String {
    SIDES.find(word).map_or_else(|| lower(word), str::to_owned)
}

pub(super) fn is_side_word(word: &str) -> bool {
    matches!(side_word(word).as_str(), "white" | "black" | "south" | "north")
}

pub(super) use crate::grammar::vocabulary::on_off;

/// A class setting's `on` or `off` (`oui`, `non`, …) as given.
pub(super) fn class_switch(value: &str) -> Result<bool, ParseError> {
    let value = lower(value);
    match SWITCHES.find(&value) {
        Some(switch) => Ok(switch == "on"),
        None => Err(ParseError::BadValue {
            what: SWITCHES.what,
            value,
        }),
    }
}
