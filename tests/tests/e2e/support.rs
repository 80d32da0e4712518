//! Shared helpers for the end-to-end tests.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The freshly built `lalao` binary. Cargo only exposes binaries to the tests of their own
/// package, so build it once per test run with the same cargo and profile.
pub fn lalao_binary() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let test_exe = std::env::current_exe().expect("test executable path");
        // target/<profile>/deps/e2e-<hash> → target/<profile>
        let profile_dir = test_exe
            .parent()
            .and_then(|deps| deps.parent())
            .expect("target dir")
            .to_path_buf();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "-p", "lalao-bot", "--bin", "lalao"])
            .env("CARGO_TARGET_DIR", profile_dir.parent().expect("target root"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building lalao failed");
        profile_dir.join(format!("lalao{}", std::env::consts::EXE_SUFFIX))
    })
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
