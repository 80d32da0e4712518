//! `lalao rules` as a pure function (`protocol::respond`, docs/rules-protocol.md): the error
//! shape, option errors that name the option, the perft node budget, and a fuzz test over
//! arbitrary JSON that needs no binary.

use lalao_core::any::AnyOptions;
use lalao_core::protocol::{respond, MAX_PERFT_NODES};
use lalao_core::{AnyGame, CoreError, GameKind, NodeBudget};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn rules(request: Value) -> Value {
    serde_json::from_str(&respond(request.to_string().as_bytes())).expect("a JSON response")
}

/// The error of a request that must fail.
fn error(request: Value) -> Value {
    let response = rules(request.clone());
    assert_eq!(response["ok"], false, "{request} → {response}");
    response["error"].clone()
}

#[test]
fn bad_options_name_the_option_at_fault_in_every_game() {
    let cases = [
        (
            "fano",
            json!({"cells": -3}),
            "cells",
            "invalid value: integer `-3`, expected u16",
        ),
        (
            "fano",
            json!({"cells": "7"}),
            "cells",
            "invalid type: string \"7\", expected u16",
        ),
        (
            "fano",
            json!({"cells": 4}),
            "cells",
            "the number of cells must be odd and between 3 and 255, not 4",
        ),
        (
            "fano",
            json!({"cells": 7, "ply_cap": -1}),
            "ply_cap",
            "invalid value: integer `-1`, expected u32",
        ),
        ("fano", json!({"ply_cap": 0}), "ply_cap", "must be at least 1"),
        (
            "samantsy",
            json!({"ply_cap": "many"}),
            "ply_cap",
            "invalid type: string \"many\", expected u32",
        ),
        (
            "mangala",
            json!({"seed": -1}),
            "seed",
            "invalid value: integer `-1`, expected u64",
        ),
        (
            "mangala",
            json!({"seed": "7"}),
            "seed",
            "invalid type: string \"7\", expected u64",
        ),
        (
            "engehe",
            json!({"holes": -3}),
            "holes",
            "invalid value: integer `-3`, expected u16",
        ),
        (
            "engehe",
            json!({"holes": 1}),
            "holes",
            "holes per row are between 2 and 1000, not 1",
        ),
        (
            "engehe",
            json!({"seeds": "4"}),
            "seeds",
            "invalid type: string \"4\", expected u16",
        ),
        (
            "engehe",
            json!({"holes": 40, "seeds": 0}),
            "seeds",
            "seeds per hole are at least 1 and at most 60000 seeds in all, not 80 × 0",
        ),
        (
            "katro",
            json!({"columns": 300}),
            "columns",
            "invalid value: integer `300`, expected u8",
        ),
        (
            "katro",
            json!({"columns": [6]}),
            "columns",
            "invalid type: sequence, expected u8",
        ),
        (
            "katro",
            json!({"columns": 2}),
            "columns",
            "columns are between 3 and 26, not 2",
        ),
    ];
    for (game, options, option, message) in cases {
        let kind = GameKind::from_id(game).unwrap();
        let core = AnyOptions::from_json(kind, options.as_object().unwrap(), &[])
            .and_then(AnyGame::new)
            .unwrap_err();
        assert_eq!(
            core,
            CoreError::BadOptions {
                option: option.to_owned(),
                message: message.to_owned()
            },
            "{game} {options}"
        );
        assert_eq!(
            error(json!({"game": game, "options": options})),
            json!({"kind": "bad_options", "message": format!("bad option `{option}`: {message}"), "move_index": null}),
            "{game} {options}"
        );
    }
    // An unknown option is named too, with the ones the game knows.
    for (game, known) in [
        ("samantsy", "`variants` or `ply_cap`"),
        ("fano", "one of `cells`, `variants`, `ply_cap`"),
        ("mangala", "one of `seed`, `variants`, `ply_cap`"),
        ("engehe", "one of `holes`, `seeds`, `variants`, `ply_cap`"),
        ("katro", "one of `columns`, `variants`, `ply_cap`"),
    ] {
        assert_eq!(
            error(json!({"game": game, "options": {"colour": 1}}))["message"],
            format!("bad option `colour`: unknown field `colour`, expected {known}"),
        );
    }
    assert_eq!(
        error(json!({"game": "fano", "options": {"variants": ["misere"]}}))["message"],
        "bad option `variants`: variants are given beside the options, not inside"
    );
}

#[test]
fn every_error_has_a_move_index_null_unless_about_a_move() {
    for (request, kind) in [
        (json!({"game": "chess"}), "unsupported_game"),
        (json!({"game": 3}), "bad_request"),
        (json!({"game": "fano", "variants": ["nope"]}), "unknown_variant"),
        (json!({"game": "fano", "position": "W"}), "bad_notation"),
        (json!({"game": "fano", "position": "W.W w 1 1"}), "bad_position"),
        (json!({"game": "fano", "perft": 13}), "bad_request"),
    ] {
        let error = error(request.clone());
        assert_eq!(error["kind"], kind, "{request}");
        assert_eq!(error.get("move_index"), Some(&Value::Null), "{request}");
    }
    let response = respond(b"[1]");
    assert_eq!(
        response,
        r#"{"error":{"kind":"bad_request","message":"a request is a JSON object","move_index":null},"ok":false}"#
    );
    let error = error(json!({"game": "fano", "moves": ["@1", "@1"]}));
    assert_eq!(
        error,
        json!({"kind": "illegal_move", "reason": "cell_occupied",
               "message": "illegal move `@1`: cell_occupied", "move_index": 1})
    );
    assert_eq!(
        error_move_index(json!({"game": "katro", "moves": ["a1A", "zz"]})),
        json!(1)
    );
}

fn error_move_index(request: Value) -> Value {
    error(request)["move_index"].clone()
}

#[test]
fn perft_budget_counts_every_node_in_every_game() {
    // Samantsy's own walk and the generic one count alike: 1 + 36 + 1 226 + 41 402 nodes.
    let game = AnyGame::new(AnyOptions::standard(GameKind::Samantsy).unwrap()).unwrap();
    let mut budget = NodeBudget::new(MAX_PERFT_NODES);
    assert_eq!(game.perft_within(3, &mut budget), Ok(41_402));
    assert_eq!(budget.spent(), 42_665);
    assert!(game.perft_within(3, &mut NodeBudget::new(42_664)).is_err());
    assert_eq!(game.perft_within(0, &mut NodeBudget::new(1)), Ok(1));
    assert!(game.perft_within(0, &mut NodeBudget::new(0)).is_err());
    // A sowing game's node counts once per 8 holes: Katro 6 × 6 = 36 holes → 5 per node.
    let game = AnyGame::new(AnyOptions::standard(GameKind::Katro).unwrap()).unwrap();
    let mut budget = NodeBudget::new(MAX_PERFT_NODES);
    assert_eq!(game.perft_within(1, &mut budget), Ok(12));
    assert_eq!(budget.spent(), 5 + 12 * 5);
    // En Gehé 2 × 40 holes → 10 per node; Mangala IV's 14 holes → 2.
    let game = AnyGame::new(AnyOptions::standard(GameKind::Engehe).unwrap()).unwrap();
    let mut budget = NodeBudget::new(MAX_PERFT_NODES);
    assert_eq!(game.perft_within(1, &mut budget), Ok(40));
    assert_eq!(budget.spent(), 10 + 40 * 10);
    let game = AnyGame::new(AnyOptions::standard(GameKind::Mangala).unwrap()).unwrap();
    let mut budget = NodeBudget::new(MAX_PERFT_NODES);
    assert_eq!(game.perft_within(2, &mut budget), Ok(1));
    assert_eq!(budget.spent(), 2 + 2 + 2);
    // Within the budget, perft_within is perft.
    for kind in GameKind::ALL {
        let game = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
        assert_eq!(
            game.perft_within(2, &mut NodeBudget::new(MAX_PERFT_NODES)),
            Ok(game.perft(2)),
            "{kind:?}"
        );
    }
}

#[test]
fn legitimate_perfts_fit_the_budget() {
    // Samantsy perft 5 from the start: 43 354 966 nodes for 41 991 880 leaves.
    let response = rules(json!({"game": "samantsy", "perft": 5}));
    assert_eq!(response["nodes"], 41_991_880);
    let response = rules(json!({"game": "fano", "perft": 12}));
    assert_eq!(response["nodes"], 33_624);
}

#[test]
fn huge_perfts_answer_perft_too_large_in_every_game() {
    for request in [
        json!({"game": "fano", "options": {"cells": 255}, "perft": 12}),
        json!({"game": "samantsy", "perft": 12}),
        json!({"game": "engehe", "options": {"holes": 1000, "seeds": 1}, "perft": 12}),
    ] {
        assert_eq!(
            error(request.clone()),
            json!({"kind": "perft_too_large",
                   "message": "perft would visit more than 100000000 nodes; ask for a smaller depth",
                   "move_index": null}),
            "{request}"
        );
    }
}

/// Any JSON value, with the protocol's field names, game names and move texts likely enough to
/// reach deep into the handler.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-3i64..300).prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "\\PC{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "fano",
            "samantsy",
            "mangala",
            "engehe",
            "katro",
            "@3",
            "2-3",
            "h3",
            "pass",
            "a1A",
            "e2-e4",
            "misere",
            "full-start",
            "....... w 2 2",
            "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0-0",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<String, Value>>())),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "game", "options", "variants", "position", "moves", "perft", "cells", "holes", "seeds",
            "columns", "seed", "ply_cap",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,8}",
    ]
}

/// A request whose every field may have the wrong type (or be missing).
fn request() -> impl Strategy<Value = Value> {
    let game = prop_oneof![
        prop::sample::select(vec!["fano", "samantsy", "mangala", "engehe", "katro"]).prop_map(Value::from),
        json_value(),
    ];
    let field = || prop::option::of(json_value());
    let options = prop::option::of(prop_oneof![
        json_value(),
        prop::collection::vec((key(), json_value()), 0..4)
            .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<String, Value>>())),
    ]);
    // Perft stays shallow when it is a valid depth, so the test stays quick.
    let perft = prop::option::of(prop_oneof![json_value(), (0u32..3).prop_map(Value::from)]);
    (game, options, field(), field(), field(), perft).prop_map(
        |(game, options, variants, position, moves, perft)| {
            let mut request = Map::new();
            request.insert("game".into(), game);
            for (name, value) in [
                ("options", options),
                ("variants", variants),
                ("position", position),
                ("moves", moves),
                ("perft", perft),
            ] {
                if let Some(value) = value {
                    request.insert(name.into(), value);
                }
            }
            Value::Object(request)
        },
    )
}

/// Every response is one line of JSON, `ok` or an error with the full error shape.
fn check_response(response: &str) -> Result<(), TestCaseError> {
    prop_assert!(!response.contains('\n'));
    let value: Value = serde_json::from_str(response).unwrap();
    match value["ok"] {
        Value::Bool(true) => {
            prop_assert!(value["position"].is_string());
            prop_assert!(value["legal"].is_array());
        }
        Value::Bool(false) => {
            let error = &value["error"];
            prop_assert!(error["kind"].is_string());
            prop_assert_ne!(&error["kind"], "internal");
            prop_assert!(error["message"].is_string());
            let index = error.get("move_index");
            prop_assert!(
                matches!(index, Some(Value::Null) | Some(Value::Number(_))),
                "{}",
                value
            );
        }
        _ => prop_assert!(false, "no ok field: {}", value),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Arbitrary nested JSON: answered, never a panic, never an internal error.
    #[test]
    fn arbitrary_json_never_breaks_the_handler(value in json_value()) {
        check_response(&respond(value.to_string().as_bytes()))?;
    }

    /// Request-shaped objects with wrong-typed fields.
    #[test]
    fn wrong_typed_requests_never_break_the_handler(request in request()) {
        check_response(&respond(request.to_string().as_bytes()))?;
    }

    /// Arbitrary bytes.
    #[test]
    fn arbitrary_bytes_never_break_the_handler(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_response(&respond(&bytes))?;
    }
}
