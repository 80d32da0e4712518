//! Mancala boards — Mangala IV and En Gehé (two rows on one circuit) and Katro (6 rows) — and
//! the sowing trace and replay of a move. Drawn from the canonical position notation
//! (`docs/notation.md`) and the move's events, so the renderer depends only on those contracts.
//!
//! One concern per module: the position read from the notation (`holes`), the steps a move's
//! events tell (`steps`) and the marks they leave (`marks`), the window a wide board shows
//! (`window`), each form of the board (`text`, `emoji`, `html`, `reader`) and the lines around
//! it (`info`), and the move told as sentences (`trace`) or replayed board by board (`replay`).

mod emoji;
pub(crate) mod holes;
mod html;
pub(crate) mod info;
pub(crate) mod marks;
mod reader;
pub(crate) mod replay;
pub(crate) mod steps;
#[cfg(test)]
mod tests;
mod text;
pub(crate) mod trace;
pub(crate) mod window;

use lalao_core::{AnyGame, Side};

pub use replay::{sowing_replay, REPLAY_MAX_FRAMES};
pub use trace::sowing_trace;

use crate::{escape_html, status_line, Board, Style, View};
use emoji::emoji_grid;
use holes::Holes;
use html::html_table;
use info::{captured_line, last_move_line, title, totals_line, Info};
use marks::Marks;
use reader::reader_rows;
use steps::{steps, Step};
use text::text_grid;
use window::{Extent, FULL_BOARD_MAX};

/// Renders a mancala position given as [`Holes`]: the board after a move (`steps` are that
/// move's), or a replay frame.
fn render_holes(
    holes: &Holes,
    steps: &[Step],
    last_move: Option<&str>,
    view: &View,
    info: Info,
    extent: Extent,
) -> Board {
    let marks = Marks::of(steps);
    let simple = view.style == Style::Large;
    // In a replay frame of laps, the start mark is where the frame's lap started.
    let frame = matches!(extent, Extent::Frame { .. })
        && !steps.iter().any(|step| matches!(step, Step::Stepped { .. }));
    let text_legend = marks.legend(view, frame, |mark| mark.text().to_string());
    let emoji_legend = marks.legend(view, frame, |mark| mark.emoji().to_owned());
    let mut lines = vec![info.caption.clone()];
    lines.extend(info.last_move.clone());
    lines.extend(info.captured.clone());
    lines.extend(info.totals.iter().cloned());
    let grid = text_grid(holes, &marks, view, extent);
    let with_legend = |legend: &Option<String>| -> String {
        let mut all = lines.clone();
        all.extend(legend.clone());
        all.push(info.status.clone());
        all.join("\n")
    };
    let markdown = match view.style {
        Style::Text | Style::Reader => format!("```\n{grid}```\n{}", with_legend(&text_legend)),
        Style::Emoji => {
            let emoji = emoji_grid(holes, &marks, view, "", extent);
            let notes: String = emoji[1..].iter().map(|line| format!("{line}\n")).collect();
            format!("{}{notes}{}", emoji[0], with_legend(&emoji_legend))
        }
        Style::Large => {
            // Bigger symbols, fewer words: the grid as headings, then the move and the
            // captured totals in plain words, then whose turn as a heading.
            let emoji = emoji_grid(holes, &marks, view, "### ", extent);
            let mut all = emoji[1..].to_vec();
            all.extend(info.last_move.clone());
            all.extend(info.captured.clone());
            all.extend(info.totals.iter().cloned());
            all.extend(emoji_legend.clone());
            format!("{}{}\n## {}", emoji[0], all.join("\n"), info.status)
        }
    };
    let plain = format!("{grid}{}", with_legend(&text_legend));
    let html = if simple {
        let emoji = emoji_grid(holes, &marks, view, "", extent);
        let mut html: String = emoji[0]
            .lines()
            .map(|line| format!("<h2>{}</h2>", escape_html(&line.replace('`', ""))))
            .collect();
        let mut all = emoji[1..].to_vec();
        all.extend(info.last_move.clone());
        all.extend(info.captured.clone());
        all.extend(info.totals.iter().cloned());
        all.extend(emoji_legend.clone());
        for line in all {
            html.push_str(&format!("<p>{}</p>", escape_html(&line.replace('`', ""))));
        }
        html.push_str(&format!(
            "<h2><strong>{}</strong></h2>",
            escape_html(&info.status)
        ));
        html
    } else {
        let mut html = html_table(holes, &marks, view, extent);
        for line in &lines {
            html.push_str(&format!("<p>{}</p>", escape_html(line)));
        }
        html.extend(marks.html_legend(view, frame));
        html.push_str(&format!("<p><strong>{}</strong></p>", escape_html(&info.status)));
        html
    };
    let mut sentences = vec![info.status.clone()];
    if let Extent::Frame { .. } = extent {
        sentences.insert(0, info.caption.clone());
    }
    sentences.extend(reader_rows(holes, view));
    sentences.extend(info.captured.clone());
    if !simple {
        sentences.extend(info.last_move.clone());
    } else {
        sentences.extend(last_move_line(holes, steps, last_move, view, false));
    }
    let description = sentences
        .iter()
        .map(|s| s.trim_end_matches('.'))
        .collect::<Vec<_>>()
        .join(". ")
        + ".";
    Board {
        markdown,
        html,
        plain,
        description,
        banner: (view.style == Style::Large).then(|| info.status.clone()),
    }
}

pub(crate) fn render(game: &AnyGame, view: &View) -> Board {
    let holes = Holes::from_game(game);
    let steps = steps(view.events);
    let simple = view.style == Style::Large;
    let wide = !holes.is_katro() && holes.columns > FULL_BOARD_MAX;
    let info = Info {
        caption: title(&holes, view),
        last_move: last_move_line(&holes, &steps, view.last_move, view, simple),
        captured: captured_line(&holes, view),
        totals: if wide {
            [Side::NORTH, Side::SOUTH]
                .map(|side| totals_line(&holes, view, side))
                .to_vec()
        } else {
            Vec::new()
        },
        status: status_line(game, view),
    };
    render_holes(&holes, &steps, view.last_move, view, info, Extent::Board)
}
