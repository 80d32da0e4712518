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

/// The command the bot told its reader to type, as written (issue 20, 1): the first inline code
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
