//! The sowing machinery shared by Mangala IV, En Gehé and Katro (RULES.md §0 G-2, G-3): laps
//! along a closed track, relays, captures reported as events, and exact detection of moves whose
//! relays never end.
//!
//! A *track* is the cyclic list of holes one move sows along: the whole circuit h0..h(2N-1) for
//! Mangala IV and En Gehé (the identity), one of the 18-hole paths of K-2 for Katro. Positions on
//! the track are indices into that list. Each game supplies only a [`LapRule`]: what happens when
//! the last seed of a lap lands (stop, relay, capture).
//!
//! One concern per module: `Trace` receives a move's steps (`trace`), one lap is sown by
//! `lap`, a whole move and its never-ending check by `play` (its docs tell how a move knows it
//! is not looping, G-3), moves are sown on a `Scratch` board (`scratch`), game-level
//! repetitions are kept in a `History` (`history`, G-4), and `notation` and `saved` read and
//! write positions and stored games.

mod history;
mod lap;
mod notation;
mod play;
mod saved;
mod scratch;
mod trace;

use crate::error::CoreError;

pub(crate) use history::History;
pub(crate) use lap::{LapRule, Next, Sowing};
pub(crate) use notation::{format_counts, parse_counts, parse_side, side_letter, CircuitPosition};
pub(crate) use play::Ending;
pub(crate) use saved::Saved;
pub(crate) use scratch::Scratch;
pub(crate) use trace::{Recorder, Silent, Trace};

/// Most seeds a board may hold, in every sowing game. Keeps counts in `u16` (no overflow even
/// if every seed gathers in one hole) and bounds the work of one move. Positions or options
/// beyond it are refused (`bad_position` / `bad_options`).
pub const MAX_TOTAL_SEEDS: u32 = 60_000;

/// Laps after which a move counts as never-ending even though no repetition was seen yet
/// (docs/decisions.md, "G-3 in practice"). Exact detection must sow until the cycle closes, and
/// on dense boards lap-start cycles run to millions or billions of laps (a Katro side holding 69
/// seeds), which would hang `legal_moves`. Every terminating move and every cycle of ordinary
/// play is far shorter than 2^20 laps (a fraction of a second); a move cut here is a cycle or
/// indistinguishable from one in practice.
pub const MAX_MOVE_LAPS: u64 = 1 << 20;

/// Holes of a sowing board per node of perft budget ([`perft_node_cost`]).
pub const PERFT_HOLES_PER_NODE: u64 = 8;

/// What one position of a sowing game with `holes` holes counts for in a perft node budget
/// ([`crate::game::Game::perft_node_cost`]): one node per 8 holes, rounded up. Listing its legal
/// moves sows every candidate, which costs in proportion to the board, so a budget in plain
/// nodes would let a 2000-hole En Gehé perft run for many minutes.
pub fn perft_node_cost(holes: usize) -> u64 {
    (holes as u64).div_ceil(PERFT_HOLES_PER_NODE).max(1)
}

/// Most holes of a circuit (En Gehé: 2 × 1000).
pub(crate) const MAX_CIRCUIT: usize = 2000;

/// The identity track h0, h1, …: Mangala IV and En Gehé sow along the circuit itself.
pub(crate) static IDENTITY: [u16; MAX_CIRCUIT] = identity();

const fn identity() -> [u16; MAX_CIRCUIT] {
    let mut track = [0u16; MAX_CIRCUIT];
    let mut i = 0;
    while i < MAX_CIRCUIT {
        track[i] = i as u16;
        i += 1;
    }
    track
}

/// Refuses boards holding more than [`MAX_TOTAL_SEEDS`] seeds (with `also` seeds elsewhere).
pub(crate) fn check_total(board: &[u16], also: u64) -> Result<(), CoreError> {
    let total: u64 = board.iter().map(|c| u64::from(*c)).sum::<u64>() + also;
    if total > u64::from(MAX_TOTAL_SEEDS) {
        return Err(CoreError::bad_position(format!(
            "at most {MAX_TOTAL_SEEDS} seeds in all, not {total}"
        )));
    }
    Ok(())
}
