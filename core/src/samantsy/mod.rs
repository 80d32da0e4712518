//! Samantsy, Malagasy chess (RULES.md §1): the blocked hova loses (S-10), with the S-11 draws.
//!
//! The shape follows shakmaty: notation ⇄ [`Setup`] (unchecked) → [`Position`] (validated,
//! knows the movement rules) → [`Samantsy`] (a game: history, draws, outcome). Bitboards,
//! attack detection for legality, and a narrowed search for freeing moves keep move generation
//! fast enough for search (see `docs/benchmarks.md`).

pub(crate) mod attacks;
mod bitboard;
mod blockade;
mod board;
mod history;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
mod position;
mod setup;
mod square;
mod zobrist;

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use bitboard::Bitboard;
pub use board::Board;
pub use history::{NO_PROGRESS_PLIES, REPETITIONS};
pub use moves::Move;
pub use notation::{format_move, format_setup, parse_move, parse_setup};
pub use piece::{Piece, Role};
pub use position::{promotion_rank, MoveEffect, Position, Rules};
pub use setup::Setup;
pub use square::Square;

use crate::error::{CoreError, IllegalReason};
use crate::event::Event;
use crate::game::{Game, GameKind, NodeBudget, PerftTooLarge};
use crate::outcome::{Outcome, Reason};
use crate::side::Side;

/// The named variants of RULES.md §1.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Busser's Samantsy1.lud: lose only with no legal move at all (instead of S-10).
    ChessMate,
    /// Ludii reconstruction: a zaza moves exactly one square forward.
    ZazaStep,
    /// Shatranj alfil: the basy leaps two squares diagonally even over an occupied middle.
    AlfilJump,
}

/// Options of a Samantsy game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub variants: BTreeSet<Variant>,
    /// G-4 hard cap on plies; reaching it is a draw, like a repetition (S-11). `None`: no cap.
    pub ply_cap: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variants: BTreeSet::new(),
            ply_cap: Some(10_000),
        }
    }
}

impl Options {
    pub fn has(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    /// The rule switches of these options.
    pub fn rules(&self) -> Rules {
        Rules {
            chess_mate: self.has(Variant::ChessMate),
            zaza_step: self.has(Variant::ZazaStep),
            alfil_jump: self.has(Variant::AlfilJump),
        }
    }

    fn validate(&self) -> Result<(), CoreError> {
        if self.ply_cap == Some(0) {
            return Err(CoreError::bad_options("ply_cap", "must be at least 1"));
        }
        Ok(())
    }
}

/// A Samantsy game: the position, the positions since the last capture or zaza move (for the
/// S-11 draws) and the outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "SavedState", try_from = "SavedState")]
pub struct Samantsy {
    /// Shared: the search clones the game at every node, and the options never change.
    options: Arc<Options>,
    /// Positions since the last capture or zaza move, oldest first; the current one is last,
    /// so this is never empty. The position the game was created from is the first.
    line: Vec<Position>,
    ply: u32,
    outcome: Option<Outcome>,
}

impl Samantsy {
    fn start(options: Options, position: Position) -> Samantsy {
        let mut game = Samantsy {
            options: Arc::new(options),
            line: vec![position],
            ply: 0,
            outcome: None,
        };
        game.outcome = game.evaluate();
        game
    }

    /// The current position.
    pub fn state(&self) -> &Position {
        // Every constructor (new, from_position, deserialization) starts `line` with a
        // position and `play` only clears it right before pushing, so this cannot fail.
        self.line.last().expect("the line holds the current position")
    }

    pub fn board(&self) -> &Board {
        self.state().board()
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board().piece_at(sq)
    }

    /// S-9: the hova of `side` has no legal move (judged as if it were `side`'s turn).
    pub fn hova_blocked(&self, side: Side) -> bool {
        !self.state().hova_free(side)
    }

    /// The side to move's hova is attacked.
    pub fn is_check(&self) -> bool {
        self.state().is_check()
    }

    /// S-10: the legal moves after which the mover's hova is free, sorted. Only meaningful
    /// while the mover's hova is blocked; empty once the game is over.
    pub fn freeing_moves(&self) -> Vec<Move> {
        let legal = self.legal_moves();
        let mut freeing = self.state().freeing_moves(&legal);
        freeing.sort_unstable();
        freeing
    }

    /// S-11: plies since the last capture or zaza move (or since the game's first position).
    pub fn no_progress_plies(&self) -> u32 {
        (self.line.len() - 1) as u32
    }

    /// S-11: how many times the current position has occurred, this one included.
    pub fn occurrences(&self) -> usize {
        history::occurrences(&self.line)
    }

    /// The outcome at the start of the current turn. S-10 (or `chess-mate`) is the game's own
    /// ending and takes precedence over the S-11 draws, as checkmate does over chess's 50-move
    /// rule; a lost position can never occur a third time anyway.
    fn evaluate(&self) -> Option<Outcome> {
        let position = self.state();
        // Asked after every move the search plays: the list of moves is built only when the
        // answer needs it (a blocked hova, S-10).
        let lost = if position.rules().chess_mate {
            position.count_legal() == 0
        } else {
            !position.hova_free(position.turn()) && position.is_lost(&position.legal_moves_unsorted())
        };
        if lost {
            let reason = if self.options.has(Variant::ChessMate) {
                Reason::NoLegalMove
            } else {
                Reason::BlockedHova
            };
            return Some(Outcome::loss(position.turn(), reason));
        }
        history::draw_reason(&self.line, self.ply, self.options.ply_cap).map(Outcome::draw)
    }

    /// Plays a legal move (from [`Game::legal_moves`]) without checking it or telling what
    /// happened: the search's fast path. The state after it is the one [`Game::play`] leaves.
    pub fn play_silent(&mut self, mv: Move) {
        let mut position = *self.state();
        let effect = position.play_unchecked(mv);
        if effect.irreversible() {
            self.line.clear();
        }
        self.line.push(position);
        self.ply += 1;
        self.outcome = self.evaluate();
    }

    /// The game after the side to move passes, which the rules never allow: the search's null
    /// move. The history starts again at the passed position. `None` in check.
    pub fn passed(&self) -> Option<Samantsy> {
        let position = self.state().passed()?;
        let mut game = Samantsy {
            options: self.options.clone(),
            line: vec![position],
            ply: self.ply + 1,
            outcome: None,
        };
        game.outcome = game.evaluate();
        Some(game)
    }

    fn check(&self, mv: Move) -> Result<(), CoreError> {
        let reason = if self.outcome.is_some() {
            Some(IllegalReason::GameOver)
        } else {
            self.state().illegal_reason(mv)
        };
        match reason {
            Some(reason) => Err(CoreError::illegal(format_move(mv), reason)),
            None => Ok(()),
        }
    }
}

impl Game for Samantsy {
    type Move = Move;
    type Options = Options;

    const KIND: GameKind = GameKind::Samantsy;
    const VARIANTS: &'static [&'static str] = &["chess-mate", "zaza-step", "alfil-jump"];

    fn new(options: Options) -> Result<Samantsy, CoreError> {
        options.validate()?;
        let position = Position::initial(options.rules());
        Ok(Samantsy::start(options, position))
    }

    fn from_position(options: Options, position: &str) -> Result<Samantsy, CoreError> {
        options.validate()?;
        let setup = parse_setup(position)?;
        let position = Position::from_setup(setup, options.rules())?;
        Ok(Samantsy::start(options, position))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn position(&self) -> String {
        format_setup(&self.state().setup())
    }

    fn parse_move(&self, text: &str) -> Result<Move, CoreError> {
        parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(mv)
    }

    fn to_move(&self) -> Side {
        self.state().turn()
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut moves = self.state().legal_moves_unsorted();
        moves.sort_unstable();
        moves
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, CoreError> {
        self.check(mv)?;
        let side = self.to_move();
        let mut position = *self.state();
        let effect = position.play_unchecked(mv);
        let (from, to) = (mv.from.index() as u16, mv.to.index() as u16);
        let mut events = vec![Event::Moved { side, from, to }];
        if effect.captured.is_some() {
            events.push(Event::Removed {
                owner: side.opponent(),
                at: vec![to],
            });
        }
        if effect.promoted {
            events.push(Event::Promoted { at: to });
        }
        if effect.irreversible() {
            self.line.clear();
        }
        self.line.push(position);
        self.ply += 1;
        self.outcome = self.evaluate();
        if let Some(outcome) = self.outcome {
            events.push(Event::GameOver { outcome });
        }
        Ok(events)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn perft_within(&self, depth: u32, budget: &mut NodeBudget) -> Result<u64, PerftTooLarge> {
        if depth > 0 && self.outcome.is_some() {
            budget.spend(1)?;
            return Ok(0);
        }
        perft::perft(&self.line, self.ply, self.options.ply_cap, depth, budget)
    }
}

/// The serialized form of a [`Samantsy`] game: positions as notation, so saved games do not
/// depend on in-memory layouts or hash keys. The outcome is recomputed on load.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedState {
    options: Options,
    /// The current position.
    position: String,
    ply: u32,
    /// Earlier positions since the last capture or zaza move, oldest first (S-11).
    history: Vec<String>,
}

impl From<Samantsy> for SavedState {
    fn from(game: Samantsy) -> SavedState {
        let mut history: Vec<String> = game
            .line
            .iter()
            .map(|position| format_setup(&position.setup()))
            .collect();
        let position = history.pop().unwrap_or_default();
        SavedState {
            options: Arc::unwrap_or_clone(game.options),
            position,
            ply: game.ply,
            history,
        }
    }
}

impl TryFrom<SavedState> for Samantsy {
    type Error = CoreError;

    fn try_from(saved: SavedState) -> Result<Samantsy, CoreError> {
        saved.options.validate()?;
        let rules = saved.options.rules();
        let line = saved
            .history
            .iter()
            .chain(std::iter::once(&saved.position))
            .map(|text| Position::from_setup(parse_setup(text)?, rules))
            .collect::<Result<Vec<Position>, CoreError>>()?;
        let mut game = Samantsy {
            options: Arc::new(saved.options),
            line,
            ply: saved.ply,
            outcome: None,
        };
        game.outcome = game.evaluate();
        Ok(game)
    }
}
