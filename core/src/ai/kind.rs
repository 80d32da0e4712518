//! `kind`: an opponent for young children, who should win about two games in three and learn
//! something from each.
//!
//! It plays like a beginner: it sees what its own move takes at once, but sees the answer to
//! that move (two plies deep) only some of the time, more often as its [`Strength`] grows; a
//! loss so large that anyone would see it (three units: a farasy, three pawns, three seeds) is
//! always seen, so it never gives everything away for nothing. It mostly plays the move that
//! looks best to it and otherwise any move that looks almost as good, so it takes a big capture
//! when one is offered but may miss a small one. It never walks into a loss in one, except when
//! the child has set up a winning finish: then it lets the child play it rather than block it.
//!
//! The strength is kept per player and game by the caller and moved by [`Strength::after`]
//! after each game: up after the child's wins, down after its losses, so that the child's
//! score settles near two in three.
//!
//! Pure and deterministic like the rest of `ai`: the same position, strength and seed give the
//! same move, and its cost is bounded (every move and every answer to it, nothing deeper).

use serde::{Deserialize, Serialize};

use super::search::{WIN, WIN_BOUND};
use super::{rng_for, Heuristics, Rng};
use crate::outcome::Winner;
use crate::side::Side;

/// How strongly `kind` plays, in thousandths: 0 is its weakest beginner, 1000 its best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Strength(u16);

/// The result of a game against `kind`, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    Won,
    Drew,
    Lost,
}

impl PlayerResult {
    /// The result of a game that ended with `winner`, for the player on `side`.
    pub fn of(winner: Winner, side: Side) -> PlayerResult {
        match winner {
            Winner::Draw => PlayerResult::Drew,
            Winner::Side(won) if won == side => PlayerResult::Won,
            Winner::Side(_) => PlayerResult::Lost,
        }
    }
}

impl Strength {
    pub const MIN: Strength = Strength(0);
    pub const MAX: Strength = Strength(1000);
    /// A new player's: a little above the weakest, so a first win comes soon but is not free.
    pub const START: Strength = Strength(300);

    /// The strength of `thousandths`, capped at [`Strength::MAX`].
    pub fn from_thousandths(thousandths: u16) -> Strength {
        Strength(thousandths.min(Strength::MAX.0))
    }

    pub fn thousandths(self) -> u16 {
        self.0
    }

    /// The strength as a fraction in [0, 1].
    pub fn fraction(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    /// The strength after a game the player finished with `result`: +0.05 after a win, −0.10
    /// after anything else (a draw is not the win a child hopes for), kept in [0, 1]. Its
    /// expected change is zero exactly when the player wins two games in three, so that is
    /// where it settles. Integer thousandths keep every stored value exact.
    pub fn after(self, result: PlayerResult) -> Strength {
        let change: i32 = match result {
            PlayerResult::Won => 50,
            PlayerResult::Drew | PlayerResult::Lost => -100,
        };
        Strength((i32::from(self.0) + change).clamp(0, i32::from(Strength::MAX.0)) as u16)
    }
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::START
    }
}

/// What `kind` can know of one of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Appraisal<M> {
    pub mv: M,
    /// The static value for the mover just after the move (what it takes at once).
    pub now: i32,
    /// The value after the opponent's best answer (static, two plies); `now` when the game is
    /// over or the mover moves again.
    pub answered: i32,
    /// Some answer wins the game for the opponent on the spot.
    pub loses_in_one: bool,
    /// The move itself wins the game.
    pub wins: bool,
}

/// The value of `state` for `side` (see [`super::search::WIN`] for finished games).
fn value_for<G: Heuristics>(state: &G, side: Side) -> i32 {
    match state.outcome() {
        Some(outcome) => match outcome.winner {
            Winner::Draw => 0,
            Winner::Side(winner) if winner == side => WIN,
            Winner::Side(_) => -WIN,
        },
        None if state.to_move() == side => state.evaluate(),
        None => -state.evaluate(),
    }
}

/// Every legal move of `game` with its values one and two plies deep, in legal-move order.
pub fn appraise<G: Heuristics>(game: &G) -> Vec<Appraisal<G::Move>> {
    let me = game.to_move();
    let mut appraisals = Vec::new();
    for mv in game.legal_moves() {
        let mut child = game.clone();
        if child.play_quietly(mv).is_err() {
            continue;
        }
        let now = value_for(&child, me);
        let mut answered = now;
        let mut loses_in_one = false;
        if child.outcome().is_none() && child.to_move() != me {
            answered = i32::MAX;
            for answer in child.legal_moves() {
                let mut grandchild = child.clone();
                if grandchild.play_quietly(answer).is_err() {
                    continue;
                }
                let value = value_for(&grandchild, me);
                loses_in_one |= value <= -WIN_BOUND;
                answered = answered.min(value);
            }
        }
        appraisals.push(Appraisal {
            mv,
            now,
            answered,
            loses_in_one,
            wins: now >= WIN_BOUND,
        });
    }
    appraisals
}

/// The moves `kind` may consider. When a third of its moves or more leave the player a win in
/// one, the player has set up a finish (a careless move of its own rarely gives so many): only the moves that leave it are kept (and not a win of its
/// own, which would snatch the game away), so the child gets to play it. Otherwise the moves
/// that lose in one are dropped, when something else is possible.
fn candidates<M: Copy>(appraisals: &[Appraisal<M>]) -> Vec<Appraisal<M>> {
    let leaving: Vec<Appraisal<M>> = appraisals.iter().copied().filter(|a| a.loses_in_one).collect();
    if leaving.len() * 3 >= appraisals.len() {
        let quiet: Vec<Appraisal<M>> = leaving.iter().copied().filter(|a| !a.wins).collect();
        return if quiet.is_empty() { leaving } else { quiet };
    }
    let safe: Vec<Appraisal<M>> = appraisals.iter().copied().filter(|a| !a.loses_in_one).collect();
    if safe.is_empty() {
        appraisals.to_vec()
    } else {
        safe
    }
}

/// The move `kind` plays at `strength` among `appraisals` (from [`appraise`]), in a game
/// whose [`Heuristics::NOTICEABLE`] is `noticeable` and a position whose static value for it
/// is `before`; `None` when there is none.
pub fn pick<M: Copy>(
    appraisals: &[Appraisal<M>],
    noticeable: i32,
    before: i32,
    strength: Strength,
    rng: &mut Rng,
) -> Option<M> {
    let mut candidates = candidates(appraisals);
    if candidates.len() <= 1 {
        return candidates.first().map(|a| a.mv);
    }
    // A seed-dependent order, so ties do not always go to the first legal move.
    rng.shuffle(&mut candidates);
    // Ahead, it relaxes, so a child who fell behind can come back rather than be ground down:
    // a lead of four times what a beginner notices multiplies its strength by s itself (0.5
    // becomes 0.25); at full strength it does not relax at all.
    let s = i32::from(strength.thousandths());
    let lead = before.clamp(0, 4 * noticeable) * 1000 / (4 * noticeable);
    let s = s - s * lead / 1000 * (1000 - s) / 1000;
    // Whether it looks at the answers this time: for every move or for none, so that a move
    // whose answer it did not look at is not preferred over ones whose answer it saw. A loss
    // three times what a beginner notices is seen anyway.
    let sees_answers = (rng.below(1000) as i32) < s;
    let perceived: Vec<i32> = candidates
        .iter()
        .map(|a| {
            if sees_answers || a.now - a.answered >= 3 * noticeable {
                a.answered
            } else {
                a.now
            }
        })
        .collect();
    let best = perceived.iter().copied().max().expect("two candidates or more");
    // It plays the best-looking move 5 % of the time at strength 0 and 95 % at 1; otherwise
    // any move that looks almost as good: within six times what a beginner notices at
    // strength 0, half of it at 1.
    let focused = (rng.below(1000) as i32) < 50 + s * 900 / 1000;
    if focused {
        let i = perceived.iter().position(|v| *v == best).expect("the best");
        return Some(candidates[i].mv);
    }
    let slack = noticeable * (6000 - s * 11 / 2) / 1000;
    let near: Vec<usize> = (0..candidates.len())
        .filter(|i| perceived[*i] >= best.saturating_sub(slack))
        .collect();
    Some(candidates[near[rng.below(near.len())]].mv)
}

/// The move `kind` plays in `game` at `strength` with `seed` (mixed with the position, like
/// the other levels), or `None` when the game is over.
pub fn choose_kind<G: Heuristics>(game: &G, strength: Strength, seed: u64) -> Option<G::Move> {
    let mut rng = rng_for(game, seed);
    pick(
        &appraise(game),
        G::NOTICEABLE,
        game.evaluate(),
        strength,
        &mut rng,
    )
}

/// Whether `chosen` loses material for nothing, the measure of `kind`'s blunders: after the
/// opponent's best answer the mover is worse off than before the move by at least what a
/// beginner notices (`noticeable`, one capture), and another move would have kept that much
/// more.
pub fn loses_for_nothing<M: Copy + PartialEq>(
    appraisals: &[Appraisal<M>],
    noticeable: i32,
    before: i32,
    chosen: M,
) -> bool {
    let Some(mine) = appraisals.iter().find(|a| a.mv == chosen) else {
        return false;
    };
    let best = appraisals
        .iter()
        .map(|a| a.answered)
        .max()
        .unwrap_or(mine.answered);
    mine.answered <= before.saturating_sub(noticeable) && mine.answered <= best.saturating_sub(noticeable)
}

#[cfg(test)]
mod tests;
