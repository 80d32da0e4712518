//! Time to draw pictures (issue 18): a still PNG of Katro 6 × 6 and of En Gehé 2 × 40, a
//! cached lookup, and the animated replay of a 10-lap Katro move.
//! `cargo bench -p lalao-renderer --bench pictures`; figures in docs/benchmarks.md.

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

fn pictures(c: &mut Criterion) {
    let view = |mv, events| View {
        names: ["Ana", "Bako"],
        last_move: Some(mv),
        events,
        ..View::new(Style::Text, Locale::En)
    };
    let mut katro = new_game(GameKind::Katro);
    let katro_events = katro.play("a1A").unwrap();
    c.bench_function("still_png_katro_6x6", |b| {
        b.iter(|| {
            picture(
                black_box(&katro),
                &view("a1A", &katro_events),
                PictureSize::Normal,
            )
        })
    });
    c.bench_function("still_png_katro_6x6_large", |b| {
        b.iter(|| picture(black_box(&katro), &view("a1A", &katro_events), PictureSize::Large))
    });
    let mut engehe = new_game(GameKind::Engehe);
    let engehe_events = engehe.play("h17").unwrap();
    c.bench_function("still_png_engehe_2x40", |b| {
        b.iter(|| {
            picture(
                black_box(&engehe),
                &view("h17", &engehe_events),
                PictureSize::Normal,
            )
        })
    });
    let cache = PictureCache::new(64);
    cache.get_or_draw(&engehe, &view("h17", &engehe_events), PictureSize::Normal);
    c.bench_function("cached_picture_engehe_2x40", |b| {
        b.iter(|| {
            cache.get_or_draw(
                black_box(&engehe),
                &view("h17", &engehe_events),
                PictureSize::Normal,
            )
        })
    });
    let (before, mv, events) = katro_move_with_laps(10);
    let mut group = c.benchmark_group("animation");
    group.sample_size(20);
    group.bench_function("apng_katro_10_laps", |b| {
        b.iter(|| {
            sowing_animation(
                black_box(&before),
                &events,
                &view(&mv, &events),
                PictureSize::Normal,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
