//! Glicko-2 ratings per game, as Lichess rates: every rated game updates both
//! players at once, from 1500, RD 350, volatility 0.06, with τ = [`TAU`]. A rating is
//! provisional while its RD is above [`PROVISIONAL_DEVIATION`] and shown as `1520?`. The
//! formulas are `skillratings`'s, checked here against Glickman's worked example.
//!
//! Which games count ([`is_rated`]): a game between two people in the standard rules of a game,
//! finished by the rules, a resignation, a draw agreed or a time-out. Practice, the computer,
//! class matches, variants and options, and Mangala IV (whose moves are all forced once the
//! coin game is over) are never rated; an aborted or cancelled match never finishes, and a
//! game that ends before both sides have moved is not rated. Within a day, the same two players
//! are rated [`FARMING_LIMIT`] times at most, and a provisional player against provisional
//! opponents [`PROVISIONAL_LIMIT`] times (`RatingRecord::counts_against`).

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use lalao_core::any::AnyOptions;
use lalao_core::{GameKind, Side, Winner};

use crate::ids::is_computer;
pub use crate::record::{
    BestWin, RatingChange, RatingRecord, FARMING_LIMIT, FARMING_WINDOW, PROVISIONAL_DEVIATION,
    PROVISIONAL_LIMIT,
};
use crate::record::{Ending, MatchRecord, Stage, RECORD_VERSION};

/// Glicko-2's system constant: how fast volatility may change. Glickman suggests 0.3 to 1.2;
/// 0.5 is skillratings's default and a common choice (documented in docs/ratings.md).
pub const TAU: f64 = 0.5;

/// A game's result for the first of two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Loss,
    Draw,
}

fn glicko(record: &RatingRecord) -> Glicko2Rating {
    Glicko2Rating {
        rating: record.rating,
        deviation: record.deviation,
        volatility: record.volatility,
    }
}

/// Both players' ratings after a game between them: `first` scored `score`.
pub fn rate(
    first: &RatingRecord,
    second: &RatingRecord,
    score: Score,
    match_id: u64,
) -> (RatingRecord, RatingRecord) {
    let outcome = match score {
        Score::Win => Outcomes::WIN,
        Score::Loss => Outcomes::LOSS,
        Score::Draw => Outcomes::DRAW,
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (a, b) = glicko2(&glicko(first), &glicko(second), &outcome, &config);
    let after = |old: &RatingRecord, new: Glicko2Rating, score: Score| {
        let mut record = old.clone();
        record.v = RECORD_VERSION;
        record.rating = new.rating;
        record.deviation = new.deviation;
        record.volatility = new.volatility;
        record.games += 1;
        match score {
            Score::Win => record.wins += 1,
            Score::Loss => record.losses += 1,
            Score::Draw => record.draws += 1,
        }
        record.last_match = Some(match_id);
        record
    };
    let mirrored = match score {
        Score::Win => Score::Loss,
        Score::Loss => Score::Win,
        Score::Draw => Score::Draw,
    };
    (after(first, a, score), after(second, b, mirrored))
}

/// A rated game between `players` (`score` is the first's), finished at `at` in match
/// `match_id`: both players' records after it, with the anti-farming memory, best wins and
/// streaks brought up to date. The service and `lalao check`'s replay both rate through this,
/// so a replay gives exactly what was stored.
pub fn rate_game(
    before: [&RatingRecord; 2],
    players: &[crate::ids::UserId; 2],
    score: Score,
    match_id: u64,
    at: u64,
) -> [RatingRecord; 2] {
    let (first, second) = rate(before[0], before[1], score, match_id);
    let mirrored = match score {
        Score::Win => Score::Loss,
        Score::Loss => Score::Win,
        Score::Draw => Score::Draw,
    };
    let mut after = [first, second];
    let both_provisional = before.iter().all(|record| record.is_provisional());
    for (seat, record) in after.iter_mut().enumerate() {
        let (opponent, opponent_before) = (&players[1 - seat], before[1 - seat]);
        let score = if seat == 0 { score } else { mirrored };
        record.remember(opponent, both_provisional, at);
        record.streak = match score {
            Score::Win => record.streak.max(0) + 1,
            Score::Loss => record.streak.min(0) - 1,
            Score::Draw => 0,
        };
        let better = record
            .best_win
            .as_ref()
            .is_none_or(|best| opponent_before.rating > best.rating);
        if score == Score::Win && better {
            record.best_win = Some(BestWin {
                opponent: opponent.clone(),
                rating: opponent_before.rating,
                match_id,
            });
        }
    }
    after
}

/// Whether a finished match counts for ratings (see the module's rules).
pub fn is_rated(record: &MatchRecord) -> bool {
    let Some(players) = &record.players else {
        return false;
    };
    let standard = AnyOptions::from_json(record.game, &record.options, &record.variants)
        .ok()
        .zip(AnyOptions::standard(record.game).ok())
        .is_some_and(|(options, standard)| options == standard);
    !record.practice
        && !record.unrated
        && crate::seats::Seating::of(record).may_be_rated()
        && record.computer.is_none()
        && players[0] != players[1]
        && !players.iter().any(is_computer)
        && record.game != GameKind::Mangala
        && record.variants.is_empty()
        // A set position is a study, not a game from the start.
        && record.start.is_none()
        && standard
        && score(record).is_some()
        // Last: a replay, and every commit of a match asks (only a finished one gets here).
        && both_sides_moved(record)
}

/// Whether each side made a move. A game given up, timed out or cancelled before both players
/// moved is an abort, as on Lichess: not a result. (It also keeps one move and a resignation
/// from being a rated win between accounts made for it.)
pub fn both_sides_moved(record: &MatchRecord) -> bool {
    let movers = record.movers();
    Side::BOTH.iter().all(|side| movers.contains(side))
}

/// Takes `rated=no|yes` (`classee=non|oui`) out of a challenge's options and the words
/// `friendly` / `unrated` / `amical` out of its variants: whether the game is to be unrated.
/// `Err`: the value of `rated=` that is neither.
pub fn take_unrated(options: &mut Vec<(String, String)>, variants: &mut Vec<String>) -> Result<bool, String> {
    let mut unrated = false;
    if let Some(at) = options
        .iter()
        .position(|(key, _)| matches!(key.to_lowercase().as_str(), "rated" | "classee" | "classée"))
    {
        let (_, value) = options.remove(at);
        unrated = match value.to_lowercase().as_str() {
            "no" | "non" | "off" | "false" => true,
            "yes" | "oui" | "on" | "true" => false,
            _ => return Err(value),
        };
    }
    let before = variants.len();
    variants.retain(|word| {
        !matches!(
            word.to_lowercase().as_str(),
            "friendly" | "unrated" | "amical" | "amicale"
        )
    });
    Ok(unrated || variants.len() != before)
}

/// The first player's score in a finished match, when its ending has a result that rates.
pub fn score(record: &MatchRecord) -> Option<Score> {
    let Stage::Finished { ending } = &record.stage else {
        return None;
    };
    let first_lost = |loser: Side| {
        if loser == Side::First {
            Score::Loss
        } else {
            Score::Win
        }
    };
    match ending {
        Ending::Game { outcome } => Some(match outcome.winner {
            Winner::Side(side) => first_lost(side.opponent()),
            Winner::Draw => Score::Draw,
        }),
        Ending::Resigned { side } | Ending::Timeout { side } => Some(first_lost(*side)),
        Ending::DrawAgreed => Some(Score::Draw),
        Ending::Adjudicated { .. } | Ending::ActivityDone => None,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use skillratings::glicko2::glicko2_rating_period;

    use super::*;

    /// Glickman, "Example of the Glicko-2 system" (2013): a 1500 / 200 / 0.06 player beats a
    /// 1400 / 30 player and loses to 1550 / 100 and 1700 / 300 in one rating period, τ = 0.5:
    /// 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickman_s_worked_example_comes_out_to_its_printed_numbers() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let after = glicko2_rating_period(&player, &results, &config);
        // The paper rounds its intermediate steps, so its printed figures are exact to their
        // last digit give or take one (unrounded: 1464.0507, 151.5165, 0.059996).
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!((after.deviation - 151.52).abs() < 0.01, "{}", after.deviation);
        assert!(
            (after.volatility - 0.05999).abs() < 0.00001,
            "{}",
            after.volatility
        );
    }

    #[test]
    fn a_new_rating_is_provisional_and_changes_are_shown_with_their_sign() {
        let new = RatingRecord::default();
        assert_eq!(new.shown(), "1500?");
        let (winner, loser) = rate(&new, &new, Score::Win, 7);
        assert_eq!((winner.games, winner.wins, winner.last_match), (1, 1, Some(7)));
        assert_eq!((loser.games, loser.losses), (1, 1));
        let change = RatingChange {
            before: new.rating,
            after: winner.rating,
            deviation: winner.deviation,
        };
        assert_eq!(change.shown(), "1662? (+162)");
        let change = RatingChange {
            before: new.rating,
            after: loser.rating,
            deviation: 100.0,
        };
        assert_eq!(change.shown(), "1338 (−162)");
    }

    fn rating() -> impl Strategy<Value = RatingRecord> {
        (1000.0f64..2500.0, 40.0f64..350.0, 0.04f64..0.08).prop_map(|(rating, deviation, volatility)| {
            RatingRecord {
                rating,
                deviation,
                volatility,
                ..RatingRecord::default()
            }
        })
    }

    proptest! {
        /// A win raises the winner and lowers the loser; a draw between equals moves neither
        /// rating. A game between players of one rating shrinks the deviation of an uncertain
        /// player (RD 100 or more); an upset may not, as it raises the volatility.
        #[test]
        fn results_move_ratings_the_right_way(a in rating(), b in rating()) {
            let (winner, loser) = rate(&a, &b, Score::Win, 1);
            prop_assert!(winner.rating > a.rating);
            prop_assert!(loser.rating < b.rating);
            let peer = RatingRecord { rating: a.rating, ..b.clone() };
            let (winner, loser) = rate(&a, &peer, Score::Win, 1);
            prop_assert!(a.deviation < 100.0 || winner.deviation < a.deviation);
            prop_assert!(peer.deviation < 100.0 || loser.deviation < peer.deviation);
            let (first, second) = rate(&a, &a, Score::Draw, 1);
            prop_assert!((first.rating - a.rating).abs() < 1e-9);
            prop_assert!((second.rating - a.rating).abs() < 1e-9);
        }
    }
}
