//! The exact solver (core/src/ai/solve.rs): the solved boards of docs/puzzles.md reproduced from
//! scratch, RULES.md F-E6/F-E7, a cross-check against brute force without memo, agreement with
//! the search's proven wins, and the puzzles it cuts.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::solve::{cut_puzzles, solve, solve_any, Solvable, SolveError, Value};
use lalao_core::ai::{self, Level};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::fano::{self, Fano, Variant};
use lalao_core::katro::{self, Katro};
use lalao_core::{AnyGame, Game, GameKind, Winner};

/// Far above what any board here needs: a runaway solve fails instead of hanging.
const LIMIT: u64 = 5_000_000;

fn fano(cells: u16, variants: &[Variant]) -> Fano {
    Fano::new(fano::Options {
        cells,
        variants: variants.iter().copied().collect(),
        ..fano::Options::default()
    })
    .expect("a valid board")
}

fn engehe(holes: u16, seeds: u16) -> EnGehe {
    EnGehe::new(engehe::Options {
        holes,
        seeds,
        ply_cap: None,
        ..engehe::Options::default()
    })
    .expect("a valid board")
}

fn katro_options() -> katro::Options {
    katro::Options {
        columns: 3,
        ply_cap: None,
        ..katro::Options::default()
    }
}

fn katro(position: &str) -> Katro {
    Katro::from_position(katro_options(), position).expect("a valid position")
}

fn text<G: Game>(game: &G, moves: &[G::Move]) -> Vec<String> {
    moves.iter().map(|mv| game.format_move(*mv)).collect()
}

/// (value, positions, nodes) of a solve from scratch.
fn figures<G: Solvable>(game: &G) -> (Value, usize, u64) {
    let solved = solve(game, LIMIT).expect("a small board solves");
    (solved.value(), solved.positions(), solved.nodes())
}

/// The value of `game` by plain minimax over the engine's own game tree: no memo, no keys, the
/// engine's history deciding every repetition. Slow, but independent of the solver's keys.
fn brute_force<G: Game>(game: &G, nodes: &mut u64) -> Value {
    *nodes += 1;
    assert!(*nodes < 20_000_000, "the brute force runs away");
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Winner::Draw => Value::Draw,
            Winner::Side(side) if side == game.to_move() => Value::Win(0),
            Winner::Side(_) => Value::Loss(0),
        };
    }
    let rank = |value: Value| match value {
        Value::Win(plies) => 1_000_000 - i64::from(plies),
        Value::Draw => 0,
        Value::Loss(plies) => i64::from(plies) - 1_000_000,
    };
    let mut best: Option<Value> = None;
    for mv in game.legal_moves() {
        let mut child = game.clone();
        child.play(mv).expect("a legal move plays");
        assert_ne!(child.to_move(), game.to_move(), "these games alternate");
        let value = match brute_force(&child, nodes) {
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Loss(plies) => Value::Win(plies + 1),
            Value::Draw => Value::Draw,
        };
        if best.is_none_or(|best| rank(value) > rank(best)) {
            best = Some(value);
        }
    }
    best.expect("a game that is not over has a legal move")
}

/// The solver agrees with brute force on the root and on every state `depth` plies below it.
fn agrees_with_brute_force<G: Solvable>(game: &G, depth: usize) {
    let solved = solve(game, LIMIT).expect("a tiny board solves");
    let mut states = vec![game.clone()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for state in &states {
            for mv in state.legal_moves() {
                let mut child = state.clone();
                child.play(mv).unwrap();
                next.push(child);
            }
        }
        states.extend(next);
    }
    for state in &states {
        let mut nodes = 0;
        let value = brute_force(state, &mut nodes);
        assert_eq!(solved.value_of(state), Some(value), "{}", state.position());
    }
}

#[test]
fn fano_3_is_a_win_for_the_second_player_as_f_e6_derives() {
    let game = fano(3, &[]);
    let solved = solve(&game, LIMIT).unwrap();
    // White places, Black places, White slides, Black captures: White loses after 4 plies.
    assert_eq!(solved.value(), Value::Loss(4));
    let values = solved.move_values(&game).unwrap();
    let values: Vec<(String, Value)> = values
        .into_iter()
        .map(|(mv, v)| (game.format_move(mv), v))
        .collect();
    // @1 and @3 lose at once to the blockade (F-E6's aside); @2 lasts longest.
    assert_eq!(
        values,
        [
            ("@1".to_owned(), Value::Loss(2)),
            ("@2".to_owned(), Value::Loss(4)),
            ("@3".to_owned(), Value::Loss(2)),
        ]
    );
    assert_eq!(
        text(&game, &solved.line(&game).unwrap()),
        ["@2", "@1", "2-3", "1-2"]
    );
}

#[test]
fn the_f_e7_line_agrees_with_the_solver() {
    let mut game = fano(5, &[]);
    for mv in ["@1", "@5", "1-2", "5-4", "2-1"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.position(), "W..B. b 0 0");
    let solved = solve(&game, LIMIT).unwrap();
    let values: Vec<(String, Value)> = solved
        .move_values(&game)
        .unwrap()
        .into_iter()
        .map(|(mv, v)| (game.format_move(mv), v))
        .collect();
    // 4-5 recreates `W...B w`, visited at the start of phase 2: Black loses on the spot (F-8);
    // 4-3 loses to 1-2, which captures 3.
    assert_eq!(
        values,
        [
            ("4-3".to_owned(), Value::Loss(2)),
            ("4-5".to_owned(), Value::Loss(1))
        ]
    );
    // The same position from a fresh history has not visited `W...B w`, so 4-5 is no loss
    // there: the history is part of the value.
    let fresh = Fano::from_position(
        fano::Options {
            cells: 5,
            ..fano::Options::default()
        },
        "W..B. b 0 0",
    )
    .unwrap();
    let fresh_solved = solve(&fresh, LIMIT).unwrap();
    assert_ne!(fresh_solved.value(), solved.value());
}

#[test]
fn solved_boards_reproduce_the_published_results() {
    // docs/puzzles.md, "Solved boards": (value for the side to move, positions, nodes).
    assert_eq!(figures(&fano(3, &[])), (Value::Loss(4), 10, 16));
    assert_eq!(figures(&fano(5, &[])), (Value::Loss(4), 90, 142));
    assert_eq!(figures(&fano(7, &[])), (Value::Loss(8), 4544, 8630));
    assert_eq!(figures(&fano(3, &[Variant::FullStart])), (Value::Win(1), 1, 2));
    assert_eq!(figures(&fano(5, &[Variant::FullStart])), (Value::Loss(4), 7, 10));
    assert_eq!(
        figures(&fano(7, &[Variant::FullStart])),
        (Value::Win(3), 143, 244)
    );
    assert_eq!(figures(&engehe(2, 1)), (Value::Win(1), 3, 6));
    assert_eq!(figures(&engehe(2, 2)), (Value::Win(3), 15, 22));
    assert_eq!(figures(&engehe(2, 3)), (Value::Win(7), 180, 314));
    assert_eq!(figures(&engehe(2, 4)), (Value::Win(3), 166, 294));
    assert_eq!(
        figures(&katro("0,0,0/0,0,0/1,1,1/1,1,1/0,0,0/0,0,0 s")),
        (Value::Win(29), 95756, 251849)
    );
    assert_eq!(
        figures(&katro("1,1,1/0,0,0/0,0,0/0,0,0/0,0,0/1,1,1 s")),
        (Value::Win(13), 95756, 251849)
    );
}

#[test]
fn katro_k_e7_on_three_columns_is_a_win_in_one() {
    // K-E7 on a 3-column board: a3A captures North's last seeds (b5), and North cannot move.
    let game = katro("0,0,0/0,3,0/0,0,0/1,1,0/0,0,0/0,0,0 s");
    let solved = solve(&game, LIMIT).unwrap();
    assert_eq!(solved.value(), Value::Win(1));
    assert_eq!(text(&game, &solved.best_moves(&game).unwrap()), ["a3A"]);
}

#[test]
fn the_cap_of_the_default_options_does_not_change_fano() {
    // The standard options cap games at 10 000 plies; no fano-7 game can last that long (F-8),
    // so solving with the cap or without it gives the same figures.
    let uncapped = Fano::new(fano::Options {
        ply_cap: None,
        ..fano::Options::default()
    })
    .unwrap();
    assert_eq!(figures(&fano(7, &[])), figures(&uncapped));
}

#[test]
fn the_solver_agrees_with_brute_force_without_memo() {
    agrees_with_brute_force(&fano(3, &[]), 2);
    agrees_with_brute_force(&fano(5, &[]), 2);
    agrees_with_brute_force(&fano(5, &[Variant::FullStart]), 2);
    agrees_with_brute_force(&fano(5, &[Variant::Misere]), 2);
    agrees_with_brute_force(&engehe(2, 1), 2);
    agrees_with_brute_force(&engehe(2, 2), 2);
    agrees_with_brute_force(&engehe(2, 3), 2);
    // Katro is left out: its threefold repetition lets a line walk every cycle three times,
    // and brute force over that tree runs away even with two seeds on the board.
}

#[test]
fn proven_wins_of_the_search_agree_with_the_solver() {
    let cancel = AtomicBool::new(false);
    let solved = solve(&fano(7, &[]), LIMIT).unwrap();
    let puzzles = cut_puzzles(&solved, 3, LIMIT).unwrap();
    let mut proven = 0;
    for puzzle in &puzzles {
        let game = Fano::from_position(fano::Options::default(), &puzzle.position).unwrap();
        let value = solve(&game, LIMIT).unwrap().value();
        let report = ai::analyse(&game, Level::Hard, 1, &cancel);
        if report.score >= ai::search::WIN_BOUND {
            proven += 1;
            assert!(value.is_win(), "{}: {value:?}", puzzle.position);
        } else if report.score <= -ai::search::WIN_BOUND {
            proven += 1;
            assert!(matches!(value, Value::Loss(_)), "{}: {value:?}", puzzle.position);
        }
    }
    assert!(proven > puzzles.len() / 2, "{proven} of {}", puzzles.len());
}

#[test]
fn fano_7_puzzles_are_proved_from_a_fresh_history() {
    let solved = solve(&fano(7, &[]), LIMIT).unwrap();
    let puzzles = cut_puzzles(&solved, 3, LIMIT).unwrap();
    assert_eq!(puzzles.len(), 149);
    let per_n: Vec<usize> = (1..=3)
        .map(|n| puzzles.iter().filter(|p| p.solver_moves == n).count())
        .collect();
    assert_eq!(per_n, [68, 53, 28]);
    let find = |position: &str| puzzles.iter().find(|p| p.position == position).cloned();
    let first = find("....B.W w 0 0").expect("a win in 1");
    assert_eq!(
        (first.line, first.solver_moves, first.plies),
        (vec!["7-6".to_owned()], 1, 1)
    );
    // Won by F-8: Black's last move is forced to recreate `.W...B. w`, visited three plies before.
    let repetition = find("W...B.. w 0 0").expect("a win in 3");
    assert_eq!(repetition.line, ["1-2", "5-6", "2-1", "6-7", "1-2", "7-6"]);
    assert_eq!((repetition.solver_moves, repetition.plies), (3, 6));
    for puzzle in &puzzles {
        let game = Fano::from_position(fano::Options::default(), &puzzle.position).unwrap();
        let fresh = solve(&game, LIMIT).unwrap();
        assert_eq!(fresh.value(), Value::Win(puzzle.plies));
        assert_eq!(
            fresh.winning_moves(&game).unwrap().len(),
            1,
            "{}",
            puzzle.position
        );
        let solver = game.to_move();
        let mut replay = game.clone();
        for mv in &puzzle.line {
            replay.play_text(mv).unwrap();
        }
        assert_eq!(replay.outcome().unwrap().winner, Winner::Side(solver));
        assert_eq!(puzzle.line.len() as u32, puzzle.plies);
        assert!(puzzle.solver_moves <= 3);
    }
}

#[test]
fn any_game_entry_points_speak_canonical_notation() {
    let game = AnyGame::Fano(fano(3, &[]));
    let solution = solve_any(&game, LIMIT).unwrap();
    assert_eq!(solution.value, Value::Loss(4));
    assert_eq!(solution.best_moves, ["@2"]);
    assert_eq!(solution.line, ["@2", "@1", "2-3", "1-2"]);
    let samantsy = AnyGame::new(lalao_core::any::AnyOptions::standard(GameKind::Samantsy).unwrap()).unwrap();
    assert_eq!(
        solve_any(&samantsy, LIMIT),
        Err(SolveError::Unsupported(GameKind::Samantsy))
    );
    let puzzles = lalao_core::ai::solve::cut_puzzles_any(&AnyGame::Engehe(engehe(2, 3)), 2, LIMIT).unwrap();
    for puzzle in &puzzles {
        let options = lalao_core::any::AnyOptions::Engehe(engehe::Options {
            ply_cap: None,
            ..engehe::Options::default()
        });
        let mut replay = AnyGame::from_position(options, &puzzle.position).unwrap();
        let solver = replay.to_move();
        for mv in &puzzle.line {
            replay.play(mv).unwrap();
        }
        assert_eq!(replay.outcome().unwrap().winner, Winner::Side(solver));
    }
    assert!(!puzzles.is_empty());
}

#[test]
fn too_large_stops_at_the_limit() {
    let err = solve(&fano(7, &[]), 1_000).unwrap_err();
    assert_eq!(err.limit, 1_000);
}
