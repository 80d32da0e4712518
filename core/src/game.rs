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
    /// No limit on the work: see [`Game::perft_within`] for untrusted depths.
    fn perft(&self, depth: u32) -> u64 {
        // An unlimited budget never runs out, so the fallback is never taken.
        self.perft_within(depth, &mut NodeBudget::unlimited())
            .unwrap_or(u64::MAX)
    }

    /// [`Game::perft`] that visits at most the budget's nodes, counting every node of the tree
    /// (the root, inner nodes and leaves) [`Game::perft_node_cost`] times, and gives up with
    /// [`PerftTooLarge`] beyond it.
    fn perft_within(&self, depth: u32, budget: &mut NodeBudget) -> Result<u64, PerftTooLarge> {
        let cost = self.perft_node_cost();
        budget.spend(cost)?;
        if depth == 0 {
            return Ok(1);
        }
        let moves = self.legal_moves();
        if depth == 1 {
            budget.spend((moves.len() as u64).saturating_mul(cost))?;
            return Ok(moves.len() as u64);
        }
        let mut nodes = 0;
        for mv in moves {
            let mut child = self.clone();
            child.play(mv).expect("a legal move plays");
            nodes += child.perft_within(depth - 1, budget)?;
        }
        Ok(nodes)
    }

    /// How many nodes one node of this game counts for in a perft budget: 1, or more where a
    /// node is heavier to expand (the sowing games sow every candidate move to list the legal
    /// ones, so their nodes cost in proportion to the board, [`crate::sowing::perft_node_cost`]).
    fn perft_node_cost(&self) -> u64 {
        1
    }

    /// Parses and plays a move given as text.
    fn play_text(&mut self, text: &str) -> Result<Vec<Event>, CoreError> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }
}

/// How many more nodes a perft may visit ([`Game::perft_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeBudget {
    limit: u64,
    spent: u64,
}

impl NodeBudget {
    /// A budget of `limit` nodes.
    pub fn new(limit: u64) -> NodeBudget {
        NodeBudget { limit, spent: 0 }
    }

    /// A budget that never runs out.
    pub fn unlimited() -> NodeBudget {
        NodeBudget::new(u64::MAX)
    }

    /// Nodes visited so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Counts `nodes` more visited nodes; fails once more than the limit have been visited.
    pub fn spend(&mut self, nodes: u64) -> Result<(), PerftTooLarge> {
        self.spent = self.spent.saturating_add(nodes);
        if self.spent > self.limit {
            return Err(PerftTooLarge { limit: self.limit });
        }
        Ok(())
    }
}

/// A perft that would visit more nodes than its [`NodeBudget`] allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft would visit more than {limit} nodes")]
pub struct PerftTooLarge {
    /// The budget that ran out.
    pub limit: u64,
}
