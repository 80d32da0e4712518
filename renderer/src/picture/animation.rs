//! The animated sowing replay of a mancala move: one frame per sown seed for short moves, one
//! per lap (or group of laps, as the text replay groups them) for long ones, within a frame
//! and a byte budget.

use std::ops::Range;

use lalao_core::{AnyGame, Event, GameKind};

use super::apng::encode;
use super::mancala::frame_svg;
use super::palette::PictureSize;
use super::raster::{rasterise, Raster};
use super::svg::cut_name;
use crate::sowing::holes::Holes;
use crate::sowing::replay::{caption, frame_groups, told, units};
use crate::sowing::steps::{steps, Step};
use crate::sowing::trace::trace_line;
use crate::{tr, View};

/// An animated PNG (APNG) of a move, looping; its first frame is the position before the move
/// (what viewers without animation see) and its last the position after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub frames: u32,
    /// The move told in a few sentences, for screen readers.
    pub alt: String,
}

/// Most frames an animation has.
pub const ANIMATION_MAX_FRAMES: usize = 40;
/// Largest animation in bytes: fewer frames are drawn until it fits.
pub const ANIMATION_MAX_BYTES: usize = 1_500_000;
/// Moves that sow at most this many seeds get one frame per seed.
const PER_SEED_MAX: usize = 30;
/// Sentences of the trace in a frame, and in the alt text.
const FRAME_SENTENCES: usize = 3;
const ALT_SENTENCES: usize = 6;

/// How long frames stay, in milliseconds.
const FIRST_MS: u16 = 1200;
const SEED_MS: u16 = 350;
const LAP_MS: u16 = 900;
const LAST_MS: u16 = 3000;

/// One frame: the steps `..end` done, then the first `seeds` seeds of step `end` (a lap).
#[derive(Clone, Debug)]
struct Cut {
    end: usize,
    seeds: Option<usize>,
    caption: String,
    /// The steps the frame tells.
    told: Range<usize>,
    delay: u16,
}

/// The frames of a move: per seed when `per_seed`, otherwise at most `max` groups of laps.
fn plan(steps: &[Step], view: &View, per_seed: bool, max: usize) -> Vec<Cut> {
    let mut cuts = vec![Cut {
        end: 0,
        seeds: None,
        caption: tr(view.locale, "picture-replay-start", &[]),
        told: 0..0,
        delay: FIRST_MS,
    }];
    let mut laps_before: usize = 0;
    if per_seed {
        for unit in units(steps) {
            let at_start = laps_before;
            for index in unit.clone() {
                if let Step::Lap { seeds, sown, .. } = steps[index] {
                    laps_before += 1;
                    for k in 1..sown.len() {
                        cuts.push(Cut {
                            end: index,
                            seeds: Some(k),
                            caption: tr(
                                view.locale,
                                "picture-replay-seed",
                                &[
                                    ("lap", laps_before.into()),
                                    ("sown", k.into()),
                                    ("seeds", seeds.into()),
                                ],
                            ),
                            told: index..index + 1,
                            delay: SEED_MS,
                        });
                    }
                }
            }
            cuts.push(Cut {
                end: unit.end,
                seeds: None,
                caption: caption(&steps[unit.clone()], at_start, view),
                told: unit.clone(),
                delay: LAP_MS,
            });
        }
    } else {
        for group in frame_groups(steps, max.saturating_sub(1)) {
            let range = group[0].start..group[group.len() - 1].end;
            let laps = steps[range.clone()]
                .iter()
                .filter(|s| matches!(s, Step::Lap { .. }))
                .count();
            cuts.push(Cut {
                end: range.end,
                seeds: None,
                caption: caption(&steps[range.clone()], laps_before, view),
                told: range,
                delay: LAP_MS,
            });
            laps_before += laps;
        }
    }
    if let Some(last) = cuts.last_mut() {
        last.delay = LAST_MS;
    }
    cuts
}

/// The steps a cut shows: those done, and the lap being sown cut after its first seeds.
fn prefix<'a>(steps: &[Step<'a>], cut: &Cut) -> Vec<Step<'a>> {
    let mut done = steps[..cut.end].to_vec();
    if let (
        Some(k),
        Some(Step::Lap {
            start,
            seeds,
            sown,
            end,
        }),
    ) = (cut.seeds, steps.get(cut.end))
    {
        done.push(Step::Lap {
            start: *start,
            seeds: *seeds,
            sown: &sown[..k],
            end: *end,
        });
    }
    done
}

/// Grows every raster to the largest one's size (frames with longer captions are taller), on
/// the background colour.
fn same_size(rasters: Vec<Raster>) -> Vec<Raster> {
    let width = rasters.iter().map(|r| r.width).max().unwrap_or(1);
    let height = rasters.iter().map(|r| r.height).max().unwrap_or(1);
    rasters
        .into_iter()
        .map(|r| {
            if r.width == width && r.height == height {
                return r;
            }
            let background = [0xf7, 0xf1, 0xe3];
            let mut rgb = Vec::with_capacity((width * height * 3) as usize);
            for y in 0..height {
                for x in 0..width {
                    if x < r.width && y < r.height {
                        let at = ((y * r.width + x) * 3) as usize;
                        rgb.extend_from_slice(&r.rgb[at..at + 3]);
                    } else {
                        rgb.extend_from_slice(&background);
                    }
                }
            }
            Raster { width, height, rgb }
        })
        .collect()
}

/// The animated replay of a mancala move (`events`, played from `before`): `None` for the
/// other games and for moves that sow nothing (a pass). At most [`ANIMATION_MAX_FRAMES`]
/// frames and [`ANIMATION_MAX_BYTES`] bytes: long moves get fewer, merged frames.
pub fn sowing_animation(
    before: &AnyGame,
    events: &[Event],
    view: &View,
    size: PictureSize,
) -> Option<Animation> {
    let names = view.names.map(cut_name);
    let view = &View {
        names: [&names[0], &names[1]],
        ..*view
    };
    if !matches!(
        before.kind(),
        GameKind::Mangala | GameKind::Engehe | GameKind::Katro
    ) {
        return None;
    }
    let all = steps(events);
    if !all
        .iter()
        .any(|s| matches!(s, Step::Lap { .. } | Step::Stepped { .. }))
    {
        return None;
    }
    let start = Holes::from_game(before);
    let mut lap = 0;
    let lines: Vec<String> = all
        .iter()
        .map(|s| trace_line(&start, s, &mut lap, view))
        .collect();
    let sown: usize = all
        .iter()
        .map(|s| match s {
            Step::Lap { sown, .. } => sown.len(),
            _ => 1,
        })
        .sum();
    let mut per_seed = sown <= PER_SEED_MAX;
    let mut max = ANIMATION_MAX_FRAMES;
    loop {
        let cuts = plan(&all, view, per_seed, max);
        let rasters: Vec<Raster> = cuts
            .iter()
            .map(|cut| {
                let done = prefix(&all, cut);
                let mut holes = start.clone();
                for step in &done {
                    holes.apply(step);
                }
                let text = told(&lines[cut.told.clone()], FRAME_SENTENCES, view);
                rasterise(&frame_svg(&holes, &done, view, size, cut.caption.clone(), text))
            })
            .collect();
        let rasters = same_size(rasters);
        let delays: Vec<u16> = cuts.iter().map(|cut| cut.delay).collect();
        let png = encode(&rasters, &delays);
        if png.len() <= ANIMATION_MAX_BYTES || cuts.len() <= 2 {
            let alt = format!(
                "{}. {}",
                tr(
                    view.locale,
                    "picture-replay",
                    &[
                        ("move", view.last_move.unwrap_or_default().into()),
                        ("laps", lap.into())
                    ],
                ),
                told(&lines, ALT_SENTENCES, view)
            );
            return Some(Animation {
                png,
                width: rasters[0].width,
                height: rasters[0].height,
                frames: cuts.len() as u32,
                alt,
            });
        }
        // Too big: fewer frames, by laps, in proportion (frames cost about the same each).
        per_seed = false;
        let fitting = cuts.len() * ANIMATION_MAX_BYTES / png.len() * 9 / 10;
        max = fitting.clamp(2, cuts.len() - 1);
    }
}
