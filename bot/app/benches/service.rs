//! The match service in process with durable writes (sled, flush before every reply, group
//! commit): p50/p99 latency of a move and durable moves per second with 1, 100 and 1,000
//! concurrent matches. `cargo bench -p lalao-app --bench service`; results in docs/benchmarks.md.
//!
//! The load (closed loop, practice fano-33 matches) is `support/load.rs`, shared with the PostgreSQL
//! bench.

use std::sync::Arc;
use std::time::Duration;

use lalao_app::store::{MemoryStore, SledStore, Store};

#[path = "support/load.rs"]
mod load;

/// The allocator of the `lalao` binary (bot/lalao/src/main.rs), so the bench measures what runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

struct Run {
    matches: usize,
    clients: usize,
    moves: usize,
    seconds: f64,
    p50: Duration,
    p99: Duration,
    max: Duration,
    flushes: u64,
    syncs: u64,
    /// On-CPU time of the client threads (flushes included), per move.
    cpu_per_move: Duration,
}

fn run(matches: usize, clients: usize, duration: Duration, durable: bool) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let backend: Arc<dyn Store> = if durable {
        store.clone()
    } else {
        Arc::new(MemoryStore::default())
    };
    let service = load::service_on(backend);
    let mut before = None;
    let mut load = load::play(&service, "", matches, clients, duration, || {
        before = Some(store.flush_stats())
    });
    let (before, after) = (before.unwrap(), store.flush_stats());
    load.latencies.sort_unstable();
    Run {
        matches,
        clients,
        moves: load.latencies.len(),
        seconds: load.seconds,
        p50: load::quantile(&load.latencies, 0.50),
        p99: load::quantile(&load.latencies, 0.99),
        max: *load.latencies.last().unwrap(),
        flushes: after.flushes - before.flushes,
        syncs: after.requests - before.requests,
        cpu_per_move: load.cpu / load.latencies.len().max(1) as u32,
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported (three fixed runs).
    let seconds: u64 = std::env::var("LALAO_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let duration = Duration::from_secs(seconds);
    // The last row is a reference: the same work on the in-memory store (no disk, no flush).
    let configs: &[(usize, usize, bool)] = &[
        (1, 1, true),
        (100, 16, true),
        (100, 100, true),
        (1000, 4, true),
        (1000, 8, true),
        (1000, 16, true),
        (1000, 64, true),
        (1, 1, false),
    ];
    println!("| store | concurrent matches | clients (moves in flight) | moves | moves/s | p50 | p99 | max | syncs per flush | on-CPU per move |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &(matches, clients, durable) in configs {
        let run = run(matches, clients, duration, durable);
        println!(
            "| {} | {} | {} | {} | {:.0} | {:.2} ms | {:.2} ms | {:.1} ms | {:.1} | {:.0} µs |",
            if durable { "sled, durable" } else { "memory" },
            run.matches,
            run.clients,
            run.moves,
            run.moves as f64 / run.seconds,
            run.p50.as_secs_f64() * 1e3,
            run.p99.as_secs_f64() * 1e3,
            run.max.as_secs_f64() * 1e3,
            run.syncs as f64 / run.flushes.max(1) as f64,
            run.cpu_per_move.as_secs_f64() * 1e6,
        );
    }
}
