//! How many bytes a stored game state takes as a game goes on, and how many the bot writes over
//! a whole game (it rewrites the match record, state included, after every ply):
//! `cargo bench -p lalao-core --bench record_size`. Figures in docs/benchmarks.md.
//! Each game is the first random game (uniform legal moves, SplitMix64 seeds 0, 1, …)
//! that lasts `PLIES` plies, or the longest of the first 200 when none does.

use lalao_core::any::AnyOptions;
use lalao_core::rng::SplitMix64;
use lalao_core::{AnyGame, GameKind};

const PLIES: u32 = 300;

/// Plays one random game of up to `PLIES` plies; returns (plies, state bytes at the end, bytes
/// of every state written after each ply).
fn game(kind: GameKind, seed: u64) -> (u32, usize, u64) {
    let mut game = AnyGame::new(AnyOptions::standard(kind).expect("standard")).expect("new");
    let mut rng = SplitMix64::new(seed);
    let mut written = 0u64;
    let mut last = 0;
    while game.outcome().is_none() && game.ply() < PLIES {
        let moves = game.legal_moves();
        let mv = &moves[rng.below(moves.len() as u32) as usize];
        game.play(mv).expect("a legal move");
        last = serde_json::to_vec(&game.save()).expect("serializable").len();
        written += last as u64;
    }
    (game.ply(), last, written)
}

fn main() {
    println!("game       plies  state bytes at the end  bytes written over the game");
    for kind in [GameKind::Katro, GameKind::Engehe, GameKind::Mangala] {
        let mut longest = (0, 0, 0);
        for seed in 0..200 {
            let run = game(kind, seed);
            if run.0 > longest.0 {
                longest = run;
            }
            if run.0 >= PLIES {
                break;
            }
        }
        let (plies, last, written) = longest;
        println!(
            "{:<10} {plies:>5}  {last:>22}  {written:>27}",
            format!("{kind:?}")
        );
    }
}
