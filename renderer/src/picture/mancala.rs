//! Mancala pictures (Mangala IV, En Gehé, Katro) from the position notation and the move's
//! steps, the same [`Holes`] and [`Step`]s the text boards and the text replay read.

use lalao_core::{AnyGame, Side};

use super::chrome::{compose, BoardArt, Chrome, Player, Swatch};
use super::katro::katro;
use super::marks::Shape;
use super::palette::{PictureSize, LANE_NORTH, LANE_SOUTH};
use super::svg::Document;
use super::track::{two_row, FULL_MAX, WINDOW};
use crate::sowing::holes::Holes;
use crate::sowing::info::{captured_line, last_move_line, title, totals_line};
use crate::sowing::marks::Marks;
use crate::sowing::steps::{steps, Step};
use crate::sowing::window::move_window;
use crate::{side_label, status_line, tr, View};

/// The marks of `steps` on each hole, and the key of those used. Only the first lap's start
/// gets the ring; each later lap its number (the first lap to start there); the hole the last
/// seed fell in a square; captured holes a cross.
pub(crate) fn hole_marks(
    holes: &Holes,
    steps: &[Step],
    view: &View,
) -> (Vec<Vec<Shape>>, Vec<(Shape, String)>) {
    let mut marks: Vec<Vec<Shape>> = vec![Vec::new(); holes.counts.len()];
    let mut put = |hole: usize, shape: Shape| {
        if let Some(list) = marks.get_mut(hole) {
            let lap_there = list.iter().any(|s| matches!(s, Shape::Lap(_) | Shape::From));
            let repeated = list.contains(&shape) || (matches!(shape, Shape::Lap(_)) && lap_there);
            if !repeated {
                list.push(shape);
            }
        }
    };
    let (mut from, mut laps, mut stepped, mut last_seed, mut captured) = (false, 0, false, None, false);
    for step in steps {
        match *step {
            Step::Lap { start, sown, .. } => {
                laps += 1;
                if from {
                    put(start, Shape::Lap(laps));
                } else {
                    put(start, Shape::From);
                    from = true;
                }
                last_seed = sown.last().map(|h| *h as usize).or(last_seed);
            }
            Step::Stepped { from: at, to } => {
                put(at, Shape::From);
                from = true;
                put(to, Shape::To);
                stepped = true;
            }
            Step::Capture { holes: taken, .. } => {
                for (hole, _) in taken {
                    put(*hole as usize, Shape::Captured);
                    captured = true;
                }
            }
            Step::Sweep { .. } | Step::Passed { .. } => {}
        }
    }
    if let Some(hole) = last_seed {
        put(hole, Shape::To);
    }
    let words = |id: &str| tr(view.locale, id, &[("mark", "".into())]).trim().to_owned();
    let mut legend = Vec::new();
    if from {
        legend.push((Shape::From, words("mark-start")));
    }
    if laps > 1 {
        legend.push((Shape::Lap(2), tr(view.locale, "picture-mark-lap", &[])));
    }
    if last_seed.is_some() {
        legend.push((Shape::To, tr(view.locale, "picture-mark-last-seed", &[])));
    } else if stepped {
        legend.push((Shape::To, words("mark-arrived")));
    }
    if captured {
        legend.push((Shape::Captured, words("mark-captured")));
    }
    (marks, legend)
}

/// The board itself: the folded two-row track, a window of a very wide one, or Katro's grid.
fn board(holes: &Holes, steps: &[Step], marks: &[Vec<Shape>], view: &View, size: PictureSize) -> BoardArt {
    let m = size.metrics();
    let flip = view.viewer == Some(Side::NORTH);
    if holes.is_katro() {
        return katro(holes, marks, flip, m, view.locale);
    }
    let n = holes.columns;
    let mut columns: Vec<usize> = if n > FULL_MAX {
        let (first, last) = move_window(holes, &Marks::of(steps), WINDOW);
        (first..last).collect()
    } else {
        (0..n).collect()
    };
    if flip {
        columns.reverse();
    }
    two_row(holes, &columns, marks, flip, m, view.locale)
}

/// The players, the one drawn on top first, each with the tint of their row.
fn players(holes: &Holes, game: Option<&AnyGame>, view: &View) -> Vec<Player> {
    let order = if view.viewer == Some(Side::NORTH) {
        [Side::SOUTH, Side::NORTH]
    } else {
        [Side::NORTH, Side::SOUTH]
    };
    order
        .into_iter()
        .map(|side| Player {
            label: side_label(holes.kind, side, view),
            swatch: Swatch::Lane(if side == Side::SOUTH {
                LANE_SOUTH
            } else {
                LANE_NORTH
            }),
            to_move: game.is_some_and(|g| g.outcome().is_none() && !view.ended && g.to_move() == side),
            hand: None,
        })
        .collect()
}

/// The SVG of a mancala position after the view's move.
pub(crate) fn svg(game: &AnyGame, view: &View, size: PictureSize) -> Document {
    let holes = Holes::from_game(game);
    let steps = steps(view.events);
    let (marks, legend) = hole_marks(&holes, &steps, view);
    let mut notes: Vec<String> = Vec::new();
    notes.extend(last_move_line(&holes, &steps, view.last_move, view, false));
    notes.extend(captured_line(&holes, view));
    if !holes.is_katro() && holes.columns > FULL_MAX {
        notes.extend([Side::NORTH, Side::SOUTH].map(|side| totals_line(&holes, view, side)));
    }
    let chrome = Chrome {
        title: title(&holes, view),
        players: players(&holes, Some(game), view),
        notes,
        status: status_line(game, view),
        legend,
    };
    compose(&chrome, board(&holes, &steps, &marks, view, size), size.metrics())
}

/// The SVG of one frame of a sowing animation: `holes` after `steps` (the move so far), with
/// the frame's caption as the title and `told` (what the frame shows) under the board.
pub(crate) fn frame_svg(
    holes: &Holes,
    steps: &[Step],
    view: &View,
    size: PictureSize,
    caption: String,
    told: String,
) -> Document {
    let (marks, legend) = hole_marks(holes, steps, view);
    let chrome = Chrome {
        title: caption,
        players: players(holes, None, view),
        notes: captured_line(holes, view).into_iter().collect(),
        status: told,
        legend,
    };
    compose(&chrome, board(holes, steps, &marks, view, size), size.metrics())
}
