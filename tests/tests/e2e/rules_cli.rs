//! `lalao rules` as a process: one response line per request line, flushed, and it survives
//! any bytes at all.

use proptest::prelude::*;
use serde_json::Value;

use crate::process::{output_with_input, Lalao};
use crate::support::lalao;

/// Runs `lalao rules` on `input` and returns its stdout lines.
fn run_rules(input: &[u8]) -> Vec<String> {
    let output = output_with_input(lalao().arg("rules"), input);
    assert!(output.status.success(), "lalao rules exits cleanly");
    String::from_utf8(output.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn answers_each_line_in_order_and_flushes_each_answer() {
    let mut command = lalao();
    command.arg("rules");
    let mut rules = Lalao::new(command).piped().start();
    // Interactive: each answer arrives before the next request is written.
    for (request, position) in [
        (r#"{"game":"fano"}"#, "....... w 2 2"),
        (
            r#"{"game":"fano","options":{"cells":5},"moves":["@3"]}"#,
            "..W.. b 0 1",
        ),
    ] {
        rules.send(request);
        let line = rules.line().expect("an answer");
        let response: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(response["position"], position);
    }
    rules.close_stdin();
    assert!(rules.wait().success());
}

#[test]
fn errors_carry_kind_and_move_index_and_the_loop_goes_on() {
    let input = concat!(
        "not json\n",
        "{\"game\":\"chess\"}\n",
        "{\"game\":\"fano\",\"moves\":[\"@1\",\"@1\"]}\n",
        "{\"game\":\"fano\",\"variants\":[\"nope\"]}\n",
        "{\"game\":\"fano\",\"options\":{\"cells\":4}}\n",
        "{\"game\":\"fano\",\"position\":\"W.B w 0 0\"}\n",
    );
    let lines = run_rules(input.as_bytes());
    let responses: Vec<Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let kinds: Vec<&str> = responses
        .iter()
        .map(|response| response["error"]["kind"].as_str().unwrap_or("none"))
        .collect();
    assert_eq!(
        kinds,
        [
            "bad_json",
            "unsupported_game",
            "illegal_move",
            "unknown_variant",
            "bad_options",
            "none"
        ]
    );
    assert_eq!(responses[2]["error"]["move_index"], 1);
    assert_eq!(responses[2]["error"]["reason"], "cell_occupied");
    assert_eq!(responses[5]["legal"], serde_json::json!(["1-2"]));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Whatever bytes arrive, every line gets exactly one JSON answer and nothing crashes.
    #[test]
    fn random_bytes_never_crash_it(chunks in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..200), 1..20)) {
        let mut input = Vec::new();
        for chunk in &chunks {
            input.extend(chunk.iter().copied().filter(|b| *b != b'\n'));
            input.push(b'\n');
        }
        let lines = run_rules(&input);
        prop_assert_eq!(lines.len(), chunks.len());
        for line in lines {
            let response: Value = serde_json::from_str(&line).unwrap();
            prop_assert_eq!(&response["ok"], &Value::Bool(false));
            prop_assert_ne!(&response["error"]["kind"], "internal");
        }
    }

    /// Random JSON shaped like requests: answered, never an internal error.
    #[test]
    fn random_requests_never_crash_it(
        games in prop::collection::vec(prop_oneof![
            Just("fano"), Just("samantsy"), Just("mangala"), Just("engehe"), Just("katro"), Just("x")], 1..8),
        cells in prop::collection::vec(0u32..40, 1..8),
        moves in prop::collection::vec(prop::collection::vec("[@0-9a-h\\-xAB]{0,6}", 0..6), 1..8),
        positions in prop::collection::vec(prop::option::of("[WB.wb 0-9/,a-z]{0,20}"), 1..8),
        perft in prop::collection::vec(prop::option::of(0u32..3), 1..8),
    ) {
        let mut input = String::new();
        for i in 0..games.len() {
            let request = serde_json::json!({
                "game": games[i],
                "options": {"cells": cells[i % cells.len()]},
                "moves": moves[i % moves.len()],
                "position": positions[i % positions.len()],
                "perft": perft[i % perft.len()],
            });
            input.push_str(&request.to_string());
            input.push('\n');
        }
        let lines = run_rules(input.as_bytes());
        prop_assert_eq!(lines.len(), games.len());
        for line in lines {
            let response: Value = serde_json::from_str(&line).unwrap();
            prop_assert_ne!(&response["error"]["kind"], "internal");
        }
    }
}
