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

/// What an invocation asks of the bot core.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Command(Command),
    /// A line of the text grammar (`grant 2d #3`).
    Text(String),
}

/// An option value as the adapter reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    User(u64),
}

/// A `/lalao` invocation: the subcommand and its options.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub subcommand: String,
    pub options: Vec<(String, Value)>,
    /// The option being typed (autocomplete) and its partial text.
    pub focused: Option<(String, String)>,
}

impl Invocation {
    pub fn from_options(name: &str, options: &[CommandDataOption]) -> Option<Invocation> {
        if name != ROOT {
            return None;
        }
        let first = options.first()?;
        let CommandDataOptionValue::SubCommand(inner) = &first.value else {
            return None;
        };
        let mut invocation = Invocation {
            subcommand: first.name.clone(),
            options: Vec::new(),
            focused: None,
        };
        for option in inner {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => Value::Str(text.clone()),
                CommandDataOptionValue::Integer(number) => Value::Int(*number),
                CommandDataOptionValue::Boolean(flag) => Value::Bool(*flag),
                CommandDataOptionValue::User(user) => Value::User(user.get()),
                CommandDataOptionValue::Autocomplete { value, .. } => {
                    invocation.focused = Some((option.name.clone(), value.clone()));
                    continue;
                }
                _ => continue,
            };
            invocation.options.push((option.name.clone(), value));
        }
        Some(invocation)
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.options
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }

    fn str(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Str(text)) => Some(text.as_str()),
            _ => None,
        }
    }

    pub fn match_id(&self) -> Option<MatchId> {
        match self.get("match") {
            Some(Value::Int(id)) if *id > 0 => Some(MatchId(*id as u64)),
            _ => None,
        }
    }

    /// What to hand the bot core: a command, or for [`TEXT_ARGUMENTS`] subcommands a line of its
    /// text grammar. `Err` carries the Fluent id of what is wrong with the options.
    pub fn request(&self) -> Result<Request, &'static str> {
        if let Some((_, field)) = TEXT_ARGUMENTS.iter().find(|(name, _)| *name == self.subcommand) {
            let mut line = self.subcommand.clone();
            if let Some(words) = self.str(field) {
                line.push(' ');
                line.push_str(words);
            }
            if let Some(id) = self.match_id() {
                line.push_str(&format!(" {id}"));
            }
            return Ok(Request::Text(line));
        }
        self.command().map(Request::Command)
    }

    /// The bot-core command. `Err` carries the Fluent id of what is wrong with the options (Discord
    /// validates types and choices, so this only happens with an outdated command definition).
    pub fn command(&self) -> Result<Command, &'static str> {
        let id = self.match_id();
        let answer = || match self.str("answer") {
            None => Ok(None),
            Some("offer") => Ok(Some(Answer::Offer)),
            Some("accept") => Ok(Some(Answer::Accept)),
            Some("decline") => Ok(Some(Answer::Decline)),
            Some(_) => Err("discord-bad-option"),
        };
        let style = || {
            self.str("style")
                .map(|s| Style::from_id(s).ok_or("discord-bad-option"))
                .transpose()
        };
        Ok(match self.subcommand.as_str() {
            "play" => {
                let game = self
                    .str("game")
                    .and_then(GameKind::from_id)
                    .ok_or("discord-bad-option")?;
                let opponent = match (self.get("opponent"), self.get("practice")) {
                    (Some(Value::User(user)), _) => Some(Opponent::Named(format!("<@{user}>"))),
                    (None, Some(Value::Bool(true))) => Some(Opponent::Practice),
                    _ => Some(Opponent::Open),
                };
                let mut options = Vec::new();
                let mut variants = Vec::new();
                for word in self.str("options").unwrap_or_default().split_whitespace() {
                    match word.split_once('=') {
                        Some((key, value)) => options.push((key.to_owned(), value.to_owned())),
                        None => variants.push(word.to_owned()),
                    }
                }
                Command::Play(PlaySpec {
                    game,
                    opponent,
                    options,
                    variants,
                    side: self.str("side").map(str::to_owned),
                })
            }
            "move" => Command::Move {
                id,
                text: self.str("move").ok_or("discord-bad-option")?.trim().to_owned(),
                explicit: true,
            },
            "board" => Command::Board {
                id,
                style: style()?,
                viewpoint: None,
            },
            "accept" => Command::Accept { id },
            "decline" => Command::Decline { id },
            "cancel" => Command::Cancel { id },
            "resign" => Command::Resign { id },
            "draw" => Command::Draw {
                id,
                answer: answer()?,
            },
            "undo" => Command::Undo {
                id,
                answer: answer()?,
            },
            "list" => Command::List {
                scope: match self.str("scope") {
                    Some("mine") => ListScope::Mine,
                    _ => ListScope::Channel,
                },
            },
            "history" => Command::History { id },
            "export" => Command::Export { id },
            "rules" => Command::Rules {
                game: self
                    .str("game")
                    .map(|g| GameKind::from_id(g).ok_or("discord-bad-option"))
                    .transpose()?,
                variants: self
                    .str("variants")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect(),
            },
            "help" => Command::Help {
                topic: self.str("topic").map(str::to_owned),
            },
            "settings" => Command::Settings(SettingsChange {
                locale: self
                    .str("language")
                    .map(|l| Locale::from_tag(l).ok_or("discord-bad-option"))
                    .transpose()?,
                style: style()?,
            }),
            "coins" => Command::Coins {
                id,
                count: match self.get("count") {
                    Some(Value::Int(count @ 1..=2)) => Some(*count as u8),
                    _ => return Err("discord-bad-option"),
                },
            },
            "call" => Command::Call {
                id,
                parity: match self.str("parity") {
                    Some("odd") => Parity::Odd,
                    Some("even") => Parity::Even,
                    _ => return Err("discord-bad-option"),
                },
            },
            "side" => Command::Side {
                id,
                side: self.str("side").ok_or("discord-bad-option")?.to_owned(),
            },
            "claim" => Command::Timeout {
                id,
                action: TimeoutAction::Claim,
            },
            "waive" => Command::Timeout {
                id,
                action: TimeoutAction::Waive,
            },
            _ => return Err("discord-unknown-command"),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn invocation(value: serde_json::Value) -> Invocation {
        let options: Vec<CommandDataOption> = serde_json::from_value(value).unwrap();
        Invocation::from_options(ROOT, &options).unwrap()
    }

    #[test]
    fn definitions_fit_discord_limits_and_are_localized() {
        let commands = serde_json::to_value(definitions()).unwrap();
        let root = &commands[0];
        assert_eq!(root["name"], "lalao");
        let subs = root["options"].as_array().unwrap();
        assert!(subs.len() <= 25);
        let name_ok = |name: &str| {
            !name.is_empty()
                && name.chars().count() <= 32
                && name.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric())
                && name.to_lowercase() == name
        };
        for sub in subs {
            let name = sub["name"].as_str().unwrap();
            assert!(name_ok(name), "{name}");
            assert!(
                name_ok(sub["name_localizations"]["fr"].as_str().unwrap()),
                "{name} fr"
            );
            let description = sub["description"].as_str().unwrap();
            assert!(
                (1..=100).contains(&description.chars().count()),
                "{name}: {description}"
            );
            assert!(
                sub["description_localizations"]["fr"]
                    .as_str()
                    .unwrap()
                    .chars()
                    .count()
                    <= 100
            );
            assert_ne!(
                description, sub["description_localizations"]["fr"],
                "{name} is not translated"
            );
            for option in sub["options"].as_array().into_iter().flatten() {
                let option_name = option["name"].as_str().unwrap();
                assert!(name_ok(option_name), "{name} {option_name}");
                assert!(
                    name_ok(option["name_localizations"]["fr"].as_str().unwrap()),
                    "{name} {option_name} fr"
                );
                let desc = option["description"].as_str().unwrap();
                assert!(
                    (1..=100).contains(&desc.chars().count()),
                    "{name} {option_name}: {desc}"
                );
                assert!(
                    !desc.starts_with("discord-"),
                    "missing text for {name} {option_name}"
                );
                assert!(option["choices"].as_array().is_none_or(|c| c.len() <= 25));
            }
        }
        // Required options must come before optional ones (Discord refuses the command otherwise).
        for sub in subs {
            let flags: Vec<bool> = sub["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| o["required"].as_bool().unwrap_or(false))
                .collect();
            assert!(flags.windows(2).all(|w| w[0] || !w[1]), "{}", sub["name"]);
        }
    }

    #[test]
    fn play_with_opponent_options_and_variants() {
        let inv = invocation(json!([{"name": "play", "type": 1, "options": [
            {"name": "game", "type": 3, "value": "fano"},
            {"name": "opponent", "type": 6, "value": "1300000000000000502"},
            {"name": "options", "type": 3, "value": "cells=9 misere"}
        ]}]));
        assert_eq!(
            inv.command(),
            Ok(Command::Play(PlaySpec {
                game: GameKind::Fano,
                opponent: Some(Opponent::Named("<@1300000000000000502>".into())),
                options: vec![("cells".into(), "9".into())],
                variants: vec!["misere".into()],
                side: None,
            }))
        );
    }

    #[test]
    fn practice_and_open_challenges() {
        let practice = invocation(json!([{"name": "play", "type": 1, "options": [
            {"name": "game", "type": 3, "value": "fano"}, {"name": "practice", "type": 5, "value": true}
        ]}]));
        assert!(matches!(
            practice.command(),
            Ok(Command::Play(PlaySpec {
                opponent: Some(Opponent::Practice),
                ..
            }))
        ));
        let open = invocation(
            json!([{"name": "play", "type": 1, "options": [{"name": "game", "type": 3, "value": "fano"}]}]),
        );
        assert!(matches!(
            open.command(),
            Ok(Command::Play(PlaySpec {
                opponent: Some(Opponent::Open),
                ..
            }))
        ));
    }

    #[test]
    fn move_with_match_and_autocomplete_focus() {
        let inv = invocation(json!([{"name": "move", "type": 1, "options": [
            {"name": "move", "type": 3, "value": " 2-3 "}, {"name": "match", "type": 4, "value": 12}
        ]}]));
        assert_eq!(
            inv.command(),
            Ok(Command::Move {
                id: Some(MatchId(12)),
                text: "2-3".into(),
                explicit: true
            })
        );
        let typing = invocation(json!([{"name": "move", "type": 1, "options": [
            {"name": "move", "type": 3, "value": "@", "focused": true}
        ]}]));
        assert_eq!(typing.focused, Some(("move".into(), "@".into())));
    }

    #[test]
    fn every_subcommand_converts() {
        let cases = [
            json!({"name": "board", "type": 1, "options": [{"name": "style", "type": 3, "value": "emoji"}]}),
            json!({"name": "accept", "type": 1, "options": []}),
            json!({"name": "decline", "type": 1, "options": []}),
            json!({"name": "cancel", "type": 1, "options": []}),
            json!({"name": "resign", "type": 1, "options": []}),
            json!({"name": "draw", "type": 1, "options": [{"name": "answer", "type": 3, "value": "accept"}]}),
            json!({"name": "undo", "type": 1, "options": []}),
            json!({"name": "list", "type": 1, "options": [{"name": "scope", "type": 3, "value": "mine"}]}),
            json!({"name": "history", "type": 1, "options": []}),
            json!({"name": "export", "type": 1, "options": []}),
            json!({"name": "rules", "type": 1, "options": [{"name": "game", "type": 3, "value": "katro"}]}),
            json!({"name": "help", "type": 1, "options": []}),
            json!({"name": "settings", "type": 1, "options": [{"name": "language", "type": 3, "value": "fr"}]}),
            json!({"name": "coins", "type": 1, "options": [{"name": "count", "type": 4, "value": 2}]}),
            json!({"name": "call", "type": 1, "options": [{"name": "parity", "type": 3, "value": "odd"}]}),
            json!({"name": "side", "type": 1, "options": [{"name": "side", "type": 3, "value": "north"}]}),
        ];
        for case in cases {
            let name = case["name"].as_str().unwrap().to_owned();
            let command = invocation(json!([case])).command().unwrap();
            assert_eq!(command.name(), name);
        }
        for name in ["claim", "waive"] {
            let case =
                json!({"name": name, "type": 1, "options": [{"name": "match", "type": 4, "value": 3}]});
            let command = invocation(json!([case])).command().unwrap();
            assert_eq!(command.name(), name);
            assert_eq!(command.match_id(), Some(MatchId(3)));
        }
        let definitions = serde_json::to_value(definitions()).unwrap();
        let subcommands = definitions[0]["options"].as_array().unwrap();
        for name in HELP_TOPICS {
            assert!(
                subcommands.iter().any(|sub| sub["name"] == *name),
                "{name} has no subcommand"
            );
        }
    }

    #[test]
    fn argument_languages_go_through_the_text_grammar() {
        use lalao_app::command::{ChannelChange, NotifyChange};
        let cases = [
            (
                json!({"name": "grant", "type": 1, "options": [
                    {"name": "time", "type": 3, "value": "2d"}, {"name": "match", "type": 4, "value": 3}
                ]}),
                "grant 2d #3",
                Command::Timeout {
                    id: Some(MatchId(3)),
                    action: TimeoutAction::Grant(2 * 86_400),
                },
            ),
            (
                json!({"name": "vacation", "type": 1, "options": [{"name": "days", "type": 3, "value": "5"}]}),
                "vacation 5",
                Command::Vacation { days: Some(5) },
            ),
            (
                json!({"name": "vacation", "type": 1, "options": [{"name": "days", "type": 3, "value": "off"}]}),
                "vacation off",
                Command::Vacation { days: None },
            ),
            (
                json!({"name": "notify", "type": 1, "options": [
                    {"name": "settings", "type": 3, "value": "dm=on"}
                ]}),
                "notify dm=on",
                Command::Notify(NotifyChange {
                    dm: Some(true),
                    ..NotifyChange::default()
                }),
            ),
            (
                json!({"name": "notify", "type": 1, "options": []}),
                "notify",
                Command::Notify(NotifyChange::default()),
            ),
            (
                json!({"name": "channel", "type": 1, "options": [
                    {"name": "settings", "type": 3, "value": "forfeit=auto"}
                ]}),
                "channel forfeit=auto",
                Command::Channel(ChannelChange {
                    auto_forfeit: Some(true),
                    ..ChannelChange::default()
                }),
            ),
        ];
        for (case, line, command) in cases {
            let request = invocation(json!([case])).request();
            assert_eq!(request, Ok(Request::Text(line.to_owned())));
            assert_eq!(
                lalao_app::command::parse(line, false),
                Ok(Some(command)),
                "{line}"
            );
        }
        // Typed subcommands stay typed.
        let claim = invocation(json!([{"name": "claim", "type": 1, "options": []}]));
        assert!(matches!(
            claim.request(),
            Ok(Request::Command(Command::Timeout { .. }))
        ));
        // A mistake in the small language is the grammar's to explain.
        let bad = invocation(json!([{"name": "grant", "type": 1, "options": [
            {"name": "time", "type": 3, "value": "soon"}
        ]}]));
        let Ok(Request::Text(line)) = bad.request() else {
            panic!("grant is text")
        };
        assert!(lalao_app::command::parse(&line, false).is_err());
    }
}
