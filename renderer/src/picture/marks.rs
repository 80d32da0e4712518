//! The shapes that mark the last move, the same on every board and in the legend: a ring where
//! a move started, a square where a piece or a lone seed arrived, a numbered disc where a later
//! lap started, a cross where something was captured. Colour tells them apart too, but never
//! alone.

use super::palette::{MARK_CAPTURE, MARK_MOVE, PIECE_BLACK, PIECE_WHITE};
use super::svg::{n, Anchor, Svg};
use lalao_core::Side;

/// A mark's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Where the last move started: a dashed blue ring.
    From,
    /// Where the last move arrived: a solid blue square frame.
    To,
    /// Where a lap after the first started (mancalas): a blue disc with the lap's number.
    Lap(usize),
    /// Where pieces or seeds were captured: a vermillion cross.
    Captured,
}

impl Shape {
    /// Draws the mark as the key shows it: a lap's disc centred, not in a corner.
    pub(crate) fn icon(self, svg: &mut Svg, cx: f32, cy: f32, size: f32) {
        match self {
            Shape::Lap(lap) => badge(svg, cx, cy, size * 0.4, lap),
            _ => self.draw(svg, cx, cy, size),
        }
    }

    /// Draws the mark around a cell of side `size` centred on (`cx`, `cy`).
    pub(crate) fn draw(self, svg: &mut Svg, cx: f32, cy: f32, size: f32) {
        let half = size / 2.0;
        let stroke = (size * 0.09).max(2.5);
        match self {
            Shape::From => svg.circle(
                cx,
                cy,
                half - stroke / 2.0,
                &format!(
                    r#"fill="none" stroke="{MARK_MOVE}" stroke-width="{}" stroke-dasharray="{} {}""#,
                    n(stroke),
                    n(stroke * 1.6),
                    n(stroke * 0.9)
                ),
            ),
            Shape::To => {
                let inset = stroke / 2.0 + 1.0;
                svg.rect(
                    cx - half + inset,
                    cy - half + inset,
                    size - 2.0 * inset,
                    size - 2.0 * inset,
                    &format!(r#"fill="none" stroke="{MARK_MOVE}" stroke-width="{}""#, n(stroke)),
                );
            }
            Shape::Lap(lap) => {
                let r = size * 0.2;
                badge(svg, cx + half - r, cy - half + r, r, lap);
            }
            Shape::Captured => {
                let arm = half * 0.72;
                let attrs = format!(
                    r#"stroke="{MARK_CAPTURE}" stroke-width="{}" stroke-linecap="round""#,
                    n(stroke * 1.2)
                );
                svg.line(cx - arm, cy - arm, cx + arm, cy + arm, &attrs);
                svg.line(cx - arm, cy + arm, cx + arm, cy - arm, &attrs);
            }
        }
    }
}

/// A lap's number on a blue disc of radius `r`.
fn badge(svg: &mut Svg, x: f32, y: f32, r: f32, lap: usize) {
    svg.circle(
        x,
        y,
        r,
        &format!(r#"fill="{MARK_MOVE}" stroke="{PIECE_WHITE}" stroke-width="1""#),
    );
    let label = if lap > 99 { "+".to_owned() } else { lap.to_string() };
    let font = if label.len() > 1 { r * 1.05 } else { r * 1.3 };
    svg.text(x, y, font, Anchor::Middle, true, PIECE_WHITE, &label);
}

/// A small piece or pawn disc: for the players' lines, hands and the fano and Samantsy boards.
pub(crate) fn piece_disc(svg: &mut Svg, cx: f32, cy: f32, r: f32, side: Side) {
    let (fill, rim) = match side {
        Side::First => (PIECE_WHITE, PIECE_BLACK),
        Side::Second => (PIECE_BLACK, PIECE_BLACK),
    };
    svg.circle(
        cx,
        cy,
        r,
        &format!(
            r#"fill="{fill}" stroke="{rim}" stroke-width="{}""#,
            n((r * 0.12).max(1.2))
        ),
    );
}

/// A piece with its letter: a disc of radius `r` in the side's colour, the letter in the other
/// colour at `size`, bold.
pub(crate) fn lettered_piece(svg: &mut Svg, cx: f32, cy: f32, r: f32, side: Side, letter: &str, size: f32) {
    piece_disc(svg, cx, cy, r, side);
    let ink = if side == Side::WHITE {
        PIECE_BLACK
    } else {
        PIECE_WHITE
    };
    svg.text(cx, cy, size, Anchor::Middle, true, ink, letter);
}
