//! The time sources of the application, in Unix seconds: the system's, and the ones tests and
//! the end-to-end harness control. (A match's own clock, its time control and banks, is
//! `lalao_model::timing`.)

use std::sync::atomic::{AtomicU64, Ordering};

/// Wall-clock time in Unix seconds; a trait so that schedulers and tests can control it.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> u64;
}

/// The system's clock: the one a running bot uses.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs())
    }
}

/// The system clock shifted by a fixed number of seconds (`LALAO_CLOCK_OFFSET`): lets the
/// end-to-end tests see a time control run out without waiting for it.
#[derive(Debug)]
pub struct OffsetClock(pub i64);

impl Clock for OffsetClock {
    fn now(&self) -> u64 {
        SystemClock.now().saturating_add_signed(self.0)
    }
}

/// A clock that always says the same time (tests, golden replies).
pub struct FixedClock(pub u64);

impl Clock for FixedClock {
    fn now(&self) -> u64 {
        self.0
    }
}

/// A clock tests move by hand (no sleeping): simulated weeks pass in microseconds. Public
/// for the end-to-end tests, which run the Matrix wiring in process.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    pub fn new(now: u64) -> ManualClock {
        ManualClock(AtomicU64::new(now))
    }

    pub fn set(&self, now: u64) {
        self.0.store(now, Ordering::SeqCst);
    }

    pub fn advance(&self, seconds: u64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}
