//! lalao-model: everything lalao stores, and nothing else. The ids ([`ids`]), the records with
//! their codec and migrations ([`record`]), the store's key layout ([`keys`]), and the stored
//! parts of the scheduler (time controls in [`timing`], notices and their settings in [`notify`],
//! quiet hours in [`quiet`]) and of Mangala's coin rite ([`rite`]).
//!
//! Invariant: pure data and its rules of form. No store, no clock, no I/O, no user-facing words;
//! it depends on the rules core and the renderer's `Locale` and `Style` only.

pub mod ids;
pub mod keys;
pub mod notify;
pub mod quiet;
pub mod record;
pub mod rite;
pub mod timing;
pub mod units;
