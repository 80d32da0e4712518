//! A puzzle solver's rating: Glicko-2 with the puzzle as the solver's opponent, as Lichess rates
//! puzzles, and how it is shown.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use lalao_core::GameKind;
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::kernel::wording::game_name;
use crate::ratings::{PROVISIONAL_DEVIATION, TAU};
use crate::record::{Glicko, PlayerRecord, PuzzleStats, RatingChange};
use crate::teach::activity::typed;

/// A solver's and a puzzle's ratings after one try (`solved` or not), the puzzle playing the
/// solver's opponent, as Lichess rates puzzles.
pub fn rate_puzzle(solver: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let of = |rating: Glicko| Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    };
    let back = |rating: Glicko2Rating| Glicko {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    };
    let (solver, puzzle) = glicko2(&of(solver), &of(puzzle), &outcome, &config);
    (back(solver), back(puzzle))
}

/// A solver's rating as shown: `1520`, or `1500?` while provisional, or `—` before any puzzle.
pub(crate) fn puzzle_rating_shown(stats: &PuzzleStats) -> String {
    if stats.solved + stats.failed == 0 {
        "—".to_owned()
    } else if stats.rating.deviation > PROVISIONAL_DEVIATION {
        format!("{}?", stats.rating.rating.round() as i64)
    } else {
        format!("{}", stats.rating.rating.round() as i64)
    }
}

/// A player's puzzle rating in each game they tried puzzles in, as their profile shows it.
pub(crate) fn profile_lines(locale: Locale, player: Option<&PlayerRecord>) -> Vec<String> {
    let Some(player) = player else {
        return Vec::new();
    };
    GameKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let stats = player
                .puzzles
                .get(kind.id())
                .filter(|stats| stats.solved + stats.failed > 0)?;
            Some(t(
                locale,
                "profile-puzzles",
                &[
                    ("game", game_name(locale, kind)),
                    ("rating", puzzle_rating_shown(stats)),
                    ("solved", stats.solved.to_string()),
                    ("tried", (stats.solved + stats.failed).to_string()),
                    ("streak", stats.streak.to_string()),
                    ("best", stats.best_streak.to_string()),
                ],
            ))
        })
        .collect()
}

/// The solver's puzzle rating after a try, with what a provisional rating's "?" means.
pub(crate) fn rating_after(locale: Locale, kind: GameKind, change: &RatingChange, streak: u32) -> String {
    let mut text = t(
        locale,
        "puzzle-rating-after",
        &[
            ("game", game_name(locale, kind)),
            ("rating", change.shown()),
            ("streak", streak.to_string()),
            ("command", typed(locale, "puzzle", kind.id())),
        ],
    );
    if change.shown().contains('?') {
        text.push(' ');
        text.push_str(&t(locale, "rating-provisional-note", &[]));
    }
    text
}
