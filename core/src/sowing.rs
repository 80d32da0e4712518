//! The sowing machinery shared by Mangala IV, En Gehé and Katro (RULES.md §0 G-2, G-3): laps
//! along a closed track, relays, captures reported as events, and exact detection of moves whose
//! relays never end.
//!
//! A *track* is the cyclic list of holes one move sows along: the whole circuit h0..h(2N-1) for
//! Mangala IV and En Gehé (the identity), one of the 18-hole paths of K-2 for Katro. Positions on
//! the track are indices into that list. Each game supplies only a [`LapRule`]: what happens when
//! the last seed of a lap lands (stop, relay, capture).
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

use serde::{Deserialize, Serialize};

use crate::error::CoreError;
use crate::event::{Event, LapEnd};
use crate::outcome::Outcome;
use crate::side::Side;

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

/// Laps a move sows before the loop detector starts watching (see the module docs).
pub(crate) const BRENT_START: u32 = 16;

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

/// Receives the steps of a move. [`Silent`] ignores them (legality checks, playouts) and compiles
/// to nothing; [`Recorder`] builds the [`Event`]s of the renderer's sowing trace.
pub(crate) trait Trace {
    /// A lap takes `seeds` from `hole` (its contents plus any seeds already in hand).
    fn lap_start(&mut self, _hole: u16, _seeds: u32) {}
    /// One seed dropped into `hole`.
    fn sow(&mut self, _hole: u16) {}
    /// Seeds taken from `hole` by a capture at the end of the current lap.
    fn capture(&mut self, _hole: u16, _seeds: u32) {}
    /// The current lap ended.
    fn lap_end(&mut self, _end: LapEnd) {}
    /// Reports captures made outside a lap (Katro's lone-stone step) now.
    fn flush_captures(&mut self) {}
    /// The last lap's relay is not sown: its lap-start state repeats (`loop-stops-turn`).
    fn looped(&mut self) {}
    /// A point to come back to with [`Trace::rollback`].
    fn checkpoint(&self) -> usize {
        0
    }
    fn rollback(&mut self, _checkpoint: usize) {}
    /// Whether this trace wants every seed (else laps may be sown in bulk).
    const PER_SEED: bool;
}

/// A trace that records nothing.
pub(crate) struct Silent;

impl Trace for Silent {
    const PER_SEED: bool = false;
}

/// A trace that records [`Event`]s for the side `by` that moves.
pub(crate) struct Recorder {
    pub by: Side,
    pub events: Vec<Event>,
    lap: Option<(u16, u32, Vec<u16>)>,
    captures: Vec<(u16, u32)>,
}

impl Recorder {
    pub fn new(by: Side) -> Recorder {
        Recorder {
            by,
            events: Vec::new(),
            lap: None,
            captures: Vec::new(),
        }
    }

    /// Seeds captured outside any lap (end-of-game sweeps), by `by`.
    pub fn sweep(&mut self, by: Side, holes: Vec<(u16, u32)>) {
        if !holes.is_empty() {
            self.events.push(Event::SeedsCaptured { by, holes });
        }
    }
}

impl Trace for Recorder {
    const PER_SEED: bool = true;

    fn lap_start(&mut self, hole: u16, seeds: u32) {
        self.lap = Some((hole, seeds, Vec::with_capacity(seeds.min(64) as usize)));
    }

    fn sow(&mut self, hole: u16) {
        if let Some((_, _, sown)) = &mut self.lap {
            sown.push(hole);
        }
    }

    fn capture(&mut self, hole: u16, seeds: u32) {
        if seeds > 0 {
            self.captures.push((hole, seeds));
        }
    }

    fn lap_end(&mut self, end: LapEnd) {
        if let Some((start, seeds, sown)) = self.lap.take() {
            self.events.push(Event::Lap {
                start,
                seeds,
                sown,
                end,
            });
        }
        self.flush_captures();
    }

    fn flush_captures(&mut self) {
        if !self.captures.is_empty() {
            let holes = std::mem::take(&mut self.captures);
            self.events.push(Event::SeedsCaptured { by: self.by, holes });
        }
    }

    fn looped(&mut self) {
        if let Some(Event::Lap { end, .. }) = self.events.last_mut() {
            *end = LapEnd::Loop;
        }
    }

    fn checkpoint(&self) -> usize {
        self.events.len()
    }

    fn rollback(&mut self, checkpoint: usize) {
        self.events.truncate(checkpoint);
        self.lap = None;
        self.captures.clear();
    }
}

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

/// Histories up to this many entries are scanned rather than indexed.
const SCAN_UP_TO: usize = 16;

/// The most holes a scratch board keeps on the stack (Katro 6 × 26, En Gehé 2 × 80); larger
/// boards use the heap.
const STACK_HOLES: usize = 160;

/// A scratch board to sow a move on (moves are sown on a copy, so a never-ending one changes
/// nothing): on the stack for ordinary boards, so no allocation per move or legality check.
pub(crate) struct Scratch {
    stack: [u16; STACK_HOLES],
    heap: Vec<u16>,
    len: usize,
}

impl Scratch {
    pub fn new(len: usize) -> Scratch {
        Scratch {
            stack: [0; STACK_HOLES],
            heap: if len > STACK_HOLES {
                vec![0; len]
            } else {
                Vec::new()
            },
            len,
        }
    }

    pub fn board(&mut self) -> &mut [u16] {
        if self.len > STACK_HOLES {
            &mut self.heap
        } else {
            &mut self.stack[..self.len]
        }
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

/// A lap-start state, minus the board (G-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct At {
    /// Track position of the hole about to be emptied.
    pos: usize,
    /// Seeds already in hand (captured seeds in Katro).
    extra: u32,
}

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

    /// One lap from the lap-start state `at`: pick up, sow, apply the rule. Returns the next
    /// lap-start state, or `None` if the move ended.
    #[inline]
    fn lap<R: LapRule, T: Trace>(&self, board: &mut [u16], at: At, rule: &R, trace: &mut T) -> Option<At> {
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

/// Game-level repetition bookkeeping (G-4): the (board, side to move) states since the last
/// irreversible event, stored exactly (a flat arena of boards) and found through a hash, so a
/// repetition is never a hash collision.
///
/// Only `hashes`, `sides` and `boards` are the state (stored, compared). An index over the
/// hashes (bucket heads and chains) makes each look-up cost O(1) instead of a scan of the whole
/// game; it is rebuilt from `hashes` whenever it is stale (after loading, clearing or growing).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct History {
    hashes: Vec<u64>,
    sides: Vec<Side>,
    boards: Vec<u16>,
    /// For each bucket, the last entry in it, as index + 1 (0: none).
    #[serde(skip)]
    heads: Vec<u32>,
    /// For each entry, the previous entry in its bucket, as index + 1 (0: none).
    #[serde(skip)]
    chain: Vec<u32>,
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.hashes == other.hashes && self.sides == other.sides && self.boards == other.boards
    }
}

impl Eq for History {}

impl History {
    pub fn clear(&mut self) {
        self.hashes.clear();
        self.sides.clear();
        self.boards.clear();
        self.heads.clear();
        self.chain.clear();
    }

    fn bucket(&self, hash: u64) -> usize {
        (hash ^ (hash >> 29)) as usize & (self.heads.len() - 1)
    }

    /// Rebuilds the index if it does not cover every entry or is too full.
    fn reindex(&mut self) {
        let n = self.hashes.len();
        if self.chain.len() == n && n * 2 < self.heads.len() {
            return;
        }
        let size = (n * 4).next_power_of_two().max(64);
        self.heads.clear();
        self.heads.resize(size, 0);
        self.chain.clear();
        for i in 0..n {
            self.link(i);
        }
    }

    fn link(&mut self, i: usize) {
        let bucket = self.bucket(self.hashes[i]);
        self.chain.push(self.heads[bucket]);
        self.heads[bucket] = i as u32 + 1;
    }

    /// Checks a loaded history against the state it belongs to, and recomputes its hashes (an
    /// index, not trusted from storage). Every stored board has the current board's width and,
    /// since a history starts afresh whenever seeds leave the board, the same number of seeds as
    /// the others. While the game is `open`, the last entry is the current (board, side to move),
    /// which every build records when a turn starts, holding the current board's seeds.
    pub fn restored(mut self, board: &[u16], side: Side, open: bool) -> Result<History, CoreError> {
        let bad = |why: &str| {
            Err(CoreError::bad_position(format!(
                "stored repetition history: {why}"
            )))
        };
        let width = board.len();
        let entries = self.sides.len();
        if width == 0 || self.hashes.len() != entries || self.boards.len() != entries * width {
            return bad("its boards do not match the board");
        }
        let totals: Vec<u64> = self
            .boards
            .chunks_exact(width)
            .map(|b| b.iter().map(|c| u64::from(*c)).sum())
            .collect();
        if totals.windows(2).any(|pair| pair[0] != pair[1]) {
            return bad("its boards hold different numbers of seeds");
        }
        if open {
            let current: u64 = board.iter().map(|c| u64::from(*c)).sum();
            if totals.first().is_some_and(|t| *t != current) {
                return bad("its boards hold a different number of seeds from the board");
            }
            if self.sides.last() != Some(&side) || self.boards.get(self.boards.len() - width..) != Some(board)
            {
                return bad("it does not end with the current position");
            }
        }
        self.hashes = self.boards.chunks_exact(width).map(board_hash).collect();
        self.heads.clear();
        self.chain.clear();
        Ok(self)
    }

    /// How many times (board, side) occurs.
    pub fn count(&mut self, board: &[u16], side: Side) -> usize {
        self.occurrences(board, side, board_hash(board))
    }

    fn occurrences(&mut self, board: &[u16], side: Side, hash: u64) -> usize {
        let width = board.len();
        let same = |i: usize| {
            self.hashes[i] == hash
                && self.sides.get(i) == Some(&side)
                && self.boards.get(i * width..(i + 1) * width) == Some(board)
        };
        if self.hashes.len() <= SCAN_UP_TO {
            // A short history (most of them: En Gehé and Mangala IV clear it at every capture)
            // is cheaper to scan than to index.
            return (0..self.hashes.len()).filter(|i| same(*i)).count();
        }
        self.reindex();
        let mut seen = 0;
        let mut next = self.heads[self.bucket(hash)];
        while next > 0 {
            let i = next as usize - 1;
            if self.hashes[i] == hash
                && self.sides.get(i) == Some(&side)
                && self.boards.get(i * width..(i + 1) * width) == Some(board)
            {
                seen += 1;
            }
            next = self.chain[i];
        }
        seen
    }

    /// Records the state and returns how many times it has now occurred (1 the first time).
    pub fn record(&mut self, board: &[u16], side: Side) -> usize {
        let hash = board_hash(board);
        let seen = self.occurrences(board, side, hash) + 1;
        self.hashes.push(hash);
        self.sides.push(side);
        self.boards.extend_from_slice(board);
        // Keep an index in use up to date (otherwise it is built when first needed).
        if self.chain.len() + 1 == self.hashes.len() && !self.heads.is_empty() {
            self.link(self.hashes.len() - 1);
        }
        seen
    }
}

fn board_hash(board: &[u16]) -> u64 {
    // FxHash-style mixing, four holes per step: fast, and only a filter (boards are compared
    // exactly). Stored hashes are recomputed on load ([`History::restored`]), so this function
    // may change between builds.
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    let mut quads = board.chunks_exact(4);
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for q in &mut quads {
        let word = u64::from(q[0]) | u64::from(q[1]) << 16 | u64::from(q[2]) << 32 | u64::from(q[3]) << 48;
        h = mix(h, word);
    }
    quads.remainder().iter().fold(h, |h, c| mix(h, u64::from(*c)))
}

/// Reads one row of counts `7,7,0,…` (plain decimal digits, no signs or spaces).
pub(crate) fn parse_counts(row: &str) -> Result<Vec<u16>, CoreError> {
    row.split(',')
        .map(|count| {
            if count.is_empty() || count.len() > 5 || !count.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CoreError::bad_notation(format!(
                    "a hole holds a count of seeds such as 7, not `{count}`"
                )));
            }
            count
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= MAX_TOTAL_SEEDS)
                .map(|n| n as u16)
                .ok_or_else(|| CoreError::bad_position(format!("at most {MAX_TOTAL_SEEDS} seeds in all")))
        })
        .collect()
}

pub(crate) fn format_counts(row: &[u16]) -> String {
    let mut text = String::with_capacity(row.len() * 3);
    for (i, count) in row.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&count.to_string());
    }
    text
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

/// The stored form of a sowing game (Mangala IV, En Gehé, Katro): the game's fields, checked on
/// load by the game's `TryFrom<Saved>` with [`Saved::check`]. `O` is the game's options, `B` its
/// board.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Saved<O, B> {
    pub options: O,
    pub board: B,
    pub to_move: Side,
    pub captured: [u32; 2],
    pub ply: u32,
    pub history: History,
    pub outcome: Option<Outcome>,
}

impl<O, B: AsRef<[u16]>> Saved<O, B> {
    /// The checks every stored sowing-game state passes on load, after its game has checked
    /// the options and the board's shape: the seed total with `off_board` seeds (captures that
    /// left the board), the repetition history (`History::restored`), and an outcome that
    /// follows from the position. `ended` judges a stored outcome; `open` judges an unfinished
    /// game from how often its current (board, side to move) is in the history, and an open
    /// game must also be below `ply_cap`. Returns the restored history (taken out of `self`).
    pub fn check(
        &mut self,
        ply_cap: Option<u32>,
        off_board: u64,
        ended: impl FnOnce(&Self, Outcome) -> bool,
        open: impl FnOnce(&Self, usize) -> bool,
    ) -> Result<History, CoreError> {
        check_total(self.board.as_ref(), off_board)?;
        let mut history = std::mem::take(&mut self.history).restored(
            self.board.as_ref(),
            self.to_move,
            self.outcome.is_none(),
        )?;
        let consistent = match self.outcome {
            Some(outcome) => ended(self, outcome),
            None => {
                open(self, history.count(self.board.as_ref(), self.to_move))
                    && ply_cap.is_none_or(|cap| self.ply < cap)
            }
        };
        if !consistent {
            return Err(CoreError::bad_position(
                "the stored outcome does not match the position",
            ));
        }
        Ok(history)
    }
}

/// The mancala side letters `s` / `n`.
pub(crate) fn parse_side(text: &str) -> Result<Side, CoreError> {
    match text {
        "s" => Ok(Side::SOUTH),
        "n" => Ok(Side::NORTH),
        _ => Err(CoreError::bad_notation("the side to move is `s` or `n`")),
    }
}

pub(crate) fn side_letter(side: Side) -> char {
    if side == Side::SOUTH {
        's'
    } else {
        'n'
    }
}

/// Two-row circuit positions (Mangala IV M-1, En Gehé E-1):
/// `<h0,…,h(N-1)>/<hN,…,h(2N-1)> <s|n> <south captured>-<north captured>`.
pub(crate) struct CircuitPosition {
    pub board: Vec<u16>,
    pub to_move: Side,
    pub captured: [u32; 2],
}

impl CircuitPosition {
    pub fn parse(text: &str, example: &str) -> Result<CircuitPosition, CoreError> {
        let shape = || {
            CoreError::bad_notation(format!(
                "a position is `<South row h0,…>/<North row> <s|n> <south captured>-<north captured>`, e.g. `{example}`"
            ))
        };
        let fields: Vec<&str> = text.split(' ').collect();
        let [rows, side, scores] = fields[..] else {
            return Err(shape());
        };
        let Some((south, north)) = rows.split_once('/') else {
            return Err(shape());
        };
        let mut board = parse_counts(south)?;
        let north = parse_counts(north)?;
        if board.len() != north.len() {
            return Err(CoreError::bad_position("both rows have the same number of holes"));
        }
        board.extend(north);
        let to_move = parse_side(side)?;
        let Some((s, n)) = scores.split_once('-') else {
            return Err(shape());
        };
        let score = |text: &str| -> Result<u32, CoreError> {
            if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CoreError::bad_notation(
                    "captured seeds are whole numbers, e.g. `12-7`",
                ));
            }
            text.parse()
                .map_err(|_| CoreError::bad_notation("captured seeds are whole numbers"))
        };
        let captured = [score(s)?, score(n)?];
        check_total(&board, u64::from(captured[0]) + u64::from(captured[1]))?;
        Ok(CircuitPosition {
            board,
            to_move,
            captured,
        })
    }

    pub fn format(board: &[u16], to_move: Side, captured: [u32; 2]) -> String {
        let n = board.len() / 2;
        format!(
            "{}/{} {} {}-{}",
            format_counts(&board[..n]),
            format_counts(&board[n..]),
            side_letter(to_move),
            captured[0],
            captured[1]
        )
    }
}
