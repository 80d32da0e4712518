//! A fixed set of random playouts, for instruction counts (`valgrind --tool=callgrind`) and CPU
//! time (`/usr/bin/time`), which a loaded machine does not distort (docs/benchmarks.md):
//! `cargo bench -p lalao-core --bench sowing_count -- katro 10000` (or `engehe40`, `engehe8`,
//! `mangala`), then run the built binary under valgrind. The playout loop is
//! `support/playout.rs`, shared with `sowing.rs`; each game's moves come from its own SplitMix64
//! seed, and the printed plies and signature show that two builds played the same games.

use lalao_core::engehe::{self, EnGehe};
use lalao_core::katro::{self, Katro};
use lalao_core::rng::SplitMix64;
use lalao_core::Game;

#[path = "support/playout.rs"]
mod support;
use support::{mangala_game, playout};

fn main() {
    // `cargo bench` passes `--bench`: keep only the positional arguments.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let what = args.first().map(String::as_str).unwrap_or("katro");
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let t = std::time::Instant::now();
    let mut plies = 0u64;
    let mut sig = 0u64;
    match what {
        "katro" => {
            let start = Katro::new(katro::Options::default()).unwrap();
            for g in (0..256u64).filter(|g| *g != 144).cycle().take(n as usize) {
                let mut rng = SplitMix64::new(g);
                let mut game = start.clone();
                plies += u64::from(playout(
                    &mut game,
                    &mut rng,
                    Katro::candidate_moves,
                    Katro::play_silent,
                ));
                sig = sig
                    .wrapping_mul(31)
                    .wrapping_add(game.position().len() as u64 + game.ply() as u64);
            }
        }
        "engehe40" | "engehe8" => {
            let holes = if what == "engehe40" { 40 } else { 8 };
            let start = EnGehe::new(engehe::Options {
                holes,
                ..engehe::Options::default()
            })
            .unwrap();
            for g in 0..n {
                let mut rng = SplitMix64::new(1000 + g);
                let mut game = start.clone();
                plies += u64::from(playout(
                    &mut game,
                    &mut rng,
                    EnGehe::candidate_moves,
                    EnGehe::play_silent,
                ));
                sig = sig.wrapping_mul(31).wrapping_add(game.ply() as u64);
            }
        }
        "mangala" => {
            let mut rng = SplitMix64::new(1);
            for _ in 0..n {
                plies += u64::from(mangala_game(&mut rng));
            }
        }
        _ => panic!("what"),
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{what} games={n} plies={plies} sig={sig} {:.1} games/s",
        n as f64 / dt
    );
}
