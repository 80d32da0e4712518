//! The two-row boards (Mangala IV, En Gehé) as one continuous track. A board of up to
//! [`ONE_BAND_MAX`] holes per row is one plank: North's row on top, read from the right, and
//! South's row below, so that each column pairs a hole with its opposite (M-1, E-1). Wider
//! boards fold like a ribbon: the plank is cut into bands of equal width, and each band turns
//! back under the one before through a half-ring, so both rows run on without a break and the
//! columns still pair opposite holes. Every other band is thus upside down (South's row on top,
//! read from the right); the hole names printed by each pit keep the notation readable.

use super::chrome::BoardArt;
use super::marks::Shape;
use super::palette::{Metrics, INK, INK_SOFT, LANE_NORTH, LANE_SOUTH, WOOD_EDGE};
use super::pit::Pits;
use super::svg::{n, Anchor, Svg};
use crate::sowing::holes::Holes;
use crate::Locale;

/// Widest two-row board drawn as a single plank.
pub(crate) const ONE_BAND_MAX: usize = 12;
/// Most columns per band of a folded board.
const BAND_MAX: usize = 10;
/// Widest board drawn in full (En Gehé's traditional sizes go up to 50 holes a row); wider
/// ones show a window of [`WINDOW`] columns around the last move, as the text boards do.
pub(crate) const FULL_MAX: usize = 50;
pub(crate) const WINDOW: usize = 12;

/// The columns drawn, in South's numbering (column c pairs h_c with its opposite).
pub(crate) fn band_width(columns: usize) -> usize {
    if columns <= ONE_BAND_MAX {
        columns.max(1)
    } else {
        columns.div_ceil(columns.div_ceil(BAND_MAX))
    }
}

/// Draws `columns` (consecutive columns of South's numbering, left to right as drawn) of a
/// two-row board; `marks` are indexed by hole. Seen from North (`flip`), the board is turned
/// round: the columns come from the right, and North's row is at the bottom.
pub(crate) fn two_row(
    holes: &Holes,
    columns: &[usize],
    marks: &[Vec<Shape>],
    flip: bool,
    m: Metrics,
    locale: Locale,
) -> BoardArt {
    let n_holes = holes.columns;
    let cell = m.cell;
    let label = m.label * 1.6;
    let lane = cell + label;
    let plank = 2.0 * lane;
    let gap = m.pad;
    let width = band_width(columns.len());
    let bands: Vec<&[usize]> = columns.chunks(width).collect();
    // A fold is a half ring around the gap: its centre line has radius (plank + gap) / 2.
    let radius = (plank + gap) / 2.0;
    let reach = radius + plank / 2.0;
    // A window of a very wide board leaves room for an ellipsis where the board goes on.
    let (first_column, last_column) = if flip { (n_holes - 1, 0) } else { (0, n_holes - 1) };
    let more_left = columns.first().is_some_and(|c| *c != first_column);
    let more_right = columns.last().is_some_and(|c| *c != last_column);
    let ellipsis = |more: bool| if more { cell * 0.6 } else { 0.0 };
    let left = if bands.len() >= 3 { reach } else { m.pad * 0.5 } + ellipsis(more_left);
    let right = if bands.len() >= 2 { reach } else { m.pad * 0.5 } + ellipsis(more_right);
    let board_w = width as f32 * cell;
    let mut svg = Svg::new();
    // The two holes of a column, top first as drawn in an upright band: North's then South's
    // (the other way round when the board is seen from North).
    let pair = |column: usize| -> [usize; 2] {
        let (south, north) = (column, 2 * n_holes - 1 - column);
        if flip {
            [south, north]
        } else {
            [north, south]
        }
    };
    // A column's two holes as band b draws them, top first: upside-down bands swap them.
    let drawn = |b: usize, column: usize| -> [usize; 2] {
        let [upper, lower] = pair(column);
        if b.is_multiple_of(2) {
            [upper, lower]
        } else {
            [lower, upper]
        }
    };
    let lane_of = |hole: usize| if hole < n_holes { LANE_SOUTH } else { LANE_NORTH };
    let band_top = |b: usize| b as f32 * (plank + gap);
    // Where band b's i-th column (0 = its first) is drawn: upright bands run left to right,
    // upside-down ones right to left, so the track runs on through each fold.
    let x_of = |b: usize, i: usize| -> f32 {
        let slot = if b.is_multiple_of(2) { i } else { width - 1 - i };
        left + (slot as f32 + 0.5) * cell
    };
    // The folds first (outline, then the lanes), then the planks over their ends.
    let edge = (cell * 0.04).max(1.5);
    for pass in 0..2 {
        for (b, band) in bands.iter().enumerate().take(bands.len().saturating_sub(1)) {
            let on_right = b.is_multiple_of(2);
            let x = if on_right { left + board_w } else { left };
            let cy = band_top(b) + plank + gap / 2.0;
            let sweep = u8::from(on_right);
            let arc = |r: f32| {
                format!(
                    "M{} {}A{} {} 0 0 {sweep} {} {}",
                    n(x),
                    n(cy - r),
                    n(r),
                    n(r),
                    n(x),
                    n(cy + r)
                )
            };
            if pass == 0 {
                svg.path(
                    &arc(radius),
                    &format!(
                        r#"fill="none" stroke="{WOOD_EDGE}" stroke-width="{}""#,
                        n(plank + 2.0 * edge)
                    ),
                );
            } else {
                // The inner lane is the lower row of band b, the outer one its upper row.
                let [upper, lower] = drawn(b, band[0]);
                for (r, hole) in [(radius - plank / 4.0, lower), (radius + plank / 4.0, upper)] {
                    svg.path(
                        &arc(r),
                        &format!(
                            r#"fill="none" stroke="{}" stroke-width="{}""#,
                            lane_of(hole),
                            n(plank / 2.0 + 0.6)
                        ),
                    );
                }
                // Which way the seeds go round the fold: South's row runs on downwards,
                // North's upwards (counterclockwise as South sees the board).
                for (r, hole) in [(radius - plank / 4.0, lower), (radius + plank / 4.0, upper)] {
                    let tip_x = if on_right { x + r } else { x - r };
                    let down = (hole < n_holes) != flip;
                    let s = cell * 0.16;
                    let d = if down { s } else { -s };
                    svg.path(
                        &format!(
                            "M{} {}L{} {}L{} {}Z",
                            n(tip_x - s),
                            n(cy - d),
                            n(tip_x + s),
                            n(cy - d),
                            n(tip_x),
                            n(cy + d)
                        ),
                        &format!(r#"fill="{INK_SOFT}""#),
                    );
                }
            }
        }
        for (b, band) in bands.iter().enumerate() {
            let top = band_top(b);
            let x0 = x_of(b, 0).min(x_of(b, band.len() - 1)) - cell / 2.0;
            let w = band.len() as f32 * cell;
            if pass == 0 {
                svg.rect(
                    x0 - edge,
                    top - edge,
                    w + 2.0 * edge,
                    plank + 2.0 * edge,
                    &format!(r#"fill="{WOOD_EDGE}" rx="{}""#, n(edge * 3.0)),
                );
            } else {
                let [upper, lower] = drawn(b, band[0]);
                svg.rect(x0, top, w, lane, &format!(r#"fill="{}""#, lane_of(upper)));
                svg.rect(x0, top + lane, w, lane, &format!(r#"fill="{}""#, lane_of(lower)));
            }
        }
    }
    let mut pits = Pits::new(cell, locale);
    for (b, band) in bands.iter().enumerate() {
        let top = band_top(b);
        for (i, column) in band.iter().enumerate() {
            let x = x_of(b, i);
            let [upper, lower] = drawn(b, *column);
            let upper_y = top + label + cell / 2.0;
            let lower_y = top + lane + cell / 2.0;
            svg.text(
                x,
                top + label / 2.0,
                m.label,
                Anchor::Middle,
                false,
                INK_SOFT,
                &holes.name(upper),
            );
            svg.text(
                x,
                top + plank - label / 2.0,
                m.label,
                Anchor::Middle,
                false,
                INK_SOFT,
                &holes.name(lower),
            );
            pits.add(holes.name(upper), x, upper_y, holes.count(upper), &marks[upper]);
            pits.add(holes.name(lower), x, lower_y, holes.count(lower), &marks[lower]);
        }
    }
    pits.draw(&mut svg);
    let mid = plank / 2.0;
    if more_left {
        svg.text(left - cell * 0.1, mid, m.text, Anchor::End, true, INK, "…");
    }
    if more_right {
        svg.text(
            left + board_w + cell * 0.1,
            mid,
            m.text,
            Anchor::Start,
            true,
            INK,
            "…",
        );
    }
    BoardArt {
        svg,
        width: left + board_w + right,
        height: bands.len() as f32 * (plank + gap) - gap,
    }
}
