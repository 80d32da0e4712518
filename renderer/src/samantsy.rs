//! Samantsy boards (RULES.md §1), drawn from the canonical position notation
//! (`docs/notation.md`) so the renderer depends only on that contract.

use lalao_core::{AnyGame, Event, GameKind, Side};

use crate::{
    escape_html, html_cell, join_sentences, side_label, status_line, tr, Board, HtmlMark, Locale, Style, View,
};

/// One square: `None` empty, else (side, letter in H A B F V Z).
pub(crate) type Square = Option<(Side, char)>;

/// The 64 squares, a1 = 0 … h8 = 63, read from `<rank 8>/…/<rank 1> <w|b>`.
pub(crate) fn parse(position: &str) -> [Square; 64] {
    let mut squares = [None; 64];
    let board = position.split(' ').next().unwrap_or_default();
    for (row, rank_text) in board.split('/').enumerate() {
        let rank = 7usize.saturating_sub(row);
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(run) = c.to_digit(10) {
                file += run as usize;
            } else if file < 8 {
                let side = if c.is_ascii_uppercase() {
                    Side::WHITE
                } else {
                    Side::BLACK
                };
                squares[rank * 8 + file] = Some((side, c.to_ascii_uppercase()));
                file += 1;
            }
        }
    }
    squares
}

/// Piece ids used in the Fluent files (`piece-hova`, …).
pub(crate) fn piece_id(letter: char) -> &'static str {
    match letter {
        'H' => "hova",
        'A' => "anakova",
        'B' => "basy",
        'F' => "farasy",
        'V' => "vorona",
        _ => "zaza",
    }
}

/// Chess glyphs: hova = king, anakova = queen (a ferz), basy = bishop (an alfil), farasy =
/// knight, vorona = rook, zaza = pawn. U+FE0E keeps the pawns as text, like the others.
fn glyph(side: Side, letter: char) -> &'static str {
    match (side, letter) {
        (Side::First, 'H') => "♔",
        (Side::First, 'A') => "♕",
        (Side::First, 'B') => "♗",
        (Side::First, 'F') => "♘",
        (Side::First, 'V') => "♖",
        (Side::First, _) => "♙",
        (Side::Second, 'H') => "♚",
        (Side::Second, 'A') => "♛",
        (Side::Second, 'B') => "♝",
        (Side::Second, 'F') => "♞",
        (Side::Second, 'V') => "♜",
        (Side::Second, _) => "♟\u{fe0e}",
    }
}

fn square_name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8 + 1)
}

/// Last move: origin and destination squares.
pub(crate) fn last_squares(view: &View) -> (Option<usize>, Option<usize>) {
    view.events
        .iter()
        .find_map(|event| match event {
            Event::Moved { from, to, .. } => Some((Some(*from as usize), Some(*to as usize))),
            _ => None,
        })
        .unwrap_or((None, None))
}

/// Ranks and files in drawing order: White's view has rank 8 on top, Black's view rank 1.
pub(crate) fn orientation(view: &View) -> (Vec<usize>, Vec<usize>) {
    if view.viewer == Some(Side::BLACK) {
        ((0..8).collect(), (0..8).rev().collect())
    } else {
        ((0..8).rev().collect(), (0..8).collect())
    }
}

fn text_grid(squares: &[Square; 64], view: &View) -> String {
    let (ranks, files) = orientation(view);
    let (from, to) = last_squares(view);
    let file_line: String = format!(
        "    {}\n",
        files
            .iter()
            .map(|f| format!("{}  ", (b'a' + *f as u8) as char))
            .collect::<String>()
            .trim_end()
    );
    let mut out = file_line.clone();
    for rank in &ranks {
        let mut line = format!("{:>2} ", rank + 1);
        for file in &files {
            let index = rank * 8 + file;
            let symbol = match squares[index] {
                None => '.',
                Some((side, letter)) => {
                    if side == Side::WHITE {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    }
                }
            };
            if Some(index) == to {
                line.push_str(&format!("[{symbol}]"));
            } else if Some(index) == from {
                line.push_str(&format!("({symbol})"));
            } else {
                line.push_str(&format!(" {symbol} "));
            }
        }
        line.push_str(&format!(" {}\n", rank + 1));
        out.push_str(&line);
    }
    out.push_str(&file_line);
    out
}

fn emoji_grid(squares: &[Square; 64], view: &View, heading: &str) -> String {
    let (ranks, files) = orientation(view);
    let mut out = String::new();
    for rank in &ranks {
        let row: String = files
            .iter()
            .map(|file| match squares[rank * 8 + file] {
                None => "·".to_owned(),
                Some((side, letter)) => glyph(side, letter).to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\u{2002}");
        out.push_str(&format!("{heading}`{}`\u{2002}{row}\n", rank + 1));
    }
    let files_line: Vec<String> = files
        .iter()
        .map(|f| ((b'a' + *f as u8) as char).to_string())
        .collect();
    out.push_str(&format!("{heading}`  `\u{2002}{}\n", files_line.join("\u{2002}")));
    out
}

/// The letters of the text grid, in the order [`piece_legend`] lists them.
const LETTERS: [char; 6] = ['H', 'A', 'B', 'F', 'V', 'Z'];

/// What each piece is called, what its name means and how it moves, one line per piece
/// ("H ♔ hova (lord): one step in any direction, like a king"): the legend of the text grid's
/// letters and the emoji grid's glyphs (RULES.md S-2, S-5; docs/notation.md).
pub fn piece_legend(locale: Locale) -> Vec<String> {
    LETTERS
        .iter()
        .map(|letter| {
            let id = piece_id(*letter);
            tr(
                locale,
                "piece-legend",
                &[
                    ("letter", letter.to_string().into()),
                    ("glyph", glyph(Side::WHITE, *letter).into()),
                    ("name", tr(locale, &format!("piece-{id}"), &[]).into()),
                    ("meaning", tr(locale, &format!("piece-{id}-meaning"), &[]).into()),
                    ("moves", tr(locale, &format!("piece-{id}-moves"), &[]).into()),
                ],
            )
        })
        .collect()
}

/// The short key under the text grid: "H hova, A anakova, … (capitals White, small letters
/// Black)".
fn letter_key(view: &View) -> String {
    let pieces: Vec<String> = LETTERS
        .iter()
        .map(|letter| {
            format!(
                "{letter} {}",
                tr(view.locale, &format!("piece-{}", piece_id(*letter)), &[])
            )
        })
        .collect();
    tr(
        view.locale,
        "samantsy-key",
        &[("pieces", pieces.join(", ").into())],
    )
}

pub(crate) fn info_lines(game: &AnyGame, view: &View) -> Vec<String> {
    let mut lines = vec![tr(view.locale, "samantsy-title", &[])];
    if let Some(mv) = view.last_move {
        let mut text = tr(view.locale, "last-move", &[("move", mv.into())]);
        for event in view.events {
            match event {
                Event::Removed { at, .. } => {
                    let squares: Vec<String> = at.iter().map(|s| square_name(*s as usize)).collect();
                    text.push_str(&format!(
                        ", {}",
                        tr(view.locale, "captured-at", &[("at", squares.join(", ").into())])
                    ));
                }
                Event::Promoted { .. } => {
                    text.push_str(&format!(", {}", tr(view.locale, "samantsy-promoted", &[])))
                }
                _ => {}
            }
        }
        lines.push(text);
    }
    lines.push(status_line(game, view));
    lines
}

/// Whose turn, the viewer's pieces then the opponent's (each side's for a spectator), the
/// last move.
fn description(squares: &[Square; 64], view: &View, info: &[String]) -> String {
    let mut sentences = vec![info.last().cloned().unwrap_or_default()];
    let pieces_of = |side: Side| -> String {
        let mut pieces: Vec<String> = Vec::new();
        for letter in ['H', 'A', 'V', 'B', 'F', 'Z'] {
            let at: Vec<String> = (0..64)
                .filter(|i| squares[*i] == Some((side, letter)))
                .map(square_name)
                .collect();
            if !at.is_empty() {
                let name = tr(view.locale, &format!("piece-{}", piece_id(letter)), &[]);
                pieces.push(format!("{name} {}", at.join(" ")));
            }
        }
        pieces.join(", ")
    };
    match view.viewer {
        Some(me) => {
            for (id, side) in [("reader-your-pieces", me), ("reader-their-pieces", me.opponent())] {
                sentences.push(tr(view.locale, id, &[("items", pieces_of(side).into())]));
            }
        }
        None => {
            for side in Side::BOTH {
                sentences.push(tr(
                    view.locale,
                    "side-holds",
                    &[
                        ("side", side_label(GameKind::Samantsy, side, view).into()),
                        ("items", pieces_of(side).into()),
                    ],
                ));
            }
        }
    }
    sentences.extend(info[1..info.len() - 1].iter().cloned());
    join_sentences(&sentences)
}

fn html(squares: &[Square; 64], view: &View, info: &[String]) -> String {
    let (status, rest) = info.split_last().expect("status line");
    if view.style == Style::Large {
        // Bigger and simpler: the glyph rows as headings, no table, no title.
        let mut out: String = emoji_grid(squares, view, "")
            .lines()
            .map(|line| format!("<h2>{}</h2>", escape_html(&line.replace('`', ""))))
            .collect();
        for line in &rest[1..] {
            out.push_str(&format!("<p>{}</p>", escape_html(line)));
        }
        out.push_str(&format!("<h2><strong>{}</strong></h2>", escape_html(status)));
        return out;
    }
    let (ranks, files) = orientation(view);
    let (from, to) = last_squares(view);
    let mut out = String::from("<table><tr><th></th>");
    for file in &files {
        out.push_str(&format!("<th>{}</th>", (b'a' + *file as u8) as char));
    }
    out.push_str("</tr>");
    for rank in &ranks {
        out.push_str(&format!("<tr><th>{}</th>", rank + 1));
        for file in &files {
            let index = rank * 8 + file;
            let symbol = match squares[index] {
                None => "·",
                Some((side, letter)) => glyph(side, letter),
            };
            let mark = if Some(index) == from {
                Some(HtmlMark::From)
            } else if Some(index) == to {
                Some(HtmlMark::To)
            } else {
                None
            };
            out.push_str(&html_cell(symbol, mark));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    for line in rest {
        out.push_str(&format!("<p>{}</p>", escape_html(line)));
    }
    out.push_str(&format!("<p><strong>{}</strong></p>", escape_html(status)));
    out
}

pub(crate) fn render(game: &AnyGame, view: &View) -> Board {
    let squares = parse(&game.position());
    let info = info_lines(game, view);
    let grid = text_grid(&squares, view);
    // The text grid's letters get their key before the status line.
    let (status, rest) = info.split_last().expect("status line");
    let mut keyed = rest.to_vec();
    keyed.push(letter_key(view));
    keyed.push(status.clone());
    let markdown = match view.style {
        Style::Text | Style::Reader => format!("```\n{grid}```\n{}", keyed.join("\n")),
        Style::Emoji => format!("{}{}", emoji_grid(&squares, view, ""), info.join("\n")),
        Style::Large => {
            // Big glyphs, the last move in plain words, then whose turn (no title).
            let mut lines = rest[1..].to_vec();
            lines.push(format!("## {status}"));
            format!("{}{}", emoji_grid(&squares, view, "### "), lines.join("\n"))
        }
    };
    let plain = format!("{grid}{}", keyed.join("\n"));
    Board {
        markdown,
        html: html(&squares, view, &info),
        plain,
        description: description(&squares, view, &info),
        banner: (view.style == Style::Large).then(|| status.clone()),
    }
}
