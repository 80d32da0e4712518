//! Uniformly random playouts per second from the standard start, one thread (docs/benchmarks.md).
//! The playout loop (uniform legal moves by rejection) is `support/playout.rs`, shared with
//! `sowing_count`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::katro::{self, Katro};
use lalao_core::rng::SplitMix64;
use lalao_core::Game;

#[path = "support/playout.rs"]
mod support;
use support::{mangala_game, playout};

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
