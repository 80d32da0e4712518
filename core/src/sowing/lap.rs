//! One lap: pick up a hole's seeds, drop them one by one along the track, and let the game's
//! [`LapRule`] decide what the last seed does (stop, relay, capture).

use super::trace::Trace;
use crate::event::LapEnd;

/// What the game's rule decides when the last seed of a lap has landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The move ends; the lap ended this way (`Stop` or `Capture`).
    End(LapEnd),
    /// Relay: the landing hole's seeds, plus `extra` seeds already in hand (Katro's captures,
    /// K-7), are sown on from the next hole. `end` is `Relay`, or `Capture` if seeds were taken.
    Relay { extra: u32, end: LapEnd },
}

/// A game's rule for the end of a lap (M-7/M-8, E-5…E-7, K-7/K-8).
pub(crate) trait LapRule {
    /// The last seed of a lap has just landed in `hole` (the board already counts it). Apply any
    /// capture to `board`, reporting it to `trace`, and say what happens next.
    fn end_of_lap<T: Trace>(&self, board: &mut [u16], hole: u16, trace: &mut T) -> Next;

    /// Whether a lap whose last seed leaves `count` seeds in its hole always ends the move,
    /// whatever the rest of the board (1 in every game: the hole was empty). Only a shortcut for
    /// [`Sowing::ends_in_one_lap`]: answering `false` is always correct.
    fn always_ends_at(&self, count: u16) -> bool {
        count == 1
    }
}

/// How a move sows: the track, and the G-2/G-3 switches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sowing<'a> {
    pub track: &'a [u16],
    /// `variant:skip-origin` (G-2): laps pass over the hole they were taken from.
    pub skip_origin: bool,
    /// `variant:loop-stops-turn` (G-3): a never-ending move stops at its first repeated state.
    pub loop_stops: bool,
}

/// A lap-start state, minus the board (G-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct At {
    /// Track position of the hole about to be emptied.
    pub(super) pos: usize,
    /// Seeds already in hand (captured seeds in Katro).
    pub(super) extra: u32,
}

impl Sowing<'_> {
    /// Whether the move from track position `pos` (no seeds in hand) certainly ends after its
    /// first lap: fewer seeds than the track has holes, so each following hole gets one and the
    /// last lands in a hole whose new count always ends the move (an empty hole). A cheap,
    /// exact shortcut for legality (G-3): such a move ends, and `false` only means "sow it to
    /// find out".
    #[inline]
    pub fn ends_in_one_lap<R: LapRule>(&self, board: &[u16], pos: usize, rule: &R) -> bool {
        let len = self.track.len();
        let seeds = board[self.track[pos] as usize] as usize;
        if seeds == 0 || seeds >= len {
            return false;
        }
        let mut last = pos + seeds;
        if last >= len {
            last -= len;
        }
        rule.always_ends_at(board[self.track[last] as usize] + 1)
    }

    /// One lap from the lap-start state `at`: pick up, sow, apply the rule. Returns the next
    /// lap-start state, or `None` if the move ended.
    #[inline]
    pub(super) fn lap<R: LapRule, T: Trace>(
        &self,
        board: &mut [u16],
        at: At,
        rule: &R,
        trace: &mut T,
    ) -> Option<At> {
        let track = self.track;
        let origin = track[at.pos] as usize;
        let seeds = u32::from(board[origin]) + at.extra;
        board[origin] = 0;
        trace.lap_start(origin as u16, seeds);
        if seeds == 0 {
            // Only reachable from a malformed call; nothing to sow.
            trace.lap_end(LapEnd::Stop);
            return None;
        }
        let last = self.drop_seeds(board, at.pos, seeds, trace);
        match rule.end_of_lap(board, track[last], trace) {
            Next::End(end) => {
                trace.lap_end(end);
                None
            }
            Next::Relay { extra, end } => {
                trace.lap_end(end);
                Some(At { pos: last, extra })
            }
        }
    }

    /// Drops `seeds` one by one after track position `pos` (the emptied origin, skipped under
    /// `skip_origin`, G-2) and returns the track position of the last one. Without a per-seed
    /// trace, whole rounds of the track are added at once.
    #[inline]
    fn drop_seeds<T: Trace>(&self, board: &mut [u16], pos: usize, seeds: u32, trace: &mut T) -> usize {
        let track = self.track;
        let len = track.len();
        // Holes one round passes: the origin is passed over under skip-origin.
        let round = if self.skip_origin { len - 1 } else { len } as u32;
        let mut left = seeds;
        if !T::PER_SEED && left > round {
            // All but the last (partial or full) round in bulk: every hole of the round gets
            // `rounds` seeds. The last seed still lands by the loop below.
            let rounds = (left - 1) / round;
            let add = rounds as u16;
            for (i, hole) in track.iter().enumerate() {
                if !(self.skip_origin && i == pos) {
                    board[*hole as usize] += add;
                }
            }
            left -= rounds * round;
        }
        let mut p = pos;
        while left > 0 {
            p += 1;
            if p == len {
                p = 0;
            }
            if self.skip_origin && p == pos {
                continue;
            }
            let hole = track[p];
            board[hole as usize] += 1;
            trace.sow(hole);
            left -= 1;
        }
        p
    }
}
