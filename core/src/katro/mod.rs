//! Katro, RULES.md §5: 6 rows × C columns (K-1), each player sowing its own 3 rows along one of
//! two boustrophedon paths chosen per move (K-2), relays on every non-empty landing with the
//! row-priority capture of K-8, and loss for the player with no legal move (K-9).
//!
//! A [`Katro`] keeps the position, its history and outcome; its concerns live in submodules:
//! the K-2 paths (`paths`), the K-7/K-8 lap rule (`rule`), which moves may be tried (`moves`),
//! sowing one and whether it ends (`sow`), the notation (`notation`) and the stored form
//! (`saved`).

mod moves;
mod notation;
mod paths;
mod rule;
mod saved;
mod sow;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

pub use paths::Path;

use crate::error::{CoreError, IllegalReason};
use crate::event::Event;
use crate::game::{Game, GameKind};
use crate::outcome::{Outcome, Reason};
use crate::side::Side;
use crate::sowing::{History, Recorder, Scratch, Silent, Sowing, Trace};
use paths::Paths;
use rule::Rule;
use saved::Saved;

/// Rows of the board (K-1).
pub const ROWS: usize = 6;
/// Most columns: holes are named by one letter a…z.
pub const MAX_COLUMNS: u8 = 26;

/// The named variants of RULES.md §5.4/§5.5 and G-3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// §5.5: a lone seed may also step one row inward into the hole in front.
    LoneStone,
    /// §5.5: as `lone-stone`, and the step may also go to a diagonally adjacent column.
    /// Implies `lone-stone`.
    LoneStoneDiagonal,
    /// Busser: path B is path A traversed backwards (instead of its mirror image).
    ReverseDirection,
    /// Busser: a move may start from any non-empty own hole (K-5 without the outermost row).
    AnyHoleStart,
    /// Ludii: capture only on landing in the mover's inner row, taking the opponent's inner,
    /// else middle, else outer hole of that column.
    LudiiCapture,
    /// G-3: a never-ending move stops at its first repeated lap-start state.
    LoopStopsTurn,
}

/// Options of a Katro game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Columns C (K-1): 3 ≤ C ≤ 26, default 6. A position carries its own C.
    pub columns: u8,
    pub variants: BTreeSet<Variant>,
    /// G-4 hard cap on plies; reaching it is a draw, like the threefold repetition. `None`: no cap.
    pub ply_cap: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            columns: 6,
            variants: BTreeSet::new(),
            ply_cap: Some(10_000),
        }
    }
}

impl Options {
    pub fn has(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    fn lone_stone(&self) -> bool {
        self.has(Variant::LoneStone) || self.has(Variant::LoneStoneDiagonal)
    }

    fn validate(&self) -> Result<(), CoreError> {
        if !(3..=MAX_COLUMNS).contains(&self.columns) {
            return Err(CoreError::bad_options(
                "columns",
                format!("columns are between 3 and {MAX_COLUMNS}, not {}", self.columns),
            ));
        }
        if self.ply_cap == Some(0) {
            return Err(CoreError::bad_options("ply_cap", "must be at least 1"));
        }
        Ok(())
    }
}

/// A Katro move. Holes are `row * columns + column`, row 0 = South outer (K-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Move {
    /// K-5: sow the hole along the path (`a1A`).
    Sow { hole: u16, path: Path },
    /// §5.5 `lone-stone`: step the lone seed one row inward (`c2-c3`); a capturing step sows
    /// the captured seeds on along `path` (`c2-c3A`).
    Step { from: u16, to: u16, path: Option<Path> },
}

/// A Katro game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Saved", try_from = "Saved")]
pub struct Katro {
    options: Options,
    /// Seeds per hole, `row * columns + column`, row 0 = South outer.
    board: Vec<u16>,
    to_move: Side,
    /// Seeds each side captured since this state's position was set up. They stay in play
    /// (sown on the capturer's side), so this only informs; it is not part of the position.
    captured: [u32; 2],
    ply: u32,
    /// G-4: every (board, side to move) so far (seeds never leave the board, so no reset).
    history: History,
    outcome: Option<Outcome>,
    paths: Paths,
}

impl Katro {
    pub fn columns(&self) -> usize {
        self.options.columns as usize
    }

    /// Seeds per hole, `row * columns + column`, row 0 = South outer.
    pub fn board(&self) -> &[u16] {
        &self.board
    }

    /// Seeds of the hole named like `c3`.
    pub fn seeds_at(&self, name: &str) -> Option<u16> {
        notation::parse_hole_name(name, self.columns()).map(|h| self.board[h])
    }

    fn side_holes(&self, side: Side) -> std::ops::Range<usize> {
        let c = self.columns();
        let start = if side == Side::SOUTH { 0 } else { 3 * c };
        start..start + 3 * c
    }

    fn row_holes(&self, row: usize) -> std::ops::Range<usize> {
        row * self.columns()..(row + 1) * self.columns()
    }

    fn rule(&self) -> Rule {
        Rule {
            mover: self.to_move,
            columns: self.columns(),
            ludii: self.options.has(Variant::LudiiCapture),
        }
    }

    fn sowing(&self, path: Path) -> Sowing<'_> {
        Sowing {
            track: self.paths.track(self.to_move, path),
            skip_origin: false,
            loop_stops: self.options.has(Variant::LoopStopsTurn),
        }
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> CoreError {
        CoreError::illegal(self.format_move(mv), reason)
    }

    /// Checks and plays `mv`. On error nothing changes.
    fn apply<T: Trace>(&mut self, mv: Move, trace: &mut T) -> Result<(), CoreError> {
        self.check(mv)?;
        let mut scratch = Scratch::new(self.board.len());
        let board = scratch.board();
        let captured = self
            .sow(board, mv, trace)
            .map_err(|reason| self.illegal(mv, reason))?;
        let side = self.to_move;
        self.board.copy_from_slice(board);
        self.captured[side.index()] += captured;
        self.to_move = side.opponent();
        self.ply += 1;
        self.outcome = self.check_end();
        Ok(())
    }

    /// K-9 and G-4 at the start of a turn.
    fn check_end(&mut self) -> Option<Outcome> {
        if !self.can_move() {
            return Some(Outcome::loss(self.to_move, Reason::NoLegalMove));
        }
        if self.history.record(&self.board, self.to_move) >= 3 {
            return Some(Outcome::draw(Reason::Repetition));
        }
        if self.options.ply_cap.is_some_and(|cap| self.ply >= cap) {
            return Some(Outcome::draw(Reason::PlyCap));
        }
        None
    }

    /// Plays `mv` without building events: for playouts and search.
    pub fn play_silent(&mut self, mv: Move) -> Result<(), CoreError> {
        self.apply(mv, &mut Silent)
    }

    /// K-5 (and §5.5) moves without the G-3 check. [`Game::legal_moves`] is these minus the
    /// never-ending ones; a playout may instead draw from these and redraw when `play_silent`
    /// answers `never_ending_sowing` (still uniform over the legal moves).
    pub fn candidate_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.pseudo_moves()
    }

    fn at(options: Options, board: Vec<u16>, to_move: Side) -> Katro {
        let paths = Paths::new(options.columns as usize, options.has(Variant::ReverseDirection));
        let mut game = Katro {
            options,
            board,
            to_move,
            captured: [0, 0],
            ply: 0,
            history: History::default(),
            outcome: None,
            paths,
        };
        game.outcome = game.check_end();
        game
    }
}

impl Game for Katro {
    type Move = Move;
    type Options = Options;

    const KIND: GameKind = GameKind::Katro;
    const VARIANTS: &'static [&'static str] = &[
        "lone-stone",
        "lone-stone-diagonal",
        "reverse-direction",
        "any-hole-start",
        "ludii-capture",
        "loop-stops-turn",
    ];

    /// K-3: 2 seeds per hole; South first (K-4).
    fn new(options: Options) -> Result<Katro, CoreError> {
        options.validate()?;
        let board = vec![2; ROWS * options.columns as usize];
        Ok(Katro::at(options, board, Side::SOUTH))
    }

    fn from_position(mut options: Options, position: &str) -> Result<Katro, CoreError> {
        let (board, columns, to_move) = notation::parse_position(position)?;
        options.columns = columns as u8;
        options.validate()?;
        Ok(Katro::at(options, board, to_move))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        notation::format_position(&self.board, self.columns(), self.to_move)
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        notation::parse_move(text, self.columns())
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv, self.columns())
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    /// K-5 (and §5.5): the pseudo-legal moves whose sowing ends (G-3).
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let rule = self.rule();
        let mut scratch = Scratch::new(self.board.len());
        let mut moves = self.pseudo_moves();
        moves.retain(|mv| self.ends(*mv, &rule, &mut scratch));
        moves
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, CoreError> {
        let side = self.to_move;
        let mut recorder = Recorder::new(side);
        if let Move::Step { from, to, .. } = mv {
            recorder.events.push(Event::Moved { side, from, to });
        }
        self.apply(mv, &mut recorder)?;
        if let Some(outcome) = self.outcome {
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

    /// Seeds captured by each side since the position was set up. In Katro they stay in play,
    /// so these counts only inform (K-E2: "South captured 2 seeds in total").
    fn captured(&self) -> Option<[u32; 2]> {
        Some(self.captured)
    }
}
