use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind};
use proptest::prelude::*;

use super::holes::Holes;
use super::replay::{sowing_replay, REPLAY_MAX_FRAMES};
use super::steps::{steps, Step};
use super::trace::sown_path;
use crate::{Style, View};

fn game(kind: GameKind, options: serde_json::Value, variants: &[&str]) -> AnyGame {
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_value(options).unwrap();
    let variants: Vec<String> = variants.iter().map(|v| (*v).to_owned()).collect();
    AnyGame::new(AnyOptions::from_json(kind, &options, &variants).unwrap()).unwrap()
}

fn replayed(before: &AnyGame, events: &[Event]) -> Holes {
    let mut holes = Holes::from_game(before);
    for step in steps(events) {
        holes.apply(&step);
    }
    holes
}

#[test]
fn sweeps_are_told_apart_from_captures() {
    // M-E2: the capture empties the board, then nothing is left to sweep.
    let options = AnyOptions::standard(GameKind::Mangala).unwrap();
    let mut g = AnyGame::from_position(options, "1,1,0,0,0,0,0/0,0,0,0,0,5,0 s 40-51").unwrap();
    let events = g.play("h0").unwrap();
    let kinds: Vec<&str> = steps(&events)
        .iter()
        .map(|s| match s {
            Step::Lap { .. } => "lap",
            Step::Capture { .. } => "capture",
            Step::Sweep { .. } => "sweep",
            Step::Stepped { .. } => "step",
            Step::Passed { .. } => "pass",
        })
        .collect();
    assert_eq!(kinds[..2], ["lap", "capture"]);
    assert!(kinds[2..].iter().all(|k| *k == "sweep"), "{kinds:?}");
}

#[test]
fn sown_paths_are_runs_of_neighbours() {
    let g = game(GameKind::Mangala, serde_json::json!({}), &[]);
    let holes = Holes::from_game(&g);
    assert_eq!(sown_path(&holes, &[1, 2, 3, 4, 5, 6, 7]), "h1–h7");
    assert_eq!(sown_path(&holes, &[12, 13, 0, 1]), "h12–h13, h0–h1");
    assert_eq!(sown_path(&holes, &[3]), "h3");
    let katro = Holes::from_game(&game(GameKind::Katro, serde_json::json!({}), &[]));
    // Along row 1 to f1, then up to f2 and back along row 2.
    assert_eq!(sown_path(&katro, &[1, 2, 3, 4, 5, 11, 10]), "b1–f1, f2–e2");
}

fn options_strategy() -> impl Strategy<Value = (GameKind, serde_json::Value, Vec<&'static str>)> {
    prop_oneof![
        (
            prop::sample::select(vec![
                vec![],
                vec!["skip-origin"],
                vec!["snapshot-chain"],
                vec!["rightmost-head"],
                vec!["loop-stops-turn"],
                vec!["madjnuni-start"],
                vec!["random-start"],
            ]),
            any::<u8>()
        )
            .prop_map(|(variants, seed)| (
                GameKind::Mangala,
                serde_json::json!({ "seed": seed }),
                variants
            )),
        (
            2u16..=60,
            1u32..=6,
            prop::sample::select(vec![vec![], vec!["mw-capture"], vec!["loop-stops-turn"]])
        )
            .prop_map(|(holes, seeds, variants)| (
                GameKind::Engehe,
                serde_json::json!({ "holes": holes, "seeds": seeds }),
                variants
            )),
        (
            3u8..=26,
            prop::sample::select(vec![
                vec![],
                vec!["lone-stone"],
                vec!["lone-stone-diagonal"],
                vec!["reverse-direction"],
                vec!["any-hole-start"],
                vec!["ludii-capture"],
                vec!["loop-stops-turn", "lone-stone"],
            ])
        )
            .prop_map(|(columns, variants)| (
                GameKind::Katro,
                serde_json::json!({ "columns": columns }),
                variants
            )),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Replaying a move's events on the position before it gives exactly the position
    /// after it (counts and stores), for every variant: laps, lone-stone steps, captures
    /// and sweeps are all applied; and a replay never has more than the cap of frames.
    #[test]
    fn replay_reaches_the_position_after_every_move(
        (kind, options, variants) in options_strategy(),
        choices in prop::collection::vec(any::<u32>(), 1..80),
    ) {
        let mut state = game(kind, options, &variants);
        for choice in choices {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()].clone();
            let before = state.clone();
            let events = state.play(&mv).unwrap();
            prop_assert_eq!(replayed(&before, &events), Holes::from_game(&state), "{}", mv);
            let view = View::new(Style::Text, crate::Locale::En);
            prop_assert!(sowing_replay(&before, &events, &view).len() <= REPLAY_MAX_FRAMES);
        }
    }
}
