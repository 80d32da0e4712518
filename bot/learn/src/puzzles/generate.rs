//! The puzzle generator and its proof.
//!
//! The generator plays games, engine against engine at varied levels, and looks at every
//! position from a few plies in: a search with exact scores for every root move ("find") must
//! see one move ahead of all others by at least [`MARGIN`], and a search with three times the
//! nodes ("proof") must agree on the same move and the same margin. A proved win is only kept
//! when no other move wins within a search of its own. The learner's line goes on while the
//! next position is a puzzle too, up to [`MAX_SOLVER_MOVES`] moves, the bot's replies being the
//! proof search's best. Everything is deterministic: the same seed gives the same puzzles.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use lalao_core::ai::search::{self, WIN_BOUND};
use lalao_core::ai::solve;
use lalao_core::ai::{Budget, Heuristics, Level, Rng};
use lalao_core::any::AnyOptions;
use lalao_core::event::LapEnd;
use lalao_core::{AnyGame, Event, Game, GameKind, Side, Winner};

use super::{Puzzle, PuzzleSet, Theme, NORTH, SOUTH};
use crate::Effect;

/// How much better than every other move a puzzle's move must be, in hundredths of the game's
/// unit: one and a half seeds, pawns or zazas.
pub const MARGIN: i32 = 150;

/// The stored margin of a proved win (or of the only move that does not lose): larger than any
/// material gap.
pub const PROVED: i32 = 1_000_000;

/// The learner's moves in a puzzle, at most.
pub const MAX_SOLVER_MOVES: usize = 3;

/// Plies between the end of one puzzle's line and the next position looked at in a game.
const SPACING: u32 = 6;

/// Plies of a self-played game after which no position is looked at.
const MAX_PLIES: u32 = 160;

/// Mangala IV's side puzzles: seeds on the board, and plies to the end at most.
const MANGALA_SEEDS: std::ops::RangeInclusive<u32> = 3..=12;
const MANGALA_MAX_PLIES: u32 = 12;

/// The options the generator plays each game under: the standard game, on several board sizes
/// where the standard board is too long to read in chat (a position carries its own size).
fn options_for(kind: GameKind, rng: &mut Rng) -> AnyOptions {
    let mut options = AnyOptions::standard(kind).expect("every game has standard options");
    match &mut options {
        AnyOptions::Fano(fano) => fano.cells = [7, 9, 11, 13][rng.below(4)],
        AnyOptions::Engehe(engehe) => engehe.holes = [5, 6, 8][rng.below(3)],
        _ => {}
    }
    options
}

/// `count` puzzles of `kind` from `seed`.
pub fn generate(kind: GameKind, count: usize, seed: u64) -> PuzzleSet {
    generate_with(kind, count, seed, &[], |_| {})
}

/// [`generate`], looking first at `positions` (in canonical notation, such as `lalao rules`
/// writes them: positions of real games), then at self-played games, and telling `progress`
/// of each puzzle as it is found.
pub fn generate_with(
    kind: GameKind,
    count: usize,
    seed: u64,
    positions: &[String],
    mut progress: impl FnMut(&Puzzle),
) -> PuzzleSet {
    let mut rng = Rng::new(seed);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    let options = AnyOptions::standard(kind).expect("every game has standard options");
    for position in positions {
        if puzzles.len() == count {
            break;
        }
        let Ok(game) = AnyGame::from_position(options.clone(), position.trim()) else {
            continue;
        };
        if !seen.insert(game.position()) {
            continue;
        }
        let found = match kind {
            GameKind::Mangala => mangala_puzzle_at(&game),
            _ => puzzle_at(&game),
        };
        if let Some(mut puzzle) = found {
            puzzle.id = format!("{}-{:04}", kind.id(), puzzles.len() + 1);
            progress(&puzzle);
            puzzles.push(puzzle);
        }
    }
    if kind == GameKind::Fano {
        // The solved board's wins in N first: their value is proved exactly, not searched.
        for mut puzzle in solved_fano_puzzles().into_iter().take(count) {
            seen.insert(puzzle.position.clone());
            puzzle.id = format!("{}-{:04}", kind.id(), puzzles.len() + 1);
            progress(&puzzle);
            puzzles.push(puzzle);
        }
    }
    while puzzles.len() < count {
        let game_seed = rng.next_u64();
        let found = match kind {
            GameKind::Mangala => mangala_puzzle(game_seed),
            _ => self_play(kind, game_seed, &mut seen, count - puzzles.len()),
        };
        for mut puzzle in found {
            // Self-played games note the positions they look at; a random Mangala board may
            // come up twice.
            if kind == GameKind::Mangala && !seen.insert(puzzle.position.clone()) {
                continue;
            }
            puzzle.id = format!("{}-{:04}", kind.id(), puzzles.len() + 1);
            progress(&puzzle);
            puzzles.push(puzzle);
            if puzzles.len() == count {
                break;
            }
        }
    }
    PuzzleSet {
        game: kind,
        seed,
        puzzles,
    }
}

/// The board the exact solver proves fano's first puzzles on: the standard seven cells.
const SOLVED_FANO_CELLS: u16 = 7;

/// The solver's node limit: fano-7 takes about 9 000 nodes, so this only guards against a
/// board the solver was never meant for.
const SOLVER_LIMIT: u64 = 2_000_000;

/// Every second of the wins in N (N ≤ [`MAX_SOLVER_MOVES`]) that the exact solver cuts from the
/// standard fano-7 game whose every move is the only win, in the solver's order.
fn solved_fano_puzzles() -> Vec<Puzzle> {
    let mut options = AnyOptions::standard(GameKind::Fano).expect("standard");
    if let AnyOptions::Fano(fano) = &mut options {
        fano.cells = SOLVED_FANO_CELLS;
    }
    let Ok(start) = AnyGame::new(options) else {
        return Vec::new();
    };
    let Ok(cut) = solve::cut_puzzles_any(&start, MAX_SOLVER_MOVES as u32, SOLVER_LIMIT) else {
        return Vec::new();
    };
    cut.into_iter()
        .filter_map(|solved| {
            let game =
                AnyGame::from_position(AnyOptions::standard(GameKind::Fano).ok()?, &solved.position).ok()?;
            // The solver's lines take the fastest win after the first move, which may not be
            // the only one; a puzzle accepts one answer a move, so every move must be the only win.
            solver_proves(&game, &solved.line)?.ok()?;
            // A win by the opponent's forced repetition (F-8) ends on their move: no answer left.
            (!solved.line.len().is_multiple_of(2)).then_some(())?;
            // A position with a single legal move asks nothing.
            (game.legal_moves().len() > 1).then_some(())?;
            let rating = rating(&game, &solved.line[0], solved.solver_moves as usize);
            Some(Puzzle {
                id: String::new(),
                position: solved.position,
                line: solved.line,
                theme: Theme::WinInN,
                rating,
                margin: PROVED,
            })
        })
        .step_by(2)
        .collect()
}

/// Whether the exact solver proves `line` from `game` (a fano board it can solve): each of the
/// learner's moves is the only one that wins, and the line ends in the learner's win. `None`
/// when the board is beyond the solver.
fn solver_proves(game: &AnyGame, line: &[String]) -> Option<Result<(), String>> {
    let AnyGame::Fano(start) = game else {
        return None;
    };
    if start.cells().len() > usize::from(SOLVED_FANO_CELLS) {
        return None;
    }
    let solved = solve::solve(start, SOLVER_LIMIT).ok()?;
    let learner = game.to_move();
    let mut now = game.clone();
    for (ply, mv) in line.iter().enumerate() {
        if ply % 2 == 0 {
            let AnyGame::Fano(state) = &now else {
                return None;
            };
            let winning: Vec<String> = solved
                .winning_moves(state)
                .unwrap_or_default()
                .into_iter()
                .map(|found| state.format_move(found))
                .collect();
            if winning != [mv.clone()] {
                return Some(Err(format!(
                    "move {}: the winning moves are {winning:?}",
                    ply + 1
                )));
            }
        }
        if now.play(mv).is_err() {
            return Some(Err(format!("move {} `{mv}` is not legal", ply + 1)));
        }
    }
    let won = now
        .outcome()
        .is_some_and(|outcome| outcome.winner == Winner::Side(learner));
    Some(if won {
        Ok(())
    } else {
        Err("the line does not end in the learner's win".into())
    })
}

/// One game engine against engine, and the puzzles found along it (at most `wanted`).
fn self_play(kind: GameKind, seed: u64, seen: &mut HashSet<String>, wanted: usize) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let options = options_for(kind, &mut rng);
    let Ok(mut game) = AnyGame::new(options) else {
        return Vec::new();
    };
    let levels = [Level::Random, Level::Easy, Level::Easy, Level::Medium];
    let sides = [levels[rng.below(4)], levels[rng.below(4)]];
    let skip = 2 + rng.below(6) as u32;
    let never = AtomicBool::new(false);
    let mut found = Vec::new();
    let mut look_from = skip;
    while game.outcome().is_none() && game.ply() < MAX_PLIES && found.len() < wanted {
        if game.ply() >= look_from && seen.insert(game.position()) {
            // A puzzle starts from its position alone, with no history (fano's visited
            // situations, repetition counts): judge the position as it will be played.
            let fresh = AnyGame::from_position(
                AnyOptions::standard(kind).expect("every game has standard options"),
                &game.position(),
            );
            if let Some(puzzle) = fresh.ok().and_then(|fresh| puzzle_at(&fresh)) {
                // The next positions of the game are this puzzle's line: look further on.
                look_from = game.ply() + puzzle.line.len() as u32 + SPACING;
                found.push(puzzle);
            }
        }
        let level = sides[game.to_move().index()];
        let Some(mv) = lalao_core::ai::choose_move_shared(&game, level, seed ^ u64::from(game.ply()), &never)
        else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    found
}

/// What a search with exact scores for every root move found: each move's score, best first,
/// in canonical notation, and the nodes it spent.
#[derive(Clone, Debug, PartialEq)]
pub struct RootScores {
    pub moves: Vec<(String, i32)>,
    pub nodes: u64,
}

/// A search's scores of every root move under `budget` (puzzles and match reviews judge moves
/// by them).
pub fn root_search(game: &AnyGame, budget: Budget, seed: u64) -> RootScores {
    fn scores<G: Heuristics>(game: &G, budget: Budget, seed: u64) -> RootScores {
        let never = AtomicBool::new(false);
        let report = search::search(game, &budget, true, &mut Rng::new(seed), &never);
        RootScores {
            moves: report
                .root
                .into_iter()
                .map(|(mv, score)| (game.format_move(mv), score))
                .collect(),
            nodes: report.nodes,
        }
    }
    match game {
        AnyGame::Samantsy(game) => scores(game, budget, seed),
        AnyGame::Fano(game) => scores(game, budget, seed),
        AnyGame::Mangala(game) => scores(game, budget, seed),
        AnyGame::Engehe(game) => scores(game, budget, seed),
        AnyGame::Katro(game) => scores(game, budget, seed),
    }
}

/// A search's scores of every root move, best first, in canonical notation.
fn root_scores(game: &AnyGame, budget: Budget, seed: u64) -> Vec<(String, i32)> {
    root_search(game, budget, seed).moves
}

/// The search's value of `game` for its side to move (alpha-beta, `budget`).
fn value(game: &AnyGame, budget: Budget, seed: u64) -> i32 {
    fn of<G: Heuristics>(game: &G, budget: Budget, seed: u64) -> i32 {
        let never = AtomicBool::new(false);
        search::search(game, &budget, false, &mut Rng::new(seed), &never).score
    }
    match game {
        AnyGame::Samantsy(game) => of(game, budget, seed),
        AnyGame::Fano(game) => of(game, budget, seed),
        AnyGame::Mangala(game) => of(game, budget, seed),
        AnyGame::Engehe(game) => of(game, budget, seed),
        AnyGame::Katro(game) => of(game, budget, seed),
    }
}

/// The hard level's budget for `game`'s position: what the finding search spends.
pub fn find_budget(game: &AnyGame) -> Budget {
    fn of<G: Heuristics>(game: &G) -> Budget {
        game.budget(Level::Hard)
    }
    match game {
        AnyGame::Samantsy(game) => of(game),
        AnyGame::Fano(game) => of(game),
        AnyGame::Mangala(game) => of(game),
        AnyGame::Engehe(game) => of(game),
        AnyGame::Katro(game) => of(game),
    }
}

/// The proving search: three times the finding search's nodes.
pub fn proof_budget(game: &AnyGame) -> Budget {
    let find = find_budget(game);
    Budget {
        max_nodes: find.max_nodes * 3,
        ..find
    }
}

/// The seed of every search of the generator and the proof: fixed, so a proof can be replayed.
const SEARCH_SEED: u64 = 0x5eed;

/// What a search found clearly best: the move, its margin over the next best, and that next best.
#[derive(Clone, Debug, PartialEq)]
struct Best {
    mv: String,
    margin: i32,
    runner_up: String,
}

/// The move of `game` that is clearly best under `budget`.
fn clear_best(game: &AnyGame, budget: Budget) -> Option<Best> {
    let root = root_scores(game, budget, SEARCH_SEED);
    let [(best, best_score), (runner_up, second), ..] = &root[..] else {
        return None;
    };
    let gap = best_score - second;
    // Already lost, or won whatever is played: nothing to find.
    if *best_score <= -WIN_BOUND || *second >= WIN_BOUND || gap < MARGIN {
        return None;
    }
    if *best_score >= WIN_BOUND && !only_win(game, best) {
        return None;
    }
    Some(Best {
        mv: best.clone(),
        margin: gap.min(PROVED),
        runner_up: runner_up.clone(),
    })
}

/// Whether `winning` is the only move of `game` after which the opponent is not lost to a
/// search of its own (the root search stops at the first proved win, so a slower win by
/// another move would go unseen there).
fn only_win(game: &AnyGame, winning: &str) -> bool {
    game.legal_moves().iter().filter(|mv| *mv != winning).all(|mv| {
        let mut after = game.clone();
        if after.play(mv).is_err() {
            return false;
        }
        if let Some(outcome) = after.outcome() {
            return outcome.winner != Winner::Side(game.to_move());
        }
        value(&after, find_budget(&after), SEARCH_SEED) > -WIN_BOUND
    })
}

/// The move of `game` that the finding search and the proving search agree is clearly best.
fn proved_best(game: &AnyGame) -> Option<Best> {
    let found = clear_best(game, find_budget(game))?;
    let proved = clear_best(game, proof_budget(game))?;
    (found.mv == proved.mv).then_some(proved)
}

/// The puzzle whose first move is played from `game`, if it is one.
fn puzzle_at(game: &AnyGame) -> Option<Puzzle> {
    let first = proved_best(game)?;
    let mut line = vec![first.mv.clone()];
    let mut margin = first.margin;
    let mut now = game.clone();
    now.play(&first.mv).ok()?;
    while line.len().div_ceil(2) < MAX_SOLVER_MOVES && now.outcome().is_none() {
        let never = AtomicBool::new(false);
        let reply = lalao_core::ai::choose_move_shared(&now, Level::Hard, SEARCH_SEED, &never)?;
        let mut after = now.clone();
        after.play(&reply).ok()?;
        if after.outcome().is_some() {
            break;
        }
        let Some(next) = proved_best(&after) else {
            break;
        };
        after.play(&next.mv).ok()?;
        line.push(reply);
        line.push(next.mv);
        margin = margin.min(next.margin);
        now = after;
    }
    let theme = theme(game, &line, &first)?;
    // Where the exact solver reaches, it has the last word on a win.
    if theme == Theme::WinInN && solver_proves(game, &line).is_some_and(|proved| proved.is_err()) {
        return None;
    }
    let rating = rating(game, &first.mv, line.len().div_ceil(2));
    Some(Puzzle {
        id: String::new(),
        position: game.position(),
        line,
        theme,
        rating,
        margin,
    })
}

/// What the puzzle is about, from what its first move does; `None` for a fano puzzle that is
/// neither a capture nor proved (its themes are about captures and proved results).
fn theme(game: &AnyGame, line: &[String], first: &Best) -> Option<Theme> {
    let side = game.to_move();
    let mut after = game.clone();
    let events = after.play(&line[0]).unwrap_or_default();
    let effect = Effect::of(&events, side);
    let proved = first.margin >= PROVED;
    let wins = {
        let mut end = game.clone();
        line.iter().all(|mv| end.play(mv).is_ok())
            && end
                .outcome()
                .is_some_and(|outcome| outcome.winner == Winner::Side(side))
    };
    Some(match game.kind() {
        GameKind::Fano if wins => Theme::WinInN,
        GameKind::Fano if effect.captures() => Theme::CaptureInOne,
        GameKind::Fano if proved => Theme::OnlyMove,
        GameKind::Fano => return None,
        GameKind::Samantsy if wins => Theme::BlockHova,
        GameKind::Samantsy if effect.promotes => Theme::Promote,
        GameKind::Samantsy if proved => Theme::OnlyMove,
        GameKind::Samantsy => Theme::WinMaterial,
        GameKind::Mangala => Theme::ChooseSide,
        GameKind::Katro if is_twin(&first.mv, &first.runner_up) => Theme::ChooseDirection,
        _ if relay_before_capture(&events) => Theme::RelayCapture,
        _ if effect.captures() => Theme::CaptureMost,
        _ => Theme::LeaveNothing,
    })
}

/// Whether a lap was relayed before the move's first capture.
fn relay_before_capture(events: &[Event]) -> bool {
    let mut relayed = false;
    for event in events {
        match event {
            Event::Lap {
                end: LapEnd::Relay, ..
            } => relayed = true,
            Event::Lap {
                end: LapEnd::Capture, ..
            } => return relayed,
            _ => {}
        }
    }
    false
}

/// Katro: whether two moves sow the same hole along its two paths (K-2), so that a puzzle whose
/// runner-up is its own move's twin is about the choice between them.
fn is_twin(mv: &str, other: &str) -> bool {
    mv.len() == other.len() && mv.len() > 1 && mv[..mv.len() - 1] == other[..other.len() - 1] && mv != other
}

/// The puzzle's starting rating: deeper searches needed to see the first move, longer lines and
/// more moves to choose from make it harder.
fn rating(game: &AnyGame, first: &str, solver_moves: usize) -> u32 {
    let full = find_budget(game);
    let depth = (1..=8u32)
        .find(|&depth| {
            let budget = Budget {
                max_depth: depth,
                ..full
            };
            root_scores(game, budget, SEARCH_SEED)
                .first()
                .is_some_and(|(best, _)| best == first)
        })
        .unwrap_or(9);
    let choices = game.legal_moves().len().min(30) as u32;
    (600 + 150 * depth + 250 * (solver_moves as u32 - 1) + 10 * choices).min(2500)
}

/// A Mangala IV side puzzle from `seed`: a few seeds spread at random, South to move, and the
/// side that wins when every forced move is played (M-4), if the game ends soon and not drawn.
fn mangala_puzzle(seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let seeds = *MANGALA_SEEDS.start() + rng.below(MANGALA_SEEDS.clone().count()) as u32;
    let mut holes = [0u32; 14];
    for _ in 0..seeds {
        holes[rng.below(14)] += 1;
    }
    let row = |range: std::ops::Range<usize>| {
        holes[range]
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let position = format!("{}/{} s 0-0", row(0..7), row(7..14));
    let Ok(start) = AnyGame::from_position(
        AnyOptions::standard(GameKind::Mangala).expect("standard"),
        &position,
    ) else {
        return Vec::new();
    };
    mangala_puzzle_at(&start).into_iter().collect()
}

/// The side puzzle of a Mangala IV position: the side that wins when every forced move is
/// played (M-4), if the game ends soon and not drawn.
fn mangala_puzzle_at(start: &AnyGame) -> Option<Puzzle> {
    let (winner, plies, captured) = mangala_end(start)?;
    if !(2..=MANGALA_MAX_PLIES).contains(&plies) {
        return None;
    }
    let Winner::Side(side) = winner else {
        return None;
    };
    let answer = if side == Side::First { SOUTH } else { NORTH };
    Some(Puzzle {
        id: String::new(),
        position: start.position(),
        line: vec![answer.to_owned()],
        theme: Theme::ChooseSide,
        rating: 700 + 80 * plies,
        margin: 100 * (captured[0] as i32 - captured[1] as i32).abs(),
    })
}

/// Plays Mangala IV's forced moves to the end: the winner, the plies and the final stores.
pub fn mangala_end(start: &AnyGame) -> Option<(Winner, u32, [u32; 2])> {
    let mut game = start.clone();
    while game.outcome().is_none() {
        let mv = game.legal_moves().into_iter().next()?;
        game.play(&mv).ok()?;
        if game.ply() > 1000 {
            return None;
        }
    }
    let outcome = game.outcome()?;
    Some((outcome.winner, game.ply(), game.captured().unwrap_or([0, 0])))
}

/// Proves `puzzle` of `kind` again: its position is legal, its line replays legally, every move
/// of the learner is the clearly best one to the proving search, by at least the stated margin
/// (and, for a proved win, the only move after which the opponent is not lost), and for
/// Mangala IV the named side wins. `Err` says what failed.
pub fn prove(kind: GameKind, puzzle: &Puzzle) -> Result<(), String> {
    let game = puzzle.game(kind).map_err(|err| format!("position: {err}"))?;
    if game.position() != puzzle.position {
        return Err(format!("the position is written `{}`", game.position()));
    }
    if puzzle.line.is_empty() || puzzle.line.len().is_multiple_of(2) {
        return Err("the line must start and end with the learner's move".into());
    }
    if kind == GameKind::Mangala {
        let (winner, _, captured) = mangala_end(&game).ok_or("the forced game does not end")?;
        let wanted = match puzzle.line[0].as_str() {
            SOUTH => Winner::Side(Side::First),
            NORTH => Winner::Side(Side::Second),
            other => return Err(format!("`{other}` is not a side")),
        };
        let gap = 100 * (captured[0] as i32 - captured[1] as i32).abs();
        return if winner == wanted && gap == puzzle.margin && puzzle.line.len() == 1 {
            Ok(())
        } else {
            Err(format!("the forced game ends {winner:?} by {gap}"))
        };
    }
    if puzzle.theme == Theme::WinInN {
        if let Some(proved) = solver_proves(&game, &puzzle.line) {
            return proved;
        }
    }
    let mut now = game;
    for (ply, mv) in puzzle.line.iter().enumerate() {
        if ply % 2 == 0 {
            let best = clear_best(&now, proof_budget(&now))
                .ok_or_else(|| format!("move {}: no move is clearly best", ply + 1))?;
            if &best.mv != mv {
                return Err(format!(
                    "move {}: the search prefers `{}` to `{mv}`",
                    ply + 1,
                    best.mv
                ));
            }
            if best.margin < puzzle.margin {
                return Err(format!("move {}: `{mv}` is only {} better", ply + 1, best.margin));
            }
        }
        now.play(mv)
            .map_err(|err| format!("move {} `{mv}`: {err}", ply + 1))?;
    }
    Ok(())
}
