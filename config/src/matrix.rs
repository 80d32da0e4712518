//! The Matrix adapter's settings: where the homeserver is, how the bot logs in, whom it
//! accepts invites from, and how boards are updated.

use std::fmt;

use serde::Deserialize;

/// How the bot logs in. Exactly one way must be configured.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum MatrixLogin {
    /// `m.login.password` on first start; the session is then restored from the data directory.
    Password { user: String, password: String },
    /// An existing access token (and its device, found with `whoami`).
    AccessToken { access_token: String },
}

// Secrets never reach logs.
impl fmt::Debug for MatrixLogin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixLogin::Password { user, .. } => f
                .debug_struct("Password")
                .field("user", user)
                .field("password", &"…")
                .finish(),
            MatrixLogin::AccessToken { .. } => {
                f.debug_struct("AccessToken").field("access_token", &"…").finish()
            }
        }
    }
}

/// How a match's board follows the play in a room (a room may override it, see docs/matrix.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardUpdates {
    /// Edit the bot's board message (`m.replace`): one board per match in the timeline.
    #[default]
    Edit,
    /// Post a new board message after every move.
    New,
}

impl BoardUpdates {
    pub fn from_id(id: &str) -> Option<BoardUpdates> {
        match id {
            "edit" => Some(BoardUpdates::Edit),
            "new" => Some(BoardUpdates::New),
            _ => None,
        }
    }
}

/// `[matrix]` in the configuration file, or `LALAO_MATRIX_*` in the environment.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct MatrixConfig {
    /// Client-server API base URL, e.g. `https://matrix.example.org`.
    pub homeserver: String,
    #[serde(flatten)]
    pub login: MatrixLogin,
    /// Who may invite the bot: full user ids (`@ana:example.org`) or whole servers
    /// (`:example.org`). Empty: anyone.
    #[serde(default)]
    pub allowed_inviters: Vec<String>,
    #[serde(default)]
    pub board_updates: BoardUpdates,
    /// Encrypts the local sqlite stores (state and crypto) when set.
    #[serde(default)]
    pub store_passphrase: Option<String>,
    /// The device name shown to other users on first login.
    #[serde(default = "default_device_name")]
    pub device_name: String,
}

fn default_device_name() -> String {
    "lalao".to_owned()
}

/// A configuration that cannot work, explained.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MatrixConfigError {
    #[error("matrix: `homeserver` must be an http(s) URL, got {0:?}")]
    Homeserver(String),
    #[error("matrix: set either `user` and `password`, or `access_token`")]
    Login,
    #[error("matrix: `{0}` is neither a user id (@name:server) nor a server (:server)")]
    Inviter(String),
    #[error("matrix: board_updates must be `edit` or `new`, got {0:?}")]
    BoardUpdates(String),
}

impl MatrixConfig {
    /// Reads `LALAO_MATRIX_*` through `var` (the environment in production, a map in tests).
    /// `Ok(None)` when no Matrix setting is present at all.
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<MatrixConfig>, MatrixConfigError> {
        let get = |name: &str| var(&format!("LALAO_MATRIX_{name}")).filter(|v| !v.is_empty());
        let Some(homeserver) = get("HOMESERVER") else {
            return Ok(None);
        };
        let login = match (get("USER"), get("PASSWORD"), get("ACCESS_TOKEN")) {
            (Some(user), Some(password), None) => MatrixLogin::Password { user, password },
            (None, None, Some(access_token)) => MatrixLogin::AccessToken { access_token },
            _ => return Err(MatrixConfigError::Login),
        };
        let board_updates = match get("BOARD_UPDATES") {
            None => BoardUpdates::default(),
            Some(id) => BoardUpdates::from_id(&id).ok_or(MatrixConfigError::BoardUpdates(id))?,
        };
        let config = MatrixConfig {
            homeserver,
            login,
            allowed_inviters: get("ALLOWED_INVITERS")
                .map(|list| {
                    list.split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
            board_updates,
            store_passphrase: get("STORE_PASSPHRASE"),
            device_name: get("DEVICE_NAME").unwrap_or_else(default_device_name),
        };
        config.validate()?;
        Ok(Some(config))
    }

    /// Checks what serde cannot.
    pub fn validate(&self) -> Result<(), MatrixConfigError> {
        if !(self.homeserver.starts_with("http://") || self.homeserver.starts_with("https://")) {
            return Err(MatrixConfigError::Homeserver(self.homeserver.clone()));
        }
        let login_ok = match &self.login {
            MatrixLogin::Password { user, password } => !user.is_empty() && !password.is_empty(),
            MatrixLogin::AccessToken { access_token } => !access_token.is_empty(),
        };
        if !login_ok {
            return Err(MatrixConfigError::Login);
        }
        for entry in &self.allowed_inviters {
            let valid = match entry.strip_prefix(':') {
                Some(server) => !server.is_empty(),
                None => entry
                    .strip_prefix('@')
                    .and_then(|rest| rest.split_once(':'))
                    .is_some_and(|(local, server)| !local.is_empty() && !server.is_empty()),
            };
            if !valid {
                return Err(MatrixConfigError::Inviter(entry.clone()));
            }
        }
        Ok(())
    }

    /// Whether an invite from `user_id` may be accepted.
    pub fn allows_inviter(&self, user_id: &str) -> bool {
        if self.allowed_inviters.is_empty() {
            return true;
        }
        let server = user_id.split_once(':').map(|(_, server)| server);
        self.allowed_inviters
            .iter()
            .any(|entry| match entry.strip_prefix(':') {
                Some(allowed) => server == Some(allowed),
                None => entry == user_id,
            })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn no_homeserver_means_no_matrix() {
        assert_eq!(MatrixConfig::from_vars(vars(&[])), Ok(None));
    }

    #[test]
    fn password_login_from_the_environment() {
        let config = MatrixConfig::from_vars(vars(&[
            ("LALAO_MATRIX_HOMESERVER", "https://matrix.example.org"),
            ("LALAO_MATRIX_USER", "lalao"),
            ("LALAO_MATRIX_PASSWORD", "pw"),
            (
                "LALAO_MATRIX_ALLOWED_INVITERS",
                "@ana:example.org, :school.example",
            ),
            ("LALAO_MATRIX_BOARD_UPDATES", "new"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            config.login,
            MatrixLogin::Password {
                user: "lalao".into(),
                password: "pw".into()
            }
        );
        assert_eq!(config.board_updates, BoardUpdates::New);
        assert!(config.allows_inviter("@ana:example.org"));
        assert!(config.allows_inviter("@bako:school.example"));
        assert!(!config.allows_inviter("@bako:example.org"));
        assert!(!format!("{config:?}").contains("pw"), "no secret in Debug");
    }

    #[test]
    fn both_logins_or_none_is_refused() {
        let both = MatrixConfig::from_vars(vars(&[
            ("LALAO_MATRIX_HOMESERVER", "https://m.example"),
            ("LALAO_MATRIX_USER", "lalao"),
            ("LALAO_MATRIX_PASSWORD", "pw"),
            ("LALAO_MATRIX_ACCESS_TOKEN", "tok"),
        ]));
        assert_eq!(both, Err(MatrixConfigError::Login));
        let none = MatrixConfig::from_vars(vars(&[("LALAO_MATRIX_HOMESERVER", "https://m.example")]));
        assert_eq!(none, Err(MatrixConfigError::Login));
    }

    #[test]
    fn bad_values_are_explained() {
        let base = [
            ("LALAO_MATRIX_HOMESERVER", "matrix.example.org"),
            ("LALAO_MATRIX_ACCESS_TOKEN", "tok"),
        ];
        assert!(matches!(
            MatrixConfig::from_vars(vars(&base)),
            Err(MatrixConfigError::Homeserver(_))
        ));
        let inviter = MatrixConfig::from_vars(vars(&[
            ("LALAO_MATRIX_HOMESERVER", "http://127.0.0.1:8008"),
            ("LALAO_MATRIX_ACCESS_TOKEN", "tok"),
            ("LALAO_MATRIX_ALLOWED_INVITERS", "ana"),
        ]));
        assert_eq!(inviter, Err(MatrixConfigError::Inviter("ana".into())));
    }

    #[test]
    fn everyone_may_invite_when_no_list_is_set() {
        let config = MatrixConfig::from_vars(vars(&[
            ("LALAO_MATRIX_HOMESERVER", "http://127.0.0.1:8008"),
            ("LALAO_MATRIX_ACCESS_TOKEN", "tok"),
        ]))
        .unwrap()
        .unwrap();
        assert!(config.allows_inviter("@anyone:anywhere"));
    }
}
