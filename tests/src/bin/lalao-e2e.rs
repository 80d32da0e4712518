//! The `lalao` binary as the end-to-end tests run it: the same `main` as bot/lalao/src/main.rs.
//!
//! Cargo hands a package's tests only that package's binaries; building `lalao` from here
//! instead of running `cargo build -p lalao` inside the tests saves CI a second build
//! of the bot with a different feature set.

use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    lalao::cli::run()
}
