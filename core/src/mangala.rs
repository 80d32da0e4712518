//! Mangala IV, RULES.md §3: 2 × 7 holes, every move forced (M-4), relays on 3 and ≥ 5 (M-7),
//! captures on 2 and 4 with a backward chain (M-8), game over on an empty board or the first
//! repeated state (M-10).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, IllegalReason};
use crate::event::{Event, LapEnd};
use crate::game::{Game, GameKind};
use crate::outcome::{Outcome, Reason};
use crate::rng::SplitMix64;
use crate::side::Side;
use crate::sowing::{
    self, CircuitPosition, Ending, History, LapRule, Next, Recorder, Silent, Sowing, Trace, IDENTITY,
};

/// Holes per row (M-1).
pub const ROW: usize = 7;
/// Holes of the circuit h0..h13.
pub const HOLES: usize = 2 * ROW;
/// Seeds per hole at the standard start (M-2).
pub const START_SEEDS: u16 = 7;

/// The named variants of RULES.md §3.4 and G-3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// The 98 seeds are dropped one by one into uniformly random holes (multinomial).
    RandomStart,
    /// 2 seeds in every hole, then the other 70 at random (La'b Madjnuni).
    MadjnuniStart,
    /// G-2: laps of 14 or more seeds pass over their emptied origin.
    SkipOrigin,
    /// M-8: the chain is judged on the counts right after sowing.
    SnapshotChain,
    /// La'b Madjnuni: the forced hole is the rightmost non-empty own hole.
    RightmostHead,
    /// G-3: a never-ending move stops at its first repeated lap-start state.
    LoopStopsTurn,
}

/// Options of a Mangala IV game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Seed of the random start (`random-start`, `madjnuni-start`), stored with the match so the
    /// start is reproducible. Ignored by the standard start.
    pub seed: u64,
    pub variants: BTreeSet<Variant>,
    /// G-4 hard cap on plies; reaching it ends the game like a cycle (M-10). `None`: no cap.
    pub ply_cap: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            variants: BTreeSet::new(),
            ply_cap: Some(10_000),
        }
    }
}

impl Options {
    pub fn has(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    fn validate(&self) -> Result<(), CoreError> {
        if self.has(Variant::RandomStart) && self.has(Variant::MadjnuniStart) {
            return Err(CoreError::bad_options(
                "variants",
                "random-start and madjnuni-start are two different starts; choose one",
            ));
        }
        if self.ply_cap == Some(0) {
            return Err(CoreError::bad_options("ply_cap", "must be at least 1"));
        }
        Ok(())
    }
}

/// The start of M-2 or of a random-start variant: 98 seeds.
pub fn start_board(options: &Options) -> [u16; HOLES] {
    let total = u32::from(START_SEEDS) * HOLES as u32;
    let (mut board, random) = if options.has(Variant::RandomStart) {
        ([0; HOLES], total)
    } else if options.has(Variant::MadjnuniStart) {
        ([2; HOLES], total - 2 * HOLES as u32)
    } else {
        return [START_SEEDS; HOLES];
    };
    // Each seed goes to hole `below(14)` of SplitMix64(seed), in turn (docs/notation.md).
    let mut rng = SplitMix64::new(options.seed);
    for _ in 0..random {
        board[rng.below(HOLES as u32) as usize] += 1;
    }
    board
}

/// A Mangala IV move: the forced sowing from hole `h` (circuit index), or a pass (M-5, M-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Move {
    Sow(u16),
    Pass,
}

/// opp(h_i) = h_(13−i) (M-1).
pub fn opposite(hole: usize) -> usize {
    HOLES - 1 - hole
}

/// The holes of `side`'s row (M-1).
pub fn row_of(side: Side) -> std::ops::Range<usize> {
    match side {
        Side::First => 0..ROW,
        Side::Second => ROW..HOLES,
    }
}

/// M-7 and M-8 as a lap rule.
struct Rule {
    snapshot_chain: bool,
}

impl LapRule for Rule {
    fn end_of_lap<T: Trace>(&self, board: &mut [u16], hole: u16, trace: &mut T) -> Next {
        let landing = hole as usize;
        match board[landing] {
            // M-7: the hole was empty.
            1 => Next::End(LapEnd::Stop),
            // M-7: 2 or 4 → capture (M-8), which ends the move.
            2 | 4 => {
                let snapshot: [u16; HOLES] = if self.snapshot_chain {
                    board.try_into().unwrap_or([0; HOLES])
                } else {
                    [0; HOLES]
                };
                let mut take = |board: &mut [u16], at: usize| {
                    let seeds = u32::from(board[at]);
                    board[at] = 0;
                    trace.capture(at as u16, seeds);
                };
                take(board, landing);
                take(board, opposite(landing));
                // M-8: walk back while the count is 2 or 4, counted now (sequentially), or right
                // after sowing under snapshot-chain; never round past the landing hole.
                let mut q = (landing + HOLES - 1) % HOLES;
                while q != landing {
                    let count = if self.snapshot_chain {
                        snapshot[q]
                    } else {
                        board[q]
                    };
                    if count != 2 && count != 4 {
                        break;
                    }
                    take(board, q);
                    take(board, opposite(q));
                    q = (q + HOLES - 1) % HOLES;
                }
                Next::End(LapEnd::Capture)
            }
            // M-7: 3 or ≥ 5 → relay.
            _ => Next::Relay {
                extra: 0,
                end: LapEnd::Relay,
            },
        }
    }

    /// M-7: a lap ending on 1 stops the move, on 2 or 4 captures and ends it.
    fn always_ends_at(&self, count: u16) -> bool {
        matches!(count, 1 | 2 | 4)
    }
}

/// A Mangala IV game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Saved")]
pub struct Mangala {
    options: Options,
    board: [u16; HOLES],
    to_move: Side,
    captured: [u32; 2],
    ply: u32,
    /// M-10: the (board, side to move) states since the last capture. A capture removes seeds
    /// for good, so no earlier state can come back.
    history: History,
    outcome: Option<Outcome>,
}

/// The stored form of [`Mangala`], checked on load ([`TryFrom`]).
type Saved = sowing::Saved<Options, [u16; HOLES]>;

impl TryFrom<Saved> for Mangala {
    type Error = CoreError;

    /// Refuses stored states no game can reach: too many seeds, a history of other positions,
    /// or an outcome that does not follow from the board and the captures (M-10, G-4).
    fn try_from(mut saved: Saved) -> Result<Mangala, CoreError> {
        saved.options.validate()?;
        let empty = saved.board.iter().all(|c| *c == 0);
        let history = saved.check(
            saved.options.ply_cap,
            u64::from(saved.captured[0]) + u64::from(saved.captured[1]),
            // M-10: the game ends by moving every seed left into its owner's store.
            |saved, outcome| {
                matches!(
                    outcome.reason,
                    Reason::BoardEmpty | Reason::Cycle | Reason::PlyCap
                ) && empty
                    && outcome == score_outcome(saved.captured, outcome.reason)
            },
            // M-10: the first repetition ends the game, so an open one has seen its state once.
            |_, count| !empty && count == 1,
        )?;
        Ok(Mangala {
            options: saved.options,
            board: saved.board,
            to_move: saved.to_move,
            captured: saved.captured,
            ply: saved.ply,
            history,
            outcome: saved.outcome,
        })
    }
}

impl Mangala {
    /// Seeds per hole, h0..h13.
    pub fn board(&self) -> &[u16; HOLES] {
        &self.board
    }

    /// M-4: the forced hole of the side to move, if its row holds a seed.
    pub fn forced_hole(&self) -> Option<usize> {
        let mut row = row_of(self.to_move).filter(|h| self.board[*h] > 0);
        if self.options.has(Variant::RightmostHead) {
            row.next_back()
        } else {
            row.next()
        }
    }

    fn sowing(&self) -> Sowing<'static> {
        Sowing {
            track: &IDENTITY[..HOLES],
            skip_origin: self.options.has(Variant::SkipOrigin),
            loop_stops: self.options.has(Variant::LoopStopsTurn),
        }
    }

    fn rule(&self) -> Rule {
        Rule {
            snapshot_chain: self.options.has(Variant::SnapshotChain),
        }
    }

    /// Sows from `hole` on a copy of the board: the board after, and the seeds captured, or
    /// `None` if the move would never end (G-3).
    fn sow<T: Trace>(&self, hole: usize, trace: &mut T) -> Option<([u16; HOLES], u32)> {
        let mut board = self.board;
        let rule = self.rule();
        match self.sowing().play(&mut board, hole, 0, &rule, trace) {
            // Captured seeds are the ones that left the board.
            Ok(Ending::Rule | Ending::Looped) => Some((board, seeds(&self.board) - seeds(&board))),
            Err(_) => None,
        }
    }

    fn the_move(&self) -> Move {
        match self.forced_hole() {
            Some(hole)
                if self.sowing().ends_in_one_lap(&self.board, hole, &self.rule())
                    || self.sow(hole, &mut Silent).is_some() =>
            {
                Move::Sow(hole as u16)
            }
            // M-5 (empty row) and M-9 (a never-ending forced move counts as "cannot move").
            _ => Move::Pass,
        }
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> CoreError {
        CoreError::illegal(self.format_move(mv), reason)
    }

    /// Checks and plays `mv`; `trace` receives its steps. Returns the board as the move left it
    /// (before any end-of-game sweep). On error nothing changes.
    fn apply<T: Trace>(&mut self, mv: Move, trace: &mut T) -> Result<[u16; HOLES], CoreError> {
        if self.outcome.is_some() {
            return Err(self.illegal(mv, IllegalReason::GameOver));
        }
        let forced = self.forced_hole();
        let (board, captured) = match mv {
            Move::Pass => {
                if let Some(hole) = forced {
                    if self.sow(hole, &mut Silent).is_some() {
                        return Err(self.illegal(mv, IllegalReason::CannotPass));
                    }
                }
                (self.board, 0)
            }
            Move::Sow(hole) => {
                let hole = hole as usize;
                if hole >= HOLES {
                    return Err(CoreError::bad_move(
                        &self.format_move(mv),
                        "the holes are h0 to h13",
                    ));
                }
                if !row_of(self.to_move).contains(&hole) {
                    return Err(self.illegal(mv, IllegalReason::NotYourHole));
                }
                let Some(forced) = forced else {
                    return Err(self.illegal(mv, IllegalReason::MustPass));
                };
                if self.board[hole] == 0 {
                    return Err(self.illegal(mv, IllegalReason::EmptyHole));
                }
                if hole != forced {
                    return Err(self.illegal(mv, IllegalReason::NotForcedHole));
                }
                self.sow(hole, trace)
                    .ok_or_else(|| self.illegal(mv, IllegalReason::NeverEndingSowing))?
            }
        };
        self.finish_ply(board, captured);
        Ok(board)
    }

    fn finish_ply(&mut self, board: [u16; HOLES], captured: u32) {
        let side = self.to_move;
        self.board = board;
        self.to_move = side.opponent();
        self.ply += 1;
        if captured > 0 {
            self.captured[side.index()] += captured;
            self.history.clear();
        }
        self.outcome = self.check_end();
    }

    /// M-10 and G-4, after a ply (or for a fresh position): an empty board ends the game; a
    /// repeated (board, side to move) or the ply cap ends it with own-row seeds added.
    fn check_end(&mut self) -> Option<Outcome> {
        if self.board.iter().all(|c| *c == 0) {
            return Some(self.result(Reason::BoardEmpty));
        }
        if self.history.record(&self.board, self.to_move) > 1 {
            return Some(self.result(Reason::Cycle));
        }
        if self.options.ply_cap.is_some_and(|cap| self.ply >= cap) {
            return Some(self.result(Reason::PlyCap));
        }
        None
    }

    /// Moves every seed left into its row owner's store (M-10) and compares the stores.
    fn result(&mut self, reason: Reason) -> Outcome {
        for side in Side::BOTH {
            for hole in row_of(side) {
                self.captured[side.index()] += u32::from(self.board[hole]);
                self.board[hole] = 0;
            }
        }
        score_outcome(self.captured, reason)
    }

    /// The seeds swept into each store at the end of the game, as events (M-10).
    fn sweep_events(before: &[u16; HOLES], recorder: &mut Recorder) {
        for side in Side::BOTH {
            let holes = row_of(side)
                .filter(|h| before[*h] > 0)
                .map(|h| (h as u16, u32::from(before[h])))
                .collect();
            recorder.sweep(side, holes);
        }
    }

    /// Plays `mv` without building events: for playouts and search.
    pub fn play_silent(&mut self, mv: Move) -> Result<(), CoreError> {
        self.apply(mv, &mut Silent).map(|_| ())
    }
}

/// Seeds on a board.
pub(crate) fn seeds(board: &[u16]) -> u32 {
    board.iter().map(|c| u32::from(*c)).sum()
}

/// More seeds wins; equal is a draw (M-10, E-9).
pub(crate) fn score_outcome(captured: [u32; 2], reason: Reason) -> Outcome {
    match captured[0].cmp(&captured[1]) {
        std::cmp::Ordering::Greater => Outcome::win(Side::SOUTH, reason),
        std::cmp::Ordering::Less => Outcome::win(Side::NORTH, reason),
        std::cmp::Ordering::Equal => Outcome::draw(reason),
    }
}

impl Game for Mangala {
    type Move = Move;
    type Options = Options;

    const KIND: GameKind = GameKind::Mangala;
    const VARIANTS: &'static [&'static str] = &[
        "random-start",
        "madjnuni-start",
        "skip-origin",
        "snapshot-chain",
        "rightmost-head",
        "loop-stops-turn",
    ];

    fn new(options: Options) -> Result<Mangala, CoreError> {
        options.validate()?;
        let board = start_board(&options);
        Ok(Mangala::at(options, board, Side::SOUTH, [0, 0]))
    }

    fn from_position(options: Options, position: &str) -> Result<Mangala, CoreError> {
        let parsed = CircuitPosition::parse(position, "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0-0")?;
        let board: [u16; HOLES] = parsed
            .board
            .try_into()
            .map_err(|_| CoreError::bad_position("Mangala IV has 7 holes in each row (M-1)"))?;
        options.validate()?;
        Ok(Mangala::at(options, board, parsed.to_move, parsed.captured))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        CircuitPosition::format(&self.board, self.to_move, self.captured)
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        if text == "pass" {
            return Ok(Move::Pass);
        }
        parse_hole(text, HOLES).map(Move::Sow)
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Sow(hole) => format!("h{hole}"),
            Move::Pass => "pass".to_owned(),
        }
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    /// M-4, M-5, M-9, M-10 (E10): exactly one move, the forced sowing or `pass`.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        vec![self.the_move()]
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, CoreError> {
        let side = self.to_move;
        let mut recorder = Recorder::new(side);
        let before_sweep = self.apply(mv, &mut recorder)?;
        if mv == Move::Pass {
            recorder.events.push(Event::Passed { side });
        }
        if let Some(outcome) = self.outcome {
            Mangala::sweep_events(&before_sweep, &mut recorder);
            recorder.events.push(Event::GameOver { outcome });
        }
        Ok(recorder.events)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn perft_node_cost(&self) -> u64 {
        crate::sowing::perft_node_cost(self.board.len())
    }

    fn captured(&self) -> Option<[u32; 2]> {
        Some(self.captured)
    }
}

impl Mangala {
    fn at(options: Options, board: [u16; HOLES], to_move: Side, captured: [u32; 2]) -> Mangala {
        let mut game = Mangala {
            options,
            board,
            to_move,
            captured,
            ply: 0,
            history: History::default(),
            outcome: None,
        };
        game.outcome = game.check_end();
        game
    }
}

/// Reads a circuit hole `h12` (`holes` holes).
pub(crate) fn parse_hole(text: &str, holes: usize) -> Result<u16, CoreError> {
    let digits = text
        .strip_prefix('h')
        .filter(|d| !d.is_empty() && d.len() <= 5 && d.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| CoreError::bad_move(text, "a move is a hole such as `h3`, or `pass`"))?;
    digits
        .parse::<usize>()
        .ok()
        .filter(|h| *h < holes)
        .map(|h| h as u16)
        .ok_or_else(|| CoreError::bad_move(text, format!("the holes are h0 to h{}", holes - 1)))
}
