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

#[test]
fn notation_refuses_leading_zeros() {
    // docs/notation.md: one canonical text form, as Samantsy's digit runs.
    let game = Fano::new(options(7, &[])).unwrap();
    for text in ["@03", "@00", "01-02"] {
        let err = game.parse_move(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("bad move notation `{text}`: cells are written without leading zeros, such as 3")
        );
    }
    let moving = at("W.WB..B w 0 0");
    assert_eq!(moving.parse_move("01-2").unwrap_err().kind(), "bad_move");
    assert_eq!(moving.parse_move("1-02").unwrap_err().kind(), "bad_move");
    assert!(moving.parse_move("1-2").is_ok());
    for position in ["..W.... b 01 2", "..W.... b 1 002", "W.WB..B w 00 0"] {
        let err = Fano::from_position(fano::Options::default(), position).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad position notation: pawns in hand are written without leading zeros",
            "{position}"
        );
    }
    let response = rules(json!({"game": "fano", "moves": ["@3", "@04"]}));
    assert_eq!(response["error"]["kind"], "bad_move");
    assert_eq!(response["error"]["move_index"], 1);
    let response = rules(json!({"game": "fano", "position": "..W.... b 1 02"}));
    assert_eq!(response["error"]["kind"], "bad_notation");
}

#[test]
fn an_oversized_board_reports_its_real_length() {
    let board = ".".repeat(1_000_001);
    let err = Fano::from_position(fano::Options::default(), &format!("{board} w 0 0")).unwrap_err();
    assert_eq!(
        err,
        lalao_core::CoreError::bad_position(
            "the number of cells must be odd and between 3 and 255, not 1000001"
        )
    );
    let err =
        Fano::from_position(fano::Options::default(), &format!("{} w 0 0", ".".repeat(257))).unwrap_err();
    assert!(err.to_string().ends_with("not 257"), "{err}");
}

/// A stored state as JSON, to be tampered with.
fn saved(game: &Fano) -> Value {
    serde_json::to_value(game).unwrap()
}

fn load(state: Value) -> Result<Fano, String> {
    serde_json::from_value::<Fano>(state).map_err(|err| err.to_string())
}

#[test]
fn restored_states_are_validated() {
    let mut game = Fano::new(options(7, &[])).unwrap();
    play(&mut game, &["@3", "@4", "@1"]);
    // Every reachable state loads back unchanged.
    assert_eq!(load(saved(&game)).unwrap(), game);

    // The audit's state: hands [0, 1] but White to move, whose placement would underflow.
    let mut state = saved(&game);
    state["to_move"] = json!("first");
    assert_eq!(
        load(state).unwrap_err(),
        "bad position: White places first, then the sides alternate (F-4)"
    );
    for (field, value, message) in [
        (
            "hands",
            json!([1, 1]),
            "bad position: during placement each side has 2 pawns on the board and in hand together",
        ),
        (
            "cells",
            json!(["Empty", "Empty", "Empty"]),
            "bad position: the board has 3 cells, but the cells option says 7",
        ),
        (
            "visited",
            json!(["W.WB... w 0 0"]),
            "bad position: the stored history or outcome does not match the position",
        ),
        (
            "outcome",
            json!({"winner": {"side": "first"}, "reason": "ply_cap"}),
            "bad position: the stored history or outcome does not match the position",
        ),
    ] {
        let mut state = saved(&game);
        state[field] = value;
        assert_eq!(load(state).unwrap_err(), message, "{field}");
    }
    let mut state = saved(&game);
    state["options"]["cells"] = json!(8);
    assert!(load(state).unwrap_err().starts_with("bad option `cells`"));

    // Phase 2: the current situation must be visited, and an outcome must follow from the board.
    let mut game = at("W.WB..B w 0 0");
    play(&mut game, &["1-2"]);
    assert_eq!(load(saved(&game)).unwrap(), game);
    let mut state = saved(&game);
    state["visited"] = json!(["W.WB..B w 0 0"]);
    assert!(load(state).is_err(), "the current situation is missing");
    let mut state = saved(&game);
    state["visited"] = json!([".WWB..B b 0 0", "W.WB..B w 0 0", "WWW w 0 0"]);
    assert!(load(state).is_err(), "a situation of another board");
    let mut state = saved(&game);
    state["outcome"] = json!({"winner": {"side": "first"}, "reason": "no_pawns"});
    assert!(load(state).is_err(), "Black still has pawns");
    let mut state = saved(&game);
    state["outcome"] = json!({"winner": {"side": "first"}, "reason": "repetition"});
    assert!(
        load(state).is_err(),
        "White moved last, so a repetition would make White lose"
    );

    // Finished games load back: by no pawns (F-E1), by repetition (F-E7), by the ply cap.
    let mut game = Fano::new(options(7, &[])).unwrap();
    play(
        &mut game,
        &["@3", "@4", "@1", "@7", "1-2", "4-5", "3-4", "7-6", "4-5"],
    );
    assert_eq!(load(saved(&game)).unwrap(), game);
    let mut game = Fano::new(options(5, &[])).unwrap();
    play(&mut game, &["@1", "@5", "1-2", "5-4", "2-1", "4-5"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::loss(Side::BLACK, Reason::Repetition))
    );
    assert_eq!(load(saved(&game)).unwrap(), game);
    let mut game = Fano::new(fano::Options {
        ply_cap: Some(3),
        ..options(7, &[])
    })
    .unwrap();
    play(&mut game, &["@1", "@7", "@3"]);
    assert_eq!(game.outcome(), Some(Outcome::loss(Side::WHITE, Reason::PlyCap)));
    assert_eq!(load(saved(&game)).unwrap(), game);
}

#[test]
fn restored_saved_game_refuses_the_underflowing_state() {
    let mut game =
        lalao_core::AnyGame::new(lalao_core::any::AnyOptions::standard(lalao_core::GameKind::Fano).unwrap())
            .unwrap();
    for mv in ["@3", "@4", "@1"] {
        game.play(mv).unwrap();
    }
    let mut json = serde_json::to_value(game.save()).unwrap();
    json["state"]["to_move"] = json!("first");
    let err = serde_json::from_value::<lalao_core::any::SavedGame>(json).unwrap_err();
    assert!(err.to_string().contains("White places first"), "{err}");
}

#[test]
fn perft_gives_up_past_its_node_budget() {
    use lalao_core::NodeBudget;
    // fano-7 perft 4: 7·6·5·4 placements; the tree has 1 + 7 + 42 + 210 + 840 nodes.
    let game = Fano::new(options(7, &[])).unwrap();
    let mut budget = NodeBudget::new(1_100);
    assert_eq!(game.perft_within(4, &mut budget), Ok(840));
    assert_eq!(budget.spent(), 1_100);
    assert_eq!(
        game.perft_within(4, &mut NodeBudget::new(1_099)),
        Err(lalao_core::PerftTooLarge { limit: 1_099 })
    );
    // A huge board gives up after about its budget, not after 255^12 nodes.
    let huge = Fano::new(options(255, &[])).unwrap();
    let mut budget = NodeBudget::new(1_000_000);
    assert_eq!(
        huge.perft_within(12, &mut budget),
        Err(lalao_core::PerftTooLarge { limit: 1_000_000 })
    );
    assert!(budget.spent() <= 1_000_000 + 255, "{}", budget.spent());
    assert_eq!(game.perft(4), 840, "plain perft has no budget");
}

#[test]
fn perft_too_large_through_lalao_rules() {
    let response = rules(json!({"game": "fano", "options": {"cells": 255}, "perft": 12}));
    assert_eq!(
        response,
        json!({"ok": false, "error": {"kind": "perft_too_large",
            "message": format!("perft would visit more than {} nodes; ask for a smaller depth",
                lalao_core::protocol::MAX_PERFT_NODES),
            "move_index": null}})
    );
    // The legitimate fano-7 depth 12 fits.
    let response = rules(json!({"game": "fano", "perft": 12}));
    assert_eq!(response["ok"], true);
    println!("fano-7 perft 12 = {}", response["nodes"]);
}
