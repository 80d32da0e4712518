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
        assert_eq!(json["format"], 1);
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
            r#"{{"state": {}, "extra": [1, {{"x": 2}}], "game": {}, "format": 1}}"#,
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
        r#"{{"format": 1, "game": "fano", "game": "fano", "state": {}}}"#,
        json["state"]
    );
    assert!(serde_json::from_str::<SavedGame>(&duplicated).is_err());
}
