//! Mancala boards — Mangala IV and En Gehé (two rows on one circuit) and Katro (6 rows) — and
//! the sowing trace and replay of a move. Drawn from the canonical position notation
//! (`docs/notation.md`) and the move's events, so the renderer depends only on those contracts.

use lalao_core::event::LapEnd;
use lalao_core::{AnyGame, Event, GameKind, Side};

use crate::{escape_html, side_label, status_line, tr, Board, Style, View};

/// A mancala position as drawn: hole counts plus the captured counts when the game keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Holes {
    pub kind: GameKind,
    /// Mangala/En Gehé: circuit order h0..h(2N-1). Katro: `row * columns + column`, row 0 = row 1.
    pub counts: Vec<u32>,
    /// Katro's number of columns; for the two-row games, holes per row.
    pub columns: usize,
    pub captured: Option<[u32; 2]>,
}

impl Holes {
    pub fn from_game(game: &AnyGame) -> Holes {
        let kind = game.kind();
        let position = game.position();
        let board = position.split(' ').next().unwrap_or_default();
        let rows: Vec<Vec<u32>> = board
            .split('/')
            .map(|row| row.split(',').map(|count| count.parse().unwrap_or(0)).collect())
            .collect();
        let columns = rows.first().map_or(0, Vec::len);
        let counts = if kind == GameKind::Katro {
            // Notation lists row 6 first; holes are indexed from row 1.
            rows.iter().rev().flatten().copied().collect()
        } else {
            rows.concat()
        };
        Holes {
            kind,
            counts,
            columns,
            captured: game.captured(),
        }
    }

    /// Name of a hole in the notation: `h3` on the circuit, `c2` on a Katro board.
    pub fn name(&self, hole: usize) -> String {
        if self.kind == GameKind::Katro {
            format!(
                "{}{}",
                (b'a' + (hole % self.columns) as u8) as char,
                hole / self.columns + 1
            )
        } else {
            format!("h{hole}")
        }
    }

    /// Applies one event of a move (for replays): laps move seeds, captures take them off.
    fn apply(&mut self, event: &Event) {
        match event {
            Event::Lap { start, sown, .. } => {
                if let Some(count) = self.counts.get_mut(*start as usize) {
                    *count = 0;
                }
                for hole in sown {
                    if let Some(count) = self.counts.get_mut(*hole as usize) {
                        *count += 1;
                    }
                }
            }
            Event::SeedsCaptured { by, holes } => {
                for (hole, seeds) in holes {
                    if let Some(count) = self.counts.get_mut(*hole as usize) {
                        *count = count.saturating_sub(*seeds);
                    }
                    if let Some(captured) = self.captured.as_mut() {
                        captured[by.index()] += seeds;
                    }
                }
            }
            _ => {}
        }
    }
}

/// Marks of the last move: the hole it started from, and the holes it captured from.
fn marks(events: &[Event]) -> (Option<usize>, Vec<usize>) {
    let start = events.iter().find_map(|event| match event {
        Event::Lap { start, .. } => Some(*start as usize),
        _ => None,
    });
    let captured = events
        .iter()
        .flat_map(|event| match event {
            Event::SeedsCaptured { holes, .. } => holes.iter().map(|(hole, _)| *hole as usize).collect(),
            _ => Vec::new(),
        })
        .collect();
    (start, captured)
}

fn cell(holes: &Holes, hole: usize, events: &[Event]) -> String {
    let (start, captured) = marks(events);
    let mark = if Some(hole) == start {
        '*'
    } else if captured.contains(&hole) {
        'x'
    } else {
        ' '
    };
    format!("{:>4}{mark}", holes.counts[hole])
}

/// Columns per block of the two-row text grid before it wraps.
const TWO_ROW_BLOCK: usize = 10;

/// Two-row board as South sees it: North's row reversed on top, so each column pairs a South
/// hole with its opposite (M-1, E-1). Wide boards wrap into blocks of [`TWO_ROW_BLOCK`] columns.
fn two_row_text(holes: &Holes, events: &[Event]) -> String {
    let n = holes.columns;
    let mut out = String::new();
    let columns: Vec<usize> = if n > FULL_BOARD_MAX {
        let (first, last) = window(holes, events, TWO_ROW_BLOCK);
        (first..last).collect()
    } else {
        (0..n).collect()
    };
    for block in columns.chunks(if n > 14 { TWO_ROW_BLOCK } else { n.max(1) }) {
        let north: Vec<usize> = block.iter().map(|c| 2 * n - 1 - c).collect();
        let labels = |row: &[usize]| -> String {
            format!(
                "   {}\n",
                row.iter()
                    .map(|h| format!("{:>4} ", format!("h{h}")))
                    .collect::<String>()
                    .trim_end()
            )
        };
        out.push_str(&labels(&north));
        out.push_str(&format!(
            " N {}\n",
            north.iter().map(|h| cell(holes, *h, events)).collect::<String>()
        ));
        out.push_str(&format!(
            " S {}\n",
            block.iter().map(|h| cell(holes, *h, events)).collect::<String>()
        ));
        out.push_str(&labels(block));
    }
    out
}

/// Katro: row 6 (North outer) on top down to row 1 (South outer), a rule between the camps.
fn katro_text(holes: &Holes, events: &[Event]) -> String {
    let columns = holes.columns;
    let letters = format!(
        "   {}\n",
        (0..columns)
            .map(|c| format!("{:>4} ", (b'a' + c as u8) as char))
            .collect::<String>()
            .trim_end()
    );
    let mut out = letters.clone();
    for row in (0..6).rev() {
        let cells: String = (0..columns)
            .map(|c| cell(holes, row * columns + c, events))
            .collect();
        out.push_str(&format!(" {} {cells} {}\n", row + 1, row + 1));
        if row == 3 {
            out.push_str(&format!("   {}\n", "-".repeat(columns * 5)));
        }
    }
    out.push_str(&letters);
    out
}

fn text_grid(holes: &Holes, events: &[Event]) -> String {
    if holes.kind == GameKind::Katro {
        katro_text(holes, events)
    } else {
        two_row_text(holes, events)
    }
}

const KEYCAPS: [&str; 11] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];

/// A hole as an emoji: keycaps up to 10, circled numbers up to 50, plain digits beyond.
fn emoji_count(count: u32) -> String {
    match count {
        0..=10 => KEYCAPS[count as usize].to_owned(),
        11..=20 => char::from_u32(0x2460 + count - 1)
            .map(String::from)
            .unwrap_or_default(),
        21..=35 => char::from_u32(0x3251 + count - 21)
            .map(String::from)
            .unwrap_or_default(),
        36..=50 => char::from_u32(0x32B1 + count - 36)
            .map(String::from)
            .unwrap_or_default(),
        _ => format!("({count})"),
    }
}

/// Columns of a wide two-row board shown around the last move in emoji style.
const EMOJI_WINDOW: usize = 8;
/// Widest two-row board drawn in full (En Gehé's traditional sizes go up to 50); wider ones are
/// drawn as a window around the last move with per-row totals, to fit one message.
const FULL_BOARD_MAX: usize = 50;

/// The columns `first..last` of a `width`-column window centred on the last move.
fn window(holes: &Holes, events: &[Event], width: usize) -> (usize, usize) {
    let n = holes.columns;
    if n <= width {
        return (0, n);
    }
    let (start, _) = marks(events);
    let centre = start.map_or(0, |h| if h < n { h } else { 2 * n - 1 - h });
    let first = centre.saturating_sub(width / 2).min(n - width);
    (first, first + width)
}

/// "S: 40 holes, 160 seeds" for boards too wide to list.
fn totals_line(holes: &Holes, view: &View, side: Side) -> String {
    let n = holes.columns;
    let range = if side == Side::SOUTH { 0..n } else { n..2 * n };
    let seeds: u32 = holes.counts[range].iter().sum();
    tr(
        view.locale,
        "mancala-row-totals",
        &[
            ("side", side_letter(view, side)),
            ("holes", n.to_string()),
            ("seeds", seeds.to_string()),
        ],
    )
}

fn emoji_grid(holes: &Holes, view: &View, heading: &str) -> String {
    let mut out = String::new();
    if holes.kind == GameKind::Katro {
        for row in (0..6).rev() {
            let cells: Vec<String> = (0..holes.columns)
                .map(|c| emoji_count(holes.counts[row * holes.columns + c]))
                .collect();
            out.push_str(&format!("{heading}`{}` {}\n", row + 1, cells.join(" ")));
            if row == 3 {
                out.push_str(&format!("{heading}{}\n", "➖".repeat(holes.columns)));
            }
        }
        return out;
    }
    let n = holes.columns;
    // Wider than a phone: a window around the last move, plus full-row summaries below.
    let (first, last) = if n <= 12 {
        (0, n)
    } else {
        window(holes, view.events, EMOJI_WINDOW)
    };
    let north: Vec<String> = (first..last)
        .map(|c| emoji_count(holes.counts[2 * n - 1 - c]))
        .collect();
    let south: Vec<String> = (first..last).map(|c| emoji_count(holes.counts[c])).collect();
    out.push_str(&format!("{heading}`N` {}\n", north.join(" ")));
    out.push_str(&format!("{heading}`S` {}\n", south.join(" ")));
    if n > 12 {
        out.push_str(&format!(
            "{}\n",
            tr(
                view.locale,
                "mancala-window",
                &[("first", format!("h{first}")), ("last", format!("h{}", last - 1))]
            )
        ));
        for side in Side::BOTH {
            if n > FULL_BOARD_MAX {
                out.push_str(&format!("{}\n", totals_line(holes, view, side)));
                continue;
            }
            let range = if side == Side::SOUTH { 0..n } else { n..2 * n };
            let counts: Vec<String> = range.map(|h| holes.counts[h].to_string()).collect();
            out.push_str(&format!("`{}` {}\n", side_letter(view, side), counts.join(" ")));
        }
    }
    out
}

fn side_letter(view: &View, side: Side) -> String {
    tr(
        view.locale,
        &format!("side-{}-short", GameKind::Engehe.side_name(side)),
        &[],
    )
}

fn captured_line(holes: &Holes, view: &View) -> Option<String> {
    let captured = holes.captured?;
    Some(tr(
        view.locale,
        "mancala-captured",
        &[
            ("south", side_label(holes.kind, Side::SOUTH, view)),
            ("south-count", captured[0].to_string()),
            ("north", side_label(holes.kind, Side::NORTH, view)),
            ("north-count", captured[1].to_string()),
        ],
    ))
}

/// "Last move: h3, 3 laps, captured 5 from h10."
fn last_move_line(holes: &Holes, view: &View) -> Option<String> {
    let mv = view.last_move?;
    let laps = view
        .events
        .iter()
        .filter(|event| matches!(event, Event::Lap { .. }))
        .count();
    let mut text = tr(view.locale, "last-move", &[("move", mv.to_owned())]);
    if laps > 0 {
        text.push_str(&format!(
            ", {}",
            tr(view.locale, "mancala-laps", &[("laps", laps.to_string())])
        ));
    }
    for event in view.events {
        if let Event::SeedsCaptured { holes: taken, .. } = event {
            let seeds: u32 = taken.iter().map(|(_, n)| n).sum();
            let from: Vec<String> = taken.iter().map(|(h, _)| holes.name(*h as usize)).collect();
            text.push_str(&format!(
                ", {}",
                tr(
                    view.locale,
                    "mancala-captured-from",
                    &[("seeds", seeds.to_string()), ("from", from.join(" "))]
                )
            ));
        }
    }
    Some(text)
}

fn title(holes: &Holes, view: &View) -> String {
    match holes.kind {
        GameKind::Katro => tr(
            view.locale,
            "katro-title",
            &[("columns", holes.columns.to_string())],
        ),
        GameKind::Mangala => tr(view.locale, "mangala-title", &[]),
        _ => tr(
            view.locale,
            "engehe-title",
            &[("holes", holes.columns.to_string())],
        ),
    }
}

fn row_summary(holes: &Holes, view: &View, side: Side) -> String {
    let holes_of: Vec<usize> = if holes.kind == GameKind::Katro {
        let rows = if side == Side::SOUTH { 0..3 } else { 3..6 };
        rows.flat_map(|row| (0..holes.columns).map(move |c| row * holes.columns + c))
            .collect()
    } else if side == Side::SOUTH {
        (0..holes.columns).collect()
    } else {
        (holes.columns..2 * holes.columns).collect()
    };
    let entries: Vec<String> = holes_of
        .iter()
        .map(|h| format!("{} {}", holes.name(*h), holes.counts[*h]))
        .collect();
    tr(
        view.locale,
        "mancala-row",
        &[
            ("side", side_label(holes.kind, side, view)),
            ("holes", entries.join(", ")),
        ],
    )
}

fn html_table(holes: &Holes, events: &[Event]) -> String {
    let mut out = String::from("<table>");
    let row_html = |cells: Vec<usize>| -> String {
        let mut row = String::from("<tr>");
        for hole in cells {
            row.push_str(&format!("<td>{}</td>", holes.counts[hole]));
        }
        row.push_str("</tr>");
        row
    };
    let header = |labels: Vec<String>| -> String {
        format!(
            "<tr>{}</tr>",
            labels.iter().map(|l| format!("<th>{l}</th>")).collect::<String>()
        )
    };
    if holes.kind == GameKind::Katro {
        let c = holes.columns;
        out.push_str(&header(
            (0..c).map(|i| ((b'a' + i as u8) as char).to_string()).collect(),
        ));
        for row in (0..6).rev() {
            out.push_str(&row_html((0..c).map(|col| row * c + col).collect()));
        }
    } else {
        let n = holes.columns;
        let (first, last) = if n > FULL_BOARD_MAX {
            window(holes, events, TWO_ROW_BLOCK)
        } else {
            (0, n)
        };
        out.push_str(&header(
            (first..last).map(|c| format!("h{}", 2 * n - 1 - c)).collect(),
        ));
        out.push_str(&row_html((first..last).map(|c| 2 * n - 1 - c).collect()));
        out.push_str(&row_html((first..last).collect()));
        out.push_str(&header((first..last).map(|c| format!("h{c}")).collect()));
    }
    out.push_str("</table>");
    out
}

/// Renders a mancala position given as [`Holes`], with `status` as its last line.
fn render_holes(holes: &Holes, view: &View, status: String, caption: Option<String>) -> Board {
    let mut info = vec![caption.unwrap_or_else(|| title(holes, view))];
    info.extend(last_move_line(holes, view));
    info.extend(captured_line(holes, view));
    if holes.kind != GameKind::Katro && holes.columns > FULL_BOARD_MAX {
        info.extend(Side::BOTH.map(|side| totals_line(holes, view, side)));
    }
    info.push(status);
    let grid = text_grid(holes, view.events);
    let markdown = match view.style {
        Style::Text => format!("```\n{grid}```\n{}", info.join("\n")),
        Style::Emoji => format!("{}{}", emoji_grid(holes, view, ""), info.join("\n")),
        Style::Large => {
            format!(
                "{}## {}",
                emoji_grid(holes, view, "### "),
                info.last().cloned().unwrap_or_default()
            )
        }
    };
    let plain = format!("{grid}{}", info.join("\n"));
    let (status_text, rest) = info.split_last().expect("status line");
    let mut html = html_table(holes, view.events);
    for line in rest {
        html.push_str(&format!("<p>{}</p>", escape_html(line)));
    }
    let tag = if view.style == Style::Large { "h3" } else { "p" };
    html.push_str(&format!(
        "<{tag}><strong>{}</strong></{tag}>",
        escape_html(status_text)
    ));
    let mut sentences = vec![status_text.clone()];
    let wide = holes.kind != GameKind::Katro && holes.columns > FULL_BOARD_MAX;
    if !wide {
        // (Wide boards already carry their per-row totals in `rest`.)
        sentences.extend(Side::BOTH.map(|side| row_summary(holes, view, side)));
    }
    sentences.extend(rest.iter().cloned());
    Board {
        markdown,
        html,
        plain,
        description: sentences.join(". ") + ".",
    }
}

pub(crate) fn render(game: &AnyGame, view: &View) -> Board {
    render_holes(&Holes::from_game(game), view, status_line(game, view), None)
}

/// The sowing trace of a move as sentences, one per lap: where it started, how many seeds,
/// where it ended and why, and what was captured.
pub fn sowing_trace(before: &AnyGame, events: &[Event], view: &View) -> Vec<String> {
    let holes = Holes::from_game(before);
    let mut lines = Vec::new();
    let mut lap = 0;
    for event in events {
        match event {
            Event::Lap {
                start,
                seeds,
                sown,
                end,
            } => {
                lap += 1;
                let last = sown.last().map_or_else(String::new, |h| holes.name(*h as usize));
                let end_id = match end {
                    LapEnd::Stop => "trace-stop",
                    LapEnd::Relay => "trace-relay",
                    LapEnd::Capture => "trace-capture",
                    LapEnd::Loop => "trace-loop",
                };
                lines.push(tr(
                    view.locale,
                    "trace-lap",
                    &[
                        ("lap", lap.to_string()),
                        ("seeds", seeds.to_string()),
                        ("start", holes.name(*start as usize)),
                        ("last", last.clone()),
                        ("end", tr(view.locale, end_id, &[("hole", last)])),
                    ],
                ));
            }
            Event::SeedsCaptured { by, holes: taken } => {
                let parts: Vec<String> = taken
                    .iter()
                    .map(|(h, n)| format!("{} {}", holes.name(*h as usize), n))
                    .collect();
                lines.push(tr(
                    view.locale,
                    "trace-captured",
                    &[
                        ("side", side_label(holes.kind, *by, view)),
                        ("holes", parts.join(", ")),
                    ],
                ));
            }
            Event::Passed { side } => {
                lines.push(tr(
                    view.locale,
                    "trace-passed",
                    &[("side", side_label(holes.kind, *side, view))],
                ));
            }
            _ => {}
        }
    }
    lines
}

/// The move replayed step by step: one small board after each lap (and its captures), for
/// posting as a replay for children. The last frame equals the position after the move.
pub fn sowing_replay(before: &AnyGame, events: &[Event], view: &View) -> Vec<Board> {
    let mut holes = Holes::from_game(before);
    let trace = sowing_trace(before, events, view);
    let laps = events
        .iter()
        .filter(|event| matches!(event, Event::Lap { .. }))
        .count();
    let mut frames = Vec::new();
    let mut lap = 0;
    let mut line = 0;
    let mut pending: Vec<&Event> = Vec::new();
    let flush = |holes: &Holes, pending: &[&Event], lap: usize, lines: &[String]| -> Board {
        let events: Vec<Event> = pending.iter().map(|e| (*e).clone()).collect();
        let frame_view = View {
            last_move: None,
            events: &events,
            ..*view
        };
        let caption = tr(
            view.locale,
            "replay-step",
            &[("step", lap.to_string()), ("steps", laps.to_string())],
        );
        render_holes(holes, &frame_view, lines.join(" "), Some(caption))
    };
    for (index, event) in events.iter().enumerate() {
        if !matches!(event, Event::Lap { .. } | Event::SeedsCaptured { .. }) {
            continue;
        }
        holes.apply(event);
        pending.push(event);
        if matches!(event, Event::Lap { .. }) {
            lap += 1;
        }
        // A frame ends after a lap unless its captures follow right after it.
        let next_is_capture = matches!(events.get(index + 1), Some(Event::SeedsCaptured { .. }));
        if !next_is_capture {
            let consumed = pending.len();
            frames.push(flush(
                &holes,
                &pending,
                lap,
                &trace[line..(line + consumed).min(trace.len())],
            ));
            line += consumed;
            pending.clear();
        }
    }
    frames
}
