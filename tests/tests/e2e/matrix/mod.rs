//! The Matrix adapter against a real Synapse: real logins, real rooms (plain and end-to-end
//! encrypted), real messages, edits, mentions and reactions.
//!
//! The bot runs in process (the library's `matrix::run`) with [`fake_core::FakeCore`] standing
//! in for the bot core until its match service lands; everything between the homeserver and
//! the `Handler` seam is the production code.

mod binary;
mod fake_core;
mod people;
mod scenarios;
