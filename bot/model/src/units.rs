//! Units of time in seconds, shared by time controls, quiet hours and notification plans.

pub const HOUR: u64 = 3600;
pub const DAY: u64 = 24 * HOUR;
