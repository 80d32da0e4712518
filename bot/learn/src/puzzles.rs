//! Puzzles: positions where one move is clearly best, found and proved by the engines
//! (`docs/puzzles.md`).
//!
//! A puzzle is a position, the learner to move, and its line: the learner's move, the reply the
//! bot plays, the learner's next move, … ending with a move of the learner. Every move of the
//! learner is the only one that keeps what the puzzle is about (the most seeds, the only
//! winning move, the only move that does not lose), proved by a deeper search than the one that
//! found it ([`generate::prove`]); the bundled sets (`puzzles/<game>.toml`) are written by
//! `lalao puzzles generate` with a fixed seed, and the tests prove every bundled puzzle again.
//!
//! Mangala IV leaves its players no move to choose (RULES.md M-4): its one decision is the choice
//! of sides, so its puzzles ask exactly that. The line is one word, `south` or `north`: the side
//! that wins from the position when both play their forced moves.

pub mod generate;

use std::fmt::Write as _;
use std::sync::OnceLock;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind, Side};
use serde::Deserialize;

/// What a puzzle is about: named in the puzzle, and in its first sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Sowing games: the move that captures the most seeds.
    CaptureMost,
    /// Sowing games: the capture comes at the end of a relay (a lap sown on from where it ended).
    RelayCapture,
    /// Katro: the right hole, but which of its two paths (K-2)?
    ChooseDirection,
    /// Sowing games: the quiet move that leaves the opponent nothing (or least) to capture.
    LeaveNothing,
    /// fano: the move that captures a run of pawns (F-6).
    CaptureInOne,
    /// fano, Samantsy: every other move loses.
    OnlyMove,
    /// fano: a forced win, found by the search or by solving the board.
    WinInN,
    /// Samantsy: the enemy hova left with no free square (S-10) in a few moves.
    BlockHova,
    /// Samantsy: the move that wins material.
    WinMaterial,
    /// Samantsy: the move that makes an anakova.
    Promote,
    /// Mangala IV: which side wins from here, every move being forced (M-4).
    ChooseSide,
}

impl Theme {
    pub const ALL: [Theme; 11] = [
        Theme::CaptureMost,
        Theme::RelayCapture,
        Theme::ChooseDirection,
        Theme::LeaveNothing,
        Theme::CaptureInOne,
        Theme::OnlyMove,
        Theme::WinInN,
        Theme::BlockHova,
        Theme::WinMaterial,
        Theme::Promote,
        Theme::ChooseSide,
    ];

    /// The themes a game's puzzles can have.
    pub fn of_game(kind: GameKind) -> &'static [Theme] {
        match kind {
            GameKind::Samantsy => &[
                Theme::BlockHova,
                Theme::Promote,
                Theme::OnlyMove,
                Theme::WinMaterial,
            ],
            GameKind::Fano => &[Theme::WinInN, Theme::CaptureInOne, Theme::OnlyMove],
            GameKind::Mangala => &[Theme::ChooseSide],
            GameKind::Engehe => &[Theme::RelayCapture, Theme::CaptureMost, Theme::LeaveNothing],
            GameKind::Katro => &[
                Theme::ChooseDirection,
                Theme::RelayCapture,
                Theme::CaptureMost,
                Theme::LeaveNothing,
            ],
        }
    }

    /// The stable id, as in the puzzle files and the Fluent ids (`puzzle-theme-<id>`).
    pub fn id(self) -> &'static str {
        match self {
            Theme::CaptureMost => "capture-most",
            Theme::RelayCapture => "relay-capture",
            Theme::ChooseDirection => "choose-direction",
            Theme::LeaveNothing => "leave-nothing",
            Theme::CaptureInOne => "capture-in-one",
            Theme::OnlyMove => "only-move",
            Theme::WinInN => "win-in-n",
            Theme::BlockHova => "block-hova",
            Theme::WinMaterial => "win-material",
            Theme::Promote => "promote",
            Theme::ChooseSide => "choose-side",
        }
    }

    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.id() == id)
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Stable within its game's set: `<game>-<number>` (part of stored progress, never reused).
    pub id: String,
    /// The position in canonical notation (docs/notation.md), the learner to move.
    pub position: String,
    /// The learner's moves and the bot's replies in turn, in canonical notation, starting and
    /// ending with the learner's. Mangala IV: one word, `south` or `north`.
    pub line: Vec<String>,
    pub theme: Theme,
    /// The puzzle's starting rating (Glicko-2 scale), from how deep the search had to look.
    pub rating: u32,
    /// How much better each of the learner's moves is than every other, in hundredths of the
    /// game's unit (a seed, a pawn), as the proving search found it; proved wins say so instead.
    pub margin: i32,
}

/// A game's bundled puzzles, in the order they were generated.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSet {
    #[serde(skip, default = "default_game")]
    pub game: GameKind,
    /// The generator's seed: `lalao puzzles generate <game> --count <len> --seed <seed>` writes
    /// this very file.
    pub seed: u64,
    #[serde(rename = "puzzle", default)]
    pub puzzles: Vec<Puzzle>,
}

fn default_game() -> GameKind {
    GameKind::Katro
}

/// The answer words of Mangala IV's puzzles.
pub const SOUTH: &str = "south";
pub const NORTH: &str = "north";

/// What an answer did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The right move, and the line goes on with the bot's reply (played by the caller).
    Right { reply: String },
    /// The right move, and the puzzle is solved.
    Solved,
    /// Not the move of the line: the puzzle is failed.
    Wrong,
}

impl Puzzle {
    /// The moves the learner makes (every other move of the line, from the first).
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The game at the puzzle's position, with the game's standard options (the position
    /// carries its own board size).
    pub fn game(&self, kind: GameKind) -> Result<AnyGame, lalao_core::CoreError> {
        AnyGame::from_position(AnyOptions::standard(kind)?, &self.position)
    }

    /// Judges the learner's `answer` (canonical notation, or a side for Mangala IV) as the move
    /// at `ply` of the line (0, 2, 4, …).
    pub fn judge(&self, ply: usize, answer: &str) -> Answer {
        if self.line.get(ply).map(String::as_str) != Some(answer) {
            return Answer::Wrong;
        }
        match self.line.get(ply + 1) {
            Some(reply) => Answer::Right { reply: reply.clone() },
            None => Answer::Solved,
        }
    }

    /// The side that moves first in the position (the learner).
    pub fn learner(&self, kind: GameKind) -> Option<Side> {
        self.game(kind).ok().map(|game| game.to_move())
    }
}

/// The bundled files, compiled in.
fn source(game: GameKind) -> &'static str {
    match game {
        GameKind::Samantsy => include_str!("../puzzles/samantsy.toml"),
        GameKind::Fano => include_str!("../puzzles/fano.toml"),
        GameKind::Mangala => include_str!("../puzzles/mangala.toml"),
        GameKind::Engehe => include_str!("../puzzles/engehe.toml"),
        GameKind::Katro => include_str!("../puzzles/katro.toml"),
    }
}

/// Reads a puzzle file.
pub fn parse(game: GameKind, text: &str) -> Result<PuzzleSet, String> {
    let mut set: PuzzleSet = toml::from_str(text).map_err(|err| err.to_string())?;
    set.game = game;
    Ok(set)
}

/// The bundled puzzles of `game`, read once.
pub fn bundled(game: GameKind) -> &'static PuzzleSet {
    static SETS: OnceLock<Vec<PuzzleSet>> = OnceLock::new();
    crate::per_game(&SETS, game, |game| {
        parse(game, source(game)).unwrap_or_else(|err| panic!("the {} puzzles: {err}", game.id()))
    })
}

impl PuzzleSet {
    /// The puzzle named `id`.
    pub fn find(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|puzzle| puzzle.id == id)
    }

    /// The set as its file: what `lalao puzzles generate` prints, and `parse` reads back.
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# {} puzzles, written by `lalao puzzles generate {} --count {} --seed {}`.\n\
             # Do not edit by hand: the tests prove every puzzle again and regenerate the file.\n",
            self.game.id(),
            self.game.id(),
            self.puzzles.len(),
            self.seed
        );
        let _ = writeln!(out, "seed = {}", self.seed);
        for puzzle in &self.puzzles {
            let line = puzzle
                .line
                .iter()
                .map(|mv| format!("\"{mv}\""))
                .collect::<Vec<_>>()
                .join(", ");
            let _ = write!(
                out,
                "\n[[puzzle]]\nid = \"{}\"\nposition = \"{}\"\nline = [{line}]\ntheme = \"{}\"\nrating = {}\nmargin = {}\n",
                puzzle.id,
                puzzle.position,
                puzzle.theme.id(),
                puzzle.rating,
                puzzle.margin
            );
        }
        out
    }
}

#[cfg(test)]
mod tests;
