//! The match service on PostgreSQL: durable moves per second, p50/p99 latency and
//! database work per move at 1,000 concurrent matches, with one, two and three `Service`
//! processes on one database, next to sled in the same run.
//! `cargo bench -p lalao-postgres --features scratch --bench service`; results in
//! docs/benchmarks.md.
//!
//! The bench starts its own PostgreSQL on loopback (the e2e tests' `scratch` server: Debian's
//! package, default settings, so `fsync` and `synchronous_commit` are on: a move is
//! acknowledged after its commit is on disk). Each process is this same program started again
//! as a child (`LALAO_PG_BENCH_CHILD`), with its own `PgStore` and its own share of the
//! matches and clients; the load is the sled bench's (`bot/app/benches/support/load.rs`).
//! The children create their matches, say they are ready, and start together.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use lalao_app::store::{SledStore, Store};
use lalao_postgres::{scratch::Postgres, PgStore};

#[path = "../../app/benches/support/load.rs"]
mod load;

/// The allocator of the `lalao` binary, so the bench measures what runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CHILD: &str = "LALAO_PG_BENCH_CHILD";

/// One process's part of a run, as the child reports it on its last line.
#[derive(serde::Serialize, serde::Deserialize)]
struct Part {
    latencies_us: Vec<u32>,
    cpu_us: u64,
    seconds: f64,
    commits: u64,
    retries: u64,
    reads: u64,
}

/// A child: `store` is `sled` (a temporary directory) or a PostgreSQL address.
fn child(spec: &str) {
    // A move the service cannot make says why in its log: warnings and errors to stderr.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::new("warn"))
        .init();
    let fields: Vec<&str> = spec.split('|').collect();
    let [store, people, matches, clients, seconds] = fields[..] else {
        panic!("bad {CHILD}: {spec}");
    };
    let dir = tempfile::tempdir().unwrap();
    let postgres = (store != "sled").then(|| Arc::new(PgStore::open(store).unwrap()));
    let backend: Arc<dyn Store> = match &postgres {
        Some(postgres) => postgres.clone(),
        None => Arc::new(SledStore::open(dir.path()).unwrap()),
    };
    let service = load::service_on(backend);
    let stats = || postgres.as_ref().map(|store| store.stats()).unwrap_or_default();
    let mut before = None;
    let load = load::play(
        &service,
        people,
        matches.parse().unwrap(),
        clients.parse().unwrap(),
        Duration::from_secs(seconds.parse().unwrap()),
        || {
            println!("ready");
            std::io::stdout().flush().unwrap();
            let mut go = String::new();
            std::io::stdin().read_line(&mut go).unwrap();
            before = Some(stats());
        },
    );
    let (before, after) = (before.unwrap(), stats());
    let part = Part {
        latencies_us: load
            .latencies
            .iter()
            .map(|latency| latency.as_micros() as u32)
            .collect(),
        cpu_us: load.cpu.as_micros() as u64,
        seconds: load.seconds,
        commits: after.commits - before.commits,
        retries: after.retries - before.retries,
        reads: after.reads - before.reads,
    };
    println!("{}", serde_json::to_string(&part).unwrap());
}

/// Runs `processes` children on `store`, sharing `matches` and each with `clients` clients.
fn run(store: &str, processes: usize, matches: usize, clients: usize, seconds: u64) -> Vec<Part> {
    let mut children: Vec<_> = (0..processes)
        .map(|n| {
            let share = matches / processes + usize::from(n < matches % processes);
            Command::new(std::env::current_exe().unwrap())
                .env(CHILD, format!("{store}|p{n}|{share}|{clients}|{seconds}"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outputs: Vec<_> = children
        .iter_mut()
        .map(|child| BufReader::new(child.stdout.take().unwrap()).lines())
        .collect();
    for lines in &mut outputs {
        assert_eq!(lines.next().unwrap().unwrap(), "ready");
    }
    for child in &mut children {
        writeln!(child.stdin.as_mut().unwrap(), "go").unwrap();
    }
    let parts = outputs
        .iter_mut()
        .map(|lines| serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap())
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    parts
}

fn main() {
    if let Ok(spec) = std::env::var(CHILD) {
        return child(&spec);
    }
    let seconds: u64 = std::env::var("LALAO_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let server = Postgres::start();
    // (store, processes, clients per process), at 1,000 matches in all.
    let configs: &[(&str, usize, usize)] = &[
        ("sled", 1, 8),
        ("postgres", 1, 4),
        ("postgres", 1, 8),
        ("postgres", 1, 16),
        ("postgres", 2, 4),
        ("postgres", 3, 3),
        ("postgres", 2, 8),
        ("postgres", 3, 8),
    ];
    println!("| store | processes | clients (moves in flight) | moves | moves/s | p50 | p99 | max | commits per move | reads per move | retries | on-CPU per move (lalao) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (n, &(store, processes, clients)) in configs.iter().enumerate() {
        let url = (store == "postgres").then(|| server.database(&format!("bench{n}")));
        let parts = run(
            url.as_deref().unwrap_or("sled"),
            processes,
            1000,
            clients,
            seconds,
        );
        let mut latencies: Vec<Duration> = parts
            .iter()
            .flat_map(|part| part.latencies_us.iter())
            .map(|&us| Duration::from_micros(u64::from(us)))
            .collect();
        latencies.sort_unstable();
        let moves = latencies.len() as f64;
        let seconds = parts.iter().map(|part| part.seconds).fold(0.0, f64::max);
        let sum = |field: fn(&Part) -> u64| parts.iter().map(field).sum::<u64>() as f64;
        let ms = |latency: Duration| latency.as_secs_f64() * 1e3;
        println!(
            "| {} | {processes} | {} | {} | {:.0} | {:.2} ms | {:.2} ms | {:.1} ms | {:.2} | {:.2} | {} | {:.0} µs |",
            if store == "sled" { "sled, durable" } else { "PostgreSQL, durable" },
            processes * clients,
            latencies.len(),
            moves / seconds,
            ms(load::quantile(&latencies, 0.50)),
            ms(load::quantile(&latencies, 0.99)),
            ms(*latencies.last().unwrap()),
            sum(|part| part.commits) / moves,
            sum(|part| part.reads) / moves,
            sum(|part| part.retries),
            sum(|part| part.cpu_us) / moves,
        );
    }
}
