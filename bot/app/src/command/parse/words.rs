//! The vocabulary: the English and French words (with and without accents) the grammar
//! accepts for commands, games, styles, languages, sides and yes/no, each normalised to one
//! value.

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use crate::command::Parity;

/// Words are compared in lower case (`Fano`, `FANO` and `fano` are one game).
pub(super) fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// The command a word names, in English or French (`play`, `jouer`, `défi` → `play`).
pub fn command_name(word: &str) -> Option<&'static str> {
    let name = match lower(word).as_str() {
        "play" | "challenge" | "new" | "jouer" | "défi" | "defi" | "partie" => "play",
        "accept" | "accepter" => "accept",
        "decline" | "refuse" | "refuser" => "decline",
        "cancel" | "annuler" => "cancel",
        "move" | "m" | "coup" => "move",
        "board" | "show" | "plateau" | "voir" => "board",
        "resign" | "abandon" | "abandonner" => "resign",
        "draw" | "nulle" => "draw",
        "undo" | "takeback" | "reprendre" => "undo",
        "list" | "matches" | "liste" | "parties" => "list",
        "history" | "moves" | "historique" => "history",
        "export" | "exporter" => "export",
        "rules" | "règles" | "regles" => "rules",
        "help" | "aide" | "?" => "help",
        "settings" | "setting" | "set" | "réglages" | "reglages" | "options" => "settings",
        "coins" | "coin" | "pièces" | "pieces" => "coins",
        "call" | "appel" => "call",
        "tek" | "çift" | "cift" | "tek!" | "çift!" | "cift!" => "call-direct",
        "side" | "camp" | "côté" | "cote" => "side",
        "class" | "classe" => "class",
        "claim" | "réclamer" | "reclamer" => "claim",
        "grant" | "accorder" => "grant",
        "waive" | "renoncer" => "waive",
        "vacation" | "pause" | "vacances" => "vacation",
        "notify" | "notifications" | "notif" => "notify",
        "channel" | "salon" => "channel",
        _ => return None,
    };
    Some(name)
}

/// A game from its id or a common spelling.
pub fn game_from_word(word: &str) -> Option<GameKind> {
    let word = lower(word);
    let kind = match word.as_str() {
        "samantsy" => GameKind::Samantsy,
        "fano" | "fanoronandalana" => GameKind::Fano,
        "mangala" | "mangala-iv" | "mangala4" => GameKind::Mangala,
        "engehe" | "en-gehe" | "engehé" | "en-gehé" | "gehe" => GameKind::Engehe,
        "katro" => GameKind::Katro,
        _ => return None,
    };
    Some(kind)
}

pub(super) fn style_from_word(word: &str) -> Option<Style> {
    match word {
        "text" | "texte" => Some(Style::Text),
        "emoji" | "émoji" => Some(Style::Emoji),
        "large" | "big" | "grand" => Some(Style::Large),
        "reader" | "screen-reader" | "lecteur" | "lecteur-d-écran" => Some(Style::Reader),
        _ => None,
    }
}

pub(super) fn locale_from_word(word: &str) -> Option<Locale> {
    match word {
        "english" | "anglais" => Some(Locale::En),
        "french" | "français" | "francais" => Some(Locale::Fr),
        other => Locale::from_tag(other).filter(|_| other.len() <= 5),
    }
}

pub(super) fn parity_from_word(word: &str) -> Option<Parity> {
    match lower(word).trim_end_matches(['!', '?']) {
        "odd" | "tek" | "impair" => Some(Parity::Odd),
        "even" | "çift" | "cift" | "pair" => Some(Parity::Even),
        _ => None,
    }
}

/// Side names in English and French, normalised to the core's names (`white`, `south`, …).
pub(super) fn side_word(word: &str) -> String {
    let word = lower(word);
    match word.as_str() {
        "blanc" | "blancs" | "w" => "white".to_owned(),
        "noir" | "noirs" | "b" => "black".to_owned(),
        "sud" | "s" => "south".to_owned(),
        "nord" | "n" => "north".to_owned(),
        _ => word,
    }
}

pub(super) fn is_side_word(word: &str) -> bool {
    matches!(side_word(word).as_str(), "white" | "black" | "south" | "north")
}

pub(super) fn on_off(word: &str) -> Option<bool> {
    match word {
        "on" | "yes" | "oui" | "true" => Some(true),
        "off" | "no" | "non" | "false" | "none" | "aucun" => Some(false),
        _ => None,
    }
}
