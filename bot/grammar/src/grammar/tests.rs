use lalao_core::GameKind;
use lalao_renderer::Locale;

use super::vocabulary::ALL;
use super::*;
use crate::{command_name, parse, Answer, Command, ListScope, Look, Opponent, Parity, ParseError};
use lalao_model::ids::MatchId;

/// Values a platform could deliver for `arg` (every value of a closed list).
fn samples(verb: &Verb, arg: &Arg) -> Vec<Given> {
    let text = |words: &[&str]| words.iter().map(|word| Given::Text((*word).to_owned())).collect();
    match arg.value {
        Value::Match => vec![Given::Number(3)],
        Value::Choice(vocabulary) => text(&vocabulary.words.iter().map(|word| word.id).collect::<Vec<_>>()),
        Value::Player => vec![Given::Player("<@12>".to_owned())],
        Value::Flag => vec![Given::Flag(true), Given::Flag(false)],
        Value::Move => text(&["@3", "e2-e4"]),
        Value::Coins => vec![Given::Number(1), Given::Number(2)],
        // A vote's turn lasts 10 seconds at least.
        Value::Number if arg.en == "seconds" => vec![Given::Number(30)],
        Value::Number => vec![Given::Number(2)],
        Value::Topic => text(&VERBS.iter().map(|verb| verb.en).collect::<Vec<_>>()),
        Value::Name => match arg.en {
            "winner" => text(&["Ana", "draw"]),
            "second" => text(&["Bob"]),
            _ => text(&["Ana"]),
        },
        Value::Words => match (verb.en, arg.en) {
            (_, "position") => text(&["..WB... w 1 1"]),
            ("play", _) => text(&["cells=5", "misere", "time=3d"]),
            ("rules", _) => text(&["misere"]),
            ("grant", _) => text(&["1d", "12h"]),
            ("vacation", _) => text(&["3", "off"]),
            ("notify", _) => text(&["dm=on", "digest quiet=22-7"]),
            ("channel", _) => text(&["thread=on", "expiry=3d"]),
            ("plan", _) => text(&["c2 d5", "@3 @5 @1 @2", "off"]),
            ("add" | "team", "pupils") => text(&["Ana Bob", "Ana"]),
            ("match" | "activity" | "tournament" | "simul" | "vote", "options") => {
                text(&["cells=5", "cells=7 misere"])
            }
            _ => panic!("no sample for {} {}", verb.en, arg.en),
        },
    }
}

/// Every verb of the table and its path of English names (`["class", "add"]`).
fn every_verb() -> Vec<(Vec<&'static str>, &'static Verb)> {
    let mut all = Vec::new();
    for verb in VERBS {
        all.push((vec![verb.en], verb));
        for sub in verb.subverbs {
            all.push((vec![verb.en, sub.en], sub));
        }
    }
    all
}

fn parsed(verb: &Verb, given: &[(String, Given)]) -> Command {
    let path: Vec<&str> = verb.parent.into_iter().chain([verb.en]).collect();
    let line = line_of(&path, given).expect("a verb of the table");
    match parse(&line, false) {
        Ok(Some(command)) => command,
        other => panic!("`{line}` (from {given:?}) does not parse: {other:?}"),
    }
}

/// What Discord (or any platform that collects arguments by name) can send is exactly what the
/// parser reads: every value of every argument of every verb, with the required ones filled in,
/// parses to that verb's command.
#[test]
fn every_value_the_table_offers_parses_to_its_verb() {
    let mut checked = 0;
    for (_, verb) in every_verb() {
        let base: Vec<(String, Given)> = verb
            .args
            .iter()
            .filter(|arg| arg.required)
            .map(|arg| (arg.en.to_owned(), samples(verb, arg).remove(0)))
            .collect();
        for arg in verb.args {
            for value in samples(verb, arg) {
                let mut given = base.clone();
                given.retain(|(name, _)| name != arg.en);
                if (verb.en, arg.en) == ("rules", "variants") {
                    // Variants are of a game (`rules misere` alone asks for the game misere).
                    given.push(("game".to_owned(), Given::Text("fano".to_owned())));
                }
                given.push((arg.en.to_owned(), value));
                let command = parsed(verb, &given);
                match &command {
                    // `class link new` is a command of its own.
                    Command::Class(class) => assert!(class.name().starts_with(&verb.id()), "{given:?}"),
                    _ => assert_eq!(command.name(), verb.id(), "{given:?}"),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
    // The words of a client with the definitions from before the subverbs.
    assert_eq!(
        line_of(
            &["class"],
            &[("words".to_owned(), Given::Text("add Ana Bob".into()))]
        )
        .as_deref(),
        Some("class add Ana Bob")
    );
    assert_eq!(line_of(&["class", "nonsense"], &[]), None);
}

#[test]
fn named_options_mean_what_the_typed_words_mean() {
    let given = |pairs: &[(&str, Given)]| -> Vec<(String, Given)> {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    };
    let play = verb_named("play").unwrap();
    // The computer at a level, from options as well as from flags: the same command.
    let from_flags = parsed(
        play,
        &given(&[
            ("game", Given::Text("katro".into())),
            ("computer", Given::Flag(true)),
            ("level", Given::Text("hard".into())),
        ]),
    );
    let from_words = parsed(
        play,
        &given(&[
            ("game", Given::Text("katro".into())),
            ("options", Given::Text("bot level=hard".into())),
        ]),
    );
    assert_eq!(from_flags, from_words);
    let Command::Play(spec) = from_flags else { panic!() };
    assert_eq!(spec.game, GameKind::Katro);
    assert_eq!(
        spec.opponent,
        Some(Opponent::Computer(lalao_core::ai::Level::Hard))
    );
    let Command::Play(spec) = parsed(
        play,
        &given(&[
            ("game", Given::Text("fano".into())),
            ("opponent", Given::Player("<@12>".into())),
            ("side", Given::Text("black".into())),
            ("options", Given::Text("cells=5 misere".into())),
        ]),
    ) else {
        panic!()
    };
    assert_eq!(spec.opponent, Some(Opponent::Named("<@12>".into())));
    assert_eq!(spec.side.as_deref(), Some("black"));
    assert_eq!(spec.options, [("cells".to_owned(), "5".to_owned())]);
    assert_eq!(spec.variants, ["misere"]);
    assert_eq!(
        parsed(
            verb_named("draw").unwrap(),
            &given(&[
                ("answer", Given::Text("decline".into())),
                ("match", Given::Number(4))
            ])
        ),
        Command::Draw {
            id: Some(MatchId(4)),
            answer: Some(Answer::Decline)
        }
    );
    assert_eq!(
        parsed(
            verb_named("list").unwrap(),
            &given(&[("scope", Given::Text("mine".into()))])
        ),
        Command::List {
            scope: ListScope::Mine
        }
    );
    assert_eq!(
        parsed(
            verb_named("call").unwrap(),
            &given(&[("parity", Given::Text("even".into()))])
        ),
        Command::Call {
            id: None,
            parity: Parity::Even
        }
    );
    assert_eq!(
        parsed(
            verb_named("board").unwrap(),
            &given(&[
                ("style", Given::Text("large".into())),
                ("view", Given::Text("north".into()))
            ])
        ),
        Command::Board {
            id: None,
            style: Look::from_id("large"),
            viewpoint: Some("north".into())
        }
    );
    // A move option is the move, whatever it looks like: never another verb.
    assert_eq!(
        parsed(
            verb_named("move").unwrap(),
            &given(&[("move", Given::Text("resign".into()))])
        ),
        Command::Move {
            id: None,
            text: "resign".into(),
            explicit: true
        }
    );
    assert_eq!(line_of(&["nonsense"], &[]), None);
}

/// Every name of a verb (English, French, other words) reaches that verb, and no word names
/// two verbs or two values of one list.
#[test]
fn every_word_names_one_thing() {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for verb in VERBS {
        for word in [verb.en, verb.fr].iter().chain(verb.also) {
            assert_eq!(command_name(word), Some(verb.en), "{word}");
            assert_eq!(command_name(&word.to_uppercase()), Some(verb.en), "{word}");
            if let Some((_, other)) = seen
                .iter()
                .find(|(seen, other)| seen == word && *other != verb.en)
            {
                panic!("`{word}` names both {other} and {}", verb.en);
            }
            seen.push((word, verb.en));
        }
        let mut seen_sub: Vec<(&str, &str)> = Vec::new();
        for sub in verb.subverbs {
            assert_eq!(sub.parent, Some(verb.en));
            for word in [sub.en, sub.fr].iter().chain(sub.also) {
                assert_eq!(
                    verb.subverb_of(word).map(|found| found.en),
                    Some(sub.en),
                    "{word}"
                );
                if let Some((_, other)) = seen_sub
                    .iter()
                    .find(|(seen, other)| seen == word && *other != sub.en)
                {
                    panic!("`{} {word}` names both {other} and {}", verb.en, sub.en);
                }
                seen_sub.push((word, sub.en));
            }
        }
    }
    // Discord's names: lower case, at most 32 characters, no spaces.
    for (_, verb) in every_verb() {
        for name in [verb.en, verb.fr]
            .into_iter()
            .chain(verb.args.iter().flat_map(|arg| [arg.en, arg.fr]))
        {
            assert!(
                !name.is_empty()
                    && name.chars().count() <= 32
                    && name.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric())
                    && name.to_lowercase() == name,
                "{name}"
            );
        }
    }
    for vocabulary in ALL {
        let mut words: Vec<&str> = Vec::new();
        for value in vocabulary.words {
            for word in [value.id, value.fr].iter().chain(value.also) {
                assert_eq!(vocabulary.find(word), Some(value.id), "{word}");
                if words.contains(word) && *word != value.id {
                    panic!("`{word}` names two {}s", vocabulary.what);
                }
                words.push(word);
            }
        }
    }
    for kind in GameKind::ALL {
        assert!(super::vocabulary::GAMES.find(kind.id()).is_some());
    }
}

#[test]
fn usage_lines_are_written_for_where_they_are_read() {
    let play = verb_named("play").unwrap();
    assert_eq!(
        play.usage(Locale::En, Surface::Bare, false),
        "play <game> [@opponent] [practice] [computer] [level=<level>] \
         [side=white|black|south|north] [options…] [position=<position…>]"
    );
    assert_eq!(
        play.usage(Locale::Fr, Surface::Prefixed, false),
        "!lalao jouer <jeu> [@adversaire] [entrainement] [ordinateur] \
         [niveau=<niveau>] [camp=blanc|noir|sud|nord] [options…] \
         [position=<position…>]"
    );
    assert_eq!(play.usage(Locale::En, Surface::Bare, true), "play <game> …");
    assert_eq!(
        verb_named("move")
            .unwrap()
            .usage(Locale::En, Surface::Slash, false),
        "/lalao move move:… [match:3]"
    );
    assert_eq!(
        verb_named("call")
            .unwrap()
            .usage(Locale::Fr, Surface::Bare, false),
        "annonce impair|pair [#id]"
    );
    assert_eq!(
        verb_named("grant")
            .unwrap()
            .usage(Locale::En, Surface::Prefixed, true),
        "!lalao grant <time…> …"
    );
    let class = verb_named("class").unwrap();
    assert_eq!(class.usage(Locale::En, Surface::Bare, true), "class …");
    assert_eq!(class.usage(Locale::Fr, Surface::Slash, true), "/classe …");
    assert_eq!(
        class
            .subverb_named("match")
            .unwrap()
            .usage(Locale::Fr, Surface::Slash, false),
        "/classe partie premier:… second:… jeu:… [options:…] [position:…]"
    );
    assert_eq!(
        class
            .subverb_named("team")
            .unwrap()
            .usage(Locale::En, Surface::Prefixed, false),
        "!lalao class team <team> <pupils…> [order=rotation|any]"
    );
}

/// A typo one or two letters off names its verb; a short word is not read as a typo of any
/// three-letter verb (`foo` is not `top`).
#[test]
fn typos_suggest_the_nearest_verb_but_short_words_are_not_typos() {
    let nearest = |word: &str| nearest_verb(word).map(|verb| verb.en);
    assert_eq!(nearest("acept"), Some("accept"));
    assert_eq!(nearest("plya"), None);
    assert_eq!(nearest("pla"), Some("play"));
    assert_eq!(nearest("tpo"), None);
    assert_eq!(nearest("foo"), None);
    assert_eq!(nearest("profil"), Some("profile"));
    assert_eq!(nearest("histroy"), Some("history"));
}

/// What the typed line of `given` parses to, next to what the named values make at once.
fn both(
    path: &[&str],
    given: &[(String, Given)],
) -> (Result<Command, ParseError>, Result<Command, ParseError>) {
    let line = line_of(path, given).expect("a verb of the table");
    let typed = parse(&line, false).map(|command| command.expect("a command"));
    let named = crate::command_of(path, given).expect("a verb of the table");
    (named, typed)
}

/// Named values are read once, without a line, into the command their typed line gives: every
/// value the table offers for every argument of every verb, alone and with the others' first
/// values, so an argument added to the table is checked without a word here.
#[test]
fn named_values_make_the_command_of_their_typed_line() {
    let mut checked = 0;
    for (path, verb) in every_verb() {
        let base: Vec<(String, Given)> = verb
            .args
            .iter()
            .filter(|arg| arg.required)
            .map(|arg| (arg.en.to_owned(), samples(verb, arg).remove(0)))
            .collect();
        let mut every: Vec<(String, Given)> = base.clone();
        for arg in verb.args {
            for value in samples(verb, arg) {
                let mut given = base.clone();
                given.retain(|(name, _)| name != arg.en);
                given.push((arg.en.to_owned(), value.clone()));
                let (named, typed) = both(&path, &given);
                assert_eq!(named, typed, "{path:?} {given:?}");
                assert!(
                    named.is_ok() || arg.en == "variants",
                    "{path:?} {given:?}: {named:?}"
                );
                checked += 1;
            }
            if !arg.required {
                every.push((arg.en.to_owned(), samples(verb, arg).remove(0)));
            }
        }
        // Every argument at once, in the table's order.
        let (named, typed) = both(&path, &every);
        assert_eq!(named, typed, "{path:?} {every:?}");
        checked += 1;
    }
    assert!(checked > 200, "{checked}");
    // A client with the definitions from before the subverbs sends free words.
    let old = [("words".to_owned(), Given::Text("add Ana Bob".into()))];
    assert_eq!(
        crate::command_of(&["class"], &old),
        Some(parse("class add Ana Bob", false).map(Option::unwrap))
    );
    assert_eq!(crate::command_of(&["class", "nonsense"], &[]), None);
}

/// A value the grammar does not take is refused as its typed line is: the same
/// [`ParseError`], so the same words in the user's language.
#[test]
fn bad_named_values_are_refused_as_their_typed_line_is() {
    let text = |value: &str| Given::Text(value.to_owned());
    type Case = (&'static [&'static str], Vec<(&'static str, Given)>);
    let cases: Vec<Case> = vec![
        (&["play"], vec![("game", text("chess"))]),
        (&["play"], vec![]),
        (
            &["play"],
            vec![("game", text("katro")), ("level", text("godlike"))],
        ),
        (
            &["play"],
            vec![
                ("game", text("katro")),
                ("practice", Given::Flag(true)),
                ("level", text("hard")),
            ],
        ),
        (
            &["play"],
            vec![
                ("game", text("katro")),
                ("opponent", Given::Player("<@12>".into())),
                ("computer", Given::Flag(true)),
            ],
        ),
        (
            &["play"],
            vec![("game", text("fano")), ("options", text("cells=5 cells=7"))],
        ),
        (&["move"], vec![]),
        (&["move"], vec![("move", text("e2-e4 e7-e5"))]),
        (&["accept"], vec![("match", Given::Number(0))]),
        (&["resign"], vec![("match", Given::Number(-3))]),
        (&["board"], vec![("style", text("huge"))]),
        (&["draw"], vec![("answer", text("maybe"))]),
        (&["list"], vec![("scope", text("nowhere"))]),
        (
            &["learn"],
            vec![("game", text("katro")), ("lesson", Given::Number(0))],
        ),
        (
            &["learn"],
            vec![("game", text("katro")), ("lesson", Given::Number(100))],
        ),
        (
            &["puzzle"],
            vec![("game", text("katro")), ("daily", Given::Flag(true))],
        ),
        (
            &["top"],
            vec![("game", text("katro")), ("page", Given::Number(0))],
        ),
        (&["top"], vec![("game", text("katro")), ("scope", text("moon"))]),
        (&["top"], vec![]),
        (&["rules"], vec![("variants", text("misere"))]),
        (&["settings"], vec![("language", text("de"))]),
        (&["settings"], vec![("style", text("huge"))]),
        (&["settings"], vec![("auto", text("maybe"))]),
        (&["coins"], vec![("count", Given::Number(3))]),
        (&["call"], vec![("parity", text("maybe"))]),
        (&["call"], vec![]),
        (&["side"], vec![]),
        (&["grant"], vec![("time", text("soon"))]),
        (&["grant"], vec![("time", text("1d 2h"))]),
        (&["vacation"], vec![("days", text("40"))]),
        (&["vacation"], vec![]),
        (&["plan"], vec![("moves", text("c2"))]),
        (&["notify"], vec![("settings", text("dm=maybe"))]),
        (&["channel"], vec![("settings", text("expiry=never"))]),
        (&["help"], vec![("topic", text("play move"))]),
        (&["class", "new"], vec![("name", text("A*B"))]),
        (&["class", "new"], vec![("language", text("de"))]),
        (&["class", "settings"], vec![("style", text("huge"))]),
        (&["class", "add"], vec![]),
        (&["class", "remove"], vec![("pupil", text("Ana Bob"))]),
        (&["class", "bind"], vec![("pupil", text("Ana"))]),
        (&["class", "team"], vec![("team", text("Lions"))]),
        (
            &["class", "team"],
            vec![
                ("team", text("Lions")),
                ("pupils", text("Ana")),
                ("order", text("random")),
            ],
        ),
        (&["class", "match"], vec![("first", text("Ana"))]),
        (
            &["class", "match"],
            vec![
                ("first", text("Ana")),
                ("second", text("Bob")),
                ("game", text("chess")),
            ],
        ),
        (
            &["class", "match"],
            vec![("first", text("Ana")), ("second", text("Bob"))],
        ),
        (
            &["class", "activity"],
            vec![
                ("first", text("Ana")),
                ("second", text("Bob")),
                ("game", text("fano")),
                ("options", text("cells=5 position=..WB... w 1 1")),
            ],
        ),
        (
            &["class", "tournament"],
            vec![("game", text("fano")), ("rounds", Given::Number(0))],
        ),
        (
            &["class", "tournament"],
            vec![
                ("game", text("fano")),
                ("swiss", Given::Flag(true)),
                ("rounds", Given::Number(51)),
            ],
        ),
        (&["class", "learn"], vec![]),
        (
            &["class", "homework"],
            vec![("game", text("katro")), ("count", Given::Number(0))],
        ),
        (&["class", "pause"], vec![]),
        (&["class", "pause"], vec![("match", Given::Number(0))]),
        (&["class", "result"], vec![("match", Given::Number(4))]),
        (&["class", "result"], vec![("winner", text("Ana"))]),
    ];
    for (path, given) in cases {
        let given: Vec<(String, Given)> = given
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value))
            .collect();
        let (named, typed) = both(path, &given);
        assert!(typed.is_err(), "{path:?} {given:?} is a mistake: {typed:?}");
        assert_eq!(named, typed, "{path:?} {given:?}");
    }
}
