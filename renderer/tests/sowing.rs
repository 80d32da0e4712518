//! Golden mancala boards, sowing traces and replays; limits and never-panic over random games.

mod common;
use common::game_with;
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_renderer::{
    discord_length, render, sowing_replay, sowing_trace, Board, Locale, Style, View, DISCORD_BOARD_BUDGET,
    MATRIX_EVENT_LIMIT, REPLAY_MAX_FRAMES,
};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn game(kind: GameKind, options: Value, position: Option<&str>) -> AnyGame {
    game_with(kind, options, &[], position)
}

/// The board alone leaves room in a Discord message for the bot's text around it; the Matrix
/// event (HTML and plain body) stays far below the event limit.
fn check_limits(board: &Board, what: &str) {
    assert!(
        discord_length(&board.markdown) <= DISCORD_BOARD_BUDGET,
        "{what}: {} characters\n{}",
        discord_length(&board.markdown),
        board.markdown
    );
    assert!(
        board.html.len() + board.plain.len() < MATRIX_EVENT_LIMIT / 2,
        "{what}: {} bytes",
        board.html.len() + board.plain.len()
    );
    assert!(!board.description.is_empty(), "{what}");
    // HTML cells mark the last move by colour and shape, never by the text grid's symbols.
    for cell in board.html.split("<td>").skip(1) {
        let inner = cell.split("</td>").next().unwrap_or_default();
        let text: String = inner
            .split('<')
            .map(|part| part.split_once('>').map_or(part, |(_, text)| text))
            .collect();
        assert!(
            !(text.is_empty() || text.ends_with(['*', '^', '+']) || (text.len() > 1 && text.ends_with('x'))),
            "{what}: HTML cell {inner:?}"
        );
    }
}

fn board_text(board: &Board) -> String {
    format!(
        "--- markdown\n{}\n--- plain\n{}\n--- html\n{}\n--- description\n{}\n",
        board.markdown, board.plain, board.html, board.description
    )
}

/// Snapshots every style and locale of `after` (the move `mv` played from `before`), plus the
/// move's trace and its replay in the text and emoji styles, in both locales.
fn snapshot_move(name: &str, before: &AnyGame, mv: Option<&str>) {
    snapshot_move_for(name, before, mv, None)
}

fn snapshot_move_for(name: &str, before: &AnyGame, mv: Option<&str>, viewer: Option<Side>) {
    let mut after = before.clone();
    let events: Vec<Event> = mv.map(|mv| after.play(mv).unwrap()).unwrap_or_default();
    for locale in Locale::ALL {
        for style in Style::ALL {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: mv,
                events: &events,
                viewer,
                ..View::new(style, locale)
            };
            let board = render(&after, &view);
            check_limits(&board, name);
            insta::assert_snapshot!(
                format!("{name}_{}_{}", style.id(), locale.id()),
                board_text(&board)
            );
        }
    }
    if mv.is_some() {
        for locale in Locale::ALL {
            let view = |style| View {
                names: ["Ana", "Bako"],
                viewer,
                ..View::new(style, locale)
            };
            let trace = sowing_trace(before, &events, &view(Style::Text)).join("\n");
            let mut text = format!("{trace}\n");
            for style in [Style::Text, Style::Emoji] {
                let frames = sowing_replay(before, &events, &view(style));
                assert!(frames.len() <= REPLAY_MAX_FRAMES);
                for (index, frame) in frames.iter().enumerate() {
                    check_limits(frame, name);
                    text.push_str(&format!(
                        "\n=== {} frame {}\n{}\n",
                        style.id(),
                        index + 1,
                        frame.markdown
                    ));
                }
            }
            insta::assert_snapshot!(format!("{name}_trace_{}", locale.id()), text);
        }
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
fn mangala_end_of_game_sweep_is_not_a_capture() {
    // M-10: a lone seed circles the board until a (board, side) state repeats; then each
    // side's row is swept into its store.
    let mut before = game(
        GameKind::Mangala,
        json!({}),
        Some("0,0,0,1,0,0,0/0,0,0,0,0,0,0 s 63-34"),
    );
    let (mv, events) = loop {
        let mv = before.legal_moves()[0].clone();
        let mut after = before.clone();
        let events = after.play(&mv).unwrap();
        if after.outcome().is_some() {
            break (mv, events);
        }
        before = after;
    };
    snapshot_move("mangala_sweep", &before, Some(&mv));
    let mut after = before.clone();
    after.play(&mv).unwrap();
    let view = View {
        last_move: Some(&mv),
        events: &events,
        ..View::new(Style::Text, Locale::En)
    };
    let board = render(&after, &view);
    assert!(
        board
            .markdown
            .contains("end of the game: South takes the seed left in its row"),
        "{}",
        board.markdown
    );
    assert!(!board.markdown.contains("captured 1"), "{}", board.markdown);
    let trace = sowing_trace(&before, &events, &view);
    assert_eq!(
        trace.last().unwrap(),
        "End of the game: South takes the seed left in its row, from 1 hole",
    );
}

#[test]
fn mangala_pass() {
    // M-5: South's row is empty, South passes.
    let before = game(
        GameKind::Mangala,
        json!({}),
        Some("0,0,0,0,0,0,0/0,0,1,0,0,5,1 s 57-34"),
    );
    snapshot_move("mangala_pass", &before, Some("pass"));
}

#[test]
fn mangala_counts_above_fifty_and_skip_origin() {
    // `skip-origin`: a 60-seed lap goes four times round without refilling its origin.
    let before = game_with(
        GameKind::Mangala,
        json!({}),
        &["skip-origin"],
        Some("60,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0-0"),
    );
    snapshot_move("mangala_skip_origin_60", &before, Some("h0"));
    // Counts above 50 are written as numbers in the emoji grid, five digits in the text grid.
    let big = game(
        GameKind::Mangala,
        json!({}),
        Some("60,51,50,12345,7,0,1/7,7,7,7,7,7,7 s 0-0"),
    );
    snapshot_move("mangala_counts_above_50", &big, None);
}

#[test]
fn mangala_madjnuni_start() {
    let options: Map<String, Value> = serde_json::from_value(json!({"seed": 3})).unwrap();
    let mangala = AnyGame::new(
        AnyOptions::from_json(GameKind::Mangala, &options, &["madjnuni-start".to_owned()]).unwrap(),
    )
    .unwrap();
    snapshot_move("mangala_madjnuni_start", &mangala, None);
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
fn engehe_one_lap_one_seed_singulars() {
    // One lap, one seed captured: "1 lap", "1 seed" ("1 tour", "1 graine"), never "1 laps".
    let before = game(GameKind::Engehe, json!({}), Some("1,1,2,0/2,0,0,0 n 2-0"));
    snapshot_move_for("engehe_one_lap", &before, Some("h4"), Some(Side::NORTH));
    let mut after = before.clone();
    let events = after.play("h4").unwrap();
    for (locale, expected) in [
        (Locale::En, "Last move: h4, 1 lap, captured 1 seed from h1"),
        (Locale::Fr, "Dernier coup : h4, 1 tour, 1 graine prise en h1"),
    ] {
        let view = View {
            last_move: Some("h4"),
            events: &events,
            ..View::new(Style::Text, locale)
        };
        let board = render(&after, &view);
        assert!(board.markdown.contains(expected), "{}", board.markdown);
    }
}

#[test]
fn engehe_largest_traditional_board_and_wider() {
    let before = game(GameKind::Engehe, json!({"holes": 50}), None);
    snapshot_move("engehe_50", &before, Some("h25"));
    let before = game(GameKind::Engehe, json!({"holes": 60, "seeds": 2}), None);
    snapshot_move("engehe_60", &before, Some("h30"));
}

#[test]
fn engehe_mw_capture() {
    let before = game_with(
        GameKind::Engehe,
        json!({}),
        &["mw-capture"],
        Some("0,1,6,6,2,7/1,6,1,6,6,6 n 0-0"),
    );
    snapshot_move("engehe_mw_capture", &before, Some("h7"));
}

#[test]
fn engehe_loop_stops_turn() {
    // G-3 `loop-stops-turn`: the relay would come back to a lap start already seen.
    let before = game_with(
        GameKind::Engehe,
        json!({}),
        &["loop-stops-turn"],
        Some("3,1,4,2,3,2/1,0,1,0,1,2 s 4-24"),
    );
    let mut after = before.clone();
    let events = after.play("h2").unwrap();
    let trace = sowing_trace(&before, &events, &View::new(Style::Text, Locale::En));
    assert!(
        trace
            .last()
            .unwrap()
            .ends_with("this would go round forever, the move stops"),
        "{trace:?}"
    );
    // A long move: its replay is merged into at most the cap of frames.
    assert!(trace.len() > REPLAY_MAX_FRAMES, "{}", trace.len());
    snapshot_move("engehe_loop", &before, Some("h2"));
}

#[test]
fn engehe_finished_game() {
    // E-9: North's last seed moves; South cannot move, North takes what is left.
    let before = game(GameKind::Engehe, json!({}), Some("0,0,0,0/0,1,0,0 n 15-16"));
    snapshot_move("engehe_finished", &before, Some("h5"));
}

#[test]
fn katro_first_move_capture_and_relays() {
    // K-E2: a1A from the start.
    snapshot_move("katro_k_e2", &game(GameKind::Katro, json!({}), None), Some("a1A"));
}

#[test]
fn katro_lone_stone_steps() {
    // §5.5: North's lone seed steps from c6 to c5 and captures, the captured seeds sown on.
    let before = game_with(
        GameKind::Katro,
        json!({}),
        &["lone-stone"],
        Some("0,0,1,0/0,0,0,0/0,0,0,0/4,6,2,3/3,1,4,9/0,7,1,7 n"),
    );
    snapshot_move_for(
        "katro_lone_stone_capture",
        &before,
        Some("c6-c5B"),
        Some(Side::NORTH),
    );
    // A step that captures nothing: b5 to b4, and the move ends.
    let before = game_with(
        GameKind::Katro,
        json!({}),
        &["lone-stone"],
        Some("0,0,0,0/0,1,0,0/0,0,0,0/7,0,3,2/3,1,7,9/5,9,1,0 n"),
    );
    snapshot_move("katro_lone_stone_step", &before, Some("b5-b4"));
    let mut after = before.clone();
    let events = after.play("b5-b4").unwrap();
    let trace = sowing_trace(&before, &events, &View::new(Style::Text, Locale::En));
    assert_eq!(trace, ["The lone seed steps from b5 to b4"]);
}

#[test]
fn katro_html_board_has_the_line_between_the_halves() {
    let katro = game(GameKind::Katro, json!({}), None);
    let board = render(&katro, &View::new(Style::Text, Locale::En));
    let rows: Vec<&str> = board.html.split("<tr>").skip(1).collect();
    // Letters, rows 6 to 4, the line, rows 3 to 1, letters.
    assert_eq!(rows.len(), 9);
    assert!(rows[3].starts_with("<th>4</th>"));
    assert_eq!(
        rows[4],
        format!("<th></th>{}<th></th></tr>", "<td>—</td>".repeat(6))
    );
    assert!(rows[5].starts_with("<th>3</th>"));
}

#[test]
fn katro_widest_board() {
    let before = game(GameKind::Katro, json!({"columns": 26}), None);
    snapshot_move("katro_26", &before, Some("m1A"));
}

#[test]
fn katro_finished_game() {
    let before = game(
        GameKind::Katro,
        json!({}),
        Some("2,4,4/2,1,1/0,14,4/0,0,1/0,3,0/0,0,0 n"),
    );
    snapshot_move("katro_finished", &before, Some("a6B"));
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

/// A long display name with characters that HTML and Markdown treat specially (32 characters,
/// Discord's longest).
const LONG_NAME: &str = "<Ana & \"Bako\"> Rakotondrabe-Ras";

/// Renders `after` (reached by `mv`, whose events are `events`, from `before`) in every style
/// and locale with long names — the reader style from both sides too — and the move's trace
/// and replay, checking every limit.
fn check_everything(before: &AnyGame, after: &AnyGame, mv: &str, events: &[Event], what: &str) {
    for locale in Locale::ALL {
        for style in Style::ALL {
            let viewers: &[Option<Side>] = if style == Style::Reader {
                &[None, Some(Side::SOUTH), Some(Side::NORTH)]
            } else {
                &[None]
            };
            for viewer in viewers {
                let view = View {
                    names: [LONG_NAME, LONG_NAME],
                    last_move: Some(mv),
                    events,
                    viewer: *viewer,
                    ..View::new(style, locale)
                };
                let what = format!("{what} {mv} {style:?} {locale:?} {viewer:?}");
                check_limits(&render(after, &view), &what);
                check_limits(
                    &render(
                        before,
                        &View {
                            events: &[],
                            last_move: None,
                            ..view
                        },
                    ),
                    &what,
                );
            }
            let view = View {
                names: [LONG_NAME, LONG_NAME],
                ..View::new(style, locale)
            };
            let frames = sowing_replay(before, events, &view);
            assert!(frames.len() <= REPLAY_MAX_FRAMES, "{what}");
            for frame in &frames {
                check_limits(frame, &format!("{what} {mv} replay {style:?} {locale:?}"));
            }
            for line in sowing_trace(before, events, &view) {
                assert!(discord_length(&line) <= 600, "{what}: {line}");
            }
        }
    }
}

/// Plays `mv` and checks everything about it.
fn check_move(before: &AnyGame, mv: &str, what: &str) {
    let mut after = before.clone();
    let events = after.play(mv).unwrap();
    check_everything(before, &after, mv, &events, what);
}

/// Events shaped like a long real move on a board of `holes` holes (`circuit` holes sowable
/// in order): a huge lap from `start` going round many times, a relay, a capture of two
/// holes, then the end-of-game sweep of every hole. For boards whose real moves would take the
/// engine too long to find (the G-3 check of relays on a board full of seeds).
fn long_move_events(start: usize, seeds: u32, circuit: usize, holes: usize) -> Vec<Event> {
    let sown: Vec<u16> = (1..=seeds as usize)
        .map(|i| ((start + i) % circuit) as u16)
        .collect();
    let last = *sown.last().unwrap();
    vec![
        Event::Lap {
            start: start as u16,
            seeds,
            sown: sown.clone(),
            end: lalao_core::event::LapEnd::Relay,
        },
        Event::Lap {
            start: last,
            seeds: 3,
            sown: (1..=3).map(|i| ((last as usize + i) % circuit) as u16).collect(),
            end: lalao_core::event::LapEnd::Capture,
        },
        Event::SeedsCaptured {
            by: Side::SOUTH,
            holes: vec![(((last as usize + 3) % circuit) as u16, 12_345), (0, 54_321)],
        },
        Event::SeedsCaptured {
            by: Side::NORTH,
            holes: (0..holes).map(|h| (h as u16, 59_999)).collect(),
        },
    ]
}

/// A board of `holes` holes holding nearly the most seeds the engines accept (60,000), unevenly:
/// one hole with five digits, the others dense.
fn dense_counts(holes: usize, first: usize) -> Vec<u32> {
    let total = 59_000u32;
    let big = (total / 2).min(12_345);
    let each = (total - big) / holes as u32;
    (0..holes)
        .map(|h| {
            if h == first {
                big + each
            } else {
                each.saturating_sub((h % 3) as u32)
            }
        })
        .collect()
}

/// Every En Gehé size and Katro column count the core accepts, at the start and dense, with
/// long names and a move's events, fits the platform limits — boards, traces and replay
/// frames. Real moves where the engine finds them quickly; on the other boards, events shaped
/// like the longest moves (the renderer draws whatever events it is given).
#[test]
fn every_board_size_fits_the_limits() {
    let max_holes = lalao_core::engehe::MAX_HOLES as usize;
    for n in 2..=max_holes {
        let standard = game(GameKind::Engehe, json!({"holes": n}), None);
        if n <= 60 || n % 100 == 0 {
            let mv = standard.legal_moves()[0].clone();
            check_move(&standard, &mv, &format!("engehe {n}"));
        } else {
            let events = long_move_events(n / 2, 4, 2 * n, 2 * n);
            check_everything(&standard, &standard, "h1", &events, &format!("engehe {n}"));
        }
        // Dense boards draw the same way at every size past the window: a sample of them.
        if n > 60 && n % 10 != 0 && n != max_holes - 1 {
            continue;
        }
        let counts = dense_counts(2 * n, n / 3);
        let text = |row: &[u32]| row.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let position = format!("{}/{} s 0-0", text(&counts[..n]), text(&counts[n..]));
        let dense = game(GameKind::Engehe, json!({}), Some(&position));
        let events = long_move_events(n / 3, counts[n / 3], 2 * n, 2 * n);
        check_everything(&dense, &dense, "h1", &events, &format!("dense engehe {n}"));
    }
    for columns in 3..=lalao_core::katro::MAX_COLUMNS as usize {
        for variants in [&[][..], &["lone-stone"][..]] {
            let standard = game_with(GameKind::Katro, json!({"columns": columns}), variants, None);
            for mv in standard.legal_moves().iter().take(3) {
                check_move(&standard, mv, &format!("katro {columns}"));
            }
        }
        let counts = dense_counts(6 * columns, 2 * columns);
        let rows: Vec<String> = counts
            .chunks(columns)
            .rev()
            .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect();
        let dense = game(GameKind::Katro, json!({}), Some(&format!("{} s", rows.join("/"))));
        // Katro's own rows are sown along a track; any order of holes draws the same.
        let events = long_move_events(2 * columns, counts[2 * columns], 3 * columns, 6 * columns);
        check_everything(&dense, &dense, "c3A", &events, &format!("dense katro {columns}"));
    }
    let mangala = game(
        GameKind::Mangala,
        json!({}),
        Some("30000,1000,1000,1000,1000,1000,1000/1000,1000,1000,1000,1000,1000,1000 s 10000-1000"),
    );
    let events = long_move_events(0, 30_000, 14, 14);
    check_everything(&mangala, &mangala, "h0", &events, "dense mangala");
}

fn random_game(
    kind: GameKind,
    options: Value,
    variants: &[&str],
    choices: &[u32],
) -> Vec<(AnyGame, String, Vec<Event>)> {
    let mut state = game_with(kind, options, variants, None);
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

/// Random options of every game: sizes and the variants that change what is shown.
fn options_strategy() -> impl Strategy<Value = (GameKind, Value, Vec<&'static str>)> {
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
            .prop_map(|(variants, seed)| (GameKind::Mangala, json!({ "seed": seed }), variants)),
        (
            prop_oneof![2u16..=16, 17u16..=60, 61u16..=200],
            1u32..=6,
            prop::sample::select(vec![vec![], vec!["mw-capture"], vec!["loop-stops-turn"]])
        )
            .prop_map(|(holes, seeds, variants)| (
                GameKind::Engehe,
                json!({ "holes": holes, "seeds": seeds }),
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
                json!({ "columns": columns }),
                variants
            )),
        (1u16..=127, prop::sample::select(vec![vec![], vec!["full-start"]])).prop_map(|(k, variants)| (
            GameKind::Fano,
            json!({ "cells": 2 * k + 1 }),
            variants
        )),
        Just((GameKind::Samantsy, json!({}), vec![])),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Rendering never panics on reachable states of random games with random options, in
    /// every style, locale and viewpoint; it stays within the limits; the reader style is the
    /// description; a replay is bounded and its frames fit too.
    #[test]
    fn random_games_render_within_the_limits(
        (kind, options, variants) in options_strategy(),
        choices in prop::collection::vec(any::<u32>(), 1..40),
        locale in prop::sample::select(Locale::ALL.to_vec()),
    ) {
        for (before, mv, events) in random_game(kind, options, &variants, &choices) {
            let mut after = before.clone();
            after.play(&mv).unwrap();
            for style in Style::ALL {
                for viewer in [None, Some(Side::First), Some(Side::Second)] {
                    let view = View {
                        names: ["Ana", LONG_NAME],
                        last_move: Some(&mv),
                        events: &events,
                        viewer,
                        ..View::new(style, locale)
                    };
                    let board = render(&after, &view);
                    check_limits(&board, &mv);
                    if style == Style::Reader {
                        prop_assert_eq!(&board.markdown, &board.description);
                        prop_assert_eq!(&board.plain, &board.description);
                    }
                }
                if matches!(kind, GameKind::Mangala | GameKind::Engehe | GameKind::Katro) {
                    let view = View { names: ["Ana", "Bako"], ..View::new(style, locale) };
                    let frames = sowing_replay(&before, &events, &view);
                    prop_assert!(frames.len() <= REPLAY_MAX_FRAMES);
                    for frame in &frames {
                        check_limits(frame, &mv);
                    }
                }
            }
        }
    }
}
