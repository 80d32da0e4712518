//! Mancala pits: each one's count always written, its seeds drawn around the count while they
//! are few enough to count by eye, and the marks of the last move on it. A pit with its seeds
//! is a stamp, the same for every pit of that count: a 2 × 40 board has hundreds of seeds, and
//! the rasteriser draws each stamp once.

use std::fmt::Write;
use std::sync::Arc;

use super::marks::Shape;
use super::palette::{INK, PIT, PIT_RIM, SEED};
use super::svg::{n, Anchor, Stamp, Svg};
use crate::{tr, Locale};

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
    locale: Locale,
    pits: Vec<(f32, f32, u32, Vec<Shape>)>,
    names: Vec<String>,
}

impl Pits {
    /// Pits in cells of side `cell`, their tap targets labelled in `locale`.
    pub(crate) fn new(cell: f32, locale: Locale) -> Pits {
        Pits {
            cell,
            locale,
            pits: Vec::new(),
            names: Vec::new(),
        }
    }

    /// The pit `name` centred on (`cx`, `cy`) holding `count` seeds, with its marks.
    pub(crate) fn add(&mut self, name: String, cx: f32, cy: f32, count: u32, marks: &[Shape]) {
        self.pits.push((cx, cy, count, marks.to_vec()));
        self.names.push(name);
    }

    pub(crate) fn draw(self, svg: &mut Svg) {
        let cell = self.cell;
        // Rims and bodies as two filled discs: filling is cheaper than stroking.
        let (rim, body) = (cell * 0.4225, cell * 0.3775);
        let seeds_of = |d: &mut String, cx: f32, cy: f32, count: u32| {
            if (1..=SEEDS_DRAWN).contains(&count) {
                let ring = cell * 0.29;
                let step = std::f32::consts::TAU / count.max(6) as f32;
                for i in 0..count {
                    let angle = step * i as f32 - std::f32::consts::FRAC_PI_2;
                    circle(d, cx + ring * angle.cos(), cy + ring * angle.sin(), cell * 0.048);
                }
            }
        };
        // A pit and its seeds is one stamp per count, drawn once and copied; a captured pit's
        // stamp has no seeds: its cross goes between the body and the seeds.
        let mut stamps: [Option<Arc<str>>; SEEDS_DRAWN as usize + 1] = Default::default();
        let mut stamp_of = |count: u32| -> Arc<str> {
            let count = if count > SEEDS_DRAWN { 0 } else { count };
            stamps[count as usize]
                .get_or_insert_with(|| {
                    let (mut rims, mut bodies, mut seeds) = (String::new(), String::new(), String::new());
                    circle(&mut rims, 0.0, 0.0, rim);
                    circle(&mut bodies, 0.0, 0.0, body);
                    seeds_of(&mut seeds, 0.0, 0.0, count);
                    let mut fragment =
                        format!(r#"<path d="{rims}" fill="{PIT_RIM}"/><path d="{bodies}" fill="{PIT}"/>"#);
                    if !seeds.is_empty() {
                        let _ = write!(fragment, r#"<path d="{seeds}" fill="{SEED}"/>"#);
                    }
                    fragment.into()
                })
                .clone()
        };
        let mut top = Svg::new();
        for ((cx, cy, count, _), name) in self.pits.iter().zip(self.names) {
            let label = tr(
                self.locale,
                "picture-target-pit",
                &[("hole", name.clone().into()), ("count", (*count).into())],
            );
            top.target(*cx, *cy, cell, name, label);
        }
        let mut captured_seeds = String::new();
        for (cx, cy, count, marks) in &self.pits {
            let captured = marks.contains(&Shape::Captured);
            svg.stamp(Stamp {
                x: *cx,
                y: *cy,
                fragment: stamp_of(if captured { 0 } else { *count }),
                reach: rim,
            });
            if captured {
                // The cross goes under the seeds and the count, so that they stay readable.
                Shape::Captured.draw(&mut top, *cx, *cy, cell);
                seeds_of(&mut captured_seeds, *cx, *cy, *count);
            }
        }
        if !captured_seeds.is_empty() {
            top.path(&captured_seeds, &format!(r#"fill="{SEED}""#));
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
            top.text(*cx, *cy, size, Anchor::Middle, true, INK, &digits);
            for shape in marks.iter().filter(|s| **s != Shape::Captured) {
                shape.draw(&mut top, *cx, *cy, cell);
            }
        }
        svg.over(top);
    }
}
