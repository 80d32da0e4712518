//! A class on its screens: `LALAO_BENCH_PUPILS` (default 30) pupils at their seats, each seat
//! page holding its event stream open as a tablet does, the teacher's page and the projector,
//! playing a Katro lesson and then homework by taps. `cargo bench -p lalao-web --bench
//! class_taps`; figures in docs/benchmarks.md and docs/school-box.md (run there under one core).
//!
//! Each pupil thinks 0.5–1.5 s, then taps a move the way the seat page sends it (an HTTP POST
//! of the move to the seat's link): the move the step points at when the page draws its arrow,
//! else the first move offered. A tap's latency to a page runs from the POST being sent to the
//! page's stream having read the screen's version that holds the move: the pupil's own seat and
//! the teacher's page (the projector shows the class's own board, which a pupil's tap does not
//! change; it holds its stream open all the same). A version the teacher's page never shows,
//! because another pupil's tap changed it again first, is not measured (the table says how
//! many were).

use std::time::{Duration, Instant};

use lalao_app::Service;

mod support;

use support::{class_on_pages, env_number, open, process_cpu, quantile, reached, tap, Seen};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What one pupil measured: each applied tap's latency to the seat and to the teacher's page.
#[derive(Default)]
struct Taps {
    seat: Vec<Duration>,
    teacher: Vec<Duration>,
    applied: usize,
    refused: usize,
}

/// One pupil: taps until the seat offers nothing more, or `taps` taps.
fn pupil(
    service: &Service,
    port: u16,
    (seat, seat_seen): (&str, &Seen),
    (teacher, teacher_seen): (&str, &Seen),
    taps: usize,
    seed: u64,
) -> Taps {
    let mut measured = Taps::default();
    let mut rng = seed | 1;
    for n in 0..taps {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        std::thread::sleep(Duration::from_millis(500 + rng % 1000));
        let Ok(Some(screen)) = service.class_screen(seat) else {
            break;
        };
        let Some(board) = screen.boards.iter().find(|board| !board.moves.is_empty()) else {
            break;
        };
        let chosen = board
            .arrow
            .as_ref()
            .and_then(|(from, to)| {
                board
                    .moves
                    .iter()
                    .find(|tap| tap.from.as_ref() == Some(from) && tap.to.as_ref() == Some(to))
            })
            .unwrap_or(&board.moves[0]);
        let body = serde_json::json!({
            "match": board.id.0,
            "board": board.board,
            "move": chosen.text,
            "nonce": format!("{seed:x}-{n}"),
        });
        let sent = Instant::now();
        if tap(port, seat, &body) != 200 {
            measured.refused += 1;
            continue;
        }
        measured.applied += 1;
        // What each page shows once the tap is in (other pupils' taps may change the teacher's
        // page again before it reads this one: then the later version counts, as missing).
        let (Ok(Some(seat_version)), Ok(Some(teacher_version))) = (
            service.class_screen_version(seat),
            service.class_screen_version(teacher),
        ) else {
            continue;
        };
        if let Some(at) = reached(seat_seen, seat_version, sent) {
            measured.seat.push(at.saturating_duration_since(sent));
        }
        if let Some(at) = reached(teacher_seen, teacher_version, sent) {
            measured.teacher.push(at.saturating_duration_since(sent));
        }
    }
    measured
}

fn main() {
    let pupils = env_number("LALAO_BENCH_PUPILS", 30);
    let taps = env_number("LALAO_BENCH_TAPS", 12);
    let class = class_on_pages(pupils, &["class learn katro 3", "class homework katro 2"]);
    let (service, port) = (&class.service, class.port);
    let (teacher_token, projector_token, seats) = (&class.teacher, &class.projector, &class.seats);
    let teacher_seen = open(port, teacher_token);
    let _projector = open(port, projector_token);
    let seat_seen: Vec<Seen> = seats.iter().map(|seat| open(port, seat)).collect();
    std::thread::sleep(Duration::from_secs(1));

    let cpu_before = process_cpu();
    let started = Instant::now();
    let results: Vec<Taps> = std::thread::scope(|scope| {
        let handles: Vec<_> = seats
            .iter()
            .zip(&seat_seen)
            .enumerate()
            .map(|(n, (seat, seen))| {
                let teacher_seen = &teacher_seen;
                scope.spawn(move || {
                    pupil(
                        service,
                        port,
                        (seat, seen),
                        (teacher_token, teacher_seen),
                        taps,
                        0x9e37_79b9_7f4a_7c15 ^ (n as u64 + 1),
                    )
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().unwrap()).collect()
    });
    let took = started.elapsed();
    let cpu = process_cpu() - cpu_before;
    let mut seat: Vec<Duration> = results.iter().flat_map(|taps| taps.seat.clone()).collect();
    let mut teacher_page: Vec<Duration> = results.iter().flat_map(|taps| taps.teacher.clone()).collect();
    seat.sort_unstable();
    teacher_page.sort_unstable();
    let applied: usize = results.iter().map(|taps| taps.applied).sum();
    let refused: usize = results.iter().map(|taps| taps.refused).sum();
    println!(
        "| pupils | taps applied (refused) | seat: measured, p50, p99 | teacher's page: measured, p50, p99 | max | process CPU per tap | run |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let max = seat.last().max(teacher_page.last()).copied().unwrap_or_default();
    println!(
        "| {pupils} | {applied} ({refused}) | {}, {:.1} ms, {:.1} ms | {}, {:.1} ms, {:.1} ms | {:.1} ms | {:.1} ms | {:.0} s |",
        seat.len(),
        quantile(&seat, 0.5),
        quantile(&seat, 0.99),
        teacher_page.len(),
        quantile(&teacher_page, 0.5),
        quantile(&teacher_page, 0.99),
        max.as_secs_f64() * 1e3,
        cpu.as_secs_f64() * 1e3 / applied.max(1) as f64,
        took.as_secs_f64(),
    );
}
