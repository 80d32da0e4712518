//! The stored form of a game (`SavedGame`): every game survives a round trip, the fields may
//! come in any order, and a damaged record is refused rather than half-read.

use lalao_core::any::{AnyOptions, SavedGame};
use lalao_core::{AnyGame, GameKind};
use serde_json::{json, Value};

/// A game of `kind` a few plies in (the first legal move each time), so history is not empty.
fn played(kind: GameKind) -> AnyGame {
    let mut game = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    for _ in 0..6 {
        let Some(mv) = game.legal_moves().first().cloned() else {
            break;
        };
        game.play(&mv).unwrap();
    }
    game
}

#[test]
fn every_game_round_trips_through_its_stored_form() {
    for kind in GameKind::ALL {
        let game = played(kind);
        let json = serde_json::to_value(game.save()).unwrap();
        assert_eq!(json["format"], 2);
        assert_eq!(json["game"], serde_json::to_value(kind).unwrap());
        let back: SavedGame = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back.restore().unwrap(), game, "{kind:?}");
        // The same bytes through the streaming reader the store uses.
        let back: SavedGame = serde_json::from_slice(&serde_json::to_vec(&json).unwrap()).unwrap();
        assert_eq!(back.restore().unwrap(), game, "{kind:?}");
    }
}

#[test]
fn fields_may_come_in_any_order_and_unknown_ones_are_ignored() {
    for kind in GameKind::ALL {
        let game = played(kind);
        let json = serde_json::to_value(game.save()).unwrap();
        // State before its game tag: decoded through the buffered path.
        let text = format!(
            r#"{{"state": {}, "extra": [1, {{"x": 2}}], "game": {}, "format": 2}}"#,
            json["state"], json["game"]
        );
        let back: SavedGame = serde_json::from_str(&text).unwrap();
        assert_eq!(back.restore().unwrap(), game, "{kind:?}");
    }
}

#[test]
fn damaged_stored_games_are_refused() {
    let json = serde_json::to_value(played(GameKind::Fano).save()).unwrap();
    let mut cases: Vec<Value> = Vec::new();
    for field in ["format", "game", "state"] {
        let mut missing = json.clone();
        missing.as_object_mut().unwrap().remove(field);
        cases.push(missing);
    }
    let mut wrong_game = json.clone();
    wrong_game["game"] = json!("katro");
    cases.push(wrong_game);
    let mut unknown_game = json.clone();
    unknown_game["game"] = json!("chess");
    cases.push(unknown_game);
    cases.push(json!([1, "fano", {}]));
    for case in cases {
        assert!(
            serde_json::from_value::<SavedGame>(case.clone()).is_err(),
            "accepted {case}"
        );
    }
    let duplicated = format!(
        r#"{{"format": 2, "game": "fano", "game": "fano", "state": {}}}"#,
        json["state"]
    );
    assert!(serde_json::from_str::<SavedGame>(&duplicated).is_err());
}

/// The same game as `tests/fixtures/format1-<game>.json`, which the build before history keys
/// wrote (state format 1, whole boards in the history): the `i % n`-th legal move at ply `i`.
fn replayed(kind: GameKind, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    for i in 0..plies {
        let moves = game.legal_moves();
        game.play(&moves[i % moves.len()]).unwrap();
    }
    game
}

#[test]
fn sowing_games_stored_with_whole_boards_still_load_and_are_written_as_keys() {
    for (kind, plies, file) in [
        (GameKind::Katro, 40, include_str!("fixtures/format1-katro.json")),
        (GameKind::Engehe, 30, include_str!("fixtures/format1-engehe.json")),
        (
            GameKind::Mangala,
            12,
            include_str!("fixtures/format1-mangala.json"),
        ),
    ] {
        let old: SavedGame = serde_json::from_str(file).unwrap();
        assert_eq!(old.format, 1);
        let loaded = old.restore().unwrap();
        let game = replayed(kind, plies);
        assert_eq!(loaded, game, "{kind:?}");
        let json = serde_json::to_value(loaded.save()).unwrap();
        assert_eq!(json["format"], 2);
        let history = json["state"]["history"].as_object().unwrap();
        assert_eq!(history.keys().collect::<Vec<_>>(), ["keys"], "{kind:?}");
    }
}

#[test]
fn a_whole_board_history_that_does_not_match_its_game_is_refused() {
    let file = include_str!("fixtures/format1-katro.json");
    let good: Value = serde_json::from_str(file).unwrap();
    let mut cases = Vec::new();
    let mut short = good.clone();
    short["state"]["history"]["boards"].as_array_mut().unwrap().pop();
    cases.push(short);
    let mut other_board = good.clone();
    let last = other_board["state"]["history"]["boards"]
        .as_array()
        .unwrap()
        .len()
        - 1;
    other_board["state"]["history"]["boards"][last - 1] = json!(0);
    other_board["state"]["history"]["boards"][last] = json!(1000);
    cases.push(other_board);
    let mut side = good.clone();
    let sides = side["state"]["history"]["sides"].as_array_mut().unwrap();
    let n = sides.len();
    sides[n - 1] = json!("second");
    cases.push(side);
    for case in cases {
        let error = serde_json::from_value::<SavedGame>(case).unwrap_err().to_string();
        assert!(error.contains("stored repetition history"), "{error}");
    }
}

#[test]
fn a_state_format_newer_than_this_build_is_refused() {
    let mut json = serde_json::to_value(played(GameKind::Katro).save()).unwrap();
    json["format"] = json!(3);
    let saved: SavedGame = serde_json::from_value(json).unwrap();
    assert_eq!(
        saved.restore().unwrap_err().to_string(),
        "bad position: saved state format 3 is not supported (this build reads 2)"
    );
}

#[test]
fn a_state_read_in_an_older_format_is_written_in_this_builds_format() {
    // A record is often rewritten without a move (a clock, a post, a draw offer): its state must
    // not then claim format 1 with a history that format 1 readers cannot read.
    let old: SavedGame = serde_json::from_str(include_str!("fixtures/format1-katro.json")).unwrap();
    let json = serde_json::to_value(&old).unwrap();
    assert_eq!(json["format"], 2);
    assert!(json["state"]["history"]["keys"].is_string());
}
