//! Uniformly random playouts per second from the standard start, one thread (docs/benchmarks.md).
//!
//! Moves are drawn uniformly among the legal ones by rejection: draw a candidate (E-4, K-5),
//! play it; if it would never end (G-3), drop it and draw again. That is uniform over the legal
//! moves without first sowing every candidate. The game still checks, after each ply, whether
//! the side to move has a legal move at all (E-9, K-9).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::katro::{self, Katro};
use lalao_core::mangala::{self, Mangala, Variant};
use lalao_core::rng::SplitMix64;
use lalao_core::{CoreError, Game};

/// Plays `game` to the end, drawing uniformly among legal moves. Returns the plies played.
fn playout<G: Game, F>(game: &mut G, rng: &mut SplitMix64, candidates: fn(&G) -> Vec<G::Move>, play: F) -> u32
where
    F: Fn(&mut G, G::Move) -> Result<(), CoreError>,
{
    while game.outcome().is_none() {
        let mut moves = candidates(game);
        loop {
            let i = rng.below(moves.len() as u32) as usize;
            if play(game, moves[i]).is_ok() {
                break;
            }
            moves.swap_remove(i);
        }
    }
    game.ply()
}

fn mangala_game(rng: &mut SplitMix64) -> u32 {
    let options = mangala::Options {
        seed: rng.next_u64(),
        variants: [Variant::RandomStart].into_iter().collect(),
        ..mangala::Options::default()
    };
    let mut game = Mangala::new(options).expect("standard options");
    while game.outcome().is_none() {
        // M-4/M-9: the forced sowing, or a pass if the row is empty or the sowing never ends.
        let sown = game
            .forced_hole()
            .map(|h| game.play_silent(mangala::Move::Sow(h as u16)));
        if !matches!(sown, Some(Ok(()))) {
            game.play_silent(mangala::Move::Pass).expect("pass is then legal");
        }
    }
    game.ply()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playouts");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);

    let mut rng = SplitMix64::new(1);
    group.bench_function("mangala_iv_random_98", |b| b.iter(|| mangala_game(&mut rng)));

    for holes in [40u16, 8] {
        let start = EnGehe::new(engehe::Options {
            holes,
            ..engehe::Options::default()
        })
        .unwrap();
        let mut rng = SplitMix64::new(2);
        group.bench_function(format!("engehe_2x{holes}"), |b| {
            b.iter(|| {
                playout(
                    &mut start.clone(),
                    &mut rng,
                    EnGehe::candidate_moves,
                    EnGehe::play_silent,
                )
            })
        });
    }

    // Katro: game g draws its moves from SplitMix64(g), for g in 0..256 except 144. Game 144
    // reaches, at ply 229, a position where one side holds almost every seed and a candidate move
    // relays around a dense 18-hole path with an astronomically long cycle: its exact G-3 check
    // does not finish (docs/benchmarks.md). About 1 random game in 250–750 does this.
    let start = Katro::new(katro::Options::default()).unwrap();
    let pool: Vec<u64> = (0..256).filter(|g| *g != 144).collect();
    let mut next = 0;
    group.bench_function("katro_6x6", |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(pool[next % pool.len()]);
            next += 1;
            playout(
                &mut start.clone(),
                &mut rng,
                Katro::candidate_moves,
                Katro::play_silent,
            )
        })
    });
    group.finish();
}

criterion_group!(sowing, benches);
criterion_main!(sowing);
