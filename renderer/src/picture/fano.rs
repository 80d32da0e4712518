//! Fano pictures: the single row of cells (RULES.md §2), numbered as in the notation and
//! wrapped into lines of [`LINE`] cells, the pawns as discs with their letters, and the hands
//! drawn by each player's name during placement.

use lalao_core::fano::Cell;
use lalao_core::{AnyGame, Event, GameKind, Side};

use super::chrome::{compose, BoardArt, Chrome, Player, Swatch};
use super::marks::{lettered_piece, Shape};
use super::palette::{PictureSize, INK_SOFT, SQUARE_LIGHT, WOOD_EDGE};
use super::svg::{Anchor, Document, Svg};
use crate::fano::{info_lines, marks, Letters, Row};
use crate::{side_label, tr, View};

/// "White" or "Black", in the view's language.
fn side_word(side: Side, view: &View) -> String {
    let id = if side == Side::WHITE {
        "side-white"
    } else {
        "side-black"
    };
    tr(view.locale, id, &[])
}

/// Cells per line of the picture.
const LINE: usize = 15;

fn board(row: &Row, view: &View, size: PictureSize) -> (BoardArt, Vec<(Shape, String)>) {
    let m = size.metrics();
    let cell = m.cell;
    let letters = Letters::new(view);
    let (arrived, captured) = marks(view);
    let from: Vec<u16> = view
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Moved { from, .. } => Some(*from),
            _ => None,
        })
        .collect();
    let number = m.label * 1.8;
    let line_height = cell + number + m.pad * 0.6;
    let mut svg = Svg::new();
    let lines = row.cells.len().div_ceil(LINE).max(1);
    let per_line = row.cells.len().min(LINE);
    for (index, cell_state) in row.cells.iter().enumerate() {
        let (line, slot) = (index / LINE, index % LINE);
        let x = slot as f32 * cell;
        let y = line as f32 * line_height + number;
        let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
        svg.text(
            cx,
            y - number / 2.0,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &(index + 1).to_string(),
        );
        svg.rect(
            x + 1.0,
            y + 1.0,
            cell - 2.0,
            cell - 2.0,
            &format!(r#"fill="{SQUARE_LIGHT}" stroke="{WOOD_EDGE}" stroke-width="2" rx="3""#),
        );
        let at = index as u16;
        if from.contains(&at) {
            Shape::From.draw(&mut svg, cx, cy, cell);
        }
        if captured.contains(&at) {
            Shape::Captured.draw(&mut svg, cx, cy, cell);
        }
        if let Cell::Pawn(side) = *cell_state {
            let letter = letters.of(*cell_state);
            lettered_piece(&mut svg, cx, cy, cell * 0.36, side, letter, cell * 0.36);
        }
        if arrived.contains(&at) {
            Shape::To.draw(&mut svg, cx, cy, cell);
        }
        let name = (index + 1).to_string();
        let label = match *cell_state {
            Cell::Pawn(side) => tr(
                view.locale,
                "picture-target-pawn",
                &[
                    ("cell", name.clone().into()),
                    ("side", side_word(side, view).into()),
                ],
            ),
            _ => tr(
                view.locale,
                "picture-target-empty",
                &[("cell", name.clone().into())],
            ),
        };
        svg.target(cx, cy, cell, name, label);
    }
    let words = |id: &str| tr(view.locale, id, &[("mark", "".into())]).trim().to_owned();
    let mut legend = Vec::new();
    if !from.is_empty() {
        legend.push((Shape::From, tr(view.locale, "picture-mark-from", &[])));
    }
    if !arrived.is_empty() {
        legend.push((Shape::To, words("mark-arrived-fano")));
    }
    if !captured.is_empty() {
        legend.push((Shape::Captured, words("mark-captured")));
    }
    let art = BoardArt {
        svg,
        width: per_line as f32 * cell,
        height: lines as f32 * line_height - m.pad * 0.6,
    };
    (art, legend)
}

pub(crate) fn svg(game: &AnyGame, view: &View, size: PictureSize) -> Document {
    let row = Row::from_game(game);
    let info = info_lines(&row, game, view);
    let (art, legend) = board(&row, view, size);
    let players = [Side::WHITE, Side::BLACK]
        .into_iter()
        .map(|side| Player {
            label: side_label(GameKind::Fano, side, view),
            swatch: Swatch::Piece(side),
            to_move: game.outcome().is_none() && !view.ended && game.to_move() == side,
            hand: row.in_placement().then(|| (side, row.hands[side.index()])),
        })
        .collect();
    let chrome = Chrome::of_info(&info, players, legend);
    compose(&chrome, art, size.metrics())
}
