//! The one trait every game implements, and the list of games.

use std::fmt::Debug;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::CoreError;
use crate::event::Event;
use crate::outcome::Outcome;
use crate::side::Side;

/// The five games. The serde names are the `game` field of `lalao rules` requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Samantsy,
    Fano,
    Mangala,
    Engehe,
    Katro,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Samantsy,
        GameKind::Fano,
        GameKind::Mangala,
        GameKind::Engehe,
        GameKind::Katro,
    ];

    /// The stable identifier (`"fano"`, `"katro"`, …).
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Samantsy => "samantsy",
            GameKind::Fano => "fano",
            GameKind::Mangala => "mangala",
            GameKind::Engehe => "engehe",
            GameKind::Katro => "katro",
        }
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.id() == id)
    }

    /// Samantsy and fano have White and Black; the mancalas have South and North (G-1).
    pub fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (GameKind::Samantsy | GameKind::Fano, Side::First) => "white",
            (GameKind::Samantsy | GameKind::Fano, Side::Second) => "black",
            (_, Side::First) => "south",
            (_, Side::Second) => "north",
        }
    }

    pub fn side_from_name(self, name: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| self.side_name(*side) == name)
    }
}

/// A game state: the position, the options it is played under and the history its rules need
/// (fano's visited situations F-8, repetition counts G-4, …).
///
/// Implementations follow the same shape: notation ⇄ validated state, legal moves, play, outcome.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// A move. `Ord` gives the deterministic order of [`Game::legal_moves`].
    type Move: Copy + Debug + Eq + Ord + Hash + Send + Sync;
    /// Board size, seeds per hole, named variants, … Deserialized from `lalao rules` options
    /// (unknown fields are refused); `Default` is the standard game.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    const KIND: GameKind;
    /// The named variants of RULES.md this game implements, as written in requests.
    const VARIANTS: &'static [&'static str];

    /// Checks the options (ranges, combinations) and returns the initial position.
    fn new(options: Self::Options) -> Result<Self, CoreError>;

    /// Reads a position in the canonical notation of `docs/notation.md`. The position starts a
    /// fresh history (it counts as visited where the rules say so).
    fn from_position(options: Self::Options, position: &str) -> Result<Self, CoreError>;

    fn options(&self) -> &Self::Options;

    /// The position in canonical notation; `from_position` of it gives the same position back.
    fn position(&self) -> String;

    /// Reads a move in canonical notation (syntax only; legality is [`Game::play`]'s business).
    fn parse_move(&self, text: &str) -> Result<Self::Move, CoreError>;

    /// Writes a move in canonical notation; `parse_move` of it gives the same move back.
    fn format_move(&self, mv: Self::Move) -> String;

    fn to_move(&self) -> Side;

    /// Plies played since the position this state was created from.
    fn ply(&self) -> u32;

    /// All legal moves, sorted; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays a move after checking it, and returns what it did. On error nothing changes.
    fn play(&mut self, mv: Self::Move) -> Result<Vec<Event>, CoreError>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Seeds captured by each side (the mancalas); `None` for games that do not count captures.
    fn captured(&self) -> Option<[u32; 2]> {
        None
    }

    /// Number of leaf nodes of the game tree `depth` plies deep; a finished game has no children.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv).expect("a legal move plays");
                child.perft(depth - 1)
            })
            .sum()
    }

    /// Parses and plays a move given as text.
    fn play_text(&mut self, text: &str) -> Result<Vec<Event>, CoreError> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }
}
