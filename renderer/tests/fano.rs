//! Golden boards for fano in every style and locale.

use lalao_core::fano::{self, Fano};
use lalao_core::Side;
use lalao_core::{AnyGame, Event, Game};
use lalao_renderer::{discord_length, render, Locale, Style, View, DISCORD_BOARD_BUDGET, MATRIX_EVENT_LIMIT};

fn game_after(cells: u16, moves: &[&str]) -> (AnyGame, Vec<Event>) {
    let mut game = Fano::new(fano::Options {
        cells,
        ..fano::Options::default()
    })
    .unwrap();
    let mut events = Vec::new();
    for mv in moves {
        events = game.play_text(mv).unwrap();
    }
    (AnyGame::Fano(game), events)
}

fn snapshot_all(name: &str, game: &AnyGame, last: Option<&str>, events: &[Event]) {
    for locale in Locale::ALL {
        for style in Style::ALL {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: last,
                events,
                ..View::new(style, locale)
            };
            let board = render(game, &view);
            let text = format!(
                "--- markdown\n{}\n--- plain\n{}\n--- html\n{}\n--- description\n{}\n",
                board.markdown, board.plain, board.html, board.description
            );
            insta::assert_snapshot!(format!("{name}_{}_{}", style.id(), locale.id()), text);
        }
    }
}

#[test]
fn fano_placement_phase() {
    let (game, events) = game_after(7, &["@3", "@4"]);
    snapshot_all("fano_placement", &game, Some("@4"), &events);
}

#[test]
fn fano_capture_in_seed_game() {
    let (game, events) = game_after(7, &["@3", "@4", "@1", "@7", "1-2", "4-5", "3-4"]);
    snapshot_all("fano_capture", &game, Some("3-4"), &events);
}

#[test]
fn fano_finished_game() {
    let (game, events) = game_after(7, &["@3", "@4", "@1", "@7", "1-2", "4-5", "3-4", "7-6", "4-5"]);
    snapshot_all("fano_finished", &game, Some("4-5"), &events);
}

#[test]
fn a_match_ended_off_the_board_names_nobody_to_move() {
    // Bako resigned after two placements: the position has no result, the match has.
    let (game, events) = game_after(7, &["@3", "@4"]);
    for (locale, over, to_move) in [
        (Locale::En, "Match over", "to move"),
        (Locale::Fr, "Partie terminée", "de jouer"),
    ] {
        for style in Style::ALL {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: Some("@4"),
                events: &events,
                ended: true,
                ..View::new(style, locale)
            };
            let board = render(&game, &view);
            for text in [&board.markdown, &board.plain, &board.html, &board.description] {
                assert!(text.contains(over), "{style:?} {locale:?}: {text}");
                assert!(!text.contains(to_move), "{style:?} {locale:?}: {text}");
            }
        }
    }
}

/// Where the match says how it ended off the board, the board says it too (a whole game's
/// last frame), not only that the match is over.
#[test]
fn a_match_ended_off_the_board_says_how_where_it_is_told() {
    let (game, events) = game_after(7, &["@3", "@4"]);
    for style in Style::ALL {
        let view = View {
            names: ["Ana", "Bako"],
            last_move: Some("@4"),
            events: &events,
            ended: true,
            result: Some("Bako gives up. Ana wins!"),
            ..View::new(style, Locale::En)
        };
        let board = render(&game, &view);
        for text in [&board.markdown, &board.plain, &board.description] {
            assert!(text.contains("Bako gives up. Ana wins!"), "{style:?}: {text}");
            assert!(!text.contains("Match over"), "{style:?}: {text}");
        }
    }
}

#[test]
fn fano_widest_board_wraps() {
    let (game, events) = game_after(33, &["@1", "@33", "@17"]);
    snapshot_all("fano_33", &game, Some("@17"), &events);
}

/// Every board size, placement and a full board, with long names that HTML escapes, from
/// every viewpoint: the board alone leaves room for the bot's text in a Discord message.
#[test]
fn every_fano_board_fits_the_platform_limits() {
    let name = "<Ana & \"Bako\"> Rakotondrabe-Ras";
    for cells in (3..=lalao_core::fano::MAX_CELLS).step_by(2) {
        let (placed, placed_events) = game_after(cells, &["@1"]);
        let full = Fano::from_position(
            fano::Options {
                cells,
                ..fano::Options::default()
            },
            &format!(
                ".{} w 0 0",
                "WB".repeat(cells as usize)
                    .chars()
                    .take(cells as usize - 1)
                    .collect::<String>()
            ),
        )
        .unwrap();
        let (full, full_events) = {
            let mut full = AnyGame::Fano(full);
            let mv = full.legal_moves()[0].clone();
            let events = full.play(&mv).unwrap();
            (full, events)
        };
        for (game, events) in [(&placed, &placed_events), (&full, &full_events)] {
            for locale in Locale::ALL {
                for style in Style::ALL {
                    for viewer in [None, Some(Side::WHITE), Some(Side::BLACK)] {
                        let view = View {
                            names: [name, name],
                            last_move: Some("@1"),
                            events,
                            viewer,
                            ..View::new(style, locale)
                        };
                        let board = render(game, &view);
                        assert!(
                            discord_length(&board.markdown) <= DISCORD_BOARD_BUDGET,
                            "{cells} {style:?} {locale:?}: {}",
                            discord_length(&board.markdown)
                        );
                        assert!(board.html.len() + board.plain.len() < MATRIX_EVENT_LIMIT / 2);
                    }
                }
            }
        }
    }
}

#[test]
fn fano_largest_board() {
    let (game, events) = game_after(255, &["@1", "@255", "@128"]);
    snapshot_all("fano_255", &game, Some("@128"), &events);
}

/// Cell numbers stand right above their cells' letters.
#[test]
fn fano_numbers_are_above_their_cells() {
    let (game, events) = game_after(11, &["@1", "@11"]);
    let view = View {
        last_move: Some("@11"),
        events: &events,
        ..View::new(Style::Text, Locale::En)
    };
    let board = render(&game, &view);
    let lines: Vec<&str> = board.plain.lines().collect();
    let numbers = lines[0];
    let cells = lines[2];
    for (i, letter) in [(0, 'W'), (10, 'B')] {
        let column = 4 * i + 2;
        assert_eq!(cells.chars().nth(column), Some(letter), "{cells}");
        let number = (i + 1).to_string();
        assert_eq!(
            &numbers[column + 1 - number.len()..=column],
            number,
            "{numbers}\n{cells}"
        );
    }
    // French readers read B as Blanc: the letters follow the locale.
    let french = render(
        &game,
        &View {
            locale: Locale::Fr,
            ..view
        },
    );
    assert!(
        french.plain.lines().nth(2).unwrap().starts_with("│ B │"),
        "{}",
        french.plain
    );
    assert!(french.plain.contains("│ N │"), "{}", french.plain);
}

#[test]
fn fano_very_wide_board_is_compact() {
    let (game, events) = game_after(71, &["@1", "@71", "@35"]);
    snapshot_all("fano_71", &game, Some("@35"), &events);
}
