//! Issue 17: the PostgreSQL store keeps the store contract the memory store and sled keep
//! (commits, conflicts, scans, snapshots, contention), keeps what it committed across
//! reconnections, migrates an empty database and refuses a newer one, and the `lalao` binary
//! plays and checks on it.

use std::sync::Arc;

use lalao_app::store::{conformance, Committed, Store, Txn};
use lalao_postgres::PgStore;

use crate::postgres::Postgres;

#[test]
fn postgres_store_keeps_the_store_contract() {
    let server = Postgres::start();
    let store = PgStore::open(&server.database("contract")).unwrap();
    conformance::contract(&store);
    conformance::contended_increments(Arc::new(store), 8, 25);
    // Two stores on one database stand for two processes: each other's commits conflict.
    let url = server.database("shared");
    let (one, two) = (PgStore::open(&url).unwrap(), PgStore::open(&url).unwrap());
    let mut txn = Txn::default();
    txn.check(b"k".to_vec(), None).put(b"k".to_vec(), b"one".to_vec());
    assert_eq!(one.commit(&txn).unwrap(), Committed::Applied);
    let mut late = Txn::default();
    late.check(b"k".to_vec(), None)
        .put(b"k".to_vec(), b"two".to_vec());
    assert_eq!(
        two.commit(&late).unwrap(),
        Committed::Conflict { key: b"k".to_vec() }
    );
    assert_eq!(two.get(b"k").unwrap(), Some(b"one".to_vec()));
    conformance::contended_increments(Arc::new(two), 4, 25);
}

#[test]
fn postgres_store_snapshots_are_taken_at_one_instant() {
    let server = Postgres::start();
    let store = Arc::new(PgStore::open(&server.database("snapshots")).unwrap());
    conformance::snapshot_at_one_instant(store, 300);
}

#[test]
fn postgres_store_survives_reconnection_and_refuses_a_newer_schema() {
    let server = Postgres::start();
    let url = server.database("durable");
    {
        let store = PgStore::open(&url).unwrap();
        let mut txn = Txn::default();
        txn.put(b"match/1".to_vec(), b"kept".to_vec());
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    }
    // Opened again (the migration is not applied twice): the commit is there.
    let store = PgStore::open(&url).unwrap();
    assert_eq!(store.get(b"match/1").unwrap(), Some(b"kept".to_vec()));
    drop(store);
    // A newer lalao migrated this database: this one must not write to it.
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .batch_execute("INSERT INTO lalao_schema (version) VALUES (99)")
        .unwrap();
    let refused = PgStore::open(&url)
        .err()
        .expect("a newer schema is refused")
        .to_string();
    assert!(
        refused.contains("schema is version 99, newer than this lalao knows (1)"),
        "{refused}"
    );
}

/// The binary on PostgreSQL: a match played over two console sessions (two processes, one
/// after the other), and `lalao check` reading the database.
#[test]
fn the_console_plays_and_checks_on_postgresql() {
    let server = Postgres::start();
    let url = server.database("console");
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], input: &str| {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lalao-e2e"))
            .arg("--data-dir")
            .arg(dir.path())
            .args(args)
            .env("LALAO_DATABASE_URL", &url)
            .env_remove("LALAO_CONFIG")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, first, err) = run(&["--user", "ana"], "play fano cells=5\n@3\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(first.contains("White played @3."), "{first}");
    let (code, second, err) = run(&["--user", "ana"], "@4\nhistory\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(second.contains("Black played @4."), "{second}");
    assert!(second.contains("Moves: 1. @3 2. @4"), "{second}");
    let (code, report, err) = run(&["check"], "");
    assert_eq!(code, Some(0), "{report}{err}");
    assert!(
        report.starts_with("PostgreSQL: ") && report.contains("records, all readable"),
        "{report}"
    );
    assert!(!report.contains("lalao@"), "the address is not shown: {report}");
}
