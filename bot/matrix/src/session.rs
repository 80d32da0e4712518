//! Logging in once and coming back as the same device: the session (user, device, token)
//! lives in `<data>/matrix/session.json`, the state, crypto and event-cache stores in
//! `<data>/matrix/store/` (sqlite). Losing either would mean a new device and the loss of
//! every room key the bot holds, so both are kept next to the match store.

use std::path::{Path, PathBuf};

use lalao_config::{MatrixConfig, MatrixLogin};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};
use tracing::{debug, warn};

use super::Error;

/// What is saved after the first login.
#[derive(Debug, Serialize, Deserialize)]
struct SavedSession {
    homeserver: String,
    session: MatrixSession,
}

pub(crate) fn matrix_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("matrix")
}

fn session_path(data_dir: &Path) -> PathBuf {
    matrix_dir(data_dir).join("session.json")
}

/// A logged-in client whose stores live under `data_dir`.
pub async fn connect(config: &MatrixConfig, data_dir: &Path) -> Result<Client, Error> {
    let dir = matrix_dir(data_dir);
    std::fs::create_dir_all(&dir).map_err(|err| Error::DataDir(dir.clone(), err))?;
    let client = Client::builder()
        .homeserver_url(&config.homeserver)
        .sqlite_store(
            dir.join("store"),
            config.store_passphrase.as_ref().map(lalao_config::Secret::expose),
        )
        .build()
        .await
        .map_err(|err| Error::Client(err.to_string()))?;

    // matrix-sdk skips a sync response whose position it has already stored ("Got the same
    // sync response twice"), and it stores a position as soon as a response arrives. lalao
    // resumes from its own position, saved only once a response is handled and answered: a
    // response the previous run received but did not finish would come again and be skipped.
    // Forgetting the SDK's position (before the session loads it) makes it process that
    // response again.
    if let Err(err) = client
        .state_store()
        .remove_kv_data(matrix_sdk::store::StateStoreDataKey::SyncToken)
        .await
    {
        warn!(%err, "forgetting matrix-sdk's own sync position failed");
    }
    let saved = read_session(data_dir)?;
    match (&config.login, saved) {
        (_, Some(saved)) if saved.homeserver == config.homeserver && same_login(config, &saved) => {
            debug!(user = %saved.session.meta.user_id, device = %saved.session.meta.device_id, "restoring the Matrix session");
            client.restore_session(saved.session).await?;
        }
        (MatrixLogin::Password { user, password }, _) => {
            debug!(%user, "logging in to Matrix with a password");
            client
                .matrix_auth()
                .login_username(user, password)
                .initial_device_display_name(&config.device_name)
                .send()
                .await?;
            let session = client
                .matrix_auth()
                .session()
                .ok_or_else(|| Error::Client("no session after login".into()))?;
            write_session(data_dir, &config.homeserver, &session)?;
        }
        (MatrixLogin::AccessToken { access_token }, _) => {
            let (user_id, device_id) = whoami(&config.homeserver, access_token).await?;
            debug!(user = %user_id, device = %device_id, "using the configured Matrix access token");
            let session = MatrixSession {
                meta: SessionMeta { user_id, device_id },
                tokens: SessionTokens {
                    access_token: access_token.clone(),
                    refresh_token: None,
                },
            };
            client.restore_session(session.clone()).await?;
            write_session(data_dir, &config.homeserver, &session)?;
        }
    }
    Ok(client)
}

/// A saved session is reused only for the login it came from: a changed access token in the
/// configuration is taken, a password login keeps its device.
fn same_login(config: &MatrixConfig, saved: &SavedSession) -> bool {
    match &config.login {
        MatrixLogin::Password { user, .. } => {
            let localpart = saved.session.meta.user_id.localpart();
            user == saved.session.meta.user_id.as_str() || user == localpart
        }
        MatrixLogin::AccessToken { access_token } => *access_token == saved.session.tokens.access_token,
    }
}

fn read_session(data_dir: &Path) -> Result<Option<SavedSession>, Error> {
    let path = session_path(data_dir);
    match std::fs::read(&path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|err| Error::Session(path, err.to_string())),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(Error::DataDir(path, err)),
    }
}

/// Writes the session atomically (temp file, fsync, rename), readable by the owner only: it
/// holds the access token.
fn write_session(data_dir: &Path, homeserver: &str, session: &MatrixSession) -> Result<(), Error> {
    use std::io::Write;
    let path = session_path(data_dir);
    let temp = path.with_extension("json.tmp");
    let saved = SavedSession {
        homeserver: homeserver.to_owned(),
        session: session.clone(),
    };
    let bytes = serde_json::to_vec_pretty(&saved).expect("a session serializes");
    let write = || -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temp)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, &path)
    };
    write().map_err(|err| Error::DataDir(path.clone(), err))
}

/// The user and device an access token belongs to (`GET /account/whoami`).
async fn whoami(homeserver: &str, token: &str) -> Result<(OwnedUserId, OwnedDeviceId), Error> {
    #[derive(Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<OwnedDeviceId>,
    }
    let url = format!(
        "{}/_matrix/client/v3/account/whoami",
        homeserver.trim_end_matches('/')
    );
    let response = matrix_sdk::reqwest::Client::new()
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .map_err(|err| Error::Client(format!("whoami: {err}")))?;
    let status = response.status();
    let body = response
        .text()
        .await
        .map_err(|err| Error::Client(format!("whoami: {err}")))?;
    if !status.is_success() {
        return Err(Error::Client(format!("whoami answered {status}: {body}")));
    }
    let who: WhoAmI = serde_json::from_str(&body).map_err(|err| Error::Client(format!("whoami: {err}")))?;
    let device = who.device_id.ok_or_else(|| {
        Error::Client("this access token has no device: end-to-end encryption needs one".into())
    })?;
    Ok((who.user_id, device))
}
