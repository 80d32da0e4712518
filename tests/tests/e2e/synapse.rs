//! A real Synapse homeserver on loopback for the Matrix end-to-end tests.
//!
//! The venv is created on first use and cached (`$LALAO_SYNAPSE_VENV`, default
//! `~/.cache/lalao/synapse-<version>`); each test gets its own server directory, port and
//! sqlite database. Config as measured in `shared/PLATFORMS.md`: client listener only, no
//! federation, registration without verification, cheap bcrypt, rate limits raised.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The pinned Synapse release.
pub const SYNAPSE_VERSION: &str = "1.163.2";

/// Serialises venv creation across the tests of one run.
static VENV_LOCK: Mutex<()> = Mutex::new(());

fn venv_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("LALAO_SYNAPSE_VENV") {
        return PathBuf::from(dir);
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| "/tmp".to_owned());
    PathBuf::from(home)
        .join(".cache/lalao")
        .join(format!("synapse-{SYNAPSE_VERSION}"))
}

fn run(command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|err| panic!("{command:?}: {err}"));
    assert!(status.success(), "{command:?} failed: {status}");
}

/// The venv's python, installing Synapse into it first if needed.
fn python() -> PathBuf {
    let _guard = VENV_LOCK.lock().unwrap_or_else(|poison| poison.into_inner());
    let venv = venv_dir();
    let python = venv.join("bin/python");
    let marker = venv.join(".lalao-installed");
    if !marker.exists() {
        std::fs::create_dir_all(venv.parent().expect("venv parent")).unwrap();
        run(Command::new("python3").arg("-m").arg("venv").arg(&venv));
        run(Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"])
            .arg(format!("matrix-synapse=={SYNAPSE_VERSION}")));
        std::fs::write(&marker, SYNAPSE_VERSION).unwrap();
    }
    python
}

fn config(dir: &Path, port: u16) -> String {
    let limits = r#"{per_second: 10000, burst_count: 100000}"#;
    format!(
        r#"server_name: localhost
pid_file: {dir}/homeserver.pid
listeners:
  - port: {port}
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: {dir}/homeserver.db
log_config: {dir}/log.config
media_store_path: {dir}/media_store
signing_key_path: {dir}/signing.key
registration_shared_secret: lalao-test-secret
enable_registration: true
enable_registration_without_verification: true
bcrypt_rounds: 4
report_stats: false
federation_domain_whitelist: []
trusted_key_servers: []
suppress_key_server_warning: true
presence:
  enabled: false
url_preview_enabled: false
rc_message: {limits}
rc_registration: {limits}
rc_login:
  address: {limits}
  account: {limits}
  failed_attempts: {limits}
rc_joins:
  local: {limits}
  remote: {limits}
rc_joins_per_room: {limits}
rc_invites:
  per_room: {limits}
  per_user: {limits}
  per_issuer: {limits}
rc_room_creation: {limits}
rc_key_requests: {limits}
rc_media_create: {limits}
rc_profile: {limits}
rc_3pid_validation: {limits}
rc_admin_redaction: {limits}
"#,
        dir = dir.display()
    )
}

const LOG_CONFIG: &str = r#"version: 1
formatters:
  precise:
    format: '%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: LOGFILE
loggers:
  synapse.storage.SQL:
    level: WARNING
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
"#;

/// A running Synapse; stopped when dropped.
pub struct Synapse {
    dir: tempfile::TempDir,
    port: u16,
    child: Option<Child>,
}

impl Synapse {
    /// Starts a fresh homeserver and waits until `/health` answers.
    pub fn start() -> Synapse {
        let python = python();
        let dir = tempfile::tempdir().expect("temp dir");
        let port = crate::support::free_port();
        let path = dir.path();
        std::fs::write(path.join("homeserver.yaml"), config(path, port)).unwrap();
        std::fs::write(
            path.join("log.config"),
            LOG_CONFIG.replace("LOGFILE", &path.join("homeserver.log").display().to_string()),
        )
        .unwrap();
        run(Command::new(&python)
            .args(["-m", "synapse.app.homeserver", "--config-path"])
            .arg(path.join("homeserver.yaml"))
            .arg("--generate-keys")
            .stdout(Stdio::null()));
        let mut synapse = Synapse {
            dir,
            port,
            child: None,
        };
        synapse.launch();
        synapse
    }

    fn launch(&mut self) {
        let child = Command::new(python())
            .args(["-m", "synapse.app.homeserver", "--config-path"])
            .arg(self.dir.path().join("homeserver.yaml"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("synapse starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if ureq::get(&format!("{}/health", self.url())).call().is_ok() {
                return;
            }
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|child| child.try_wait().ok().flatten())
            {
                panic!("synapse exited with {status}; log: {}", self.log_tail());
            }
            assert!(
                Instant::now() < deadline,
                "synapse did not become healthy; log: {}",
                self.log_tail()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(self.dir.path().join("homeserver.log")).unwrap_or_default();
        log.lines()
            .rev()
            .take(30)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Stops the server (SIGKILL: the harshest restart) without losing its database.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Stops and starts the same server again (same port, same database).
    pub fn restart(&mut self) {
        self.stop();
        self.launch();
    }

    /// The client-server API base URL, e.g. `http://127.0.0.1:8008`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Registers a user and returns its access token.
    pub fn register(&self, username: &str, password: &str) -> User {
        let response: Value = ureq::post(&format!("{}/_matrix/client/v3/register", self.url()))
            .send_json(json!({
                "username": username, "password": password,
                "auth": {"type": "m.login.dummy"}, "inhibit_login": false,
            }))
            .unwrap_or_else(|err| panic!("register {username}: {err}"))
            .into_json()
            .unwrap();
        User {
            base: self.url(),
            user_id: response["user_id"].as_str().expect("user_id").to_owned(),
            token: response["access_token"]
                .as_str()
                .expect("access_token")
                .to_owned(),
        }
    }
}

impl Drop for Synapse {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A registered user talking to the client-server API directly (the "people" of the tests).
pub struct User {
    base: String,
    pub user_id: String,
    pub token: String,
}

impl User {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let request = ureq::request(method, &format!("{}{path}", self.base))
            .set("Authorization", &format!("Bearer {}", self.token));
        let response = match body {
            Some(body) => request.send_json(body),
            None => request.call(),
        };
        response
            .unwrap_or_else(|err| panic!("{method} {path}: {err}"))
            .into_json()
            .unwrap()
    }

    pub fn create_room(&self, invite: &[&str]) -> String {
        let response = self.call(
            "POST",
            "/_matrix/client/v3/createRoom",
            Some(json!({"invite": invite})),
        );
        response["room_id"].as_str().expect("room_id").to_owned()
    }

    pub fn join(&self, room: &str) {
        self.call(
            "POST",
            &format!("/_matrix/client/v3/join/{}", encode(room)),
            Some(json!({})),
        );
    }

    pub fn send_text(&self, room: &str, text: &str) -> String {
        let txn = format!(
            "t{}",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        );
        let response = self.call(
            "PUT",
            &format!(
                "/_matrix/client/v3/rooms/{}/send/m.room.message/{txn}",
                encode(room)
            ),
            Some(json!({"msgtype": "m.text", "body": text})),
        );
        response["event_id"].as_str().expect("event_id").to_owned()
    }

    /// The room's latest message events, oldest first.
    pub fn messages(&self, room: &str) -> Vec<Value> {
        let response = self.call(
            "GET",
            &format!(
                "/_matrix/client/v3/rooms/{}/messages?dir=b&limit=100",
                encode(room)
            ),
            None,
        );
        let mut events: Vec<Value> = response["chunk"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|event| event["type"] == "m.room.message")
            .collect();
        events.reverse();
        events
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn synapse_harness_registers_users_and_relays_messages() {
    let mut synapse = Synapse::start();
    let ana = synapse.register("ana", "secret-ana");
    let bako = synapse.register("bako", "secret-bako");
    assert_eq!(ana.user_id, "@ana:localhost");
    let room = ana.create_room(&[&bako.user_id]);
    bako.join(&room);
    bako.send_text(&room, "!lalao help");
    let bodies: Vec<String> = ana
        .messages(&room)
        .iter()
        .map(|event| event["content"]["body"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(bodies, ["!lalao help"]);

    // A restart keeps the database: the message is still there.
    synapse.restart();
    let bodies: Vec<String> = ana
        .messages(&room)
        .iter()
        .map(|event| event["content"]["body"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(bodies, ["!lalao help"]);
}
