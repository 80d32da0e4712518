//! lalao-core: the rules of the five lalao games.
//!
//! Pure, synchronous and deterministic: no I/O, no async, no platform or storage types.
//! Every game implements [`Game`]; [`AnyGame`] wraps them for code that works on any game
//! through the canonical text notations (the bot, `lalao rules`).
//!
//! Rule numbers (F-6, S-10, K-8, …) refer to `shared/RULES.md`, the rules contract.

pub mod ai;
pub mod any;
pub mod engehe;
pub mod error;
pub mod event;
pub mod fano;
pub mod game;
pub mod katro;
pub mod mangala;
pub mod outcome;
pub mod protocol;
pub mod rng;
pub mod samantsy;
pub mod side;
pub mod sowing;

pub use any::{AnyGame, STATE_FORMAT_VERSION};
pub use error::{CoreError, IllegalReason};
pub use event::Event;
pub use game::{Game, GameKind, NodeBudget, PerftTooLarge};
pub use outcome::{Outcome, Reason, Winner};
pub use side::Side;
