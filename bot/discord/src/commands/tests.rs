use serde_json::json;

use lalao_app::command::{Command, Opponent, PlaySpec, TimeoutAction};
use lalao_app::ids::MatchId;
use lalao_core::GameKind;

use super::*;

fn invocation(value: serde_json::Value) -> Invocation {
    let options: Vec<CommandDataOption> = serde_json::from_value(value).unwrap();
    Invocation::from_options("lalao", &options).unwrap()
}

/// The command the application reads from an invocation's line.
fn command(invocation: &Invocation) -> Command {
    let line = invocation.line().expect("a subcommand of the grammar");
    match lalao_app::command::parse(&line, false) {
        Ok(Some(command)) => command,
        other => panic!("`{line}`: {other:?}"),
    }
}

#[test]
fn definitions_fit_discord_limits_and_are_localized() {
    let commands = serde_json::to_value(definitions()).unwrap();
    let commands = commands.as_array().unwrap();
    assert_eq!(commands.len(), SLASH_COMMANDS.len());
    // Every verb is a subcommand of exactly one command, and each command leaves room for
    // more (Discord allows 25 subcommands).
    let mut all: Vec<serde_json::Value> = Vec::new();
    for root in commands {
        let subs = root["options"].as_array().unwrap();
        assert!(subs.len() <= 23, "{}: {} subcommands", root["name"], subs.len());
        assert!((1..=100).contains(&root["description"].as_str().unwrap().chars().count()));
        assert_ne!(root["description"], root["description_localizations"]["fr"]);
        all.extend(subs.iter().cloned());
    }
    assert_eq!(all.len(), VERBS.len());
    let subs = &all;
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
            assert!(option["choices"]
                .as_array()
                .is_none_or(|c| c.len() <= DISCORD_MAX_CHOICES));
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
            command["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |sub| (name, sub))
        })
        .collect();
    assert_eq!(subcommands.len(), VERBS.len());
    for verb in VERBS {
        let (command, sub) = subcommands
            .iter()
            .find(|(_, sub)| sub["name"] == verb.en)
            .unwrap_or_else(|| panic!("{} is registered", verb.en));
        assert_eq!(*command, verb.slash.en);
        assert_eq!(sub["name"], verb.en);
        assert_eq!(sub["name_localizations"]["fr"], verb.fr);
        let options: Vec<&str> = sub["options"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|option| option["name"].as_str().unwrap())
            .collect();
        let args: Vec<&str> = verb.args.iter().map(|arg| arg.en).collect();
        assert_eq!(options, args, "{}", verb.en);
    }
    assert_eq!(
        invocation(json!([{"name": "nonsense", "type": 1, "options": []}])).line(),
        None
    );
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
    for (case, line, expected) in cases {
        let invocation = invocation(json!([case]));
        assert_eq!(invocation.line().as_deref(), Some(line));
        assert_eq!(command(&invocation), expected, "{line}");
    }
    // A mistake in the small language is the grammar's to explain.
    let bad = invocation(json!([{"name": "grant", "type": 1, "options": [
        {"name": "time", "type": 3, "value": "soon"}
    ]}]));
    assert!(lalao_app::command::parse(&bad.line().unwrap(), false).is_err());
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
