//! The Discord adapter's settings (`docs/discord.md`). The token and public key come from the
//! validated [`crate::Config`] (file or `DISCORD_TOKEN` / `DISCORD_PUBLIC_KEY`); the adapter's
//! other settings from `DISCORD_*` environment variables.

use std::net::SocketAddr;

use thiserror::Error;

use crate::BoardMode;

/// How interactions reach the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscordMode {
    /// A websocket to Discord's gateway, opened with the bot token (no public URL needed).
    Gateway,
    /// Discord POSTs every interaction to our HTTP endpoint, signed with the application's key.
    Endpoint,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordConfig {
    pub mode: DiscordMode,
    /// The bot token: REST calls in both modes, the gateway connection in gateway mode.
    pub token: crate::Secret,
    /// The application id. Required in endpoint mode (commands are registered before any event
    /// arrives); in gateway mode it is learned from READY when absent.
    pub application_id: Option<u64>,
    /// The application's Ed25519 public key, hex (endpoint mode).
    pub public_key: Option<String>,
    /// Where the interactions endpoint listens (endpoint mode).
    pub listen: SocketAddr,
    /// Register the commands in this guild only (instant updates while developing) instead of
    /// globally.
    pub guild_id: Option<u64>,
    /// Send REST calls to this base URL instead of Discord (a REST proxy, or a test peer). Serenity's
    /// own ratelimiter does not work through a proxy, so it is off when this is set.
    pub api_url: Option<String>,
    /// How long to wait for an answer before deferring the interaction (Discord's deadline is
    /// 3 s); 0 defers every interaction.
    pub defer_after_ms: u64,
    pub board_messages: BoardMode,
    /// The gateway shards this process runs (`DISCORD_SHARDS=0-3` of `DISCORD_SHARD_TOTAL=16`);
    /// `None`: one process runs every shard Discord recommends.
    pub shards: Option<ShardRange>,
}

/// Shards `first` to `last` (inclusive) of `total`: several processes share a bot's guilds
/// (Discord sends guild `g` to shard `(g >> 22) % total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// `DISCORD_SHARDS` (`3` or `0-3`) and `DISCORD_SHARD_TOTAL`; the total alone runs all.
    fn parse(shards: Option<&str>, total: Option<&str>) -> Result<Option<ShardRange>, DiscordConfigError> {
        let total = match total {
            None if shards.is_some() => {
                return Err(invalid(
                    "DISCORD_SHARD_TOTAL",
                    "required with DISCORD_SHARDS: how many shards all the processes run together",
                ))
            }
            None => return Ok(None),
            Some(total) => total
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|total| (1..=65_536).contains(total))
                .ok_or_else(|| {
                    invalid(
                        "DISCORD_SHARD_TOTAL",
                        "expected a number of shards from 1 to 65536",
                    )
                })?,
        };
        let (first, last) =
            match shards.map(str::trim) {
                None => (0, total - 1),
                Some(range) => {
                    let number = |text: &str| text.trim().parse::<u32>().ok();
                    let bounds = match range.split_once('-') {
                        Some((first, last)) => number(first).zip(number(last)),
                        None => number(range).map(|only| (only, only)),
                    };
                    bounds
                        .filter(|(first, last)| first <= last && *last < total)
                        .ok_or_else(|| {
                            invalid(
                        "DISCORD_SHARDS",
                        format!("{range:?}: expected shards like 0-3, below DISCORD_SHARD_TOTAL ({total})"),
                    )
                        })?
                }
            };
        Ok(Some(ShardRange { first, last, total }))
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum DiscordConfigError {
    #[error("{key}: {message}")]
    Invalid { key: &'static str, message: String },
    #[error("{key} is required when DISCORD_MODE is {mode}")]
    Missing { key: &'static str, mode: &'static str },
}

const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
const DEFAULT_DEFER_AFTER_MS: u64 = 1500;

fn invalid(key: &'static str, message: impl Into<String>) -> DiscordConfigError {
    DiscordConfigError::Invalid {
        key,
        message: message.into(),
    }
}

fn snowflake(key: &'static str, value: &str) -> Result<u64, DiscordConfigError> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| invalid(key, format!("{value:?} is not a Discord id (a positive number)")))
}

impl DiscordConfig {
    /// The adapter's settings: token and key from the validated configuration, the rest from
    /// the environment read through `get`.
    pub fn from_config(
        discord: &crate::Discord,
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<DiscordConfig, DiscordConfigError> {
        let token = discord.token.as_ref().map(|token| token.expose().to_owned());
        let key = discord.public_key.clone();
        DiscordConfig::from_lookup(|name| match name {
            "DISCORD_TOKEN" => token.clone(),
            "DISCORD_PUBLIC_KEY" => key.clone(),
            other => get(other).filter(|value| !value.trim().is_empty()),
        })?
        .ok_or(DiscordConfigError::Missing {
            key: "DISCORD_TOKEN",
            mode: "gateway or endpoint",
        })
    }

    /// Reads the settings through `get` (the environment, or a map in tests); `Ok(None)` when no
    /// token is set.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<DiscordConfig>, DiscordConfigError> {
        let Some(token) = get("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let mode = match get("DISCORD_MODE").as_deref() {
            None | Some("gateway") => DiscordMode::Gateway,
            Some("endpoint") => DiscordMode::Endpoint,
            Some(other) => {
                return Err(invalid(
                    "DISCORD_MODE",
                    format!("{other:?}: expected \"gateway\" or \"endpoint\""),
                ))
            }
        };
        let application_id = get("DISCORD_APPLICATION_ID")
            .map(|value| snowflake("DISCORD_APPLICATION_ID", &value))
            .transpose()?;
        let guild_id = get("DISCORD_GUILD_ID")
            .map(|value| snowflake("DISCORD_GUILD_ID", &value))
            .transpose()?;
        let public_key = get("DISCORD_PUBLIC_KEY").map(|key| key.trim().to_ascii_lowercase());
        if let Some(key) = &public_key {
            if key.len() != 64 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(invalid(
                    "DISCORD_PUBLIC_KEY",
                    "expected the application's public key: 64 hexadecimal digits",
                ));
            }
        }
        let listen = get("DISCORD_LISTEN")
            .unwrap_or_else(|| DEFAULT_LISTEN.to_owned())
            .parse()
            .map_err(|err| invalid("DISCORD_LISTEN", format!("{err} (expected host:port)")))?;
        let api_url = get("DISCORD_API_URL").map(|url| url.trim_end_matches('/').to_owned());
        if let Some(url) = &api_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(invalid("DISCORD_API_URL", "expected an http:// or https:// URL"));
            }
        }
        let defer_after_ms = get("DISCORD_DEFER_AFTER_MS")
            .map(|value| {
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|ms| *ms <= 2500)
                    .ok_or_else(|| {
                        invalid(
                            "DISCORD_DEFER_AFTER_MS",
                            "expected milliseconds from 0 to 2500 (Discord's deadline is 3 s)",
                        )
                    })
            })
            .transpose()?
            .unwrap_or(DEFAULT_DEFER_AFTER_MS);
        let board_messages = match get("DISCORD_BOARD_MESSAGES") {
            None => BoardMode::default(),
            Some(id) => BoardMode::from_id(&id).ok_or_else(|| {
                invalid(
                    "DISCORD_BOARD_MESSAGES",
                    format!("{id:?}: expected \"edit\" or \"new\""),
                )
            })?,
        };
        let shards = ShardRange::parse(
            get("DISCORD_SHARDS").as_deref(),
            get("DISCORD_SHARD_TOTAL").as_deref(),
        )?;
        if mode == DiscordMode::Endpoint {
            if shards.is_some() {
                // Interactions reach every endpoint process through its address; there is no
                // gateway connection to shard.
                return Err(invalid(
                    "DISCORD_SHARDS",
                    "gateway shards mean nothing in endpoint mode (any number of processes may serve the endpoint)",
                ));
            }
            if public_key.is_none() {
                return Err(DiscordConfigError::Missing {
                    key: "DISCORD_PUBLIC_KEY",
                    mode: "endpoint",
                });
            }
            if application_id.is_none() {
                return Err(DiscordConfigError::Missing {
                    key: "DISCORD_APPLICATION_ID",
                    mode: "endpoint",
                });
            }
        }
        Ok(Some(DiscordConfig {
            mode,
            token: crate::Secret::new(token.trim()),
            application_id,
            public_key,
            listen,
            guild_id,
            api_url,
            defer_after_ms,
            board_messages,
            shards,
        }))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<Option<DiscordConfig>, DiscordConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        DiscordConfig::from_lookup(|key| map.get(key).cloned())
    }

    /// A process runs a range of the gateway's shards.
    #[test]
    fn shard_ranges() {
        let shards = |pairs: &[(&str, &str)]| {
            let mut all = vec![("DISCORD_TOKEN", "t")];
            all.extend_from_slice(pairs);
            read(&all).map(|config| config.unwrap().shards)
        };
        assert_eq!(shards(&[]), Ok(None));
        let range = |first, last, total| Ok(Some(ShardRange { first, last, total }));
        assert_eq!(
            shards(&[("DISCORD_SHARDS", "0-3"), ("DISCORD_SHARD_TOTAL", "16")]),
            range(0, 3, 16)
        );
        assert_eq!(
            shards(&[("DISCORD_SHARDS", "7"), ("DISCORD_SHARD_TOTAL", "8")]),
            range(7, 7, 8)
        );
        assert_eq!(shards(&[("DISCORD_SHARD_TOTAL", "2")]), range(0, 1, 2));
        for bad in [
            vec![("DISCORD_SHARDS", "0-3")],
            vec![("DISCORD_SHARDS", "3-1"), ("DISCORD_SHARD_TOTAL", "16")],
            vec![("DISCORD_SHARDS", "0-16"), ("DISCORD_SHARD_TOTAL", "16")],
            vec![("DISCORD_SHARDS", "a"), ("DISCORD_SHARD_TOTAL", "16")],
            vec![("DISCORD_SHARD_TOTAL", "0")],
        ] {
            assert!(shards(&bad).is_err(), "{bad:?}");
        }
        let endpoint = read(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_MODE", "endpoint"),
            ("DISCORD_PUBLIC_KEY", &"a".repeat(64)),
            ("DISCORD_APPLICATION_ID", "1"),
            ("DISCORD_SHARD_TOTAL", "2"),
        ]);
        assert!(endpoint.is_err());
    }

    #[test]
    fn no_token_means_no_discord() {
        assert_eq!(read(&[("DISCORD_MODE", "endpoint")]), Ok(None));
    }

    #[test]
    fn gateway_defaults() {
        let config = read(&[("DISCORD_TOKEN", " abc ")]).unwrap().unwrap();
        assert_eq!(config.mode, DiscordMode::Gateway);
        assert_eq!(config.token.expose(), "abc");
        assert!(
            !format!("{config:?}").contains("abc"),
            "the token never shows in debug output"
        );
        assert_eq!(config.application_id, None);
        assert_eq!(config.listen, DEFAULT_LISTEN.parse().unwrap());
        assert_eq!(config.defer_after_ms, DEFAULT_DEFER_AFTER_MS);
        assert_eq!(config.board_messages, BoardMode::Edit);
        assert_eq!(config.api_url, None);
    }

    #[test]
    fn endpoint_needs_key_and_application() {
        let base = [("DISCORD_TOKEN", "abc"), ("DISCORD_MODE", "endpoint")];
        assert_eq!(
            read(&base),
            Err(DiscordConfigError::Missing {
                key: "DISCORD_PUBLIC_KEY",
                mode: "endpoint"
            })
        );
        let key = "AB".repeat(32);
        let mut full = base.to_vec();
        full.push(("DISCORD_PUBLIC_KEY", &key));
        full.push(("DISCORD_APPLICATION_ID", "1234"));
        full.push(("DISCORD_LISTEN", "0.0.0.0:9000"));
        full.push(("DISCORD_API_URL", "http://127.0.0.1:5/"));
        let config = read(&full).unwrap().unwrap();
        assert_eq!(config.mode, DiscordMode::Endpoint);
        assert_eq!(config.public_key.as_deref(), Some("ab".repeat(32).as_str()));
        assert_eq!(config.application_id, Some(1234));
        assert_eq!(config.api_url.as_deref(), Some("http://127.0.0.1:5"));
    }

    #[test]
    fn refuses_bad_values() {
        let cases = [
            ("DISCORD_MODE", "webhook"),
            ("DISCORD_PUBLIC_KEY", "xyz"),
            ("DISCORD_APPLICATION_ID", "-3"),
            ("DISCORD_GUILD_ID", "0"),
            ("DISCORD_LISTEN", "nowhere"),
            ("DISCORD_API_URL", "ftp://x"),
            ("DISCORD_DEFER_AFTER_MS", "3000"),
            ("DISCORD_BOARD_MESSAGES", "both"),
        ];
        for (key, value) in cases {
            let result = read(&[("DISCORD_TOKEN", "abc"), (key, value)]);
            assert!(
                matches!(result, Err(DiscordConfigError::Invalid { key: k, .. }) if k == key),
                "{key}={value}: {result:?}"
            );
        }
    }
}
