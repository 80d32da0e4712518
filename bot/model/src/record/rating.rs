//! The stored rating of a player in one game, and what a rated game changed (docs/ratings.md).
//! The rating rules themselves are the application's.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::Glicko2Rating;

use super::RECORD_VERSION;
use crate::ids::UserId;

/// A rating whose deviation is above this is provisional (Lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// One player's rating in one game (`rating/<game>/<user>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRecord {
    pub v: u32,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The last rated match: `lalao check` replays the matches in order up to it.
    pub last_match: Option<u64>,
    /// The rated games of the last [`FARMING_WINDOW`] (opponent, finished at): repeated games
    /// against one opponent count only [`FARMING_LIMIT`] times in that window.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recent: Vec<(UserId, u64)>,
    /// When the rated games of the last [`FARMING_WINDOW`] that this player, provisional,
    /// played against a provisional opponent finished: only [`PROVISIONAL_LIMIT`] count.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recent_provisional: Vec<u64>,
    /// The win against the highest-rated opponent (their rating before the game), for
    /// `profile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_win: Option<BestWin>,
    /// The current run of results: `n > 0` wins in a row, `n < 0` losses in a row, 0 after a
    /// draw (or before any game).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub streak: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// A player's best rated win: whom they beat, at what rating, in which match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BestWin {
    pub opponent: UserId,
    pub rating: f64,
    pub match_id: u64,
}

/// Within this window (seconds)…
pub const FARMING_WINDOW: u64 = 24 * 3600;
/// …only this many games between the same two players are rated, so that ratings cannot be
/// farmed by playing one friend over and over.
pub const FARMING_LIMIT: usize = 3;
/// …and only this many games of a provisional player against provisional opponents, so that a
/// handful of fresh accounts cannot farm each other's ratings (each pair within its own limit).
pub const PROVISIONAL_LIMIT: usize = 6;

impl Default for RatingRecord {
    fn default() -> RatingRecord {
        let start = Glicko2Rating::new();
        RatingRecord {
            v: RECORD_VERSION,
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            last_match: None,
            recent: Vec::new(),
            recent_provisional: Vec::new(),
            best_win: None,
            streak: 0,
        }
    }
}

impl RatingRecord {
    /// Whether the rating is still provisional (too few games to be sure of it).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// Whether a game against `opponent`, rated `theirs`, finished at `at` still counts: fewer
    /// than [`FARMING_LIMIT`] rated games against them in the [`FARMING_WINDOW`] before it, and
    /// between two provisional players, fewer than [`PROVISIONAL_LIMIT`] games of either
    /// against provisional opponents.
    pub fn counts_against(&self, opponent: &UserId, theirs: &RatingRecord, at: u64) -> bool {
        let since = at.saturating_sub(FARMING_WINDOW);
        let against_them = self
            .recent
            .iter()
            .filter(|(who, when)| who == opponent && *when > since)
            .count();
        let provisional_games = |record: &RatingRecord| {
            record
                .recent_provisional
                .iter()
                .filter(|when| **when > since)
                .count()
        };
        let both_provisional = self.is_provisional() && theirs.is_provisional();
        against_them < FARMING_LIMIT
            && !(both_provisional
                && (provisional_games(self) >= PROVISIONAL_LIMIT
                    || provisional_games(theirs) >= PROVISIONAL_LIMIT))
    }

    /// Records a rated game against `opponent` at `at` (`both_provisional`: played while both
    /// ratings were provisional), forgetting those out of the window.
    pub fn remember(&mut self, opponent: &UserId, both_provisional: bool, at: u64) {
        let since = at.saturating_sub(FARMING_WINDOW);
        self.recent.retain(|(_, when)| *when > since);
        self.recent.push((opponent.clone(), at));
        self.recent_provisional.retain(|when| *when > since);
        if both_provisional {
            self.recent_provisional.push(at);
        }
    }

    /// `1520`, or `1520?` while provisional.
    pub fn shown(&self) -> String {
        let mark = if self.deviation > PROVISIONAL_DEVIATION {
            "?"
        } else {
            ""
        };
        format!("{}{mark}", self.rating.round() as i64)
    }
}

/// What a rated game did to one player's rating, kept on the match for the end-of-game message
/// and profiles.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
    /// The deviation after the game: whether the new rating is provisional.
    pub deviation: f64,
}

impl RatingChange {
    /// `1512 (+12)`, `1488? (−12)`.
    pub fn shown(&self) -> String {
        let after = RatingRecord {
            rating: self.after,
            deviation: self.deviation,
            ..RatingRecord::default()
        };
        let delta = self.after.round() as i64 - self.before.round() as i64;
        let sign = match delta {
            d if d > 0 => "+",
            d if d < 0 => "−",
            _ => "±",
        };
        format!("{} ({sign}{})", after.shown(), delta.abs())
    }
}
