//! What an operator measures of a running lalao, in the Prometheus text format
//! (docs/operations.md): the commands and moves, the commits, the store's latency, the outbox,
//! the deliveries, the timers, the web pages' connections, streams and reads, the review queue
//! and the activities served. One registry per service, so that services in one process (the
//! tests') count apart.
//!
//! Names the families by what they count, never by a feature: a feature gives its label values
//! (the kind of activity it started), the kernel only keeps the counts.

use std::time::Duration;

use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use crate::store::measured::StoreMeasures;
use crate::store::{keys, Store};

/// How far a scrape counts the outbox, the review queue and the timers due: enough to see a
/// backlog grow, little enough that a scrape stays cheap whatever the backlog.
pub const COUNTED_AT_MOST: usize = 100_000;

/// One label and its value.
type Label = (&'static str, &'static str);

/// Every measure of one service, and the registry that writes them out.
pub struct Metrics {
    registry: Registry,
    /// Commands handled, by platform and result (`applied`, `shown`, `refused`, `duplicate`,
    /// `failed`).
    pub commands: Family<[Label; 2], Counter>,
    /// Of them, the moves (typed, tapped or clicked).
    pub moves: Family<[Label; 2], Counter>,
    /// The time from a command's arrival to its reply, by platform.
    pub command_seconds: Family<[Label; 1], Histogram>,
    /// The store's reads and commits, timed and counted.
    pub store: StoreMeasures,
    /// Notifications waiting in the outbox, as last counted (at each scrape).
    pub outbox_depth: Gauge,
    /// How long the oldest notification in the outbox has been due, in seconds.
    pub outbox_oldest_seconds: Gauge,
    /// Deliveries of notifications, by platform and result (`delivered`, `retried`, `dead`).
    pub deliveries: Family<[Label; 2], Counter>,
    /// Timers fired.
    pub timers_fired: Counter,
    /// Timers due and not yet fired, as last counted (at each scrape): a backlog means the
    /// scheduler is behind or stopped.
    pub timers_due: Gauge,
    /// How late each timer fired, in seconds after it was due.
    pub timers_late_seconds: Histogram,
    /// Web connections open now.
    pub web_connections: Gauge,
    /// Event streams open now, by kind (`live`, `class`).
    pub web_streams: Family<[Label; 1], Gauge>,
    /// How long page reads waited for their turn.
    pub page_read_wait_seconds: Histogram,
    /// Reviews waiting to be made.
    pub review_jobs_queued: Gauge,
    /// The time each review took.
    pub review_seconds: Histogram,
    /// Teaching activities started, by the kind each feature names.
    pub activities_started: Family<[Label; 1], Counter>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let latency = || Histogram::new(exponential_buckets(0.000_05, 4.0, 10));
        let mut metrics = Metrics {
            registry: Registry::with_prefix("lalao"),
            commands: Family::default(),
            moves: Family::default(),
            command_seconds: Family::new_with_constructor(|| {
                Histogram::new(exponential_buckets(0.000_5, 2.5, 12))
            }),
            store: StoreMeasures::default(),
            outbox_depth: Gauge::default(),
            outbox_oldest_seconds: Gauge::default(),
            deliveries: Family::default(),
            timers_fired: Counter::default(),
            timers_due: Gauge::default(),
            timers_late_seconds: Histogram::new(exponential_buckets(0.01, 4.0, 10)),
            web_connections: Gauge::default(),
            web_streams: Family::default(),
            page_read_wait_seconds: latency(),
            review_jobs_queued: Gauge::default(),
            review_seconds: Histogram::new(exponential_buckets(0.01, 3.0, 10)),
            activities_started: Family::default(),
        };
        metrics.register();
        metrics
    }
}

impl Metrics {
    fn register(&mut self) {
        let registry = &mut self.registry;
        registry.register(
            "commands",
            "Commands handled, by platform and result",
            self.commands.clone(),
        );
        registry.register(
            "moves",
            "Moves handled, by platform and result",
            self.moves.clone(),
        );
        registry.register(
            "command_seconds",
            "Time from a command's arrival to its reply",
            self.command_seconds.clone(),
        );
        registry.register("commits", "Store commits applied", self.store.applied.clone());
        registry.register(
            "commit_conflicts",
            "Store commits refused because a checked record had changed",
            self.store.conflicts.clone(),
        );
        registry.register(
            "store_read_seconds",
            "Latency of the store's reads",
            self.store.reads.clone(),
        );
        registry.register(
            "store_commit_seconds",
            "Latency of the store's commits and durability waits",
            self.store.commits.clone(),
        );
        registry.register(
            "outbox_depth",
            "Notifications waiting in the outbox",
            self.outbox_depth.clone(),
        );
        registry.register(
            "outbox_oldest_seconds",
            "How long the oldest waiting notification has been due",
            self.outbox_oldest_seconds.clone(),
        );
        registry.register(
            "deliveries",
            "Notification deliveries, by platform and result",
            self.deliveries.clone(),
        );
        registry.register("timers_fired", "Timers fired", self.timers_fired.clone());
        registry.register(
            "timers_due",
            "Timers due and not yet fired",
            self.timers_due.clone(),
        );
        registry.register(
            "timers_late_seconds",
            "How late timers fired after they were due",
            self.timers_late_seconds.clone(),
        );
        registry.register(
            "web_connections",
            "Web connections open now",
            self.web_connections.clone(),
        );
        registry.register(
            "web_streams",
            "Event streams of the web pages open now, by kind",
            self.web_streams.clone(),
        );
        registry.register(
            "page_read_wait_seconds",
            "How long page reads waited for their turn",
            self.page_read_wait_seconds.clone(),
        );
        registry.register(
            "review_jobs_queued",
            "Reviews waiting to be made",
            self.review_jobs_queued.clone(),
        );
        registry.register(
            "review_seconds",
            "Time each review took",
            self.review_seconds.clone(),
        );
        registry.register(
            "activities_started",
            "Teaching activities started, by kind",
            self.activities_started.clone(),
        );
    }

    /// Counts a command handled on `platform` with `result` in `took`; `is_move`: it was a move.
    pub fn command(&self, platform: &'static str, result: &'static str, is_move: bool, took: Duration) {
        let labels = [("platform", platform), ("result", result)];
        self.commands.get_or_create(&labels).inc();
        if is_move {
            self.moves.get_or_create(&labels).inc();
        }
        self.command_seconds
            .get_or_create(&[("platform", platform)])
            .observe(took.as_secs_f64());
    }

    /// Counts a delivery of a notification on `platform` with `result`.
    pub fn delivery(&self, platform: &'static str, result: &'static str) {
        self.deliveries
            .get_or_create(&[("platform", platform), ("result", result)])
            .inc();
    }

    /// Counts an activity of `kind` started.
    pub fn activity_started(&self, kind: &'static str) {
        self.activities_started.get_or_create(&[("kind", kind)]).inc();
    }

    /// The event streams of `kind` open now.
    pub fn streams(&self, kind: &'static str) -> Gauge {
        self.web_streams.get_or_create(&[("kind", kind)]).clone()
    }

    /// Every measure in the Prometheus text format, the outbox, the review queue and the
    /// timers due in `store` counted first as of `now` (a bounded count: past
    /// [`COUNTED_AT_MOST`], a count says that many; -1 when the store could not be read).
    pub fn scrape(&self, store: &dyn Store, now: u64) -> String {
        let count = |prefix: &[u8]| {
            store
                .count_prefix(prefix, COUNTED_AT_MOST)
                .map(|count| count as i64)
                .unwrap_or(-1)
        };
        self.outbox_depth.set(count(keys::OUTBOX_PREFIX));
        self.review_jobs_queued.set(count(keys::REVIEW_JOB_PREFIX));
        let oldest = match store.first_with_prefix(keys::OUTBOX_PREFIX) {
            Ok(Some((key, _))) => keys::outbox_due(&key).map_or(0, |due| now.saturating_sub(due) as i64),
            Ok(None) => 0,
            Err(_) => -1,
        };
        self.outbox_oldest_seconds.set(oldest);
        let mut due = 0;
        for entry in store.iter_prefix(keys::TIMER_PREFIX).take(COUNTED_AT_MOST) {
            match entry.map(|(key, _)| keys::timer_due(&key)) {
                Ok(Some(at)) if at <= now => due += 1,
                Ok(_) => break,
                Err(_) => {
                    due = -1;
                    break;
                }
            }
        }
        self.timers_due.set(due);
        self.text()
    }

    /// Every measure in the Prometheus text format (version 0.0.4), as last counted.
    pub fn text(&self) -> String {
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut text, &self.registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_counts_by_platform_and_result_and_a_move_counts_twice() {
        let metrics = Metrics::default();
        metrics.command("console", "applied", true, Duration::from_millis(3));
        metrics.command("console", "refused", false, Duration::from_millis(1));
        let text = metrics.text();
        // A family's series come in no set order.
        let mut lines: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("lalao_commands_total") || line.starts_with("lalao_moves_total"))
            .collect();
        lines.sort_unstable();
        assert_eq!(
            lines,
            [
                "lalao_commands_total{platform=\"console\",result=\"applied\"} 1",
                "lalao_commands_total{platform=\"console\",result=\"refused\"} 1",
                "lalao_moves_total{platform=\"console\",result=\"applied\"} 1",
            ]
        );
        assert!(
            text.contains("lalao_command_seconds_count{platform=\"console\"} 2\n"),
            "{text}"
        );
        assert!(
            text.contains("# TYPE lalao_command_seconds histogram\n"),
            "{text}"
        );
    }
}
