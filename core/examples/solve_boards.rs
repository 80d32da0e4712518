//! Solves the small boards of docs/puzzles.md exactly and prints the table:
//! `cargo run --release -p lalao-core --example solve_boards [node limit] [board filter]`
//! (the filter keeps the boards whose name contains it, e.g. `fano-7`).
//!
//! Each board is solved from scratch; the time is wall time on whatever machine runs it.

use std::time::Instant;

use lalao_core::ai::solve::{solve, Solvable, Value};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::fano::{self, Fano, Variant};
use lalao_core::katro::{self, Katro};
use lalao_core::Game;

fn describe(value: Value, first: &str, second: &str) -> String {
    match value {
        Value::Win(_) => format!("{first} wins"),
        Value::Loss(_) => format!("{second} wins"),
        Value::Draw => "draw".to_owned(),
    }
}

fn row<G: Solvable>(board: &str, game: Result<G, lalao_core::CoreError>, limit: u64, sides: (&str, &str)) {
    let filter = std::env::args().nth(2).unwrap_or_default();
    if !board.contains(&filter) {
        return;
    }
    let game = game.expect("a valid board");
    let started = Instant::now();
    match solve(&game, limit) {
        Ok(solved) => {
            let value = solved.value();
            let plies = value.plies().map_or("-".to_owned(), |p| p.to_string());
            println!(
                "| {board} | {} | {plies} | {} | {} | {:.3} |",
                describe(value, sides.0, sides.1),
                solved.positions(),
                solved.nodes(),
                started.elapsed().as_secs_f64()
            );
        }
        Err(too_large) => println!(
            "| {board} | not solved: more than {} nodes | | | | {:.3} |",
            too_large.limit,
            started.elapsed().as_secs_f64()
        ),
    }
}

fn main() {
    let limit: u64 = std::env::args()
        .nth(1)
        .map_or(3_000_000, |a| a.parse().expect("a node limit"));
    println!("| board | result | plies | positions | nodes | seconds |");
    println!("|---|---|---|---|---|---|");
    let fano_sides = ("White", "Black");
    for cells in [3, 5, 7, 9] {
        let options = fano::Options {
            cells,
            ..fano::Options::default()
        };
        let capless = fano::Options {
            ply_cap: None,
            ..options.clone()
        };
        row(
            &format!("fano-{cells}"),
            Fano::new(capless.clone()),
            limit,
            fano_sides,
        );
        let mut full = capless;
        full.variants.insert(Variant::FullStart);
        row(
            &format!("fano-{cells} full-start"),
            Fano::new(full),
            limit,
            fano_sides,
        );
    }
    let mancala_sides = ("South", "North");
    for holes in 2..=3u16 {
        for seeds in 1..=4u16 {
            let options = engehe::Options {
                holes,
                seeds,
                ply_cap: None,
                ..engehe::Options::default()
            };
            row(
                &format!("En Gehé {holes}×{seeds}"),
                EnGehe::new(options),
                limit,
                mancala_sides,
            );
        }
    }
    let katro = katro::Options {
        columns: 3,
        ply_cap: None,
        ..katro::Options::default()
    };
    for (name, position) in [
        (
            "Katro 3 cols, 1 seed per inner hole",
            "0,0,0/0,0,0/1,1,1/1,1,1/0,0,0/0,0,0 s",
        ),
        (
            "Katro 3 cols, 1 seed per outer hole",
            "1,1,1/0,0,0/0,0,0/0,0,0/0,0,0/1,1,1 s",
        ),
        (
            "Katro 3 cols, 1 seed per hole",
            "1,1,1/1,1,1/1,1,1/1,1,1/1,1,1/1,1,1 s",
        ),
    ] {
        row(
            name,
            Katro::from_position(katro.clone(), position),
            limit,
            mancala_sides,
        );
    }
    row(
        "Katro 3 cols, standard start",
        Katro::new(katro),
        limit,
        mancala_sides,
    );
}
