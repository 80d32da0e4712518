//! The replay of a move: a few small boards, one per lap or group of laps, each with its part of
//! the trace.

use std::ops::Range;

use lalao_core::{AnyGame, Event};

use super::holes::Holes;
use super::info::{captured_line, Info};
use super::render_holes;
use super::steps::{steps, Step};
use super::trace::trace_line;
use super::window::Extent;
use crate::{for_style, tr, Board, View};

/// Most frames a replay has: longer moves merge consecutive laps into one frame, so a
/// 175-lap move is still a handful of messages.
pub const REPLAY_MAX_FRAMES: usize = 8;

/// A frame tells at most this many steps; longer ones keep their first and last steps.
const FRAME_LINES: usize = 4;

/// Trace lines as one text: "Lap 1: …. Lap 2: … capture! South captures …."
fn as_sentences(lines: &[String]) -> String {
    let mut text = String::new();
    for line in lines {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(line);
        if !line.ends_with(['!', '.', '…', '?']) {
            text.push('.');
        }
    }
    text
}

/// Trace lines as one text of at most `max` sentences (`max` ≥ 3): longer ones keep their
/// first sentence and their last two, with how many were left out between.
pub(crate) fn told(lines: &[String], max: usize, view: &View) -> String {
    if lines.len() <= max {
        return as_sentences(lines);
    }
    let mut kept = vec![lines[0].clone()];
    kept.push(tr(
        view.locale,
        "replay-more",
        &[("count", (lines.len() - 3).into())],
    ));
    kept.extend(lines[lines.len() - 2..].iter().cloned());
    as_sentences(&kept)
}

/// A replay frame's caption: "Lap 3", "Laps 4 to 9", "The lone seed steps", "Pass", "End of
/// the game"; `laps_before` laps were shown by the frames before.
pub(crate) fn caption(frame_steps: &[Step], laps_before: usize, view: &View) -> String {
    let laps = frame_steps
        .iter()
        .filter(|s| matches!(s, Step::Lap { .. }))
        .count();
    match laps {
        0 if frame_steps.iter().any(|s| matches!(s, Step::Stepped { .. })) => {
            tr(view.locale, "replay-step-move", &[])
        }
        0 if frame_steps.iter().any(|s| matches!(s, Step::Passed { .. })) => {
            tr(view.locale, "replay-pass", &[])
        }
        0 => tr(view.locale, "replay-end", &[]),
        1 => tr(view.locale, "replay-lap", &[("lap", (laps_before + 1).into())]),
        _ => tr(
            view.locale,
            "replay-laps",
            &[
                ("first", (laps_before + 1).into()),
                ("last", (laps_before + laps).into()),
            ],
        ),
    }
}

/// The units of a move's steps: a lap (or a lone seed's step, or a pass) with the captures
/// right after it; the end-of-game sweeps join the unit before them.
pub(crate) fn units(steps: &[Step]) -> Vec<Range<usize>> {
    let mut units: Vec<Range<usize>> = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        match units.last_mut() {
            Some(unit) if !step.starts_unit() => unit.end = index + 1,
            _ => units.push(index..index + 1),
        }
    }
    units
}

/// The units grouped into at most `max_frames` frames of consecutive units (long moves merge
/// laps), so the text replay and the animated picture step through a move the same way.
pub(crate) fn frame_groups(steps: &[Step], max_frames: usize) -> Vec<Vec<Range<usize>>> {
    let units = units(steps);
    let per_frame = units.len().div_ceil(max_frames.max(1)).max(1);
    units.chunks(per_frame).map(<[_]>::to_vec).collect()
}

/// The move replayed step by step: one small board after each lap and its captures (wide
/// boards show a window around the lap), for posting as a replay for children. At most
/// [`REPLAY_MAX_FRAMES`] frames: longer moves merge consecutive laps. The last frame shows
/// the position after the move.
pub fn sowing_replay(before: &AnyGame, events: &[Event], view: &View) -> Vec<Board> {
    let mut holes = Holes::from_game(before);
    let steps = steps(events);
    let mut lap = 0;
    let lines: Vec<String> = steps
        .iter()
        .map(|step| trace_line(&holes, step, &mut lap, view))
        .collect();
    let mut frames = Vec::new();
    let mut laps_before = 0;
    for group in frame_groups(&steps, REPLAY_MAX_FRAMES) {
        let range = group[0].start..group[group.len() - 1].end;
        let frame_steps = &steps[range.clone()];
        for step in frame_steps {
            holes.apply(step);
        }
        let laps = frame_steps
            .iter()
            .filter(|s| matches!(s, Step::Lap { .. }))
            .count();
        let caption = caption(frame_steps, laps_before, view);
        laps_before += laps;
        let text = told(&lines[range.clone()], FRAME_LINES, view);
        // Marks and window: the frame's last lap or step, where the eye should be.
        let last_unit = &steps[group[group.len() - 1].clone()];
        let centre = last_unit.iter().rev().find_map(|step| match *step {
            Step::Lap { start, sown, .. } => Some(sown.last().map_or(start, |h| *h as usize)),
            Step::Stepped { to, .. } => Some(to),
            _ => None,
        });
        let info = Info {
            caption,
            last_move: None,
            captured: captured_line(&holes, view),
            totals: Vec::new(),
            status: text,
        };
        let extent = Extent::Frame {
            centre: centre.map_or(0, |hole| holes.column_of(hole)),
        };
        let frame = render_holes(&holes, last_unit, None, view, info, extent);
        frames.push(for_style(frame, view.style));
    }
    frames
}
