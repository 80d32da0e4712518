//! The `lalao` binary: the command line of `lalao::cli` on the mimalloc allocator.

use std::process::ExitCode;

/// mimalloc rather than the system allocator: a move allocates many small strings (records,
/// replies, boards) on several threads at once, where glibc's malloc spent a third of the
/// service's CPU time (docs/benchmarks.md, "Bot service").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    lalao::cli::run()
}
