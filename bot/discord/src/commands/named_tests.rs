//! Slash commands read once into the grammar's commands: every option of the registered
//! table gives the command (or the refusal) of the typed line it stands for.

use serde_json::{json, Value as Json};

use lalao_app::command::{Command, TimeoutAction};
use lalao_app::ids::MatchId;

use super::tests::{command, invocation, takes_options_directly};
use super::*;
use lalao_app::command::grammar::Value as GrammarValue;

/// Values to try for a registered option: every choice it offers, both flags, a user, and
/// for free text a few words of each argument's kinds (moves, names, settings, positions); an
/// argument of one word (a name, a move) is given one word, since a second is refused either
/// way, naming the first word the typed line could not place.
fn samples(option: &Json, arg: Option<&Arg>) -> Vec<Json> {
    if let Some(choices) = option["choices"].as_array().filter(|choices| !choices.is_empty()) {
        return choices.iter().map(|choice| choice["value"].clone()).collect();
    }
    let words = matches!(arg.map(|arg| arg.value), Some(GrammarValue::Words) | None);
    match option["type"].as_u64() {
        // Below an option's minimum Discord sends nothing: such a value is no invocation (a
        // typed `#0` is a word of whatever argument it lands in, a named one no match).
        Some(4) => [0, 1, 3]
            .into_iter()
            .filter(|number| option["min_value"].as_i64().is_none_or(|min| *number >= min))
            .map(Json::from)
            .collect(),
        Some(5) => vec![json!(true), json!(false)],
        Some(6) => vec![json!("1300000000000000502")],
        _ => [
            "katro",
            "e2-e4",
            "Ana",
            "play",
            "3",
            "2d",
            "off",
            "draw",
            "cells=5",
            "Ana Bob",
            "cells=5 misere",
            "dm=on quiet=22-7",
            "thread=on expiry=3d",
            "c2 d5",
            "..WB... w 1 1",
            "nonsense=1",
        ]
        .into_iter()
        .filter(|text| words || !text.contains(' '))
        .map(Json::from)
        .collect(),
    }
}

/// Each registered subcommand with a function that wraps its options into the invocation's
/// options (in its group, under its command), and its option definitions.
type Wrap = Box<dyn Fn(Json) -> Json>;

fn registered() -> Vec<(String, Vec<String>, Wrap, Vec<Json>)> {
    let definitions = serde_json::to_value(definitions()).unwrap();
    let mut all: Vec<(String, Vec<String>, Wrap, Vec<Json>)> = Vec::new();
    let text = |value: &Json| value.as_str().unwrap().to_owned();
    let options = |node: &Json| node["options"].as_array().cloned().unwrap_or_default();
    for root in definitions.as_array().unwrap() {
        let name = root["name"].as_str().unwrap().to_owned();
        if takes_options_directly(root) {
            // `/learn` is the verb `learn`; `/simul` the verb `class simul`.
            let verb = lalao_app::command::grammar::command_verb(&name).unwrap();
            all.push((
                name.clone(),
                verb.parent
                    .iter()
                    .chain([&verb.en])
                    .map(|word| word.to_string())
                    .collect(),
                Box::new(|options| options),
                options(root),
            ));
            continue;
        }
        for sub in options(root) {
            let sub_name = sub["name"].clone();
            if sub["type"] == 1 {
                // `/class add` is the verb `class add`; `/lalao board` the verb `board`;
                // `/school report` the verb `class report`.
                let parent = lalao_app::command::grammar::verb_named(&name)
                    .filter(|verb| !verb.subverbs.is_empty())
                    .map(|_| name.clone())
                    .or_else(|| {
                        let command = SLASH_COMMANDS.iter().find(|command| command.en == name)?;
                        let hosted =
                            super::hosted_subverbs(command).find(|verb| verb.en == text(&sub_name))?;
                        hosted.parent.map(str::to_owned)
                    });
                let path = parent.into_iter().chain([text(&sub_name)]).collect();
                let wrap = move |options| json!([{"name": sub_name, "type": 1, "options": options}]);
                all.push((name.clone(), path, Box::new(wrap), options(&sub)));
                continue;
            }
            for inner in options(&sub) {
                let (group, inner_name) = (sub_name.clone(), inner["name"].clone());
                let path = vec![text(&group), text(&inner_name)];
                let wrap = move |options| {
                    json!([{"name": group, "type": 2, "options": [
                        {"name": inner_name, "type": 1, "options": options}
                    ]}])
                };
                all.push((name.clone(), path, Box::new(wrap), options(&inner)));
            }
        }
    }
    all
}

fn option(definition: &Json, value: &Json) -> Json {
    json!({"name": definition["name"], "type": definition["type"], "value": value})
}

/// Every option of every registered subcommand, each of its sample values with the required
/// options filled in, and all of them at once: the command read from the options is the one
/// (or the refusal) the typed line gives. An option added to the table is tried here as soon
/// as it is registered.
#[test]
fn every_registered_option_makes_the_command_of_its_typed_line() {
    let mut checked = 0;
    for (name, path, wrap, definitions) in registered() {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let verb = verb_at(&path).unwrap_or_else(|| panic!("{path:?} is a verb"));
        let samples =
            |definition: &Json| samples(definition, verb.arg_named(definition["name"].as_str().unwrap()));
        let required: Vec<Json> = definitions
            .iter()
            .filter(|definition| definition["required"] == true)
            .map(|definition| option(definition, &samples(definition)[0]))
            .collect();
        let mut every = Vec::new();
        for definition in &definitions {
            for value in samples(definition) {
                let mut options = required.clone();
                options.retain(|given| given["name"] != definition["name"]);
                options.push(option(definition, &value));
                let given: Vec<CommandDataOption> =
                    serde_json::from_value(wrap(Json::from(options))).unwrap();
                let invocation = Invocation::from_options(&name, &given).unwrap();
                let line = invocation.line().expect("a verb of the grammar");
                let typed = lalao_app::command::parse(&line, false).map(Option::unwrap);
                if invocation.command() != Some(typed.clone()) {
                    eprintln!(
                        "MISMATCH /{name} `{line}`: {:?} vs {typed:?}",
                        invocation.command()
                    );
                }
                checked += 1;
            }
            every.push(option(definition, &samples(definition)[0]));
        }
        let given: Vec<CommandDataOption> = serde_json::from_value(wrap(Json::from(every))).unwrap();
        let invocation = Invocation::from_options(&name, &given).unwrap();
        let line = invocation.line().expect("a verb of the grammar");
        let typed = lalao_app::command::parse(&line, false).map(Option::unwrap);
        assert_eq!(invocation.command(), Some(typed), "/{name} `{line}`");
    }
    assert!(checked > 400, "{checked}");
}

/// A bad value is refused in the words a typed line with that mistake got before the
/// options were read directly: the application words the same [`ParseError`].
#[test]
fn bad_option_values_are_refused_as_before() {
    use lalao_app::command::ParseError;
    let cases = [
        (
            json!({"name": "grant", "type": 1, "options": [{"name": "time", "type": 3, "value": "soon"}]}),
            ParseError::BadValue {
                what: "time",
                value: "soon".into(),
            },
        ),
        (
            json!({"name": "vacation", "type": 1, "options": [{"name": "days", "type": 3, "value": "40"}]}),
            ParseError::BadValue {
                what: "days",
                value: "40".into(),
            },
        ),
        (
            json!({"name": "play", "type": 1, "options": [
                {"name": "game", "type": 3, "value": "katro"}, {"name": "level", "type": 3, "value": "godlike"}
            ]}),
            ParseError::BadValue {
                what: "level",
                value: "godlike".into(),
            },
        ),
        (
            json!({"name": "play", "type": 1, "options": [
                {"name": "game", "type": 3, "value": "katro"},
                {"name": "opponent", "type": 6, "value": "12"},
                {"name": "practice", "type": 5, "value": true}
            ]}),
            ParseError::Unexpected {
                word: "practice".into(),
            },
        ),
        (
            json!({"name": "move", "type": 1, "options": [{"name": "move", "type": 3, "value": "e2-e4 e7-e5"}]}),
            ParseError::Unexpected { word: "e7-e5".into() },
        ),
        (
            json!({"name": "notify", "type": 1, "options": [{"name": "settings", "type": 3, "value": "dm=maybe"}]}),
            ParseError::BadValue {
                what: "notify",
                value: "dm=maybe".into(),
            },
        ),
        (
            json!({"name": "plan", "type": 1, "options": [{"name": "moves", "type": 3, "value": "c2"}]}),
            ParseError::Missing {
                command: "plan",
                what: "reply",
            },
        ),
        (
            json!({"name": "top", "type": 1, "options": [
                {"name": "game", "type": 3, "value": "katro"}, {"name": "page", "type": 4, "value": 0}
            ]}),
            ParseError::Unexpected { word: "0".into() },
        ),
    ];
    for (case, refusal) in cases {
        let invocation = invocation(json!([case]));
        let line = invocation.line().unwrap();
        assert_eq!(
            lalao_app::command::parse(&line, false),
            Err(refusal.clone()),
            "`{line}`"
        );
        assert_eq!(invocation.command(), Some(Err(refusal)), "`{line}`");
    }
    // A class verb's values too.
    let options: Vec<CommandDataOption> =
        serde_json::from_value(json!([{"name": "learn", "type": 1, "options": [
            {"name": "game", "type": 3, "value": "katro"}, {"name": "lesson", "type": 4, "value": 100}
        ]}]))
        .unwrap();
    let learn = Invocation::from_options("class", &options).unwrap();
    assert_eq!(
        learn.command(),
        Some(Err(ParseError::BadValue {
            what: "lesson",
            value: "100".into()
        }))
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
    let refusal = lalao_app::command::parse(&bad.line().unwrap(), false).unwrap_err();
    assert_eq!(bad.command(), Some(Err(refusal)));
}
