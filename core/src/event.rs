//! What a move did, step by step, for renderers (sowing traces, last-move marks, replays).
//!
//! Locations are game-local indices: fano cells 0..n (cell 1 is index 0), Samantsy squares
//! 0..64 (a1 = 0, b1 = 1, …, h8 = 63), Mangala IV / En Gehé circuit holes h0..h(2N-1),
//! Katro holes `row * columns + column` with row 0 = South outer (K-1). Each game names them
//! in its own notation.

use serde::{Deserialize, Serialize};

use crate::outcome::Outcome;
use crate::side::Side;

/// The phases of a game that has more than one (fano F-4/F-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Placement,
    Movement,
}

/// How one sowing lap ended (the renderer's sowing trace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LapEnd {
    /// The move ends here: the last seed fell into an empty hole (M-7, E-6, K-7).
    Stop,
    /// The last hole's seeds are taken up and sown on from the next hole (a relay).
    Relay,
    /// Seeds were captured at the end of this lap; the next event is `SeedsCaptured`. The move
    /// ends here (Mangala IV M-8, En Gehé E-7) unless another `Lap` follows (Katro K-7 sows the
    /// captured seeds on, starting from this lap's last hole).
    Capture,
    /// `variant:loop-stops-turn` (G-3): the relay would start a lap-start state that already
    /// occurred in this move, so the move ends here and the seeds stay where they are.
    Loop,
}

/// One step of what a move did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A pawn taken from the hand and put on an empty cell (fano F-4).
    Placed { side: Side, at: u16 },
    /// A piece moved from one location to another.
    Moved { side: Side, from: u16, to: u16 },
    /// Pieces of `owner` taken off the board (fano F-6 runs, Samantsy S-5 captures).
    Removed { owner: Side, at: Vec<u16> },
    /// A zaza became an anakova (Samantsy S-6).
    Promoted { at: u16 },
    /// The game entered a new phase.
    PhaseChanged { phase: Phase },
    /// One sowing lap: `seeds` taken from `start` (its contents, plus captured seeds already in
    /// hand in Katro), dropped one by one in the holes `sown`, in order (a hole may appear more
    /// than once on long laps); the last seed is in `sown.last()`. `end` says why the lap ended.
    Lap {
        start: u16,
        seeds: u32,
        sown: Vec<u16>,
        end: LapEnd,
    },
    /// Seeds captured by `by`: each entry is (hole, seeds taken from it), in the order taken.
    /// Also used for the end-of-game sweeps (Mangala IV M-10, En Gehé E-9/E-10), after the last
    /// lap: there the holes are the ones emptied into `by`'s store.
    SeedsCaptured { by: Side, holes: Vec<(u16, u32)> },
    /// The side had no move and passed (Mangala IV M-5).
    Passed { side: Side },
    /// The move ended the game.
    GameOver { outcome: Outcome },
}
