//! En Gehé, RULES.md §4: 2 × N holes (any N ≥ 2), free choice of any non-empty own hole (E-4),
//! relays on every non-empty landing (E-5), captures on an empty own-row landing (E-7), and the
//! end when the team to move cannot move (E-9) or on a third repetition (E-10).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, IllegalReason};
use crate::event::{Event, LapEnd};
use crate::game::{Game, GameKind};
use crate::mangala::{parse_hole, score_outcome, seeds};
use crate::outcome::{Outcome, Reason};
use crate::side::Side;
use crate::sowing::{
    self, CircuitPosition, Ending, History, LapRule, Next, Recorder, Scratch, Silent, Sowing, Trace,
    IDENTITY, MAX_CIRCUIT, MAX_TOTAL_SEEDS,
};

/// Most holes per row the engine accepts (E-1 allows any N ≥ 2; tradition stops at 50).
pub const MAX_HOLES: u16 = (MAX_CIRCUIT / 2) as u16;

/// The named variants of RULES.md §4 and G-3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// E-7 as Mancala World / English Wikipedia / Ludii: the capturing seed goes with a capture,
    /// and an empty opposite hole captures nothing.
    MwCapture,
    /// G-3: a never-ending move stops at its first repeated lap-start state.
    LoopStopsTurn,
}

/// Options of an En Gehé game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Holes per row N (E-1): 2 ≤ N ≤ 1000, default 40 (Merker). A position carries its own N.
    pub holes: u16,
    /// Seeds per hole at the start (E-2): at least 1, default 4; at most 60 000 seeds in all.
    pub seeds: u16,
    pub variants: BTreeSet<Variant>,
    /// G-4 hard cap on plies; reaching it ends the game like E-10. `None`: no cap.
    pub ply_cap: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            holes: 40,
            seeds: 4,
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
        self.validate_start()?;
        self.validate_play()
    }

    /// The options that shape the start (`holes`, `seeds`).
    fn validate_start(&self) -> Result<(), CoreError> {
        if !(2..=MAX_HOLES).contains(&self.holes) {
            return Err(CoreError::bad_options(
                "holes",
                format!("holes per row are between 2 and {MAX_HOLES}, not {}", self.holes),
            ));
        }
        let total = 2 * u32::from(self.holes) * u32::from(self.seeds);
        if self.seeds == 0 || total > MAX_TOTAL_SEEDS {
            return Err(CoreError::bad_options(
                "seeds",
                format!(
                    "seeds per hole are at least 1 and at most {MAX_TOTAL_SEEDS} seeds in all, not {} × {}",
                    2 * self.holes,
                    self.seeds
                ),
            ));
        }
        Ok(())
    }

    /// The options that shape play, whatever the start.
    fn validate_play(&self) -> Result<(), CoreError> {
        if self.ply_cap == Some(0) {
            return Err(CoreError::bad_options("ply_cap", "must be at least 1"));
        }
        Ok(())
    }
}

/// An En Gehé move: sow from circuit hole `h` (E-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Move(pub u16);

/// E-5…E-7 as a lap rule.
struct Rule {
    mover: Side,
    /// Holes per row.
    n: usize,
    mw_capture: bool,
}

impl Rule {
    fn own(&self, hole: usize) -> bool {
        (hole < self.n) == (self.mover == Side::SOUTH)
    }
}

impl LapRule for Rule {
    fn end_of_lap<T: Trace>(&self, board: &mut [u16], hole: u16, trace: &mut T) -> Next {
        let landing = hole as usize;
        if board[landing] > 1 {
            // E-5: the hole was not empty → relay.
            return Next::Relay {
                extra: 0,
                end: LapEnd::Relay,
            };
        }
        // E-6: the hole was empty → the move ends; E-7 captures only in the mover's own row.
        if !self.own(landing) {
            return Next::End(LapEnd::Stop);
        }
        let opposite = 2 * self.n - 1 - landing;
        let mut take = |board: &mut [u16], at: usize| {
            let seeds = u32::from(board[at]);
            board[at] = 0;
            trace.capture(at as u16, seeds);
        };
        match (board[opposite] > 0, self.mw_capture) {
            // Seed rule: the opposite contents; the capturing seed stays.
            (true, false) => take(board, opposite),
            // mw-capture: the opposite contents and the capturing seed.
            (true, true) => {
                take(board, opposite);
                take(board, landing);
            }
            // Seed rule: nothing opposite → the capturing seed itself ("dédommagement").
            (false, false) => take(board, landing),
            // mw-capture: nothing opposite → nothing.
            (false, true) => return Next::End(LapEnd::Stop),
        }
        Next::End(LapEnd::Capture)
    }
}

/// An En Gehé game. Each team is one side (E-3): `to_move` is the team to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Saved")]
pub struct EnGehe {
    options: Options,
    /// Seeds per hole, circuit order h0..h(2N-1).
    board: Vec<u16>,
    to_move: Side,
    captured: [u32; 2],
    ply: u32,
    /// E-10: the (board, side) states since the last capture; captures only grow, so equal
    /// (board, captures, side) states all lie after the last capture.
    history: History,
    outcome: Option<Outcome>,
}

/// The stored form of [`EnGehe`], checked on load ([`TryFrom`]).
type Saved = sowing::Saved<Options, Vec<u16>>;

impl TryFrom<Saved> for EnGehe {
    type Error = CoreError;

    /// Refuses stored states no game can reach: a board that does not match `holes` (E-1),
    /// too many seeds, a history of other positions, or an outcome that does not follow from
    /// the board and the captures (E-9, E-10, G-4).
    fn try_from(mut saved: Saved) -> Result<EnGehe, CoreError> {
        saved.options.validate_play()?;
        let n = saved.options.holes;
        if !(2..=MAX_HOLES).contains(&n) || saved.board.len() != 2 * n as usize {
            return Err(CoreError::bad_position(format!(
                "the board has 2 rows of 2 to {MAX_HOLES} holes, as the holes option says"
            )));
        }
        let history = saved.check(
            saved.options.ply_cap,
            u64::from(saved.captured[0]) + u64::from(saved.captured[1]),
            // The game ends by handing out every seed left (E-9, E-10).
            |saved, outcome| {
                matches!(
                    outcome.reason,
                    Reason::NoLegalMove | Reason::Repetition | Reason::PlyCap
                ) && saved.board.iter().all(|c| *c == 0)
                    && outcome == score_outcome(saved.captured, outcome.reason)
            },
            // E-10: the third occurrence ends the game.
            |_, count| count < 3,
        )?;
        Ok(EnGehe {
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

impl EnGehe {
    /// Holes per row N.
    pub fn holes(&self) -> usize {
        self.board.len() / 2
    }

    /// E-10: the (board, side) states since the last capture (for the exact solver's memo).
    pub(crate) fn history(&self) -> &History {
        &self.history
    }

    /// Seeds per hole, h0..h(2N-1).
    pub fn board(&self) -> &[u16] {
        &self.board
    }

    /// The holes of `side`'s row (E-1).
    pub fn row_of(&self, side: Side) -> std::ops::Range<usize> {
        let n = self.holes();
        match side {
            Side::First => 0..n,
            Side::Second => n..2 * n,
        }
    }

    fn sowing(&self) -> Sowing<'static> {
        Sowing {
            track: &IDENTITY[..self.board.len()],
            skip_origin: false,
            loop_stops: self.options.has(Variant::LoopStopsTurn),
        }
    }

    fn rule(&self) -> Rule {
        Rule {
            mover: self.to_move,
            n: self.holes(),
            mw_capture: self.options.has(Variant::MwCapture),
        }
    }

    /// Sows from `hole` into `board` (a copy of the board): the seeds captured, or `None` if the
    /// move never ends (G-3, E-8).
    fn sow<T: Trace>(&self, board: &mut [u16], hole: usize, trace: &mut T) -> Option<u32> {
        board.copy_from_slice(&self.board);
        let rule = self.rule();
        match self.sowing().play(board, hole, 0, &rule, trace) {
            // Captured seeds are the ones that left the board.
            Ok(Ending::Rule | Ending::Looped) => Some(seeds(&self.board) - seeds(board)),
            Err(_) => None,
        }
    }

    /// E-4 candidates: the non-empty own holes.
    fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        let row = self.row_of(self.to_move);
        let start = row.start;
        self.board[row]
            .iter()
            .enumerate()
            .filter(|(_, seeds)| **seeds > 0)
            .map(move |(i, _)| start + i)
    }

    /// Whether sowing from `hole`, a candidate, ends (G-3, E-8): at once if its first lap ends
    /// in an empty hole, else by sowing it on `scratch`.
    fn ends(&self, hole: usize, rule: &Rule, scratch: &mut Scratch) -> bool {
        self.sowing().ends_in_one_lap(&self.board, hole, rule)
            || self.sow(scratch.board(), hole, &mut Silent).is_some()
    }

    /// E-9: whether the team to move has a legal move (a candidate whose sowing ends).
    fn can_move(&self) -> bool {
        let (sowing, rule) = (self.sowing(), self.rule());
        // The cheap test on every candidate first: usually one ends in one lap, and nothing is
        // sown.
        if self
            .candidates()
            .any(|hole| sowing.ends_in_one_lap(&self.board, hole, &rule))
        {
            return true;
        }
        let mut scratch = Scratch::new(self.board.len());
        self.candidates()
            .any(|hole| self.sow(scratch.board(), hole, &mut Silent).is_some())
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> CoreError {
        CoreError::illegal(self.format_move(mv), reason)
    }

    /// Checks and plays `mv`. If the game ended, returns the board as the move left it (before
    /// the end-of-game sweep). On error nothing changes.
    fn apply<T: Trace>(&mut self, mv: Move, trace: &mut T) -> Result<Option<Vec<u16>>, CoreError> {
        if self.outcome.is_some() {
            return Err(self.illegal(mv, IllegalReason::GameOver));
        }
        let hole = mv.0 as usize;
        if hole >= self.board.len() {
            return Err(CoreError::bad_move(
                &self.format_move(mv),
                format!("the holes are h0 to h{}", self.board.len() - 1),
            ));
        }
        if !self.row_of(self.to_move).contains(&hole) {
            return Err(self.illegal(mv, IllegalReason::NotYourHole));
        }
        if self.board[hole] == 0 {
            return Err(self.illegal(mv, IllegalReason::EmptyHole));
        }
        let mut scratch = Scratch::new(self.board.len());
        let board = scratch.board();
        let captured = self
            .sow(board, hole, trace)
            .ok_or_else(|| self.illegal(mv, IllegalReason::NeverEndingSowing))?;
        let side = self.to_move;
        self.board.copy_from_slice(board);
        self.to_move = side.opponent();
        self.ply += 1;
        if captured > 0 {
            self.captured[side.index()] += captured;
            self.history.clear();
        }
        self.outcome = self.check_end();
        // The scratch still holds the board as the move left it (for the sweep's events).
        Ok(self.outcome.map(|_| board.to_vec()))
    }

    /// E-9, E-10 and G-4 at the start of a turn.
    fn check_end(&mut self) -> Option<Outcome> {
        if !self.can_move() {
            // E-9: every seed left goes to the other team, the one that moved last.
            let winner = self.to_move.opponent();
            let left: u32 = self.board.iter().map(|c| u32::from(*c)).sum();
            self.captured[winner.index()] += left;
            self.board.fill(0);
            return Some(score_outcome(self.captured, Reason::NoLegalMove));
        }
        if self.history.record(&self.board, self.to_move) >= 3 {
            return Some(self.own_rows(Reason::Repetition));
        }
        if self.options.ply_cap.is_some_and(|cap| self.ply >= cap) {
            return Some(self.own_rows(Reason::PlyCap));
        }
        None
    }

    /// E-10: each team adds the seeds of its own row.
    fn own_rows(&mut self, reason: Reason) -> Outcome {
        for side in Side::BOTH {
            for hole in self.row_of(side) {
                self.captured[side.index()] += u32::from(self.board[hole]);
                self.board[hole] = 0;
            }
        }
        score_outcome(self.captured, reason)
    }

    /// Plays `mv` without building events: for playouts and search.
    pub fn play_silent(&mut self, mv: Move) -> Result<(), CoreError> {
        self.apply(mv, &mut Silent).map(|_| ())
    }

    /// E-4 moves without the G-3 check: every non-empty own hole. [`Game::legal_moves`] is these
    /// minus the never-ending ones; a playout may instead draw from these and redraw when
    /// `play_silent` answers `never_ending_sowing` (still uniform over the legal moves).
    pub fn candidate_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(self.holes());
        moves.extend(self.candidates().map(|h| Move(h as u16)));
        moves
    }

    fn at(options: Options, board: Vec<u16>, to_move: Side, captured: [u32; 2]) -> EnGehe {
        let mut game = EnGehe {
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

impl Game for EnGehe {
    type Move = Move;
    type Options = Options;

    const KIND: GameKind = GameKind::Engehe;
    const VARIANTS: &'static [&'static str] = &["mw-capture", "loop-stops-turn"];

    fn new(options: Options) -> Result<EnGehe, CoreError> {
        options.validate()?;
        let board = vec![options.seeds; 2 * options.holes as usize];
        Ok(EnGehe::at(options, board, Side::SOUTH, [0, 0]))
    }

    fn from_position(mut options: Options, position: &str) -> Result<EnGehe, CoreError> {
        let parsed = CircuitPosition::parse(position, "4,4,4,4/4,4,4,4 s 0-0")?;
        let n = parsed.board.len() / 2;
        if !(2..=MAX_HOLES as usize).contains(&n) {
            return Err(CoreError::bad_position(format!(
                "rows have between 2 and {MAX_HOLES} holes, not {n}"
            )));
        }
        // The position carries its own size and seeds; `holes` and `seeds` only shape a start.
        options.validate_play()?;
        options.holes = n as u16;
        Ok(EnGehe::at(options, parsed.board, parsed.to_move, parsed.captured))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        CircuitPosition::format(&self.board, self.to_move, self.captured)
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        parse_hole(text, self.board.len()).map(Move)
    }

    fn format_move(&self, mv: Move) -> String {
        format!("h{}", mv.0)
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    /// E-4 and E-8: every non-empty own hole whose sowing ends.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let rule = self.rule();
        let mut scratch = Scratch::new(self.board.len());
        let mut moves = Vec::with_capacity(self.holes());
        moves.extend(
            self.candidates()
                .filter(|hole| self.ends(*hole, &rule, &mut scratch))
                .map(|h| Move(h as u16)),
        );
        moves
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, CoreError> {
        let side = self.to_move;
        let mut recorder = Recorder::new(side);
        let before_sweep = self.apply(mv, &mut recorder)?;
        if let (Some(outcome), Some(before_sweep)) = (self.outcome, before_sweep) {
            let holes = |range: std::ops::Range<usize>| -> Vec<(u16, u32)> {
                range
                    .filter(|h| before_sweep[*h] > 0)
                    .map(|h| (h as u16, u32::from(before_sweep[h])))
                    .collect()
            };
            if outcome.reason == Reason::NoLegalMove {
                // E-9: the team that just moved takes everything left.
                recorder.sweep(side, holes(0..before_sweep.len()));
            } else {
                for team in Side::BOTH {
                    recorder.sweep(team, holes(self.row_of(team)));
                }
            }
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
