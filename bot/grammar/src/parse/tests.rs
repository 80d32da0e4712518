//! The grammar on whole lines, in both languages, with the errors the service explains.

use lalao_core::GameKind;
use lalao_renderer::Locale;

use super::class::parse_class;
use super::{parse, ParseError, MAX_LINE};
use crate::{
    Answer, ChannelChange, ClassCommand, Command, ListScope, Look, Opponent, Parity, PlaySpec, SettingsChange,
};
use lalao_model::ids::MatchId;

fn ok(line: &str) -> Command {
    parse(line, false).unwrap().unwrap()
}

#[test]
fn prefix_is_required_in_chat_and_optional_on_the_console() {
    assert_eq!(parse("hello everyone", true), Ok(None));
    assert_eq!(parse("!lalaoplay fano", true), Ok(None));
    assert_eq!(parse("!lalao", true), Ok(Some(Command::Help { topic: None })));
    assert_eq!(
        parse("  !LALAO accept  ", true),
        Ok(Some(Command::Accept { id: None }))
    );
    assert_eq!(
        parse("accept #4", false),
        Ok(Some(Command::Accept { id: Some(MatchId(4)) }))
    );
    assert_eq!(parse("   ", false), Ok(None));
}

/// `position=` takes the rest of the line as it was written: positions hold spaces and
/// capitals (a Samantsy position's pieces), and the words before it keep their meaning.
#[test]
fn a_position_to_start_from_is_the_rest_of_the_line() {
    assert_eq!(
        ok("play samantsy bot side=black position=h7/8/8/8/8/2V5/5ZZZ/v5H1 w"),
        Command::Play(PlaySpec {
            game: GameKind::Samantsy,
            opponent: Some(Opponent::Computer(lalao_core::ai::Level::Medium)),
            options: vec![],
            variants: vec![],
            side: Some("black".into()),
            position: Some("h7/8/8/8/8/2V5/5ZZZ/v5H1 w".into()),
        })
    );
    let Command::Play(spec) = ok("jouer fano cells=7 Position=..WB... w 1 1") else {
        panic!()
    };
    assert_eq!(spec.options, vec![("cells".to_owned(), "7".to_owned())]);
    assert_eq!(spec.position.as_deref(), Some("..WB... w 1 1"));
}

#[test]
fn play_with_opponent_options_variants_and_side() {
    assert_eq!(
        ok("!lalao play fano @ana cells=5 misere side=noir"),
        Command::Play(PlaySpec {
            game: GameKind::Fano,
            opponent: Some(Opponent::Named("@ana".into())),
            options: vec![("cells".into(), "5".into())],
            variants: vec!["misere".into()],
            side: Some("black".into()),
            position: None,
        })
    );
    assert_eq!(
        ok("défi katro ouvert"),
        Command::Play(PlaySpec {
            game: GameKind::Katro,
            opponent: Some(Opponent::Open),
            options: vec![],
            variants: vec![],
            side: None,
            position: None,
        })
    );
    assert_eq!(
        ok("play katro bot niveau=difficile"),
        Command::Play(PlaySpec {
            game: GameKind::Katro,
            opponent: Some(Opponent::Computer(lalao_core::ai::Level::Hard)),
            options: vec![],
            variants: vec![],
            side: None,
            position: None,
        })
    );
    let Command::Play(spec) = ok("play fano level=easy @lalao side=black") else {
        panic!()
    };
    assert_eq!(
        spec.opponent,
        Some(Opponent::Computer(lalao_core::ai::Level::Easy))
    );
    assert_eq!(spec.side, Some("black".into()));
    let Command::Play(spec) = ok("défi samantsy ordi") else {
        panic!()
    };
    assert_eq!(
        spec.opponent,
        Some(Opponent::Computer(lalao_core::ai::Level::Medium))
    );
    let Command::Play(spec) = ok("play fano niveau=facile <@99>") else {
        panic!()
    };
    assert_eq!(spec.opponent, Some(Opponent::Named("<@99>".into())));
    assert_eq!(spec.options, vec![("level".into(), "easy".into())]);
    assert_eq!(
        parse("play fano level=easy open", false),
        Err(ParseError::Unexpected {
            word: "level=easy".into()
        })
    );
    assert_eq!(
        parse("play fano bot level=genius", false),
        Err(ParseError::BadValue {
            what: "level",
            value: "genius".into()
        })
    );
    let Command::Play(spec) = ok("play mangala practice variant:random-start") else {
        panic!()
    };
    assert_eq!(spec.opponent, Some(Opponent::Practice));
    assert_eq!(spec.variants, vec!["variant:random-start".to_owned()]);
    assert_eq!(
        parse("play chess", false),
        Err(ParseError::UnknownGame { word: "chess".into() })
    );
    assert_eq!(
        parse("play", false),
        Err(ParseError::Missing {
            command: "play",
            what: "game"
        })
    );
    assert_eq!(
        parse("play fano @a @b", false),
        Err(ParseError::Unexpected { word: "@b".into() })
    );
    assert_eq!(
        parse("play fano cells=5 cells=7", false),
        Err(ParseError::Unexpected {
            word: "cells=7".into()
        })
    );
}

#[test]
fn a_french_pass_is_the_pass_of_the_notation() {
    for (typed, explicit) in [
        ("passe", false),
        ("Passer", false),
        ("coup passe #4", true),
        ("pass", false),
    ] {
        let Command::Move {
            text, explicit: said, ..
        } = ok(typed)
        else {
            panic!("{typed} is not a move");
        };
        assert_eq!((text.as_str(), said), ("pass", explicit), "{typed}");
    }
}

#[test]
fn moves_explicit_and_bare() {
    assert_eq!(
        ok("move e2-e4"),
        Command::Move {
            id: None,
            text: "e2-e4".into(),
            explicit: true
        }
    );
    assert_eq!(
        ok("!lalao m @3 #12"),
        Command::Move {
            id: Some(MatchId(12)),
            text: "@3".into(),
            explicit: true
        }
    );
    assert_eq!(
        ok("2-3"),
        Command::Move {
            id: None,
            text: "2-3".into(),
            explicit: false
        }
    );
    assert_eq!(
        ok("#3 2-3"),
        Command::Move {
            id: Some(MatchId(3)),
            text: "2-3".into(),
            explicit: false
        }
    );
    assert_eq!(
        parse("move", false),
        Err(ParseError::Missing {
            command: "move",
            what: "move"
        })
    );
    assert_eq!(
        parse("frobnicate the board", false),
        Err(ParseError::UnknownCommand {
            word: "frobnicate".into()
        })
    );
    assert_eq!(
        parse("accept #1 #2", false),
        Err(ParseError::Unexpected { word: "#2".into() })
    );
}

#[test]
fn board_style_and_viewpoint() {
    assert_eq!(
        ok("board"),
        Command::Board {
            id: None,
            style: None,
            viewpoint: None
        }
    );
    assert_eq!(
        ok("show #2 large noir"),
        Command::Board {
            id: Some(MatchId(2)),
            style: Look::from_id("large"),
            viewpoint: Some("black".into())
        }
    );
    assert_eq!(
        ok("board style=emoji view=south"),
        Command::Board {
            id: None,
            style: Look::from_id("emoji"),
            viewpoint: Some("south".into())
        }
    );
    assert_eq!(
        parse("board style=huge", false),
        Err(ParseError::BadValue {
            what: "style",
            value: "huge".into()
        })
    );
}

#[test]
fn offers_and_answers() {
    assert_eq!(
        ok("draw"),
        Command::Draw {
            id: None,
            answer: None
        }
    );
    assert_eq!(
        ok("draw accept #5"),
        Command::Draw {
            id: Some(MatchId(5)),
            answer: Some(Answer::Accept)
        }
    );
    assert_eq!(
        ok("undo non"),
        Command::Undo {
            id: None,
            answer: Some(Answer::Decline)
        }
    );
    assert_eq!(
        parse("draw maybe", false),
        Err(ParseError::BadValue {
            what: "answer",
            value: "maybe".into()
        })
    );
}

#[test]
fn lists_history_export_rules_help() {
    assert_eq!(
        ok("list"),
        Command::List {
            scope: ListScope::Channel
        }
    );
    assert_eq!(
        ok("list mine"),
        Command::List {
            scope: ListScope::Mine
        }
    );
    assert_eq!(ok("history #7"), Command::History { id: Some(MatchId(7)) });
    assert_eq!(
        ok("export"),
        Command::Export {
            id: None,
            animation: false
        }
    );
    assert_eq!(
        ok("export #4"),
        Command::Export {
            id: Some(MatchId(4)),
            animation: false
        }
    );
    // The whole game animated: the word before or after the match, in either language.
    for line in [
        "export #4 animation",
        "export animation #4",
        "exporter #4 animation",
        "!lalao export #4 Animation",
        "export #4 gif",
    ] {
        assert_eq!(
            parse(line, false),
            Ok(Some(Command::Export {
                id: Some(MatchId(4)),
                animation: true
            })),
            "{line}"
        );
    }
    assert_eq!(
        parse("export #4 film", false),
        Err(ParseError::Unexpected { word: "film".into() })
    );
    assert_eq!(
        parse("export #4 animation gif", false),
        Err(ParseError::Unexpected { word: "gif".into() })
    );
    assert_eq!(
        ok("rules fano misere"),
        Command::Rules {
            game: Some(GameKind::Fano),
            variants: vec!["misere".into()]
        }
    );
    assert_eq!(
        ok("règles"),
        Command::Rules {
            game: None,
            variants: vec![]
        }
    );
    assert_eq!(
        ok("help play"),
        Command::Help {
            topic: Some("play".into())
        }
    );
}

#[test]
fn settings_in_every_spelling() {
    let fr = SettingsChange {
        locale: Some(Locale::Fr),
        ..SettingsChange::default()
    };
    assert_eq!(ok("settings language=fr"), Command::Settings(fr));
    assert_eq!(ok("settings language fr"), Command::Settings(fr));
    assert_eq!(ok("réglages français"), Command::Settings(fr));
    assert_eq!(
        ok("settings en style=large"),
        Command::Settings(SettingsChange {
            locale: Some(Locale::En),
            style: Look::from_id("large"),
            leaderboard: None,
            auto: None,
        })
    );
    let auto = SettingsChange {
        auto: Some(true),
        ..SettingsChange::default()
    };
    assert_eq!(ok("settings auto=on"), Command::Settings(auto));
    assert_eq!(ok("réglages auto oui"), Command::Settings(auto));
    let hidden = SettingsChange {
        leaderboard: Some(false),
        ..SettingsChange::default()
    };
    assert_eq!(ok("settings leaderboard=off"), Command::Settings(hidden));
    assert_eq!(ok("réglages palmares non"), Command::Settings(hidden));
    assert_eq!(
        parse("settings leaderboard=maybe", false),
        Err(ParseError::BadValue {
            what: "switch",
            value: "maybe".into()
        })
    );
    assert_eq!(ok("settings"), Command::Settings(SettingsChange::default()));
    assert_eq!(
        parse("settings language mg", false),
        Err(ParseError::BadValue {
            what: "language",
            value: "mg".into()
        })
    );
    assert_eq!(
        parse("settings colour=red", false),
        Err(ParseError::BadValue {
            what: "setting",
            value: "colour".into()
        })
    );
}

#[test]
fn mangala_rite_commands() {
    assert_eq!(
        ok("coins 2 #9"),
        Command::Coins {
            id: Some(MatchId(9)),
            count: Some(2)
        }
    );
    assert_eq!(
        ok("coins"),
        Command::Coins {
            id: None,
            count: None
        }
    );
    assert_eq!(
        parse("coins 3", false),
        Err(ParseError::BadValue {
            what: "coins",
            value: "3".into()
        })
    );
    assert_eq!(
        ok("call tek"),
        Command::Call {
            id: None,
            parity: Parity::Odd
        }
    );
    assert_eq!(
        ok("Çift!"),
        Command::Call {
            id: None,
            parity: Parity::Even
        }
    );
    assert_eq!(
        ok("call pair"),
        Command::Call {
            id: None,
            parity: Parity::Even
        }
    );
    assert_eq!(
        ok("side nord"),
        Command::Side {
            id: None,
            side: "north".into()
        }
    );
}

#[test]
fn channel_board_messages_in_both_languages() {
    use lalao_model::record::BoardMode;
    let boards = |line: &str| match ok(line) {
        Command::Channel(change) => change.boards,
        other => panic!("{other:?}"),
    };
    assert_eq!(boards("channel boards=new"), Some(Some(BoardMode::New)));
    assert_eq!(boards("salon plateaux=modifier"), Some(Some(BoardMode::Edit)));
    assert_eq!(boards("channel boards=default"), Some(None));
    assert_eq!(boards("channel forfeit=auto"), None);
    assert_eq!(
        ok("salon fil=oui"),
        Command::Channel(ChannelChange {
            threads: Some(true),
            ..ChannelChange::default()
        })
    );
    assert_eq!(
        ok("channel thread=off boards=new"),
        Command::Channel(ChannelChange {
            threads: Some(false),
            boards: Some(Some(BoardMode::New)),
            ..ChannelChange::default()
        })
    );
    assert!(parse("channel thread=maybe", false).is_err());
    assert_eq!(
        parse("channel boards=sideways", false),
        Err(ParseError::BadValue {
            what: "channel",
            value: "boards=sideways".into()
        })
    );
}

#[test]
fn overlong_lines_are_refused_before_any_work() {
    assert_eq!(parse(&"a".repeat(MAX_LINE + 1), false), Err(ParseError::TooLong));
}

#[test]
fn profile_and_top_in_every_spelling() {
    assert_eq!(ok("profile"), Command::Profile { player: None });
    assert_eq!(
        ok("profil <@12>"),
        Command::Profile {
            player: Some("<@12>".into())
        }
    );
    let top = |game, global, page| Command::Top { game, global, page };
    assert_eq!(ok("top fano"), top(GameKind::Fano, false, None));
    assert_eq!(ok("top katro global 2"), top(GameKind::Katro, true, Some(2)));
    assert_eq!(
        ok("palmarès 3 mondial katro"),
        top(GameKind::Katro, true, Some(3))
    );
    assert_eq!(ok("leaderboard here engehe"), top(GameKind::Engehe, false, None));
    assert_eq!(
        parse("top", false),
        Err(ParseError::Missing {
            command: "top",
            what: "game"
        })
    );
    assert_eq!(
        parse("top chess", false),
        Err(ParseError::UnknownGame { word: "chess".into() })
    );
    assert_eq!(
        parse("top fano 0", false),
        Err(ParseError::Unexpected { word: "0".into() })
    );
    assert_eq!(
        parse("top fano global here", false),
        Err(ParseError::Unexpected { word: "here".into() })
    );
}

#[test]
fn a_class_keeps_its_finished_games_a_number_of_days() {
    let settings = |words: &str| match parse_class(&words.split_whitespace().collect::<Vec<_>>()).unwrap() {
        ClassCommand::Settings { keep, go_on, .. } => (keep, go_on),
        other => panic!("{other:?}"),
    };
    assert_eq!(settings("settings keep=90"), (Some(90), None));
    assert_eq!(settings("réglages garder=365 suite=oui"), (Some(365), Some(true)));
    assert_eq!(settings("settings"), (None, None));
    for bad in ["keep=0", "keep=3651", "keep=soon", "garder=-1"] {
        let words = format!("settings {bad}");
        let words: Vec<&str> = words.split_whitespace().collect();
        assert!(
            matches!(
                parse_class(&words),
                Err(ParseError::BadValue { what: "keep", .. })
            ),
            "{bad}"
        );
    }
    // A new class says nothing of keeping: a setting of the class once it exists.
    let words = ["new", "CE1", "keep=30"];
    assert!(matches!(parse_class(&words), Err(ParseError::Unexpected { .. })));
}
