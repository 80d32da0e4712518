//! Katro's board: six rows of pits, North's three rows above South's, a gap between the two
//! camps, column letters above and below and row numbers on both sides (K-1, G-5), turned
//! round when North looks at it.

use super::chrome::BoardArt;
use super::marks::Shape;
use super::palette::{Metrics, INK_SOFT, LANE_NORTH, LANE_SOUTH, WOOD_EDGE};
use super::pit::Pits;
use super::svg::{n, Anchor, Svg};
use crate::sowing::holes::{column_letter, Holes};
use crate::Locale;

pub(crate) fn katro(holes: &Holes, marks: &[Vec<Shape>], flip: bool, m: Metrics, locale: Locale) -> BoardArt {
    let c = holes.columns;
    let cell = m.cell;
    let side = m.label * 2.2;
    let top = m.label * 2.0;
    let gap = m.pad * 0.7;
    let edge = (cell * 0.04).max(1.5);
    let camp = 3.0 * cell;
    let mut svg = Svg::new();
    // Drawn from the top: rows 6 to 1 and columns a… for South, the other way round for North.
    let rows: Vec<usize> = if flip {
        (0..6).collect()
    } else {
        (0..6).rev().collect()
    };
    let columns: Vec<usize> = if flip {
        (0..c).rev().collect()
    } else {
        (0..c).collect()
    };
    let y_of = |i: usize| top + i as f32 * cell + if i >= 3 { gap } else { 0.0 } + cell / 2.0;
    let x_of = |j: usize| side + j as f32 * cell + cell / 2.0;
    let width = c as f32 * cell;
    for (k, upper) in [(0usize, rows[0] >= 3), (3, rows[3] >= 3)] {
        let y = y_of(k) - cell / 2.0;
        let tint = if upper { LANE_NORTH } else { LANE_SOUTH };
        svg.rect(
            side - edge,
            y - edge,
            width + 2.0 * edge,
            camp + 2.0 * edge,
            &format!(
                r#"fill="{tint}" stroke="{WOOD_EDGE}" stroke-width="{}" rx="{}""#,
                n(edge * 2.0),
                n(edge * 3.0)
            ),
        );
    }
    for (j, column) in columns.iter().enumerate() {
        let letter = column_letter(*column).to_string();
        svg.text(
            x_of(j),
            top / 2.0,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &letter,
        );
        let bottom = y_of(5) + cell / 2.0 + top / 2.0;
        svg.text(
            x_of(j),
            bottom,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &letter,
        );
    }
    let mut pits = Pits::new(cell, locale);
    for (i, row) in rows.iter().enumerate() {
        let y = y_of(i);
        let number = (row + 1).to_string();
        svg.text(
            side / 2.0,
            y,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &number,
        );
        svg.text(
            side * 1.5 + width,
            y,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &number,
        );
        for (j, column) in columns.iter().enumerate() {
            let hole = row * c + column;
            pits.add(holes.name(hole), x_of(j), y, holes.count(hole), &marks[hole]);
        }
    }
    pits.draw(&mut svg);
    BoardArt {
        svg,
        width: width + 2.0 * side,
        height: y_of(5) + cell / 2.0 + top,
    }
}
