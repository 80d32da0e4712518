//! lalao-app: the application every adapter shares — the records ([`record`]), the one command
//! grammar ([`command`]), the match service ([`service`]) on a small storage seam ([`store`]),
//! classroom mode ([`class`]) and the scheduler ([`schedule`]).
//!
//! Invariants: no chat platform and no async runtime here (the crate does not depend on tokio,
//! serenity or matrix-sdk); no sled type outside `store::sled_store`; user-facing words only in
//! `locales/`.

pub mod class;
pub mod clock;
mod facade;
pub mod fuzz;
pub mod i18n;
pub mod ratings;
pub mod schedule;
pub(crate) mod seats;
pub mod service;
pub mod shown;
pub mod store;
pub(crate) mod teach;

pub use facade::Service;
pub use lalao_grammar as command;
pub use lalao_model::{ids, record, rite};
pub use service::{Audience, Context, Defaults, Kind, Message, Reply};
