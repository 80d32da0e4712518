//! Logs and spans with `tracing`, filtered like `RUST_LOG` (`lalao=debug,lalao_app=debug,sled=warn`).
//! Logs go to stderr so the console's stdout stays a clean conversation.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber. `filter`: the configured `RUST_LOG`-style filter, or
/// `default` when none is set. A malformed filter is a startup error, with the reason.
pub fn init(filter: Option<&str>, default: &str) -> Result<(), String> {
    let filter = filter.unwrap_or(default);
    let env_filter = EnvFilter::builder()
        .parse(filter)
        .map_err(|err| format!("the log filter {filter:?} (RUST_LOG) is not valid: {err}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(env_filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init()
        .map_err(|err| format!("logging was already set up: {err}"))
}
