//! Tunes the weights of the hard level's Samantsy evaluation (`ai::samantsy::hard`) by texel's
//! method: self-played games of the hard level at a small node budget (a few random-ish opening
//! moves of the medium level for variety, half of them under `variant:chess-mate`), the quiet
//! positions of those games (the search's score within a margin of the static evaluation),
//! then the weights that best predict each position's result through a logistic curve, by
//! gradient descent from the current weights. Prints the weights to paste into `WEIGHTS`.
//!
//! Three fits (300 games at 2 500 and 3 000 nodes, 600 games at 2 500) gave unstable weights,
//! and the two measured against Fairy-Stockfish played worse than the hand-made weights
//! (docs/benchmarks.md): games this shallow do not teach the evaluation much yet.
//!
//! ```text
//! cargo run --release -p lalao-core --example tune -- [--games N] [--nodes N]
//! ```

use std::sync::atomic::AtomicBool;

use lalao_core::ai::samantsy::hard::{features, FEATURES, NAMES, WEIGHTS};
use lalao_core::ai::{self, Heuristics, Level};
use lalao_core::samantsy::{self, Samantsy};
use lalao_core::{Game, Side, Winner};

/// Plies of the medium level at the start of each game.
const OPENING_PLIES: u32 = 8;
/// A position is quiet when the search's score is within this of the static evaluation.
const QUIET: i32 = 60;

struct Sample {
    features: [i32; FEATURES],
    /// 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
    result: f64,
}

fn self_play(game_index: u32, nodes: u64, samples: &mut Vec<Sample>) {
    let mut options = samantsy::Options::default();
    if game_index.is_multiple_of(2) {
        options.variants.insert(samantsy::Variant::ChessMate);
    }
    // A long game is cut and scored a draw.
    options.ply_cap = Some(300);
    let mut game = Samantsy::new(options).expect("samantsy");
    let cancel = AtomicBool::new(false);
    let mut positions: Vec<([i32; FEATURES], Side)> = Vec::new();
    while game.outcome().is_none() {
        let seed = u64::from(game_index) * 1_000_003 + u64::from(game.ply());
        let mv = if game.ply() < OPENING_PLIES {
            ai::choose(&game, Level::Medium, seed, &cancel).expect("a move")
        } else {
            let budget = ai::Budget {
                max_nodes: nodes,
                ..game.budget(Level::Hard)
            };
            let report = ai::analyse_hard_with(&game, &budget, seed, &cancel);
            let eval = game.evaluate_hard();
            if report.score.abs() < ai::search::WIN_BOUND && (report.score - eval).abs() <= QUIET {
                positions.push((features(&game), game.to_move()));
            }
            report.best.expect("a move")
        };
        game.play(mv).expect("legal");
    }
    let winner = game.outcome().expect("over").winner;
    for (features, side) in positions {
        let result = match winner {
            Winner::Draw => 0.5,
            Winner::Side(w) if w == side => 1.0,
            Winner::Side(_) => 0.0,
        };
        samples.push(Sample { features, result });
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn error(samples: &[Sample], weights: &[f64; FEATURES], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| {
            let eval: f64 = s
                .features
                .iter()
                .zip(weights)
                .map(|(f, w)| f64::from(*f) * w)
                .sum();
            (s.result - sigmoid(k * eval)).powi(2)
        })
        .sum::<f64>()
        / samples.len() as f64
}

fn main() {
    let mut games = 400;
    let mut nodes = 4_000;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => games = it.next().and_then(|n| n.parse().ok()).expect("--games N"),
            "--nodes" => nodes = it.next().and_then(|n| n.parse().ok()).expect("--nodes N"),
            other => panic!("unknown argument {other}"),
        }
    }
    let mut samples = Vec::new();
    for i in 0..games {
        self_play(i, nodes, &mut samples);
        if (i + 1) % 50 == 0 {
            eprintln!("{} games, {} positions", i + 1, samples.len());
        }
    }
    let mut weights = [0.0; FEATURES];
    for (w, start) in weights.iter_mut().zip(WEIGHTS) {
        *w = f64::from(start);
    }
    // The scale of the logistic curve that fits the current weights best.
    let mut k = 0.001;
    let mut best = error(&samples, &weights, k);
    for step in 1..200 {
        let candidate = f64::from(step) * 0.0001;
        let e = error(&samples, &weights, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    eprintln!("{} positions, k {k}, error {best:.5}", samples.len());
    // Gradient descent with Adam, the tempo and material in the same units as the rest.
    let n = samples.len() as f64;
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let rate = 1.0;
    for round in 1..=3000 {
        let mut gradient = [0.0; FEATURES];
        for s in &samples {
            let eval: f64 = s
                .features
                .iter()
                .zip(&weights)
                .map(|(f, w)| f64::from(*f) * w)
                .sum();
            let p = sigmoid(k * eval);
            let d = (p - s.result) * p * (1.0 - p) * k;
            for (g, f) in gradient.iter_mut().zip(&s.features) {
                *g += d * f64::from(*f) / n;
            }
        }
        for i in 0..FEATURES {
            m[i] = 0.9 * m[i] + 0.1 * gradient[i];
            v[i] = 0.999 * v[i] + 0.001 * gradient[i] * gradient[i];
            let mh = m[i] / (1.0 - 0.9f64.powi(round));
            let vh = v[i] / (1.0 - 0.999f64.powi(round));
            weights[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if round % 500 == 0 {
            eprintln!("round {round}: error {:.5}", error(&samples, &weights, k));
        }
    }
    for (name, w) in NAMES.iter().zip(&weights) {
        eprintln!("{name:>18}: {w:.0}");
    }
    let rounded: Vec<String> = weights.iter().map(|w| format!("{}", w.round() as i32)).collect();
    println!("pub const WEIGHTS: [i32; FEATURES] = [{}];", rounded.join(", "));
}
