//! Size and time of the whole-game animation of a long game of each game (docs/benchmarks.md):
//! `cargo run --release -p lalao-renderer --example game_animation -- [PLIES] [--write DIR]`.
//!
//! Each game is played from the standard start by moves drawn among the legal ones with a
//! fixed seed (SplitMix64), the same on every run; a game that ends sooner than PLIES (200 by
//! default) is played again with the next seeds, and the longest of 50 tries is kept.

use std::time::{Duration, Instant};

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_renderer::{game_animation, Locale, PictureSize, Style, View, GAME_ANIMATION_MAX_BYTES};

/// The moves of a game of at most `plies` plies from the standard start, drawn with `seed`.
fn random_game(kind: GameKind, seed: u64, plies: usize) -> Vec<String> {
    AnyGame::new(AnyOptions::standard(kind).expect("standard options"))
        .expect("a start")
        .random_line(seed, plies)
}

/// CPU time of the calling thread (the machine is shared).
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into `now`, a valid and exclusive borrow.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plies: usize = args.first().and_then(|word| word.parse().ok()).unwrap_or(200);
    let write = args
        .iter()
        .position(|word| word == "--write")
        .and_then(|at| args.get(at + 1));
    println!("| game | plies | frame | APNG | GIF | wall | thread CPU |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for kind in GameKind::ALL {
        let moves = (0..50u64)
            .map(|seed| random_game(kind, seed, plies))
            .max_by_key(Vec::len)
            .expect("some tries");
        let start = AnyGame::new(AnyOptions::standard(kind).expect("standard options")).expect("a start");
        let view = View {
            names: ["Ana", "Bako"],
            ..View::new(Style::Text, Locale::En)
        };
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let animation = game_animation(&start, &moves, &view, PictureSize::Normal).expect("the moves play");
        let (wall, cpu) = (wall.elapsed(), thread_cpu_time() - cpu);
        let mib = |bytes: usize| bytes as f64 / f64::from(1 << 20);
        println!(
            "| {} | {} | {} × {} | {:.2} MiB | {:.2} MiB | {:.2} s | {:.2} s |",
            kind.id(),
            moves.len(),
            animation.width,
            animation.height,
            mib(animation.apng.len()),
            mib(animation.gif.len()),
            wall.as_secs_f64(),
            cpu.as_secs_f64(),
        );
        if animation.apng.len() > GAME_ANIMATION_MAX_BYTES || animation.gif.len() > GAME_ANIMATION_MAX_BYTES {
            println!("  ^ over the {} MiB budget", GAME_ANIMATION_MAX_BYTES >> 20);
        }
        if let Some(dir) = write {
            std::fs::write(format!("{dir}/{}.png", kind.id()), &animation.apng).expect("written");
            std::fs::write(format!("{dir}/{}.gif", kind.id()), &animation.gif).expect("written");
        }
    }
}
