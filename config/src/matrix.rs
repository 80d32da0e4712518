//! The Matrix adapter's settings, as the adapter uses them: built from the validated
//! [`crate::Matrix`] section (`MATRIX_*` variables or `[matrix]` in the file).

use std::fmt;

use crate::{BoardMode, Matrix, MatrixAuth};

/// How the bot logs in.
#[derive(Clone, PartialEq, Eq)]
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

/// Everything the Matrix adapter needs to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixConfig {
    /// Client-server API base URL, e.g. `https://matrix.example.org`.
    pub homeserver: String,
    pub login: MatrixLogin,
    /// Who may invite the bot: full user ids (`@ana:example.org`) or whole servers
    /// (`:example.org`). Empty: anyone.
    pub allowed_inviters: Vec<String>,
    pub board_updates: BoardMode,
    /// Encrypts the local sqlite stores (state and crypto) when set.
    pub store_passphrase: Option<crate::Secret>,
    /// The device name shown to other users on first login.
    pub device_name: String,
}

impl From<&Matrix> for MatrixConfig {
    fn from(matrix: &Matrix) -> MatrixConfig {
        let login = match &matrix.auth {
            MatrixAuth::Password(password) => MatrixLogin::Password {
                user: matrix.user.clone(),
                password: password.expose().to_owned(),
            },
            MatrixAuth::AccessToken(token) => MatrixLogin::AccessToken {
                access_token: token.expose().to_owned(),
            },
        };
        MatrixConfig {
            homeserver: matrix.homeserver.trim_end_matches('/').to_owned(),
            login,
            allowed_inviters: matrix.allowed_inviters.clone(),
            board_updates: matrix.board_updates,
            store_passphrase: matrix.store_passphrase.clone(),
            device_name: matrix.device_name.clone(),
        }
    }
}

/// A user id (`@name:server`) or a whole server (`:server`).
pub(crate) fn valid_inviter(entry: &str) -> bool {
    match entry.strip_prefix(':') {
        Some(server) => !server.is_empty(),
        None => entry
            .strip_prefix('@')
            .and_then(|rest| rest.split_once(':'))
            .is_some_and(|(local, server)| !local.is_empty() && !server.is_empty()),
    }
}

impl MatrixConfig {
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
    use crate::{Config, ConfigError};

    fn load(toml: &str, pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_toml(toml, &move |name: &str| map.get(name).cloned())
    }

    const BASE: [(&str, &str); 3] = [
        ("MATRIX_HOMESERVER", "https://matrix.example.org/"),
        ("MATRIX_USER", "@lalao:example.org"),
        ("MATRIX_PASSWORD", "pw"),
    ];

    #[test]
    fn the_adapter_settings_come_from_the_matrix_section() {
        let mut pairs = BASE.to_vec();
        pairs.push(("MATRIX_ALLOWED_INVITERS", "@ana:example.org, :school.example"));
        pairs.push(("MATRIX_BOARD_UPDATES", "new"));
        let config = load("", &pairs).unwrap();
        let matrix = MatrixConfig::from(config.matrix.as_ref().unwrap());
        assert_eq!(matrix.homeserver, "https://matrix.example.org");
        assert_eq!(
            matrix.login,
            MatrixLogin::Password {
                user: "@lalao:example.org".into(),
                password: "pw".into()
            }
        );
        assert_eq!(matrix.board_updates, BoardMode::New);
        assert_eq!(matrix.device_name, "lalao");
        assert!(matrix.allows_inviter("@ana:example.org"));
        assert!(matrix.allows_inviter("@bako:school.example"));
        assert!(!matrix.allows_inviter("@bako:example.org"));
        assert!(!format!("{matrix:?}").contains("pw\""), "no secret in Debug");
    }

    #[test]
    fn the_file_may_hold_the_adapter_settings_too() {
        let toml = r#"
            [matrix]
            homeserver = "http://127.0.0.1:8008"
            user = "@lalao:localhost"
            access_token = "syt_abc"
            allowed_inviters = [":localhost"]
            board_updates = "edit"
            store_passphrase = "secret"
            device_name = "lalao-school"
        "#;
        let config = load(toml, &[]).unwrap();
        let matrix = MatrixConfig::from(config.matrix.as_ref().unwrap());
        assert_eq!(
            matrix.login,
            MatrixLogin::AccessToken {
                access_token: "syt_abc".into()
            }
        );
        assert_eq!(
            matrix.store_passphrase.as_ref().map(crate::Secret::expose),
            Some("secret")
        );
        assert!(
            !format!("{matrix:?}").contains("secret\""),
            "the passphrase never shows in debug output"
        );
        assert_eq!(matrix.device_name, "lalao-school");
        assert!(!matrix.allows_inviter("@zed:elsewhere"));
    }

    #[test]
    fn bad_adapter_settings_are_explained() {
        let mut pairs = BASE.to_vec();
        pairs.push(("MATRIX_ALLOWED_INVITERS", "ana"));
        assert!(matches!(
            load("", &pairs),
            Err(ConfigError::Invalid {
                setting: "MATRIX_ALLOWED_INVITERS",
                ..
            })
        ));
        let mut pairs = BASE.to_vec();
        pairs.push(("MATRIX_BOARD_UPDATES", "sometimes"));
        assert!(matches!(
            load("", &pairs),
            Err(ConfigError::Invalid {
                setting: "MATRIX_BOARD_UPDATES",
                ..
            })
        ));
    }

    #[test]
    fn everyone_may_invite_when_no_list_is_set() {
        let config = load("", &BASE).unwrap();
        let matrix = MatrixConfig::from(config.matrix.as_ref().unwrap());
        assert!(matrix.allows_inviter("@anyone:anywhere"));
    }
}
