//! Negamax alpha-beta with iterative deepening, a transposition table, move ordering by the
//! static evaluation and an optional capture-only quiescence search. Generic over [`Heuristics`],
//! so every game gets the same well-tested search and only brings its evaluation.
//!
//! No clock: the search stops at its node budget or when the caller's cancellation flag is set
//! (core is pure and deterministic; the bot sets the flag at its deadline). The flag is read
//! every [`CANCEL_CHECK_INTERVAL`] nodes, so a set flag ends the search within microseconds.

use std::sync::atomic::{AtomicBool, Ordering};

use super::rng::Rng;
use super::{Budget, Heuristics};
use crate::outcome::{Outcome, Winner};
use crate::side::Side;

/// Larger than any score.
pub const INF: i32 = 1_000_000_000;
/// The score of a win on the spot; a win `n` plies away scores `WIN - n`, so the search
/// prefers quick wins and slow losses.
pub const WIN: i32 = 100_000_000;
/// Scores at or beyond this are proven wins (or, negated, losses).
pub const WIN_BOUND: i32 = WIN - 100_000;

/// How many nodes pass between two reads of the cancellation flag.
pub const CANCEL_CHECK_INTERVAL: u64 = 256;

/// Plies of captures the quiescence search may add below the horizon.
const QUIESCENCE_PLIES: i32 = 6;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<M> {
    /// The chosen move; `None` only when there is no legal move.
    pub best: Option<M>,
    /// The score of `best` for the side to move (see [`WIN`]); 0 when nothing was searched.
    pub score: i32,
    /// The deepest iteration that finished (0: no search was needed or none finished).
    pub depth: u32,
    /// Nodes visited (positions searched, including quiescence).
    pub nodes: u64,
    /// Every root move with its score from the deepest finished iteration, best first. Exact
    /// only when the search asked for exact root scores (the levels that sample moves).
    pub root: Vec<(M, i32)>,
    /// The search stopped because the cancellation flag was set.
    pub cancelled: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<M> {
    pub(super) key: u64,
    pub(super) best: Option<M>,
    pub(super) score: i32,
    pub(super) depth: i32,
    pub(super) bound: Bound,
}

/// The per-search state.
struct Searcher<'a, G: Heuristics> {
    max_nodes: u64,
    cancel: &'a AtomicBool,
    nodes: u64,
    stopped: bool,
    cancelled: bool,
    /// Set when some line was cut at the horizon; if an iteration never is, the tree was
    /// searched to the end and deeper iterations would only repeat it.
    hit_horizon: bool,
    table: Vec<Option<Entry<G::Move>>>,
    mask: usize,
    /// XOR of the [`Heuristics::history_key`]s of the positions on the current line, so that
    /// games whose rules depend on history (fano F-8) only share table entries between equal
    /// histories.
    path: u64,
}

/// A root move and its current score.
struct RootMove<G: Heuristics> {
    mv: G::Move,
    child: G,
    score: i32,
}

/// Score of a finished game for `side`, found `ply` plies below the root.
pub(super) fn terminal_score(outcome: Outcome, side: Side, ply: i32) -> i32 {
    match outcome.winner {
        Winner::Draw => 0,
        Winner::Side(winner) if winner == side => WIN - ply,
        Winner::Side(_) => -(WIN - ply),
    }
}

/// Mate scores are stored relative to the node, not the root, so they stay right when the
/// same position is met at another depth.
pub(super) fn to_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score + ply
    } else if score <= -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score - ply
    } else if score <= -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

/// A cheap static value of `state` for `side`, used to order moves.
fn static_value<G: Heuristics>(state: &G, side: Side, ply: i32) -> i32 {
    let value = match state.outcome() {
        Some(outcome) => return terminal_score(outcome, side, ply),
        None => state.evaluate(),
    };
    if state.to_move() == side {
        value
    } else {
        -value
    }
}

impl<'a, G: Heuristics> Searcher<'a, G> {
    fn new(max_nodes: u64, cancel: &'a AtomicBool) -> Self {
        // About one slot per node of the budget: collisions stay rare and the table is
        // never bigger than the search can fill.
        let size = max_nodes.clamp(1 << 10, 1 << 20).next_power_of_two() as usize;
        Searcher {
            max_nodes,
            cancel,
            nodes: 0,
            stopped: false,
            cancelled: false,
            hit_horizon: false,
            table: vec![None; size],
            mask: size - 1,
            path: 0,
        }
    }

    /// Counts a node and decides whether the search must stop.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CANCEL_CHECK_INTERVAL) && self.cancel.load(Ordering::Relaxed) {
            self.stopped = true;
            self.cancelled = true;
        }
    }

    fn key(&self, state: &G) -> u64 {
        state.key() ^ self.path.rotate_left(17)
    }

    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        self.table[key as usize & self.mask].filter(|entry| entry.key == key)
    }

    fn store(&mut self, key: u64, entry: Entry<G::Move>) {
        let slot = &mut self.table[key as usize & self.mask];
        // Keep the deeper result of the same position; otherwise the newest wins.
        if let Some(old) = slot {
            if old.key == key && old.depth > entry.depth {
                return;
            }
        }
        *slot = Some(entry);
    }

    /// The score of `child` (a position reached by `side`'s move) for `side`. Most games
    /// alternate, but the sign is taken from who is to move, not assumed.
    fn child_score(&mut self, side: Side, child: &G, depth: i32, ply: i32, alpha: i32, beta: i32) -> i32 {
        let history = child.history_key().unwrap_or(0);
        self.path ^= history;
        let score = if child.to_move() == side {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        };
        self.path ^= history;
        score
    }

    /// The legal moves of `state` in the order to search them: the table's move first, then,
    /// when `sort` is set, by the static value of the position each move leads to. Sorting
    /// means playing every move now; without it a move is played only when its turn comes,
    /// which saves the moves after a cut-off (most nodes are one ply above the horizon).
    fn ordered_moves(
        &self,
        state: &G,
        tt_move: Option<G::Move>,
        sort: bool,
        ply: i32,
    ) -> Vec<(G::Move, Option<G>)> {
        let mut moves = state.legal_moves();
        if let Some(i) = tt_move.and_then(|tt| moves.iter().position(|mv| *mv == tt)) {
            moves[..=i].rotate_right(1);
        }
        if !sort {
            return moves.into_iter().map(|mv| (mv, None)).collect();
        }
        let side = state.to_move();
        let mut children: Vec<(i32, G::Move, Option<G>)> = moves
            .into_iter()
            .filter_map(|mv| {
                let mut child = state.clone();
                child.play_quietly(mv).ok()?;
                let order = if Some(mv) == tt_move {
                    INF
                } else {
                    static_value(&child, side, ply + 1)
                };
                Some((order, mv, Some(child)))
            })
            .collect();
        children.sort_by_key(|(order, _, _)| std::cmp::Reverse(*order));
        children.into_iter().map(|(_, mv, child)| (mv, child)).collect()
    }

    fn negamax(&mut self, state: &G, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if let Some(outcome) = state.outcome() {
            return terminal_score(outcome, state.to_move(), ply);
        }
        if depth <= 0 {
            self.hit_horizon = true;
            return self.quiesce(state, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let key = self.key(state);
        let mut tt_move = None;
        if let Some(entry) = self.probe(key) {
            tt_move = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let side = state.to_move();
        let moves = self.ordered_moves(state, tt_move, depth >= 2, ply);
        let alpha_before = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (mv, child) in moves {
            let child = match child {
                Some(child) => child,
                None => {
                    let mut child = state.clone();
                    if child.play_quietly(mv).is_err() {
                        continue;
                    }
                    child
                }
            };
            let score = self.child_score(side, &child, depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best_move.is_none() {
            // The Game contract says a game with no legal move is over; stay safe anyway.
            return state.evaluate();
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(
            key,
            Entry {
                key,
                best: best_move,
                score: to_table(best, ply),
                depth,
                bound,
            },
        );
        best
    }

    /// Stand pat on the static value, or try the noisy moves (captures) that might change it,
    /// so the horizon does not stop in the middle of an exchange.
    fn quiesce(&mut self, state: &G, ply: i32, mut alpha: i32, beta: i32, plies_left: i32) -> i32 {
        let stand = state.evaluate();
        if plies_left == 0 || !G::QUIESCENCE || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let side = state.to_move();
        let mut best = stand;
        for mv in state.legal_moves() {
            if !state.is_noisy(mv) {
                continue;
            }
            let mut child = state.clone();
            if child.play_quietly(mv).is_err() {
                continue;
            }
            self.tick();
            if self.stopped {
                return 0;
            }
            let score = match child.outcome() {
                Some(outcome) => terminal_score(outcome, side, ply + 1),
                None if child.to_move() == side => self.quiesce(&child, ply + 1, alpha, beta, plies_left - 1),
                None => -self.quiesce(&child, ply + 1, -beta, -alpha, plies_left - 1),
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Searches `state` within `budget`. With `exact_root`, every root move gets an exact score
/// (a full window each), which the sampling levels need; otherwise the root is searched with
/// alpha-beta too and only the best move's score is exact. `rng` orders equal moves, so ties
/// are broken by the seed and not always towards the first move.
pub fn search<G: Heuristics>(
    state: &G,
    budget: &Budget,
    exact_root: bool,
    rng: &mut Rng,
    cancel: &AtomicBool,
) -> Report<G::Move> {
    let side = state.to_move();
    let mut report = Report {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        root: Vec::new(),
        cancelled: false,
    };
    let mut root: Vec<RootMove<G>> = state
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut child = state.clone();
            child.play_quietly(mv).ok()?;
            Some(RootMove {
                mv,
                score: static_value(&child, side, 1),
                child,
            })
        })
        .collect();
    rng.shuffle(&mut root);
    root.sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
    let finish = |report: &mut Report<G::Move>, root: &[RootMove<G>]| {
        report.root = root.iter().map(|r| (r.mv, r.score)).collect();
        if let Some(first) = root.first() {
            report.best = Some(first.mv);
            report.score = first.score;
        }
    };
    if root.len() <= 1 {
        // Nothing to choose (Mangala IV always, RULES.md M-4): no search at all.
        finish(&mut report, &root);
        return report;
    }
    let mut searcher = Searcher::<G>::new(budget.max_nodes, cancel);
    searcher.path = state.history_key().unwrap_or(0);
    if cancel.load(Ordering::Relaxed) {
        // Already past the deadline: the best-looking move by the static evaluation.
        report.cancelled = true;
        finish(&mut report, &root);
        return report;
    }
    for depth in 1..=budget.max_depth as i32 {
        searcher.hit_horizon = false;
        let mut alpha = -INF;
        let mut scores = Vec::with_capacity(root.len());
        for root_move in &root {
            let window = if exact_root { -INF } else { alpha };
            let score = searcher.child_score(side, &root_move.child, depth - 1, 1, window, INF);
            if searcher.stopped {
                break;
            }
            scores.push(score);
            alpha = alpha.max(score);
        }
        let complete = scores.len() == root.len();
        if !complete {
            // A partial iteration still proves something when the root is searched with
            // alpha-beta: the previous best move is searched first, so a finished move that
            // scores higher is better at this depth too. Sampling needs every score: drop it.
            if !exact_root && !scores.is_empty() {
                let (best_index, best_score) = scores
                    .iter()
                    .enumerate()
                    .max_by_key(|(i, score)| (**score, std::cmp::Reverse(*i)))
                    .map(|(i, score)| (i, *score))
                    .expect("not empty");
                if best_index > 0 {
                    let best = root.remove(best_index);
                    root.insert(
                        0,
                        RootMove {
                            score: best_score,
                            ..best
                        },
                    );
                }
            }
            break;
        }
        for (root_move, score) in root.iter_mut().zip(scores) {
            root_move.score = score;
        }
        root.sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
        report.depth = depth as u32;
        let best = root[0].score;
        if best.abs() >= WIN_BOUND || !searcher.hit_horizon {
            // A proven result, or the whole tree fitted: deeper searches add nothing.
            break;
        }
    }
    report.nodes = searcher.nodes;
    report.cancelled = searcher.cancelled;
    finish(&mut report, &root);
    report
}

/// 2^(-k/16) for k in 0..16, in units of 2^-16: the fractional part of [`sample`]'s weights.
const EXP2_FRACTION: [u64; 16] = [
    65536, 62757, 60097, 57549, 55109, 52773, 50535, 48393, 46341, 44376, 42495, 40693, 38968, 37316, 35734,
    34219,
];

/// Chooses a root move at random, each with weight 2^(-(best − score) / temperature): a move
/// `temperature` worse than the best is half as likely. Once the best move is a proven win or
/// loss, only moves just as good are drawn: a quicker win or a slower loss is never traded for
/// variety. Integer arithmetic only, so the choice is the same on every platform. `root` must
/// be non-empty.
pub fn sample<M: Copy>(root: &[(M, i32)], temperature: i32, rng: &mut Rng) -> M {
    let best = root.iter().map(|(_, score)| *score).max().expect("a move");
    let proven = best.abs() >= WIN_BOUND;
    let temperature = i64::from(temperature.max(1));
    let weights: Vec<u64> = root
        .iter()
        .map(|(_, score)| {
            if proven && *score != best {
                return 0;
            }
            let sixteenths = (i64::from(best) - i64::from(*score)) * 16 / temperature;
            let whole = sixteenths / 16;
            if whole >= 40 {
                0
            } else {
                (EXP2_FRACTION[(sixteenths % 16) as usize] << 24) >> whole
            }
        })
        .collect();
    let total: u64 = weights.iter().sum();
    let mut pick = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
    for ((mv, _), weight) in root.iter().zip(&weights) {
        if pick < *weight {
            return *mv;
        }
        pick -= weight;
    }
    root[0].0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_are_relative_to_the_node() {
        let win_in_3 = WIN - 3;
        assert_eq!(from_table(to_table(win_in_3, 1), 1), win_in_3);
        assert_eq!(from_table(to_table(win_in_3, 1), 2), win_in_3 - 1);
        assert_eq!(from_table(to_table(-win_in_3, 1), 1), -win_in_3);
        assert_eq!(from_table(to_table(42, 5), 9), 42);
    }

    /// The flag is read inside the search, not only before it: a search started with the flag
    /// already set (as if set by another thread just after the start) stops within one check
    /// interval, however large its budget.
    #[test]
    fn a_set_flag_stops_a_running_search_within_one_check_interval() {
        use crate::fano::{Fano, Options, Variant};
        use crate::game::Game;
        let options = Options {
            cells: 41,
            variants: [Variant::FullStart].into_iter().collect(),
            ..Options::default()
        };
        let game = Fano::new(options).unwrap();
        let cancel = AtomicBool::new(true);
        let mut searcher = Searcher::<Fano>::new(u64::MAX, &cancel);
        searcher.negamax(&game, 30, 0, -INF, INF);
        assert!(searcher.stopped && searcher.cancelled);
        assert_eq!(searcher.nodes, CANCEL_CHECK_INTERVAL);
    }

    #[test]
    fn sampling_prefers_better_moves_and_never_picks_hopeless_ones() {
        let root = [(0, 100), (1, 0), (2, -WIN)];
        let mut rng = Rng::new(7);
        let mut counts = [0; 3];
        for _ in 0..4000 {
            counts[sample(&root, 100, &mut rng)] += 1;
        }
        // Weights 1 : 1/2 : 0.
        assert_eq!(counts[2], 0);
        assert!(counts[0] > counts[1] * 3 / 2, "{counts:?}");
        assert!(counts[1] > 1000, "{counts:?}");
    }
}
