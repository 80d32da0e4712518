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
        None => match lalao_config::DiscordConfig::from_env() {
            Ok(Some(discord)) => run_discord(discord),
            Ok(None) => {
                eprintln!("lalao: the chat service is not built yet; try `lalao rules`");
                ExitCode::FAILURE
            }
            Err(err) => {
                eprintln!("lalao: {err}");
                ExitCode::FAILURE
            }
        },
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

/// Serves Discord (docs/discord.md) on the sled store in `LALAO_DATA_DIR` (default `./data`).
fn run_discord(config: lalao_config::DiscordConfig) -> ExitCode {
    use std::sync::Arc;

    use lalao_bot::store::SledStore;
    use lalao_bot::{Defaults, Service};

    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(io::stderr)
        .try_init();
    let dir = std::env::var_os("LALAO_DATA_DIR").map_or_else(|| "data".into(), std::path::PathBuf::from);
    let store = match SledStore::open(&dir) {
        Ok(store) => store,
        Err(err) => {
            eprintln!("lalao: cannot open the data directory {}: {err}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let defaults = Defaults { locale: lalao_renderer::Locale::En, style: lalao_renderer::Style::Text };
    let service = Arc::new(Service::new(Arc::new(store), defaults));
    if let Err(err) = service.open() {
        eprintln!("lalao: {err}");
        return ExitCode::FAILURE;
    }
    match lalao_bot::discord::run_blocking(config, service) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}
