//! The emoji grids (outside code blocks): keycap counts, marker rows, and the notes that name
//! a windowed board's holes.

use lalao_core::Side;

use super::holes::{side_letter, Holes};
use super::marks::{Mark, Marks};
use super::window::{move_window, window_around, Extent, EMOJI_FULL_MAX, EMOJI_WINDOW, FULL_BOARD_MAX};
use crate::{side_label, tr, View};

const KEYCAPS: [&str; 11] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];

/// A hole as an emoji: keycaps up to 10, circled numbers up to 50, plain digits beyond (as
/// short as can be: dense Katro boards have 156 holes of hundreds of seeds).
fn emoji_count(count: u32) -> String {
    match count {
        0..=10 => KEYCAPS[count as usize].to_owned(),
        11..=20 => char::from_u32(0x2460 + count - 1)
            .map(String::from)
            .unwrap_or_default(),
        21..=35 => char::from_u32(0x3251 + count - 21)
            .map(String::from)
            .unwrap_or_default(),
        36..=50 => char::from_u32(0x32B1 + count - 36)
            .map(String::from)
            .unwrap_or_default(),
        _ => count.to_string(),
    }
}

/// Filler of a marker row under the holes that carry no mark.
const NO_MARK: &str = "▫️";

/// Regional indicator letters 🇦…🇿 name Katro's columns in emoji grids (separated by spaces,
/// so that two of them never join into a flag).
fn emoji_letter(column: usize) -> String {
    char::from_u32(0x1F1E6 + (column % 26) as u32)
        .map(String::from)
        .unwrap_or_default()
}

/// One emoji grid line: a short label in a code span, then the cells.
fn emoji_line(heading: &str, label: &str, cells: &[String]) -> String {
    format!("{heading}`{label}` {}\n", cells.join(" "))
}

/// A marker row under (or over) `row` when one of its holes is marked, else nothing.
fn marker_line(heading: &str, label_width: usize, row: &[usize], marks: &Marks) -> String {
    if row.iter().all(|hole| marks.at(*hole).is_none()) {
        return String::new();
    }
    let cells: Vec<String> = row
        .iter()
        .map(|hole| marks.at(*hole).map_or(NO_MARK, Mark::emoji).to_owned())
        .collect();
    emoji_line(heading, &" ".repeat(label_width), &cells)
}

/// The emoji grid. Two-row boards wider than a phone show a window around the last move,
/// captioned with both rows' hole ranges, then every hole of both rows in the grid's own
/// order (North reversed on top), labelled at both ends — or per-row totals beyond
/// [`FULL_BOARD_MAX`]. Katro gets its column letters on top and row numbers on the left.
pub(super) fn emoji_grid(
    holes: &Holes,
    marks: &Marks,
    view: &View,
    heading: &str,
    extent: Extent,
) -> Vec<String> {
    let mut out = String::new();
    let mut notes = Vec::new();
    if holes.is_katro() {
        let c = holes.columns;
        let letters: Vec<String> = (0..c).map(emoji_letter).collect();
        out.push_str(&emoji_line(heading, " ", &letters));
        for row in (0..6).rev() {
            let row_holes: Vec<usize> = (0..c).map(|col| row * c + col).collect();
            let cells: Vec<String> = row_holes.iter().map(|h| emoji_count(holes.count(*h))).collect();
            out.push_str(&emoji_line(heading, &(row + 1).to_string(), &cells));
            out.push_str(&marker_line(heading, 1, &row_holes, marks));
            if row == 3 {
                out.push_str(&emoji_line(heading, " ", &vec!["➖".to_owned(); c]));
            }
        }
        return vec![out];
    }
    let n = holes.columns;
    let windowed = n > EMOJI_FULL_MAX;
    let (first, last) = match extent {
        _ if !windowed => (0, n),
        Extent::Board => move_window(holes, marks, EMOJI_WINDOW),
        Extent::Frame { centre } => window_around(n, centre, EMOJI_WINDOW),
    };
    let north: Vec<usize> = (first..last).map(|c| 2 * n - 1 - c).collect();
    let south: Vec<usize> = (first..last).collect();
    let letters = [side_letter(view, Side::NORTH), side_letter(view, Side::SOUTH)];
    let width = letters.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let cells = |row: &[usize]| -> Vec<String> { row.iter().map(|h| emoji_count(holes.count(*h))).collect() };
    out.push_str(&marker_line(heading, width, &north, marks));
    out.push_str(&emoji_line(heading, &letters[0], &cells(&north)));
    out.push_str(&emoji_line(heading, &letters[1], &cells(&south)));
    out.push_str(&marker_line(heading, width, &south, marks));
    let id = if windowed && extent == Extent::Board {
        "emoji-rows-window"
    } else {
        "emoji-rows"
    };
    notes.push(tr(
        view.locale,
        id,
        &[
            ("north", side_label(holes.kind, Side::NORTH, view).into()),
            ("north-first", holes.name(north[0]).into()),
            ("north-last", holes.name(north[north.len() - 1]).into()),
            ("south", side_label(holes.kind, Side::SOUTH, view).into()),
            ("south-first", holes.name(south[0]).into()),
            ("south-last", holes.name(south[south.len() - 1]).into()),
        ],
    ));
    // Boards wider than FULL_BOARD_MAX carry their per-row totals in the info lines instead.
    if windowed && extent == Extent::Board && n <= FULL_BOARD_MAX {
        notes.push(tr(view.locale, "emoji-every-hole", &[]));
        {
            // Every hole, in the grid's order: North's row from h(2N-1) down, then South's.
            for (side, row) in [
                (Side::NORTH, (n..2 * n).rev().collect::<Vec<usize>>()),
                (Side::SOUTH, (0..n).collect()),
            ] {
                let counts: Vec<String> = row.iter().map(|h| holes.count(*h).to_string()).collect();
                notes.push(format!(
                    "`{} {}` {} `{}`",
                    side_letter(view, side),
                    holes.name(row[0]),
                    counts.join(" "),
                    holes.name(row[row.len() - 1])
                ));
            }
        }
    }
    let mut lines = vec![out];
    lines.extend(notes);
    lines
}
