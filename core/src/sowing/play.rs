//! A whole move: laps until the game's rule ends it, and exact detection of moves whose relays
//! never end (G-3).
//!
//! # Never-ending moves (G-3): how a move knows it is not looping
//!
//! Sowing is deterministic, so a move is a sequence of lap-start states x0, x1, …, each
//! (board, hole about to be emptied, seeds in hand; the direction is fixed for the move), taken
//! as the seeds are picked up: the board with that hole emptied, and all the seeds in hand (the
//! hole's plus any captured ones). The rest of the move depends on exactly that, so repetitions
//! are seen as early as possible. The seeds on the board and in hand are conserved inside a move (captures either end
//! the move or go into the hand), so the state space is finite: a move never ends **iff** some
//! lap-start state repeats. We detect exactly that, with Brent's cycle-finding algorithm:
//!
//! - It keeps **one** saved state and compares each new lap-start state with it, re-saving at
//!   power-of-two distances. A cycle of period λ entered after μ laps is found within about
//!   μ + 2λ laps, using memory for a single board. No lap cap, no time limit, no set of states.
//! - It starts lazily after [`BRENT_START`] laps. Almost every move ends sooner, and those moves
//!   pay nothing but a counter. Starting late is still exact: the sequence from any lap on is
//!   eventually periodic exactly when the whole sequence is.
//! - A comparison checks the track position and the seeds in hand first and only then the board
//!   (a `memcmp` that stops at the first difference), so no hash is maintained while sowing.
//!
//! Under `variant:loop-stops-turn` the move instead ends at the **first** repeated lap-start
//! state x(μ+λ) (= x(μ)). Brent gives λ; a second pass from x0 finds μ with two states λ laps
//! apart stepped in lockstep, then the move is replayed for μ + λ laps (with its events) and
//! stops there, before its pick-up. Inside a cycle no capture can happen (a capture moves seeds
//! one way only, so the board could not come back), hence the lap that reaches the stopping
//! state captured nothing and no seed is in hand: "seeds stay where they are".

use super::lap::{At, LapRule, Sowing};
use super::trace::{Silent, Trace};
use super::MAX_MOVE_LAPS;

/// Laps a move sows before the loop detector starts watching (see the module docs).
pub(crate) const BRENT_START: u32 = 16;

/// How a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// By the game's own rule (stop or capture).
    Rule,
    /// At the first repeated lap-start state (`loop-stops-turn` only).
    Looped,
}

/// G-3: the move's relays would never end (its lap-start states repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NeverEnding;

impl Sowing<'_> {
    /// Plays a whole move on `board`: laps from the hole at track position `pos` (with `extra`
    /// seeds already in hand) until the rule ends it. If it would never end, returns
    /// `Err(NeverEnding)` and leaves `board` in an unspecified state (callers sow on a copy), or,
    /// under `loop_stops`, ends at the first repeated lap-start state.
    pub fn play<R: LapRule, T: Trace>(
        &self,
        board: &mut [u16],
        pos: usize,
        extra: u32,
        rule: &R,
        trace: &mut T,
    ) -> Result<Ending, NeverEnding> {
        let start = At { pos, extra };
        // loop-stops-turn replays the move from its start: keep it (a rare variant).
        let origin = self.loop_stops.then(|| board.to_vec());
        let checkpoint = trace.checkpoint();
        let mut at = start;
        let mut laps: u32 = 0;
        // Brent's state: the saved lap-start state, and the laps sown since it was saved.
        let mut saved: Option<(Vec<u16>, At)> = None;
        let (mut power, mut lam) = (1u64, 0u64);
        let mut total_laps: u64 = 0;
        loop {
            total_laps += 1;
            if total_laps > MAX_MOVE_LAPS {
                // Practically endless: illegal, under every variant (the first repeated state of
                // `loop-stops-turn` cannot be found in reasonable time either).
                return Err(NeverEnding);
            }
            if laps >= BRENT_START {
                match &mut saved {
                    None => saved = Some((board.to_vec(), at)),
                    Some((saved_board, saved_at)) => {
                        lam += 1;
                        if self.same_state(saved_board, *saved_at, board, at) {
                            break;
                        }
                        if lam == power {
                            saved_board.copy_from_slice(board);
                            *saved_at = at;
                            power *= 2;
                            lam = 0;
                        }
                    }
                }
            } else {
                laps += 1;
            }
            match self.lap(board, at, rule, trace) {
                Some(next) => at = next,
                None => return Ok(Ending::Rule),
            }
        }
        let Some(origin) = origin else {
            return Err(NeverEnding);
        };
        // loop-stops-turn: find μ (the first state that repeats) from x0 with a second state
        // λ laps ahead, then the least period from x(μ); replay μ + period laps with the trace.
        let step = |board: &mut Vec<u16>, at: At| self.lap(board, at, rule, &mut Silent);
        let mut ahead = origin.clone();
        let mut ahead_at = Some(start);
        for _ in 0..lam {
            ahead_at = ahead_at.and_then(|at| step(&mut ahead, at));
        }
        let mut behind = origin.clone();
        let mut behind_at = Some(start);
        let mut mu: u64 = 0;
        let same = |a: &[u16], a_at: Option<At>, b: &[u16], b_at: Option<At>| match (a_at, b_at) {
            (Some(a_at), Some(b_at)) => self.same_state(a, a_at, b, b_at),
            _ => true,
        };
        while !same(&behind, behind_at, &ahead, ahead_at) {
            behind_at = behind_at.and_then(|at| step(&mut behind, at));
            ahead_at = ahead_at.and_then(|at| step(&mut ahead, at));
            mu += 1;
        }
        let mut period: u64 = 1;
        ahead.copy_from_slice(&behind);
        ahead_at = behind_at.and_then(|at| step(&mut ahead, at));
        while !same(&ahead, ahead_at, &behind, behind_at) {
            ahead_at = ahead_at.and_then(|at| step(&mut ahead, at));
            period += 1;
        }
        trace.rollback(checkpoint);
        board.copy_from_slice(&origin);
        let mut at = start;
        for _ in 0..mu + period {
            match self.lap(board, at, rule, trace) {
                Some(next) => at = next,
                // Not reached: these laps belong to a never-ending move.
                None => return Ok(Ending::Rule),
            }
        }
        trace.looped();
        Ok(Ending::Looped)
    }

    /// G-3: whether two lap-start states are the same. The state is taken as the seeds are
    /// picked up: the board with the origin emptied, the origin, and the seeds in hand (its
    /// contents plus any captured seeds). That is exactly what the rest of the move depends on,
    /// so no repetition is seen late (Katro: a lap that sows 2 + 1 captured seeds from a hole is
    /// the same state as a later one that sows its 3 seeds, K-E9).
    fn same_state(&self, a: &[u16], a_at: At, b: &[u16], b_at: At) -> bool {
        if a_at.pos != b_at.pos {
            return false;
        }
        let origin = self.track[a_at.pos] as usize;
        u32::from(a[origin]) + a_at.extra == u32::from(b[origin]) + b_at.extra
            && a[..origin] == b[..origin]
            && a[origin + 1..] == b[origin + 1..]
    }
}
