//! Logs and spans with `tracing`, filtered like `RUST_LOG` (`lalao=debug,lalao_app=debug,sled=warn`).
//! Logs go to stderr so the console's stdout stays a clean conversation.
//!
//! Whatever the filter, matrix-sdk and ruma stay at WARN unless it names them: their INFO lines
//! describe every sync (each under a span that prints the whole sync filter, about 2 KB), so
//! `RUST_LOG=info` (the Docker image's) would otherwise log some 2 KB per sync of an idle bot.
//! At that level lalao logs one line per command and per delivery (see `docs/matrix.md`).

use lalao_config::LogFormat;
use tracing_subscriber::EnvFilter;

/// Directives put in front of every filter, each dropped when the filter names its target (or
/// a target it begins with: `matrix_sdk=debug` drops all three `matrix_sdk…` ones). A
/// directive's target matches every target beginning with it, so `matrix_sdk` also covers
/// `matrix_sdk_base`, `matrix_sdk_crypto` and `matrix_sdk_sqlite`.
const QUIET: &[&str] = &[
    "matrix_sdk=warn",
    "ruma=warn",
    // matrix-sdk's HTTP client logs an ERROR for every request that fails, including those it
    // expects to fail and handles: 404 for the secret-storage account data at login, and for
    // the `m.room.encryption` state event of a plain room it just joined (that 404 is how it
    // learns that the room is not encrypted). A failure that matters reaches lalao as an
    // error, which logs it with what it meant (a sync retried, a message refused).
    "matrix_sdk::http_client=off",
    // After every sync matrix-sdk offers the new room keys to the server-side key backup, and
    // warns when there is none. The bot never sets one up (its keys live in its crypto store,
    // next to the match store), and the SDK has no setting that stops the offer.
    "matrix_sdk_crypto::backups=error",
];

/// Installs the global subscriber. `filter`: the configured `RUST_LOG`-style filter, or
/// `default` when none is set; `format`: text for people, or one JSON object a line for a log
/// collector (`LALAO_LOG_FORMAT=json`: tracing's own JSON layer, each event's fields and its
/// spans' fields). A malformed filter is a startup error, with the reason.
pub fn init(filter: Option<&str>, default: &str, format: LogFormat) -> Result<(), String> {
    let filter = filter.unwrap_or(default);
    EnvFilter::builder()
        .parse(filter)
        .map_err(|err| format!("the log filter {filter:?} (RUST_LOG) is not valid: {err}"))?;
    let env_filter = EnvFilter::builder()
        .parse(with_quiet_sdk(filter))
        .map_err(|err| format!("the log filter {filter:?} (RUST_LOG) is not valid: {err}"))?;
    let installed = match format {
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(env_filter)
            .with_writer(std::io::stderr)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .try_init(),
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_env_filter(env_filter)
            .with_writer(std::io::stderr)
            .try_init(),
    };
    installed.map_err(|err| format!("logging was already set up: {err}"))
}

/// `filter` behind the [`QUIET`] directives whose targets it does not name.
fn with_quiet_sdk(filter: &str) -> String {
    let named: Vec<&str> = filter
        .split(',')
        .filter_map(|directive| {
            // `target[span{field}]=level`, `target=level`, `target`, or a bare level.
            let target = directive.split(['[', '=']).next()?.trim();
            let bare_level = target.parse::<tracing_subscriber::filter::LevelFilter>().is_ok();
            (!target.is_empty() && !bare_level).then_some(target)
        })
        .collect();
    QUIET
        .iter()
        .copied()
        .filter(|quiet| {
            let target = quiet.split('=').next().unwrap_or(quiet);
            !named.iter().any(|named| target.starts_with(named))
        })
        .chain((!filter.trim().is_empty()).then_some(filter))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL_QUIET: &str =
        "matrix_sdk=warn,ruma=warn,matrix_sdk::http_client=off,matrix_sdk_crypto::backups=error";

    #[test]
    fn the_sdk_stays_at_warn_behind_a_bare_level() {
        assert_eq!(with_quiet_sdk("info"), format!("{ALL_QUIET},info"));
        assert_eq!(with_quiet_sdk("warn"), format!("{ALL_QUIET},warn"));
        assert_eq!(
            with_quiet_sdk("info,lalao_matrix=debug"),
            format!("{ALL_QUIET},info,lalao_matrix=debug")
        );
        assert_eq!(with_quiet_sdk(""), ALL_QUIET);
    }

    #[test]
    fn a_filter_that_names_an_sdk_target_decides_for_it() {
        assert_eq!(
            with_quiet_sdk("info,matrix_sdk=debug"),
            "ruma=warn,info,matrix_sdk=debug"
        );
        assert_eq!(
            with_quiet_sdk("matrix_sdk::http_client=error"),
            "matrix_sdk=warn,ruma=warn,matrix_sdk_crypto::backups=error,matrix_sdk::http_client=error"
        );
        assert_eq!(
            with_quiet_sdk("matrix_sdk_crypto[sync_once]=info,ruma"),
            "matrix_sdk=warn,matrix_sdk::http_client=off,matrix_sdk_crypto[sync_once]=info,ruma"
        );
    }

    /// A writer the test reads back.
    #[derive(Clone, Default)]
    struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What `RUST_LOG=info` lets through, by target and level.
    #[test]
    fn at_info_lalao_speaks_and_the_sdk_only_warns() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(EnvFilter::builder().parse(with_quiet_sdk("info")).unwrap())
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .without_time()
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(target: "lalao_matrix::core", "command handled");
            tracing::info!(target: "matrix_sdk_base::client", "Processed a sync response");
            tracing::warn!(target: "matrix_sdk_crypto::backups", "no backup key was found");
            tracing::error!(target: "matrix_sdk::http_client", "Error while sending request: 404");
            tracing::warn!(target: "matrix_sdk::sync", "a warning that matters");
            tracing::warn!(target: "ruma_common::serde", "a malformed event");
        });
        let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            [
                " INFO lalao_matrix::core: command handled",
                " WARN matrix_sdk::sync: a warning that matters",
                " WARN ruma_common::serde: a malformed event",
            ]
        );
    }
}
