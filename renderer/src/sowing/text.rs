//! The monospace text grids (inside a code block): two rows facing each other, or Katro's six.

use lalao_core::Side;

use super::holes::{column_letter, side_letter, Holes};
use super::marks::{Mark, Marks};
use super::window::{move_window, window_around, Extent, FULL_BOARD_MAX, TWO_ROW_BLOCK, TWO_ROW_ONE_BLOCK};
use crate::View;

fn digits(count: u32) -> usize {
    count.to_string().len()
}

/// Two-row board as South sees it: North's row reversed on top, so each column pairs a South
/// hole with its opposite (M-1, E-1), hole names above and below, side letters at both ends.
/// Each column is as wide as its widest name or count. Wide boards wrap into blocks of
/// [`TWO_ROW_BLOCK`] columns.
fn two_row_text(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    let n = holes.columns;
    let columns: Vec<usize> = match extent {
        Extent::Board if n > FULL_BOARD_MAX => {
            let (first, last) = move_window(holes, marks, TWO_ROW_BLOCK);
            (first..last).collect()
        }
        Extent::Board => (0..n).collect(),
        Extent::Frame { centre } => {
            let width = if n > TWO_ROW_ONE_BLOCK { TWO_ROW_BLOCK } else { n };
            let (first, last) = window_around(n, centre, width);
            (first..last).collect()
        }
    };
    let block = if columns.len() > TWO_ROW_ONE_BLOCK {
        TWO_ROW_BLOCK
    } else {
        columns.len().max(1)
    };
    let letters = [side_letter(view, Side::NORTH), side_letter(view, Side::SOUTH)];
    let margin = letters.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for chunk in columns.chunks(block) {
        let pairs: Vec<(usize, usize)> = chunk.iter().map(|c| (2 * n - 1 - c, *c)).collect();
        let widths: Vec<usize> = pairs
            .iter()
            .map(|(north, south)| {
                let names = holes.name(*north).len().max(holes.name(*south).len());
                let counts = digits(holes.count(*north)).max(digits(holes.count(*south)));
                names.max(counts) + 1
            })
            .collect();
        let labels = |row: Vec<usize>| -> String {
            let names: String = row
                .iter()
                .zip(&widths)
                .map(|(hole, width)| format!("{:>width$} ", holes.name(*hole)))
                .collect();
            format!("{}{}\n", " ".repeat(margin + 2), names.trim_end())
        };
        let cells = |row: Vec<usize>, letter: &str| -> String {
            let cells: String = row
                .iter()
                .zip(&widths)
                .map(|(hole, width)| {
                    let mark = marks.at(*hole).map_or(' ', Mark::text);
                    format!("{:>width$}{mark}", holes.count(*hole))
                })
                .collect();
            format!(" {letter:<margin$} {cells} {letter}\n")
        };
        let north: Vec<usize> = pairs.iter().map(|(north, _)| *north).collect();
        let south: Vec<usize> = pairs.iter().map(|(_, south)| *south).collect();
        out.push_str(&labels(north.clone()));
        out.push_str(&cells(north, &letters[0]));
        out.push_str(&cells(south.clone(), &letters[1]));
        out.push_str(&labels(south));
    }
    out
}

/// Widest Katro text line before its columns lose their leading space (the mark slot after
/// each count still separates them), so that 26 columns of hundreds of seeds fit a message.
const KATRO_LINE_MAX: usize = 110;

/// Katro: row 6 (North outer) on top down to row 1 (South outer), a rule between the camps,
/// column letters above and below, row numbers at both ends.
fn katro_text(holes: &Holes, marks: &Marks) -> String {
    let c = holes.columns;
    let mut widths: Vec<usize> = (0..c)
        .map(|col| {
            (0..6)
                .map(|row| digits(holes.count(row * c + col)))
                .max()
                .unwrap_or(1)
                + 1
        })
        .collect();
    if widths.iter().map(|w| w + 1).sum::<usize>() > KATRO_LINE_MAX {
        widths.iter_mut().for_each(|w| *w -= 1);
    }
    let letters: String = widths
        .iter()
        .enumerate()
        .map(|(col, width)| format!("{:>width$} ", column_letter(col)))
        .collect();
    let letters = format!("   {}\n", letters.trim_end());
    let mut out = letters.clone();
    for row in (0..6).rev() {
        let cells: String = widths
            .iter()
            .enumerate()
            .map(|(col, width)| {
                let hole = row * c + col;
                let mark = marks.at(hole).map_or(' ', Mark::text);
                format!("{:>width$}{mark}", holes.count(hole))
            })
            .collect();
        out.push_str(&format!(" {} {cells} {}\n", row + 1, row + 1));
        if row == 3 {
            let total: usize = widths.iter().map(|w| w + 1).sum();
            out.push_str(&format!("   {}\n", "-".repeat(total)));
        }
    }
    out.push_str(&letters);
    out
}

pub(super) fn text_grid(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    if holes.is_katro() {
        katro_text(holes, marks)
    } else {
        two_row_text(holes, marks, view, extent)
    }
}
