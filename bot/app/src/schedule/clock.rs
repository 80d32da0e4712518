//! A clock tests move by hand (no sleeping): simulated weeks pass in microseconds.

use std::sync::atomic::{AtomicU64, Ordering};

pub use crate::service::{Clock, SystemClock};

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

/// The system clock shifted by a fixed number of seconds (`LALAO_CLOCK_OFFSET`): lets the
/// end-to-end tests see a time control run out without waiting for it.
#[derive(Debug)]
pub struct OffsetClock(pub i64);

impl Clock for OffsetClock {
    fn now(&self) -> u64 {
        SystemClock.now().saturating_add_signed(self.0)
    }
}
