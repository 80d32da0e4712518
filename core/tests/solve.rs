//! The exact solver (core/src/ai/solve.rs): the solved boards of docs/puzzles.md reproduced from
//! scratch, RULES.md F-E6/F-E7, a cross-check against brute force without memo, agreement with
//! the search's proven wins, and the puzzles it cuts.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::solve::{cut_puzzles, solve, solve_any, SolveError, Solvable, Value};
use lalao_core::ai::{self, Level};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::fano::{self, Fano, Variant};
use lalao_core::katro::{self, Katro};
use lalao_core::{AnyGame, Game, GameKind, Side, Winner};

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

#[test]
fn puzzles_probe() {
    let solved = solve(&fano(7, &[]), LIMIT).unwrap();
    let puzzles = cut_puzzles(&solved, 3, LIMIT).unwrap();
    println!("{}", puzzles.len());
    for p in puzzles.iter().take(400) {
        println!("{p:?}");
    }
}
