//! The PostgreSQL store keeps the store contract the memory store and sled keep
//! (commits, conflicts, scans, snapshots, contention), keeps what it committed across
//! reconnections, migrates an empty database and refuses a newer one, and the `lalao` binary
//! plays and checks on it.

use std::sync::Arc;

use lalao_app::store::{conformance, Committed, Store, Txn};
use lalao_postgres::PgStore;

use lalao_postgres::scratch::Postgres;

use crate::process::{output_with_input, Lalao, Running};

/// The `lalao` program on the PostgreSQL database `url`, its local files in `dir`, with no
/// configuration from the caller's environment.
fn on_postgres(url: &str, dir: &std::path::Path) -> std::process::Command {
    let mut command = crate::support::lalao_console(dir);
    command.env("LALAO_DATABASE_URL", url);
    command
}

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
        let output = output_with_input(on_postgres(&url, dir.path()).args(args), input.as_bytes());
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

/// A move sent to a match: (match number, move).
type Played = (u64, String);

/// A console process kept open, driven one line at a time (`--output json`).
struct Process {
    running: Running,
    /// The outbox notices this process printed: (match, notice key).
    notices: Vec<(u64, String)>,
}

impl Process {
    /// A console as `ana`, its clock `offset` seconds ahead (`LALAO_CLOCK_OFFSET`).
    fn start(url: &str, dir: &std::path::Path, offset: u64) -> Process {
        let mut command = on_postgres(url, dir);
        command
            .args(["--user", "ana", "--output", "json"])
            .env("LALAO_CLOCK_OFFSET", offset.to_string());
        Process {
            running: Lalao::new(command).piped().start(),
            notices: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.running.send(line);
    }

    /// The next reply to a command.
    fn reply(&mut self) -> serde_json::Value {
        loop {
            let line = self.running.line().expect("a reply");
            if let Some(reply) = sort_line(&line, &mut self.notices) {
                return reply;
            }
        }
    }

    /// Ends the process (its input closed, or SIGKILL) and reads what it printed before:
    /// its notices.
    fn end(mut self, kill: bool) -> Vec<(u64, String)> {
        if kill {
            self.running.kill();
        }
        self.running.close_stdin();
        while let Some(line) = self.running.line() {
            sort_line(&line, &mut self.notices);
        }
        self.running.wait();
        std::mem::take(&mut self.notices)
    }
}

/// Sorts one line a console printed: a notice is kept in `notices`, a console note skipped,
/// a reply returned.
fn sort_line(line: &str, notices: &mut Vec<(u64, String)>) -> Option<serde_json::Value> {
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    if let Some(key) = value["notification"].as_str() {
        let id = value["match"].as_u64().expect("a match notice");
        notices.push((id, key.to_owned()));
        return None;
    }
    value.get("console").is_none().then_some(value)
}

/// The clock of the racing processes: three days ahead, past every time-out of the timed
/// matches set up before (one day a move).
const THREE_DAYS: u64 = 3 * 86_400;

/// Three `lalao` processes on one PostgreSQL race to play the same six matches; two
/// are killed with SIGKILL in the middle of a command and started again. Their clocks are
/// three days ahead, so four timed matches' time-outs are due as they start, and all three
/// race to fire them too. Afterwards every acknowledged move is in its match, no move is there
/// twice or unaccounted for, each time-out fired once (its one notice counted off the outbox
/// as the processes printed it, and the outbox empty), and `lalao check` finds the database
/// whole.
#[test]
fn three_processes_on_one_database_lose_no_acknowledged_move() {
    let server = Postgres::start();
    let url = server.database("processes");
    let dirs: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    {
        let mut setup = Process::start(&url, dirs[0].path(), 0);
        for _ in 0..6 {
            setup.send("play fano practice");
            assert_eq!(setup.reply()["outcome"], "applied");
        }
        // Matches 7 to 10: ana opens, then bob's day to answer runs out.
        for m in 7..=10 {
            setup.send("play fano @bob time=1d side=white");
            assert_eq!(setup.reply()["messages"][0]["match"], m);
        }
        setup.send("/user bob");
        for m in 7..=10 {
            setup.send(&format!("accept #{m}"));
            assert_eq!(setup.reply()["outcome"], "applied");
        }
        setup.send("/user ana");
        for m in 7..=10 {
            setup.send(&format!("@1 #{m}"));
            assert_eq!(setup.reply()["outcome"], "applied");
        }
        assert_eq!(setup.end(false), [], "nothing was due yet");
    }
    // Each process tries every placement of every match, in its own order.
    type Worked = (Vec<Played>, Vec<Played>, Vec<(u64, String)>);
    let results: Vec<Worked> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..3usize)
            .map(|n| {
                let (url, dir) = (url.clone(), dirs[n].path().to_owned());
                scope.spawn(move || {
                    let mut acked = Vec::new();
                    let mut in_flight = Vec::new();
                    let mut notices = Vec::new();
                    let mut script = Vec::new();
                    for m in 1..=6u64 {
                        for k in 1..=7u64 {
                            script.push((m, format!("@{}", (k * (n as u64 + 2)) % 7 + 1)));
                        }
                    }
                    let mut process = Process::start(&url, &dir, THREE_DAYS);
                    for (at, (m, text)) in script.iter().enumerate() {
                        process.send(&format!("{text} #{m}"));
                        if n > 0 && at == 10 * n {
                            // Killed with the command sent and its answer not read: it may or
                            // may not have been applied, and it was never acknowledged.
                            notices.extend(process.end(true));
                            in_flight.push((*m, text.clone()));
                            process = Process::start(&url, &dir, THREE_DAYS);
                            continue;
                        }
                        let reply = process.reply();
                        if reply["outcome"] == "applied" {
                            acked.push((*m, text.clone()));
                        }
                    }
                    notices.extend(process.end(false));
                    (acked, in_flight, notices)
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().unwrap()).collect()
    });
    let store = PgStore::open(&url).unwrap();
    let mut total_acked = 0;
    for m in 1..=6u64 {
        let bytes = store
            .get(&lalao_app::store::keys::match_key(lalao_app::ids::MatchId(m)))
            .unwrap()
            .expect("the match");
        let record: lalao_app::record::MatchRecord = lalao_app::record::decode(&bytes, "a match").unwrap();
        let acked: Vec<&String> = results
            .iter()
            .flat_map(|(acked, _, _)| acked)
            .filter(|(id, _)| *id == m)
            .map(|(_, text)| text)
            .collect();
        let in_flight = results
            .iter()
            .flat_map(|(_, in_flight, _)| in_flight)
            .filter(|(id, _)| *id == m)
            .count();
        total_acked += acked.len();
        for text in &acked {
            assert_eq!(
                record.moves.iter().filter(|played| played == text).count(),
                1,
                "match {m}: {text} acknowledged, so there exactly once: {:?}",
                record.moves
            );
        }
        // Fano 7 has four placements: whatever is there was acknowledged, or was the command
        // a killed process had in flight.
        assert!(
            record.moves.len() >= acked.len() && record.moves.len() <= acked.len() + in_flight,
            "match {m}: {:?} against {acked:?} acknowledged and {in_flight} in flight",
            record.moves
        );
    }
    assert!(
        total_acked >= 20,
        "the processes raced for real: {total_acked} moves acknowledged"
    );
    let mut notices: Vec<(u64, String)> = results.into_iter().flat_map(|(_, _, notices)| notices).collect();
    notices.sort();
    let expected: Vec<(u64, String)> = (7..=10).map(|m| (m, "timeout-flag".to_owned())).collect();
    assert_eq!(notices, expected, "each due time-out fired and was told once");
    for prefix in ["outbox/", "dead/"] {
        assert_eq!(
            store.count_prefix(prefix.as_bytes(), usize::MAX).unwrap(),
            0,
            "{prefix} is empty"
        );
    }
    let check = on_postgres(&url, dirs[0].path()).arg("check").output().unwrap();
    let report = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{report}");
}

/// `lalao store copy` moves a sled store made by this lalao, with every kind of
/// record (matches challenged, declined, played, timed, practised, finished and rated;
/// players' settings, a class, timers, a notification waiting in the outbox), into an empty
/// PostgreSQL database, checks the copy, and then the bot plays on from it. A target that
/// already holds records, or an address that is no store, is refused.
#[test]
fn store_copy_moves_a_sled_store_to_postgresql() {
    use lalao_app::store::{keys, SledStore};
    let server = Postgres::start();
    let url = server.database("copied");
    let dir = tempfile::tempdir().unwrap();
    let lalao = || {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_lalao-e2e"));
        command
            .env_remove("LALAO_CONFIG")
            .env_remove("LALAO_DATABASE_URL");
        command
    };
    let script = "/user ana\nplay fano @bob\nplay fano @bob side=white\n/user bob\naccept #2\ndecline #1\n\
                  /user ana\n@1 #2\nplay katro @bob time=3d\n/user bob\naccept #3\n/user ana\n\
                  play fano practice\n@3 #4\nplay fano @bob side=white\n/user bob\naccept #5\n/user ana\n@1 #5\n\
                  /user bob\n@2 #5\nresign #5\nsettings language=fr\n/user ana\nclass new ecole\nclass add Ana Bob\n";
    let session = output_with_input(lalao().arg("--data-dir").arg(dir.path()), script.as_bytes());
    let said = String::from_utf8_lossy(&session.stdout);
    assert!(
        said.contains("Ratings: ana 1662? (+162), bob 1338? (−162). (A ? marks a provisional rating: it still settles.)"),
        "{said}"
    );
    {
        // A notification the console had not printed yet, as a fired timer leaves it.
        let store = SledStore::open(dir.path()).unwrap();
        let timer = keys::match_timer_key(1_700_000_000, lalao_app::ids::MatchId(3), "remind1");
        let notification = lalao_app::schedule::notifier::Notification {
            v: lalao_app::record::RECORD_VERSION,
            id: String::new(),
            recipient: lalao_app::schedule::notifier::Recipient::Channel {
                channel: lalao_app::ids::ChannelId::new(lalao_app::ids::Platform::Console, "local"),
            },
            key: "reminder".to_owned(),
            text: "bob, remember match #3".to_owned(),
            mentions: Vec::new(),
            match_id: Some(lalao_app::ids::MatchId(3)),
            due: 1_700_000_000,
            fired: 1_700_000_000,
            lease: None,
        };
        let mut txn = lalao_app::store::Txn::default();
        txn.put(
            keys::outbox_key(&timer, 0),
            lalao_app::record::encode(&notification),
        );
        store.commit(&txn).unwrap();
        store.sync().unwrap();
        let kinds = [
            "match/",
            "chan/",
            "active/",
            "player/",
            "class/",
            "timer/",
            "outbox/",
            "rating/",
            "ranked/",
            "lastdone/",
            "meta/schema",
        ];
        for kind in kinds {
            assert!(
                store.first_with_prefix(kind.as_bytes()).unwrap().is_some(),
                "the source has {kind} records"
            );
        }
    }
    let from = format!("sled:{}", dir.path().display());
    let copy = lalao()
        .args(["store", "copy", "--from", &from, "--to", &url])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&copy.stdout).into_owned();
    assert_eq!(
        copy.status.code(),
        Some(0),
        "{report}{}",
        String::from_utf8_lossy(&copy.stderr)
    );
    let lines: Vec<&str> = report.lines().collect();
    let copied: usize = lines[0].split(' ').next().unwrap().parse().unwrap();
    assert_eq!(
        lines[0],
        format!("{copied} records copied from {from} to PostgreSQL")
    );
    assert_eq!(lines[1], format!("PostgreSQL: {copied} records, all readable"));
    // Every record arrived as it was.
    let source = SledStore::open(dir.path()).unwrap();
    let target = PgStore::open(&url).unwrap();
    assert_eq!(source.scan_all().unwrap(), target.scan_all().unwrap());
    drop((source, target));
    // Not twice, and not from an address that is no store.
    let again = lalao()
        .args(["store", "copy", "--from", &from, "--to", &url])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&again.stderr),
        "lalao: PostgreSQL already holds records: copy into an empty store only\n"
    );
    let bad = lalao()
        .args(["store", "copy", "--from", "./data", "--to", &url])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&bad.stderr).contains("lalao@"));
    // The bot goes on from the copy.
    let on_postgres = output_with_input(
        lalao()
            .arg("--data-dir")
            .arg(dir.path().join("elsewhere"))
            .args(["--user", "bob"])
            .env("LALAO_DATABASE_URL", &url),
        b"rating\n@2 #2\n",
    );
    let said = String::from_utf8_lossy(&on_postgres.stdout);
    assert!(said.contains("• Fano : 1338?"), "bob reads French: {said}");
    assert!(said.contains("@2"), "{said}");
}

/// The pool: a store opens at most its maximum of connections; a caller past it waits, then
/// fails clearly after [`POOL_WAIT`]; and when every connection is cut (as by a database
/// restart) the next read and commit are answered on new connections, not failed once each.
#[test]
fn postgres_store_holds_at_most_its_pool_and_recovers_broken_connections() {
    use lalao_postgres::POOL_WAIT;
    use std::sync::Barrier;
    let server = Postgres::start();
    let url = server.database("pool");
    let store = Arc::new(PgStore::open_with(&url, 2).unwrap());
    let mut txn = Txn::default();
    txn.put(b"a".to_vec(), b"1".to_vec());
    assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    // Two snapshots hold both connections while they read.
    let (holding, release) = (Arc::new(Barrier::new(3)), Arc::new(Barrier::new(3)));
    let holders: Vec<_> = (0..2)
        .map(|_| {
            let (store, holding, release) = (store.clone(), holding.clone(), release.clone());
            std::thread::spawn(move || {
                store
                    .snapshot(&mut |_, _| {
                        holding.wait();
                        release.wait();
                        false
                    })
                    .unwrap()
            })
        })
        .collect();
    holding.wait();
    assert_eq!(store.open_connections(), 2);
    let started = std::time::Instant::now();
    let busy = store.get(b"a").unwrap_err().to_string();
    assert!(
        busy.contains("all 2 connections to the database stayed busy for 5 s"),
        "{busy}"
    );
    assert!(started.elapsed() >= POOL_WAIT);
    assert_eq!(store.open_connections(), 2, "no third connection");
    release.wait();
    for holder in holders {
        holder.join().unwrap();
    }
    assert_eq!(store.get(b"a").unwrap(), Some(b"1".to_vec()));
    // Every connection of the database cut, as by a restart.
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    admin
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(store.get(b"a").unwrap(), Some(b"1".to_vec()));
    let mut txn = Txn::default();
    txn.check(b"a".to_vec(), Some(b"1".to_vec()))
        .put(b"a".to_vec(), b"2".to_vec());
    assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    assert!(store.open_connections() <= 2);
}

/// TLS to the database as libpq reads `sslmode`, on a server that takes TCP connections only
/// over TLS: the default (`prefer`) and `require` encrypt without checking the certificate,
/// `verify-full` checks it against `sslrootcert` (the server's own, here) and refuses a
/// certificate another root signed, and `disable` is turned away by the server.
#[test]
fn postgres_is_reached_over_tls_as_sslmode_asks() {
    let (server, root) = Postgres::start_with_tls();
    let url = server.database("tls");
    let dir = tempfile::tempdir().unwrap();
    let check = |url: &str| {
        let out = on_postgres(url, dir.path()).arg("check").output().unwrap();
        (
            out.status.code(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    };
    for good in [
        url.clone(),
        format!("{url}?sslmode=require"),
        format!("{url}?sslmode=verify-ca&sslrootcert={}", root.display()),
        format!("{url}?sslmode=verify-full&sslrootcert={}", root.display()),
    ] {
        let (code, said) = check(&good);
        assert_eq!(code, Some(0), "{good}: {said}");
        assert!(said.contains("records, all readable"), "{good}: {said}");
    }
    // Another server's certificate is no root for this one.
    let (_other, other_root) = Postgres::start_with_tls();
    let (code, said) = check(&format!(
        "{url}?sslmode=verify-full&sslrootcert={}",
        other_root.display()
    ));
    assert_ne!(code, Some(0), "{said}");
    assert!(said.contains("certificate"), "{said}");
    let (code, said) = check(&format!("{url}?sslmode=disable"));
    assert_ne!(code, Some(0), "{said}");
    assert!(said.contains("no encryption"), "{said}");
}

/// Processes sharing the database count each other's changes to what the web pages show in
/// one read, whatever the number of pages: a process's own commits, and commits that change
/// no match or class, are not counted; another process's change to a match or a class is,
/// once.
#[test]
fn postgres_store_counts_other_processes_changes_in_one_read() {
    let server = Postgres::start();
    let url = server.database("changes");
    let (here, elsewhere) = (PgStore::open(&url).unwrap(), PgStore::open(&url).unwrap());
    let write = |store: &PgStore, key: &[u8]| {
        let mut txn = Txn::default();
        txn.put(key.to_vec(), b"{}".to_vec());
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    };
    let look = |store: &PgStore| {
        let reads = store.stats().reads;
        let seen = store.changes_by_others().unwrap();
        assert_eq!(store.stats().reads, reads + 1, "one read a look");
        seen
    };
    assert_eq!(look(&here), Some(0));
    write(&here, b"match/00000000000000000001");
    write(&here, b"class/discord:1\0");
    assert_eq!(look(&here), Some(0), "its own changes are told to it otherwise");
    write(&elsewhere, b"player/discord:1\0");
    write(&elsewhere, b"event/discord:1\0");
    assert_eq!(look(&here), Some(0), "nothing a page shows");
    write(&elsewhere, b"match/00000000000000000001");
    assert_eq!(look(&here), Some(1));
    assert_eq!(look(&here), Some(1), "told once");
    write(&elsewhere, b"class/discord:1\0");
    write(&here, b"match/00000000000000000002");
    write(&elsewhere, b"review/00000000000000000001");
    assert_eq!(look(&here), Some(3));
    // A database a build without the sequence opened first, or one that lost it: created again
    // at start.
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    admin.batch_execute("DROP SEQUENCE lalao_changes").unwrap();
    let reopened = PgStore::open(&url).unwrap();
    assert_eq!(reopened.changes_by_others().unwrap(), Some(0));
}

/// Every key and value of `store` that holds `word`.
fn naming(store: &PgStore, word: &str) -> Vec<String> {
    store
        .scan_all()
        .unwrap()
        .into_iter()
        .filter(|(key, value)| {
            String::from_utf8_lossy(key).contains(word) || String::from_utf8_lossy(value).contains(word)
        })
        .map(|(key, _)| String::from_utf8_lossy(&key).into_owned())
        .collect()
}

#[test]
fn a_pupil_erased_on_postgres_is_named_by_no_record() {
    let server = Postgres::start();
    let url = server.database("erase");
    let dir = tempfile::tempdir().unwrap();
    let played = output_with_input(
        on_postgres(&url, dir.path()).args(["--user", "rabe"]),
        b"class new CE1 lang=en\nclass add Mirana Bob\nclass match Mirana Bob fano cells=5\n\
          class result #1 Mirana\nclass homework fano 2\n",
    );
    assert!(played.status.success());
    let store = PgStore::open(&url).unwrap();
    // The class, her match and her homework puzzle.
    assert_eq!(naming(&store, "Mirana").len(), 3);
    let erased = output_with_input(
        on_postgres(&url, dir.path()).args(["--user", "rabe"]),
        b"class erase Mirana\nhistory #1\n",
    );
    let said = String::from_utf8_lossy(&erased.stdout);
    assert!(
        said.contains(
            "Erased: Mirana. Their name and results are gone from the class; its past matches \
             now say “a former pupil”."
        ),
        "{said}"
    );
    assert!(
        said.contains("a former pupil"),
        "history #1 still replays: {said}"
    );
    assert_eq!(naming(&store, "Mirana"), Vec::<String>::new());
    assert_eq!(naming(&store, "seat:Bob").len(), 2);
}

#[test]
fn an_operator_forgets_a_person_on_postgres() {
    let server = Postgres::start();
    let url = server.database("forget");
    let dir = tempfile::tempdir().unwrap();
    let played = output_with_input(
        on_postgres(&url, dir.path()).args(["--user", "ravaka"]),
        b"play fano bot\npuzzle katro\nsettings lang=fr\n",
    );
    assert!(played.status.success());
    let store = PgStore::open(&url).unwrap();
    assert!(naming(&store, "console:ravaka").len() >= 3);
    // `lalao check --person` lists what still holds her, and fails while anything does.
    let proof = |dir: &std::path::Path| {
        on_postgres(&url, dir)
            .args(["check", "--person", "console:ravaka"])
            .output()
            .unwrap()
    };
    let before = proof(dir.path());
    assert_eq!(before.status.code(), Some(1));
    let listed = String::from_utf8_lossy(&before.stdout).into_owned();
    let holding: Vec<&str> = listed
        .lines()
        .filter(|line| line.starts_with("holds console:ravaka: "))
        .collect();
    assert_eq!(holding.len(), naming(&store, "console:ravaka").len(), "{listed}");
    let forgot = on_postgres(&url, dir.path())
        .args(["forget", "--user", "console:ravaka"])
        .output()
        .unwrap();
    assert!(
        forgot.status.success(),
        "{}",
        String::from_utf8_lossy(&forgot.stderr)
    );
    let said = String::from_utf8_lossy(&forgot.stdout);
    assert!(
        said.contains("console:ravaka forgotten: 0 running matches resigned, 2 cancelled;"),
        "{said}"
    );
    assert_eq!(naming(&store, "console:ravaka"), Vec::<String>::new());
    assert_eq!(naming(&store, "ravaka"), Vec::<String>::new());
    let after = proof(dir.path());
    assert!(
        after.status.success(),
        "{}",
        String::from_utf8_lossy(&after.stdout)
    );
    assert!(
        String::from_utf8_lossy(&after.stdout).ends_with("PostgreSQL: no record holds console:ravaka\n"),
        "{}",
        String::from_utf8_lossy(&after.stdout)
    );
    // Nobody to forget under the computer's id.
    let refused = on_postgres(&url, dir.path())
        .args(["forget", "--user", "lalao:computer"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
}
