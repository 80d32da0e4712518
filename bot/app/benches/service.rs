//! The match service in process with durable writes (sled, flush before every reply, group
//! commit): p50/p99 latency of a move and durable moves per second with 1, 100 and 1,000
//! concurrent matches. `cargo bench -p lalao-app --bench service`; results in docs/benchmarks.md.
//!
//! Closed loop: each client thread owns a share of the matches and plays them in turn, one
//! move in flight per client; the latency of a move is the whole `Service::handle` call (load,
//! rules, commit, flush, localized reply with the rendered board). The clients keep their own
//! engine copy only to choose legal moves; that is not timed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lalao_app::command::Command;
use lalao_app::ids::{ChannelId, MatchId, Platform};
use lalao_app::store::{MemoryStore, SledStore, Store};
use lalao_app::{Context, Defaults, Service};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_renderer::{Locale, Style};

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

/// This thread's on-CPU time (Linux `schedstat`; zero elsewhere). On a shared machine it shows
/// the work a move costs, without the time spent waiting for a core.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

fn fresh_game() -> AnyGame {
    let mut options = serde_json::Map::new();
    options.insert("cells".into(), 33.into());
    AnyGame::new(AnyOptions::from_json(GameKind::Fano, &options, &[]).unwrap()).unwrap()
}

fn new_match(service: &Service, ctx: &Context) -> MatchId {
    let reply = service
        .handle_text(ctx, "play fano practice cells=33", false)
        .unwrap();
    let message = &reply.messages[0];
    assert_eq!(message.key, "practice-started");
    message.match_ref.unwrap().id
}

fn run(matches: usize, clients: usize, duration: Duration, durable: bool) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let backend: Arc<dyn Store> = if durable {
        store.clone()
    } else {
        Arc::new(MemoryStore::default())
    };
    let service = Arc::new(Service::new(
        backend,
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    ));
    service.open().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let start_line = Arc::new(std::sync::Barrier::new(clients + 1));
    let threads: Vec<_> = (0..clients)
        .map(|client| {
            let (service, stop, start_line) = (service.clone(), stop.clone(), start_line.clone());
            let share = matches / clients + usize::from(client < matches % clients);
            std::thread::spawn(move || {
                // One console user and channel per match slot: a person has at most 50 active
                // matches and a channel 500 (docs/security.md), and 1,000 concurrent matches
                // are many people's.
                let contexts: Vec<Context> = (0..share)
                    .map(|slot| {
                        let name = format!("c{client}m{slot}");
                        Context {
                            channel: ChannelId::new(Platform::Console, &name),
                            ..Context::console(&name)
                        }
                    })
                    .collect();
                let mut games: Vec<(MatchId, AnyGame)> = contexts
                    .iter()
                    .map(|ctx| (new_match(&service, ctx), fresh_game()))
                    .collect();
                let mut rng = 0x9e37_79b9_7f4a_7c15u64 ^ client as u64;
                let mut latencies = Vec::with_capacity(1 << 16);
                start_line.wait();
                let cpu_before = thread_cpu();
                let mut turn = 0;
                while !stop.load(Ordering::Relaxed) {
                    let slot = turn % games.len();
                    turn += 1;
                    let ctx = &contexts[slot];
                    if games[slot].1.outcome().is_some() {
                        games[slot] = (new_match(&service, ctx), fresh_game());
                    }
                    let (id, game) = &mut games[slot];
                    let legal = game.legal_moves();
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let mv = legal[(rng % legal.len() as u64) as usize].clone();
                    let command = Command::Move {
                        id: Some(*id),
                        text: mv.clone(),
                        explicit: true,
                    };
                    let began = Instant::now();
                    let reply = service.handle(ctx, command);
                    latencies.push(began.elapsed());
                    assert_eq!(reply.messages[0].key, "move-played", "{}", reply.messages[0].text);
                    game.play(&mv).unwrap();
                }
                (latencies, thread_cpu() - cpu_before)
            })
        })
        .collect();
    start_line.wait();
    let before = store.flush_stats();
    let began = Instant::now();
    std::thread::sleep(duration);
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    let mut cpu = Duration::ZERO;
    for thread in threads {
        let (times, used) = thread.join().unwrap();
        latencies.extend(times);
        cpu += used;
    }
    let seconds = began.elapsed().as_secs_f64();
    let after = store.flush_stats();
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Run {
        matches,
        clients,
        moves: latencies.len(),
        seconds,
        p50: at(0.50),
        p99: at(0.99),
        max: *latencies.last().unwrap(),
        flushes: after.flushes - before.flushes,
        syncs: after.requests - before.requests,
        cpu_per_move: cpu / latencies.len().max(1) as u32,
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
