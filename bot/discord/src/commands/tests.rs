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
        let case = json!({"name": name, "type": 1, "options": [{"name": "match", "type": 4, "value": 3}]});
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
