//! Which puzzle comes next for a solver (the nearest to their rating among those not tried, no
//! larger than a young class can read for homework) and what one try does to both ratings.

use lalao_core::GameKind;
use lalao_learn::puzzles::Puzzle;

use crate::record::{self, PuzzleRating, PuzzleStats};
use crate::teach::puzzle_rating::rate_puzzle;

/// One try at `puzzle` (its id `id`, its rating record `rating`) in the solver's `stats`: the
/// solver's rating, counts, streak and tried puzzles after it, and the puzzle's record after it.
pub(crate) fn one_try(
    stats: &mut PuzzleStats,
    rating: &PuzzleRating,
    id: &str,
    solved: bool,
) -> PuzzleRating {
    let (solver, rated) = rate_puzzle(stats.rating, rating.rating, solved);
    stats.rating = solver;
    let mut after = rating.clone();
    after.v = record::RECORD_VERSION;
    after.rating = rated;
    if solved {
        stats.solved += 1;
        stats.streak += 1;
        stats.best_streak = stats.best_streak.max(stats.streak);
        after.solved += 1;
    } else {
        stats.failed += 1;
        stats.streak = 0;
        after.failed += 1;
    }
    if let Some(number) = puzzle_number(id) {
        if !stats.tried.contains(&number) {
            stats.tried.push(number);
        }
    }
    after
}

/// The puzzle `puzzle <game>` gives next: among those not tried yet (all of them again once
/// every one was), the one whose bundled rating is nearest the solver's; the first on a tie.
pub(crate) fn next_puzzle(game: GameKind, stats: &PuzzleStats) -> (u32, &'static Puzzle) {
    next_puzzle_among(game, stats, |_| true)
}

/// The puzzle a class gives next (homework, the class's own board): as [`next_puzzle`], among
/// those fit for young pupils: a fano board of at most 7 cells.
pub(crate) fn next_class_puzzle(game: GameKind, stats: &PuzzleStats) -> (u32, &'static Puzzle) {
    next_puzzle_among(game, stats, |puzzle| {
        game != GameKind::Fano
            || puzzle
                .position
                .split(' ')
                .next()
                .is_some_and(|cells| cells.chars().count() <= CLASS_FANO_CELLS)
    })
}

/// The largest fano board a class's puzzles are on.
const CLASS_FANO_CELLS: usize = 7;

fn next_puzzle_among(
    game: GameKind,
    stats: &PuzzleStats,
    fits: impl Fn(&Puzzle) -> bool,
) -> (u32, &'static Puzzle) {
    let set = lalao_learn::puzzles::bundled(game);
    let numbered = || {
        set.puzzles
            .iter()
            .enumerate()
            .map(|(index, puzzle)| (index as u32 + 1, puzzle))
            .filter(|(_, puzzle)| fits(puzzle))
    };
    let fresh: Vec<(u32, &Puzzle)> = numbered()
        .filter(|(number, _)| !stats.tried.contains(number))
        .collect();
    let pool = if fresh.is_empty() {
        numbered().collect()
    } else {
        fresh
    };
    let target = stats.rating.rating;
    pool.into_iter()
        .min_by(|(a_number, a), (b_number, b)| {
            let distance = |puzzle: &Puzzle| (f64::from(puzzle.rating) - target).abs();
            distance(a).total_cmp(&distance(b)).then(a_number.cmp(b_number))
        })
        .expect("every game has bundled puzzles")
}

/// A puzzle id's number (`katro-0042` → 42).
fn puzzle_number(id: &str) -> Option<u32> {
    id.rsplit('-').next()?.parse().ok()
}
