//! Time in matches that run for days: time-out decisions and vacations. (Each match's clock
//! and timers are kept in step inside the commit, by the kernel's `match_clock`.)

pub(crate) mod notify;
pub(crate) mod timeouts;
pub(crate) mod vacation;
