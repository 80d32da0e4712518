//! Many viewers of one match's live page: how long a move takes to reach each of
//! them over Server-Sent Events. `cargo bench -p lalao-web --bench viewers`; figures in
//! docs/benchmarks.md. `LALAO_BENCH_VIEWERS` (default 200) viewers hold the page's event
//! stream open; a client plays `LALAO_BENCH_MOVES` (default 40) moves of a practice fano-33
//! match through the service on a durable sled store, one every 250 ms; each viewer notes
//! when each version arrives. The latency of a move for a viewer is from the moment the
//! service acknowledged it (durably) to the moment the viewer has read the whole event.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use lalao_app::command::Command;
use lalao_app::ids::MatchId;
use lalao_app::store::SledStore;
use lalao_app::{Context, Defaults, Service};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

mod support;

use support::{env_number, pages_runtime, process_cpu, serve};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One viewer: opens the stream, then notes (version, when read) for every `board` event.
/// A viewer that fails still passes the start line, so the bench reports it (as missing
/// deliveries) instead of waiting for it for ever.
fn viewer(port: u16, path: String, ready: Arc<Barrier>, seen: Arc<Mutex<Vec<(u64, Instant)>>>) {
    let waited = watch_page(port, &path, &ready, &seen);
    if !waited {
        eprintln!("a viewer could not follow the page");
        ready.wait();
    }
}

/// Follows the page until the stream ends; whether it passed the start line.
fn watch_page(port: u16, path: &str, ready: &Barrier, seen: &Mutex<Vec<(u64, Instant)>>) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    if write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .is_err()
    {
        return false;
    }
    let mut lines = BufReader::new(stream).lines();
    // Headers, then the first event (the board as it is): the viewer is ready.
    let mut first = true;
    let (mut name, mut id) = (String::new(), 0u64);
    for line in lines.by_ref() {
        let Ok(line) = line else { return !first };
        if line.is_empty() {
            if name == "board" {
                let now = Instant::now();
                if first {
                    first = false;
                    ready.wait();
                } else {
                    seen.lock().unwrap().push((id, now));
                }
            }
            name.clear();
        } else if let Some(value) = line.strip_prefix("event: ") {
            name = value.to_owned();
        } else if let Some(value) = line.strip_prefix("id: ") {
            id = value.parse().unwrap_or(0);
        }
    }
    !first
}

fn main() {
    let viewers = env_number("LALAO_BENCH_VIEWERS", 200);
    let moves = env_number("LALAO_BENCH_MOVES", 40);
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let defaults = Defaults {
        locale: lalao_renderer::Locale::En,
        style: lalao_renderer::Style::Text,
    };
    let service = Arc::new(Service::new(store, defaults).with_live_pages("http://127.0.0.1"));
    service.open().unwrap();
    let ctx = Context::console("ana");
    let reply = service
        .handle_text(&ctx, "play fano practice cells=33", false)
        .unwrap();
    let id: MatchId = reply.messages[0].match_ref.unwrap().id;
    let public = service.public_id(id).unwrap().unwrap();

    // The server, as `lalao` runs it: a runtime of two threads of its own.
    let (runtime, listener, port) = pages_runtime();
    // One service for the process, as `lalao` runs it: the pages hear of its commits.
    serve(&runtime, listener, &service);

    let ready = Arc::new(Barrier::new(viewers + 1));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let path = format!("/m/{public}/events");
    for _ in 0..viewers {
        let (ready, seen, path) = (ready.clone(), seen.clone(), path.clone());
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || viewer(port, path, ready, seen))
            .unwrap();
    }
    ready.wait();

    let mut game = AnyGame::new(
        AnyOptions::from_json(
            GameKind::Fano,
            &serde_json::json!({"cells": 33}).as_object().unwrap().clone(),
            &[],
        )
        .unwrap(),
    )
    .unwrap();
    let mut acknowledged: HashMap<u64, Instant> = HashMap::new();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let cpu_before = process_cpu();
    for _ in 0..moves {
        std::thread::sleep(Duration::from_millis(250));
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let text = legal[(rng % legal.len() as u64) as usize].clone();
        let reply = service.handle(
            &ctx,
            Command::Move {
                id: Some(id),
                text: text.clone(),
                explicit: true,
            },
        );
        let at = Instant::now();
        let version = reply.messages[0].match_ref.expect("the move's board").version;
        acknowledged.insert(version, at);
        game.play(&text).unwrap();
    }
    std::thread::sleep(Duration::from_secs(1));
    let cpu = process_cpu() - cpu_before;
    let seen = seen.lock().unwrap();
    let mut latencies: Vec<Duration> = seen
        .iter()
        .filter_map(|(version, at)| Some(at.saturating_duration_since(*acknowledged.get(version)?)))
        .collect();
    latencies.sort_unstable();
    let expected = viewers * acknowledged.len();
    let quantile = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    println!("| viewers | moves | deliveries (expected) | p50 | p99 | max | process CPU per move |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {viewers} | {} | {} ({expected}) | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms |",
        acknowledged.len(),
        latencies.len(),
        quantile(0.5).as_secs_f64() * 1e3,
        quantile(0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
        cpu.as_secs_f64() * 1e3 / acknowledged.len().max(1) as f64,
    );
}
