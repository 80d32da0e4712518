//! A class voting at once: `LALAO_BENCH_PUPILS` (default 30) seats, each page holding its event
//! stream open as a tablet does, the teacher's page and the projector, the class playing Katro
//! by vote against the gentle computer. `cargo bench -p lalao-web --bench class_vote`; figures
//! in docs/benchmarks.md.
//!
//! Each turn every pupil taps a vote within the same 300 ms (a legal move chosen at random),
//! posted as the seat page posts it; the last vote closes the turn (everyone has voted), which
//! plays the most voted move and the computer's answer before its POST returns. Measured, for
//! each turn: from the last vote's POST being sent to every page's stream (the 30 seats, the
//! teacher's page, the projector) having read the screen that shows the computer's answer and
//! the class's next turn open.

use std::time::{Duration, Instant};

use lalao_app::Service;

mod support;

use support::{class_on_pages, env_number, open, process_cpu, quantile, reached, tap, Seen};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One pupil's vote this turn: when its POST was sent and its status.
fn vote(service: &Service, port: u16, seat: &str, turn: usize, pupil: usize) -> Option<(Instant, u16)> {
    let mut rng = (0x9e37_79b9_7f4a_7c15u64 ^ ((turn as u64) << 32 | pupil as u64)) | 1;
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    std::thread::sleep(Duration::from_millis(rng % 300));
    let screen = service.class_screen(seat).ok()??;
    let board = screen
        .boards
        .iter()
        .find(|board| board.vote.is_some() && !board.moves.is_empty())?;
    let chosen = &board.moves[(rng >> 8) as usize % board.moves.len()];
    let body = serde_json::json!({
        "match": board.id.0,
        "board": board.board,
        "move": chosen.text,
        "nonce": format!("vote-{turn}-{pupil}-{rng:x}"),
    });
    let sent = Instant::now();
    Some((sent, tap(port, seat, &body)))
}

fn main() {
    let pupils = env_number("LALAO_BENCH_PUPILS", 30);
    let turns = env_number("LALAO_BENCH_TURNS", 8);
    let class = class_on_pages(pupils, &["class vote katro kind seconds=3600"]);
    let (service, port) = (&class.service, class.port);
    let (teacher_token, projector_token, seats) = (&class.teacher, &class.projector, &class.seats);
    let mut pages: Vec<(String, Seen)> = seats
        .iter()
        .map(|seat| (seat.clone(), open(port, seat)))
        .collect();
    pages.push((teacher_token.clone(), open(port, teacher_token)));
    pages.push((projector_token.clone(), open(port, projector_token)));
    std::thread::sleep(Duration::from_secs(1));

    let cpu_before = process_cpu();
    let started = Instant::now();
    let (mut every_page, mut last_page) = (Vec::new(), Vec::new());
    let (mut applied, mut refused, mut missed) = (0, 0, 0);
    for turn in 0..turns {
        let votes: Vec<Option<(Instant, u16)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = seats
                .iter()
                .enumerate()
                .map(|(n, seat)| {
                    let service = &service;
                    scope.spawn(move || vote(service, port, seat, turn, n))
                })
                .collect();
            handles.into_iter().map(|handle| handle.join().unwrap()).collect()
        });
        applied += votes
            .iter()
            .flatten()
            .filter(|(_, status)| *status == 200)
            .count();
        refused += votes
            .iter()
            .flatten()
            .filter(|(_, status)| *status != 200)
            .count();
        let Some(last) = votes.iter().flatten().map(|(sent, _)| *sent).max() else {
            break;
        };
        // The turn is closed and answered: what each page shows now is what it must reach.
        let mut slowest = Duration::ZERO;
        for (token, seen) in &pages {
            let Ok(Some(version)) = service.class_screen_version(token) else {
                continue;
            };
            match reached(seen, version, last) {
                Some(at) => {
                    let took = at.saturating_duration_since(last);
                    every_page.push(took);
                    slowest = slowest.max(took);
                }
                None => missed += 1,
            }
        }
        last_page.push(slowest);
    }
    let took = started.elapsed();
    let cpu = process_cpu() - cpu_before;
    every_page.sort_unstable();
    last_page.sort_unstable();
    println!(
        "| pupils | turns | votes applied (refused) | every page: p50, p99 | the last page of a turn: p50, max | pages missed | process CPU per vote | run |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {pupils} | {} | {applied} ({refused}) | {:.1} ms, {:.1} ms | {:.1} ms, {:.1} ms | {missed} | {:.1} ms | {:.0} s |",
        last_page.len(),
        quantile(&every_page, 0.5),
        quantile(&every_page, 0.99),
        quantile(&last_page, 0.5),
        last_page.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        cpu.as_secs_f64() * 1e3 / applied.max(1) as f64,
        took.as_secs_f64(),
    );
}
