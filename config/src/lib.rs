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
mod serving;

pub use matrix::{MatrixConfig, MatrixLogin};
pub use schedule::Schedule;
pub use serving::{LogFormat, Web};

/// Bounds of the store's cache size, in MiB.
const MIN_CACHE_MB: u64 = 16;
/// Connections to the PostgreSQL database a process opens at most, unless configured.
pub const DEFAULT_DATABASE_POOL: usize = 16;
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
    "LALAO_KEEP_DAYS",
    "LALAO_CLOCK_OFFSET",
    "LALAO_FAULT_SCHEDULER_PANICS",
    "LALAO_SEED",
    "LALAO_STORE_CACHE_MB",
    "LALAO_DATABASE_URL",
    "LALAO_DATABASE_POOL",
    "LALAO_WEB",
    "LALAO_WEB_URL",
    "LALAO_ADMIN",
    "LALAO_LOG_FORMAT",
    "DISCORD_TOKEN",
    "DISCORD_PUBLIC_KEY",
    "DISCORD_MODE",
    "DISCORD_APPLICATION_ID",
    "DISCORD_LISTEN",
    "DISCORD_GUILD_ID",
    "DISCORD_API_URL",
    "DISCORD_DEFER_AFTER_MS",
    "DISCORD_BOARD_MESSAGES",
    "DISCORD_SHARDS",
    "DISCORD_SHARD_TOTAL",
    "MATRIX_HOMESERVER",
    "MATRIX_USER",
    "MATRIX_PASSWORD",
    "MATRIX_ACCESS_TOKEN",
    "MATRIX_ALLOWED_INVITERS",
    "LALAO_MATRIX_SYNC_TIMEOUT_MS",
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
    /// A PostgreSQL database (`postgres://…`) instead of sled in the data directory.
    url: Option<String>,
    /// The most connections this process opens to it.
    pool: Option<usize>,
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
    /// How many times the scheduler loop panics as it starts (`LALAO_FAULT_SCHEDULER_PANICS`,
    /// environment only): fault injection, so tests and drills see it come back. 0 in production.
    pub fault_scheduler_panics: u32,
    /// One seed for every random draw (`LALAO_SEED`, environment only): random starts, the
    /// computer's seat and its coin call come out the same in every run, so a session can be
    /// a golden transcript. Unset in production: every match draws its own.
    pub fixed_seed: Option<u64>,
    pub discord: Option<Discord>,
    pub matrix: Option<Matrix>,
    /// The scheduler's limits (`[schedule]`, `LALAO_CHALLENGE_EXPIRY`, …).
    pub schedule: Schedule,
    /// sled's page cache in bytes (`[store] cache_mb`, `LALAO_STORE_CACHE_MB`); `None`: sled's
    /// default (1 GiB).
    pub store_cache_bytes: Option<u64>,
    /// The PostgreSQL database to keep the records in (`[store] url`, `LALAO_DATABASE_URL`:
    /// `postgres://user:password@host:port/database`); `None`: sled in the data directory.
    pub database_url: Option<Secret>,
    /// The most connections this process opens to the PostgreSQL database (`[store] pool`,
    /// `LALAO_DATABASE_POOL`, 1 to 256; default 16): callers wait for a free one.
    pub database_pool: usize,
    /// The web pages: where they listen (`LALAO_WEB=127.0.0.1:8080`) and the
    /// address readers reach them at (`LALAO_WEB_URL`, default `http://<LALAO_WEB>`). Off
    /// unless `LALAO_WEB` is set.
    pub web: Option<Web>,
    /// Where the health probes and the metrics are served (`LALAO_ADMIN=127.0.0.1:9090`;
    /// docs/operations.md). Off unless set.
    pub admin: Option<std::net::SocketAddr>,
    /// How log lines are written (`LALAO_LOG_FORMAT`: `text`, the default, or `json`).
    pub log_format: LogFormat,
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
        let fixed_seed = match env("LALAO_SEED") {
            None => None,
            Some(value) => Some(
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|seed| *seed < 1 << 53)
                    .ok_or_else(|| invalid("LALAO_SEED", &value, "a whole number below 2^53 (tests only)"))?,
            ),
        };
        let fault_scheduler_panics = match env("LALAO_FAULT_SCHEDULER_PANICS") {
            None => 0,
            Some(value) => value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|count| *count <= 10)
                .ok_or_else(|| {
                    invalid(
                        "LALAO_FAULT_SCHEDULER_PANICS",
                        &value,
                        "how many times the scheduler panics as it starts (tests only), 0 to 10",
                    )
                })?,
        };

        let database_url = match env("LALAO_DATABASE_URL")
            .or_else(|| file.store.as_ref().and_then(|store| store.url.clone()))
            .map(|url| url.trim().to_owned())
            .filter(|url| !url.is_empty())
        {
            None => None,
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Some(Secret::new(url))
            }
            Some(url) => {
                // The value may hold a password: show only its scheme.
                let scheme = url.split("://").next().unwrap_or_default().to_owned();
                return Err(invalid(
                    "store.url",
                    &format!("{scheme}://…"),
                    "a PostgreSQL address, postgres://user:password@host:port/database",
                ));
            }
        };
        let database_pool = match env("LALAO_DATABASE_POOL").or_else(|| {
            file.store
                .as_ref()
                .and_then(|store| store.pool)
                .map(|pool| pool.to_string())
        }) {
            None => DEFAULT_DATABASE_POOL,
            Some(value) => value
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|pool| (1..=256).contains(pool))
                .ok_or_else(|| {
                    invalid(
                        "store.pool",
                        &value,
                        "the most connections to the database, from 1 to 256",
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

        let web = serving::web(env)?;
        let admin = serving::admin(env)?;
        let log_format = serving::log_format(env)?;

        Ok(Config {
            data_dir,
            locale,
            style,
            log,
            clock_offset,
            fault_scheduler_panics,
            fixed_seed,
            discord,
            matrix,
            schedule,
            store_cache_bytes,
            database_url,
            database_pool,
            web,
            admin,
            log_format,
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
mod tests;
