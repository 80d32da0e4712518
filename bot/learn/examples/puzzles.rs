//! Generates puzzles and times it: `cargo run -p lalao-learn --example puzzles -- <game> <count> <seed>`.
//! `lalao puzzles generate` is the command that writes the bundled files; this is for tuning.

use std::time::Instant;

use lalao_core::GameKind;
use lalao_learn::puzzles::generate;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = GameKind::from_id(args.first().map_or("katro", String::as_str)).expect("a game");
    let count: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(10);
    let seed: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let started = Instant::now();
    let set = generate::generate_with(game, count, seed, &[], |puzzle| {
        eprintln!(
            "{:>7.1}s {} {} {:?} {:?} {} {}",
            started.elapsed().as_secs_f64(),
            puzzle.id,
            puzzle.position,
            puzzle.line,
            puzzle.theme,
            puzzle.rating,
            puzzle.margin
        );
    });
    eprintln!(
        "{} puzzles in {:.1} s",
        set.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    print!("{}", set.to_toml());
}
