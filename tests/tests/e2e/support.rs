//! Shared helpers for the end-to-end tests.

use std::path::Path;
use std::process::Command;

/// The `lalao` program under test: `lalao-e2e`, this package's copy of the `lalao` binary's
/// `main` (tests/src/bin/lalao-e2e.rs), which cargo builds before the tests and names here.
pub fn lalao_binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_lalao-e2e"))
}

/// A command running the `lalao` binary.
pub fn lalao() -> Command {
    Command::new(lalao_binary())
}

/// A `lalao` console on `data_dir` with no configuration from the caller's environment.
pub fn lalao_console(data_dir: &std::path::Path) -> Command {
    let mut command = lalao();
    command.arg("--data-dir").arg(data_dir);
    for name in [
        "LALAO_CONFIG",
        "LALAO_DATA_DIR",
        "LALAO_LOCALE",
        "LALAO_STYLE",
        "RUST_LOG",
        "DISCORD_TOKEN",
        "DISCORD_PUBLIC_KEY",
        "MATRIX_HOMESERVER",
        "MATRIX_USER",
        "MATRIX_PASSWORD",
        "MATRIX_ACCESS_TOKEN",
    ] {
        command.env_remove(name);
    }
    command
}

/// The command the bot told its reader to type, as written: the first inline code
/// span of `text` that starts with `start`.
pub fn instruction(text: &str, start: &str) -> String {
    text.split('`')
        .skip(1)
        .step_by(2)
        .find(|span| span.starts_with(start))
        .unwrap_or_else(|| panic!("no `{start}…` to type in: {text}"))
        .to_owned()
}

/// A loopback port nobody listens on right now (the servers the tests start bind it next).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A GIF's width, height and frame count, every frame decoded.
pub fn decode_gif(bytes: &[u8]) -> (u32, u32, u32) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(std::io::Cursor::new(bytes))
        .expect("a GIF header");
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut frames = 0;
    while decoder.read_next_frame().expect("every frame decodes").is_some() {
        frames += 1;
    }
    (width, height, frames)
}

/// A PNG (or APNG) the bot sent, decoded whole: its width, height and frame count. Panics
/// with the decoder's reason if it is not a valid PNG.
pub fn decode_png(bytes: &[u8]) -> (u32, u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let frames = reader
        .info()
        .animation_control()
        .map_or(1, |control| control.num_frames);
    let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
    let first = reader.next_frame(&mut buffer).expect("the first frame decodes");
    for _ in 1..frames {
        reader.next_frame(&mut buffer).expect("every frame decodes");
    }
    (first.width, first.height, frames)
}
