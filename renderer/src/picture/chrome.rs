//! What surrounds every board in a picture: the title, the players (names, whose turn, hands),
//! and under the board the last move, the status line and the key of the marks.

use lalao_core::Side;

use super::marks::{piece_disc, Shape};
use super::palette::{Metrics, INK, WOOD_EDGE};
use super::svg::{n, text_width, wrap, Anchor, Document, Svg};

/// A drawn board, its origin at (0, 0).
pub(crate) struct BoardArt {
    pub svg: Svg,
    pub width: f32,
    pub height: f32,
}

/// What stands before a player's name.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Swatch {
    /// The tint of the player's lane on a mancala board.
    Lane(&'static str),
    /// The player's pieces or pawns.
    Piece(Side),
}

/// One player's line: "▶ ● White (Ana)", and the pawns still in hand during fano's placement.
pub(crate) struct Player {
    pub label: String,
    pub swatch: Swatch,
    pub to_move: bool,
    pub hand: Option<(Side, u16)>,
}

/// Everything around a board.
pub(crate) struct Chrome {
    pub title: String,
    pub players: Vec<Player>,
    /// Lines under the board (last move, captures), plain.
    pub notes: Vec<String>,
    /// Whose turn or the result, in bold.
    pub status: String,
    /// The key of the marks drawn on the board, each shape with its words.
    pub legend: Vec<(Shape, String)>,
}

impl Chrome {
    /// The chrome of a board whose info lines are the text board's: the title first, the
    /// status last, notes between.
    pub(crate) fn of_info(info: &[String], players: Vec<Player>, legend: Vec<(Shape, String)>) -> Chrome {
        Chrome {
            title: info[0].clone(),
            players,
            notes: info[1..info.len() - 1].to_vec(),
            status: info[info.len() - 1].clone(),
            legend,
        }
    }
}

/// Pawns in hand drawn one by one up to this many; the count is written as well.
const HAND_DRAWN: u16 = 12;

/// The whole picture: the chrome laid out around `board`, as an SVG document.
pub(crate) fn compose(chrome: &Chrome, board: BoardArt, m: Metrics) -> Document {
    let pad = m.pad;
    let min_width = m.text * 30.0;
    let width = (board.width + 2.0 * pad).max(min_width).ceil();
    let chars = (((width - 2.0 * pad) / (m.text * 0.57)) as usize).max(12);
    let line = m.text * 1.4;
    let mut svg = Svg::new();
    let mut y = pad;
    for text in wrap(&chrome.title, ((width - 2.0 * pad) / (m.title * 0.62)) as usize) {
        svg.text(pad, y + m.title * 0.6, m.title, Anchor::Start, true, INK, &text);
        y += m.title * 1.3;
    }
    y += m.text * 0.2;
    for player in &chrome.players {
        let cy = y + line / 2.0;
        let mut x = pad;
        if player.to_move {
            // A filled arrow before the player whose turn it is: shape, not colour.
            let s = m.text * 0.42;
            svg.path(
                &format!(
                    "M{} {}L{} {}L{} {}Z",
                    n(x),
                    n(cy - s),
                    n(x + s * 1.6),
                    n(cy),
                    n(x),
                    n(cy + s)
                ),
                &format!(r#"fill="{INK}""#),
            );
        }
        x += m.text * 1.0;
        let r = m.text * 0.42;
        match player.swatch {
            Swatch::Lane(colour) => svg.rect(
                x,
                cy - r,
                2.0 * r,
                2.0 * r,
                &format!(r#"fill="{colour}" stroke="{WOOD_EDGE}" stroke-width="1.5""#),
            ),
            Swatch::Piece(side) => piece_disc(&mut svg, x + r, cy, r, side),
        }
        x += 2.0 * r + m.text * 0.4;
        let label_chars = chars.saturating_sub(6);
        let label = wrap(&player.label, label_chars).remove(0);
        svg.text(x, cy, m.text, Anchor::Start, player.to_move, INK, &label);
        // Bold letters are wider than the estimate's regular ones.
        x += text_width(&label, m.text) * if player.to_move { 1.12 } else { 1.0 } + m.text * 0.6;
        if let Some((side, count)) = player.hand {
            let small = m.text * 0.36;
            for i in 0..count.min(HAND_DRAWN) {
                piece_disc(&mut svg, x + small + f32::from(i) * small * 2.3, cy, small, side);
            }
            x += f32::from(count.min(HAND_DRAWN)) * small * 2.3 + small;
            svg.text(
                x,
                cy,
                m.text * 0.9,
                Anchor::Start,
                false,
                INK,
                &format!("({count})"),
            );
        }
        y += line;
    }
    y += pad * 0.5;
    let board_x = ((width - board.width) / 2.0).floor();
    svg.nest(board.svg, board_x, y);
    y += board.height + pad * 0.6;
    for note in &chrome.notes {
        for text in wrap(note, chars) {
            svg.text(pad, y + line / 2.0, m.text, Anchor::Start, false, INK, &text);
            y += line;
        }
    }
    for text in wrap(&chrome.status, chars.saturating_sub(chars / 8)) {
        svg.text(pad, y + line / 2.0, m.text * 1.1, Anchor::Start, true, INK, &text);
        y += line * 1.1;
    }
    // The key: each mark's shape, then its words; items flow onto new lines when needed.
    let icon = m.text * 1.3;
    let mut x = pad;
    if !chrome.legend.is_empty() {
        y += m.text * 0.3;
    }
    for (index, (shape, words)) in chrome.legend.iter().enumerate() {
        let words = if index + 1 < chrome.legend.len() {
            format!("{words},")
        } else {
            words.clone()
        };
        let item = icon + m.text * 0.3 + text_width(&words, m.text) + m.text * 0.7;
        if x > pad && x + item > width - pad {
            x = pad;
            y += icon * 1.1;
        }
        let cy = y + icon / 2.0;
        shape.icon(&mut svg, x + icon / 2.0, cy, icon);
        svg.text(
            x + icon + m.text * 0.3,
            cy,
            m.text,
            Anchor::Start,
            false,
            INK,
            &words,
        );
        x += item;
    }
    if !chrome.legend.is_empty() {
        y += icon * 1.1;
    }
    svg.finish(width, y + pad * 0.6)
}
