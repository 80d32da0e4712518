//! Replayed interactions. Discord signs each interaction with a timestamp, and a signature stays
//! valid forever: anyone who sees a request once (a proxy log, a leaked capture) could post it
//! again. So the endpoint refuses timestamps more than [`MAX_SKEW`] from now, and every
//! interaction id received (refusals included: a move refused as out of turn must not apply
//! when replayed after the opponent's move) is remembered for longer than that window and
//! answered as already done if it comes again. Gateway resumes that redeliver are caught the
//! same way.

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How far a request's signed timestamp may be from our clock.
pub(crate) const MAX_SKEW: u64 = 5 * 60;

/// How long a received id is remembered: the skew window on both sides, with a margin.
const REMEMBERED: Duration = Duration::from_secs(3 * MAX_SKEW);

/// Whether a signed `X-Signature-Timestamp` (Unix seconds) is within [`MAX_SKEW`] of `now`.
pub(crate) fn fresh(timestamp: &str, now: u64) -> bool {
    timestamp
        .trim()
        .parse::<u64>()
        .is_ok_and(|stamp| stamp.abs_diff(now) <= MAX_SKEW)
}

/// The interaction ids received recently, oldest first.
#[derive(Default)]
pub(crate) struct Seen {
    inner: Mutex<SeenInner>,
}

#[derive(Default)]
struct SeenInner {
    ids: HashSet<u64>,
    order: VecDeque<(Instant, u64)>,
}

impl Seen {
    /// Records `id`; false if it was received before (within the remembered window).
    pub(crate) fn first_time(&self, id: u64, now: Instant) -> bool {
        let mut inner = self.inner.lock().unwrap_or_else(|poison| poison.into_inner());
        while let Some(&(at, old)) = inner.order.front() {
            if now.duration_since(at) <= REMEMBERED {
                break;
            }
            inner.order.pop_front();
            inner.ids.remove(&old);
        }
        if !inner.ids.insert(id) {
            return false;
        }
        inner.order.push_back((now, id));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stale_or_future_signed_timestamp_is_refused() {
        let now = 1_764_417_600;
        assert!(fresh("1764417600", now));
        assert!(fresh("1764417300", now));
        assert!(fresh("1764417900", now));
        assert!(!fresh("1764417299", now), "more than five minutes old");
        assert!(!fresh("1764414000", now), "an hour old");
        assert!(!fresh("1764504000", now), "a day ahead");
        assert!(!fresh("soon", now));
        assert!(!fresh("", now));
    }

    #[test]
    fn an_interaction_id_counts_once_for_longer_than_the_window() {
        let seen = Seen::default();
        let start = Instant::now();
        assert!(seen.first_time(7, start));
        assert!(seen.first_time(8, start));
        assert!(!seen.first_time(7, start + Duration::from_secs(1)));
        assert!(!seen.first_time(7, start + Duration::from_secs(2 * MAX_SKEW)));
        // Long after the window (when its timestamp could no longer pass) it is forgotten.
        let later = start + REMEMBERED + Duration::from_secs(1);
        assert!(seen.first_time(9, later));
        assert!(seen.first_time(7, later));
        assert_eq!(seen.inner.lock().unwrap().order.len(), 2);
    }
}
