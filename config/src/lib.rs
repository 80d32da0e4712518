//! lalao-config: typed configuration from an optional TOML file plus environment variables,
//! validated at start with messages that say what to fix. The environment wins over the file
//! (containers are configured by environment). Empty variables count as unset.
//!
//! Which adapter runs follows from the credentials: none configured → the local console.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

mod board_mode;
pub mod discord;
pub mod matrix;

pub use board_mode::BoardMode;
pub use discord::{DiscordConfig, DiscordConfigError, DiscordMode};
mod schedule;

pub use matrix::{MatrixConfig, MatrixLogin};
pub use schedule::Schedule;

/// Bounds of the store's cache size, in MiB.
const MIN_CACHE_MB: u64 = 16;
const MAX_CACHE_MB: u64 = 65_536;

/// The largest `LALAO_CLOCK_OFFSET`, either way: ten years.
const MAX_CLOCK_OFFSET: u64 = 10 * 366 * 24 * 3600;

/// The data directory when none is configured.
pub const DEFAULT_DATA_DIR: &str = "./data";

/// Every environment variable lalao reads.
pub const ENV_VARS: &[&str] = &[
    "LALAO_CONFIG",
    "LALAO_DATA_DIR",
    "LALAO_LOCALE",
    "LALAO_STYLE",
    "RUST_LOG",
    "LALAO_CHALLENGE_EXPIRY",
    "LALAO_FIRST_MOVE_WINDOW",
    "LALAO_VACATION_DAYS_PER_MONTH",
    "LALAO_MAX_GRANT",
    "LALAO_CLOCK_OFFSET",
    "LALAO_STORE_CACHE_MB",
    "DISCORD_TOKEN",
    "DISCORD_PUBLIC_KEY",
    "DISCORD_MODE",
    "DISCORD_APPLICATION_ID",
    "DISCORD_LISTEN",
    "DISCORD_GUILD_ID",
    "DISCORD_API_URL",
    "DISCORD_DEFER_AFTER_MS",
    "DISCORD_BOARD_MESSAGES",
    "MATRIX_HOMESERVER",
    "MATRIX_USER",
    "MATRIX_PASSWORD",
    "MATRIX_ACCESS_TOKEN",
    "MATRIX_ALLOWED_INVITERS",
    "MATRIX_BOARD_UPDATES",
    "MATRIX_STORE_PASSPHRASE",
    "MATRIX_DEVICE_NAME",
];

/// A configuration mistake, worded for the person starting lalao.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("cannot read the configuration file {path}: {message}")]
    FileRead { path: PathBuf, message: String },
    #[error("the configuration file {path} is not valid: {message}")]
    FileSyntax { path: PathBuf, message: String },
    #[error("{setting} = {value:?} is not valid: {why}")]
    Invalid {
        setting: &'static str,
        value: String,
        why: &'static str,
    },
    #[error("{section} is only partly configured: {missing} is missing")]
    Incomplete {
        section: &'static str,
        missing: &'static str,
    },
    #[error("Matrix needs either a password or an access token, not both (set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN)")]
    MatrixTwoSecrets,
}

/// The file's shape; every field optional, unknown fields refused (typos surface at start).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    data_dir: Option<PathBuf>,
    locale: Option<String>,
    style: Option<String>,
    log: Option<String>,
    discord: Option<FileDiscord>,
    matrix: Option<FileMatrix>,
    schedule: Option<schedule::FileSchedule>,
    store: Option<FileStore>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileStore {
    /// sled's page cache, in MiB.
    cache_mb: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDiscord {
    token: Option<String>,
    public_key: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileMatrix {
    homeserver: Option<String>,
    user: Option<String>,
    password: Option<String>,
    access_token: Option<String>,
    allowed_inviters: Option<Vec<String>>,
    board_updates: Option<String>,
    store_passphrase: Option<String>,
    device_name: Option<String>,
}

#[cfg(unix)]
fn readable_by_others(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|metadata| metadata.permissions().mode() & 0o044 != 0)
}

#[cfg(not(unix))]
fn readable_by_others(_: &Path) -> bool {
    false
}

/// A secret that never shows in logs or debug output.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discord {
    /// Bot token (gateway mode and REST calls).
    pub token: Option<Secret>,
    /// Application public key, hex: enables the HTTP interactions endpoint.
    pub public_key: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatrixAuth {
    Password(Secret),
    AccessToken(Secret),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub homeserver: String,
    pub user: String,
    pub auth: MatrixAuth,
    /// Who may invite the bot: user ids (`@ana:example.org`) or servers (`:example.org`);
    /// empty: anyone.
    pub allowed_inviters: Vec<String>,
    /// How boards follow the play unless a room says otherwise.
    pub board_updates: BoardMode,
    /// Encrypts the local Matrix stores (state and crypto keys).
    pub store_passphrase: Option<Secret>,
    /// The device name other users see.
    pub device_name: String,
}

/// The chat adapters lalao can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adapter {
    Console,
    Discord,
    Matrix,
}

/// The validated configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Default language of replies: `en` or `fr`.
    pub locale: String,
    /// Default board style: `text`, `emoji` or `large`.
    pub style: String,
    /// A `RUST_LOG`-style filter, if configured.
    pub log: Option<String>,
    /// Seconds added to the system clock (`LALAO_CLOCK_OFFSET`, environment only): lets tests
    /// and drills see time controls run out without waiting hours. 0 in production.
    pub clock_offset: i64,
    pub discord: Option<Discord>,
    pub matrix: Option<Matrix>,
    /// The scheduler's limits (`[schedule]`, `LALAO_CHALLENGE_EXPIRY`, …).
    pub schedule: Schedule,
    /// sled's page cache in bytes (`[store] cache_mb`, `LALAO_STORE_CACHE_MB`); `None`: sled's
    /// default (1 GiB).
    pub store_cache_bytes: Option<u64>,
}

impl Config {
    /// Loads `file` (if any; else `LALAO_CONFIG` if set) and the environment given by `env`.
    pub fn load(file: Option<&Path>, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let env = |name: &str| env(name).filter(|value| !value.trim().is_empty());
        let path = file
            .map(Path::to_path_buf)
            .or_else(|| env("LALAO_CONFIG").map(PathBuf::from));
        let parsed = match &path {
            None => FileConfig::default(),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|err| ConfigError::FileRead {
                    path: path.clone(),
                    message: err.to_string(),
                })?;
                toml::from_str(&text).map_err(|err| ConfigError::FileSyntax {
                    path: path.clone(),
                    message: err.message().to_owned(),
                })?
            }
        };
        Config::build(parsed, &env)
    }

    /// Whether the configuration file at `path` holds a secret (a token, a password, a store
    /// passphrase) and other users of the machine may read it: the binary warns at start.
    pub fn exposes_secrets(path: &Path) -> bool {
        let Ok(text) = std::fs::read_to_string(path) else {
            return false;
        };
        let Ok(file) = toml::from_str::<FileConfig>(&text) else {
            return false;
        };
        let set = |value: &Option<String>| value.as_deref().is_some_and(|value| !value.trim().is_empty());
        let secrets = file.discord.as_ref().is_some_and(|discord| set(&discord.token))
            || file.matrix.as_ref().is_some_and(|matrix| {
                set(&matrix.password) || set(&matrix.access_token) || set(&matrix.store_passphrase)
            });
        secrets && readable_by_others(path)
    }

    /// Parses a TOML text (tests, tools) with the environment given by `env`.
    pub fn from_toml(text: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let env = |name: &str| env(name).filter(|value| !value.trim().is_empty());
        let parsed: FileConfig = toml::from_str(text).map_err(|err| ConfigError::FileSyntax {
            path: PathBuf::from("<text>"),
            message: err.message().to_owned(),
        })?;
        Config::build(parsed, &env)
    }

    fn build(file: FileConfig, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let data_dir = env("LALAO_DATA_DIR")
            .map(PathBuf::from)
            .or(file.data_dir)
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR));
        if data_dir.as_os_str().is_empty() {
            return Err(invalid(
                "data_dir",
                "",
                "give a directory for the matches, like ./data",
            ));
        }
        let locale = env("LALAO_LOCALE")
            .or(file.locale)
            .unwrap_or_else(|| "en".to_owned());
        let locale = normalise_locale(&locale)
            .ok_or_else(|| invalid("locale", &locale, "lalao speaks en (English) and fr (French)"))?;
        let style = env("LALAO_STYLE")
            .or(file.style)
            .unwrap_or_else(|| "text".to_owned());
        if !["text", "emoji", "large"].contains(&style.as_str()) {
            return Err(invalid("style", &style, "board styles are text, emoji and large"));
        }
        let log = env("RUST_LOG").or(file.log);
        let schedule = Schedule::build(file.schedule, env)?;
        let clock_offset = match env("LALAO_CLOCK_OFFSET") {
            None => 0,
            Some(value) => value
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|seconds| seconds.unsigned_abs() <= MAX_CLOCK_OFFSET)
                .ok_or_else(|| {
                    invalid(
                        "LALAO_CLOCK_OFFSET",
                        &value,
                        "a whole number of seconds to add to the clock (tests only), within ten years either way",
                    )
                })?,
        };

        let cache_mb = env("LALAO_STORE_CACHE_MB").or_else(|| {
            file.store
                .as_ref()
                .and_then(|store| store.cache_mb)
                .map(|mb| mb.to_string())
        });
        let store_cache_bytes = match cache_mb {
            None => None,
            Some(value) => Some(
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|mb| (MIN_CACHE_MB..=MAX_CACHE_MB).contains(mb))
                    .ok_or_else(|| {
                        invalid(
                            "store.cache_mb",
                            &value,
                            "the store's memory cache in MiB, from 16 to 65536",
                        )
                    })?
                    * 1024
                    * 1024,
            ),
        };

        let file_discord = file.discord.unwrap_or_default();
        let token = env("DISCORD_TOKEN").or(file_discord.token);
        let public_key = env("DISCORD_PUBLIC_KEY").or(file_discord.public_key);
        let discord = match (token, public_key) {
            (None, None) => None,
            (token, public_key) => {
                if let Some(token) = &token {
                    check_discord_token(token)?;
                }
                if let Some(key) = &public_key {
                    if key.len() != 64 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return Err(invalid(
                            "DISCORD_PUBLIC_KEY",
                            key,
                            "the application public key is 64 hexadecimal characters (Developer Portal → General Information)",
                        ));
                    }
                }
                Some(Discord {
                    token: token.map(Secret),
                    public_key,
                })
            }
        };

        let file_matrix = file.matrix.unwrap_or_default();
        let homeserver = env("MATRIX_HOMESERVER").or(file_matrix.homeserver);
        let user = env("MATRIX_USER").or(file_matrix.user);
        let password = env("MATRIX_PASSWORD").or(file_matrix.password);
        let access_token = env("MATRIX_ACCESS_TOKEN").or(file_matrix.access_token);
        let any_matrix =
            homeserver.is_some() || user.is_some() || password.is_some() || access_token.is_some();
        let matrix = if any_matrix {
            let homeserver = homeserver.ok_or(ConfigError::Incomplete {
                section: "Matrix",
                missing: "MATRIX_HOMESERVER",
            })?;
            if !(homeserver.starts_with("https://") || homeserver.starts_with("http://"))
                || homeserver.contains(' ')
            {
                return Err(invalid(
                    "MATRIX_HOMESERVER",
                    &homeserver,
                    "the homeserver is a URL starting with https://, like https://matrix.example.org",
                ));
            }
            let user = user.ok_or(ConfigError::Incomplete {
                section: "Matrix",
                missing: "MATRIX_USER",
            })?;
            let valid_user = user
                .strip_prefix('@')
                .and_then(|rest| rest.split_once(':'))
                .is_some_and(|(local, server)| !local.is_empty() && !server.is_empty());
            if !valid_user {
                return Err(invalid(
                    "MATRIX_USER",
                    &user,
                    "a Matrix user id looks like @lalao:example.org",
                ));
            }
            let auth = match (password, access_token) {
                (Some(_), Some(_)) => return Err(ConfigError::MatrixTwoSecrets),
                (Some(password), None) => MatrixAuth::Password(Secret(password)),
                (None, Some(token)) => MatrixAuth::AccessToken(Secret(token)),
                (None, None) => {
                    return Err(ConfigError::Incomplete {
                        section: "Matrix",
                        missing: "MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN",
                    })
                }
            };
            let allowed_inviters = match env("MATRIX_ALLOWED_INVITERS") {
                Some(list) => list
                    .split(',')
                    .map(str::trim)
                    .filter(|entry| !entry.is_empty())
                    .map(str::to_owned)
                    .collect(),
                None => file_matrix.allowed_inviters.unwrap_or_default(),
            };
            if let Some(entry) = allowed_inviters
                .iter()
                .find(|entry| !matrix::valid_inviter(entry))
            {
                return Err(invalid(
                    "MATRIX_ALLOWED_INVITERS",
                    entry,
                    "list user ids like @ana:example.org or whole servers like :example.org",
                ));
            }
            let board_updates = match env("MATRIX_BOARD_UPDATES").or(file_matrix.board_updates) {
                None => BoardMode::default(),
                Some(id) => BoardMode::from_id(&id).ok_or_else(|| {
                    invalid(
                        "MATRIX_BOARD_UPDATES",
                        &id,
                        "edit (one board per match, edited) or new (a new board per move)",
                    )
                })?,
            };
            Some(Matrix {
                homeserver,
                user,
                auth,
                allowed_inviters,
                board_updates,
                store_passphrase: env("MATRIX_STORE_PASSPHRASE")
                    .or(file_matrix.store_passphrase)
                    .map(Secret),
                device_name: env("MATRIX_DEVICE_NAME")
                    .or(file_matrix.device_name)
                    .unwrap_or_else(|| "lalao".to_owned()),
            })
        } else {
            None
        };

        Ok(Config {
            data_dir,
            locale,
            style,
            log,
            clock_offset,
            discord,
            matrix,
            schedule,
            store_cache_bytes,
        })
    }

    /// The adapters to run: every configured chat platform, or the console when there is none.
    pub fn adapters(&self) -> Vec<Adapter> {
        let mut adapters = Vec::new();
        if self.discord.is_some() {
            adapters.push(Adapter::Discord);
        }
        if self.matrix.is_some() {
            adapters.push(Adapter::Matrix);
        }
        if adapters.is_empty() {
            adapters.push(Adapter::Console);
        }
        adapters
    }
}

fn invalid(setting: &'static str, value: &str, why: &'static str) -> ConfigError {
    ConfigError::Invalid {
        setting,
        value: value.to_owned(),
        why,
    }
}

fn normalise_locale(tag: &str) -> Option<String> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    ["en", "fr"].contains(&primary.as_str()).then_some(primary)
}

/// Bot tokens are three base64url parts separated by dots; a pasted "Bot " prefix or a
/// client secret is the usual mistake.
fn check_discord_token(token: &str) -> Result<(), ConfigError> {
    if token.starts_with("Bot ") {
        return Err(ConfigError::Invalid {
            setting: "DISCORD_TOKEN",
            value: "Bot …".to_owned(),
            why: "give the token without the \"Bot \" prefix",
        });
    }
    let parts: Vec<&str> = token.split('.').collect();
    let shaped = parts.len() == 3
        && parts.iter().all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    if !shaped {
        // Never echo a secret, even a wrong one.
        return Err(ConfigError::Invalid {
            setting: "DISCORD_TOKEN",
            value: "…".to_owned(),
            why: "a bot token has three parts separated by dots (Developer Portal → Bot → Reset Token)",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB";
    const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |name| map.get(name).cloned()
    }

    fn load(toml: &str, pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_toml(toml, &env(pairs))
    }

    #[test]
    fn nothing_configured_means_the_console_with_defaults() {
        let config = load("", &[]).unwrap();
        assert_eq!(config.data_dir, PathBuf::from("./data"));
        assert_eq!(config.locale, "en");
        assert_eq!(config.style, "text");
        assert_eq!(config.adapters(), vec![Adapter::Console]);
    }

    #[test]
    fn the_environment_wins_over_the_file_and_empty_values_are_unset() {
        let toml = "data_dir = \"/srv/lalao\"\nlocale = \"en\"\nstyle = \"emoji\"\n";
        let config = load(
            toml,
            &[
                ("LALAO_LOCALE", "fr-FR"),
                ("LALAO_DATA_DIR", ""),
                ("RUST_LOG", "lalao=debug"),
            ],
        )
        .unwrap();
        assert_eq!(config.data_dir, PathBuf::from("/srv/lalao"));
        assert_eq!(config.locale, "fr");
        assert_eq!(config.style, "emoji");
        assert_eq!(config.log.as_deref(), Some("lalao=debug"));
        assert_eq!(config.clock_offset, 0);
    }

    #[test]
    fn a_clock_offset_for_tests() {
        assert_eq!(
            load("", &[("LALAO_CLOCK_OFFSET", "7200")]).unwrap().clock_offset,
            7200
        );
        assert_eq!(
            load("", &[("LALAO_CLOCK_OFFSET", " -60 ")]).unwrap().clock_offset,
            -60
        );
        for bad in ["2h", "1e9", "999999999999"] {
            let err = load("", &[("LALAO_CLOCK_OFFSET", bad)]).unwrap_err();
            assert!(
                matches!(&err, ConfigError::Invalid { setting: "LALAO_CLOCK_OFFSET", value, .. } if value == bad),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn chat_credentials_select_the_adapters() {
        let config = load(
            "",
            &[
                ("DISCORD_TOKEN", TOKEN),
                ("MATRIX_HOMESERVER", "https://matrix.example.org"),
                ("MATRIX_USER", "@lalao:example.org"),
                ("MATRIX_ACCESS_TOKEN", "syt_abc"),
            ],
        )
        .unwrap();
        assert_eq!(config.adapters(), vec![Adapter::Discord, Adapter::Matrix]);
        let matrix = config.matrix.unwrap();
        assert_eq!(matrix.auth, MatrixAuth::AccessToken(Secret("syt_abc".into())));
        assert_eq!(format!("{:?}", config.discord.unwrap().token), "Some(Secret(…))");
    }

    #[test]
    fn scheduler_limits_from_the_file_and_the_environment() {
        assert_eq!(load("", &[]).unwrap().schedule, Schedule::default());
        let toml = "[schedule]\nchallenge_expiry = \"3d\"\nfirst_move_window = \"off\"\nvacation_days_per_month = 10\n";
        let config = load(
            toml,
            &[("LALAO_MAX_GRANT", "36h"), ("LALAO_CHALLENGE_EXPIRY", "12h")],
        )
        .unwrap();
        assert_eq!(
            config.schedule,
            Schedule {
                challenge_expiry: Some(12 * 3600),
                first_move_window: None,
                vacation_days_per_month: 10,
                max_grant: 36 * 3600,
            }
        );
        assert_eq!(
            load("", &[("LALAO_CHALLENGE_EXPIRY", "soon")])
                .unwrap_err()
                .to_string(),
            "LALAO_CHALLENGE_EXPIRY = \"soon\" is not valid: give a duration like 7d, 36h or 90m, or off"
        );
        assert_eq!(
            load("[schedule]\nvacation_days_per_month = 40\n", &[])
                .unwrap_err()
                .to_string(),
            "vacation_days_per_month = \"40\" is not valid: give a number of days from 0 to 31"
        );
        assert!(matches!(
            load("[schedule]\nholidays = 3\n", &[]),
            Err(ConfigError::FileSyntax { .. })
        ));
    }

    #[test]
    fn file_mistakes() {
        let unknown = load("data_dri = \"x\"", &[]).unwrap_err();
        assert!(
            matches!(&unknown, ConfigError::FileSyntax { message, .. } if message.contains("data_dri")),
            "{unknown}"
        );
        assert!(matches!(
            load("locale = ", &[]),
            Err(ConfigError::FileSyntax { .. })
        ));
        let missing = Config::load(Some(Path::new("/nonexistent/lalao.toml")), &env(&[])).unwrap_err();
        assert!(missing
            .to_string()
            .starts_with("cannot read the configuration file /nonexistent/lalao.toml"));
    }

    #[test]
    fn a_bad_locale_or_style() {
        assert_eq!(
            load("", &[("LALAO_LOCALE", "mg")]).unwrap_err().to_string(),
            "locale = \"mg\" is not valid: lalao speaks en (English) and fr (French)"
        );
        assert_eq!(
            load("style = \"huge\"", &[]).unwrap_err(),
            invalid("style", "huge", "board styles are text, emoji and large")
        );
    }

    #[test]
    fn a_bad_discord_token_is_explained_without_echoing_it() {
        let error = load("", &[("DISCORD_TOKEN", "not-a-token")]).unwrap_err();
        assert!(!error.to_string().contains("not-a-token"));
        assert!(error.to_string().contains("three parts separated by dots"));
        let prefixed = format!("Bot {TOKEN}");
        assert!(load("", &[("DISCORD_TOKEN", &prefixed)])
            .unwrap_err()
            .to_string()
            .contains("without the \"Bot \" prefix"));
    }

    #[test]
    fn a_bad_discord_public_key() {
        let error = load("[discord]\npublic_key = \"abc\"\n", &[]).unwrap_err();
        assert!(matches!(
            error,
            ConfigError::Invalid {
                setting: "DISCORD_PUBLIC_KEY",
                ..
            }
        ));
        let config = load(&format!("[discord]\npublic_key = \"{KEY}\"\n"), &[]).unwrap();
        assert_eq!(config.adapters(), vec![Adapter::Discord]);
    }

    #[test]
    fn an_incomplete_matrix_section() {
        assert_eq!(
            load("", &[("MATRIX_USER", "@lalao:example.org")]).unwrap_err(),
            ConfigError::Incomplete {
                section: "Matrix",
                missing: "MATRIX_HOMESERVER"
            }
        );
        assert_eq!(
            load(
                "",
                &[
                    ("MATRIX_HOMESERVER", "https://m.org"),
                    ("MATRIX_USER", "@lalao:m.org")
                ]
            )
            .unwrap_err()
            .to_string(),
            "Matrix is only partly configured: MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN is missing"
        );
        assert_eq!(
            load(
                "",
                &[("MATRIX_HOMESERVER", "https://m.org"), ("MATRIX_PASSWORD", "pw")]
            )
            .unwrap_err(),
            ConfigError::Incomplete {
                section: "Matrix",
                missing: "MATRIX_USER"
            }
        );
    }

    #[test]
    fn bad_matrix_values() {
        let base = [("MATRIX_USER", "@lalao:m.org"), ("MATRIX_PASSWORD", "pw")];
        let mut bad_url = base.to_vec();
        bad_url.push(("MATRIX_HOMESERVER", "matrix.org"));
        assert!(matches!(
            load("", &bad_url),
            Err(ConfigError::Invalid {
                setting: "MATRIX_HOMESERVER",
                ..
            })
        ));
        let bad_user = [
            ("MATRIX_HOMESERVER", "https://m.org"),
            ("MATRIX_USER", "lalao"),
            ("MATRIX_PASSWORD", "pw"),
        ];
        assert!(matches!(
            load("", &bad_user),
            Err(ConfigError::Invalid {
                setting: "MATRIX_USER",
                ..
            })
        ));
        let mut both = base.to_vec();
        both.push(("MATRIX_HOMESERVER", "https://m.org"));
        both.push(("MATRIX_ACCESS_TOKEN", "syt"));
        assert_eq!(load("", &both), Err(ConfigError::MatrixTwoSecrets));
    }

    #[cfg(unix)]
    #[test]
    fn a_config_file_with_secrets_that_others_can_read_is_noticed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let with = dir.path().join("secret.toml");
        std::fs::write(&with, "[discord]\ntoken = \"abc\"\n").unwrap();
        let without = dir.path().join("plain.toml");
        std::fs::write(&without, "locale = \"fr\"\n").unwrap();
        for path in [&with, &without] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        assert!(Config::exposes_secrets(&with));
        assert!(!Config::exposes_secrets(&without));
        std::fs::set_permissions(&with, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(!Config::exposes_secrets(&with));
    }

    #[test]
    fn the_store_cache_is_set_in_mebibytes_within_bounds() {
        let none = |_: &str| None;
        assert_eq!(Config::from_toml("", &none).unwrap().store_cache_bytes, None);
        let config = Config::from_toml("[store]\ncache_mb = 64\n", &none).unwrap();
        assert_eq!(config.store_cache_bytes, Some(64 * 1024 * 1024));
        let env = |name: &str| (name == "LALAO_STORE_CACHE_MB").then(|| "128".to_owned());
        assert_eq!(
            Config::from_toml("[store]\ncache_mb = 64\n", &env)
                .unwrap()
                .store_cache_bytes,
            Some(128 * 1024 * 1024)
        );
        for bad in ["0", "8", "100000", "lots"] {
            let env = |name: &str| (name == "LALAO_STORE_CACHE_MB").then(|| bad.to_owned());
            assert!(Config::from_toml("", &env).is_err(), "{bad}");
        }
    }
}
