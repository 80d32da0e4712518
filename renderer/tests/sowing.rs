//! Golden mancala boards, sowing traces and replays; limits and never-panic over random games.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind};
use lalao_renderer::{
    discord_length, render, sowing_replay, sowing_trace, Locale, Style, View, DISCORD_MESSAGE_LIMIT,
    MATRIX_EVENT_LIMIT,
};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn game(kind: GameKind, options: Value, position: Option<&str>) -> AnyGame {
    let options: Map<String, Value> = serde_json::from_value(options).unwrap();
    let options = AnyOptions::from_json(kind, &options, &[]).unwrap();
    match position {
        Some(position) => AnyGame::from_position(options, position).unwrap(),
        None => AnyGame::new(options).unwrap(),
    }
}

fn check_limits(board: &lalao_renderer::Board) {
    assert!(
        discord_length(&board.markdown) <= DISCORD_MESSAGE_LIMIT,
        "{}",
        discord_length(&board.markdown)
    );
    assert!(board.html.len() + board.plain.len() < MATRIX_EVENT_LIMIT / 2);
}

/// Snapshots every style and locale of `after` (the move `mv` played from `before`), plus the
/// move's trace and replay in English text style.
fn snapshot_move(name: &str, before: &AnyGame, mv: Option<&str>) {
    let mut after = before.clone();
    let events: Vec<Event> = mv.map(|mv| after.play(mv).unwrap()).unwrap_or_default();
    for locale in Locale::ALL {
        for style in Style::ALL {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: mv,
                events: &events,
                ..View::new(style, locale)
            };
            let board = render(&after, &view);
            check_limits(&board);
            let text = format!(
                "--- markdown\n{}\n--- plain\n{}\n--- html\n{}\n--- description\n{}\n",
                board.markdown, board.plain, board.html, board.description
            );
            insta::assert_snapshot!(format!("{name}_{}_{}", style.id(), locale.id()), text);
        }
    }
    if mv.is_some() {
        let view = View {
            names: ["Ana", "Bako"],
            ..View::new(Style::Text, Locale::En)
        };
        let trace = sowing_trace(before, &events, &view).join("\n");
        let frames: Vec<String> = sowing_replay(before, &events, &view)
            .into_iter()
            .map(|f| f.markdown)
            .collect();
        insta::assert_snapshot!(
            format!("{name}_trace"),
            format!("{trace}\n\n{}", frames.join("\n\n"))
        );
    }
}

#[test]
fn mangala_first_move_multi_lap_capture() {
    // M-E9: five laps, then South captures h1 + h12.
    snapshot_move(
        "mangala_m_e9",
        &game(GameKind::Mangala, json!({}), None),
        Some("h0"),
    );
}

#[test]
fn mangala_board_empty_game_over() {
    // M-E2: the capture empties the board; the game is over.
    let before = game(
        GameKind::Mangala,
        json!({}),
        Some("1,1,0,0,0,0,0/0,0,0,0,0,5,0 s 40-51"),
    );
    snapshot_move("mangala_m_e2", &before, Some("h0"));
}

#[test]
fn engehe_standard_board_window() {
    let before = game(GameKind::Engehe, json!({}), None);
    snapshot_move("engehe_40", &before, Some("h17"));
}

#[test]
fn engehe_small_board_relay_chain() {
    // E-E4 on 2×4.
    let before = game(GameKind::Engehe, json!({}), Some("0,3,0,0/1,0,5,0 s 0-0"));
    snapshot_move("engehe_e_e4", &before, Some("h1"));
}

#[test]
fn katro_first_move_capture_and_relays() {
    // K-E2: a1A from the start.
    snapshot_move("katro_k_e2", &game(GameKind::Katro, json!({}), None), Some("a1A"));
}

/// Every board size's emoji and text boards fit one Discord message.
#[test]
fn widest_boards_fit_the_limits() {
    for holes in [2, 8, 12, 13, 40, 50, 51, 100, 1000] {
        let g = game(GameKind::Engehe, json!({"holes": holes, "seeds": 9}), None);
        for locale in Locale::ALL {
            for style in Style::ALL {
                check_limits(&render(&g, &View::new(style, locale)));
            }
        }
    }
    for columns in [3, 6, 8, 12, 26] {
        let g = game(GameKind::Katro, json!({"columns": columns}), None);
        for locale in Locale::ALL {
            for style in Style::ALL {
                check_limits(&render(&g, &View::new(style, locale)));
            }
        }
    }
}

fn random_game(kind: GameKind, options: Value, choices: &[u32]) -> Vec<(AnyGame, String, Vec<Event>)> {
    let mut state = game(kind, options, None);
    let mut history = Vec::new();
    for choice in choices {
        let moves = state.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[*choice as usize % moves.len()].clone();
        let before = state.clone();
        let events = state.play(&mv).unwrap();
        history.push((before, mv, events));
    }
    history
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Rendering never panics on reachable states, stays within the limits, and a replay's last
    /// frame shows exactly the position after the move.
    #[test]
    fn random_games_render_and_replay_exactly(
        kind in prop_oneof![Just(GameKind::Mangala), Just(GameKind::Engehe), Just(GameKind::Katro),
                            Just(GameKind::Fano), Just(GameKind::Samantsy)],
        choices in prop::collection::vec(any::<u32>(), 1..60),
    ) {
        let options = match kind {
            GameKind::Engehe => json!({"holes": 8}),
            _ => json!({}),
        };
        for (before, mv, events) in random_game(kind, options, &choices) {
            let mut after = before.clone();
            after.play(&mv).unwrap();
            for style in Style::ALL {
                let view = View { last_move: Some(&mv), events: &events, ..View::new(style, Locale::Fr) };
                check_limits(&render(&after, &view));
            }
            if matches!(kind, GameKind::Mangala | GameKind::Engehe | GameKind::Katro) {
                let view = View::new(Style::Text, Locale::En);
                let frames = sowing_replay(&before, &events, &view);
                if let Some(last) = frames.last() {
                    let expected = render(&after, &View { events: &[], ..view }).plain;
                    let grid = |plain: &str| plain.lines().filter(|l| l.starts_with(' ')).collect::<Vec<_>>().join("\n");
                    let strip = |s: String| s.replace(['*', 'x'], " ");
                    prop_assert_eq!(strip(grid(&last.plain)), strip(grid(&expected)));
                }
            }
        }
    }
}

/// Variants and options that change what is shown: a 3-column Katro board, a fano full start,
/// and Mangala IV's reproducible random start.
#[test]
fn variant_boards() {
    let katro = game(GameKind::Katro, json!({"columns": 3}), None);
    snapshot_move("katro_3_columns", &katro, Some("a1A"));
    let options: Map<String, Value> = serde_json::from_value(json!({"cells": 7})).unwrap();
    let fano =
        AnyGame::new(AnyOptions::from_json(GameKind::Fano, &options, &["full-start".to_owned()]).unwrap())
            .unwrap();
    snapshot_move("fano_full_start", &fano, None);
    let options: Map<String, Value> = serde_json::from_value(json!({"seed": 7})).unwrap();
    let mangala = AnyGame::new(
        AnyOptions::from_json(GameKind::Mangala, &options, &["random-start".to_owned()]).unwrap(),
    )
    .unwrap();
    snapshot_move("mangala_random_start", &mangala, None);
}
