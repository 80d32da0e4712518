//! What the web pages' benches share: their settings from the environment, the process's CPU
//! time, and the pages served in process as `lalao` serves them.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

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
