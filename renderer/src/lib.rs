//! lalao-renderer: pure functions from a core state to boards people can read.
//! No platform calls: adapters decide how to send what this crate returns.
