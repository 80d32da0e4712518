//! Computer opponents for every game, at five levels.
//!
//! One search serves all games: negamax alpha-beta with iterative deepening, a transposition
//! table and move ordering ([`search`]). Each game brings what the search cannot know, through
//! [`Heuristics`]: a hand-made evaluation, a position key for the table, and its budgets. Mangala
//! IV has no choice to make (RULES.md M-4), so the only legal move is played without a search.
//!
//! Everything here is pure, synchronous and deterministic: the same position, level and seed
//! give the same move. There is no clock in core: a search is bounded by a node budget per
//! level, calibrated so that `hard` stays well under a second per move (see
//! `docs/benchmarks.md`), and by a cancellation flag the caller sets at its deadline or when the
//! match is cancelled. A cancelled search still returns a legal move (its best so far) at once;
//! only then does the result depend on timing.

pub mod engehe;
pub mod fano;
pub mod katro;
pub mod kind;
pub mod mangala;
pub mod rng;
pub mod samantsy;
pub mod search;
pub mod solve;
pub mod strong;

use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::any::AnyGame;
use crate::error::CoreError;
use crate::game::Game;

pub use rng::Rng;
pub use search::Report;

/// How well the computer plays. The serde names are the stable ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A uniformly random legal move: for tests, and for the very first games of a child.
    Random,
    /// For young children: a beginner's moves, at a strength kept per player and game that
    /// adapts so the child wins about two games in three ([`kind`]). Without a player's
    /// strength it plays at [`kind::Strength::START`].
    Kind,
    /// A shallow search that samples its move, preferring good moves but often missing the
    /// best one: it takes what is offered and defends the obvious, like a beginner.
    Easy,
    /// A real search on a small budget, with a little randomness between near-equal moves.
    Medium,
    /// The full budget, always the best move found (ties broken by the seed).
    Hard,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Kind,
        Level::Easy,
        Level::Medium,
        Level::Hard,
    ];

    /// The stable identifier (`"easy"`, …).
    pub fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Kind => "kind",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.id() == id)
    }
}

/// How much a level may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// The search stops after this many nodes (positions), finished iteration or not.
    pub max_nodes: u64,
    /// 0: play the best move found. Otherwise sample the root moves, a move this much worse
    /// (in evaluation units) being half as likely as the best ([`search::sample`]).
    pub temperature: i32,
}

/// What a game tells the search. Evaluations are in hundredths of the game's natural unit (a
/// zaza, a pawn, a seed) and always for the side to move.
pub trait Heuristics: Game {
    /// Searches that go below the horizon with [`Heuristics::is_noisy`] moves only.
    const QUIESCENCE: bool = false;

    /// The static value of a position that is not over, for the side to move.
    fn evaluate(&self) -> i32;

    /// A hash of everything that decides the position's future except the history; equal
    /// positions must have equal keys. The default hashes the canonical notation.
    fn key(&self) -> u64 {
        hash_of(&self.position())
    }

    /// For games whose rules depend on which positions came before (fano F-8): a hash of this
    /// position as the history records it, or `None` when it is not recorded. The search then
    /// keeps transpositions with different histories apart.
    fn history_key(&self) -> Option<u64> {
        None
    }

    /// Plays a legal move for the search, which has no use for events. Engines with a faster
    /// path that skips them (the mancalas' `play_silent`) override this.
    fn play_quietly(&mut self, mv: Self::Move) -> Result<(), CoreError> {
        self.play(mv).map(drop)
    }

    /// How much a beginner notices, in evaluation units: the `kind` level ([`kind`]) may play
    /// a move up to five times this worse than the best-looking one at its weakest, and always
    /// sees a loss three times this large. About one capture of the game.
    const NOTICEABLE: i32 = 100;

    /// Whether `mv` is worth searching below the horizon (a capture, a promotion).
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// For the hard level: the legal moves in any fixed order (it orders them itself), so a
    /// game may skip [`Game::legal_moves`]'s sorting.
    fn search_moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// The hard level's evaluation ([`strong`]); the other levels keep [`Heuristics::evaluate`].
    fn evaluate_hard(&self) -> i32 {
        self.evaluate()
    }

    /// For the hard level: how promising a noisy move looks before it is played (the most
    /// valuable victim by the least valuable attacker); larger is searched first.
    fn noisy_order(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// For the hard level: order moves by the position each leads to, a ply or more above
    /// the horizon (the mancalas, whose captures show only after the sowing). Games with a
    /// cheap [`Heuristics::noisy_order`] set it to false and order by captures, killers and
    /// history without playing the moves.
    const ORDER_BY_CHILDREN: bool = true;

    /// For the hard level: the position after the side to move passes, for null-move pruning
    /// (`None`: not in this position, or never in this game).
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// For the hard level: the side to move is in check, so its node is searched a ply deeper
    /// and its quiescence search tries every move.
    fn in_check(&self) -> bool {
        false
    }

    /// For the hard level: each iteration first searches a window around the previous one's
    /// score, and again with a wider one when the score falls outside it.
    const ASPIRATION: bool = true;

    /// For the hard level: quiet moves ordered late are first searched a ply or two shallower.
    const REDUCTIONS: bool = true;

    /// The search budget of each level (`Random` and `Kind` are not searched).
    fn budget(&self, level: Level) -> Budget;
}

/// A fast, fixed hash for table keys (FxHash's multiply-rotate): the std hasher's output may
/// change between Rust releases, and speed matters more than resistance to crafted input here.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // A final avalanche so that the low bits, which index the table, depend on every input bit.
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        z ^ (z >> 33)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    // The same words as `write` gives for these bytes (little-endian, zero-padded), without
    // the loop: squares and moves are hashed at every node.
    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
}

/// [`KeyHasher`]'s hash of a value.
pub fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = KeyHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The random stream for one decision: the caller's seed mixed with the position, so a fixed
/// seed per match still varies from move to move, and a position plus a seed always gives the
/// same move.
fn rng_for<G: Heuristics>(game: &G, seed: u64) -> Rng {
    Rng::new(seed ^ game.key().rotate_left(29))
}

/// Searches `game` at `level` and tells what was found (the benchmark and tests read the
/// details; players only need [`choose`]). `Random` and `Kind` do not search.
pub fn analyse<G: Heuristics>(game: &G, level: Level, seed: u64, cancel: &AtomicBool) -> Report<G::Move> {
    let mut rng = rng_for(game, seed);
    if matches!(level, Level::Random | Level::Kind) {
        let best = if level == Level::Kind {
            kind::choose_kind(game, kind::Strength::START, seed)
        } else {
            let moves = game.legal_moves();
            (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
        };
        return Report {
            best,
            score: 0,
            depth: 0,
            nodes: 0,
            root: Vec::new(),
            cancelled: false,
        };
    }
    if level == Level::Hard {
        return strong::search(game, &game.budget(level), &mut rng, cancel);
    }
    analyse_with_rng(game, &game.budget(level), &mut rng, cancel)
}

/// The hard level's search ([`strong`]) with an explicit budget instead of its own (tuning,
/// benchmarks, and a deadline: with `max_nodes` at `u64::MAX` only `cancel` stops it).
pub fn analyse_hard_with<G: Heuristics>(
    game: &G,
    budget: &Budget,
    seed: u64,
    cancel: &AtomicBool,
) -> Report<G::Move> {
    strong::search(game, budget, &mut rng_for(game, seed), cancel)
}

/// [`analyse`] with an explicit budget instead of a level's (tests, tuning).
pub fn analyse_with<G: Heuristics>(
    game: &G,
    budget: &Budget,
    seed: u64,
    cancel: &AtomicBool,
) -> Report<G::Move> {
    analyse_with_rng(game, budget, &mut rng_for(game, seed), cancel)
}

fn analyse_with_rng<G: Heuristics>(
    game: &G,
    budget: &Budget,
    rng: &mut Rng,
    cancel: &AtomicBool,
) -> Report<G::Move> {
    let sampling = budget.temperature > 0;
    let mut report = search::search(game, budget, sampling, rng, cancel);
    if sampling && report.root.len() > 1 && !report.cancelled {
        report.best = Some(search::sample(&report.root, budget.temperature, rng));
    }
    report
}

/// The move the computer plays at `level`, or `None` when the game is over.
pub fn choose<G: Heuristics>(game: &G, level: Level, seed: u64, cancel: &AtomicBool) -> Option<G::Move> {
    analyse(game, level, seed, cancel).best
}

/// Which search gives a level's move ([`choose_move`] and its two variants).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Searched {
    /// Each level as it plays, within its node budget.
    AsLevel,
    /// Hard as the levels' shared search ([`search`]) plays it.
    Shared,
    /// Hard with no node budget: only the caller's cancellation stops it.
    UntilCancelled,
}

/// The move for any game in canonical move notation, hard's searched as `searched` says.
fn move_text(
    game: &AnyGame,
    level: Level,
    seed: u64,
    cancel: &AtomicBool,
    searched: Searched,
) -> Option<String> {
    fn text<G: Heuristics>(
        game: &G,
        level: Level,
        seed: u64,
        cancel: &AtomicBool,
        searched: Searched,
    ) -> Option<String> {
        let best = match searched {
            _ if level != Level::Hard => choose(game, level, seed, cancel),
            Searched::AsLevel => choose(game, level, seed, cancel),
            Searched::Shared => analyse_with(game, &game.budget(level), seed, cancel).best,
            Searched::UntilCancelled => {
                let budget = Budget {
                    max_nodes: u64::MAX,
                    ..game.budget(Level::Hard)
                };
                analyse_hard_with(game, &budget, seed, cancel).best
            }
        };
        best.map(|mv| game.format_move(mv))
    }
    match game {
        AnyGame::Samantsy(game) => text(game, level, seed, cancel, searched),
        AnyGame::Fano(game) => text(game, level, seed, cancel, searched),
        AnyGame::Mangala(game) => text(game, level, seed, cancel, searched),
        AnyGame::Engehe(game) => text(game, level, seed, cancel, searched),
        AnyGame::Katro(game) => text(game, level, seed, cancel, searched),
    }
}

/// [`choose`] for any game, in canonical move notation: the bot's entry point. Run it off the
/// async runtime and set `cancel` at the deadline or when the match is cancelled.
pub fn choose_move(game: &AnyGame, level: Level, seed: u64, cancel: &AtomicBool) -> Option<String> {
    move_text(game, level, seed, cancel, Searched::AsLevel)
}

/// The move of the levels' shared search ([`search`]) at `level`'s budget, in canonical move
/// notation. For `Hard` that is the hard level as it was before [`strong`]: the puzzle
/// generator plays it, so the bundled puzzles stay what they were.
pub fn choose_move_shared(game: &AnyGame, level: Level, seed: u64, cancel: &AtomicBool) -> Option<String> {
    move_text(game, level, seed, cancel, Searched::Shared)
}

/// [`choose_move`] bounded by the caller's deadline rather than the level's node budget: the
/// hard level searches until `cancel` is set (the caller must set it, at its deadline) or
/// until its search is complete; the other levels are as in [`choose_move`]. Unlike
/// [`choose_move`], the hard level's move then depends on the machine's speed.
pub fn choose_move_until_cancelled(
    game: &AnyGame,
    level: Level,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<String> {
    move_text(game, level, seed, cancel, Searched::UntilCancelled)
}

/// The `kind` level's move for any game at a player's `strength`, in canonical move notation:
/// the bot's entry point when it knows the player's strength. Bounded (two plies), so it needs
/// no cancellation.
pub fn choose_kind_move(game: &AnyGame, strength: kind::Strength, seed: u64) -> Option<String> {
    fn text<G: Heuristics>(game: &G, strength: kind::Strength, seed: u64) -> Option<String> {
        kind::choose_kind(game, strength, seed).map(|mv| game.format_move(mv))
    }
    match game {
        AnyGame::Samantsy(game) => text(game, strength, seed),
        AnyGame::Fano(game) => text(game, strength, seed),
        AnyGame::Mangala(game) => text(game, strength, seed),
        AnyGame::Engehe(game) => text(game, strength, seed),
        AnyGame::Katro(game) => text(game, strength, seed),
    }
}
