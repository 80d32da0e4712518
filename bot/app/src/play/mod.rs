//! Playing a match: challenges and the coin game, moves, resigning, draws and undo, the
//! computer's turns, moves played on a player's behalf, and the commands that read a match
//! (board, list, history, export, rules, help). Play names no feature above it.

pub(crate) mod ballots;
pub(crate) mod challenge;
pub(crate) mod challenge_answers;
pub mod computer;
pub(crate) mod help;
pub(crate) mod moves;
pub(crate) mod on_behalf;
pub(crate) mod posts;
pub(crate) mod read_commands;
pub(crate) mod rite_steps;
pub(crate) mod vote_turns;
