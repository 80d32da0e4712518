//! Named options (Discord's) as the typed line they stand for.

use super::lookup::verb_at;
use super::shape::*;

/// An option value as a platform delivers it (Discord's slash-command options).
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    Text(String),
    Number(i64),
    Flag(bool),
    /// A user, as the platform's mention (`<@123>`).
    Player(String),
}

/// The text line that says what the verb at `path` (`["play"]`, `["class", "add"]`) with these
/// named options says (`play katro <@12> side=north`): what `command_of` must read them as, so
/// that a platform that collects arguments by name (Discord) gets the same commands, refusals
/// and words as a typed line (the tests compare the two). Unknown names are ignored, as are
/// flags that are false. `None`: not a verb of the table.
pub fn line_of(path: &[&str], given: &[(String, Given)]) -> Option<String> {
    let verb = verb_at(path)?;
    let mut line = match verb.parent {
        Some(parent) => format!("{parent} {}", verb.en),
        None => verb.en.to_owned(),
    };
    if !verb.subverbs.is_empty() {
        // A Discord client that still has the definitions from before the subverbs sends
        // them as free words (`/lalao class words:add Ana`).
        for (_, value) in given {
            if let Given::Text(text) = value {
                line.push(' ');
                line.push_str(text.trim());
            }
        }
        return Some(line);
    }
    for arg in verb.args {
        let Some((_, value)) = given.iter().find(|(name, _)| name == arg.en) else {
            continue;
        };
        let text = match (arg.value, value) {
            (Value::Match, Given::Number(id)) => format!("#{id}"),
            (Value::Flag, Given::Flag(true)) => arg.en.to_owned(),
            (Value::Flag, _) => continue,
            (_, Given::Text(text)) => text.trim().to_owned(),
            (_, Given::Number(number)) => number.to_string(),
            (_, Given::Player(mention)) => mention.clone(),
            (_, Given::Flag(flag)) => flag.to_string(),
        };
        if text.is_empty() {
            continue;
        }
        line.push(' ');
        if arg.form == Form::Keyed {
            line.push_str(arg.en);
            line.push('=');
        }
        line.push_str(&text);
    }
    Some(line)
}
