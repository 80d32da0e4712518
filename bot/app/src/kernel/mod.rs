//! The application's kernel, naming no feature: context, reads, the one checked commit and the
//! policies inside it, replies, wording, lookups, health, metrics, the seams above.

pub(crate) mod app;
pub(crate) mod board_reply;
pub mod changes;
pub(crate) mod channels;
pub(crate) mod class_matches;
pub(crate) mod class_seats;
pub(crate) mod commit;
pub(crate) mod context;
pub(crate) mod durations;
pub(crate) mod events;
pub(crate) mod family;
pub mod health;
pub(crate) mod kind_level;
pub(crate) mod lookups;
pub(crate) mod match_clock;
pub mod metrics;
pub(crate) mod new_matches;
pub(crate) mod notices;
pub mod presence;
pub(crate) mod public_ids;
pub(crate) mod queries;
pub(crate) mod rating;
pub(crate) mod reads;
pub(crate) mod reply;
pub mod scheduling;
pub(crate) mod thinking;
pub(crate) mod wording;

pub(crate) use app::App;
pub(crate) use app::{Classroom, Teaching};
pub use context::{Context, Defaults, FixedSeeds, OsSeeds, SeedSource};
pub(crate) use context::{Fail, Prefs};
pub(crate) use durations::duration_text;
pub use reply::{
    Action, AnimationOrder, Audience, Document, Kind, LiveLink, LiveReview, MatchRef, Message, Offer,
    Outcome, PictureOrder, Reply, Tapped,
};
