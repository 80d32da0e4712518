//! lalao-app: the application every adapter shares — the records ([`record`]), the one command
//! grammar ([`command`]), the match service ([`service`]) on a small storage seam ([`store`]),
//! classroom mode ([`class`]) and the scheduler ([`schedule`]).
//!
//! Invariants: no chat platform and no async runtime here (the crate does not depend on tokio,
//! serenity or matrix-sdk); no sled type outside `store::sled_store`; user-facing words only in
//! `locales/`.

pub mod class;
pub mod clock;
mod dispatch;
mod facade;
pub mod fuzz;
pub mod i18n;
pub(crate) mod kernel;
pub(crate) mod ops;
pub(crate) mod pages;
pub(crate) mod play;
pub mod ratings;
pub mod schedule;
pub(crate) mod seats;
pub mod shown;
pub(crate) mod social;
pub mod store;
pub(crate) mod teach;
#[cfg(test)]
mod testing;
pub(crate) mod time;

pub use facade::Service;
pub use kernel::changes;
pub use kernel::health::{Check, Readiness};
pub use kernel::metrics::Metrics;
pub use kernel::presence::Presence;
pub use kernel::public_ids::is_public_id;
pub use kernel::scheduling;
pub use kernel::{
    Action, AnimationOrder, Audience, Context, Defaults, Document, FixedSeeds, Kind, LiveLink, LiveReview,
    MatchRef, Message, Offer, OsSeeds, Outcome, PictureOrder, Reply, SeedSource, Tapped,
};
pub use lalao_grammar as command;
pub use lalao_model::{ids, record, rite};
pub use ops::upkeep::StoreCheck;
pub use pages::live::{LiveView, PageRead, Unreachable};
pub use play::computer;
