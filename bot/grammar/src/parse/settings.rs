//! `settings [language] [style] [leaderboard] [auto]`: per-user settings, written `key=value`, `key value` or as a
//! bare value whose kind is recognised (`fr`, `large`).

use super::args::Args;
use super::words::{locale_from_word, look_from_word, lower};
use super::ParseError;
use crate::grammar::verb_named;
use crate::grammar::vocabulary::SWITCHES;
use crate::{Command, SettingsChange};

pub(super) fn parse_settings(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let mut change = SettingsChange::default();
    // Accept `language=fr`, `language fr`, and bare values (`fr`, `large`).
    let mut pending_key: Option<String> = None;
    for word in &args.words {
        let (key, value) = match (word.split_once('='), pending_key.take()) {
            (Some((key, value)), None) => (Some(lower(key)), lower(value)),
            (Some(_), Some(key)) => {
                return Err(ParseError::BadValue {
                    what: "setting",
                    value: key,
                })
            }
            (None, key) => (key, lower(word)),
        };
        match key.as_deref().map(setting) {
            None if is_setting_key(&value) => pending_key = Some(value),
            None => {
                if let Some(locale) = locale_from_word(&value) {
                    change.locale = Some(locale);
                } else if let Some(style) = look_from_word(&value) {
                    change.style = Some(style);
                } else {
                    return Err(ParseError::BadValue {
                        what: "setting",
                        value,
                    });
                }
            }
            Some(Some("language")) => {
                change.locale = Some(locale_from_word(&value).ok_or(ParseError::BadValue {
                    what: "language",
                    value,
                })?);
            }
            Some(Some("style")) => {
                change.style =
                    Some(look_from_word(&value).ok_or(ParseError::BadValue { what: "style", value })?);
            }
            Some(Some("leaderboard")) => {
                let switch = SWITCHES.find(&value).ok_or(ParseError::BadValue {
                    what: SWITCHES.what,
                    value,
                })?;
                change.leaderboard = Some(switch == "on");
            }
            Some(Some("auto")) => {
                let switch = SWITCHES.find(&value).ok_or(ParseError::BadValue {
                    what: SWITCHES.what,
                    value,
                })?;
                change.auto = Some(switch == "on");
            }
            Some(_) => {
                return Err(ParseError::BadValue {
                    what: "setting",
                    value: key.unwrap_or_default(),
                })
            }
        }
    }
    if let Some(key) = pending_key {
        let what = match key.as_str() {
            "style" => "style",
            "leaderboard" | "palmares" | "auto" => SWITCHES.what,
            _ => "language",
        };
        return Err(ParseError::BadValue {
            what,
            value: String::new(),
        });
    }
    Ok(Command::Settings(change))
}

/// The setting a key names: `settings`'s arguments in English or French, and the usual
/// abbreviations of `language`.
fn setting(key: &str) -> Option<&'static str> {
    let key = if matches!(key, "lang" | "locale") {
        "language"
    } else {
        key
    };
    verb_named("settings")
        .and_then(|verb| verb.arg_named(key))
        .map(|arg| arg.en)
}

fn is_setting_key(word: &str) -> bool {
    setting(word).is_some()
}
