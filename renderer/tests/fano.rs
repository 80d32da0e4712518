//! Golden boards for fano in every style and locale.

use lalao_core::fano::{self, Fano};
use lalao_core::{AnyGame, Event, Game};
use lalao_renderer::{
    discord_length, render, Locale, Style, View, DISCORD_MESSAGE_LIMIT, MATRIX_EVENT_LIMIT,
};

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
fn fano_widest_board_wraps() {
    let (game, events) = game_after(33, &["@1", "@33", "@17"]);
    snapshot_all("fano_33", &game, Some("@17"), &events);
}

#[test]
fn every_fano_board_fits_the_platform_limits() {
    for cells in (3..=lalao_core::fano::MAX_CELLS).step_by(2) {
        let (game, events) = game_after(cells, &["@1"]);
        for locale in Locale::ALL {
            for style in Style::ALL {
                let view = View {
                    names: ["Ana", "Bako"],
                    last_move: Some("@1"),
                    events: &events,
                    ..View::new(style, locale)
                };
                let board = render(&game, &view);
                assert!(
                    discord_length(&board.markdown) <= DISCORD_MESSAGE_LIMIT,
                    "{cells} {style:?} {locale:?}"
                );
                assert!(board.html.len() + board.plain.len() < MATRIX_EVENT_LIMIT / 2);
            }
        }
    }
}

#[test]
fn fano_very_wide_board_is_compact() {
    let (game, events) = game_after(71, &["@1", "@71", "@35"]);
    snapshot_all("fano_71", &game, Some("@35"), &events);
}
