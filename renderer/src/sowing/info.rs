//! The lines around a board's grid: title, last move, captured seeds, per-row totals.

use lalao_core::{GameKind, Side};

use super::holes::Holes;
use super::steps::Step;
use crate::{side_label, tr, View};

/// What a mancala board says around its grid.
pub(crate) struct Info {
    /// The title, or a replay frame's caption.
    pub(crate) caption: String,
    pub(crate) last_move: Option<String>,
    pub(crate) captured: Option<String>,
    /// Per-row totals of boards too wide to draw in full.
    pub(crate) totals: Vec<String>,
    /// Whose turn or the result, or a replay frame's trace.
    pub(crate) status: String,
}

/// "North: 40 holes, 160 seeds" for boards too wide to list.
pub(crate) fn totals_line(holes: &Holes, view: &View, side: Side) -> String {
    let seeds: u32 = holes.side_holes(side).iter().map(|h| holes.count(*h)).sum();
    tr(
        view.locale,
        "mancala-row-totals",
        &[
            ("side", side_label(holes.kind, side, view).into()),
            ("holes", holes.side_holes(side).len().into()),
            ("seeds", seeds.into()),
        ],
    )
}

pub(crate) fn captured_line(holes: &Holes, view: &View) -> Option<String> {
    let captured = holes.captured?;
    Some(tr(
        view.locale,
        "mancala-captured",
        &[
            ("south", side_label(holes.kind, Side::SOUTH, view).into()),
            ("south-count", captured[0].into()),
            ("north", side_label(holes.kind, Side::NORTH, view).into()),
            ("north-count", captured[1].into()),
        ],
    ))
}

/// Hole names of a capture, at most a handful ("h1 h12", "a4 b4 … f4").
fn hole_names(holes: &Holes, taken: &[usize]) -> String {
    const SHOWN: usize = 8;
    let mut names: Vec<String> = Vec::new();
    for hole in taken {
        let name = holes.name(*hole);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.len() > SHOWN {
        let last = names.pop().unwrap_or_default();
        names.truncate(SHOWN - 1);
        names.push("…".to_owned());
        names.push(last);
    }
    names.join(" ")
}

/// "Last move: h3, 3 laps, captured 5 from h10" — and the end-of-game sweep, told as such.
/// `simple` (the large style) keeps only the move itself.
pub(crate) fn last_move_line(
    holes: &Holes,
    steps: &[Step],
    last_move: Option<&str>,
    view: &View,
    simple: bool,
) -> Option<String> {
    let mv = last_move?;
    let mut parts = vec![tr(view.locale, "last-move", &[("move", mv.into())])];
    if simple {
        return Some(parts.remove(0));
    }
    let laps = steps.iter().filter(|s| matches!(s, Step::Lap { .. })).count();
    if laps > 0 {
        parts.push(tr(view.locale, "mancala-laps", &[("laps", laps.into())]));
    }
    let mut taken = Vec::new();
    let mut seeds = 0u32;
    for step in steps {
        if let Step::Capture { holes: from, .. } = step {
            seeds += from.iter().map(|(_, n)| n).sum::<u32>();
            taken.extend(from.iter().map(|(hole, _)| *hole as usize));
        }
    }
    if seeds > 0 {
        parts.push(tr(
            view.locale,
            "mancala-captured-from",
            &[
                ("seeds", seeds.into()),
                ("from", hole_names(holes, &taken).into()),
            ],
        ));
    }
    for step in steps {
        if let Step::Sweep { by, holes: swept } = step {
            let seeds: u32 = swept.iter().map(|(_, n)| n).sum();
            parts.push(tr(
                view.locale,
                "mancala-swept",
                &[
                    ("side", side_label(holes.kind, *by, view).into()),
                    ("seeds", seeds.into()),
                ],
            ));
        }
    }
    Some(parts.join(", "))
}

pub(crate) fn title(holes: &Holes, view: &View) -> String {
    match holes.kind {
        GameKind::Katro => tr(view.locale, "katro-title", &[("columns", holes.columns.into())]),
        GameKind::Mangala => tr(view.locale, "mangala-title", &[]),
        _ => tr(view.locale, "engehe-title", &[("holes", holes.columns.into())]),
    }
}
