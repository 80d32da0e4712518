//! Fano boards: one row of cells (RULES.md §2).

use lalao_core::fano::Cell;
use lalao_core::{AnyGame, Event, GameKind, Side};

use crate::{escape_html, side_label, status_line, tr, Board, Style, View};

/// Cells per grid line before the board wraps into blocks.
const TEXT_BLOCK: usize = 15;
const EMOJI_BLOCK: usize = 10;

const KEYCAPS: [&str; 10] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];

/// A fano position as drawn, read from `<cells> <w|b> <white in hand> <black in hand>`.
struct Row {
    cells: Vec<Cell>,
    hands: [u16; 2],
}

impl Row {
    fn from_game(game: &AnyGame) -> Row {
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

    fn in_placement(&self) -> bool {
        self.hands != [0, 0]
    }
}

fn letter(cell: Cell) -> char {
    match cell {
        Cell::Empty => ' ',
        Cell::Pawn(Side::First) => 'W',
        Cell::Pawn(Side::Second) => 'B',
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
fn marks(view: &View) -> (Vec<u16>, Vec<u16>) {
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
fn text_grid(game: &Row, view: &View) -> String {
    let (arrived, captured) = marks(view);
    if game.cells().len() > BOXED_MAX {
        let mut out = String::new();
        for (block, cells) in game.cells().chunks(COMPACT_BLOCK).enumerate() {
            let first = block * COMPACT_BLOCK;
            let row: String = cells
                .iter()
                .map(|cell| if *cell == Cell::Empty { '.' } else { letter(*cell) })
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
        let numbers: String = (0..cells.len())
            .map(|i| format!("{:^4}", first + i + 1))
            .collect();
        let numbers = format!("{}\n", numbers.trim_end());
        let rule = |left: &str, mid: &str, right: &str| {
            format!("{left}{}{right}\n", vec!["───"; cells.len()].join(mid))
        };
        out.push_str(&numbers);
        out.push_str(&rule("┌", "┬", "┐"));
        let row: String = cells.iter().map(|cell| format!("│ {} ", letter(*cell))).collect();
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

/// Emoji rows of [`EMOJI_BLOCK`] cells; short boards get a keycap number row.
fn emoji_lines(game: &Row, view: &View, heading: &str) -> String {
    let cells = game.cells();
    let mut out = String::new();
    if cells.len() <= KEYCAPS.len() {
        out.push_str(&format!("{heading}{}\n", KEYCAPS[..cells.len()].concat()));
        out.push_str(&format!(
            "{heading}{}\n",
            cells.iter().map(|cell| emoji(*cell)).collect::<String>()
        ));
        return out;
    }
    for (block, chunk) in cells.chunks(EMOJI_BLOCK).enumerate() {
        let first = block * EMOJI_BLOCK + 1;
        let range = tr(
            view.locale,
            "fano-cell-range",
            &[
                ("from", first.to_string()),
                ("to", (first + chunk.len() - 1).to_string()),
            ],
        );
        out.push_str(&format!(
            "{heading}{} · {range}\n",
            chunk.iter().map(|cell| emoji(*cell)).collect::<String>()
        ));
    }
    out
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
fn info_lines(game: &Row, any: &AnyGame, view: &View) -> Vec<String> {
    let kind = GameKind::Fano;
    let mut lines = vec![tr(
        view.locale,
        "fano-title",
        &[("cells", game.cells().len().to_string())],
    )];
    if game.in_placement() {
        let hands = game.hands;
        lines.push(format!(
            "{} · {}",
            tr(view.locale, "fano-placement", &[]),
            tr(
                view.locale,
                "fano-in-hand",
                &[
                    (
                        "white",
                        tr(view.locale, &format!("side-{}", kind.side_name(Side::WHITE)), &[])
                    ),
                    ("white-count", hands[0].to_string()),
                    (
                        "black",
                        tr(view.locale, &format!("side-{}", kind.side_name(Side::BLACK)), &[])
                    ),
                    ("black-count", hands[1].to_string()),
                ],
            )
        ));
    }
    if let Some(mv) = view.last_move {
        let (_, captured) = marks(view);
        let mut text = tr(view.locale, "last-move", &[("move", mv.to_owned())]);
        if !captured.is_empty() {
            let cells: Vec<String> = captured.iter().map(|c| (c + 1).to_string()).collect();
            text.push_str(&format!(
                ", {}",
                tr(view.locale, "fano-captured-cells", &[("cells", cells.join(", "))])
            ));
        }
        lines.push(text);
    }
    lines.push(status_line(any, view));
    lines
}

pub(crate) fn render(any: &AnyGame, view: &View) -> Board {
    let row = Row::from_game(any);
    let game = &row;
    let info = info_lines(game, any, view);
    let grid = text_grid(game, view);
    let markdown = match view.style {
        Style::Text => format!("```\n{grid}```\n{}", info.join("\n")),
        Style::Emoji => format!("{}{}", emoji_lines(game, view, ""), info.join("\n")),
        Style::Large => {
            let status = info.last().cloned().unwrap_or_default();
            format!("{}## {status}", emoji_lines(game, view, "# "))
        }
    };
    let plain = format!("{grid}{}", info.join("\n"));
    Board {
        markdown,
        html: html(game, view, &info),
        plain,
        description: description(game, view, &info),
    }
}

fn html(game: &Row, view: &View, info: &[String]) -> String {
    let mut out = String::from("<table><tr>");
    for i in 1..=game.cells().len() {
        out.push_str(&format!("<th>{i}</th>"));
    }
    out.push_str("</tr><tr>");
    for cell in game.cells() {
        let symbol = match view.style {
            Style::Text => letter(*cell).to_string(),
            Style::Emoji | Style::Large => emoji(*cell).to_owned(),
        };
        out.push_str(&format!("<td>{symbol}</td>"));
    }
    out.push_str("</tr></table>");
    let (status, rest) = info.split_last().expect("the status line is always there");
    for line in rest {
        out.push_str(&format!("<p>{}</p>", escape_html(line)));
    }
    let tag = if view.style == Style::Large { "h3" } else { "p" };
    out.push_str(&format!(
        "<{tag}><strong>{}</strong></{tag}>",
        escape_html(status)
    ));
    out
}

fn description(game: &Row, view: &View, info: &[String]) -> String {
    let kind = GameKind::Fano;
    let mut sentences = vec![info[0].clone(), info.last().cloned().unwrap_or_default()];
    for side in Side::BOTH {
        sentences.push(tr(
            view.locale,
            "fano-cells-of",
            &[
                ("side", side_label(kind, side, view)),
                ("cells", cell_list(game, side, view)),
            ],
        ));
    }
    sentences.extend(info[1..info.len() - 1].iter().cloned());
    sentences.join(". ") + "."
}
