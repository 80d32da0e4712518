//! What the web pages' benches share: their settings from the environment, the process's CPU
//! time, the pages served in process as `lalao` serves them, and a class page's stream followed
//! and its taps posted as a tablet does.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lalao_app::Service;

/// The number in environment variable `name`, or `default`.
pub fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// This process's CPU time (user and system), from `/proc/self/stat`.
pub fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|at| fields.get(*at)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// A runtime of two threads, as `lalao` gives the pages, and a loopback listener on it: the
/// runtime and the listener's port. [`serve`] then serves the pages on it.
pub fn pages_runtime() -> (tokio::runtime::Runtime, tokio::net::TcpListener, u16) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    (runtime, listener, port)
}

/// Serves the pages of `service` on `listener`, on `runtime`, until the process ends.
pub fn serve(runtime: &tokio::runtime::Runtime, listener: tokio::net::TcpListener, service: &Arc<Service>) {
    runtime.spawn(lalao_web::serve(listener, service.clone(), 10_000));
}

/// The versions a page's stream has read, each with when.
pub type Seen = Arc<Mutex<Vec<(u64, Instant)>>>;

/// Follows `token`'s screen, noting every version it reads, until the process ends.
pub fn follow(port: u16, token: String, seen: Seen) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        eprintln!("a page could not connect");
        return;
    };
    let request = format!(
        "GET /class/{token}/events HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return;
    }
    let mut id = None;
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { return };
        if line.is_empty() {
            if let Some(version) = id.take() {
                seen.lock().unwrap().push((version, Instant::now()));
            }
        } else if let Some(value) = line.strip_prefix("id: ") {
            id = value.parse().ok();
        }
    }
}

/// When `seen` read the screen's `version` (a fingerprint of what it shows) after `sent`,
/// waiting up to 3 s.
pub fn reached(seen: &Seen, version: u64, sent: Instant) -> Option<Instant> {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let found = seen
            .lock()
            .unwrap()
            .iter()
            .find(|(seen, at)| *seen == version && *at >= sent)
            .map(|(_, at)| *at);
        if found.is_some() || Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The token at the end of each class link in `text`.
pub fn tokens(text: &str) -> Vec<String> {
    text.match_indices("/class/")
        .filter_map(|(at, _)| text.get(at + 7..at + 7 + 64))
        .map(str::to_owned)
        .collect()
}

/// POSTs a tap as the seat page does: the status.
pub fn tap(port: u16, token: &str, body: &serde_json::Value) -> u16 {
    let body = body.to_string();
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return 0;
    };
    let request = format!(
        "POST /class/{token}/play HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return 0;
    }
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or(0)
}

/// The `q` quantile of sorted durations, in milliseconds.
pub fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)].as_secs_f64() * 1e3
}
