//! The screen-reader description of the rows: each hole on small boards, a summary on big ones.

use lalao_core::Side;

use super::holes::Holes;
use crate::{side_label, tr, View};

/// The screen-reader description lists each hole of a side up to this many holes, and
/// summarises bigger sides.
const READER_LIST_MAX: usize = 24;

/// A side's holes for the description: each hole and its count on small boards, a summary
/// (holes, seeds, empty holes, the fullest hole) on big ones.
fn reader_holes(holes: &Holes, view: &View, side: Side) -> String {
    let own = holes.side_holes(side);
    if own.len() <= READER_LIST_MAX {
        let entries: Vec<String> = own
            .iter()
            .map(|h| format!("{} {}", holes.name(*h), holes.count(*h)))
            .collect();
        return entries.join(", ");
    }
    let seeds: u32 = own.iter().map(|h| holes.count(*h)).sum();
    let empty = own.iter().filter(|h| holes.count(**h) == 0).count();
    let fullest = own
        .iter()
        .copied()
        .max_by_key(|h| (holes.count(*h), std::cmp::Reverse(*h)))
        .unwrap_or(0);
    tr(
        view.locale,
        "reader-row-summary",
        &[
            ("holes", own.len().into()),
            ("seeds", seeds.into()),
            ("empty", empty.into()),
            ("fullest", holes.name(fullest).into()),
            ("most", holes.count(fullest).into()),
        ],
    )
}

/// The viewer-relative rows: "Your row: …", "Opponent's row: …"; a spectator gets each side's.
pub(super) fn reader_rows(holes: &Holes, view: &View) -> Vec<String> {
    let rows = if holes.is_katro() { 3u32 } else { 1 };
    match view.viewer {
        Some(me) => vec![
            tr(
                view.locale,
                "reader-your-rows",
                &[
                    ("rows", rows.into()),
                    ("holes", reader_holes(holes, view, me).into()),
                ],
            ),
            tr(
                view.locale,
                "reader-their-rows",
                &[
                    ("rows", rows.into()),
                    ("holes", reader_holes(holes, view, me.opponent()).into()),
                ],
            ),
        ],
        None => Side::BOTH
            .map(|side| {
                tr(
                    view.locale,
                    "mancala-row",
                    &[
                        ("side", side_label(holes.kind, side, view).into()),
                        ("holes", reader_holes(holes, view, side).into()),
                    ],
                )
            })
            .to_vec(),
    }
}
