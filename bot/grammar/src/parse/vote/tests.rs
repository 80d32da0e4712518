use super::*;
use crate::GameSpec;
use lalao_core::ai::Level;
use lalao_core::GameKind;

fn vote(line: &str) -> Result<ClassCommand, ParseError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    parse_vote(&words)
}

fn katro() -> GameSpec {
    GameSpec {
        game: GameKind::Katro,
        options: Vec::new(),
        variants: Vec::new(),
        position: None,
    }
}

#[test]
fn a_vote_is_against_the_gentle_computer_unless_said() {
    assert_eq!(
        vote("katro"),
        Ok(ClassCommand::Vote {
            spec: katro(),
            level: Some(Level::Kind),
            seconds: None,
            change: false
        })
    );
    assert_eq!(
        vote("katro easy seconds=30 change=on"),
        Ok(ClassCommand::Vote {
            spec: katro(),
            level: Some(Level::Easy),
            seconds: Some(30),
            change: true
        })
    );
    assert_eq!(
        vote("katro contre=ordinateur niveau=difficile secondes=45s changer=non"),
        Ok(ClassCommand::Vote {
            spec: katro(),
            level: Some(Level::Hard),
            seconds: Some(45),
            change: false
        })
    );
    assert_eq!(
        vote("katro against=teacher"),
        Ok(ClassCommand::Vote {
            spec: katro(),
            level: None,
            seconds: None,
            change: false
        })
    );
}

#[test]
fn the_game_keeps_its_options_and_position() {
    let Ok(ClassCommand::Vote { spec, .. }) = vote("fano cells=7 seconds=20 position=1..2 x") else {
        panic!("not a vote");
    };
    assert_eq!(spec.game, GameKind::Fano);
    assert_eq!(spec.options, [("cells".to_owned(), "7".to_owned())]);
    assert_eq!(spec.position.as_deref(), Some("1..2 x"));
}

#[test]
fn the_teachers_words_stand_alone() {
    assert_eq!(vote("play"), Ok(ClassCommand::VotePlay));
    assert_eq!(vote("jouer"), Ok(ClassCommand::VotePlay));
    assert_eq!(vote("stop"), Ok(ClassCommand::VoteStop));
    assert_eq!(vote("montrer"), Ok(ClassCommand::VoteReveal));
    assert_eq!(
        vote("stop now"),
        Err(ParseError::Unexpected {
            word: "now".to_owned()
        })
    );
}

#[test]
fn bad_values_are_refused_by_name() {
    assert_eq!(
        vote("katro seconds=5"),
        Err(ParseError::BadValue {
            what: "seconds",
            value: "5".to_owned()
        })
    );
    assert_eq!(
        vote("katro against=bob"),
        Err(ParseError::BadValue {
            what: "against",
            value: "bob".to_owned()
        })
    );
    assert_eq!(
        vote("katro against=teacher hard"),
        Err(ParseError::Unexpected {
            word: "hard".to_owned()
        })
    );
    assert!(matches!(vote(""), Err(ParseError::Missing { .. })));
}
