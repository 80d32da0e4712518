//! The operator's kit against the real binary (docs/operations.md): the health probes and the
//! metrics on the admin address, readiness that follows the store, the metrics kept off the
//! public pages, JSON logs, `lalao health`, and the compose file matched to the configuration.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use lalao_postgres::scratch::Postgres;

use crate::process::{Lalao, Running};
use crate::support::{free_port, lalao_console};
use crate::web::get;

/// A console serving the pages on one port and the admin routes on another, with `env`.
fn start(dir: &std::path::Path, admin: u16, env: &[(&str, String)]) -> Running {
    let mut command = lalao_console(dir);
    command
        .env("LALAO_ADMIN", format!("127.0.0.1:{admin}"))
        .envs(env.iter().map(|(name, value)| (*name, value.as_str())))
        .args(["--user", "ana"]);
    let mut lalao = Lalao::new(command).piped().start();
    // The welcome, up to its blank line.
    while lalao.line().is_some_and(|line| !line.is_empty()) {}
    lalao
}

/// `ask` of a console: its answer, up to the blank line.
fn ask(lalao: &mut Running, line: &str) -> String {
    lalao.send(line);
    let mut answer = Vec::new();
    while let Some(line) = lalao.line().filter(|line| !line.is_empty()) {
        answer.push(line);
    }
    answer.join("\n")
}

/// Polls `path` on `port` until its status is `status`; panics after `patience` with the last
/// answer.
fn until_status(port: u16, path: &str, status: u16, patience: Duration) -> (String, Duration) {
    let started = Instant::now();
    loop {
        let answer = std::net::TcpStream::connect(("127.0.0.1", port))
            .ok()
            .map(|_| get(port, path, "en"));
        match answer {
            Some((found, _, body)) if found == status => return (body, started.elapsed()),
            other if started.elapsed() > patience => {
                panic!("{path} did not answer {status} within {patience:?}: {other:?}")
            }
            _ => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// Prometheus text (format 0.0.4) read strictly: every sample's family typed before it, names
/// and labels well formed, values numbers. Each sample by its name and labels.
fn parse_prometheus(text: &str) -> BTreeMap<String, f64> {
    let name_ok = |name: &str| {
        !name.is_empty()
            && name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    };
    let mut typed: BTreeMap<String, String> = BTreeMap::new();
    let mut samples = BTreeMap::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("# ") {
            let mut words = comment.splitn(3, ' ');
            match (words.next(), words.next(), words.next()) {
                (Some("HELP"), Some(name), _) => assert!(name_ok(name), "{line}"),
                (Some("TYPE"), Some(name), Some(kind)) => {
                    assert!(name_ok(name), "{line}");
                    assert!(
                        ["counter", "gauge", "histogram", "summary", "untyped"].contains(&kind),
                        "{line}"
                    );
                    typed.insert(name.to_owned(), kind.to_owned());
                }
                _ => panic!("a comment that is neither HELP nor TYPE: {line}"),
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let (series, value) = line
            .rsplit_once(' ')
            .unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            value => value.parse().unwrap_or_else(|_| panic!("not a number: {line}")),
        };
        let name = series.split('{').next().unwrap();
        assert!(name_ok(name), "{line}");
        if let Some(labels) = series.strip_prefix(name).filter(|labels| !labels.is_empty()) {
            let inner = labels
                .strip_prefix('{')
                .and_then(|labels| labels.strip_suffix('}'))
                .unwrap_or_else(|| panic!("labels not in braces: {line}"));
            for label in inner.split("\",").filter(|label| !label.is_empty()) {
                let (key, value) = label
                    .split_once("=\"")
                    .unwrap_or_else(|| panic!("a bad label: {line}"));
                assert!(name_ok(key), "{line}");
                assert!(!value.trim_end_matches('"').contains('"'), "{line}");
            }
        }
        let family = ["_bucket", "_sum", "_count", "_total"]
            .iter()
            .find_map(|suffix| {
                name.strip_suffix(suffix)
                    .filter(|family| typed.contains_key(*family))
            })
            .unwrap_or(name);
        assert!(typed.contains_key(family), "a sample before its TYPE: {line}");
        samples.insert(series.to_owned(), value);
    }
    samples
}

/// The probes and the metrics on the admin address, the probes alone on the pages; the move
/// counter and the latency histogram move with a console move; every log line is JSON.
#[test]
fn the_admin_address_answers_probes_and_metrics_and_the_pages_keep_metrics_off() {
    let dir = tempfile::tempdir().unwrap();
    let (web, admin) = (free_port(), free_port());
    let mut lalao = start(
        dir.path(),
        admin,
        &[
            ("LALAO_WEB", format!("127.0.0.1:{web}")),
            ("LALAO_LOG_FORMAT", "json".to_owned()),
            ("RUST_LOG", "info".to_owned()),
        ],
    );
    let (alive, _) = until_status(admin, "/healthz", 200, Duration::from_secs(10));
    assert_eq!(alive, "ok\n");
    let (ready, _) = until_status(admin, "/readyz", 200, Duration::from_secs(10));
    let parts: Vec<&str> = ready
        .lines()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    // The console's timers run in its own loop: its scheduler.
    assert_eq!(parts, ["ok store", "ok scheduler"], "{ready}");

    let (status, headers, before) = get(admin, "/metrics", "en");
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|(name, value)| name == "content-type" && value.starts_with("text/plain; version=0.0.4")),
        "{headers:?}"
    );
    let before = parse_prometheus(&before);
    let moves = "lalao_moves_total{platform=\"console\",result=\"applied\"}";
    let latency = "lalao_command_seconds_count{platform=\"console\"}";
    assert_eq!(before.get(moves), None);

    ask(&mut lalao, "play fano cells=5");
    ask(&mut lalao, "@3");
    let (_, _, after) = get(admin, "/metrics", "en");
    let after = parse_prometheus(&after);
    assert_eq!(after.get(moves), Some(&1.0), "{after:?}");
    assert_eq!(after.get(latency), Some(&2.0), "{after:?}");
    assert!(after["lalao_commits_total"] >= 2.0, "{after:?}");
    assert!(after["lalao_store_read_seconds_count"] > before["lalao_store_read_seconds_count"]);
    assert_eq!(after.get("lalao_outbox_depth"), Some(&0.0));
    assert_eq!(after.get("lalao_timers_due"), Some(&0.0));

    // The public address: the probes, never the metrics.
    assert_eq!(get(web, "/healthz", "en").0, 200);
    assert_eq!(get(web, "/readyz", "en").0, 200);
    assert_eq!(get(web, "/metrics", "en").0, 404);

    // `lalao health` asks the same address and says so by its exit status.
    let health = lalao_console(dir.path())
        .arg("health")
        .env("LALAO_ADMIN", format!("127.0.0.1:{admin}"))
        .output()
        .unwrap();
    assert!(
        health.status.success(),
        "{}",
        String::from_utf8_lossy(&health.stderr)
    );
    assert!(String::from_utf8_lossy(&health.stdout).starts_with("ok store: answered in"));

    lalao.send("/quit");
    lalao.wait();
    let log = lalao.log();
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines.len() >= 3, "{log}");
    for line in lines {
        let object: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"));
        assert!(
            object["level"].is_string() && object["fields"].is_object(),
            "{line}"
        );
    }
}

/// `/readyz` turns unready within its bound when PostgreSQL stops, while `/healthz` still
/// answers, and ready again once PostgreSQL is back; `lalao health` follows.
#[test]
fn readiness_follows_postgresql_going_away_and_coming_back() {
    let mut server = Postgres::start();
    let url = server.database("ready");
    let dir = tempfile::tempdir().unwrap();
    let admin = free_port();
    let mut lalao = start(dir.path(), admin, &[("LALAO_DATABASE_URL", url)]);
    until_status(admin, "/readyz", 200, Duration::from_secs(20));

    server.stop();
    let (unready, took) = until_status(admin, "/readyz", 503, Duration::from_secs(10));
    assert!(unready.contains("not ready store:"), "{unready}");
    assert!(took < Duration::from_secs(5), "unready after {took:?}");
    assert_eq!(get(admin, "/healthz", "en").0, 200);
    let health = lalao_console(dir.path())
        .arg("health")
        .env("LALAO_ADMIN", format!("127.0.0.1:{admin}"))
        .output()
        .unwrap();
    assert_eq!(health.status.code(), Some(1));

    server.restart();
    let (ready, _) = until_status(admin, "/readyz", 200, Duration::from_secs(30));
    assert!(ready.starts_with("ok store: answered in"), "{ready}");
    lalao.assert_running();
}

/// deploy/compose.yaml: its services, the published and the internal ports, and every
/// variable it gives lalao one that lalao reads, with the addresses agreeing.
#[test]
fn the_compose_file_runs_lalao_on_postgresql_with_the_admin_address_inside() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/compose.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let docs = yaml_rust2::YamlLoader::load_from_str(&text).expect("valid YAML");
    let compose = &docs[0];
    let services = compose["services"].as_hash().expect("services");
    let names: Vec<&str> = services.keys().filter_map(|key| key.as_str()).collect();
    assert_eq!(names, ["postgres", "lalao"]);
    let lalao = &compose["services"]["lalao"];
    let environment = lalao["environment"].as_hash().expect("lalao's environment");
    let value = |name: &str| {
        lalao["environment"][name]
            .as_str()
            .unwrap_or_else(|| panic!("{name} is not set"))
            .to_owned()
    };
    for name in environment.keys().filter_map(|key| key.as_str()) {
        assert!(
            lalao_config::ENV_VARS.contains(&name),
            "{name} is no setting lalao reads"
        );
    }
    // The pages published, the admin address exposed to the compose network only.
    let web_port = value("LALAO_WEB").rsplit(':').next().unwrap().to_owned();
    let admin_port = value("LALAO_ADMIN").rsplit(':').next().unwrap().to_owned();
    let published: Vec<&str> = lalao["ports"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|port| port.as_str())
        .collect();
    assert_eq!(published, [format!("{web_port}:{web_port}")]);
    let exposed: Vec<&str> = lalao["expose"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|port| port.as_str())
        .collect();
    assert_eq!(exposed, [admin_port.as_str()]);
    assert_ne!(web_port, admin_port);
    // lalao's database is the postgres service's, with its user and database.
    let database = value("LALAO_DATABASE_URL");
    assert!(
        database.starts_with("postgres://lalao:") && database.ends_with("@postgres:5432/lalao"),
        "{database}"
    );
    let postgres = &compose["services"]["postgres"]["environment"];
    assert_eq!(
        (
            postgres["POSTGRES_USER"].as_str(),
            postgres["POSTGRES_DB"].as_str()
        ),
        (Some("lalao"), Some("lalao"))
    );
    assert_eq!(
        lalao["depends_on"]["postgres"]["condition"].as_str(),
        Some("service_healthy")
    );
    let check: Vec<&str> = lalao["healthcheck"]["test"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|word| word.as_str())
        .collect();
    assert_eq!(check, ["CMD", "/usr/local/bin/lalao", "health"]);
}
