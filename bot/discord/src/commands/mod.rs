//! The bot-core grammar as one Discord slash command, `/lalao <subcommand> <options…>`, with names
//! and descriptions in English and French, and the translation of an invocation back into a
//! [`Command`]. Discord always sends the default (English) names, whatever the user's language.

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand, CreateCommandOption,
};

use lalao_app::command::{
    Answer, Command, ListScope, Opponent, Parity, PlaySpec, SettingsChange, TimeoutAction, HELP_TOPICS,
};
use lalao_app::i18n::t;
use lalao_app::ids::MatchId;

/// The one top-level command.
pub const ROOT: &str = "lalao";

/// Discord's locale code for each language lalao speaks besides the default English.
const DISCORD_FR: &str = "fr";

#[derive(Clone, Copy)]
enum Kind {
    Str,
    Int,
    Bool,
    User,
}

#[derive(Clone, Copy)]
enum Choices {
    None,
    Games,
    Styles,
    Languages,
    Answers,
    Scopes,
    Parities,
    Coins,
    Sides,
    Topics,
}

#[derive(Clone, Copy)]
struct Opt {
    name: &'static str,
    kind: Kind,
    required: bool,
    autocomplete: bool,
    choices: Choices,
}

const fn opt(name: &'static str, kind: Kind) -> Opt {
    Opt {
        name,
        kind,
        required: false,
        autocomplete: false,
        choices: Choices::None,
    }
}

const fn required(mut o: Opt) -> Opt {
    o.required = true;
    o
}

const fn choices(mut o: Opt, choices: Choices) -> Opt {
    o.choices = choices;
    o
}

const fn autocomplete(mut o: Opt) -> Opt {
    o.autocomplete = true;
    o
}

const MATCH: Opt = opt("match", Kind::Int);

/// Subcommands and their options, in the order Discord shows them.
const SUBCOMMANDS: &[(&str, &[Opt])] = &[
    (
        "play",
        &[
            required(choices(opt("game", Kind::Str), Choices::Games)),
            opt("opponent", Kind::User),
            opt("practice", Kind::Bool),
            choices(opt("side", Kind::Str), Choices::Sides),
            opt("options", Kind::Str),
        ],
    ),
    ("move", &[required(autocomplete(opt("move", Kind::Str))), MATCH]),
    (
        "board",
        &[MATCH, choices(opt("style", Kind::Str), Choices::Styles)],
    ),
    ("accept", &[MATCH]),
    ("decline", &[MATCH]),
    ("cancel", &[MATCH]),
    ("resign", &[MATCH]),
    (
        "draw",
        &[choices(opt("answer", Kind::Str), Choices::Answers), MATCH],
    ),
    (
        "undo",
        &[choices(opt("answer", Kind::Str), Choices::Answers), MATCH],
    ),
    ("list", &[choices(opt("scope", Kind::Str), Choices::Scopes)]),
    ("history", &[MATCH]),
    ("export", &[MATCH]),
    (
        "rules",
        &[
            choices(opt("game", Kind::Str), Choices::Games),
            opt("variants", Kind::Str),
        ],
    ),
    ("help", &[choices(opt("topic", Kind::Str), Choices::Topics)]),
    (
        "settings",
        &[
            choices(opt("language", Kind::Str), Choices::Languages),
            choices(opt("style", Kind::Str), Choices::Styles),
        ],
    ),
    (
        "coins",
        &[required(choices(opt("count", Kind::Int), Choices::Coins)), MATCH],
    ),
    (
        "call",
        &[
            required(choices(opt("parity", Kind::Str), Choices::Parities)),
            MATCH,
        ],
    ),
    (
        "side",
        &[required(choices(opt("side", Kind::Str), Choices::Sides)), MATCH],
    ),
    ("claim", &[MATCH]),
    ("grant", &[required(opt("time", Kind::Str)), MATCH]),
    ("waive", &[MATCH]),
    ("vacation", &[required(opt("days", Kind::Str))]),
    ("notify", &[opt("settings", Kind::Str)]),
    ("channel", &[opt("settings", Kind::Str)]),
    ("class", &[opt("words", Kind::Str)]),
];

/// Subcommands handed to the bot core as a line of its text grammar (`subcommand`, then the
/// words of one string option, then the match): their arguments are small languages of their
/// own (durations, `dm=on quiet=22-7`), parsed and explained by the one grammar rather than
/// re-implemented as Discord options.
const TEXT_ARGUMENTS: &[(&str, &str)] = &[
    ("grant", "time"),
    ("vacation", "days"),
    ("notify", "settings"),
    ("channel", "settings"),
    ("class", "words"),
];

/// Subcommands whose answer only concerns the caller: answered ephemerally.
pub fn is_private(subcommand: &str) -> bool {
    matches!(
        subcommand,
        "help" | "rules" | "settings" | "vacation" | "notify" | "channel"
    )
}

/// Subcommands whose first answer is private (deferred ephemerally): the above, and Mangala's
/// secret coins (whose public announcement follows as a separate message).
pub fn answers_privately(subcommand: &str) -> bool {
    is_private(subcommand) || subcommand == "coins"
}

fn en(id: &str) -> String {
    t(Locale::En, id, &[])
}

fn fr(id: &str) -> String {
    t(Locale::Fr, id, &[])
}

fn add_choices(option: CreateCommandOption, choices: Choices) -> CreateCommandOption {
    let string = |option: CreateCommandOption, value: &str, id: &str| {
        option.add_string_choice_localized(en(id), value, [(DISCORD_FR, fr(id))])
    };
    match choices {
        Choices::None => option,
        Choices::Games => GameKind::ALL.iter().fold(option, |option, kind| {
            string(option, kind.id(), &format!("game-{}", kind.id()))
        }),
        Choices::Styles => Style::ALL.iter().fold(option, |option, style| {
            string(option, style.id(), &format!("discord-style-{}", style.id()))
        }),
        Choices::Languages => Locale::ALL.iter().fold(option, |option, locale| {
            string(option, locale.id(), &format!("discord-language-{}", locale.id()))
        }),
        Choices::Answers => ["offer", "accept", "decline"]
            .iter()
            .fold(option, |option, answer| {
                string(option, answer, &format!("discord-answer-{answer}"))
            }),
        Choices::Scopes => ["channel", "mine"].iter().fold(option, |option, scope| {
            string(option, scope, &format!("discord-scope-{scope}"))
        }),
        Choices::Parities => [Parity::Odd, Parity::Even].iter().fold(option, |option, parity| {
            string(option, parity.id(), &format!("discord-parity-{}", parity.id()))
        }),
        Choices::Sides => ["white", "black", "south", "north"]
            .iter()
            .fold(option, |option, side| {
                string(option, side, &format!("side-{side}"))
            }),
        Choices::Topics => HELP_TOPICS.iter().fold(option, |option, topic| {
            option.add_string_choice_localized(*topic, *topic, [(DISCORD_FR, *topic)])
        }),
        Choices::Coins => [1, 2].iter().fold(option, |option, count| {
            let id = format!("discord-coins-{count}");
            option.add_int_choice_localized(en(&id), *count, [(DISCORD_FR, fr(&id))])
        }),
    }
}

fn option(sub: &str, spec: &Opt) -> CreateCommandOption {
    let kind = match spec.kind {
        Kind::Str => CommandOptionType::String,
        Kind::Int => CommandOptionType::Integer,
        Kind::Bool => CommandOptionType::Boolean,
        Kind::User => CommandOptionType::User,
    };
    let name_id = format!("discord-opt-{}", spec.name);
    // Descriptions may differ per subcommand (the `side` of `play` vs. the rite's `side`).
    let specific = format!("discord-opt-{sub}-{}-desc", spec.name);
    let desc_id = if lalao_app::i18n::try_t(Locale::En, &specific).is_some() {
        specific
    } else {
        format!("{name_id}-desc")
    };
    let mut option = CreateCommandOption::new(kind, en(&name_id), en(&desc_id))
        .name_localized(DISCORD_FR, fr(&name_id))
        .description_localized(DISCORD_FR, fr(&desc_id))
        .required(spec.required)
        .set_autocomplete(spec.autocomplete);
    if spec.name == "match" {
        option = option.min_int_value(1);
    }
    if matches!(spec.kind, Kind::Str) && !spec.autocomplete {
        option = option.max_length(200);
    }
    add_choices(option, spec.choices)
}

/// The `/lalao` command with every subcommand, localized.
pub fn definitions() -> Vec<CreateCommand> {
    let mut root = CreateCommand::new(ROOT)
        .description(en("discord-cmd-lalao-desc"))
        .description_localized(DISCORD_FR, fr("discord-cmd-lalao-desc"));
    for (sub, options) in SUBCOMMANDS {
        let id = format!("discord-cmd-{sub}");
        let mut subcommand =
            CreateCommandOption::new(CommandOptionType::SubCommand, en(&id), en(&format!("{id}-desc")))
                .name_localized(DISCORD_FR, fr(&id))
                .description_localized(DISCORD_FR, fr(&format!("{id}-desc")));
        for spec in *options {
            subcommand = subcommand.add_sub_option(option(sub, spec));
        }
        root = root.add_option(subcommand);
    }
    vec![root]
}

mod invocation;
#[cfg(test)]
mod tests;

pub use invocation::{Invocation, Request};
