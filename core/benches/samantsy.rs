//! Samantsy perft speed (docs/benchmarks.md): nodes per second, single thread, from the
//! initial position and from two middle-game positions. Perft applies every rule that ends a
//! game at every inner node, including the S-10 blocked-hova test.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lalao_core::samantsy::{Options, Samantsy, Variant};
use lalao_core::Game;

/// (name, variants, position, depth).
const CASES: [(&str, &[Variant], &str, u32); 4] = [
    ("start", &[], "vfbahbfv/zzzzzzzz/8/8/8/8/ZZZZZZZZ/VFBAHBFV w", 5),
    // The rules Fairy-Stockfish implements (no S-10), for a like-for-like comparison.
    (
        "start_chess_mate",
        &[Variant::ChessMate],
        "vfbahbfv/zzzzzzzz/8/8/8/8/ZZZZZZZZ/VFBAHBFV w",
        5,
    ),
    // A closed centre after 1. e2-e4 e7-e5 2. g1-f3 b8-c6 3. d2-d4 d7-d5 … both sides developed.
    (
        "middlegame_closed",
        &[],
        "v1bah2v/1zz2zzz/z1fb1f2/3zz3/3ZZ3/2FBBF2/ZZZ2ZZZ/V2AH2V w",
        5,
    ),
    // An open game after central exchanges, voronas out on the third and sixth ranks.
    (
        "middlegame_open",
        &[],
        "v1bah3/zz3zz1/2fz1fv1/7z/Z3z2Z/2V2F2/1ZZF1ZZ1/2BAHB1V w",
        5,
    ),
];

fn games() -> impl Iterator<Item = (String, Samantsy, u32)> {
    CASES.into_iter().map(|(name, variants, position, depth)| {
        let options = Options {
            variants: variants.iter().copied().collect(),
            ..Options::default()
        };
        let game = Samantsy::from_position(options, position).expect("a valid position");
        (format!("{name}_depth{depth}"), game, depth)
    })
}

/// Wall-clock time: what a user waits.
fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("samantsy_perft");
    group.sample_size(10);
    for (name, game, depth) in games() {
        group.throughput(Throughput::Elements(game.perft(depth)));
        group.bench_function(name, |b| b.iter(|| game.perft(depth)));
    }
    group.finish();
}

/// Time this thread spent on a CPU, in nanoseconds (Linux), if the kernel reports it.
fn on_cpu_nanos() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split(' ').next()?.parse().ok()
}

/// On-CPU time: the same work, not counting time the thread waited for a core. The
/// development machine is shared, so this is the figure comparable across runs.
fn perft_on_cpu(c: &mut Criterion) {
    if on_cpu_nanos().is_none() {
        return;
    }
    let mut group = c.benchmark_group("samantsy_perft_on_cpu");
    group.sample_size(10);
    for (name, game, depth) in games() {
        group.throughput(Throughput::Elements(game.perft(depth)));
        group.bench_function(name, |b| {
            b.iter_custom(|iterations| {
                let start = on_cpu_nanos().unwrap_or(0);
                for _ in 0..iterations {
                    std::hint::black_box(game.perft(depth));
                }
                Duration::from_nanos(on_cpu_nanos().unwrap_or(0).saturating_sub(start))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft, perft_on_cpu);
criterion_main!(benches);
