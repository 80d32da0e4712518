//! An invocation of `/lalao <subcommand> <options…>`, read once into the grammar's
//! [`Command`] by [`command_of`]: each option's value is checked as the word of the typed
//! line it stands for (`play katro <@12> side=north`) would be, so every platform gets the
//! same commands, refusals and words, and nothing goes through text.

use lalao_app::command::grammar::{command_verb, verb_named, Given};
use lalao_app::command::{command_of, Command, ParseError};

use super::*;

/// An option value as the adapter reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    User(u64),
}

/// A `/lalao` (`/clock`, `/class`) invocation: the subcommand (in its group, if any) and its
/// options.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    /// The verb the subcommand follows: its group, or the command named after it (`class` of
    /// `/class add`).
    pub group: Option<String>,
    pub subcommand: String,
    pub options: Vec<(String, Value)>,
    /// The option being typed (autocomplete) and its partial text.
    pub focused: Option<(String, String)>,
}

impl Invocation {
    pub fn from_options(name: &str, options: &[CommandDataOption]) -> Option<Invocation> {
        // Any of the top-level commands: a verb moved from one to another still works from a
        // client that has not yet seen the new definitions.
        if !SLASH_COMMANDS.iter().any(|command| command.en == name) {
            return None;
        }
        // `/learn game:katro`, `/simul game:fano`: a verb that is a command of its own takes its
        // options directly.
        if let Some(verb) = command_verb(name) {
            let mut invocation = Invocation {
                group: verb.parent.map(str::to_owned),
                subcommand: verb.en.to_owned(),
                options: Vec::new(),
                focused: None,
            };
            invocation.read_values(options);
            return Some(invocation);
        }
        let first = options.first()?;
        // `/class add`: the command is the verb the subcommand follows.
        let parent = verb_named(name)
            .filter(|verb| verb.subverb_named(&first.name).is_some())
            .or_else(|| {
                // `/school report`: a subverb of `class` registered under another command.
                let command = SLASH_COMMANDS.iter().find(|command| command.en == name)?;
                VERBS.iter().find(|verb| {
                    super::hosted_subverbs(command)
                        .any(|sub| sub.en == first.name && sub.parent == Some(verb.en))
                })
            })
            .map(|verb| verb.en.to_owned());
        let (group, sub, inner) = match &first.value {
            CommandDataOptionValue::SubCommand(inner) => (parent, first, inner),
            CommandDataOptionValue::SubCommandGroup(subs) => {
                let sub = subs.first()?;
                let CommandDataOptionValue::SubCommand(inner) = &sub.value else {
                    return None;
                };
                (Some(first.name.clone()), sub, inner)
            }
            _ => return None,
        };
        let mut invocation = Invocation {
            group,
            subcommand: sub.name.clone(),
            options: Vec::new(),
            focused: None,
        };
        invocation.read_values(inner);
        Some(invocation)
    }

    /// The values of the subcommand's (or command's) options.
    fn read_values(&mut self, options: &[CommandDataOption]) {
        for option in options {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => Value::Str(text.clone()),
                CommandDataOptionValue::Integer(number) => Value::Int(*number),
                CommandDataOptionValue::Boolean(flag) => Value::Bool(*flag),
                CommandDataOptionValue::User(user) => Value::User(user.get()),
                CommandDataOptionValue::Autocomplete { value, .. } => {
                    self.focused = Some((option.name.clone(), value.clone()));
                    continue;
                }
                _ => continue,
            };
            self.options.push((option.name.clone(), value));
        }
    }

    /// The verb's path of English names (`["play"]`, `["class", "add"]`).
    pub fn path(&self) -> Vec<&str> {
        self.group
            .iter()
            .map(String::as_str)
            .chain([self.subcommand.as_str()])
            .collect()
    }

    /// The match the invocation names, if any.
    pub fn match_id(&self) -> Option<lalao_app::ids::MatchId> {
        self.options.iter().find_map(|(name, value)| match value {
            Value::Int(id) if name == "match" && *id > 0 => Some(lalao_app::ids::MatchId(*id as u64)),
            _ => None,
        })
    }

    /// The command the invocation stands for, or why its values make none (refused in the
    /// user's language by the application); `None` for a subcommand the grammar does not have
    /// (an outdated command definition).
    pub fn command(&self) -> Option<Result<Command, ParseError>> {
        command_of(&self.path(), &self.given())
    }

    /// The line of the text grammar the invocation stands for: what the tests hold
    /// [`Invocation::command`] to.
    #[cfg(test)]
    pub fn line(&self) -> Option<String> {
        lalao_app::command::grammar::line_of(&self.path(), &self.given())
    }

    /// The options as the grammar takes them; a user as their mention (`<@12>`), which the
    /// application resolves as it does a typed one.
    fn given(&self) -> Vec<(String, Given)> {
        self.options
            .iter()
            .map(|(name, value)| {
                let given = match value {
                    Value::Str(text) => Given::Text(text.clone()),
                    Value::Int(number) => Given::Number(*number),
                    Value::Bool(flag) => Given::Flag(*flag),
                    Value::User(user) => Given::Player(format!("<@{user}>")),
                };
                (name.clone(), given)
            })
            .collect()
    }
}
