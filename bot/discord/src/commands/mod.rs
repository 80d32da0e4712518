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

use lalao_app::command::grammar::{verb_named, Arg, Privacy, Value, SLASH_COMMANDS, VERBS};
use lalao_app::i18n::t;

/// Discord's limit on the subcommands of one command and on an option's choices.
pub const DISCORD_MAX_CHOICES: usize = 25;

/// Discord's locale code for each language lalao speaks besides the default English.
const DISCORD_FR: &str = "fr";

/// Subcommands whose answer only concerns the caller: answered ephemerally.
pub fn is_private(subcommand: &str) -> bool {
    verb_named(subcommand).is_some_and(|verb| verb.privacy == Privacy::Private)
}

/// Subcommands whose first answer is private (deferred ephemerally): the above, and Mangala's
/// secret coins (whose public announcement follows as a separate message).
pub fn answers_privately(subcommand: &str) -> bool {
    verb_named(subcommand).is_some_and(|verb| verb.privacy != Privacy::Public)
}

fn en(id: &str) -> String {
    t(Locale::En, id, &[])
}

fn fr(id: &str) -> String {
    t(Locale::Fr, id, &[])
}

/// The option of `sub` for the grammar's argument `arg`: its Discord type and choices follow
/// from what the argument holds, its names from the grammar, its description from the Fluent files.
fn option(sub: &str, arg: &Arg) -> CreateCommandOption {
    let kind = match arg.value {
        Value::Match | Value::Coins | Value::Number => CommandOptionType::Integer,
        Value::Flag => CommandOptionType::Boolean,
        Value::Player => CommandOptionType::User,
        Value::Choice(_) | Value::Move | Value::Topic | Value::Words => CommandOptionType::String,
    };
    // Descriptions may differ per subcommand (the `side` of `play` vs. the rite's `side`).
    let specific = format!("discord-opt-{sub}-{}-desc", arg.en);
    let desc_id = if lalao_app::i18n::try_t(Locale::En, &specific).is_some() {
        specific
    } else {
        format!("discord-opt-{}-desc", arg.en)
    };
    let mut option = CreateCommandOption::new(kind, arg.en, en(&desc_id))
        .name_localized(DISCORD_FR, arg.fr)
        .description_localized(DISCORD_FR, fr(&desc_id))
        .required(arg.required)
        // Help topics are every verb, more than an option's 25 choices: suggested as typed.
        .set_autocomplete(matches!(arg.value, Value::Move | Value::Topic));
    match arg.value {
        Value::Match | Value::Number => option = option.min_int_value(1),
        Value::Words => option = option.max_length(200),
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

/// The top-level commands, each with its verbs as subcommands, localized.
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
                let desc = format!("discord-cmd-{}-desc", verb.en);
                let mut subcommand =
                    CreateCommandOption::new(CommandOptionType::SubCommand, verb.en, en(&desc))
                        .name_localized(DISCORD_FR, verb.fr)
                        .description_localized(DISCORD_FR, fr(&desc));
                for arg in verb.args {
                    subcommand = subcommand.add_sub_option(option(verb.en, arg));
                }
                root = root.add_option(subcommand);
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
mod tests;

pub use invocation::Invocation;
