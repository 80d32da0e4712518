//! A throwaway PostgreSQL on loopback for the store tests and the bench (the
//! `scratch` feature), started the way an operator would on a fresh machine: the Debian package `postgresql` (installed here if missing and
//! allowed: as root), `initdb` into a temporary directory as an unprivileged user, the server
//! on a free loopback port, trust authentication for that one port. Each test gets its own
//! server, and its own databases with [`Postgres::database`]. Panics on any failure: this is
//! test and bench equipment.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Serialises the package installation across the tests of one run.
static INSTALL: Mutex<()> = Mutex::new(());

pub struct Postgres {
    server: Child,
    port: u16,
    // Removed after the server is stopped (fields drop in order).
    _dir: tempfile::TempDir,
}

fn output(command: &mut Command) -> String {
    let out = command
        .output()
        .unwrap_or_else(|err| panic!("{command:?}: {err}"));
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

fn is_root() -> bool {
    output(Command::new("id").arg("-u")) == "0"
}

/// The directory of `initdb` and `postgres`: the newest version under /usr/lib/postgresql.
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

fn installed_bin_dir() -> PathBuf {
    let _guard = INSTALL.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some(bin) = bin_dir() {
        return bin;
    }
    assert!(
        is_root(),
        "PostgreSQL is not installed and this user cannot install it: apt-get install postgresql"
    );
    for args in [
        &["update", "-qq"][..],
        &["install", "-y", "-qq", "postgresql"][..],
    ] {
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .expect("apt-get");
        assert!(status.success(), "apt-get {args:?} failed");
    }
    bin_dir().expect("postgresql installed")
}

/// `program`, as the unprivileged user `nobody` when we are root (PostgreSQL refuses to run
/// as root). `setpriv` executes it in place: the child is the server itself, to signal.
fn unprivileged(program: &Path) -> Command {
    if is_root() {
        let uid = output(Command::new("id").args(["-u", "nobody"]));
        let gid = output(Command::new("id").args(["-g", "nobody"]));
        let mut command = Command::new("setpriv");
        command
            .arg(format!("--reuid={uid}"))
            .arg(format!("--regid={gid}"))
            .arg("--clear-groups")
            .arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// A loopback port nobody listens on right now (the server binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Postgres {
    /// Installs PostgreSQL if needed and allowed, and starts a new server.
    pub fn start() -> Postgres {
        let bin = installed_bin_dir();
        let dir = tempfile::tempdir().unwrap();
        if is_root() {
            let nobody: u32 = output(Command::new("id").args(["-u", "nobody"])).parse().unwrap();
            std::os::unix::fs::chown(dir.path(), Some(nobody), Some(nobody)).unwrap();
        }
        let data = dir.path().join("data");
        let init = unprivileged(&bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                "lalao",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ])
            .output()
            .expect("initdb");
        assert!(
            init.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let port = free_port();
        let server = unprivileged(&bin.join("postgres"))
            .arg("-D")
            .arg(&data)
            .arg("-p")
            .arg(port.to_string())
            .arg("-k")
            .arg(dir.path())
            .args(["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("postgres");
        let postgres = Postgres {
            server,
            port,
            _dir: dir,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while postgres::Client::connect(&postgres.url("postgres"), postgres::NoTls).is_err() {
            assert!(
                Instant::now() < deadline,
                "PostgreSQL did not start on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        postgres
    }

    /// The address of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://lalao@127.0.0.1:{}/{name}", self.port)
    }

    /// A new, empty database: its address.
    pub fn database(&self, name: &str) -> String {
        let mut client = postgres::Client::connect(&self.url("postgres"), postgres::NoTls).unwrap();
        client.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
        self.url(name)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // SIGINT: PostgreSQL's fast shutdown (the server may run as `nobody`; root may signal it).
        let _ = Command::new("kill")
            .args(["-INT", &self.server.id().to_string()])
            .status();
        let _ = self.server.wait();
    }
}
