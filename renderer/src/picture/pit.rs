//! One mancala pit: its count always written, its seeds drawn around the count while they are
//! few enough to count by eye, and the marks of the last move on it.

use super::marks::Shape;
use super::palette::{INK, PIT, PIT_RIM, SEED};
use super::svg::{n, Anchor, Svg};

/// Seeds drawn one by one up to this many; fuller pits show their number only.
pub(crate) const SEEDS_DRAWN: u32 = 9;

/// Draws a pit of a cell of side `cell` centred on (`cx`, `cy`), with its marks.
pub(crate) fn pit(svg: &mut Svg, cx: f32, cy: f32, cell: f32, count: u32, marks: &[Shape]) {
    svg.circle(
        cx,
        cy,
        cell * 0.4,
        &format!(
            r#"fill="{PIT}" stroke="{PIT_RIM}" stroke-width="{}""#,
            n(cell * 0.045)
        ),
    );
    // The cross goes under the count, so that the number stays readable.
    for shape in marks.iter().filter(|s| **s == Shape::Captured) {
        shape.draw(svg, cx, cy, cell);
    }
    if (1..=SEEDS_DRAWN).contains(&count) {
        let ring = cell * 0.29;
        let r = cell * 0.048;
        let step = std::f32::consts::TAU / count.max(6) as f32;
        for i in 0..count {
            let angle = step * i as f32 - std::f32::consts::FRAC_PI_2;
            svg.circle(
                cx + ring * angle.cos(),
                cy + ring * angle.sin(),
                r,
                &format!(r#"fill="{SEED}""#),
            );
        }
    }
    let digits = count.to_string();
    let size = cell
        * match digits.len() {
            1 | 2 => 0.34,
            3 => 0.28,
            4 => 0.22,
            _ => 0.18,
        };
    svg.text(cx, cy, size, Anchor::Middle, true, INK, &digits);
    for shape in marks.iter().filter(|s| **s != Shape::Captured) {
        shape.draw(svg, cx, cy, cell);
    }
}
