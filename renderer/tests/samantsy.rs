//! Golden Samantsy boards in every style and locale, from both viewpoints.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_renderer::{
    discord_length, render, Locale, Style, View, DISCORD_MESSAGE_LIMIT, MATRIX_EVENT_LIMIT,
};

fn game_at(position: Option<&str>, moves: &[&str]) -> (AnyGame, Vec<Event>) {
    let options = AnyOptions::standard(GameKind::Samantsy).unwrap();
    let mut game = match position {
        Some(position) => AnyGame::from_position(options, position).unwrap(),
        None => AnyGame::new(options).unwrap(),
    };
    let mut events = Vec::new();
    for mv in moves {
        events = game.play(mv).unwrap();
    }
    (game, events)
}

fn snapshot_all(name: &str, game: &AnyGame, last: Option<&str>, events: &[Event], viewer: Option<Side>) {
    for locale in Locale::ALL {
        for style in Style::ALL {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: last,
                events,
                viewer,
                ..View::new(style, locale)
            };
            let board = render(game, &view);
            assert!(discord_length(&board.markdown) <= DISCORD_MESSAGE_LIMIT);
            assert!(board.html.len() + board.plain.len() < MATRIX_EVENT_LIMIT / 2);
            let text = format!(
                "--- markdown\n{}\n--- plain\n{}\n--- html\n{}\n--- description\n{}\n",
                board.markdown, board.plain, board.html, board.description
            );
            insta::assert_snapshot!(format!("{name}_{}_{}", style.id(), locale.id()), text);
        }
    }
}

#[test]
fn samantsy_initial_position() {
    let (game, events) = game_at(None, &[]);
    snapshot_all("samantsy_start", &game, None, &events, None);
}

#[test]
fn samantsy_after_first_move_seen_by_black() {
    let (game, events) = game_at(None, &["e2-e4"]);
    snapshot_all(
        "samantsy_e4_black_view",
        &game,
        Some("e2-e4"),
        &events,
        Some(Side::BLACK),
    );
}

#[test]
fn samantsy_capture_with_promotion() {
    // S-E5: g7xh8 captures the vorona and promotes to anakova.
    let (game, events) = game_at(Some("7v/6Z1/h7/8/8/8/8/4H3 w"), &["g7-h8"]);
    snapshot_all(
        "samantsy_promotion",
        &game,
        Some("g7-h8"),
        &events,
        Some(Side::WHITE),
    );
}

#[test]
fn samantsy_finished_by_blocked_hova() {
    // S-E1: White's hova is blocked and nothing frees it.
    let (game, events) = game_at(Some("1v5h/8/8/3Z4/8/4B3/7v/H7 w"), &[]);
    snapshot_all("samantsy_s_e1", &game, None, &events, None);
}

/// The legend names each letter's piece, what the Malagasy name means and how it moves.
#[test]
fn piece_legend_in_both_languages() {
    let english = lalao_renderer::piece_legend(Locale::En);
    assert_eq!(english.len(), 6);
    assert_eq!(
        english[0],
        "H ♔ hova (lord): one step in any direction, like a king"
    );
    assert_eq!(
        english[2],
        "B ♗ basy (gun, here a blowpipe): exactly two steps diagonally, over an empty square"
    );
    assert_eq!(
        english[4],
        "V ♖ vorona (bird): any distance in a straight line, like a rook"
    );
    let french = lalao_renderer::piece_legend(Locale::Fr);
    assert_eq!(french[1], "A ♕ anakova (enfant du hova) : un pas en diagonale");
    assert_eq!(french[5].split(" : ").next(), Some("Z ♙ zaza (enfant)"));
}

/// A player's description speaks of their own pieces first.
#[test]
fn description_is_viewer_relative() {
    let (game, events) = game_at(None, &["e2-e4"]);
    let view = View {
        last_move: Some("e2-e4"),
        events: &events,
        viewer: Some(Side::BLACK),
        ..View::new(Style::Reader, Locale::En)
    };
    let board = render(&game, &view);
    assert!(
        board
            .description
            .starts_with("Black to move. Your pieces: hova e8, anakova d8, vorona a8 h8"),
        "{}",
        board.description
    );
    assert!(
        board.description.ends_with("Last move: e2-e4."),
        "{}",
        board.description
    );
    assert_eq!(board.markdown, board.description);
}
