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
    /// How the server was started, to start it again ([`Postgres::restart`]).
    command: Vec<std::ffi::OsString>,
    port: u16,
    /// The server takes only TLS connections over TCP: its own set-up goes over its socket.
    tls_only: bool,
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
        Postgres::start_with(false)
    }

    /// A server that takes TCP connections only over TLS, with a certificate for `localhost`
    /// and 127.0.0.1 made for it: the server, and the file of the certificate that signs its
    /// own (the root a client must trust to check it).
    pub fn start_with_tls() -> (Postgres, PathBuf) {
        let postgres = Postgres::start_with(true);
        let root = postgres._dir.path().join("server.crt");
        (postgres, root)
    }

    fn start_with(tls_only: bool) -> Postgres {
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
        let mut server = unprivileged(&bin.join("postgres"));
        server
            .arg("-D")
            .arg(&data)
            .arg("-p")
            .arg(port.to_string())
            .arg("-k")
            .arg(dir.path())
            .args(["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"]);
        if tls_only {
            tls_only_server(dir.path(), &data);
            let (cert, key) = (dir.path().join("server.crt"), dir.path().join("server.key"));
            server
                .args(["-c", "ssl=on", "-c"])
                .arg(format!("ssl_cert_file={}", cert.display()))
                .arg("-c")
                .arg(format!("ssl_key_file={}", key.display()));
        }
        let command: Vec<std::ffi::OsString> = std::iter::once(server.get_program())
            .chain(server.get_args())
            .map(std::ffi::OsStr::to_os_string)
            .collect();
        let postgres = Postgres {
            server: spawn(&command),
            command,
            port,
            tls_only,
            _dir: dir,
        };
        postgres.wait_until_up();
        postgres
    }

    fn wait_until_up(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while postgres::Client::connect(&self.admin_url(), postgres::NoTls).is_err() {
            assert!(
                Instant::now() < deadline,
                "PostgreSQL did not start on port {}",
                self.port
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops the server (a fast shutdown: its clients are disconnected), keeping its data.
    pub fn stop(&mut self) {
        let _ = Command::new("kill")
            .args(["-INT", &self.server.id().to_string()])
            .status();
        let _ = self.server.wait();
    }

    /// Starts the stopped server again, on the same port and data, and waits until it answers.
    pub fn restart(&mut self) {
        self.server = spawn(&self.command);
        self.wait_until_up();
    }

    /// The address of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://lalao@127.0.0.1:{}/{name}", self.port)
    }

    /// Where this equipment itself connects: over TCP, or over the server's socket when TCP
    /// takes only TLS.
    fn admin_url(&self) -> String {
        match self.tls_only {
            false => self.url("postgres"),
            true => format!(
                "host={} port={} user=lalao dbname=postgres",
                self._dir.path().display(),
                self.port
            ),
        }
    }

    /// A new, empty database: its address.
    pub fn database(&self, name: &str) -> String {
        let mut client = postgres::Client::connect(&self.admin_url(), postgres::NoTls).unwrap();
        client.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
        self.url(name)
    }
}

/// A certificate for `localhost` and 127.0.0.1 signed by itself (`server.crt`, its key
/// `server.key` readable by the server alone) in `dir`, and client authentication that takes
/// TCP connections over TLS only (`hostssl`), the socket as before.
fn tls_only_server(dir: &Path, data: &Path) {
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
        ])
        .args(["-days", "2", "-subj", "/CN=localhost"])
        .args(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(dir.join("server.key"))
        .arg("-out")
        .arg(dir.join("server.crt"))
        .output()
        .expect("openssl");
    assert!(
        made.status.success(),
        "openssl: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    use std::os::unix::fs::PermissionsExt;
    let key = dir.join("server.key");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    if is_root() {
        let nobody: u32 = output(Command::new("id").args(["-u", "nobody"])).parse().unwrap();
        std::os::unix::fs::chown(&key, Some(nobody), None).unwrap();
    }
    std::fs::write(
        data.join("pg_hba.conf"),
        "local all all trust\nhostssl all all 127.0.0.1/32 trust\n",
    )
    .unwrap();
}

/// The server, started by `command` (its program, then its arguments).
fn spawn(command: &[std::ffi::OsString]) -> Child {
    Command::new(&command[0])
        .args(&command[1..])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("postgres")
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
