//! The grammar's table (`lalao_app::command::grammar`) as Discord slash commands,
//! `/lalao <subcommand> <options…>` and `/clock <subcommand> <options…>` (the verb's
//! `slash`): one subcommand per verb and one option per argument, with the table's English and
//! French names and the Fluent files' descriptions. An invocation goes back to the application
//! as the text line it stands for. Discord always sends the default (English) names, whatever
//! the user's language.

use lalao_renderer::Locale;
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand, CreateCommandOption,
};

use lalao_app::command::grammar::{verb_at, Arg, Privacy, SlashCommand, Value, Verb, SLASH_COMMANDS, VERBS};
use lalao_app::i18n::t;
use lalao_app::record::MAX_CLASS_NAME as MAX_NAME;

/// Discord's limit on the subcommands of one command and on an option's choices.
pub const DISCORD_MAX_CHOICES: usize = 25;

/// Discord's locale code for each language lalao speaks besides the default English.
const DISCORD_FR: &str = "fr";

/// Verbs (by their path: `["help"]`, `["class", "add"]`) whose answer only concerns the
/// caller: answered ephemerally.
pub fn is_private(path: &[&str]) -> bool {
    verb_at(path).is_some_and(|verb| verb.privacy == Privacy::Private)
}

/// Verbs whose first answer is private (deferred ephemerally): the above, and Mangala's
/// secret coins (whose public announcement follows as a separate message).
pub fn answers_privately(path: &[&str]) -> bool {
    verb_at(path).is_some_and(|verb| verb.privacy != Privacy::Public)
}

fn en(id: &str) -> String {
    t(Locale::En, id, &[])
}

fn fr(id: &str) -> String {
    t(Locale::Fr, id, &[])
}

/// The Fluent id of a description: the most specific of `{prefix}-{verb id}-{suffix}` (the
/// `side` of `side`), `{prefix}-{parent}-{suffix}` (every `match` of a class verb) and
/// `{prefix}-{suffix}`.
fn described(prefix: &str, verb: &Verb, suffix: &str) -> String {
    let specific = [Some(verb.id()), verb.parent.map(str::to_owned)]
        .into_iter()
        .flatten()
        .map(|scope| format!("{prefix}-{scope}-{suffix}"))
        .find(|id| lalao_app::i18n::try_t(Locale::En, id).is_some());
    specific.unwrap_or_else(|| format!("{prefix}-{suffix}"))
}

/// The option of `verb` for the grammar's argument `arg`: its Discord type and choices follow
/// from what the argument holds, its names from the grammar, its description from the Fluent files.
fn option(verb: &Verb, arg: &Arg) -> CreateCommandOption {
    let kind = match arg.value {
        Value::Match | Value::Coins | Value::Number => CommandOptionType::Integer,
        Value::Flag => CommandOptionType::Boolean,
        Value::Player => CommandOptionType::User,
        Value::Choice(_) | Value::Move | Value::Topic | Value::Words | Value::Name => {
            CommandOptionType::String
        }
    };
    let desc_id = described("discord-opt", verb, &format!("{}-desc", arg.en));
    let mut option = CreateCommandOption::new(kind, arg.en, en(&desc_id))
        .name_localized(DISCORD_FR, arg.fr)
        .description_localized(DISCORD_FR, fr(&desc_id))
        .required(arg.required)
        // Help topics are every verb, more than an option's 25 choices: suggested as typed.
        .set_autocomplete(matches!(arg.value, Value::Move | Value::Topic));
    match arg.value {
        Value::Match | Value::Number => option = option.min_int_value(1),
        Value::Words => option = option.max_length(200),
        Value::Name => option = option.max_length(MAX_NAME as u16),
        Value::Choice(vocabulary) => {
            for word in vocabulary.words {
                let label = format!("{}{}", vocabulary.label, word.id);
                option = option.add_string_choice_localized(en(&label), word.id, [(DISCORD_FR, fr(&label))]);
            }
        }
        Value::Coins => {
            for count in [1, 2] {
                let label = format!("discord-coins-{count}");
                option = option.add_int_choice_localized(en(&label), count, [(DISCORD_FR, fr(&label))]);
            }
        }
        Value::Move | Value::Topic | Value::Player | Value::Flag => {}
    }
    option
}

/// The subcommand of a verb, or the subcommand group of a verb with subverbs (`class`).
fn subcommand(verb: &Verb) -> CreateCommandOption {
    // A subverb's description is its help line (`help class` lists them): one text, short
    // enough for both.
    let desc = if verb.parent.is_some() {
        format!("help-{}", verb.id())
    } else {
        format!("discord-cmd-{}-desc", verb.en)
    };
    let kind = if verb.subverbs.is_empty() {
        CommandOptionType::SubCommand
    } else {
        CommandOptionType::SubCommandGroup
    };
    let mut subcommand = CreateCommandOption::new(kind, verb.en, en(&desc))
        .name_localized(DISCORD_FR, verb.fr)
        .description_localized(DISCORD_FR, fr(&desc));
    for arg in verb.args {
        subcommand = subcommand.add_sub_option(option(verb, arg));
    }
    for sub in verb.subverbs {
        subcommand = subcommand.add_sub_option(self::subcommand(sub));
    }
    subcommand
}

/// The subverbs registered under `command` although their verb is another command's
/// (`class report` as `/school report`).
pub(crate) fn hosted_subverbs(command: &SlashCommand) -> impl Iterator<Item = &'static Verb> + '_ {
    VERBS
        .iter()
        .filter(move |verb| verb.slash != *command)
        .flat_map(|verb| verb.subverbs)
        .filter(move |sub| sub.slash == *command)
}

/// The top-level commands, each with its verbs as subcommands (and subcommand groups), localized.
pub fn definitions() -> Vec<CreateCommand> {
    SLASH_COMMANDS
        .iter()
        .map(|command| {
            let desc = format!("discord-cmd-{}-desc", command.en);
            let mut root = CreateCommand::new(command.en)
                .description(en(&desc))
                .description_localized(DISCORD_FR, fr(&desc));
            if command.fr != command.en {
                root = root.name_localized(DISCORD_FR, command.fr);
            }
            for verb in VERBS.iter().filter(|verb| verb.slash == *command) {
                if verb.is_slash_command() && verb.subverbs.is_empty() {
                    // `/learn`: the verb's arguments are the command's options.
                    for arg in verb.args {
                        root = root.add_option(option(verb, arg));
                    }
                } else if verb.is_slash_command() {
                    // `/class`: its subverbs are the command's subcommands, but those
                    // registered under another command.
                    for sub in verb.subverbs.iter().filter(|sub| sub.slash == *command) {
                        root = root.add_option(subcommand(sub));
                    }
                } else {
                    root = root.add_option(subcommand(verb));
                }
            }
            // `/school report`: a subverb of `class` registered under another command; `/simul`:
            // one that is that command, its arguments the command's options.
            for sub in hosted_subverbs(command) {
                if sub.is_slash_command() && sub.subverbs.is_empty() {
                    for arg in sub.args {
                        root = root.add_option(option(sub, arg));
                    }
                } else {
                    root = root.add_option(subcommand(sub));
                }
            }
            root
        })
        .collect()
}

/// Help topics starting with what was typed, then containing it, in the reader's language;
/// at most [`DISCORD_MAX_CHOICES`]. The value is the verb's English name, as the grammar reads.
pub fn topics(typed: &str, locale: Locale) -> Vec<(String, String)> {
    let typed = typed.trim().to_lowercase();
    let named = |verb: &lalao_app::command::grammar::Verb| verb.name(locale).to_owned();
    let mut found: Vec<&lalao_app::command::grammar::Verb> = VERBS
        .iter()
        .filter(|verb| named(verb).starts_with(&typed))
        .collect();
    found.extend(
        VERBS
            .iter()
            .filter(|verb| !named(verb).starts_with(&typed) && named(verb).contains(&typed)),
    );
    found
        .into_iter()
        .take(DISCORD_MAX_CHOICES)
        .map(|verb| (named(verb), verb.en.to_owned()))
        .collect()
}

mod invocation;
#[cfg(test)]
mod named_tests;
#[cfg(test)]
mod tests;

pub use invocation::Invocation;
