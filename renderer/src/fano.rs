//! Fano boards: one row of cells (RULES.md §2).

use lalao_core::fano::Cell;
use lalao_core::{AnyGame, Event, GameKind, Side};

use crate::{
    escape_html, html_cell, html_legend, join_sentences, side_label, status_line, tr, Board, HtmlMark, Style,
    View,
};

/// Cells per grid line before the board wraps into blocks.
const TEXT_BLOCK: usize = 15;
const EMOJI_BLOCK: usize = 10;

const KEYCAPS: [&str; 10] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];

/// A fano position as drawn, read from `<cells> <w|b> <white in hand> <black in hand>`.
pub(crate) struct Row {
    pub(crate) cells: Vec<Cell>,
    pub(crate) hands: [u16; 2],
}

impl Row {
    pub(crate) fn from_game(game: &AnyGame) -> Row {
        let position = game.position();
        let mut fields = position.split(' ');
        let cells = fields
            .next()
            .unwrap_or_default()
            .chars()
            .map(|c| match c {
                'W' => Cell::Pawn(Side::WHITE),
                'B' => Cell::Pawn(Side::BLACK),
                _ => Cell::Empty,
            })
            .collect();
        let hands: Vec<u16> = fields.skip(1).map(|h| h.parse().unwrap_or(0)).collect();
        let hands = [
            hands.first().copied().unwrap_or(0),
            hands.get(1).copied().unwrap_or(0),
        ];
        Row { cells, hands }
    }

    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub(crate) fn in_placement(&self) -> bool {
        self.hands != [0, 0]
    }
}

/// The pawns' letters in the viewer's language (W/B in English, B/N in French), from
/// `pawn-letter-white`/`pawn-letter-black`: looked up once per render, not once per cell.
pub(crate) struct Letters([String; 2]);

impl Letters {
    pub(crate) fn new(view: &View) -> Letters {
        Letters(Side::BOTH.map(|side| {
            tr(
                view.locale,
                &format!("pawn-letter-{}", GameKind::Fano.side_name(side)),
                &[],
            )
        }))
    }

    /// A cell's letter; blank for an empty cell.
    pub(crate) fn of(&self, cell: Cell) -> &str {
        match cell {
            Cell::Empty => " ",
            Cell::Pawn(side) => &self.0[side.index()],
        }
    }
}

fn emoji(cell: Cell) -> &'static str {
    match cell {
        Cell::Empty => "🟫",
        Cell::Pawn(Side::First) => "⚪",
        Cell::Pawn(Side::Second) => "⚫",
    }
}

/// Cells the last move arrived on, and cells it emptied by capture.
pub(crate) fn marks(view: &View) -> (Vec<u16>, Vec<u16>) {
    let mut arrived = Vec::new();
    let mut captured = Vec::new();
    for event in view.events {
        match event {
            Event::Placed { at, .. } | Event::Moved { to: at, .. } => arrived.push(*at),
            Event::Removed { at, .. } => captured.extend(at),
            _ => {}
        }
    }
    (arrived, captured)
}

/// Boards wider than this are drawn compactly (one character per cell) to fit one message.
const BOXED_MAX: usize = 33;
const COMPACT_BLOCK: usize = 30;

/// The monospace grid: boxed cells in blocks of [`TEXT_BLOCK`] numbered above and below, or
/// for very wide boards compact lines of [`COMPACT_BLOCK`] cells numbered at both ends.
fn text_grid(game: &Row, view: &View, letters: &Letters) -> String {
    let (arrived, captured) = marks(view);
    if game.cells().len() > BOXED_MAX {
        let mut out = String::new();
        for (block, cells) in game.cells().chunks(COMPACT_BLOCK).enumerate() {
            let first = block * COMPACT_BLOCK;
            let row: String = cells
                .iter()
                .map(|cell| {
                    if *cell == Cell::Empty {
                        "."
                    } else {
                        letters.of(*cell)
                    }
                })
                .collect();
            out.push_str(&format!("{:>3} {row} {}\n", first + 1, first + cells.len()));
            let mark_line: String = (0..cells.len())
                .map(|i| {
                    let at = (first + i) as u16;
                    if arrived.contains(&at) {
                        '^'
                    } else if captured.contains(&at) {
                        'x'
                    } else {
                        ' '
                    }
                })
                .collect();
            if !mark_line.trim().is_empty() {
                out.push_str(&format!("    {}\n", mark_line.trim_end()));
            }
        }
        return out;
    }
    let mut out = String::new();
    for (block, cells) in game.cells().chunks(TEXT_BLOCK).enumerate() {
        let first = block * TEXT_BLOCK;
        // Each cell is `│ W ` (4 columns, its letter in the third): a number ends right above
        // its letter.
        let numbers: String = (0..cells.len())
            .map(|i| format!("{:>3} ", first + i + 1))
            .collect();
        let numbers = format!("{}\n", numbers.trim_end());
        let rule = |left: &str, mid: &str, right: &str| {
            format!("{left}{}{right}\n", vec!["───"; cells.len()].join(mid))
        };
        out.push_str(&numbers);
        out.push_str(&rule("┌", "┬", "┐"));
        let row: String = cells
            .iter()
            .map(|cell| format!("│ {} ", letters.of(*cell)))
            .collect();
        out.push_str(&format!("{row}│\n"));
        out.push_str(&rule("└", "┴", "┘"));
        let mark_line: String = (0..cells.len())
            .map(|i| {
                let at = (first + i) as u16;
                if arrived.contains(&at) {
                    "  ^ "
                } else if captured.contains(&at) {
                    "  x "
                } else {
                    "    "
                }
            })
            .collect();
        if !mark_line.trim().is_empty() {
            out.push_str(mark_line.trim_end());
            out.push('\n');
        }
        out.push_str(&numbers);
    }
    out
}

/// Marks of the last move in emoji grids: where a pawn arrived, what was captured.
const EMOJI_ARRIVED: &str = "🔼";
const EMOJI_CAPTURED: &str = "❌";
const EMOJI_NO_MARK: &str = "▫️";

/// A row of marks under cells `first..first + len` (0-based), or nothing if none is marked.
fn emoji_marks(view: &View, heading: &str, first: usize, len: usize) -> String {
    let (arrived, captured) = marks(view);
    let row: Vec<&str> = (first..first + len)
        .map(|i| {
            let at = i as u16;
            if arrived.contains(&at) {
                EMOJI_ARRIVED
            } else if captured.contains(&at) {
                EMOJI_CAPTURED
            } else {
                EMOJI_NO_MARK
            }
        })
        .collect();
    if row.iter().all(|mark| *mark == EMOJI_NO_MARK) {
        String::new()
    } else {
        format!("{heading}{}\n", row.concat())
    }
}

/// Emoji rows of [`EMOJI_BLOCK`] cells; short boards get a keycap number row. The last move
/// is marked in a row under its cells.
fn emoji_lines(game: &Row, view: &View, heading: &str) -> String {
    let cells = game.cells();
    let mut out = String::new();
    if cells.len() <= KEYCAPS.len() {
        out.push_str(&format!("{heading}{}\n", KEYCAPS[..cells.len()].concat()));
        out.push_str(&format!(
            "{heading}{}\n",
            cells.iter().map(|cell| emoji(*cell)).collect::<String>()
        ));
        out.push_str(&emoji_marks(view, heading, 0, cells.len()));
        return out;
    }
    for (block, chunk) in cells.chunks(EMOJI_BLOCK).enumerate() {
        let first = block * EMOJI_BLOCK + 1;
        let line = tr(
            view.locale,
            "fano-emoji-block",
            &[
                (
                    "cells",
                    chunk.iter().map(|cell| emoji(*cell)).collect::<String>().into(),
                ),
                ("from", first.into()),
                ("to", (first + chunk.len() - 1).into()),
            ],
        );
        out.push_str(&format!("{heading}{line}\n"));
        out.push_str(&emoji_marks(view, heading, first - 1, chunk.len()));
    }
    out
}

/// "^ where the last move arrived, x captured", for the marks drawn in a style.
fn legend(view: &View, arrived_mark: &str, captured_mark: &str) -> Option<String> {
    let (arrived, captured) = marks(view);
    let mut parts = Vec::new();
    if !arrived.is_empty() {
        parts.push(tr(
            view.locale,
            "mark-arrived-fano",
            &[("mark", arrived_mark.into())],
        ));
    }
    if !captured.is_empty() {
        parts.push(tr(
            view.locale,
            "mark-captured",
            &[("mark", captured_mark.into())],
        ));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn cell_list(game: &Row, side: Side, view: &View) -> String {
    let cells: Vec<String> = game
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, cell)| **cell == Cell::Pawn(side))
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if cells.is_empty() {
        tr(view.locale, "fano-no-cells", &[])
    } else {
        cells.join(", ")
    }
}

/// Lines shared by every style: title, hands during placement, last move, status.
pub(crate) fn info_lines(game: &Row, any: &AnyGame, view: &View) -> Vec<String> {
    let kind = GameKind::Fano;
    let mut lines = vec![tr(
        view.locale,
        "fano-title",
        &[("cells", game.cells().len().into())],
    )];
    if game.in_placement() {
        let hands = game.hands;
        lines.push(tr(
            view.locale,
            "fano-placement",
            &[
                (
                    "white",
                    tr(view.locale, &format!("side-{}", kind.side_name(Side::WHITE)), &[]).into(),
                ),
                ("white-count", hands[0].into()),
                (
                    "black",
                    tr(view.locale, &format!("side-{}", kind.side_name(Side::BLACK)), &[]).into(),
                ),
                ("black-count", hands[1].into()),
            ],
        ));
    }
    if let Some(mv) = view.last_move {
        let (_, captured) = marks(view);
        let mut text = tr(view.locale, "last-move", &[("move", mv.into())]);
        if !captured.is_empty() {
            let cells: Vec<String> = captured.iter().map(|c| (c + 1).to_string()).collect();
            text.push_str(&format!(
                ", {}",
                tr(
                    view.locale,
                    "fano-captured-cells",
                    &[
                        ("count", captured.len().into()),
                        ("cells", cells.join(", ").into())
                    ]
                )
            ));
        }
        lines.push(text);
    }
    lines.push(status_line(any, view));
    lines
}

/// `info` with a legend of the marks inserted before the status line.
fn with_legend(info: &[String], legend: Option<String>) -> String {
    let (status, rest) = info.split_last().expect("the status line is always there");
    let mut lines = rest.to_vec();
    lines.extend(legend);
    lines.push(status.clone());
    lines.join("\n")
}

pub(crate) fn render(any: &AnyGame, view: &View) -> Board {
    let row = Row::from_game(any);
    let game = &row;
    let info = info_lines(game, any, view);
    let letters = Letters::new(view);
    let grid = text_grid(game, view, &letters);
    let text_legend = legend(view, "^", "x");
    let emoji_legend = legend(view, EMOJI_ARRIVED, EMOJI_CAPTURED);
    let markdown = match view.style {
        Style::Text | Style::Reader => format!("```\n{grid}```\n{}", with_legend(&info, text_legend.clone())),
        Style::Emoji => format!(
            "{}{}",
            emoji_lines(game, view, ""),
            with_legend(&info, emoji_legend)
        ),
        Style::Large => {
            // Big cells, then the last move and whose turn in plain words (not the title).
            let (status, rest) = info.split_last().expect("the status line is always there");
            let mut lines = rest[1..].to_vec();
            lines.extend(emoji_legend);
            lines.push(format!("## {status}"));
            format!("{}{}", emoji_lines(game, view, "# "), lines.join("\n"))
        }
    };
    let plain = format!("{grid}{}", with_legend(&info, text_legend));
    Board {
        markdown,
        html: html(game, view, &info, &letters),
        plain,
        description: description(game, view, &info),
        banner: (view.style == Style::Large)
            .then(|| info.last().cloned())
            .flatten(),
    }
}

fn html(game: &Row, view: &View, info: &[String], letters: &Letters) -> String {
    let (status, rest) = info.split_last().expect("the status line is always there");
    let (arrived, captured) = marks(view);
    if view.style == Style::Large {
        // Bigger and simpler: the emoji rows as headings, no table, no title.
        let mut out: String = emoji_lines(game, view, "")
            .lines()
            .map(|line| format!("<h2>{}</h2>", escape_html(line)))
            .collect();
        for line in rest
            .iter()
            .skip(1)
            .cloned()
            .chain(legend(view, EMOJI_ARRIVED, EMOJI_CAPTURED))
        {
            out.push_str(&format!("<p>{}</p>", escape_html(&line)));
        }
        out.push_str(&format!("<h2><strong>{}</strong></h2>", escape_html(status)));
        return out;
    }
    let mut out = String::from("<table><tr>");
    for i in 1..=game.cells().len() {
        out.push_str(&format!("<th>{i}</th>"));
    }
    out.push_str("</tr><tr>");
    for (i, cell) in game.cells().iter().enumerate() {
        let symbol = match view.style {
            Style::Text | Style::Reader => escape_html(letters.of(*cell)),
            Style::Emoji | Style::Large => emoji(*cell).to_owned(),
        };
        let at = i as u16;
        let mark = if arrived.contains(&at) {
            Some(HtmlMark::To)
        } else if captured.contains(&at) {
            Some(HtmlMark::Captured)
        } else {
            None
        };
        out.push_str(&html_cell(&symbol, mark));
    }
    out.push_str("</tr></table>");
    for line in rest {
        out.push_str(&format!("<p>{}</p>", escape_html(line)));
    }
    let mut key = Vec::new();
    if !arrived.is_empty() {
        key.push(("mark-arrived-fano", HtmlMark::To));
    }
    if !captured.is_empty() {
        key.push(("mark-captured", HtmlMark::Captured));
    }
    out.extend(html_legend(view.locale, &key));
    out.push_str(&format!("<p><strong>{}</strong></p>", escape_html(status)));
    out
}

/// Whose turn, the viewer's pawns then the opponent's (each side's for a spectator), the
/// hands and the last move.
fn description(game: &Row, view: &View, info: &[String]) -> String {
    let kind = GameKind::Fano;
    let mut sentences = vec![info.last().cloned().unwrap_or_default(), info[0].clone()];
    match view.viewer {
        Some(me) => {
            for (id, side) in [("reader-your-pawns", me), ("reader-their-pawns", me.opponent())] {
                sentences.push(tr(
                    view.locale,
                    id,
                    &[("cells", cell_list(game, side, view).into())],
                ));
            }
        }
        None => {
            for side in Side::BOTH {
                sentences.push(tr(
                    view.locale,
                    "fano-cells-of",
                    &[
                        ("side", side_label(kind, side, view).into()),
                        ("cells", cell_list(game, side, view).into()),
                    ],
                ));
            }
        }
    }
    sentences.extend(info[1..info.len() - 1].iter().cloned());
    join_sentences(&sentences)
}
