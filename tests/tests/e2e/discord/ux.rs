//! On Discord: the commands the bot tells people to type work when typed as written
//! (Discord reads no message text, so they are `/lalao …` commands), people are named rather
//! than numbered, and the end of a game is a message of its own that mentions both players.

use serde_json::Value;

use lalao_app::command::grammar::{verb_of, Value as ArgValue};

use super::bot::Setup;
use super::fixtures::{Opt, ANA, BODO, CLARA};
use super::gateway::{id_of, move_id, person};
use super::{mentioned, move_labels, Table};
use crate::support::instruction;

/// A typed `/lalao verb name:value …` (or `/clock …`, `/pendule …`, `/class verb …`) as the
/// Discord client sends it: the verb's path (`accept`, `class add`) and its options under their
/// default (English) names, whatever language they were typed in. The verb must be one of the
/// command typed.
pub(super) fn as_sent(line: &str) -> (String, Vec<Opt>) {
    let (command, rest) = line
        .strip_prefix('/')
        .and_then(|line| line.split_once(' '))
        .expect("a slash command");
    let mut words = rest.split(' ');
    let first = words.next().unwrap();
    // `/class add`: the command is a verb of its own, and the first word its subverb.
    let verb = match verb_of(command).filter(|verb| verb.is_slash_command()) {
        Some(parent) => parent.subverb_of(first).expect("a verb of the command"),
        None => verb_of(first).expect("a verb of lalao"),
    };
    assert!(
        command == verb.slash.en || command == verb.slash.fr,
        "`{line}`: {} is a subcommand of /{}",
        verb.en,
        verb.slash.en
    );
    // Options hold spaces (`pupils:Ana Bob`): a word without a name continues the last value.
    let mut options: Vec<Opt> = Vec::new();
    let mut texts: Vec<(&'static str, String)> = Vec::new();
    for option in words {
        match option
            .split_once(':')
            .and_then(|(name, value)| Some((verb.arg_named(name)?, value)))
        {
            Some((arg, value)) => match value.parse::<i64>() {
                Ok(number) if matches!(arg.value, ArgValue::Match | ArgValue::Number | ArgValue::Coins) => {
                    options.push(Opt::Int(arg.en, number))
                }
                _ if value == "True" => options.push(Opt::Bool(arg.en, true)),
                _ => texts.push((arg.en, value.to_owned())),
            },
            None => {
                let (_, last) = texts.last_mut().expect("name:value");
                last.push(' ');
                last.push_str(option);
            }
        }
    }
    options.extend(texts.into_iter().map(|(name, value)| Opt::str(name, &value)));
    let path = match verb.parent {
        Some(parent) => format!("{parent} {}", verb.en),
        None => verb.en.to_owned(),
    };
    (path, options)
}

#[test]
fn discord_instructions_work_as_typed_people_are_named_and_the_end_tells_both() {
    let mut table = Table::gateway(Setup::default());
    // Clara has never written to lalao: her name comes with Bodo's command.
    let (play, _) = table.slash(
        BODO,
        "play",
        &[
            Opt::str("game", "fano"),
            Opt::User("opponent", CLARA),
            Opt::str("options", "cells=5"),
        ],
    );
    let challenge = table.original(&play);
    let content = challenge["content"].as_str().unwrap().to_owned();
    assert!(
        content.contains(
            "Bodo challenges Clara to Fano! Clara, type `/lalao accept match:1` or `/lalao decline match:1`."
        ),
        "{content}"
    );
    // Clara types the instruction as written.
    let (sub, options) = as_sent(&instruction(&content, "/lalao accept"));
    let (accept, call) = table.slash(CLARA, &sub, &options);
    let accepted = call.body["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(accepted.contains("Clara accepts!"), "{}", call.body);

    // Play on with the buttons of the board that answer brought, to the end.
    let board_id = id_of(&table.original(&accept));
    let mut board: Value = table.peer.message(board_id);
    let mut plies = 0;
    let mark = loop {
        let labels = move_labels(&board);
        let Some(text) = labels.first().cloned() else {
            panic!("the game ended without its message: {board}")
        };
        let mark = table.peer.mark();
        table.click(person(mentioned(&board)[0]), &board, &move_id(&board, &text));
        board = table.peer.message(board_id);
        plies += 1;
        assert!(plies < 100, "a fano-5 game ends");
        if move_labels(&board).is_empty() {
            break mark;
        }
    };
    // The end: a new message, after the board's last edit, mentioning both players.
    let over: Vec<Value> = table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| {
            call.method == "POST"
                && call.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("is over"))
        })
        .map(|call| call.body)
        .collect();
    assert_eq!(over.len(), 1, "one end-of-game message");
    let text = over[0]["content"].as_str().unwrap();
    assert!(text.contains("Bodo and Clara: match #1 is over."), "{text}");
    let mut pinged: Vec<String> = over[0]["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap().to_owned())
        .collect();
    pinged.sort();
    assert_eq!(pinged, [BODO.id.to_string(), CLARA.id.to_string()]);
    table.peer.assert_no_unknown_routes();
}

/// Help topics are every verb, more than Discord's 25 choices: they are suggested
/// as typed, in the reader's client language, and the chosen value is read back as the topic.
#[test]
fn discord_help_topics_are_suggested_as_typed() {
    let mut table = Table::gateway(Setup::default());
    let ask = |table: &mut Table, who, typed: &str| -> Vec<(String, String)> {
        let interaction =
            super::fixtures::autocomplete(&table.peer, who, "help", &[Opt::str("topic", typed)], "topic");
        let call = table.send(&interaction);
        assert_eq!(call.body["type"], 8, "{}", call.body);
        call.body["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|choice| {
                (
                    choice["name"].as_str().unwrap().to_owned(),
                    choice["value"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let pair = |name: &str, value: &str| (name.to_owned(), value.to_owned());
    // Bodo's client speaks English, Ana's French.
    assert_eq!(
        ask(&mut table, BODO, "cla"),
        [pair("claim", "claim"), pair("class", "class")]
    );
    assert_eq!(ask(&mut table, ANA, "vac"), [pair("vacances", "vacation")]);
    let (_, call) = table.slash(BODO, "help", &[Opt::str("topic", "claim")]);
    let said = call.body["data"]["content"].as_str().unwrap_or_default();
    assert!(said.contains("/clock claim"), "{said}");
}
