//! The Matrix adapter against a real Synapse: real logins, real rooms (plain and end-to-end
//! encrypted), real messages, edits, mentions and reactions, with the real bot core (match
//! service, grammar, store, scheduler) behind it.
//!
//! `binary.rs` runs the `lalao` binary; `scenarios.rs` runs the same wiring in process
//! (`lalao_matrix::serve_with`), which lets a test read the store, record what reached the
//! core, and move the scheduler's clock by hand.

pub(crate) mod binary;
mod delivery;
mod direct;
mod edits;
mod forget;
mod lessons;
mod log_volume;
mod my_data;
mod named;
pub(crate) mod people;
mod pictures;
mod plans;
mod puzzles;
mod ratings;
mod recorder;
mod review;
mod scenarios;
mod screen_taps;
mod standby;
mod vote;
