//! Where the process serves what is not chat: the web pages (`LALAO_WEB`, `LALAO_WEB_URL`),
//! the operator's admin address (`LALAO_ADMIN`), and how its logs are written
//! (`LALAO_LOG_FORMAT`). All from the environment only.

use std::net::SocketAddr;

use crate::ConfigError;

/// Where the web pages are served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Web {
    pub listen: SocketAddr,
    /// Without a trailing slash: `https://lalao.example.org`.
    pub url: String,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text an event, for people.
    #[default]
    Text,
    /// One JSON object a line, for log collectors.
    Json,
}

fn address(setting: &'static str, value: &str) -> Result<SocketAddr, ConfigError> {
    value.trim().parse().map_err(|_| ConfigError::Invalid {
        setting,
        value: value.to_owned(),
        why: "expected host:port, such as 127.0.0.1:8080",
    })
}

/// The web pages, if `LALAO_WEB` is set.
pub(crate) fn web(env: &dyn Fn(&str) -> Option<String>) -> Result<Option<Web>, ConfigError> {
    let Some(listen) = env("LALAO_WEB") else {
        return Ok(None);
    };
    let listen = address("LALAO_WEB", &listen)?;
    let url = match env("LALAO_WEB_URL") {
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
            url.trim().trim_end_matches('/').to_owned()
        }
        Some(url) => {
            return Err(ConfigError::Invalid {
                setting: "LALAO_WEB_URL",
                value: url,
                why: "expected an http:// or https:// address",
            })
        }
        None => format!("http://{listen}"),
    };
    Ok(Some(Web { listen, url }))
}

/// The admin address, if `LALAO_ADMIN` is set.
pub(crate) fn admin(env: &dyn Fn(&str) -> Option<String>) -> Result<Option<SocketAddr>, ConfigError> {
    env("LALAO_ADMIN")
        .map(|value| address("LALAO_ADMIN", &value))
        .transpose()
}

/// `LALAO_LOG_FORMAT`: `text` (the default) or `json`.
pub(crate) fn log_format(env: &dyn Fn(&str) -> Option<String>) -> Result<LogFormat, ConfigError> {
    match env("LALAO_LOG_FORMAT").as_deref().map(str::trim) {
        None | Some("text") => Ok(LogFormat::Text),
        Some("json") => Ok(LogFormat::Json),
        Some(other) => Err(ConfigError::Invalid {
            setting: "LALAO_LOG_FORMAT",
            value: other.to_owned(),
            why: "expected text or json",
        }),
    }
}
