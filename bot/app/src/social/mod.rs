//! What players share beyond one match: their settings and names, ratings, profiles and
//! leaderboards.

pub(crate) mod channel;
pub(crate) mod leaderboard;
pub(crate) mod preferences;
