//! Exact solving of small boards: the game-theoretic value of a position under the rules as the
//! engine implements them, history rules included, and the "win in N" puzzles it proves.
//!
//! A value is [`Value::Win`], [`Value::Loss`] or [`Value::Draw`] for the side to move, with the
//! number of plies to the end of the game under perfect play: the winner takes the shortest
//! win, the loser the longest loss. Moves are played through [`Game::play`] and game ends are
//! read from [`Game::outcome`], so the solver has no rules of its own to get wrong.
//!
//! # Two methods, and why each is exact
//!
//! The value of an engine state depends on its position and on the part of its history that
//! the rules may still read (fano's visited situations F-8, the repetition counts of G-4), and
//! on the plies left before a G-4 ply cap. Each game says which method suits its rules
//! ([`Solvable::METHOD`]):
//!
//! - [`Method::DepthFirst`] (fano, En Gehé): a full minimax without pruning, memoised on
//!   [`Solvable::solve_key`], which holds the position **and** every piece of history that can
//!   still change the game. Two states with equal keys then have the same game tree below
//!   them, so a memoised value is the value. The key also grows along every line (a history
//!   entry more, or an irreversible capture), so no line meets its own key again and the
//!   search needs no cycle handling; it checks this and panics if a key leaves history out.
//! - [`Method::Retrograde`] (Katro): retrograde analysis on the graph of (board, side to move),
//!   ignoring history. This is exact for a position with a fresh history when the history
//!   rules can only end a game in a **draw** (Katro's third repetition, G-4). If the graph value
//!   is a win in n, the winner's retrograde moves lower the distance at every ply, so no state
//!   repeats and the repetition rule never applies: the win still takes at most n plies, and
//!   the loser's retrograde defence still lasts n, since history adds no way to win. If the
//!   graph value is a draw, each side can stay among graph-drawn states, so neither can be
//!   forced to lose, and the game ends in a draw by repetition at the latest. A state whose
//!   history already holds repeats may differ (a side may force the third occurrence), so
//!   [`Solved::value_of`] gives fresh-history values for these games.
//!
//! # Ply caps
//!
//! The depth-first keys hold the plies left before the cap whenever the cap could still be
//! reached, which keeps them exact for any cap. Fano proves for itself that a cap larger than
//! every possible remaining game cannot matter (F-8 bounds a game by its number of
//! situations), so the default 10 000 costs nothing on small boards. En Gehé's games are only
//! bounded by the third repetition: solve it with `ply_cap: None`, or the key holds the plies
//! left and memoises little. The retrograde method ignores the cap: solve Katro with
//! `ply_cap: None` (a cap only turns long games into draws).
//!
//! Everything here is pure and deterministic; [`TooLarge`] bounds the work by nodes (states
//! reached by a move), not by time.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::any::AnyGame;
use crate::engehe::EnGehe;
use crate::fano::Fano;
use crate::game::{Game, GameKind};
use crate::katro::Katro;
use crate::outcome::{Outcome, Winner};
use crate::side::Side;

/// The game-theoretic value of a state for the side to move, with the plies to the end of the
/// game under perfect play (the winner wins as fast as it can, the loser loses as slowly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u32),
    Draw,
    Loss(u32),
}

impl Value {
    /// Higher is better for the side to move: any win beats a draw, a quicker win beats a
    /// slower one, and a slower loss beats a quicker one.
    fn rank(self) -> i64 {
        const FAR: i64 = 1 << 40;
        match self {
            Value::Win(plies) => FAR - i64::from(plies),
            Value::Draw => 0,
            Value::Loss(plies) => i64::from(plies) - FAR,
        }
    }

    /// The value of a finished game for `to_move`.
    fn of_outcome(outcome: Outcome, to_move: Side) -> Value {
        match outcome.winner {
            Winner::Draw => Value::Draw,
            Winner::Side(winner) if winner == to_move => Value::Win(0),
            Winner::Side(_) => Value::Loss(0),
        }
    }

    /// The value for `mover` of a move that leads to a state worth `self` for `next`, the
    /// side to move there: one ply longer, and turned round when the turn passes.
    fn for_mover(self, mover: Side, next: Side) -> Value {
        match (self, mover == next) {
            (Value::Draw, _) => Value::Draw,
            (Value::Win(plies), true) | (Value::Loss(plies), false) => Value::Win(plies + 1),
            (Value::Loss(plies), true) | (Value::Win(plies), false) => Value::Loss(plies + 1),
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// The plies to the end of the game, `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(plies) | Value::Loss(plies) => Some(plies),
            Value::Draw => None,
        }
    }
}

/// The better of two values for the same side.
fn better(a: Option<Value>, b: Value) -> Value {
    match a {
        Some(a) if a.rank() >= b.rank() => a,
        _ => b,
    }
}

/// A solve that would visit more nodes than its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("solving would visit more than {limit} nodes")]
pub struct TooLarge {
    /// The limit that ran out.
    pub limit: u64,
}

/// How a game is solved exactly (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Full minimax memoised on a key that holds the relevant history.
    DepthFirst,
    /// Retrograde analysis on (position, side to move); only for games whose history rules
    /// can only draw.
    Retrograde,
}

/// A game the exact solver can solve.
pub trait Solvable: Game {
    const METHOD: Method;

    /// With [`Method::DepthFirst`]: everything that decides the rest of the game from this
    /// state, as bytes. The position, the part of the history the rules may still read, and
    /// the plies left before the cap if it can still be reached; equal keys must mean equal
    /// game trees from here on, and no line may meet its own key again. With
    /// [`Method::Retrograde`]: the position and the side to move only.
    fn solve_key(&self) -> Vec<u8>;
}

/// F-8 with k pawns each: a phase-2 situation can only repeat one with the same number of
/// pawns of each side, since pawns are never added in phase 2. The situations visited with
/// more pawns can never come back, so only those with the current material go in the key
/// (right after a capture, none but the current one). The cap goes in only when it is nearer
/// than the longest possible rest of the game: the placements left, then at most one new
/// situation per ply (2 · 3ⁿ exist) and the move that repeats one.
impl Solvable for Fano {
    const METHOD: Method = Method::DepthFirst;

    fn solve_key(&self) -> Vec<u8> {
        fn material(situation: &str) -> (usize, usize) {
            let board = situation.split(' ').next().unwrap_or("");
            (board.matches('W').count(), board.matches('B').count())
        }
        let position = self.position();
        let here = material(&position);
        let mut key = position.into_bytes();
        for situation in self.visited() {
            if material(situation) == here {
                key.push(b'|');
                key.extend_from_slice(situation.as_bytes());
            }
        }
        if let Some(cap) = self.options().ply_cap {
            let left = cap.saturating_sub(self.ply());
            let hands: u16 = self.hands().iter().sum();
            let longest = 3u64
                .saturating_pow(self.cells().len() as u32)
                .saturating_mul(2)
                .saturating_add(u64::from(hands) + 1);
            if u64::from(left) <= longest {
                key.push(b'#');
                key.extend_from_slice(&left.to_le_bytes());
            }
        }
        key
    }
}

/// E-10: the third occurrence of (board, captures, side) ends the game. The engine's history
/// holds the (board, side) states since the last capture; captures only grow, so earlier
/// states can never come back. The key is the position (board, captures, side) and that
/// history as a multiset (only the counts matter), plus the plies left before a cap.
impl Solvable for EnGehe {
    const METHOD: Method = Method::DepthFirst;

    fn solve_key(&self) -> Vec<u8> {
        let mut key = self.position().into_bytes();
        let mut history = self.history().keys().to_vec();
        history.sort_unstable();
        for entry in history {
            key.extend_from_slice(&entry.to_le_bytes());
        }
        if let Some(cap) = self.options().ply_cap {
            key.push(b'#');
            key.extend_from_slice(&cap.saturating_sub(self.ply()).to_le_bytes());
        }
        key
    }
}

/// K-9 and G-4: history only ever draws (third repetition, ply cap), so the retrograde method
/// is exact from a fresh history; the key is the position (board, side to move).
impl Solvable for Katro {
    const METHOD: Method = Method::Retrograde;

    fn solve_key(&self) -> Vec<u8> {
        self.position().into_bytes()
    }
}

/// A solved game: the value of every state reachable from the root.
#[derive(Clone, Debug)]
pub struct Solved<G: Solvable> {
    root: G,
    value: Value,
    nodes: u64,
    table: HashMap<Vec<u8>, Value>,
}

/// Solves `game` exactly, visiting at most `limit` nodes (states reached by a move).
pub fn solve<G: Solvable>(game: &G, limit: u64) -> Result<Solved<G>, TooLarge> {
    let (table, nodes) = match G::METHOD {
        Method::DepthFirst => depth_first(game, limit)?,
        Method::Retrograde => retrograde(game, limit)?,
    };
    let mut solved = Solved {
        root: game.clone(),
        value: Value::Draw,
        nodes,
        table,
    };
    solved.value = solved
        .value_of(game)
        .expect("the root of a solve is in its table");
    Ok(solved)
}

impl<G: Solvable> Solved<G> {
    /// The value of the root for its side to move.
    pub fn value(&self) -> Value {
        self.value
    }

    /// Nodes visited: the root and every state reached by a move, memoised or not.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Distinct solved states (keys) that are not over.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    pub fn root(&self) -> &G {
        &self.root
    }

    /// The value of `state` for its side to move, if it was reached from the root (with
    /// [`Method::Retrograde`], the value from a fresh history).
    pub fn value_of(&self, state: &G) -> Option<Value> {
        match state.outcome() {
            Some(outcome) => Some(Value::of_outcome(outcome, state.to_move())),
            None => self.table.get(&state.solve_key()).copied(),
        }
    }

    /// Every legal move of `state`, in legal-move order, with the value it gives the mover.
    pub fn move_values(&self, state: &G) -> Option<Vec<(G::Move, Value)>> {
        let mover = state.to_move();
        state
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = state.clone();
                child.play(mv).expect("a legal move plays");
                let value = self.value_of(&child)?;
                Some((mv, value.for_mover(mover, child.to_move())))
            })
            .collect()
    }

    /// The value-preserving moves of `state`: every move that achieves its value (every
    /// fastest win, every slowest loss, every draw), in legal-move order.
    pub fn best_moves(&self, state: &G) -> Option<Vec<G::Move>> {
        let values = self.move_values(state)?;
        let best = values.iter().map(|(_, value)| value.rank()).max();
        Some(
            values
                .into_iter()
                .filter(|(_, value)| Some(value.rank()) == best)
                .map(|(mv, _)| mv)
                .collect(),
        )
    }

    /// The moves of `state` that win, however slowly, in legal-move order.
    pub fn winning_moves(&self, state: &G) -> Option<Vec<G::Move>> {
        let values = self.move_values(state)?;
        Some(
            values
                .into_iter()
                .filter(|(_, value)| value.is_win())
                .map(|(mv, _)| mv)
                .collect(),
        )
    }

    /// A line of perfect play from `state` to the end of the game: at each ply the first
    /// value-preserving move (the fastest win, or the defence that loses slowest). `None` if
    /// the state is unsolved or the game is drawn (a drawn line never ends by itself).
    pub fn line(&self, state: &G) -> Option<Vec<G::Move>> {
        if self.value_of(state)? == Value::Draw {
            return None;
        }
        let mut line = Vec::new();
        let mut state = state.clone();
        while state.outcome().is_none() {
            let mv = *self.best_moves(&state)?.first()?;
            state.play(mv).expect("a legal move plays");
            line.push(mv);
        }
        Some(line)
    }
}

/// One frame of the depth-first solve: a state and how far its moves have been tried.
struct Frame<G: Game> {
    state: G,
    key: Vec<u8>,
    moves: Vec<G::Move>,
    next: usize,
    best: Option<Value>,
}

impl<G: Solvable> Frame<G> {
    fn new(state: G, key: Vec<u8>) -> Frame<G> {
        let moves = state.legal_moves();
        assert!(!moves.is_empty(), "a state that is not over has a legal move");
        Frame {
            state,
            key,
            moves,
            next: 0,
            best: None,
        }
    }
}

/// [`Method::DepthFirst`]: every state's value, by a full minimax memoised on the key. An
/// explicit stack, since fano lines run to thousands of plies on larger boards.
fn depth_first<G: Solvable>(root: &G, limit: u64) -> Result<(HashMap<Vec<u8>, Value>, u64), TooLarge> {
    let mut table = HashMap::new();
    let mut nodes = 1;
    if root.outcome().is_some() {
        return Ok((table, nodes));
    }
    let root_key = root.solve_key();
    let mut on_line = HashSet::from([root_key.clone()]);
    let mut stack = vec![Frame::new(root.clone(), root_key)];
    while let Some(top) = stack.last_mut() {
        if top.next < top.moves.len() {
            let mv = top.moves[top.next];
            top.next += 1;
            let mut child = top.state.clone();
            child.play(mv).expect("a legal move plays");
            nodes += 1;
            if nodes > limit {
                return Err(TooLarge { limit });
            }
            let mover = top.state.to_move();
            if let Some(outcome) = child.outcome() {
                let value = Value::of_outcome(outcome, child.to_move());
                top.best = Some(better(top.best, value.for_mover(mover, child.to_move())));
                continue;
            }
            let key = child.solve_key();
            if let Some(value) = table.get(&key) {
                let value = Value::for_mover(*value, mover, child.to_move());
                top.best = Some(better(top.best, value));
                continue;
            }
            assert!(
                on_line.insert(key.clone()),
                "a line met its own solve key again: the key leaves out history the rules read"
            );
            stack.push(Frame::new(child, key));
        } else {
            let frame = stack.pop().expect("the loop holds a frame");
            let value = frame.best.expect("every move was tried");
            on_line.remove(&frame.key);
            if let Some(parent) = stack.last_mut() {
                let seen = value.for_mover(parent.state.to_move(), frame.state.to_move());
                parent.best = Some(better(parent.best, seen));
            }
            table.insert(frame.key, value);
        }
    }
    Ok((table, nodes))
}

/// [`Method::Retrograde`]: every reachable (position, side) in breadth-first order, then the
/// values from the game ends backwards. Taking resolved states in order of distance gives each
/// winner its shortest win (the first losing child met) and each loser its longest loss (the
/// last of its children to be resolved, all of them wins for the opponent). States never
/// resolved are draws.
fn retrograde<G: Solvable>(root: &G, limit: u64) -> Result<(HashMap<Vec<u8>, Value>, u64), TooLarge> {
    let mut index: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut keys: Vec<Vec<u8>> = Vec::new();
    let mut value: Vec<Option<Value>> = Vec::new();
    let mut children: Vec<Vec<u32>> = Vec::new();
    let mut nodes = 1;
    let mut queue = VecDeque::new();
    let mut enter = |state: G,
                     keys: &mut Vec<Vec<u8>>,
                     value: &mut Vec<Option<Value>>,
                     queue: &mut VecDeque<(u32, G)>| {
        let key = state.solve_key();
        if let Some(at) = index.get(&key) {
            return *at;
        }
        let at = keys.len() as u32;
        index.insert(key.clone(), at);
        keys.push(key);
        value.push(
            state
                .outcome()
                .map(|outcome| Value::of_outcome(outcome, state.to_move())),
        );
        if state.outcome().is_none() {
            queue.push_back((at, state));
        }
        at
    };
    enter(root.clone(), &mut keys, &mut value, &mut queue);
    while let Some((at, state)) = queue.pop_front() {
        let mut next = Vec::new();
        for mv in state.legal_moves() {
            let mut child = state.clone();
            child.play(mv).expect("a legal move plays");
            nodes += 1;
            if nodes > limit {
                return Err(TooLarge { limit });
            }
            // The update below counts on the turn passing at every move, as in Katro.
            assert_ne!(
                child.to_move(),
                state.to_move(),
                "the retrograde method needs alternating turns"
            );
            next.push(enter(child, &mut keys, &mut value, &mut queue));
        }
        if children.len() <= at as usize {
            children.resize(at as usize + 1, Vec::new());
        }
        children[at as usize] = next;
    }
    children.resize(keys.len(), Vec::new());
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); keys.len()];
    for (at, next) in children.iter().enumerate() {
        for child in next {
            parents[*child as usize].push(at as u32);
        }
    }
    let mut unresolved: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut resolved: VecDeque<u32> = (0..keys.len() as u32)
        .filter(|at| matches!(value[*at as usize], Some(Value::Win(_) | Value::Loss(_))))
        .collect();
    while let Some(at) = resolved.pop_front() {
        let known = value[at as usize].expect("only resolved states are queued");
        for parent in &parents[at as usize] {
            let parent = *parent as usize;
            if value[parent].is_some() {
                continue;
            }
            match known {
                Value::Loss(plies) => value[parent] = Some(Value::Win(plies + 1)),
                Value::Win(plies) => {
                    unresolved[parent] -= 1;
                    if unresolved[parent] > 0 {
                        continue;
                    }
                    value[parent] = Some(Value::Loss(plies + 1));
                }
                Value::Draw => continue,
            }
            resolved.push_back(parent as u32);
        }
    }
    let table = keys
        .into_iter()
        .zip(value)
        .zip(&children)
        // Finished states are read from their outcome; keep the table to open ones.
        .filter(|(_, next)| !next.is_empty())
        .map(|((key, value), _)| (key, value.unwrap_or(Value::Draw)))
        .collect();
    Ok((table, nodes))
}

/// A "win in N" puzzle: the side to move wins, with exactly one winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position in canonical notation; `from_position` reads it back with a fresh
    /// history, and the puzzle is proved from there.
    pub position: String,
    /// The solver's move, the best defence, the solver's move, … to the end of the game, in
    /// canonical notation. The first move is the only one that wins; later solver moves are
    /// the first fastest win; each defence is the reply that loses slowest (ties: the first in
    /// legal-move order).
    pub line: Vec<String>,
    /// N: the solver's moves in the line.
    pub solver_moves: u32,
    /// Plies to the end of the game.
    pub plies: u32,
}

/// Cuts the "win in N" puzzles of a solved game: every position reachable from the root where
/// the side to move wins in at most `max_solver_moves` of its own moves and exactly one move
/// wins. Each is solved again from a fresh history (`from_position` of its notation), with at
/// most `limit` nodes, and kept only if that solve agrees (same value, same only winning move);
/// its line comes from that solve. Sorted by plies, then position; one per position.
pub fn cut_puzzles<G: Solvable>(
    solved: &Solved<G>,
    max_solver_moves: u32,
    limit: u64,
) -> Result<Vec<Puzzle>, TooLarge> {
    let mut puzzles = Vec::new();
    let mut seen_keys = HashSet::new();
    let mut seen_positions = HashSet::new();
    let mut stack = vec![solved.root.clone()];
    while let Some(state) = stack.pop() {
        if state.outcome().is_some() || !seen_keys.insert(state.solve_key()) {
            continue;
        }
        if let Some(puzzle) = puzzle_at(solved, &state, max_solver_moves, limit, &mut seen_positions)? {
            puzzles.push(puzzle);
        }
        for mv in state.legal_moves().into_iter().rev() {
            let mut child = state.clone();
            child.play(mv).expect("a legal move plays");
            stack.push(child);
        }
    }
    puzzles.sort_by(|a, b| (a.plies, &a.position).cmp(&(b.plies, &b.position)));
    Ok(puzzles)
}

/// The puzzle at `state`, if it is one both in the solved game and from a fresh history.
fn puzzle_at<G: Solvable>(
    solved: &Solved<G>,
    state: &G,
    max_solver_moves: u32,
    limit: u64,
    seen_positions: &mut HashSet<String>,
) -> Result<Option<Puzzle>, TooLarge> {
    let only_winner = |solved: &Solved<G>, state: &G| -> Option<(G::Move, u32)> {
        let Some(Value::Win(plies)) = solved.value_of(state) else {
            return None;
        };
        let winning = solved.winning_moves(state)?;
        (plies.div_ceil(2) <= max_solver_moves && winning.len() == 1).then(|| (winning[0], plies))
    };
    let Some((mv, plies)) = only_winner(solved, state) else {
        return Ok(None);
    };
    let position = state.position();
    if !seen_positions.insert(position.clone()) {
        return Ok(None);
    }
    let Ok(fresh) = G::from_position(state.options().clone(), &position) else {
        return Ok(None);
    };
    let fresh_solved = solve(&fresh, limit)?;
    if only_winner(&fresh_solved, &fresh) != Some((mv, plies)) {
        return Ok(None);
    }
    let line = fresh_solved
        .line(&fresh)
        .expect("a won position has a line to the end");
    Ok(Some(Puzzle {
        position,
        line: line.into_iter().map(|mv| fresh.format_move(mv)).collect(),
        solver_moves: plies.div_ceil(2),
        plies,
    }))
}

/// Why a game could not be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The solver has no exact method for this game (Samantsy, Mangala IV).
    #[error("the solver does not solve {}", .0.id())]
    Unsupported(GameKind),
}

/// A solved position of any game, in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value for the side to move.
    pub value: Value,
    /// The value-preserving moves, in legal-move order.
    pub best_moves: Vec<String>,
    /// A line of perfect play to the end ([`Solved::line`]); empty for a draw or a finished game.
    pub line: Vec<String>,
    pub nodes: u64,
    pub positions: usize,
}

/// [`solve`] for any game, moves in canonical notation (like [`super::choose_move`]).
pub fn solve_any(game: &AnyGame, limit: u64) -> Result<Solution, SolveError> {
    fn solution<G: Solvable>(game: &G, limit: u64) -> Result<Solution, SolveError> {
        let solved = solve(game, limit)?;
        let text = |moves: Vec<G::Move>| moves.into_iter().map(|mv| game.format_move(mv)).collect();
        Ok(Solution {
            value: solved.value(),
            best_moves: text(solved.best_moves(game).unwrap_or_default()),
            line: text(solved.line(game).unwrap_or_default()),
            nodes: solved.nodes(),
            positions: solved.positions(),
        })
    }
    match game {
        AnyGame::Fano(game) => solution(game, limit),
        AnyGame::Engehe(game) => solution(game, limit),
        AnyGame::Katro(game) => solution(game, limit),
        AnyGame::Samantsy(_) | AnyGame::Mangala(_) => Err(SolveError::Unsupported(game.kind())),
    }
}

/// [`cut_puzzles`] for any game: solves `game` (at most `limit` nodes) and cuts its puzzles
/// (each fresh solve at most `limit` nodes too).
pub fn cut_puzzles_any(game: &AnyGame, max_solver_moves: u32, limit: u64) -> Result<Vec<Puzzle>, SolveError> {
    fn cut<G: Solvable>(game: &G, max_solver_moves: u32, limit: u64) -> Result<Vec<Puzzle>, SolveError> {
        Ok(cut_puzzles(&solve(game, limit)?, max_solver_moves, limit)?)
    }
    match game {
        AnyGame::Fano(game) => cut(game, max_solver_moves, limit),
        AnyGame::Engehe(game) => cut(game, max_solver_moves, limit),
        AnyGame::Katro(game) => cut(game, max_solver_moves, limit),
        AnyGame::Samantsy(_) | AnyGame::Mangala(_) => Err(SolveError::Unsupported(game.kind())),
    }
}
