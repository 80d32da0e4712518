//! Fanoronandalana ("fano"), RULES.md §2: one row of n cells, a placement phase, approach
//! captures, and loss by immobility or by repeating a situation.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, IllegalReason};
use crate::event::{Event, Phase};
use crate::game::{Game, GameKind};
use crate::outcome::{Outcome, Reason};
use crate::side::Side;

/// Largest board the engine accepts (F-1 allows any odd n ≥ 3; Busser's table stops at 33).
pub const MAX_CELLS: u16 = 255;

/// The named variants of RULES.md §2.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// "Qui perd gagne": F-7 reversed, F-8 unchanged.
    Misere,
    /// The original fully-filled start, no placement phase.
    FullStart,
    /// If a capturing slide exists, a capturing slide must be chosen.
    ForcedCapture,
    /// Recreating a visited situation is illegal instead of losing.
    RepetitionIllegal,
}

/// Options of a fano game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of cells n (odd, 3 ≤ n ≤ 255). Default 7, the seed's example board.
    pub cells: u16,
    pub variants: BTreeSet<Variant>,
    /// G-4 hard cap on plies; the mover who reaches it loses, like a repetition (F-8). `None`: no cap.
    pub ply_cap: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            cells: 7,
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
        check_cells(self.cells.into()).map_err(|message| CoreError::bad_options("cells", message))?;
        if self.ply_cap == Some(0) {
            return Err(CoreError::bad_options("ply_cap", "must be at least 1"));
        }
        Ok(())
    }
}

fn check_cells(n: usize) -> Result<(), String> {
    if n < 3 || n.is_multiple_of(2) || n > usize::from(MAX_CELLS) {
        return Err(format!(
            "the number of cells must be odd and between 3 and {MAX_CELLS}, not {n}"
        ));
    }
    Ok(())
}

/// F-3: pawns per player, k = ⌊(n+1)/4⌋.
pub fn pawns_per_player(cells: u16) -> u16 {
    (cells + 1) / 4
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    Pawn(Side),
}

impl Cell {
    fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Pawn(Side::First) => 'W',
            Cell::Pawn(Side::Second) => 'B',
        }
    }
}

/// A fano move; cells are 0-based here and 1-based in notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Move {
    /// F-4: put a pawn from hand on a cell (`@3`).
    Place(u16),
    /// F-5: slide a pawn to a neighbouring cell (`2-3`).
    Slide { from: u16, to: u16 },
}

/// A fano game: the cells, the hands, whose turn it is, and the visited situations (F-8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Saved")]
pub struct Fano {
    options: Options,
    cells: Vec<Cell>,
    to_move: Side,
    hands: [u16; 2],
    ply: u32,
    /// F-8: every phase-2 situation so far, as its notation (phase 2 has empty hands).
    visited: BTreeSet<String>,
    outcome: Option<Outcome>,
}

/// The stored form of [`Fano`], checked on load ([`TryFrom`]): the same fields.
#[derive(Deserialize)]
struct Saved {
    options: Options,
    cells: Vec<Cell>,
    to_move: Side,
    hands: [u16; 2],
    ply: u32,
    visited: BTreeSet<String>,
    outcome: Option<Outcome>,
}

impl TryFrom<Saved> for Fano {
    type Error = CoreError;

    /// Refuses stored states no game can reach: a board that does not match `cells`, pawn
    /// counts or hands that F-3/F-4 do not allow, a history of other boards, or an outcome that
    /// does not follow from the position (F-7, F-8, G-4). Play then never underflows a hand or
    /// indexes off the board.
    fn try_from(saved: Saved) -> Result<Fano, CoreError> {
        saved.options.validate()?;
        if saved.cells.len() != usize::from(saved.options.cells) {
            return Err(CoreError::bad_position(format!(
                "the board has {} cells, but the cells option says {}",
                saved.cells.len(),
                saved.options.cells
            )));
        }
        let game = Fano {
            options: saved.options,
            cells: saved.cells,
            to_move: saved.to_move,
            hands: saved.hands,
            ply: saved.ply,
            visited: saved.visited,
            outcome: saved.outcome,
        };
        game.check_counts()?;
        let n = game.cells.len();
        let consistent = match game.phase() {
            // Placement: nothing is visited yet (F-8), and only the ply cap can end it.
            Phase::Placement => {
                game.visited.is_empty()
                    && match game.outcome {
                        None => game.options.ply_cap.is_none_or(|cap| game.ply < cap),
                        Some(outcome) => game.ended_by_ply_cap(outcome),
                    }
            }
            // Movement: the current situation is visited, every visited one is a phase-2
            // situation of this board, and the outcome is the one play would have reached.
            Phase::Movement => {
                game.visited.contains(&game.situation())
                    && game.visited.iter().all(|text| is_situation(text, n))
                    && match game.outcome {
                        None => {
                            game.start_of_turn_outcome().is_none()
                                && game.options.ply_cap.is_none_or(|cap| game.ply < cap)
                        }
                        Some(outcome) => match outcome.reason {
                            Reason::NoPawns | Reason::NoLegalMove => {
                                game.start_of_turn_outcome() == Some(outcome)
                            }
                            // F-8: the side that just moved lost.
                            Reason::Repetition => {
                                outcome == Outcome::loss(game.to_move.opponent(), Reason::Repetition)
                            }
                            _ => game.ended_by_ply_cap(outcome),
                        },
                    }
            }
        };
        if !consistent {
            return Err(CoreError::bad_position(
                "the stored history or outcome does not match the position",
            ));
        }
        Ok(game)
    }
}

/// Whether `text` is a phase-2 situation of an `n`-cell board (`W.B w 0 0`).
fn is_situation(text: &str, n: usize) -> bool {
    let Some((board, rest)) = text.split_once(' ') else {
        return false;
    };
    board.len() == n
        && board.bytes().all(|b| matches!(b, b'W' | b'B' | b'.'))
        && matches!(rest, "w 0 0" | "b 0 0")
}

impl Fano {
    /// F-3/F-4: the pawns on the board and in hand, and whose turn it is during placement.
    fn check_counts(&self) -> Result<(), CoreError> {
        let k = pawns_per_player(self.cells.len() as u16);
        if self.hands != [0, 0] {
            if self.options.has(Variant::FullStart) {
                return Err(CoreError::bad_position(
                    "variant full-start has no placement phase",
                ));
            }
            for s in Side::BOTH {
                if self.pawns_on_board(s) + self.hands[s.index()] as usize != k as usize {
                    return Err(CoreError::bad_position(format!(
                        "during placement each side has {k} pawns on the board and in hand together"
                    )));
                }
            }
            let expected = if self.hands[0] == self.hands[1] {
                Side::WHITE
            } else {
                Side::BLACK
            };
            if self.hands[0] > self.hands[1] || self.hands[1] - self.hands[0] > 1 || self.to_move != expected
            {
                return Err(CoreError::bad_position(
                    "White places first, then the sides alternate (F-4)",
                ));
            }
        }
        Ok(())
    }

    /// G-4: the ply cap ended the game, and the side that just moved lost.
    fn ended_by_ply_cap(&self, outcome: Outcome) -> bool {
        self.options.ply_cap.is_some_and(|cap| self.ply >= cap)
            && outcome == Outcome::loss(self.to_move.opponent(), Reason::PlyCap)
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Pawns still in hand, indexed by [`Side::index`].
    pub fn hands(&self) -> [u16; 2] {
        self.hands
    }

    pub fn phase(&self) -> Phase {
        if self.hands == [0, 0] {
            Phase::Movement
        } else {
            Phase::Placement
        }
    }

    /// F-8: the phase-2 situations visited so far, in their notation (for the exact solver,
    /// whose memo must tell apart states with different histories).
    pub(crate) fn visited(&self) -> &BTreeSet<String> {
        &self.visited
    }

    /// Pawns of `side` on the board.
    pub fn pawns_on_board(&self, side: Side) -> usize {
        self.cells
            .iter()
            .filter(|cell| **cell == Cell::Pawn(side))
            .count()
    }

    /// The situation key of F-8: cells and side to move (hands are empty in phase 2).
    fn situation(&self) -> String {
        self.position()
    }

    /// F-6: the cells captured if the pawn of `side` arrives at `to` moving in direction `d`.
    fn approach_run(&self, side: Side, to: u16, d: i32) -> Vec<u16> {
        let mut run = Vec::new();
        let mut at = to as i32 + d;
        while at >= 0
            && (at as usize) < self.cells.len()
            && self.cells[at as usize] == Cell::Pawn(side.opponent())
        {
            run.push(at as u16);
            at += d;
        }
        run
    }

    /// Every physically possible slide of the side to move (F-5), in order.
    fn slides(&self) -> Vec<Move> {
        let side = self.to_move;
        let n = self.cells.len() as i32;
        let mut moves = Vec::new();
        for (from, cell) in self.cells.iter().enumerate() {
            if *cell != Cell::Pawn(side) {
                continue;
            }
            for d in [-1, 1] {
                let to = from as i32 + d;
                if (0..n).contains(&to) && self.cells[to as usize] == Cell::Empty {
                    moves.push(Move::Slide {
                        from: from as u16,
                        to: to as u16,
                    });
                }
            }
        }
        moves
    }

    /// The board after a slide: the new cells and the captured cells. No checks.
    fn after_slide(&self, from: u16, to: u16) -> (Vec<Cell>, Vec<u16>) {
        let side = self.to_move;
        let d = if to > from { 1 } else { -1 };
        let captured = self.approach_run(side, to, d);
        let mut cells = self.cells.clone();
        cells[from as usize] = Cell::Empty;
        cells[to as usize] = Cell::Pawn(side);
        for at in &captured {
            cells[*at as usize] = Cell::Empty;
        }
        (cells, captured)
    }

    fn situation_of(cells: &[Cell], to_move: Side) -> String {
        format_position(cells, to_move, [0, 0])
    }

    fn repeats(&self, from: u16, to: u16) -> bool {
        let (cells, _) = self.after_slide(from, to);
        self.visited
            .contains(&Fano::situation_of(&cells, self.to_move.opponent()))
    }

    fn captures(&self, from: u16, to: u16) -> bool {
        let d = if to > from { 1 } else { -1 };
        !self.approach_run(self.to_move, to, d).is_empty()
    }

    /// Slides that the variants allow, before F-8's loss is considered.
    fn allowed_slides(&self) -> Vec<Move> {
        let mut moves = self.slides();
        if self.options.has(Variant::RepetitionIllegal) {
            moves.retain(|mv| !matches!(*mv, Move::Slide { from, to } if self.repeats(from, to)));
        }
        if self.options.has(Variant::ForcedCapture)
            && moves
                .iter()
                .any(|mv| matches!(*mv, Move::Slide { from, to } if self.captures(from, to)))
        {
            moves.retain(|mv| matches!(*mv, Move::Slide { from, to } if self.captures(from, to)));
        }
        moves
    }

    /// F-7 at the start of a phase-2 turn: no pawn or no slide loses (wins under misère).
    fn start_of_turn_outcome(&self) -> Option<Outcome> {
        let side = self.to_move;
        let reason = if self.pawns_on_board(side) == 0 {
            Reason::NoPawns
        } else if self.allowed_slides().is_empty() {
            Reason::NoLegalMove
        } else {
            return None;
        };
        Some(if self.options.has(Variant::Misere) {
            Outcome::win(side, reason)
        } else {
            Outcome::loss(side, reason)
        })
    }

    /// Enters phase 2: the situation counts as visited (F-8), then F-7 applies.
    fn begin_movement(&mut self) {
        self.visited.insert(self.situation());
        self.outcome = self.start_of_turn_outcome();
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> CoreError {
        CoreError::illegal(self.format_move(mv), reason)
    }

    fn check(&self, mv: Move) -> Result<(), CoreError> {
        if self.outcome.is_some() {
            return Err(self.illegal(mv, IllegalReason::GameOver));
        }
        let n = self.cells.len() as u16;
        match mv {
            Move::Place(cell) => {
                if self.phase() != Phase::Placement {
                    return Err(self.illegal(mv, IllegalReason::WrongPhase));
                }
                if cell >= n {
                    return Err(CoreError::bad_move(&self.format_move(mv), "no such cell"));
                }
                if self.cells[cell as usize] != Cell::Empty {
                    return Err(self.illegal(mv, IllegalReason::CellOccupied));
                }
            }
            Move::Slide { from, to } => {
                if self.phase() != Phase::Movement {
                    return Err(self.illegal(mv, IllegalReason::WrongPhase));
                }
                if from >= n || to >= n {
                    return Err(CoreError::bad_move(&self.format_move(mv), "no such cell"));
                }
                if self.cells[from as usize] != Cell::Pawn(self.to_move) {
                    return Err(self.illegal(mv, IllegalReason::NotYourPiece));
                }
                if from.abs_diff(to) != 1 {
                    return Err(self.illegal(mv, IllegalReason::NotReachable));
                }
                if self.cells[to as usize] != Cell::Empty {
                    return Err(self.illegal(mv, IllegalReason::DestinationOccupied));
                }
                if !self.allowed_slides().contains(&mv) {
                    let reason = if self.options.has(Variant::RepetitionIllegal) && self.repeats(from, to) {
                        IllegalReason::RepeatsSituation
                    } else {
                        IllegalReason::CaptureRequired
                    };
                    return Err(self.illegal(mv, reason));
                }
            }
        }
        Ok(())
    }
}

fn format_position(cells: &[Cell], to_move: Side, hands: [u16; 2]) -> String {
    let board: String = cells.iter().map(|cell| cell.symbol()).collect();
    let side = if to_move == Side::WHITE { 'w' } else { 'b' };
    format!("{board} {side} {} {}", hands[0], hands[1])
}

/// A number in its one canonical spelling: ASCII digits, no sign, no leading zero (`0` itself
/// is `0`), as docs/notation.md promises one text form per move and position. `Err` says why
/// not: `true` for a leading zero.
fn canonical_number(text: &str) -> Result<u16, bool> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(false);
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(true);
    }
    text.parse().map_err(|_| false)
}

fn parse_cell(text: &str, whole: &str, n: u16) -> Result<u16, CoreError> {
    let number = canonical_number(text).map_err(|leading_zero| {
        CoreError::bad_move(
            whole,
            if leading_zero {
                "cells are written without leading zeros, such as 3"
            } else {
                "cells are numbers such as 3"
            },
        )
    })?;
    if number == 0 || number > n {
        return Err(CoreError::bad_move(whole, format!("cells are numbered 1 to {n}")));
    }
    Ok(number - 1)
}

impl Game for Fano {
    type Move = Move;
    type Options = Options;

    const KIND: GameKind = GameKind::Fano;
    const VARIANTS: &'static [&'static str] =
        &["misere", "full-start", "forced-capture", "repetition-illegal"];

    fn new(options: Options) -> Result<Fano, CoreError> {
        options.validate()?;
        let n = options.cells;
        let k = pawns_per_player(n);
        let mut game = Fano {
            cells: vec![Cell::Empty; n as usize],
            to_move: Side::WHITE,
            hands: [k, k],
            ply: 0,
            visited: BTreeSet::new(),
            outcome: None,
            options,
        };
        if game.options.has(Variant::FullStart) {
            // §2.3 layouts: centre empty, B W B W … from the left on each side of it.
            let centre = n / 2;
            for (i, cell) in game.cells.iter_mut().enumerate() {
                let i = i as u16;
                if i == centre {
                    continue;
                }
                let rank = if i < centre { i } else { i - 1 };
                *cell = Cell::Pawn(if rank % 2 == 0 { Side::BLACK } else { Side::WHITE });
            }
            game.hands = [0, 0];
            game.begin_movement();
        }
        Ok(game)
    }

    fn from_position(mut options: Options, position: &str) -> Result<Fano, CoreError> {
        let fields: Vec<&str> = position.split(' ').collect();
        let [board, side, white_hand, black_hand] = fields[..] else {
            return Err(CoreError::bad_notation(
                "a fano position is `<cells> <w|b> <white in hand> <black in hand>`, e.g. `..WB... w 1 1`",
            ));
        };
        let cells = board
            .chars()
            .map(|c| match c {
                'W' => Ok(Cell::Pawn(Side::WHITE)),
                'B' => Ok(Cell::Pawn(Side::BLACK)),
                '.' => Ok(Cell::Empty),
                other => Err(CoreError::bad_notation(format!(
                    "cells are W, B or `.`, not `{other}`"
                ))),
            })
            .collect::<Result<Vec<Cell>, CoreError>>()?;
        check_cells(cells.len()).map_err(CoreError::bad_position)?;
        let n = cells.len() as u16; // at most MAX_CELLS, checked just above
        let to_move = match side {
            "w" => Side::WHITE,
            "b" => Side::BLACK,
            _ => return Err(CoreError::bad_notation("the side to move is `w` or `b`")),
        };
        let hand = |text: &str| -> Result<u16, CoreError> {
            canonical_number(text).map_err(|leading_zero| {
                CoreError::bad_notation(if leading_zero {
                    "pawns in hand are written without leading zeros"
                } else {
                    "pawns in hand are whole numbers"
                })
            })
        };
        let hands = [hand(white_hand)?, hand(black_hand)?];
        // The position carries its own board size (docs/notation.md).
        options.cells = n;
        options.validate()?;
        let mut game = Fano {
            options,
            cells,
            to_move,
            hands,
            ply: 0,
            visited: BTreeSet::new(),
            outcome: None,
        };
        game.check_counts()?;
        if hands == [0, 0] {
            game.begin_movement();
        }
        Ok(game)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        format_position(&self.cells, self.to_move, self.hands)
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        let n = self.cells.len() as u16;
        if let Some(cell) = text.strip_prefix('@') {
            return Ok(Move::Place(parse_cell(cell, text, n)?));
        }
        let Some((from, to)) = text.split_once('-') else {
            return Err(CoreError::bad_move(
                text,
                "a fano move is a placement `@3` or a slide `2-3`",
            ));
        };
        Ok(Move::Slide {
            from: parse_cell(from, text, n)?,
            to: parse_cell(to, text, n)?,
        })
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Place(cell) => format!("@{}", cell + 1),
            Move::Slide { from, to } => format!("{}-{}", from + 1, to + 1),
        }
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase() {
            Phase::Placement => (0..self.cells.len() as u16)
                .filter(|cell| self.cells[*cell as usize] == Cell::Empty)
                .map(Move::Place)
                .collect(),
            Phase::Movement => self.allowed_slides(),
        }
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, CoreError> {
        self.check(mv)?;
        let side = self.to_move;
        let mut events = Vec::new();
        match mv {
            Move::Place(cell) => {
                self.cells[cell as usize] = Cell::Pawn(side);
                self.hands[side.index()] -= 1;
                self.to_move = side.opponent();
                self.ply += 1;
                events.push(Event::Placed { side, at: cell });
                if self.phase() == Phase::Movement {
                    events.push(Event::PhaseChanged {
                        phase: Phase::Movement,
                    });
                    self.begin_movement();
                }
            }
            Move::Slide { from, to } => {
                let (cells, captured) = self.after_slide(from, to);
                self.cells = cells;
                self.to_move = side.opponent();
                self.ply += 1;
                events.push(Event::Moved { side, from, to });
                if !captured.is_empty() {
                    events.push(Event::Removed {
                        owner: side.opponent(),
                        at: captured,
                    });
                }
                // F-8 before F-7: recreating a visited situation loses for the mover.
                if !self.visited.insert(self.situation()) {
                    self.outcome = Some(Outcome::loss(side, Reason::Repetition));
                } else {
                    self.outcome = self.start_of_turn_outcome();
                }
            }
        }
        if self.outcome.is_none() && self.options.ply_cap.is_some_and(|cap| self.ply >= cap) {
            // G-4: the cap is handled like fano's repetition rule: the mover loses.
            self.outcome = Some(Outcome::loss(side, Reason::PlyCap));
        }
        if let Some(outcome) = self.outcome {
            events.push(Event::GameOver { outcome });
        }
        Ok(events)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}
