//! Time to draw pictures: a still PNG of Katro 6 × 6 and of En Gehé 2 × 40, a
//! cached lookup, and the animated replay of a 10-lap Katro move.
//! `cargo bench -p lalao-renderer --bench pictures`; figures in docs/benchmarks.md.
//!
//! Each bench is timed twice: wall-clock (criterion's usual measure, under `wall/`) and the
//! drawing thread's CPU time (under `cpu/`), which other processes on a shared 2-core machine
//! do not inflate (they still share its caches).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind};
use lalao_renderer::{picture, sowing_animation, Locale, PictureCache, PictureSize, Style, View};

fn new_game(kind: GameKind) -> AnyGame {
    AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap()
}

/// The first Katro move, playing each position's first legal move, that sows exactly `laps`
/// laps: the same position on every run.
fn katro_move_with_laps(laps: usize) -> (AnyGame, String, Vec<Event>) {
    let mut game = new_game(GameKind::Katro);
    for _ in 0..500 {
        for mv in game.legal_moves() {
            let mut after = game.clone();
            let events = after.play(&mv).unwrap();
            if events.iter().filter(|e| matches!(e, Event::Lap { .. })).count() == laps {
                return (game, mv, events);
            }
        }
        let first = game.legal_moves()[0].clone();
        game.play(&first).unwrap();
    }
    panic!("no {laps}-lap move found");
}

/// CPU time of the calling thread.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into `now`, a valid and exclusive borrow.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Benches `f` by wall-clock time as `wall/name` and by thread CPU time as `cpu/name`.
fn both<R>(c: &mut Criterion, name: &str, samples: usize, mut f: impl FnMut() -> R) {
    let mut group = c.benchmark_group("wall");
    group.sample_size(samples);
    group.bench_function(name, |b| b.iter(&mut f));
    group.finish();
    let mut group = c.benchmark_group("cpu");
    group.sample_size(samples);
    group.bench_function(name, |b| {
        b.iter_custom(|iterations| {
            let start = thread_cpu_time();
            for _ in 0..iterations {
                black_box(f());
            }
            thread_cpu_time() - start
        })
    });
    group.finish();
}

fn pictures(c: &mut Criterion) {
    let view = |mv, events| View {
        names: ["Ana", "Bako"],
        last_move: Some(mv),
        events,
        ..View::new(Style::Text, Locale::En)
    };
    let mut katro = new_game(GameKind::Katro);
    let katro_events = katro.play("a1A").unwrap();
    both(c, "still_png_katro_6x6", 100, || {
        picture(
            black_box(&katro),
            &view("a1A", &katro_events),
            PictureSize::Normal,
        )
    });
    both(c, "still_png_katro_6x6_large", 50, || {
        picture(black_box(&katro), &view("a1A", &katro_events), PictureSize::Large)
    });
    let mut engehe = new_game(GameKind::Engehe);
    let engehe_events = engehe.play("h17").unwrap();
    both(c, "still_png_engehe_2x40", 100, || {
        picture(
            black_box(&engehe),
            &view("h17", &engehe_events),
            PictureSize::Normal,
        )
    });
    // Sixteen successive positions of one match, drawn in turn: what a match in chat asks for
    // (each picture differs; the layers and sprites they share are drawn once).
    let mut successive = Vec::new();
    let mut game = new_game(GameKind::Engehe);
    for _ in 0..16 {
        let mv = game.legal_moves()[0].clone();
        let events = game.play(&mv).unwrap();
        successive.push((game.clone(), mv, events));
    }
    let mut turn = 0;
    both(c, "still_png_engehe_2x40_successive", 100, || {
        let (game, mv, events) = &successive[turn % successive.len()];
        turn += 1;
        picture(black_box(game), &view(mv, events), PictureSize::Normal)
    });
    let cache = PictureCache::new(64);
    cache.get_or_draw(&engehe, &view("h17", &engehe_events), PictureSize::Normal);
    both(c, "cached_picture_engehe_2x40", 100, || {
        cache.get_or_draw(
            black_box(&engehe),
            &view("h17", &engehe_events),
            PictureSize::Normal,
        )
    });
    let (before, mv, events) = katro_move_with_laps(10);
    both(c, "apng_katro_10_laps", 20, || {
        sowing_animation(
            black_box(&before),
            &events,
            &view(&mv, &events),
            PictureSize::Normal,
        )
    });
}

criterion_group!(benches, pictures);
criterion_main!(benches);
