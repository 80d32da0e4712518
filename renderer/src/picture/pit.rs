//! Mancala pits: each one's count always written, its seeds drawn around the count while they
//! are few enough to count by eye, and the marks of the last move on it. A board's pits are
//! drawn together, layer by layer (all bodies as one path, all seeds as another): the
//! rasteriser's cost is mostly per shape, and a 2 × 40 board has hundreds of seeds.

use std::fmt::Write;

use super::marks::Shape;
use super::palette::{INK, PIT, PIT_RIM, SEED};
use super::svg::{n, Anchor, Svg};

/// Seeds drawn one by one up to this many; fuller pits show their number only.
pub(crate) const SEEDS_DRAWN: u32 = 9;

/// A circle as path data.
fn circle(d: &mut String, cx: f32, cy: f32, r: f32) {
    let _ = write!(
        d,
        "M{} {}a{} {} 0 1 0 {} 0a{} {} 0 1 0 -{} 0Z",
        n(cx - r),
        n(cy),
        n(r),
        n(r),
        n(2.0 * r),
        n(r),
        n(r),
        n(2.0 * r)
    );
}

/// The pits of a board, collected, then drawn in layers.
pub(crate) struct Pits {
    cell: f32,
    pits: Vec<(f32, f32, u32, Vec<Shape>)>,
}

impl Pits {
    pub(crate) fn new(cell: f32) -> Pits {
        Pits {
            cell,
            pits: Vec::new(),
        }
    }

    /// A pit centred on (`cx`, `cy`) holding `count` seeds, with its marks.
    pub(crate) fn add(&mut self, cx: f32, cy: f32, count: u32, marks: &[Shape]) {
        self.pits.push((cx, cy, count, marks.to_vec()));
    }

    pub(crate) fn draw(self, svg: &mut Svg) {
        let cell = self.cell;
        // Rims and bodies as two filled discs: filling is cheaper than stroking.
        let (rim, body) = (cell * 0.4225, cell * 0.3775);
        let mut rims = String::new();
        let mut bodies = String::new();
        let mut seeds = String::new();
        for (cx, cy, count, _) in &self.pits {
            circle(&mut rims, *cx, *cy, rim);
            circle(&mut bodies, *cx, *cy, body);
            if (1..=SEEDS_DRAWN).contains(count) {
                let ring = cell * 0.29;
                let step = std::f32::consts::TAU / (*count).max(6) as f32;
                for i in 0..*count {
                    let angle = step * i as f32 - std::f32::consts::FRAC_PI_2;
                    circle(
                        &mut seeds,
                        cx + ring * angle.cos(),
                        cy + ring * angle.sin(),
                        cell * 0.048,
                    );
                }
            }
        }
        svg.path(&rims, &format!(r#"fill="{PIT_RIM}""#));
        svg.path(&bodies, &format!(r#"fill="{PIT}""#));
        // The crosses go under the counts and seeds, so that they stay readable.
        for (cx, cy, _, marks) in &self.pits {
            if marks.contains(&Shape::Captured) {
                Shape::Captured.draw(svg, *cx, *cy, cell);
            }
        }
        if !seeds.is_empty() {
            svg.path(&seeds, &format!(r#"fill="{SEED}""#));
        }
        for (cx, cy, count, marks) in &self.pits {
            let digits = count.to_string();
            let size = cell
                * match digits.len() {
                    1 | 2 => 0.34,
                    3 => 0.28,
                    4 => 0.22,
                    _ => 0.18,
                };
            svg.text(*cx, *cy, size, Anchor::Middle, true, INK, &digits);
            for shape in marks.iter().filter(|s| **s != Shape::Captured) {
                shape.draw(svg, *cx, *cy, cell);
            }
        }
    }
}
