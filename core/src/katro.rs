//! Katro, RULES.md §5: 6 rows × C columns (K-1), each player sowing its own 3 rows along one of
//! two boustrophedon paths chosen per move (K-2), relays on every non-empty landing with the
//! row-priority capture of K-8, and loss for the player with no legal move (K-9).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, IllegalReason};
use crate::event::{Event, LapEnd};
use crate::game::{Game, GameKind};
use crate::outcome::{Outcome, Reason, Winner};
use crate::side::Side;
use crate::sowing::{
    self, check_total, format_counts, parse_counts, parse_side, side_letter, Ending, History, LapRule, Next,
    Recorder, Scratch, Silent, Sowing, Trace,
};

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

/// The two sowing paths of K-2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Path {
    A,
    B,
}

impl Path {
    fn index(self) -> usize {
        match self {
            Path::A => 0,
            Path::B => 1,
        }
    }

    fn letter(self) -> char {
        match self {
            Path::A => 'A',
            Path::B => 'B',
        }
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

/// The four tracks of K-2 for a board of `columns`, and each hole's place on its owner's two.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Paths {
    /// South A, South B, North A, North B: 3C holes each.
    tracks: [Vec<u16>; 4],
    /// For each hole, its position on its owner's path A and path B.
    place: Vec<[u16; 2]>,
}

impl Paths {
    fn new(columns: usize, reverse_direction: bool) -> Paths {
        let c = columns;
        let south_a: Vec<u16> = (0..3)
            .flat_map(|row| {
                (0..c).map(move |i| {
                    // Outer and inner rows left→right, middle right→left (K-2).
                    let col = if row == 1 { c - 1 - i } else { i };
                    (row * c + col) as u16
                })
            })
            .collect();
        let south_b: Vec<u16> = if reverse_direction {
            south_a.iter().rev().copied().collect()
        } else {
            // The mirror image: column c ↔ C−1−c.
            south_a
                .iter()
                .map(|h| {
                    let (row, col) = (*h as usize / c, *h as usize % c);
                    (row * c + (c - 1 - col)) as u16
                })
                .collect()
        };
        // North's paths are South's turned by 180° (K-2).
        let rotate = |track: &[u16]| -> Vec<u16> {
            track
                .iter()
                .map(|h| (ROWS * c - 1 - *h as usize) as u16)
                .collect()
        };
        let (north_a, north_b) = (rotate(&south_a), rotate(&south_b));
        let tracks = [south_a, south_b, north_a, north_b];
        let mut place = vec![[0u16; 2]; ROWS * c];
        for (t, track) in tracks.iter().enumerate() {
            for (i, hole) in track.iter().enumerate() {
                place[*hole as usize][t % 2] = i as u16;
            }
        }
        Paths { tracks, place }
    }

    fn track(&self, side: Side, path: Path) -> &[u16] {
        &self.tracks[side.index() * 2 + path.index()]
    }
}

/// K-7/K-8 (or `ludii-capture`) as a lap rule.
struct Rule {
    mover: Side,
    columns: usize,
    ludii: bool,
}

/// The board row of a side's row at `depth` (0 outer, 1 middle, 2 inner).
fn row_at(side: Side, depth: usize) -> usize {
    match side {
        Side::First => depth,
        Side::Second => ROWS - 1 - depth,
    }
}

/// How deep `row` lies on its owner's side (0 outer, 1 middle, 2 inner).
fn depth_of(row: usize) -> usize {
    if row < 3 {
        row
    } else {
        ROWS - 1 - row
    }
}

impl Rule {
    fn row_empty(&self, board: &[u16], row: usize) -> bool {
        board[row * self.columns..(row + 1) * self.columns]
            .iter()
            .all(|c| *c == 0)
    }

    /// K-8: the opponent's hole captured when a lap (or a §5.5 step) ends in `hole`, which
    /// holds seeds, or `None`.
    fn victim(&self, board: &[u16], hole: usize) -> Option<usize> {
        let (row, col) = (hole / self.columns, hole % self.columns);
        let depth = depth_of(row);
        let them = self.mover.opponent();
        let victim = if self.ludii {
            // Ludii: only from the mover's inner row; inner, else middle, else outer, per column.
            if depth != 2 {
                return None;
            }
            (0..3)
                .rev()
                .map(|d| row_at(them, d) * self.columns + col)
                .find(|h| board[*h] > 0)?
        } else {
            // The landing hole must be in the mover's front row: no seeds further in.
            if ((depth + 1)..3).any(|d| !self.row_empty(board, row_at(self.mover, d))) {
                return None;
            }
            // The opponent's front row, and its hole in the same column.
            let front = (0..3)
                .rev()
                .map(|d| row_at(them, d))
                .find(|r| !self.row_empty(board, *r))?;
            front * self.columns + col
        };
        (board[victim] > 0).then_some(victim)
    }

    fn take<T: Trace>(&self, board: &mut [u16], victim: usize, trace: &mut T) -> u32 {
        let seeds = u32::from(board[victim]);
        board[victim] = 0;
        trace.capture(victim as u16, seeds);
        seeds
    }
}

impl LapRule for Rule {
    fn end_of_lap<T: Trace>(&self, board: &mut [u16], hole: u16, trace: &mut T) -> Next {
        let landing = hole as usize;
        if board[landing] == 1 {
            // K-7: the hole was empty → the move ends, no capture.
            return Next::End(LapEnd::Stop);
        }
        // K-7/K-8: capture test on the board right after sowing, then relay with the captured
        // seeds in hand, from the next hole on the same path.
        match self.victim(board, landing) {
            Some(victim) => Next::Relay {
                extra: self.take(board, victim, trace),
                end: LapEnd::Capture,
            },
            None => Next::Relay {
                extra: 0,
                end: LapEnd::Relay,
            },
        }
    }
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

/// The stored form of [`Katro`]: everything but the paths, which follow from the options.
type Saved = sowing::Saved<Options, Vec<u16>>;

impl From<Katro> for Saved {
    fn from(game: Katro) -> Saved {
        Saved {
            options: game.options,
            board: game.board,
            to_move: game.to_move,
            captured: game.captured,
            ply: game.ply,
            history: game.history,
            outcome: game.outcome,
        }
    }
}

impl TryFrom<Saved> for Katro {
    type Error = CoreError;

    fn try_from(mut saved: Saved) -> Result<Katro, CoreError> {
        saved.options.validate()?;
        let columns = saved.options.columns as usize;
        if saved.board.len() != ROWS * columns {
            return Err(CoreError::bad_position(
                "the board does not match the columns option",
            ));
        }
        let history = saved.check(
            saved.options.ply_cap,
            // Captured seeds stay in play (K-7), so every seed is on the board.
            0,
            // K-9 and G-4: how a game can have ended.
            |saved, outcome| match outcome.reason {
                Reason::NoLegalMove => outcome == Outcome::loss(saved.to_move, Reason::NoLegalMove),
                Reason::Repetition | Reason::PlyCap => outcome.winner == Winner::Draw,
                _ => false,
            },
            // G-4: the third occurrence ends the game.
            |_, count| count < 3,
        )?;
        let paths = Paths::new(columns, saved.options.has(Variant::ReverseDirection));
        Ok(Katro {
            options: saved.options,
            board: saved.board,
            to_move: saved.to_move,
            captured: saved.captured,
            ply: saved.ply,
            history,
            outcome: saved.outcome,
            paths,
        })
    }
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
        parse_hole_name(name, self.columns()).map(|h| self.board[h])
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

    /// K-5: the holes a move may start from, if they hold seeds: the outermost own row that
    /// holds seeds, or every own hole under `any-hole-start`.
    fn start_range(&self) -> std::ops::Range<usize> {
        let side = self.to_move;
        if self.options.has(Variant::AnyHoleStart) {
            return self.side_holes(side);
        }
        (0..3)
            .map(|depth| self.row_holes(row_at(side, depth)))
            .find(|row| self.board[row.clone()].iter().any(|c| *c > 0))
            .unwrap_or(0..0)
    }

    /// A cheap, exact shortcut for legality: `mv` is a sowing whose first lap ends in an empty
    /// hole, so it ends (G-3). `false` only means "sow it to find out".
    fn ends_in_one_lap(&self, mv: Move, rule: &Rule) -> bool {
        match mv {
            Move::Sow { hole, path } => {
                let pos = self.paths.place[hole as usize][path.index()] as usize;
                self.sowing(path).ends_in_one_lap(&self.board, pos, rule)
            }
            Move::Step { .. } => false,
        }
    }

    /// Whether `mv`, one of [`Katro::pseudo_moves`], ends (G-3), sowing it on `scratch` if the
    /// shortcut does not tell.
    fn ends(&self, mv: Move, rule: &Rule, scratch: &mut Scratch) -> bool {
        self.ends_in_one_lap(mv, rule) || self.sow(scratch.board(), mv, &mut Silent).is_ok()
    }

    /// §5.5: the lone seed of the side to move, if it has exactly one.
    fn lone_seed(&self) -> Option<usize> {
        if !self.options.lone_stone() {
            return None;
        }
        let mut seeded = self.side_holes(self.to_move).filter(|h| self.board[*h] > 0);
        let first = seeded.next()?;
        (self.board[first] == 1 && seeded.next().is_none()).then_some(first)
    }

    /// §5.5: the holes the lone seed in `from` may step to.
    fn step_targets(&self, from: usize) -> Vec<usize> {
        let c = self.columns();
        let (row, col) = (from / c, from % c);
        let depth = depth_of(row);
        if depth == 2 {
            return Vec::new();
        }
        let to_row = row_at(self.to_move, depth + 1);
        let mut cols = vec![col];
        if self.options.has(Variant::LoneStoneDiagonal) {
            cols.extend(col.checked_sub(1));
            cols.extend((col + 1 < c).then_some(col + 1));
        }
        cols.sort_unstable();
        cols.into_iter().map(|col| to_row * c + col).collect()
    }

    /// Plays `mv` on `board` (a copy of the board): the seeds captured, or `None` if it never
    /// ends (G-3). The move must be well-formed and start from a valid hole.
    fn sow<T: Trace>(&self, board: &mut [u16], mv: Move, trace: &mut T) -> Result<u32, IllegalReason> {
        board.copy_from_slice(&self.board);
        let rule = self.rule();
        let (path, pos, extra) = match mv {
            Move::Sow { hole, path } => (path, self.paths.place[hole as usize][path.index()], 0),
            Move::Step { from, to, path } => {
                let (from, to) = (from as usize, to as usize);
                board[from] -= 1;
                board[to] += 1;
                let captures = rule.victim(board, to);
                match (captures, path) {
                    (None, None) => return Ok(0),
                    (Some(victim), Some(path)) => {
                        // §5.5: the captured seeds and the stepped seed are sown on from the
                        // next hole of the chosen path.
                        let extra = rule.take(board, victim, trace);
                        trace.flush_captures();
                        (path, self.paths.place[to][path.index()], extra)
                    }
                    _ => return Err(IllegalReason::WrongStepPath),
                }
            }
        };
        match self.sowing(path).play(board, pos as usize, extra, &rule, trace) {
            // Captured seeds are the ones the opponent's side lost (sowing never adds to it).
            Ok(Ending::Rule | Ending::Looped) => {
                let theirs = |board: &[u16]| -> u32 {
                    self.side_holes(self.to_move.opponent())
                        .map(|h| u32::from(board[h]))
                        .sum()
                };
                Ok(theirs(&self.board) - theirs(board))
            }
            Err(_) => Err(IllegalReason::NeverEndingSowing),
        }
    }

    /// Every move the rules let the side to move try, before the G-3 check, sorted.
    fn pseudo_moves(&self) -> Vec<Move> {
        let start = self.start_range();
        let mut moves = Vec::with_capacity(2 * start.len());
        for hole in start.filter(|h| self.board[*h] > 0) {
            for path in [Path::A, Path::B] {
                moves.push(Move::Sow {
                    hole: hole as u16,
                    path,
                });
            }
        }
        if let Some(from) = self.lone_seed() {
            let rule = self.rule();
            let mut board = self.board.clone();
            for to in self.step_targets(from) {
                board[from] -= 1;
                board[to] += 1;
                let captures = rule.victim(&board, to).is_some();
                board[from] += 1;
                board[to] -= 1;
                let (from, to) = (from as u16, to as u16);
                if captures {
                    moves.push(Move::Step {
                        from,
                        to,
                        path: Some(Path::A),
                    });
                    moves.push(Move::Step {
                        from,
                        to,
                        path: Some(Path::B),
                    });
                } else {
                    moves.push(Move::Step { from, to, path: None });
                }
            }
        }
        moves
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> CoreError {
        CoreError::illegal(self.format_move(mv), reason)
    }

    /// Why `mv` may not even be tried, if so (everything but G-3).
    fn check(&self, mv: Move) -> Result<(), CoreError> {
        if self.outcome.is_some() {
            return Err(self.illegal(mv, IllegalReason::GameOver));
        }
        let own = |hole: u16| self.side_holes(self.to_move).contains(&(hole as usize));
        match mv {
            Move::Sow { hole, .. } => {
                if !own(hole) {
                    return Err(self.illegal(mv, IllegalReason::NotYourHole));
                }
                if self.board[hole as usize] == 0 {
                    return Err(self.illegal(mv, IllegalReason::EmptyHole));
                }
                if !self.start_range().contains(&(hole as usize)) {
                    return Err(self.illegal(mv, IllegalReason::NotOutermostRow));
                }
            }
            Move::Step { from, to, .. } => {
                if !own(from) {
                    return Err(self.illegal(mv, IllegalReason::NotYourHole));
                }
                if self.board[from as usize] == 0 {
                    return Err(self.illegal(mv, IllegalReason::EmptyHole));
                }
                if self.lone_seed() != Some(from as usize)
                    || !self.step_targets(from as usize).contains(&(to as usize))
                {
                    return Err(self.illegal(mv, IllegalReason::StepNotAllowed));
                }
                // A path given to a non-capturing step, or missing on a capturing one, is
                // refused by `sow` (wrong_step_path).
            }
        }
        Ok(())
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

    /// Whether the side to move has a legal move (K-9): a pseudo-legal move whose sowing ends.
    fn can_move(&self) -> bool {
        let rule = self.rule();
        // The cheap test on every sowing first: usually one ends in one lap, and nothing is sown
        // (nor any move list built).
        let quick = self
            .start_range()
            .filter(|h| self.board[*h] > 0)
            .flat_map(|hole| {
                [Path::A, Path::B].map(|path| Move::Sow {
                    hole: hole as u16,
                    path,
                })
            })
            .any(|mv| self.ends_in_one_lap(mv, &rule));
        if quick {
            return true;
        }
        let mut scratch = Scratch::new(self.board.len());
        self.pseudo_moves()
            .into_iter()
            .any(|mv| self.sow(scratch.board(), mv, &mut Silent).is_ok())
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

    fn hole_name(&self, hole: u16) -> String {
        let c = self.columns();
        let (row, col) = (hole as usize / c, hole as usize % c);
        format!("{}{}", (b'a' + col as u8) as char, row + 1)
    }
}

/// `c3` → its hole index on a board of `columns`.
fn parse_hole_name(name: &str, columns: usize) -> Option<usize> {
    let bytes = name.as_bytes();
    let [letter, digit] = bytes else {
        return None;
    };
    let col = letter.checked_sub(b'a')? as usize;
    let row = digit.checked_sub(b'1')? as usize;
    (col < columns && row < ROWS).then_some(row * columns + col)
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
        let shape = || {
            CoreError::bad_notation(
                "a Katro position is `<row 6>/<row 5>/<row 4>/<row 3>/<row 2>/<row 1> <s|n>`, each row \
                 its counts from column a on, e.g. `2,2,2/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 s`",
            )
        };
        let (rows, side) = position.split_once(' ').ok_or_else(shape)?;
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != ROWS {
            return Err(shape());
        }
        let mut board = Vec::new();
        let mut columns = None;
        // Notation runs from row 6 down to row 1; the board from row 1 up.
        for row in rows.iter().rev() {
            let counts = parse_counts(row)?;
            if *columns.get_or_insert(counts.len()) != counts.len() {
                return Err(CoreError::bad_position(
                    "every row has the same number of columns",
                ));
            }
            board.extend(counts);
            check_total(&board, 0)?;
        }
        let columns = columns.unwrap_or(0);
        if !(3..=MAX_COLUMNS as usize).contains(&columns) {
            return Err(CoreError::bad_position(format!(
                "rows have between 3 and {MAX_COLUMNS} columns, not {columns}"
            )));
        }
        let to_move = parse_side(side)?;
        options.columns = columns as u8;
        options.validate()?;
        Ok(Katro::at(options, board, to_move))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        let c = self.columns();
        let rows: Vec<String> = (0..ROWS)
            .rev()
            .map(|row| format_counts(&self.board[row * c..(row + 1) * c]))
            .collect();
        format!("{} {}", rows.join("/"), side_letter(self.to_move))
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        let c = self.columns();
        let bad = || {
            CoreError::bad_move(
                text,
                "a Katro move is a hole and a path, such as `a1A`, or a lone-stone step such as `c2-c3` / `c2-c3A`",
            )
        };
        let path_of = |byte: Option<&u8>| match byte {
            None => Ok(None),
            Some(b'A') => Ok(Some(Path::A)),
            Some(b'B') => Ok(Some(Path::B)),
            Some(_) => Err(bad()),
        };
        if let Some((from, rest)) = text.split_once('-') {
            let to = rest.get(..2).ok_or_else(bad)?;
            if rest.len() > 3 {
                return Err(bad());
            }
            let path = path_of(rest.as_bytes().get(2))?;
            let from = parse_hole_name(from, c).ok_or_else(bad)?;
            let to = parse_hole_name(to, c).ok_or_else(bad)?;
            return Ok(Move::Step {
                from: from as u16,
                to: to as u16,
                path,
            });
        }
        if text.len() != 3 || !text.is_char_boundary(2) {
            return Err(bad());
        }
        let hole = parse_hole_name(&text[..2], c).ok_or_else(bad)?;
        let path = path_of(text.as_bytes().get(2))?.ok_or_else(bad)?;
        Ok(Move::Sow {
            hole: hole as u16,
            path,
        })
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Sow { hole, path } => format!("{}{}", self.hole_name(hole), path.letter()),
            Move::Step { from, to, path } => format!(
                "{}-{}{}",
                self.hole_name(from),
                self.hole_name(to),
                path.map(|p| p.letter().to_string()).unwrap_or_default()
            ),
        }
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
