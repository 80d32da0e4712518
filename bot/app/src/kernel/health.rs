//! Whether this process is alive and ready to serve, as an orchestrator asks (`/healthz`,
//! `/readyz`, `lalao health`; docs/operations.md).
//!
//! Ready means: the store answers a read within a bound, and every part that said it runs
//! (the scheduler's timers, each platform's deliveries, the Discord gateway, the Matrix sync)
//! has said so recently and is connected. A part that stops saying so (a loop stuck on a lock,
//! a thread that died) turns the process unready within the time it promised.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::store::{keys, Store};

/// How long a store probe's answer stands: a crowd of probes costs one read a second.
const PROBE_KEPT: Duration = Duration::from_secs(1);

/// The parts of the process that said they run, and the store's last probe.
#[derive(Default)]
pub struct Health {
    parts: Mutex<BTreeMap<String, Part>>,
    probe: Arc<(Mutex<Probe>, Condvar)>,
}

#[derive(Clone, Debug)]
struct Part {
    /// When it last said it runs.
    last: Instant,
    /// It promised to say so again within this.
    within: Duration,
    /// Whether its connection is up (a part without one is up while it beats).
    up: bool,
}

#[derive(Default)]
struct Probe {
    /// A probe is reading: at most one at a time, however many ask (and however long a
    /// stalled database makes it last).
    in_flight: bool,
    /// The last probe's end and its answer: how long the read took, or why it failed.
    last: Option<(Instant, Result<Duration, String>)>,
}

/// One line of a readiness report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// `store`, `scheduler`, `deliveries:discord`, `discord gateway`, `matrix sync`.
    pub part: String,
    pub ready: bool,
    /// What was seen: "answered in 0.2 ms", "last ran 3 s ago", "disconnected".
    pub detail: String,
}

/// A readiness report: ready when every check is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readiness {
    pub checks: Vec<Check>,
}

impl Readiness {
    pub fn ready(&self) -> bool {
        self.checks.iter().all(|check| check.ready)
    }

    /// One line a check, `ok` or `not ready` first: what `/readyz` answers.
    pub fn text(&self) -> String {
        self.checks
            .iter()
            .map(|check| {
                let state = if check.ready { "ok" } else { "not ready" };
                format!("{state} {}: {}\n", check.part, check.detail)
            })
            .collect()
    }
}

impl Health {
    /// `part` ran, and will again within `within` (a loop's longest sleep and its work).
    pub fn beat(&self, part: &str, within: Duration) {
        self.heard(part, within, None);
    }

    /// `part`'s connection is up or down (the Discord gateway, the Matrix sync); while down the
    /// process is not ready. Counts as a beat.
    pub fn connected(&self, part: &str, up: bool, within: Duration) {
        self.heard(part, within, Some(up));
    }

    /// `part` was heard from now, its connection `up` if it says (else as it was, up at first).
    fn heard(&self, part: &str, within: Duration, up: Option<bool>) {
        let mut parts = self.parts.lock().unwrap_or_else(|p| p.into_inner());
        let up = up.unwrap_or_else(|| parts.get(part).is_none_or(|known| known.up));
        let last = Instant::now();
        parts.insert(part.to_owned(), Part { last, within, up });
    }

    /// `part` stopped on purpose (a clean shutdown): no longer asked after.
    pub fn ended(&self, part: &str) {
        let mut parts = self.parts.lock().unwrap_or_else(|p| p.into_inner());
        parts.remove(part);
    }

    /// Whether each part that said it runs still does, as of `now`.
    fn part_checks(&self, now: Instant) -> Vec<Check> {
        let parts = self.parts.lock().unwrap_or_else(|p| p.into_inner());
        parts
            .iter()
            .map(|(name, part)| {
                let ago = now.saturating_duration_since(part.last);
                let (ready, detail) = if !part.up {
                    (false, "disconnected".to_owned())
                } else if ago > part.within {
                    (
                        false,
                        format!(
                            "last ran {} s ago (expected within {} s)",
                            ago.as_secs(),
                            part.within.as_secs()
                        ),
                    )
                } else {
                    (true, format!("last ran {} s ago", ago.as_secs()))
                };
                Check {
                    part: name.clone(),
                    ready,
                    detail,
                }
            })
            .collect()
    }

    /// Reads one key of `store`, waiting at most `bound` for the answer. One probe reads at a
    /// time, on a thread of its own, and its answer stands a second: probes never pile up on a
    /// store that stalls.
    fn probe_store(&self, store: &Arc<dyn Store>, bound: Duration) -> Check {
        let asked = Instant::now();
        let (lock, answered) = &*self.probe;
        let mut probe = lock.lock().unwrap_or_else(|p| p.into_inner());
        let fresh = |probe: &Probe| {
            probe
                .last
                .as_ref()
                .filter(|(at, _)| asked.saturating_duration_since(*at) < PROBE_KEPT)
                .map(|(_, answer)| answer.clone())
        };
        if fresh(&probe).is_none() && !probe.in_flight {
            probe.in_flight = true;
            let (store, shared) = (store.clone(), self.probe.clone());
            let started = std::thread::Builder::new()
                .name("lalao-store-probe".to_owned())
                .spawn(move || {
                    let began = Instant::now();
                    let answer = store
                        .get(keys::SCHEMA)
                        .map(|_| began.elapsed())
                        .map_err(|err| err.to_string());
                    let (lock, answered) = &*shared;
                    let mut probe = lock.lock().unwrap_or_else(|p| p.into_inner());
                    probe.in_flight = false;
                    probe.last = Some((Instant::now(), answer));
                    answered.notify_all();
                });
            if let Err(err) = started {
                probe.in_flight = false;
                return store_check(Err(format!("no thread for the probe: {err}")));
            }
        }
        let deadline = asked + bound;
        loop {
            if let Some(answer) = fresh(&probe) {
                return store_check(answer);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return store_check(Err(format!("no answer within {} ms", bound.as_millis())));
            }
            probe = answered
                .wait_timeout(probe, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// The store probed (within `bound`) and every part's check.
    pub fn readiness(&self, store: &Arc<dyn Store>, bound: Duration) -> Readiness {
        let mut checks = vec![self.probe_store(store, bound)];
        checks.extend(self.part_checks(Instant::now()));
        Readiness { checks }
    }
}

fn store_check(answer: Result<Duration, String>) -> Check {
    match answer {
        Ok(took) => Check {
            part: "store".to_owned(),
            ready: true,
            detail: format!("answered in {:.1} ms", took.as_secs_f64() * 1000.0),
        },
        Err(why) => Check {
            part: "store".to_owned(),
            ready: false,
            detail: why,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{MemoryStore, StoreError};

    /// A store whose reads fail, or stall until released.
    struct Broken {
        stall: Mutex<bool>,
        released: Condvar,
    }

    impl Broken {
        fn stalling() -> Arc<Broken> {
            Arc::new(Broken {
                stall: Mutex::new(true),
                released: Condvar::new(),
            })
        }
        fn release(&self) {
            *self.stall.lock().unwrap() = false;
            self.released.notify_all();
        }
    }

    impl Store for Broken {
        fn get(&self, _: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
            let mut stall = self.stall.lock().unwrap();
            while *stall {
                stall = self.released.wait(stall).unwrap();
            }
            Err(StoreError("the database is gone".to_owned()))
        }
        fn iter_prefix<'a>(&'a self, _: &[u8]) -> crate::store::EntryIter<'a> {
            Box::new(std::iter::empty())
        }
        fn last_with_prefix(&self, _: &[u8]) -> Result<Option<crate::store::KeyValue>, StoreError> {
            Ok(None)
        }
        fn commit(&self, _: &crate::store::Txn) -> Result<crate::store::Committed, StoreError> {
            Err(StoreError("the database is gone".to_owned()))
        }
        fn snapshot(&self, _: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
            Ok(())
        }
        fn sync(&self) -> Result<(), StoreError> {
            Ok(())
        }
    }

    #[test]
    fn a_store_that_answers_and_parts_that_beat_are_ready() {
        let health = Health::default();
        let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
        health.beat("scheduler", Duration::from_secs(90));
        health.connected("matrix sync", true, Duration::from_secs(90));
        let readiness = health.readiness(&store, Duration::from_secs(2));
        assert!(readiness.ready(), "{}", readiness.text());
        let parts: Vec<&str> = readiness.checks.iter().map(|check| check.part.as_str()).collect();
        assert_eq!(parts, ["store", "matrix sync", "scheduler"]);
    }

    #[test]
    fn a_lost_connection_or_a_silent_loop_is_not_ready_and_a_clean_stop_is_forgotten() {
        let health = Health::default();
        let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
        health.connected("discord gateway", false, Duration::from_secs(90));
        health.beat("scheduler", Duration::ZERO);
        std::thread::sleep(Duration::from_millis(5));
        let readiness = health.readiness(&store, Duration::from_secs(2));
        let not_ready: Vec<(&str, &str)> = readiness
            .checks
            .iter()
            .filter(|check| !check.ready)
            .map(|check| (check.part.as_str(), check.detail.as_str()))
            .collect();
        assert_eq!(
            not_ready,
            [
                ("discord gateway", "disconnected"),
                ("scheduler", "last ran 0 s ago (expected within 0 s)"),
            ]
        );
        health.ended("scheduler");
        health.connected("discord gateway", true, Duration::from_secs(90));
        assert!(health.readiness(&store, Duration::from_secs(2)).ready());
    }

    #[test]
    fn a_stalled_store_is_not_ready_within_the_bound_and_probes_do_not_pile_up() {
        let health = Health::default();
        let broken = Broken::stalling();
        let store: Arc<dyn Store> = broken.clone();
        for _ in 0..3 {
            let readiness = health.readiness(&store, Duration::from_millis(50));
            assert_eq!(
                readiness.checks,
                [Check {
                    part: "store".to_owned(),
                    ready: false,
                    detail: "no answer within 50 ms".to_owned(),
                }]
            );
        }
        // One probe was started, however many asked: it is still the one in flight.
        assert!(health.probe.0.lock().unwrap().in_flight);
        broken.release();
        let readiness = health.readiness(&store, Duration::from_secs(5));
        assert_eq!(readiness.checks[0].detail, "storage error: the database is gone");
        assert!(!readiness.ready());
    }
}
