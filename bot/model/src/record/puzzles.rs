//! What puzzles leave in the store (docs/puzzles.md): where a puzzle stands in its match, a
//! player's puzzle rating and streak per game, and each puzzle's own rating, which moves as
//! players solve or fail it (Lichess's way: a puzzle is an opponent).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::RECORD_VERSION;
use crate::ids::UserId;

/// Where a puzzle stands in its match (a practice match of its solver).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleLink {
    /// The bundled puzzle's id (`katro-0042`), stable across releases.
    pub id: String,
    /// The index in the puzzle's line of the solver's next move (0, 2, 4, …).
    pub ply: u32,
    /// The solver's answer that failed it, once failed; `None` while going on or once solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_with: Option<String>,
    /// The channel's daily puzzle this is (the post's number, [`DailyPuzzle::day`]): its end
    /// is written to that day's [`DailyRecord`] too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<u64>,
    /// Homework on a class seat (`class homework`): the puzzles still to give after this one,
    /// and how many the homework has in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homework: Option<(u32, u32)>,
}

/// A Glicko-2 rating: a player's in one game's puzzles, or one puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Glicko {
    /// Glicko-2's start: 1500, RD 350, volatility 0.06.
    pub const START: Glicko = Glicko {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
}

/// A player's puzzles in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleStats {
    pub rating: Glicko,
    pub solved: u32,
    pub failed: u32,
    /// Puzzles solved in a row, up to now.
    pub streak: u32,
    pub best_streak: u32,
    /// The puzzles tried (solved or failed), by number in the game's set: never given again
    /// until every puzzle has been tried.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<u32>,
}

impl Default for PuzzleStats {
    fn default() -> PuzzleStats {
        PuzzleStats {
            rating: Glicko::START,
            solved: 0,
            failed: 0,
            streak: 0,
            best_streak: 0,
            tried: Vec::new(),
        }
    }
}

// A player record compares as a whole; ratings are finite (Glicko-2 of finite ratings), so
// equality is reflexive.
impl Eq for PuzzleStats {}

/// A player's puzzles, by game id.
pub type Puzzles = BTreeMap<String, PuzzleStats>;

/// One puzzle's rating (`puzzle/<game>/<puzzle id>`), made on its first try from the rating it
/// was bundled with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    pub v: u32,
    pub rating: Glicko,
    pub solved: u32,
    pub failed: u32,
}

impl PuzzleRating {
    /// A puzzle's record before its first try: its bundled rating, with the deviation of a
    /// rating not yet played against anyone (Lichess starts puzzles the same way).
    pub fn new(bundled: u32) -> PuzzleRating {
        PuzzleRating {
            v: RECORD_VERSION,
            rating: Glicko {
                rating: f64::from(bundled),
                ..Glicko::START
            },
            solved: 0,
            failed: 0,
        }
    }
}

/// A channel's daily puzzle (`channel puzzle=daily`), on its channel record: one post a day,
/// each member solving it privately, and the day's solvers listed half a day after the post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    /// The game of every day's puzzle, by id; `None`: the five games in turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// When the next post is due (its timer: `timer/<due>/c<channel>\0daily-post`).
    pub next_post: u64,
    /// When the current day's solvers are listed, until they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listing: Option<u64>,
    /// Posts made so far: the current day's number (0 before the first post).
    pub day: u64,
    /// The current day's puzzle id, once posted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
}

/// Who tried a channel's daily puzzle of one day (`daily/<channel>\0<day>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRecord {
    pub v: u32,
    pub puzzle: String,
    pub solved: Vec<UserId>,
    pub missed: Vec<UserId>,
}
