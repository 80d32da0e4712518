//! The sowing trace: a move told as sentences, one per step.

use lalao_core::event::LapEnd;
use lalao_core::{AnyGame, Event};

use super::holes::Holes;
use super::steps::{steps, Step};
use crate::{side_label, tr, View};

/// "h1–h7, h0–h3": the holes a lap sowed, as runs of neighbouring holes; very long laps keep
/// their first and last runs.
pub(crate) fn sown_path(holes: &Holes, sown: &[u16]) -> String {
    const RUNS_SHOWN: usize = 6;
    let neighbours = |a: usize, b: usize| -> Option<i64> {
        let d = b as i64 - a as i64;
        let same_row = !holes.is_katro() || a / holes.columns == b / holes.columns;
        (d.abs() == 1 && same_row).then_some(d)
    };
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut direction: Option<i64> = None;
    for hole in sown.iter().map(|h| *h as usize) {
        match runs.last_mut() {
            Some((first, last)) => match neighbours(*last, hole) {
                Some(d)
                    if direction.is_none_or(|dir| dir == d) && (direction.is_some() || *first == *last) =>
                {
                    direction = Some(d);
                    *last = hole;
                }
                _ => {
                    runs.push((hole, hole));
                    direction = None;
                }
            },
            None => runs.push((hole, hole)),
        }
    }
    let text = |(first, last): &(usize, usize)| -> String {
        if first == last {
            holes.name(*first)
        } else {
            format!("{}–{}", holes.name(*first), holes.name(*last))
        }
    };
    if runs.len() > RUNS_SHOWN {
        let mut shown: Vec<String> = runs[..RUNS_SHOWN - 1].iter().map(text).collect();
        shown.push("…".to_owned());
        shown.push(text(&runs[runs.len() - 1]));
        shown.join(", ")
    } else {
        runs.iter().map(text).collect::<Vec<_>>().join(", ")
    }
}

/// One step of a move as a sentence. `lap` counts the laps told so far.
pub(crate) fn trace_line(holes: &Holes, step: &Step, lap: &mut usize, view: &View) -> String {
    match *step {
        Step::Lap {
            start,
            seeds,
            sown,
            end,
        } => {
            *lap += 1;
            let last = sown
                .last()
                .map_or_else(|| holes.name(start), |h| holes.name(*h as usize));
            let end_id = match end {
                LapEnd::Stop => "trace-stop",
                LapEnd::Relay => "trace-relay",
                LapEnd::Capture => "trace-capture",
                LapEnd::Loop => "trace-loop",
            };
            tr(
                view.locale,
                "trace-lap",
                &[
                    ("lap", (*lap).into()),
                    ("seeds", seeds.into()),
                    ("start", holes.name(start).into()),
                    ("path", sown_path(holes, sown).into()),
                    ("last", last.into()),
                    ("end", tr(view.locale, end_id, &[]).into()),
                ],
            )
        }
        Step::Stepped { from, to } => tr(
            view.locale,
            "trace-step",
            &[("from", holes.name(from).into()), ("to", holes.name(to).into())],
        ),
        Step::Capture { by, holes: taken } => {
            let seeds: u32 = taken.iter().map(|(_, n)| n).sum();
            let parts: Vec<String> = taken
                .iter()
                .map(|(h, n)| format!("{} ({n})", holes.name(*h as usize)))
                .collect();
            tr(
                view.locale,
                "trace-captured",
                &[
                    ("side", side_label(holes.kind, by, view).into()),
                    ("seeds", seeds.into()),
                    ("holes", parts.join(", ").into()),
                ],
            )
        }
        Step::Sweep { by, holes: swept } => {
            let seeds: u32 = swept.iter().map(|(_, n)| n).sum();
            tr(
                view.locale,
                "trace-swept",
                &[
                    ("side", side_label(holes.kind, by, view).into()),
                    ("seeds", seeds.into()),
                    ("holes", swept.len().into()),
                ],
            )
        }
        Step::Passed { side } => tr(
            view.locale,
            "trace-passed",
            &[("side", side_label(holes.kind, side, view).into())],
        ),
    }
}

/// The sowing trace of a move as sentences, one per step: each lap (where it started, how many
/// seeds, the holes sown, where it ended and why), a lone seed's step, each capture, the
/// end-of-game sweep, a pass.
pub fn sowing_trace(before: &AnyGame, events: &[Event], view: &View) -> Vec<String> {
    let holes = Holes::from_game(before);
    let mut lap = 0;
    steps(events)
        .iter()
        .map(|step| trace_line(&holes, step, &mut lap, view))
        .collect()
}
