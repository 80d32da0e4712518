//! RULES.md §2 (fano): every worked example F-E1…F-E10, plus the rules they rest on.

use lalao_core::fano::{self, Fano, Variant};
use lalao_core::protocol::respond;
use lalao_core::{Game, Outcome, Reason, Side};
use serde_json::{json, Value};

fn rules(request: Value) -> Value {
    serde_json::from_str(&respond(request.to_string().as_bytes())).expect("a JSON response")
}

fn options(cells: u16, variants: &[Variant]) -> fano::Options {
    fano::Options {
        cells,
        variants: variants.iter().copied().collect(),
        ..fano::Options::default()
    }
}

fn at(position: &str) -> Fano {
    Fano::from_position(fano::Options::default(), position).expect("a valid position")
}

fn legal(game: &Fano) -> Vec<String> {
    game.legal_moves()
        .into_iter()
        .map(|mv| game.format_move(mv))
        .collect()
}

fn play(game: &mut Fano, moves: &[&str]) {
    for text in moves {
        game.play_text(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    }
}

#[test]
fn f3_pawns_per_player_table() {
    let table = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8];
    for (i, k) in table.into_iter().enumerate() {
        let n = 3 + 2 * i as u16;
        assert_eq!(fano::pawns_per_player(n), k, "n = {n}");
        let game = Fano::new(options(n, &[])).unwrap();
        assert_eq!(game.position(), format!("{} w {k} {k}", ".".repeat(n as usize)));
    }
}

#[test]
fn f1_board_sizes_must_be_odd_and_at_least_three() {
    for n in [0, 1, 2, 4, 8, 256] {
        assert_eq!(
            Fano::new(options(n, &[])).unwrap_err().kind(),
            "bad_options",
            "n = {n}"
        );
    }
}

#[test]
fn f_e1_seed_example_game() {
    let mut game = Fano::new(options(7, &[])).unwrap();
    let expected = [
        ("@3", "..W.... b 1 2"),
        ("@4", "..WB... w 1 1"),
        ("@1", "W.WB... b 0 1"),
        ("@7", "W.WB..B w 0 0"),
        ("1-2", ".WWB..B b 0 0"),
        ("4-5", ".WW.B.B w 0 0"),
        ("3-4", ".W.W..B b 0 0"),
    ];
    for (mv, position) in expected {
        play(&mut game, &[mv]);
        assert_eq!(game.position(), position, "after {mv}");
        assert_eq!(game.outcome(), None);
    }
    assert_eq!(legal(&game), ["7-6"], "Black's only legal move");
    play(&mut game, &["7-6"]);
    assert_eq!(game.position(), ".W.W.B. w 0 0");
    play(&mut game, &["4-5"]);
    assert_eq!(game.position(), ".W..W.. b 0 0");
    assert_eq!(game.outcome(), Some(Outcome::win(Side::WHITE, Reason::NoPawns)));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn f_e1_through_lalao_rules() {
    let response = rules(json!({
        "game": "fano", "options": {"cells": 7},
        "moves": ["@3", "@4", "@1", "@7", "1-2", "4-5", "3-4", "7-6", "4-5"]
    }));
    assert_eq!(
        response,
        json!({"ok": true, "position": ".W..W.. b 0 0", "to_move": "black", "legal": [],
               "outcome": {"result": "white", "reason": "no_pawns"}})
    );
}

#[test]
fn f_e2_only_one_legal_move() {
    let mut game = at("BW...BW w 0 0");
    assert_eq!(legal(&game), ["2-3"]);
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "B.W..BW b 0 0");
}

#[test]
fn f_e3_loss_by_blockade() {
    let game = at("BWB..BW w 0 0");
    assert_eq!(
        game.outcome(),
        Some(Outcome::loss(Side::WHITE, Reason::NoLegalMove))
    );
    assert!(game.legal_moves().is_empty());

    let mut game = at("BWB..BW b 0 0");
    assert_eq!(game.outcome(), None);
    assert_eq!(legal(&game), ["3-4", "6-5"]);
    play(&mut game, &["3-4"]);
    assert_eq!(game.position(), "BW.B.BW w 0 0");
    assert_eq!(legal(&game), ["2-3"]);
}

#[test]
fn f_e4_single_capture() {
    let mut game = at("BW.B.BW w 0 0");
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "B.W..BW b 0 0");
}

#[test]
fn f_e5_run_captures_stop_at_own_pawn_or_gap() {
    let mut game = at("BW.BBBW w 0 0");
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "B.W...W b 0 0");

    let mut game = at("BW.BB.B w 0 0");
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "B.W...B b 0 0");
}

#[test]
fn f6_capture_only_in_the_direction_of_movement() {
    // White slides 3-2 away from B4: no withdrawal capture; approach onto B1 captures it.
    let mut game = at("B.WB... w 0 0");
    play(&mut game, &["3-2"]);
    assert_eq!(game.position(), ".W.B... b 0 0");
}

#[test]
fn f_e6_fano3_second_player_wins() {
    let mut game = Fano::new(options(3, &[])).unwrap();
    play(&mut game, &["@2", "@1"]);
    assert_eq!(game.position(), "BW. w 0 0");
    assert_eq!(legal(&game), ["2-3"]);
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "B.W b 0 0");
    play(&mut game, &["1-2"]);
    assert_eq!(game.position(), ".B. w 0 0");
    assert_eq!(game.outcome(), Some(Outcome::loss(Side::WHITE, Reason::NoPawns)));

    let mut game = Fano::new(options(3, &[])).unwrap();
    play(&mut game, &["@1", "@2"]);
    assert_eq!(game.position(), "WB. w 0 0");
    assert_eq!(
        game.outcome(),
        Some(Outcome::loss(Side::WHITE, Reason::NoLegalMove))
    );
}

#[test]
fn f_e7_loss_by_repetition() {
    let mut game = Fano::new(options(5, &[])).unwrap();
    play(&mut game, &["@1", "@5", "1-2", "5-4", "2-1"]);
    assert_eq!(game.position(), "W..B. b 0 0");
    assert_eq!(
        legal(&game),
        ["4-3", "4-5"],
        "the repeating move is legal (it loses)"
    );
    let mut repeat = game.clone();
    play(&mut repeat, &["4-5"]);
    assert_eq!(repeat.position(), "W...B w 0 0");
    assert_eq!(
        repeat.outcome(),
        Some(Outcome::loss(Side::BLACK, Reason::Repetition))
    );

    play(&mut game, &["4-3", "1-2"]);
    assert_eq!(game.position(), ".W... b 0 0");
    assert_eq!(game.outcome(), Some(Outcome::loss(Side::BLACK, Reason::NoPawns)));
}

#[test]
fn f_e7_the_given_position_counts_as_visited() {
    let response = rules(json!({
        "game": "fano", "position": "W...B w 0 0", "moves": ["1-2", "5-4", "2-1", "4-5"]
    }));
    assert_eq!(
        response["outcome"],
        json!({"result": "white", "reason": "repetition"})
    );
}

#[test]
fn f_e9_misere_blocked_player_wins() {
    let game = Fano::from_position(options(7, &[Variant::Misere]), "BWB..BW w 0 0").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::WHITE, Reason::NoLegalMove))
    );
}

#[test]
fn misere_keeps_the_repetition_loss() {
    let mut game = Fano::new(options(5, &[Variant::Misere])).unwrap();
    play(&mut game, &["@1", "@5", "1-2", "5-4", "2-1", "4-5"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::loss(Side::BLACK, Reason::Repetition))
    );
}

#[test]
fn f_e10_capture_is_not_compulsory_by_default() {
    let mut game = Fano::from_position(options(5, &[]), ".W..B w 0 0").unwrap();
    assert_eq!(legal(&game), ["2-1", "2-3"]);
    play(&mut game, &["2-3"]);
    assert_eq!(game.position(), "..W.B b 0 0");

    let game = Fano::from_position(options(5, &[]), ".W.B. w 0 0").unwrap();
    assert_eq!(legal(&game), ["2-1", "2-3"]);
    let mut capture = game.clone();
    play(&mut capture, &["2-3"]);
    assert_eq!(capture.position(), "..W.. b 0 0");

    let forced = Fano::from_position(options(5, &[Variant::ForcedCapture]), ".W.B. w 0 0").unwrap();
    assert_eq!(legal(&forced), ["2-3"]);
    let mut refused = forced.clone();
    let err = refused.play_text("2-1").unwrap_err();
    assert_eq!(err.to_string(), "illegal move `2-1`: capture_required");
    assert_eq!(refused, forced, "a refused move changes nothing");
}

#[test]
fn repetition_illegal_variant_removes_the_repeating_move() {
    let mut game = Fano::new(options(5, &[Variant::RepetitionIllegal])).unwrap();
    play(&mut game, &["@1", "@5", "1-2", "5-4", "2-1"]);
    assert_eq!(legal(&game), ["4-3"]);
    assert_eq!(
        game.clone().play_text("4-5").unwrap_err().to_string(),
        "illegal move `4-5`: repeats_situation"
    );
}

#[test]
fn full_start_layouts() {
    let layouts = [
        (3, "B.W"),
        (5, "BW.BW"),
        (7, "BWB.WBW"),
        (9, "BWBW.BWBW"),
        (11, "BWBWB.WBWBW"),
        (13, "BWBWBW.BWBWBW"),
        (15, "BWBWBWB.WBWBWBW"),
        (17, "BWBWBWBW.BWBWBWBW"),
    ];
    for (n, cells) in layouts {
        let game = Fano::new(options(n, &[Variant::FullStart])).unwrap();
        assert_eq!(game.position(), format!("{cells} w 0 0"));
    }
    // The initial situation counts as visited: returning to it loses.
    let mut game = Fano::new(options(3, &[Variant::FullStart])).unwrap();
    assert_eq!(legal(&game), ["3-2"]);
    play(&mut game, &["3-2"]);
    assert_eq!(game.position(), ".W. b 0 0", "W approaches B1 and captures it");
    assert_eq!(game.outcome(), Some(Outcome::loss(Side::BLACK, Reason::NoPawns)));
}

#[test]
fn wrong_phase_and_bad_moves_are_refused_without_change() {
    let game = Fano::new(options(7, &[])).unwrap();
    for (text, expected) in [
        ("1-2", "illegal move `1-2`: wrong_phase"),
        ("@0", "bad move notation `@0`: cells are numbered 1 to 7"),
        ("@8", "bad move notation `@8`: cells are numbered 1 to 7"),
        ("e2-e4", "bad move notation `e2-e4`: cells are numbers such as 3"),
        ("@+3", "bad move notation `@+3`: cells are numbers such as 3"),
        (
            "",
            "bad move notation ``: a fano move is a placement `@3` or a slide `2-3`",
        ),
    ] {
        let mut copy = game.clone();
        assert_eq!(copy.play_text(text).unwrap_err().to_string(), expected);
        assert_eq!(copy, game);
    }
    let mut game = at("W.WB..B w 0 0");
    for (text, expected) in [
        ("@2", "illegal move `@2`: wrong_phase"),
        ("4-5", "illegal move `4-5`: not_your_piece"),
        ("1-3", "illegal move `1-3`: not_reachable"),
        ("3-4", "illegal move `3-4`: destination_occupied"),
    ] {
        assert_eq!(game.play_text(text).unwrap_err().to_string(), expected);
    }
}

#[test]
fn positions_are_validated() {
    for (position, kind) in [
        ("W.WB..B", "bad_notation"),
        ("W.WB..X w 0 0", "bad_notation"),
        ("W.WB..B x 0 0", "bad_notation"),
        ("W.WB..B w 0 -1", "bad_notation"),
        ("W.WB..B  w 0 0", "bad_notation"),
        ("W.WB.B w 0 0", "bad_position"),
        ("..W.... w 1 2", "bad_position"),
        ("..WB... b 1 1", "bad_position"),
        ("....... w 3 3", "bad_position"),
    ] {
        let err = Fano::from_position(fano::Options::default(), position).unwrap_err();
        assert_eq!(err.kind(), kind, "{position}: {err}");
    }
    assert_eq!(at("..W.... b 1 2").position(), "..W.... b 1 2");
    assert_eq!(
        at("W.WB.BBBBWW w 0 0").options().cells,
        11,
        "the position sets the board size"
    );
}

#[test]
fn ply_cap_loses_like_a_repetition() {
    let opts = fano::Options {
        cells: 7,
        ply_cap: Some(5),
        ..fano::Options::default()
    };
    let mut game = Fano::new(opts).unwrap();
    play(&mut game, &["@1", "@7", "@3", "@5", "1-2"]);
    assert_eq!(game.outcome(), Some(Outcome::loss(Side::WHITE, Reason::PlyCap)));
}
