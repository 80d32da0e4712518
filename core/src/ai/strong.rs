//! The hard level's search: the same negamax as [`super::search`], with what a modern
//! alpha-beta adds to it. Principal variation search (every move after the first is tried with
//! a null window and searched again only when it may be better), late-move reductions (quiet
//! moves ordered late are searched a ply shallower first), killer moves and a history table to
//! order quiet moves, aspiration windows around the previous iteration's score, and captures
//! ordered by what they take in the quiescence search. It reads the game's
//! [`Heuristics::evaluate_hard`].
//!
//! The other levels, the solver and the puzzle finder keep [`super::search`] as it is, so their
//! moves do not change. Like it, this search has no clock: it stops at its node budget (then
//! it is deterministic) or when the caller's cancellation flag is set, its deadline.

use std::sync::atomic::{AtomicBool, Ordering};

use super::rng::Rng;
use super::search::{
    from_table, terminal_score, to_table, Bound, Entry, Report, CANCEL_CHECK_INTERVAL, INF, WIN_BOUND,
};
use super::{hash_of, Budget, Heuristics};
use crate::side::Side;

/// Plies of noisy moves the quiescence search may add below the horizon.
const QUIESCENCE_PLIES: i32 = 8;
/// Plies below the root the search keeps killers for; deeper nodes have none.
const MAX_PLY: usize = 128;
/// Slots of the history table per side (moves are hashed into it).
const HISTORY_SLOTS: usize = 4096;
/// The aspiration window's half-width at first, in evaluation units.
const ASPIRATION: i32 = 40;
/// The largest table, in entries.
const MAX_TABLE: u64 = 1 << 18;

/// The hard evaluation of `state` for `side`, or its result when it is over.
fn static_value<G: Heuristics>(state: &G, side: Side, ply: i32) -> i32 {
    let value = match state.outcome() {
        Some(outcome) => return terminal_score(outcome, side, ply),
        None => state.evaluate_hard(),
    };
    if state.to_move() == side {
        value
    } else {
        -value
    }
}

/// A move and, when ordering needed it, the position it leads to.
type Ordered<G> = (<G as crate::game::Game>::Move, Option<G>, bool);

struct Strong<'a, G: Heuristics> {
    max_nodes: u64,
    cancel: &'a AtomicBool,
    nodes: u64,
    stopped: bool,
    cancelled: bool,
    hit_horizon: bool,
    table: Vec<Option<Entry<G::Move>>>,
    mask: usize,
    path: u64,
    killers: Vec<[Option<G::Move>; 2]>,
    /// Per side, how often a quiet move caused a cut-off, weighted by depth².
    history: Vec<i32>,
}

impl<'a, G: Heuristics> Strong<'a, G> {
    fn new(max_nodes: u64, cancel: &'a AtomicBool) -> Self {
        let size = max_nodes.clamp(1 << 12, MAX_TABLE).next_power_of_two() as usize;
        Strong {
            max_nodes,
            cancel,
            nodes: 0,
            stopped: false,
            cancelled: false,
            hit_horizon: false,
            table: vec![None; size],
            mask: size - 1,
            path: 0,
            killers: vec![[None, None]; MAX_PLY],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }

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
        if let Some(old) = slot {
            if old.key == key && old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(entry);
    }

    fn history_slot(side: Side, mv: G::Move) -> usize {
        side.index() * HISTORY_SLOTS + (hash_of(&mv) as usize & (HISTORY_SLOTS - 1))
    }

    fn child_score(
        &mut self,
        side: Side,
        child: &G,
        depth: i32,
        ply: i32,
        (alpha, beta): (i32, i32),
        pv: bool,
    ) -> i32 {
        let history = child.history_key().unwrap_or(0);
        self.path ^= history;
        let score = if child.to_move() == side {
            self.negamax(child, depth, ply, alpha, beta, pv)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha, pv)
        };
        self.path ^= history;
        score
    }

    /// The legal moves in search order, each with whether it is noisy. The table's move comes
    /// first. Games that order by the position a move leads to (the mancalas, whose captures
    /// only show after sowing) do so a ply or more above the horizon; otherwise noisy moves
    /// come next (by [`Heuristics::noisy_order`]), then the killers, then the history.
    fn ordered_moves(&self, state: &G, tt_move: Option<G::Move>, depth: i32, ply: i32) -> Vec<Ordered<G>> {
        let side = state.to_move();
        let moves = state.search_moves();
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None, None]);
        if G::ORDER_BY_CHILDREN && depth >= 2 {
            let mut children: Vec<(i32, Ordered<G>)> = moves
                .into_iter()
                .filter_map(|mv| {
                    let mut child = state.clone();
                    child.play_quietly(mv).ok()?;
                    let order = if Some(mv) == tt_move {
                        INF
                    } else {
                        static_value(&child, side, ply + 1)
                    };
                    let noisy = state.is_noisy(mv);
                    Some((order, (mv, Some(child), noisy)))
                })
                .collect();
            children.sort_by_key(|(order, _)| std::cmp::Reverse(*order));
            return children.into_iter().map(|(_, entry)| entry).collect();
        }
        let mut scored: Vec<(i32, Ordered<G>)> = moves
            .into_iter()
            .map(|mv| {
                let noisy = state.is_noisy(mv);
                let order = if Some(mv) == tt_move {
                    INF
                } else if noisy {
                    1_000_000_000 - 1 - 1000 + state.noisy_order(mv).clamp(-999, 999)
                } else if Some(mv) == killers[0] {
                    900_000_000
                } else if Some(mv) == killers[1] {
                    899_999_999
                } else {
                    self.history[Self::history_slot(side, mv)]
                };
                (order, (mv, None, noisy))
            })
            .collect();
        scored.sort_unstable_by_key(|(order, _)| std::cmp::Reverse(*order));
        scored.into_iter().map(|(_, entry)| entry).collect()
    }

    fn negamax(&mut self, state: &G, mut depth: i32, ply: i32, mut alpha: i32, beta: i32, pv: bool) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if let Some(outcome) = state.outcome() {
            return terminal_score(outcome, state.to_move(), ply);
        }
        if ply >= MAX_PLY as i32 {
            return state.evaluate_hard();
        }
        let in_check = state.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            self.hit_horizon = true;
            return self.quiesce(state, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let key = self.key(state);
        let mut tt_move = None;
        if let Some(entry) = self.probe(key) {
            tt_move = entry.best;
            if entry.depth >= depth && !pv {
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
        if !pv && !in_check && depth >= 3 && beta.abs() < WIN_BOUND && state.evaluate_hard() >= beta {
            if let Some(passed) = state.null_move() {
                let reduction = 2 + i32::from(depth >= 7);
                let score = self.child_score(
                    side,
                    &passed,
                    depth - 1 - reduction,
                    ply + 1,
                    (beta - 1, beta),
                    false,
                );
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= WIN_BOUND { beta } else { score };
                }
            }
        }
        let moves = self.ordered_moves(state, tt_move, depth, ply);
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None, None]);
        let alpha_before = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets_tried: Vec<G::Move> = Vec::new();
        for (i, (mv, child, noisy)) in moves.into_iter().enumerate() {
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
            let score = if best_move.is_none() {
                self.child_score(side, &child, depth - 1, ply + 1, (alpha, beta), pv)
            } else {
                let quiet = !noisy && Some(mv) != killers[0] && Some(mv) != killers[1];
                let reduction = if G::REDUCTIONS && quiet && depth >= 3 && i >= 3 {
                    1 + i32::from(depth >= 6 && i >= 8)
                } else {
                    0
                };
                let mut score = self.child_score(
                    side,
                    &child,
                    depth - 1 - reduction,
                    ply + 1,
                    (alpha, alpha + 1),
                    false,
                );
                if reduction > 0 && score > alpha && !self.stopped {
                    score = self.child_score(side, &child, depth - 1, ply + 1, (alpha, alpha + 1), false);
                }
                if pv && score > alpha && score < beta && !self.stopped {
                    score = self.child_score(side, &child, depth - 1, ply + 1, (alpha, beta), true);
                }
                score
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if !noisy {
                            self.reward(side, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets_tried.push(mv);
            }
        }
        if best_move.is_none() {
            return state.evaluate_hard();
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

    /// A quiet move cut off: it becomes a killer at this ply, and its history rises while the
    /// quiet moves tried before it fall.
    fn reward(&mut self, side: Side, mv: G::Move, tried: &[G::Move], depth: i32, ply: i32) {
        if let Some(killers) = self.killers.get_mut(ply as usize) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        let bonus = (depth * depth).min(400);
        let slot = Self::history_slot(side, mv);
        self.history[slot] += bonus - self.history[slot] * bonus / 16_384;
        for other in tried {
            let slot = Self::history_slot(side, *other);
            self.history[slot] -= bonus + self.history[slot] * bonus / 16_384;
        }
    }

    fn quiesce(&mut self, state: &G, ply: i32, mut alpha: i32, beta: i32, plies_left: i32) -> i32 {
        let stand = state.evaluate_hard();
        // In check, standing pat is no option: every move is tried (while plies are left).
        let in_check = G::QUIESCENCE && plies_left > 0 && state.in_check();
        if !in_check && (plies_left == 0 || !G::QUIESCENCE || stand >= beta) {
            return stand;
        }
        if !in_check {
            alpha = alpha.max(stand);
        }
        let side = state.to_move();
        let mut noisy: Vec<(i32, G::Move)> = state
            .search_moves()
            .into_iter()
            .filter(|mv| in_check || state.is_noisy(*mv))
            .map(|mv| {
                let order = if state.is_noisy(mv) {
                    1000 + state.noisy_order(mv)
                } else {
                    0
                };
                (order, mv)
            })
            .collect();
        noisy.sort_unstable_by_key(|(order, _)| std::cmp::Reverse(*order));
        let mut best = if in_check { -INF } else { stand };
        for (_, mv) in noisy {
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
        if best == -INF {
            return stand;
        }
        best
    }

    /// One iteration over the root moves with the window (`alpha`, `beta`): the first move
    /// with the full window, the others with a null window first. Returns the best score and
    /// its index, or `None` when stopped before the first move was searched. `scores` gets
    /// every finished move's score (a bound for most).
    fn root(
        &mut self,
        side: Side,
        root: &[(G::Move, G)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        scores: &mut Vec<i32>,
    ) -> Option<(i32, usize)> {
        let mut best: Option<(i32, usize)> = None;
        scores.clear();
        for (i, (_, child)) in root.iter().enumerate() {
            let score = if i == 0 {
                self.child_score(side, child, depth - 1, 1, (alpha, beta), true)
            } else {
                let mut score = self.child_score(side, child, depth - 1, 1, (alpha, alpha + 1), false);
                if score > alpha && score < beta && !self.stopped {
                    score = self.child_score(side, child, depth - 1, 1, (alpha, beta), true);
                }
                score
            };
            if self.stopped {
                break;
            }
            scores.push(score);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// Searches `state` for the hard level within `budget` (its temperature is ignored: the best
/// move found is the answer). `rng` orders equal root moves.
pub fn search<G: Heuristics>(
    state: &G,
    budget: &Budget,
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
    let mut root: Vec<(i32, G::Move, G)> = state
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut child = state.clone();
            child.play_quietly(mv).ok()?;
            Some((static_value(&child, side, 1), mv, child))
        })
        .collect();
    rng.shuffle(&mut root);
    root.sort_by_key(|(score, _, _)| std::cmp::Reverse(*score));
    let mut best_score = root.first().map_or(0, |(score, _, _)| *score);
    let mut root: Vec<(G::Move, G)> = root.into_iter().map(|(_, mv, child)| (mv, child)).collect();
    let finish = |report: &mut Report<G::Move>, root: &[(G::Move, G)], score: i32| {
        report.root = root.iter().map(|(mv, _)| (*mv, -INF)).collect();
        if let Some((mv, _)) = root.first() {
            report.best = Some(*mv);
            report.score = score;
            report.root[0].1 = score;
        }
    };
    if root.len() <= 1 || cancel.load(Ordering::Relaxed) {
        report.cancelled = root.len() > 1;
        finish(&mut report, &root, best_score);
        return report;
    }
    let mut searcher = Strong::<G>::new(budget.max_nodes, cancel);
    searcher.path = state.history_key().unwrap_or(0);
    let mut scores = Vec::with_capacity(root.len());
    for depth in 1..=budget.max_depth as i32 {
        searcher.hit_horizon = false;
        let mut delta = ASPIRATION.max(G::NOTICEABLE / 2);
        let (mut alpha, mut beta) = if G::ASPIRATION && depth >= 3 && best_score.abs() < WIN_BOUND {
            (best_score - delta, best_score + delta)
        } else {
            (-INF, INF)
        };
        let found = loop {
            let found = searcher.root(side, &root, depth, alpha, beta, &mut scores);
            if searcher.stopped {
                break found;
            }
            let (score, _) = found.expect("a finished iteration searched a move");
            if score <= alpha && alpha > -INF {
                alpha = (score - delta).max(-INF);
                if score.abs() >= WIN_BOUND || delta > 8 * ASPIRATION {
                    alpha = -INF;
                }
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
                if score.abs() >= WIN_BOUND || delta > 8 * ASPIRATION {
                    beta = INF;
                }
            } else {
                break found;
            }
            delta *= 2;
        };
        if searcher.stopped {
            // A stopped iteration still proves something: the previous best move is searched
            // first, so a later move that finished with a better score (its re-search with the
            // real window done) is better at this depth too.
            if let Some((score, index)) = found {
                if index > 0 && score > alpha && score < beta {
                    let moved = root.remove(index);
                    root.insert(0, moved);
                    best_score = score;
                }
            }
            break;
        }
        let (score, index) = found.expect("a finished iteration searched a move");
        let moved = root.remove(index);
        root.insert(0, moved);
        best_score = score;
        report.depth = depth as u32;
        if score.abs() >= WIN_BOUND || !searcher.hit_horizon {
            break;
        }
    }
    report.nodes = searcher.nodes;
    report.cancelled = searcher.cancelled;
    finish(&mut report, &root, best_score);
    report
}
