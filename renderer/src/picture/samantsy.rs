//! Samantsy pictures: the 8 × 8 board from the viewer's side (White's when nobody plays),
//! files and ranks on every edge, pieces as discs with their letters (H A B F V Z, the
//! notation's), the last move's squares and its capture marked.

use lalao_core::{AnyGame, Event, GameKind, Side};

use super::chrome::{compose, BoardArt, Chrome, Player, Swatch};
use super::marks::{lettered_piece, Shape};
use super::palette::{PictureSize, INK_SOFT, SQUARE_DARK, SQUARE_LIGHT, WOOD_EDGE};
use super::svg::{Anchor, Document, Svg};
use crate::samantsy::{info_lines, last_squares, orientation, parse, piece_id, Square};
use crate::{side_label, tr, View};

fn board(squares: &[Square; 64], view: &View, size: PictureSize) -> (BoardArt, Vec<(Shape, String)>) {
    let m = size.metrics();
    let cell = m.cell;
    let margin = m.label * 2.0;
    let (ranks, files) = orientation(view);
    let (from, to) = last_squares(view);
    let captured: Vec<usize> = view
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Removed { at, .. } => Some(at.iter().map(|s| *s as usize)),
            _ => None,
        })
        .flatten()
        .collect();
    let mut svg = Svg::new();
    let side = 8.0 * cell;
    svg.rect(
        margin - 2.0,
        margin - 2.0,
        side + 4.0,
        side + 4.0,
        &format!(r#"fill="{WOOD_EDGE}""#),
    );
    for (row, rank) in ranks.iter().enumerate() {
        let y = margin + row as f32 * cell;
        // The rank on both edges.
        for x in [margin / 2.0, margin * 1.5 + side] {
            let label = (rank + 1).to_string();
            svg.text(
                x,
                y + cell / 2.0,
                m.label * 1.1,
                Anchor::Middle,
                false,
                INK_SOFT,
                &label,
            );
        }
        for (col, file) in files.iter().enumerate() {
            let x = margin + col as f32 * cell;
            let colour = if (rank + file) % 2 == 0 {
                SQUARE_DARK
            } else {
                SQUARE_LIGHT
            };
            svg.rect(x, y, cell, cell, &format!(r#"fill="{colour}""#));
        }
    }
    for (col, file) in files.iter().enumerate() {
        let x = margin + (col as f32 + 0.5) * cell;
        let letter = ((b'a' + *file as u8) as char).to_string();
        svg.text(
            x,
            margin / 2.0,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &letter,
        );
        svg.text(
            x,
            margin * 1.5 + side,
            m.label * 1.1,
            Anchor::Middle,
            false,
            INK_SOFT,
            &letter,
        );
    }
    for (row, rank) in ranks.iter().enumerate() {
        for (col, file) in files.iter().enumerate() {
            let index = rank * 8 + file;
            let (cx, cy) = (
                margin + (col as f32 + 0.5) * cell,
                margin + (row as f32 + 0.5) * cell,
            );
            if Some(index) == from {
                Shape::From.draw(&mut svg, cx, cy, cell);
            }
            if let Some((owner, letter)) = squares[index] {
                let letter = letter.to_string();
                lettered_piece(&mut svg, cx, cy, cell * 0.38, owner, &letter, cell * 0.42);
            }
            if Some(index) == to {
                Shape::To.draw(&mut svg, cx, cy, cell);
            }
            if captured.contains(&index) {
                // In the corner, so that the capturing piece stays readable.
                Shape::Captured.draw(&mut svg, cx - cell * 0.27, cy + cell * 0.27, cell * 0.5);
            }
            let name = format!("{}{}", (b'a' + *file as u8) as char, rank + 1);
            let label = match squares[index] {
                Some((owner, letter)) => {
                    let side = if owner == Side::WHITE {
                        "side-white"
                    } else {
                        "side-black"
                    };
                    let piece = format!("piece-{}", piece_id(letter));
                    tr(
                        view.locale,
                        "picture-target-piece",
                        &[
                            ("square", name.clone().into()),
                            ("side", tr(view.locale, side, &[]).into()),
                            ("piece", tr(view.locale, &piece, &[]).into()),
                        ],
                    )
                }
                None => tr(
                    view.locale,
                    "picture-target-empty",
                    &[("cell", name.clone().into())],
                ),
            };
            svg.target(cx, cy, cell, name, label);
        }
    }
    let mut legend = Vec::new();
    if from.is_some() {
        legend.push((Shape::From, tr(view.locale, "picture-mark-from", &[])));
    }
    if to.is_some() {
        let words = tr(view.locale, "mark-arrived-fano", &[("mark", "".into())]);
        legend.push((Shape::To, words.trim().to_owned()));
    }
    if !captured.is_empty() {
        let words = tr(view.locale, "mark-captured", &[("mark", "".into())]);
        legend.push((Shape::Captured, words.trim().to_owned()));
    }
    let width = side + 2.0 * margin;
    let art = BoardArt {
        svg,
        width,
        height: width,
    };
    (art, legend)
}

pub(crate) fn svg(game: &AnyGame, view: &View, size: PictureSize) -> Document {
    let squares = parse(&game.position());
    let info = info_lines(game, view);
    let (art, legend) = board(&squares, view, size);
    let order = if view.viewer == Some(Side::BLACK) {
        [Side::WHITE, Side::BLACK]
    } else {
        [Side::BLACK, Side::WHITE]
    };
    let players = order
        .into_iter()
        .map(|side| Player {
            label: side_label(GameKind::Samantsy, side, view),
            swatch: Swatch::Piece(side),
            to_move: game.outcome().is_none() && !view.ended && game.to_move() == side,
            hand: None,
        })
        .collect();
    let chrome = Chrome::of_info(&info, players, legend);
    compose(&chrome, art, size.metrics())
}
