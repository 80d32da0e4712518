//! The Matrix HTML table of a mancala board.

use lalao_core::Side;

use super::holes::{column_letter, side_letter, Holes};
use super::marks::Marks;
use super::window::{move_window, window_around, Extent, FULL_BOARD_MAX, TWO_ROW_BLOCK, TWO_ROW_ONE_BLOCK};
use crate::{escape_html, html_cell, View};

pub(super) fn html_table(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    let cell = |hole: usize| {
        html_cell(
            &holes.count(hole).to_string(),
            marks.at(hole).map(|mark| mark.html()),
        )
    };
    let header = |labels: Vec<String>| -> String {
        let cells: String = labels
            .iter()
            .map(|l| format!("<th>{}</th>", escape_html(l)))
            .collect();
        format!("<tr><th></th>{cells}<th></th></tr>")
    };
    let row = |label: &str, row: Vec<usize>| -> String {
        let label = escape_html(label);
        format!(
            "<tr><th>{label}</th>{}<th>{label}</th></tr>",
            row.into_iter().map(cell).collect::<String>()
        )
    };
    let mut out = String::from("<table>");
    if holes.is_katro() {
        let c = holes.columns;
        let letters = || (0..c).map(|i| column_letter(i).to_string()).collect();
        out.push_str(&header(letters()));
        for r in (0..6).rev() {
            out.push_str(&row(
                &(r + 1).to_string(),
                (0..c).map(|col| r * c + col).collect(),
            ));
            if r == 3 {
                // The line between North's half (rows 4 to 6) and South's (rows 1 to 3), as in
                // the text grid. Matrix's safe list has no `colspan`, so one dash per column.
                let dashes: String = (0..c).map(|_| "<td>—</td>").collect();
                out.push_str(&format!("<tr><th></th>{dashes}<th></th></tr>"));
            }
        }
        out.push_str(&header(letters()));
    } else {
        let n = holes.columns;
        let (first, last) = match extent {
            Extent::Board if n > FULL_BOARD_MAX => move_window(holes, marks, TWO_ROW_BLOCK),
            Extent::Board => (0, n),
            Extent::Frame { centre } if n > TWO_ROW_ONE_BLOCK => window_around(n, centre, TWO_ROW_BLOCK),
            Extent::Frame { .. } => (0, n),
        };
        let north: Vec<usize> = (first..last).map(|c| 2 * n - 1 - c).collect();
        let south: Vec<usize> = (first..last).collect();
        out.push_str(&header(north.iter().map(|h| holes.name(*h)).collect()));
        out.push_str(&row(&side_letter(view, Side::NORTH), north));
        out.push_str(&row(&side_letter(view, Side::SOUTH), south.clone()));
        out.push_str(&header(south.iter().map(|h| holes.name(*h)).collect()));
    }
    out.push_str("</table>");
    out
}
