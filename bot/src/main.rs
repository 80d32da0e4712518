//! The `lalao` binary: parses the command line and wires the crates together.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "lalao", version, about = "Play five traditional board games in chat")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Machine-readable rules: JSON Lines requests on stdin, one JSON line per request on stdout
    /// (docs/rules-protocol.md).
    Rules,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Rules) => run_rules(),
        None => {
            eprintln!("lalao: the chat service is not built yet; try `lalao rules`");
            ExitCode::FAILURE
        }
    }
}

/// Serves `lalao rules` until stdin closes. Never panics on input: a request that somehow
/// panics the engine is answered with an `internal` error and the loop goes on.
fn run_rules() -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    for line in stdin.split(b'\n') {
        let Ok(mut line) = line else {
            return ExitCode::FAILURE;
        };
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let response =
            std::panic::catch_unwind(|| lalao_core::protocol::respond(&line)).unwrap_or_else(|_| {
                r#"{"ok":false,"error":{"kind":"internal","message":"the engine failed on this request"}}"#
                    .to_owned()
            });
        if writeln!(stdout, "{response}")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
