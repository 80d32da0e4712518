//! The review of a finished match: the engine goes over every move and names the mistakes.
//!
//! The match is replayed from its start (so the rules that depend on history, fano's F-8 and
//! the mancalas' repetition, see the positions as they were played). At each ply the search
//! scores every legal move exactly (the puzzles' [`root_search`]) at a fixed node budget, and the
//! played move is judged by how much less it scored than the best, in hundredths of the game's
//! unit (seeds, pawns, zazas): under [`INACCURACY`] it is good, then an inaccuracy, a
//! [`MISTAKE`], a [`BLUNDER`] ([`thresholds`]: Katro's are doubled). Letting a proved win go, or walking into a proved loss that
//! another move avoided, is a blunder whatever the units. A marked move keeps the better move,
//! what it would have done at once (a capture, a win: a missed chance) and what the played move
//! cost. A position with one legal move (Mangala IV always, RULES.md M-4) is never judged.
//!
//! Pure and deterministic: no clock, a fixed seed, and budgets in nodes. The whole review has
//! a node budget too ([`TOTAL_NODES`], and [`CONFIRM_NODES`] for the second looks): a long match
//! gets fewer nodes a ply, down to [`MIN_PLY_NODES`], and the plies past the budget stay unjudged (`docs/benchmarks.md` says how
//! long a review takes). A review that flags good moves loses trust faster than one that misses
//! some (`../shared/TEACHING.md`): the thresholds are wide, and the tests check every marked move
//! against a search with several times the budget.

use lalao_core::ai::search::WIN_BOUND;
use lalao_core::ai::Budget;
use lalao_core::{AnyGame, CoreError, GameKind, Side};

use crate::puzzles::generate::{find_budget, root_search};
use crate::Effect;

/// A move this much worse than the best (hundredths of the game's unit) is an inaccuracy.
pub const INACCURACY: i32 = 300;
/// … a mistake.
pub const MISTAKE: i32 = 600;
/// … a blunder.
pub const BLUNDER: i32 = 1200;

/// The three thresholds of `kind`'s moves: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`], doubled in
/// Katro, where captured seeds are sown again on the capturer's side (K-7), so a capture of
/// `n` seeds moves the difference in seeds by `2n`.
pub fn thresholds(kind: GameKind) -> [i32; 3] {
    let scale = seeds_a_capture_moves(kind);
    [INACCURACY * scale, MISTAKE * scale, BLUNDER * scale]
}

/// How much the evaluation's difference moves for each seed or piece that changes sides: 2 in
/// Katro (K-7), 1 elsewhere. A loss divided by it (and by 100) is what a pupil counts.
pub fn seeds_a_capture_moves(kind: GameKind) -> i32 {
    if kind == GameKind::Katro {
        2
    } else {
        1
    }
}

/// A loss (hundredths of the evaluation's unit) in whole seeds, pawns or zazas as a pupil
/// counts them, at least one.
pub fn units_lost(kind: GameKind, loss: i32) -> i32 {
    let hundredths = 100 * seeds_a_capture_moves(kind);
    ((loss + hundredths / 2) / hundredths).max(1)
}

/// The nodes one review's first looks at the moves may spend in all: up to 4 or 5 s on one
/// core (docs/benchmarks.md).
pub const TOTAL_NODES: u64 = 2_000_000;

/// The nodes the second looks at marked moves may spend in all ([`CONFIRM`]). Past it a move
/// is no longer marked: a review that misses a mistake is better than one that flags a good
/// move.
pub const CONFIRM_NODES: u64 = 1_000_000;

/// The fewest nodes a ply is judged with: below this the search is too shallow to trust, so a
/// very long match is judged at this budget until [`TOTAL_NODES`] runs out.
pub const MIN_PLY_NODES: u64 = 4_000;

/// A marked move is looked at again with this many times the nodes, and marked only as badly
/// as both searches agree.
pub const CONFIRM: u64 = 4;

/// The seed of every review search: fixed, so a review can be made again and checked.
const SEED: u64 = 0x7265_7669_6577;

/// What the review says of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The only legal move: nothing to judge.
    Forced,
    /// The move the search found best, or one scoring the same.
    Best,
    /// Less than [`INACCURACY`] below the best.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// Past the review's node budget: not looked at.
    Unjudged,
}

impl Verdict {
    /// The stable id (stored reviews, Fluent ids).
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Forced => "forced",
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
            Verdict::Unjudged => "unjudged",
        }
    }

    pub fn from_id(id: &str) -> Option<Verdict> {
        [
            Verdict::Forced,
            Verdict::Best,
            Verdict::Good,
            Verdict::Inaccuracy,
            Verdict::Mistake,
            Verdict::Blunder,
            Verdict::Unjudged,
        ]
        .into_iter()
        .find(|verdict| verdict.id() == id)
    }

    /// Whether the review found the move worse than the best by a threshold at least (an
    /// inaccuracy, a mistake, a blunder): it keeps the better move and looks again deeper.
    pub fn is_marked(self) -> bool {
        matches!(self, Verdict::Inaccuracy | Verdict::Mistake | Verdict::Blunder)
    }

    /// Whether the review names the move, with the better one, as one to learn from: mistakes
    /// and blunders. An inaccuracy is only counted ("1 small slip"): near its threshold a
    /// deeper search may well disagree, and a review that flags good moves loses trust.
    pub fn is_named(self) -> bool {
        matches!(self, Verdict::Mistake | Verdict::Blunder)
    }
}

/// A chance the better move had at once and the played move did not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// A capture: seeds (sowing games) or enemy pieces (fano, Samantsy).
    Capture(u32),
    /// A win: at once, or proved by the search.
    Win,
}

/// A proved result the played move changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proved {
    /// The mover had a proved win and the played move let it go.
    WinLetGo,
    /// Another move held on, and the played move loses by force.
    LossWalkedInto,
}

/// The review of one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The ply's index in the match's move list (0 for the first move).
    pub ply: usize,
    pub side: Side,
    /// The move played, in canonical notation.
    pub played: String,
    pub verdict: Verdict,
    /// The search's best move, when the played move is marked.
    pub better: Option<String>,
    /// How much less the played move scored than the best, in hundredths of the game's unit
    /// (0 when a proved result is in play: see `proved`).
    pub loss: i32,
    /// A proved win let go, or a proved loss walked into.
    pub proved: Option<Proved>,
    /// What the better move would have taken that the played move did not.
    pub missed: Option<Chance>,
    /// What the played move captured at once (seeds or pieces).
    pub captured: u32,
}

/// One side's moves, counted by verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Best and good moves.
    pub good: u32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub missed_captures: u32,
    pub missed_wins: u32,
    pub forced: u32,
}

/// The review of a whole match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    pub plies: Vec<PlyReview>,
    /// The nodes every search of the review spent.
    pub nodes: u64,
    /// The nodes each judged ply was given.
    pub ply_nodes: u64,
}

impl Review {
    /// Whether every move was looked at (the node budget did not run out).
    pub fn complete(&self) -> bool {
        self.plies.iter().all(|ply| ply.verdict != Verdict::Unjudged)
    }

    /// The moves the review names, the worst first (then in the order played).
    pub fn worst_first(&self) -> Vec<&PlyReview> {
        let mut marked: Vec<&PlyReview> = self.plies.iter().filter(|ply| ply.verdict.is_named()).collect();
        marked.sort_by_key(|ply| (std::cmp::Reverse(severity(ply)), ply.ply));
        marked
    }

    /// `side`'s moves, counted.
    pub fn tally(&self, side: Side) -> Tally {
        let mut tally = Tally::default();
        for ply in self.plies.iter().filter(|ply| ply.side == side) {
            match ply.verdict {
                Verdict::Best | Verdict::Good => tally.good += 1,
                Verdict::Inaccuracy => tally.inaccuracies += 1,
                Verdict::Mistake => tally.mistakes += 1,
                Verdict::Blunder => tally.blunders += 1,
                Verdict::Forced => tally.forced += 1,
                Verdict::Unjudged => {}
            }
            match ply.missed.filter(|_| ply.verdict.is_named()) {
                Some(Chance::Capture(_)) => tally.missed_captures += 1,
                Some(Chance::Win) => tally.missed_wins += 1,
                None => {}
            }
        }
        tally
    }
}

/// How bad a marked move is, for ordering: proved results first, then by the loss.
fn severity(ply: &PlyReview) -> i64 {
    match ply.proved {
        Some(_) => i64::MAX,
        None => i64::from(ply.loss),
    }
}

/// The nodes each judged ply gets when `choices` plies of a match have a choice, for a game
/// whose hard level searches `hard` nodes: the hard level's budget while the whole review fits
/// in [`TOTAL_NODES`], less for a long match, never below [`MIN_PLY_NODES`].
pub fn ply_nodes(hard: u64, choices: usize) -> u64 {
    let share = TOTAL_NODES / (choices.max(1) as u64);
    hard.min(share).max(MIN_PLY_NODES.min(hard))
}

/// Reviews the match that starts at `start` and plays `moves` (canonical notation, as stored).
/// A move the rules refuse is an error: a stored match is replayed as it was played.
pub fn review(start: &AnyGame, moves: &[String]) -> Result<Review, CoreError> {
    review_with(start, moves, 1)
}

/// [`review`] with `factor` times the nodes a ply: the tests check a review against a deeper one.
pub fn review_with(start: &AnyGame, moves: &[String], factor: u64) -> Result<Review, CoreError> {
    // The positions first: how many have a choice decides each ply's share of the budget.
    let mut positions = Vec::with_capacity(moves.len());
    let mut game = start.clone();
    for played in moves {
        positions.push(game.clone());
        game.play(played)?;
    }
    let choices = positions
        .iter()
        .filter(|position| position.legal_moves().len() > 1)
        .count();
    let hard = find_budget(start);
    let nodes_a_ply = ply_nodes(hard.max_nodes, choices) * factor;
    let budget = Budget {
        max_nodes: nodes_a_ply,
        ..hard
    };
    let (mut spent, mut confirming) = (0, 0);
    let mut plies = Vec::with_capacity(moves.len());
    for (index, (position, played)) in positions.iter().zip(moves).enumerate() {
        let side = position.to_move();
        let captured = crate::effect_of(position, played).unwrap_or_default();
        let mut ply = PlyReview {
            ply: index,
            side,
            played: played.clone(),
            verdict: Verdict::Forced,
            better: None,
            loss: 0,
            proved: None,
            missed: None,
            captured: captured.seeds + captured.pieces as u32,
        };
        if position.legal_moves().len() > 1 {
            if spent >= TOTAL_NODES * factor {
                ply.verdict = Verdict::Unjudged;
            } else {
                let scores = root_search(position, budget, SEED);
                spent += scores.nodes;
                judge(position, &scores.moves, &mut ply);
                if ply.verdict.is_marked() && confirming >= CONFIRM_NODES * factor {
                    ply = PlyReview {
                        verdict: Verdict::Good,
                        loss: 0,
                        proved: None,
                        ..ply
                    };
                } else if ply.verdict.is_marked() {
                    // A mark must survive a deeper look: the horizon of one search (a capture
                    // just past it) is not a pupil's mistake.
                    let first = ply.clone();
                    let deeper = Budget {
                        max_nodes: nodes_a_ply * CONFIRM,
                        ..budget
                    };
                    let scores = root_search(position, deeper, SEED);
                    confirming += scores.nodes;
                    judge(position, &scores.moves, &mut ply);
                    ply = milder(first, ply);
                }
            }
        }
        plies.push(ply);
    }
    Ok(Review {
        plies,
        nodes: spent + confirming,
        ply_nodes: nodes_a_ply,
    })
}

/// Of two judgements of one move, the milder: a move is marked only as badly as both searches
/// agree it is, and with the deeper search's better move.
fn milder(first: PlyReview, deeper: PlyReview) -> PlyReview {
    if !deeper.verdict.is_marked() || !first.verdict.is_marked() {
        return if deeper.verdict.is_marked() { first } else { deeper };
    }
    match (first.proved, deeper.proved) {
        // Both proved: the deeper proof stands.
        (Some(_), Some(_)) => deeper,
        // One proved: the other's units say how bad it is.
        (Some(_), None) => deeper,
        (None, Some(_)) => PlyReview {
            better: deeper.better,
            missed: deeper.missed,
            ..first
        },
        (None, None) if first.loss < deeper.loss => PlyReview {
            better: deeper.better,
            missed: deeper.missed,
            ..first
        },
        (None, None) => deeper,
    }
}

/// Judges `ply` (its move played from `position`) by the root scores of `position`.
fn judge(position: &AnyGame, scores: &[(String, i32)], ply: &mut PlyReview) {
    let Some((best, best_score)) = scores.first().cloned() else {
        ply.verdict = Verdict::Unjudged;
        return;
    };
    let Some(played_score) = scores
        .iter()
        .find(|(mv, _)| *mv == ply.played)
        .map(|(_, score)| *score)
    else {
        ply.verdict = Verdict::Unjudged;
        return;
    };
    let (verdict, loss, proved) = if best_score >= WIN_BOUND && played_score < WIN_BOUND {
        (Verdict::Blunder, 0, Some(Proved::WinLetGo))
    } else if played_score <= -WIN_BOUND && best_score > -WIN_BOUND {
        (Verdict::Blunder, 0, Some(Proved::LossWalkedInto))
    } else if best_score.abs() >= WIN_BOUND || played_score.abs() >= WIN_BOUND {
        // Won whatever is played, or lost whatever is played: nothing to learn from the units.
        (Verdict::Good, 0, None)
    } else {
        let loss = best_score - played_score;
        let [inaccuracy, mistake, blunder] = thresholds(position.kind());
        let verdict = match loss {
            0 => Verdict::Best,
            loss if loss < inaccuracy => Verdict::Good,
            loss if loss < mistake => Verdict::Inaccuracy,
            loss if loss < blunder => Verdict::Mistake,
            _ => Verdict::Blunder,
        };
        (verdict, loss, None)
    };
    let verdict = if best == ply.played && verdict <= Verdict::Good {
        Verdict::Best
    } else {
        verdict
    };
    ply.verdict = verdict;
    ply.loss = loss;
    ply.proved = proved;
    if !verdict.is_marked() {
        return;
    }
    let effect = crate::effect_of(position, &best).unwrap_or_default();
    let played = crate::effect_of(position, &ply.played).unwrap_or_default();
    ply.missed = if (effect.wins || proved == Some(Proved::WinLetGo)) && !played.wins {
        Some(Chance::Win)
    } else if capture_of(&effect) > capture_of(&played) {
        Some(Chance::Capture(capture_of(&effect)))
    } else {
        None
    };
    ply.better = Some(best);
}

/// What a move captured at once: seeds or pieces.
fn capture_of(effect: &Effect) -> u32 {
    effect.seeds + effect.pieces as u32
}

#[cfg(test)]
mod tests;
