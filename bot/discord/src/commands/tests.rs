use serde_json::json;

use lalao_app::command::{Command, Opponent, PlaySpec};
use lalao_app::ids::MatchId;
use lalao_core::GameKind;

use super::*;

pub(super) fn invocation(value: serde_json::Value) -> Invocation {
    let options: Vec<CommandDataOption> = serde_json::from_value(value).unwrap();
    Invocation::from_options("lalao", &options).unwrap()
}

/// The command an invocation makes, read once from its options: the same as its typed line's.
pub(super) fn command(invocation: &Invocation) -> Command {
    let line = invocation.line().expect("a subcommand of the grammar");
    let typed = lalao_app::command::parse(&line, false).map(|command| command.expect("a command"));
    let named = invocation.command().expect("a subcommand of the grammar");
    assert_eq!(named, typed, "`{line}`");
    match named {
        Ok(command) => command,
        other => panic!("`{line}`: {other:?}"),
    }
}

/// Discord's limits on application commands (developer documentation, "Application Commands":
/// naming, option types, choices, and the total size of a command).
mod discord_limits {
    use serde_json::Value as Json;

    pub const MAX_COMMANDS: usize = 100;
    pub const MAX_OPTIONS: usize = 25;
    pub const MAX_CHOICES: usize = 25;
    pub const MAX_NAME: usize = 32;
    pub const MAX_DESCRIPTION: usize = 100;
    pub const MAX_CHOICE_TEXT: usize = 100;
    /// Name, description and value of a command, its options, groups and choices, counting
    /// for each field its longest localization.
    pub const MAX_TOTAL: usize = 8000;
    pub const SUB_COMMAND: u64 = 1;
    pub const SUB_COMMAND_GROUP: u64 = 2;
    pub const STRING: u64 = 3;

    /// `^[-_'\p{L}\p{N}]{1,32}$`, lower case where the letter has a lower case.
    pub fn name_ok(name: &str) -> bool {
        (1..=MAX_NAME).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| matches!(c, '-' | '_' | '\'') || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    fn chars(value: &Json) -> usize {
        match value {
            Json::String(text) => text.chars().count(),
            Json::Number(number) => number.to_string().chars().count(),
            _ => 0,
        }
    }

    /// A field's size: its longest localization, the default included.
    fn field(object: &Json, key: &str) -> usize {
        let localized = object[format!("{key}_localizations")]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(_, text)| chars(text));
        localized.chain([chars(&object[key])]).max().unwrap_or(0)
    }

    /// The size Discord counts against [`MAX_TOTAL`].
    pub fn size(object: &Json) -> usize {
        let own = field(object, "name") + field(object, "description") + field(object, "value");
        let nested: usize = ["options", "choices"]
            .iter()
            .flat_map(|key| object[*key].as_array().into_iter().flatten())
            .map(size)
            .sum();
        own + nested
    }

    fn check_names(object: &Json, what: &str, description: bool) {
        let name = object["name"].as_str().unwrap();
        assert!(name_ok(name), "{what}: name {name:?}");
        for (_, localized) in object["name_localizations"].as_object().into_iter().flatten() {
            assert!(name_ok(localized.as_str().unwrap()), "{what}: {localized}");
        }
        if description {
            let texts = object["description_localizations"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(_, text)| text.as_str().unwrap())
                .chain([object["description"].as_str().unwrap()]);
            for text in texts {
                assert!(
                    (1..=MAX_DESCRIPTION).contains(&text.chars().count()),
                    "{what}: {text}"
                );
                assert!(
                    !text.starts_with("discord-") && !text.starts_with("help-"),
                    "{what}: {text}"
                );
            }
            assert_ne!(
                object["description"], object["description_localizations"]["fr"],
                "{what} is not translated"
            );
        }
    }

    /// Names unique at one level, in every language.
    fn check_unique(options: &[Json], what: &str) {
        let mut seen: Vec<String> = Vec::new();
        for option in options {
            let names = object_names(option);
            for name in names {
                assert!(!seen.contains(&name), "{what}: two options named {name}");
                seen.push(name);
            }
        }
    }

    fn object_names(option: &Json) -> Vec<String> {
        let mut names = vec![option["name"].as_str().unwrap().to_owned()];
        for (locale, name) in option["name_localizations"].as_object().into_iter().flatten() {
            names.push(format!("{locale}:{}", name.as_str().unwrap()));
        }
        names
    }

    /// A value option: its choices, bounds and order.
    fn check_value(option: &Json, what: &str) {
        check_names(option, what, true);
        let choices = option["choices"].as_array();
        assert!(choices.is_none_or(|c| c.len() <= MAX_CHOICES), "{what}: choices");
        assert!(
            !(choices.is_some_and(|c| !c.is_empty()) && option["autocomplete"] == true),
            "{what}: autocomplete with choices"
        );
        for choice in choices.into_iter().flatten() {
            for text in [&choice["name"]].into_iter().chain(
                choice["name_localizations"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(_, t)| t),
            ) {
                assert!(
                    (1..=MAX_CHOICE_TEXT).contains(&text.as_str().unwrap().chars().count()),
                    "{what}"
                );
            }
            if option["type"] == STRING {
                assert!(
                    choice["value"].as_str().unwrap().chars().count() <= MAX_CHOICE_TEXT,
                    "{what}"
                );
            }
        }
        for bound in ["min_length", "max_length"] {
            assert!(
                option[bound].as_u64().is_none_or(|n| n <= 6000),
                "{what}: {bound}"
            );
        }
    }

    /// Options of one subcommand: values only, at most 25, required ones first.
    fn check_subcommand(sub: &Json, what: &str) {
        check_names(sub, what, true);
        let options: Vec<Json> = sub["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= MAX_OPTIONS, "{what}: options");
        check_unique(&options, what);
        let mut optional_seen = false;
        for option in &options {
            let name = format!("{what} {}", option["name"]);
            let kind = option["type"].as_u64().unwrap();
            assert!(kind != SUB_COMMAND && kind != SUB_COMMAND_GROUP, "{name}: nested");
            let required = option["required"].as_bool().unwrap_or(false);
            assert!(!(required && optional_seen), "{name}: required after optional");
            optional_seen |= !required;
            check_value(option, &name);
        }
    }

    /// Every limit on one top-level command; the number of verbs it still has room for, by
    /// slots and by size (a new verb taken as large as the average one).
    pub fn check_command(root: &Json) -> usize {
        let what = root["name"].as_str().unwrap();
        if super::takes_options_directly(root) {
            // `/learn`: a verb that is a command of its own, its options checked as a
            // subcommand's. It holds no other verb.
            check_subcommand(root, what);
            assert!(size(root) <= MAX_TOTAL, "{what}: {} characters", size(root));
            return 0;
        }
        check_names(root, what, true);
        let options = root["options"].as_array().unwrap();
        assert!(options.len() <= MAX_OPTIONS, "{what}: {} options", options.len());
        check_unique(options, what);
        let mut verbs = 0;
        let mut free_slots = (MAX_OPTIONS - options.len()) * MAX_OPTIONS;
        for option in options {
            let name = format!("{what} {}", option["name"]);
            match option["type"].as_u64().unwrap() {
                SUB_COMMAND => {
                    check_subcommand(option, &name);
                    verbs += 1;
                }
                SUB_COMMAND_GROUP => {
                    check_names(option, &name, true);
                    let subs = option["options"].as_array().unwrap();
                    assert!(
                        (1..=MAX_OPTIONS).contains(&subs.len()),
                        "{name}: {} subcommands",
                        subs.len()
                    );
                    check_unique(subs, &name);
                    for sub in subs {
                        assert_eq!(sub["type"], SUB_COMMAND, "{name}: only subcommands in a group");
                        check_subcommand(sub, &format!("{name} {}", sub["name"]));
                    }
                    verbs += subs.len();
                    free_slots += MAX_OPTIONS - subs.len();
                }
                other => panic!("{name}: a value option ({other}) beside subcommands"),
            }
        }
        let size = size(root);
        assert!(size <= MAX_TOTAL, "{what}: {size} characters");
        let by_size = (MAX_TOTAL - size) / (size / verbs).max(1);
        free_slots.min(by_size)
    }
}

/// Whether a top-level command is a verb of its own whose options are its arguments (`/learn`).
pub(super) fn takes_options_directly(root: &serde_json::Value) -> bool {
    let name = root["name"].as_str().unwrap_or_default();
    lalao_app::command::grammar::command_verb(name).is_some()
}

#[test]
fn definitions_fit_discord_limits_and_are_localized() {
    let commands = serde_json::to_value(definitions()).unwrap();
    let commands = commands.as_array().unwrap();
    assert_eq!(commands.len(), SLASH_COMMANDS.len());
    assert!(commands.len() <= discord_limits::MAX_COMMANDS);
    let mut room = Vec::new();
    for root in commands {
        room.push((
            root["name"].as_str().unwrap().to_owned(),
            discord_limits::check_command(root),
        ));
    }
    // `/lalao` has room for the verbs to come (lessons, puzzles, reviews, rematches).
    let lalao = room.iter().find(|(name, _)| name == "lalao").unwrap().1;
    assert!(lalao >= 15, "/lalao has room for {lalao} more verbs: {room:?}");
    // Every verb is a subcommand of exactly one command (a subverb, of its parent's group or
    // command), and there is room for 40 verbs in all, with more to spare.
    let mut registered = 0;
    for root in commands {
        if takes_options_directly(root) {
            registered += 1;
            continue;
        }
        for option in root["options"].as_array().unwrap() {
            registered += option["options"]
                .as_array()
                .filter(|_| option["type"] == discord_limits::SUB_COMMAND_GROUP)
                .map_or(1, Vec::len);
        }
    }
    let verbs: usize = VERBS.iter().map(|verb| verb.subverbs.len().max(1)).sum();
    assert_eq!(registered, verbs);
    assert!(verbs >= 40, "{verbs}");
}

#[test]
fn play_with_opponent_options_and_variants() {
    let inv = invocation(json!([{"name": "play", "type": 1, "options": [
        {"name": "game", "type": 3, "value": "fano"},
        {"name": "opponent", "type": 6, "value": "1300000000000000502"},
        {"name": "options", "type": 3, "value": "cells=9 misere"}
    ]}]));
    assert_eq!(
        inv.line().as_deref(),
        Some("play fano <@1300000000000000502> cells=9 misere")
    );
    assert_eq!(
        command(&inv),
        Command::Play(PlaySpec {
            game: GameKind::Fano,
            opponent: Some(Opponent::Named("<@1300000000000000502>".into())),
            options: vec![("cells".into(), "9".into())],
            variants: vec!["misere".into()],
            side: None,
            position: None,
        })
    );
}

#[test]
fn practice_open_and_computer_challenges() {
    let practice = invocation(json!([{"name": "play", "type": 1, "options": [
        {"name": "game", "type": 3, "value": "fano"}, {"name": "practice", "type": 5, "value": true}
    ]}]));
    assert!(matches!(
        command(&practice),
        Command::Play(PlaySpec {
            opponent: Some(Opponent::Practice),
            ..
        })
    ));
    // No opponent: the platform's default, an open challenge in a chat channel.
    let open = invocation(
        json!([{"name": "play", "type": 1, "options": [{"name": "game", "type": 3, "value": "fano"}]}]),
    );
    assert!(matches!(
        command(&open),
        Command::Play(PlaySpec { opponent: None, .. })
    ));
    // The computer, as a flag or as words of `options`: the same command as typed.
    let computer = invocation(json!([{"name": "play", "type": 1, "options": [
        {"name": "game", "type": 3, "value": "katro"}, {"name": "computer", "type": 5, "value": true},
        {"name": "level", "type": 3, "value": "hard"}
    ]}]));
    let words = invocation(json!([{"name": "play", "type": 1, "options": [
        {"name": "game", "type": 3, "value": "katro"}, {"name": "options", "type": 3, "value": "bot level=hard"}
    ]}]));
    assert_eq!(command(&computer), command(&words));
    assert!(matches!(
        command(&computer),
        Command::Play(PlaySpec {
            opponent: Some(Opponent::Computer(lalao_core::ai::Level::Hard)),
            ..
        })
    ));
}

#[test]
fn move_with_match_and_autocomplete_focus() {
    let inv = invocation(json!([{"name": "move", "type": 1, "options": [
        {"name": "move", "type": 3, "value": " 2-3 "}, {"name": "match", "type": 4, "value": 12}
    ]}]));
    assert_eq!(inv.line().as_deref(), Some("move 2-3 #12"));
    assert_eq!(
        command(&inv),
        Command::Move {
            id: Some(MatchId(12)),
            text: "2-3".into(),
            explicit: true
        }
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
        assert_eq!(command(&invocation(json!([case]))).name(), name);
    }
    // A class verb: the subcommand of the `class` group.
    let class = |sub: serde_json::Value| {
        let options: Vec<CommandDataOption> = serde_json::from_value(json!([sub.clone()])).unwrap();
        let invocation = Invocation::from_options("class", &options).unwrap();
        // A subcommand group of another command reads the same.
        let grouped: Vec<CommandDataOption> =
            serde_json::from_value(json!([{"name": "class", "type": 2, "options": [sub]}])).unwrap();
        assert_eq!(
            Invocation::from_options("lalao", &grouped).unwrap().line(),
            invocation.line()
        );
        invocation
    };
    let add = class(
        json!({"name": "add", "type": 1, "options": [{"name": "pupils", "type": 3, "value": "Ana Bob"}]}),
    );
    assert_eq!(add.path(), ["class", "add"]);
    assert_eq!(add.line().as_deref(), Some("class add Ana Bob"));
    let result = class(json!({"name": "result", "type": 1, "options": [
        {"name": "match", "type": 4, "value": 4},
        {"name": "winner", "type": 3, "value": "draw"}
    ]}));
    assert_eq!(result.line().as_deref(), Some("class result #4 draw"));
    assert_eq!(result.match_id(), Some(MatchId(4)));
    let class_name = |invocation: &Invocation| match command(invocation) {
        Command::Class(class) => class.name(),
        other => panic!("{other:?}"),
    };
    assert_eq!(class_name(&result), "class-result");
    let tournament = class(json!({"name": "tournament", "type": 1, "options": [
        {"name": "game", "type": 3, "value": "fano"},
        {"name": "options", "type": 3, "value": "cells=7"},
        {"name": "swiss", "type": 5, "value": true},
        {"name": "rounds", "type": 4, "value": 3}
    ]}));
    assert_eq!(
        tournament.line().as_deref(),
        Some("class tournament fano cells=7 swiss rounds=3")
    );
    let link =
        class(json!({"name": "link", "type": 1, "options": [{"name": "new", "type": 5, "value": true}]}));
    assert_eq!(class_name(&link), "class-link-new");
    // A client that still has the definitions from before the group sends free words.
    let old = invocation(
        json!([{"name": "class", "type": 1, "options": [{"name": "words", "type": 3, "value": "standings"}]}]),
    );
    assert_eq!(class_name(&old), "class-standings");
    for name in ["claim", "waive"] {
        let case = json!({"name": name, "type": 1, "options": [{"name": "match", "type": 4, "value": 3}]});
        let command = command(&invocation(json!([case])));
        assert_eq!(command.name(), name);
        assert_eq!(command.match_id(), Some(MatchId(3)));
    }
    // One subcommand per verb of the grammar, under its command, named as the grammar names it.
    let definitions = serde_json::to_value(definitions()).unwrap();
    let subcommands: Vec<(&str, &serde_json::Value)> = definitions
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|command| {
            let name = command["name"].as_str().unwrap();
            // A verb that is a command of its own stands for itself (its options are its args).
            let subs: Vec<&serde_json::Value> = match takes_options_directly(command) {
                true => vec![command],
                false => command["options"].as_array().unwrap().iter().collect(),
            };
            subs.into_iter().map(move |sub| (name, sub))
        })
        .collect();
    let verbs: Vec<&Verb> = VERBS
        .iter()
        .flat_map(
            |verb| match verb.is_slash_command() && !verb.subverbs.is_empty() {
                true => verb.subverbs.iter().collect::<Vec<_>>(),
                false => vec![verb],
            },
        )
        .collect();
    assert_eq!(subcommands.len(), verbs.len());
    for verb in verbs {
        let (command, sub) = subcommands
            .iter()
            .find(|(command, sub)| sub["name"] == verb.en && *command == verb.slash.en)
            .unwrap_or_else(|| panic!("{} is registered under /{}", verb.en, verb.slash.en));
        assert_eq!(*command, verb.slash.en);
        assert_eq!(sub["name"], verb.en);
        assert_eq!(sub["name_localizations"]["fr"], verb.fr);
        let options: Vec<&str> = sub["options"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|option| option["name"].as_str().unwrap())
            .collect();
        // A verb's options are its arguments; a verb with subverbs is a group of them.
        let args: Vec<&str> = verb
            .args
            .iter()
            .map(|arg| arg.en)
            .chain(verb.subverbs.iter().map(|sub| sub.en))
            .collect();
        assert_eq!(options, args, "{}", verb.en);
    }
    assert_eq!(
        invocation(json!([{"name": "nonsense", "type": 1, "options": []}])).line(),
        None
    );
    assert_eq!(
        invocation(json!([{"name": "nonsense", "type": 1, "options": []}])).command(),
        None
    );
}

#[test]
fn a_verb_is_read_under_any_command_so_a_client_with_old_definitions_still_works() {
    let options: Vec<CommandDataOption> =
        serde_json::from_value(json!([{"name": "claim", "type": 1, "options": [
            {"name": "match", "type": 4, "value": 3}
        ]}]))
        .unwrap();
    for command in ["clock", "lalao"] {
        let inv = Invocation::from_options(command, &options).unwrap();
        assert_eq!(inv.line().as_deref(), Some("claim #3"));
    }
    assert!(Invocation::from_options("other", &options).is_none());
}

#[test]
fn help_topics_are_suggested_as_typed_in_the_reader_s_language() {
    assert_eq!(
        topics("cl", Locale::En),
        [
            ("claim".to_owned(), "claim".to_owned()),
            ("class".to_owned(), "class".to_owned()),
            ("decline".to_owned(), "decline".to_owned())
        ]
    );
    assert_eq!(topics("part", Locale::Fr), []);
    assert_eq!(
        topics("vac", Locale::Fr),
        [("vacances".to_owned(), "vacation".to_owned())]
    );
    // Nothing typed yet: the first 25 verbs, as Discord shows at most 25 choices.
    assert_eq!(topics("", Locale::En).len(), DISCORD_MAX_CHOICES.min(VERBS.len()));
}

#[test]
fn learn_is_a_command_of_its_own_whose_options_are_its_arguments() {
    let learn = |options: serde_json::Value| {
        let options: Vec<CommandDataOption> = serde_json::from_value(options).unwrap();
        Invocation::from_options("learn", &options).unwrap()
    };
    let bare = learn(json!([]));
    assert_eq!(bare.line().as_deref(), Some("learn"));
    assert_eq!(
        command(&bare),
        Command::Learn {
            game: None,
            lesson: None
        }
    );
    let lesson = learn(json!([
        {"name": "game", "type": 3, "value": "katro"},
        {"name": "lesson", "type": 4, "value": 2}
    ]));
    assert_eq!(lesson.line().as_deref(), Some("learn katro 2"));
    assert_eq!(
        command(&lesson),
        Command::Learn {
            game: Some(GameKind::Katro),
            lesson: Some(2)
        }
    );
    assert!(is_private(&lesson.path()));
    // How the bot writes it where Discord users read it.
    assert_eq!(
        lalao_app::command::grammar::typed(
            Locale::Fr,
            lalao_app::command::grammar::Surface::Slash,
            "learn",
            ""
        ),
        "`/apprendre`"
    );
}
