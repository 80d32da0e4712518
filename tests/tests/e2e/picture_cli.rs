//! `lalao picture` as a process: the picture the renderer draws, byte for byte,
//! written where asked; bad input refused with the error kinds of `lalao rules`, exit status 2,
//! and nothing written.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind, Side};
use lalao_renderer::{picture, sowing_animation, Locale, PictureSize, Style, View};

use crate::support::lalao;

/// Runs `lalao picture` with `args` writing to a fresh file: (exit code, stderr, the file).
fn run(args: &[&str]) -> (Option<i32>, String, Option<Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.png");
    let output = lalao()
        .arg("picture")
        .args(args)
        .arg("-o")
        .arg(&file)
        .output()
        .expect("lalao runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        std::fs::read(&file).ok(),
    )
}

/// The width and height a PNG's header gives.
fn dimensions(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// How many frames an APNG's `acTL` chunk announces, if it has one.
fn frames(png: &[u8]) -> Option<u32> {
    let at = png.windows(4).position(|window| window == b"acTL")?;
    Some(u32::from_be_bytes(png[at + 4..at + 8].try_into().unwrap()))
}

#[test]
fn a_picture_is_the_renderer_s_for_the_same_position_and_view() {
    let (code, err, png) = run(&[
        "katro", "--moves", "a1A,b6B", "--style", "large", "--locale", "fr", "--names", "Ana,Bako",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let png = png.expect("written");
    let mut game = AnyGame::new(AnyOptions::standard(GameKind::Katro).unwrap()).unwrap();
    game.play("a1A").unwrap();
    let events = game.play("b6B").unwrap();
    let view = View {
        names: ["Ana", "Bako"],
        viewer: Some(Side::SOUTH),
        last_move: Some("b6B"),
        events: &events,
        ..View::new(Style::Large, Locale::Fr)
    };
    let drawn = picture(&game, &view, PictureSize::Large);
    assert_eq!(png, drawn.png, "the same bytes");
    assert_eq!(dimensions(&png), (drawn.width, drawn.height));
    assert_eq!(frames(&png), None, "a still picture");
}

#[test]
fn animate_writes_the_last_sowing_as_an_animated_png() {
    let (code, err, png) = run(&[
        "engehe",
        "--options",
        "holes=10,seeds=2",
        "--moves",
        "h5",
        "--animate",
        "--view",
        "north",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let png = png.expect("written");
    let mut options = serde_json::Map::new();
    options.insert("holes".into(), 10.into());
    options.insert("seeds".into(), 2.into());
    let before = AnyGame::new(AnyOptions::from_json(GameKind::Engehe, &options, &[]).unwrap()).unwrap();
    let mut after = before.clone();
    let events = after.play("h5").unwrap();
    let view = View {
        viewer: Some(Side::NORTH),
        last_move: Some("h5"),
        events: &events,
        ..View::new(Style::Text, Locale::En)
    };
    let animation = sowing_animation(&before, &events, &view, PictureSize::Normal).expect("a sowing");
    assert_eq!(png, animation.png);
    assert_eq!(frames(&png), Some(animation.frames));
    assert!(animation.frames > 1);
}

#[test]
fn bad_input_is_refused_with_the_rules_error_kinds_and_nothing_is_written() {
    let cases: [(&[&str], &str); 7] = [
        (&["chess"], "lalao picture: unsupported_game: "),
        (&["fano", "--options", "cells=4"], "lalao picture: bad_options: "),
        (
            &["fano", "--options", "cells"],
            "lalao picture: bad_options: \"cells\": options are name=value",
        ),
        (
            &["katro", "--variants", "no-such"],
            "lalao picture: unknown_variant: ",
        ),
        (
            &["katro", "--moves", "a1A,zz"],
            "lalao picture: bad_move: move 2 (zz): ",
        ),
        (
            &["fano", "--moves", "@1", "--animate"],
            "lalao picture: bad_request: --animate shows a sowing",
        ),
        (
            &["fano", "--locale", "de"],
            "lalao picture: bad_request: no labels in \"de\"",
        ),
    ];
    for (args, start) in cases {
        let (code, err, png) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with(start), "{args:?}: {err}");
        assert_eq!(png, None, "{args:?}: nothing written");
    }
}

/// The README shows a picture of each game with the command that drew it: each command, run
/// again, draws that picture byte for byte.
#[test]
fn the_readme_s_pictures_are_what_its_commands_draw() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands: Vec<&str> = readme
        .split('`')
        .filter(|span| span.starts_with("lalao picture ") && span.contains(" -o "))
        .collect();
    assert_eq!(commands.len(), 5, "one per game: {commands:?}");
    for command in commands {
        let words: Vec<&str> = command.split_whitespace().skip(2).collect();
        let (args, output) = words.split_at(words.len() - 2);
        let (code, err, png) = run(args);
        assert_eq!(code, Some(0), "{command}: {err}");
        let shown = std::fs::read(root.join("docs/pictures").join(output[1])).unwrap();
        assert!(
            png.unwrap() == shown,
            "{command}: docs/pictures/{} is out of date",
            output[1]
        );
    }
}
