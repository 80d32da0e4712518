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

/// A class of pupils on its pages, served in process from a sled store, as a bench sets it up.
pub struct ClassOnPages {
    pub service: Arc<Service>,
    pub port: u16,
    /// The teacher's, the projector's and each seat's link tokens.
    pub teacher: String,
    pub projector: String,
    pub seats: Vec<String>,
    // Kept for the bench's life: the pages' runtime and the store's folder.
    _runtime: tokio::runtime::Runtime,
    _dir: tempfile::TempDir,
}

/// A class of `pupils` (`Pupil1`…) on its pages, given what the teacher says after adding them
/// (`class learn katro 3`), with its links.
pub fn class_on_pages(pupils: usize, teacher_says: &[&str]) -> ClassOnPages {
    let (runtime, listener, port) = pages_runtime();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(lalao_app::store::SledStore::open(dir.path()).unwrap());
    let defaults = lalao_app::Defaults {
        locale: lalao_renderer::Locale::En,
        style: lalao_renderer::Style::Text,
    };
    let base = format!("http://127.0.0.1:{port}");
    let service = Arc::new(Service::new(store, defaults).with_live_pages(&base));
    service.open().unwrap();
    serve(&runtime, listener, &service);
    let teacher = lalao_app::Context::console("teacher");
    let say = |line: &str| {
        let reply = service.handle_text(&teacher, line, false).unwrap();
        reply
            .messages
            .iter()
            .map(|m| m.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    say("class new CE1");
    let names: Vec<String> = (1..=pupils).map(|n| format!("Pupil{n}")).collect();
    say(&format!("class add {}", names.join(" ")));
    for line in teacher_says {
        say(line);
    }
    let links = tokens(&say("class link"));
    let (teacher, projector) = (links[0].clone(), links.last().unwrap().clone());
    let seats: Vec<String> = service
        .class_screen(&teacher)
        .unwrap()
        .unwrap()
        .seats
        .iter()
        .flat_map(|(_, link)| tokens(link))
        .collect();
    assert_eq!(seats.len(), pupils, "a link for every seat");
    ClassOnPages {
        service,
        port,
        teacher,
        projector,
        seats,
        _runtime: runtime,
        _dir: dir,
    }
}

/// Follows `token`'s screen on a thread of its own: the versions its stream reads.
pub fn open(port: u16, token: &str) -> Seen {
    let seen: Seen = Arc::default();
    let (token, into) = (token.to_owned(), seen.clone());
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || follow(port, token, into))
        .unwrap();
    seen
}
