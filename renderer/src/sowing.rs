//! Mancala boards — Mangala IV and En Gehé (two rows on one circuit) and Katro (6 rows) — and
//! the sowing trace and replay of a move. Drawn from the canonical position notation
//! (`docs/notation.md`) and the move's events, so the renderer depends only on those contracts.

use lalao_core::event::LapEnd;
use lalao_core::{AnyGame, Event, GameKind, Side};

use crate::{
    escape_html, for_style, html_cell, side_label, status_line, tr, Board, Style, View, HTML_MARK_CAPTURED,
    HTML_MARK_FROM, HTML_MARK_TO,
};

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

    fn is_katro(&self) -> bool {
        self.kind == GameKind::Katro
    }

    /// Name of a hole in the notation: `h3` on the circuit, `c2` on a Katro board.
    pub fn name(&self, hole: usize) -> String {
        if self.is_katro() {
            format!(
                "{}{}",
                column_letter(hole % self.columns),
                hole / self.columns + 1
            )
        } else {
            format!("h{hole}")
        }
    }

    fn count(&self, hole: usize) -> u32 {
        self.counts.get(hole).copied().unwrap_or(0)
    }

    /// A side's holes in reading order: South's row h0…, North's row hN…; Katro's rows from the
    /// owner's outer row inwards, each from column a.
    fn side_holes(&self, side: Side) -> Vec<usize> {
        let c = self.columns;
        if self.is_katro() {
            let rows: Vec<usize> = if side == Side::SOUTH {
                vec![0, 1, 2]
            } else {
                vec![5, 4, 3]
            };
            rows.into_iter()
                .flat_map(|row| (0..c).map(move |col| row * c + col))
                .collect()
        } else if side == Side::SOUTH {
            (0..c).collect()
        } else {
            (c..2 * c).collect()
        }
    }

    /// The column (South's numbering) of a two-row hole: h_i and its opposite share one.
    fn column_of(&self, hole: usize) -> usize {
        let n = self.columns;
        if hole < n {
            hole
        } else {
            (2 * n - 1).saturating_sub(hole)
        }
    }

    /// Applies one step of a move (for replays): laps move seeds, a lone seed steps, captures
    /// and sweeps take seeds off into the stores.
    fn apply(&mut self, step: &Step) {
        let add = |holes: &mut Holes, hole: usize, delta: i64| {
            if let Some(count) = holes.counts.get_mut(hole) {
                *count = (i64::from(*count) + delta).max(0) as u32;
            }
        };
        match *step {
            Step::Lap { start, sown, .. } => {
                if let Some(count) = self.counts.get_mut(start) {
                    *count = 0;
                }
                for hole in sown {
                    add(self, *hole as usize, 1);
                }
            }
            Step::Stepped { from, to } => {
                add(self, from, -1);
                add(self, to, 1);
            }
            Step::Capture { by, holes } | Step::Sweep { by, holes } => {
                for (hole, seeds) in holes {
                    add(self, *hole as usize, -i64::from(*seeds));
                    if let Some(captured) = self.captured.as_mut() {
                        captured[by.index()] += seeds;
                    }
                }
            }
            Step::Passed { .. } => {}
        }
    }
}

fn column_letter(column: usize) -> char {
    char::from(b'a' + (column % 26) as u8)
}

/// One thing a move did, as the renderer tells it.
#[derive(Clone, Copy, Debug)]
enum Step<'a> {
    Lap {
        start: usize,
        seeds: u32,
        sown: &'a [u16],
        end: LapEnd,
    },
    /// Katro §5.5 `lone-stone`: the lone seed stepped one hole (the core's `Moved` event).
    Stepped {
        from: usize,
        to: usize,
    },
    /// Seeds captured at the end of a lap, or by a lone-stone step.
    Capture {
        by: Side,
        holes: &'a [(u16, u32)],
    },
    /// The end-of-game sweep (Mangala IV M-10, En Gehé E-9/E-10): seeds left on the board go to
    /// a store. The core reports it as `SeedsCaptured` after the last lap.
    Sweep {
        by: Side,
        holes: &'a [(u16, u32)],
    },
    Passed {
        side: Side,
    },
}

impl Step<'_> {
    fn starts_unit(&self) -> bool {
        matches!(
            self,
            Step::Lap { .. } | Step::Stepped { .. } | Step::Passed { .. }
        )
    }
}

/// The steps of a move's events. `SeedsCaptured` is a capture when it follows a lap that
/// ended in a capture or a lone-stone step; any other one is an end-of-game sweep.
fn steps(events: &[Event]) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    let mut previous: Option<&Event> = None;
    for event in events {
        match event {
            Event::Lap {
                start,
                seeds,
                sown,
                end,
            } => out.push(Step::Lap {
                start: *start as usize,
                seeds: *seeds,
                sown,
                end: *end,
            }),
            Event::Moved { from, to, .. } => out.push(Step::Stepped {
                from: *from as usize,
                to: *to as usize,
            }),
            Event::SeedsCaptured { by, holes } => {
                let capture = matches!(
                    previous,
                    Some(Event::Lap {
                        end: LapEnd::Capture,
                        ..
                    }) | Some(Event::Moved { .. })
                );
                out.push(if capture {
                    Step::Capture { by: *by, holes }
                } else {
                    Step::Sweep { by: *by, holes }
                });
            }
            Event::Passed { side } => out.push(Step::Passed { side: *side }),
            _ => {}
        }
        previous = Some(event);
    }
    out
}

/// How a hole is marked after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// The hole the move started from (or the lone seed left).
    Start,
    /// Where the lone seed stepped to.
    Arrived,
    /// A hole seeds were captured from.
    Captured,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Start, Mark::Arrived, Mark::Captured];

    fn text(self) -> char {
        match self {
            Mark::Start => '*',
            Mark::Arrived => '+',
            Mark::Captured => 'x',
        }
    }

    fn emoji(self) -> &'static str {
        match self {
            Mark::Start => "⭐",
            Mark::Arrived => "🔹",
            Mark::Captured => "❌",
        }
    }

    fn html_colour(self) -> &'static str {
        match self {
            Mark::Start => HTML_MARK_FROM,
            Mark::Arrived => HTML_MARK_TO,
            Mark::Captured => HTML_MARK_CAPTURED,
        }
    }

    fn legend_id(self, frame: bool) -> &'static str {
        match self {
            Mark::Start if frame => "mark-start-lap",
            Mark::Start => "mark-start",
            Mark::Arrived => "mark-arrived",
            Mark::Captured => "mark-captured",
        }
    }
}

/// The marks of a move: where it started, where a lone seed stepped, what it captured.
#[derive(Clone, Debug, Default)]
struct Marks {
    start: Option<usize>,
    arrived: Option<usize>,
    captured: Vec<usize>,
}

impl Marks {
    fn of(steps: &[Step]) -> Marks {
        let mut marks = Marks::default();
        for step in steps {
            match *step {
                Step::Lap { start, .. } => {
                    marks.start.get_or_insert(start);
                }
                Step::Stepped { from, to } => {
                    marks.start.get_or_insert(from);
                    marks.arrived = Some(to);
                }
                Step::Capture { holes, .. } => marks
                    .captured
                    .extend(holes.iter().map(|(hole, _)| *hole as usize)),
                Step::Sweep { .. } | Step::Passed { .. } => {}
            }
        }
        marks
    }

    fn at(&self, hole: usize) -> Option<Mark> {
        if self.start == Some(hole) {
            Some(Mark::Start)
        } else if self.arrived == Some(hole) {
            Some(Mark::Arrived)
        } else if self.captured.contains(&hole) {
            Some(Mark::Captured)
        } else {
            None
        }
    }

    fn used(&self) -> Vec<Mark> {
        Mark::ALL
            .into_iter()
            .filter(|mark| match mark {
                Mark::Start => self.start.is_some(),
                Mark::Arrived => self.arrived.is_some(),
                Mark::Captured => !self.captured.is_empty(),
            })
            .collect()
    }

    /// "* start of the last move, x captured", for the marks drawn with `symbol`.
    /// In a replay `frame`, the start mark is the start of the frame's lap.
    fn legend(&self, view: &View, frame: bool, symbol: impl Fn(Mark) -> String) -> Option<String> {
        let parts: Vec<String> = self
            .used()
            .into_iter()
            .map(|mark| {
                tr(
                    view.locale,
                    mark.legend_id(frame),
                    &[("mark", symbol(mark).into())],
                )
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// Which part of the board a grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extent {
    /// The position after a move: the whole board (a window around the move if very wide).
    Board,
    /// A replay frame: a window around `centre` (a column of the two-row grid) on wide boards.
    Frame { centre: usize },
}

/// Columns per block of the two-row text grid before it wraps.
const TWO_ROW_BLOCK: usize = 10;
/// Widest two-row board drawn in full as text in one block.
const TWO_ROW_ONE_BLOCK: usize = 14;
/// Columns of a wide two-row board shown around the last move in emoji style.
const EMOJI_WINDOW: usize = 8;
/// Widest two-row board drawn in full as emoji.
const EMOJI_FULL_MAX: usize = 12;
/// Widest two-row board drawn in full (En Gehé's traditional sizes go up to 50); wider ones are
/// drawn as a window around the last move with per-row totals, to fit one message.
const FULL_BOARD_MAX: usize = 50;
/// The screen-reader description lists each hole of a side up to this many holes, and
/// summarises bigger sides.
const READER_LIST_MAX: usize = 24;

/// The columns `first..last` of a `width`-column window around `centre`.
fn window_around(n: usize, centre: usize, width: usize) -> (usize, usize) {
    if n <= width {
        return (0, n);
    }
    let first = centre.saturating_sub(width / 2).min(n - width);
    (first, first + width)
}

/// The `width`-column window of a wide two-row board shown after a move: all its marks if
/// they fit, else centred on where it started.
fn move_window(holes: &Holes, marks: &Marks, width: usize) -> (usize, usize) {
    let n = holes.columns;
    let start = marks.start.or(marks.arrived).map(|hole| holes.column_of(hole));
    let columns: Vec<usize> = start
        .into_iter()
        .chain(marks.captured.iter().map(|hole| holes.column_of(*hole)))
        .collect();
    let (Some(low), Some(high)) = (columns.iter().min(), columns.iter().max()) else {
        return window_around(n, 0, width);
    };
    if high - low < width {
        window_around(n, (low + high).div_ceil(2), width)
    } else {
        window_around(n, start.unwrap_or(*low), width)
    }
}

fn digits(count: u32) -> usize {
    count.to_string().len()
}

/// Two-row board as South sees it: North's row reversed on top, so each column pairs a South
/// hole with its opposite (M-1, E-1), hole names above and below, side letters at both ends.
/// Each column is as wide as its widest name or count. Wide boards wrap into blocks of
/// [`TWO_ROW_BLOCK`] columns.
fn two_row_text(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    let n = holes.columns;
    let columns: Vec<usize> = match extent {
        Extent::Board if n > FULL_BOARD_MAX => {
            let (first, last) = move_window(holes, marks, TWO_ROW_BLOCK);
            (first..last).collect()
        }
        Extent::Board => (0..n).collect(),
        Extent::Frame { centre } => {
            let width = if n > TWO_ROW_ONE_BLOCK { TWO_ROW_BLOCK } else { n };
            let (first, last) = window_around(n, centre, width);
            (first..last).collect()
        }
    };
    let block = if columns.len() > TWO_ROW_ONE_BLOCK {
        TWO_ROW_BLOCK
    } else {
        columns.len().max(1)
    };
    let letters = [side_letter(view, Side::NORTH), side_letter(view, Side::SOUTH)];
    let margin = letters.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for chunk in columns.chunks(block) {
        let pairs: Vec<(usize, usize)> = chunk.iter().map(|c| (2 * n - 1 - c, *c)).collect();
        let widths: Vec<usize> = pairs
            .iter()
            .map(|(north, south)| {
                let names = holes.name(*north).len().max(holes.name(*south).len());
                let counts = digits(holes.count(*north)).max(digits(holes.count(*south)));
                names.max(counts) + 1
            })
            .collect();
        let labels = |row: Vec<usize>| -> String {
            let names: String = row
                .iter()
                .zip(&widths)
                .map(|(hole, width)| format!("{:>width$} ", holes.name(*hole)))
                .collect();
            format!("{}{}\n", " ".repeat(margin + 2), names.trim_end())
        };
        let cells = |row: Vec<usize>, letter: &str| -> String {
            let cells: String = row
                .iter()
                .zip(&widths)
                .map(|(hole, width)| {
                    let mark = marks.at(*hole).map_or(' ', Mark::text);
                    format!("{:>width$}{mark}", holes.count(*hole))
                })
                .collect();
            format!(" {letter:<margin$} {cells} {letter}\n")
        };
        let north: Vec<usize> = pairs.iter().map(|(north, _)| *north).collect();
        let south: Vec<usize> = pairs.iter().map(|(_, south)| *south).collect();
        out.push_str(&labels(north.clone()));
        out.push_str(&cells(north, &letters[0]));
        out.push_str(&cells(south.clone(), &letters[1]));
        out.push_str(&labels(south));
    }
    out
}

/// Katro: row 6 (North outer) on top down to row 1 (South outer), a rule between the camps,
/// column letters above and below, row numbers at both ends.
/// Widest Katro text line before its columns lose their leading space (the mark slot after
/// each count still separates them), so that 26 columns of hundreds of seeds fit a message.
const KATRO_LINE_MAX: usize = 110;

fn katro_text(holes: &Holes, marks: &Marks) -> String {
    let c = holes.columns;
    let mut widths: Vec<usize> = (0..c)
        .map(|col| {
            (0..6)
                .map(|row| digits(holes.count(row * c + col)))
                .max()
                .unwrap_or(1)
                + 1
        })
        .collect();
    if widths.iter().map(|w| w + 1).sum::<usize>() > KATRO_LINE_MAX {
        widths.iter_mut().for_each(|w| *w -= 1);
    }
    let letters: String = widths
        .iter()
        .enumerate()
        .map(|(col, width)| format!("{:>width$} ", column_letter(col)))
        .collect();
    let letters = format!("   {}\n", letters.trim_end());
    let mut out = letters.clone();
    for row in (0..6).rev() {
        let cells: String = widths
            .iter()
            .enumerate()
            .map(|(col, width)| {
                let hole = row * c + col;
                let mark = marks.at(hole).map_or(' ', Mark::text);
                format!("{:>width$}{mark}", holes.count(hole))
            })
            .collect();
        out.push_str(&format!(" {} {cells} {}\n", row + 1, row + 1));
        if row == 3 {
            let total: usize = widths.iter().map(|w| w + 1).sum();
            out.push_str(&format!("   {}\n", "-".repeat(total)));
        }
    }
    out.push_str(&letters);
    out
}

fn text_grid(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    if holes.is_katro() {
        katro_text(holes, marks)
    } else {
        two_row_text(holes, marks, view, extent)
    }
}

const KEYCAPS: [&str; 11] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];

/// A hole as an emoji: keycaps up to 10, circled numbers up to 50, plain digits beyond (as
/// short as can be: dense Katro boards have 156 holes of hundreds of seeds).
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
        _ => count.to_string(),
    }
}

/// Filler of a marker row under the holes that carry no mark.
const NO_MARK: &str = "▫️";

/// Regional indicator letters 🇦…🇿 name Katro's columns in emoji grids (separated by spaces,
/// so that two of them never join into a flag).
fn emoji_letter(column: usize) -> String {
    char::from_u32(0x1F1E6 + (column % 26) as u32)
        .map(String::from)
        .unwrap_or_default()
}

/// One emoji grid line: a short label in a code span, then the cells.
fn emoji_line(heading: &str, label: &str, cells: &[String]) -> String {
    format!("{heading}`{label}` {}\n", cells.join(" "))
}

/// A marker row under (or over) `row` when one of its holes is marked, else nothing.
fn marker_line(heading: &str, label_width: usize, row: &[usize], marks: &Marks) -> String {
    if row.iter().all(|hole| marks.at(*hole).is_none()) {
        return String::new();
    }
    let cells: Vec<String> = row
        .iter()
        .map(|hole| marks.at(*hole).map_or(NO_MARK, Mark::emoji).to_owned())
        .collect();
    emoji_line(heading, &" ".repeat(label_width), &cells)
}

/// The emoji grid. Two-row boards wider than a phone show a window around the last move,
/// captioned with both rows' hole ranges, then every hole of both rows in the grid's own
/// order (North reversed on top), labelled at both ends — or per-row totals beyond
/// [`FULL_BOARD_MAX`]. Katro gets its column letters on top and row numbers on the left.
fn emoji_grid(holes: &Holes, marks: &Marks, view: &View, heading: &str, extent: Extent) -> Vec<String> {
    let mut out = String::new();
    let mut notes = Vec::new();
    if holes.is_katro() {
        let c = holes.columns;
        let letters: Vec<String> = (0..c).map(emoji_letter).collect();
        out.push_str(&emoji_line(heading, " ", &letters));
        for row in (0..6).rev() {
            let row_holes: Vec<usize> = (0..c).map(|col| row * c + col).collect();
            let cells: Vec<String> = row_holes.iter().map(|h| emoji_count(holes.count(*h))).collect();
            out.push_str(&emoji_line(heading, &(row + 1).to_string(), &cells));
            out.push_str(&marker_line(heading, 1, &row_holes, marks));
            if row == 3 {
                out.push_str(&emoji_line(heading, " ", &vec!["➖".to_owned(); c]));
            }
        }
        return vec![out];
    }
    let n = holes.columns;
    let windowed = n > EMOJI_FULL_MAX;
    let (first, last) = match extent {
        _ if !windowed => (0, n),
        Extent::Board => move_window(holes, marks, EMOJI_WINDOW),
        Extent::Frame { centre } => window_around(n, centre, EMOJI_WINDOW),
    };
    let north: Vec<usize> = (first..last).map(|c| 2 * n - 1 - c).collect();
    let south: Vec<usize> = (first..last).collect();
    let letters = [side_letter(view, Side::NORTH), side_letter(view, Side::SOUTH)];
    let width = letters.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let cells = |row: &[usize]| -> Vec<String> { row.iter().map(|h| emoji_count(holes.count(*h))).collect() };
    out.push_str(&marker_line(heading, width, &north, marks));
    out.push_str(&emoji_line(heading, &letters[0], &cells(&north)));
    out.push_str(&emoji_line(heading, &letters[1], &cells(&south)));
    out.push_str(&marker_line(heading, width, &south, marks));
    let id = if windowed && extent == Extent::Board {
        "emoji-rows-window"
    } else {
        "emoji-rows"
    };
    notes.push(tr(
        view.locale,
        id,
        &[
            ("north", side_label(holes.kind, Side::NORTH, view).into()),
            ("north-first", holes.name(north[0]).into()),
            ("north-last", holes.name(north[north.len() - 1]).into()),
            ("south", side_label(holes.kind, Side::SOUTH, view).into()),
            ("south-first", holes.name(south[0]).into()),
            ("south-last", holes.name(south[south.len() - 1]).into()),
        ],
    ));
    // Boards wider than FULL_BOARD_MAX carry their per-row totals in the info lines instead.
    if windowed && extent == Extent::Board && n <= FULL_BOARD_MAX {
        notes.push(tr(view.locale, "emoji-every-hole", &[]));
        {
            // Every hole, in the grid's order: North's row from h(2N-1) down, then South's.
            for (side, row) in [
                (Side::NORTH, (n..2 * n).rev().collect::<Vec<usize>>()),
                (Side::SOUTH, (0..n).collect()),
            ] {
                let counts: Vec<String> = row.iter().map(|h| holes.count(*h).to_string()).collect();
                notes.push(format!(
                    "`{} {}` {} `{}`",
                    side_letter(view, side),
                    holes.name(row[0]),
                    counts.join(" "),
                    holes.name(row[row.len() - 1])
                ));
            }
        }
    }
    let mut lines = vec![out];
    lines.extend(notes);
    lines
}

/// "North: 40 holes, 160 seeds" for boards too wide to list.
fn totals_line(holes: &Holes, view: &View, side: Side) -> String {
    let seeds: u32 = holes.side_holes(side).iter().map(|h| holes.count(*h)).sum();
    tr(
        view.locale,
        "mancala-row-totals",
        &[
            ("side", side_label(holes.kind, side, view).into()),
            ("holes", holes.side_holes(side).len().into()),
            ("seeds", seeds.into()),
        ],
    )
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
            ("south", side_label(holes.kind, Side::SOUTH, view).into()),
            ("south-count", captured[0].into()),
            ("north", side_label(holes.kind, Side::NORTH, view).into()),
            ("north-count", captured[1].into()),
        ],
    ))
}

/// Hole names of a capture, at most a handful ("h1 h12", "a4 b4 … f4").
fn hole_names(holes: &Holes, taken: &[usize]) -> String {
    const SHOWN: usize = 8;
    let mut names: Vec<String> = Vec::new();
    for hole in taken {
        let name = holes.name(*hole);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.len() > SHOWN {
        let last = names.pop().unwrap_or_default();
        names.truncate(SHOWN - 1);
        names.push("…".to_owned());
        names.push(last);
    }
    names.join(" ")
}

/// "Last move: h3, 3 laps, captured 5 from h10" — and the end-of-game sweep, told as such.
/// `simple` (the large style) keeps only the move itself.
fn last_move_line(
    holes: &Holes,
    steps: &[Step],
    last_move: Option<&str>,
    view: &View,
    simple: bool,
) -> Option<String> {
    let mv = last_move?;
    let mut parts = vec![tr(view.locale, "last-move", &[("move", mv.into())])];
    if simple {
        return Some(parts.remove(0));
    }
    let laps = steps.iter().filter(|s| matches!(s, Step::Lap { .. })).count();
    if laps > 0 {
        parts.push(tr(view.locale, "mancala-laps", &[("laps", laps.into())]));
    }
    let mut taken = Vec::new();
    let mut seeds = 0u32;
    for step in steps {
        if let Step::Capture { holes: from, .. } = step {
            seeds += from.iter().map(|(_, n)| n).sum::<u32>();
            taken.extend(from.iter().map(|(hole, _)| *hole as usize));
        }
    }
    if seeds > 0 {
        parts.push(tr(
            view.locale,
            "mancala-captured-from",
            &[
                ("seeds", seeds.into()),
                ("from", hole_names(holes, &taken).into()),
            ],
        ));
    }
    for step in steps {
        if let Step::Sweep { by, holes: swept } = step {
            let seeds: u32 = swept.iter().map(|(_, n)| n).sum();
            parts.push(tr(
                view.locale,
                "mancala-swept",
                &[
                    ("side", side_label(holes.kind, *by, view).into()),
                    ("seeds", seeds.into()),
                ],
            ));
        }
    }
    Some(parts.join(", "))
}

fn title(holes: &Holes, view: &View) -> String {
    match holes.kind {
        GameKind::Katro => tr(view.locale, "katro-title", &[("columns", holes.columns.into())]),
        GameKind::Mangala => tr(view.locale, "mangala-title", &[]),
        _ => tr(view.locale, "engehe-title", &[("holes", holes.columns.into())]),
    }
}

/// A side's holes for the description: each hole and its count on small boards, a summary
/// (holes, seeds, empty holes, the fullest hole) on big ones.
fn reader_holes(holes: &Holes, view: &View, side: Side) -> String {
    let own = holes.side_holes(side);
    if own.len() <= READER_LIST_MAX {
        let entries: Vec<String> = own
            .iter()
            .map(|h| format!("{} {}", holes.name(*h), holes.count(*h)))
            .collect();
        return entries.join(", ");
    }
    let seeds: u32 = own.iter().map(|h| holes.count(*h)).sum();
    let empty = own.iter().filter(|h| holes.count(**h) == 0).count();
    let fullest = own
        .iter()
        .copied()
        .max_by_key(|h| (holes.count(*h), std::cmp::Reverse(*h)))
        .unwrap_or(0);
    tr(
        view.locale,
        "reader-row-summary",
        &[
            ("holes", own.len().into()),
            ("seeds", seeds.into()),
            ("empty", empty.into()),
            ("fullest", holes.name(fullest).into()),
            ("most", holes.count(fullest).into()),
        ],
    )
}

/// The viewer-relative rows: "Your row: …", "Opponent's row: …"; a spectator gets each side's.
fn reader_rows(holes: &Holes, view: &View) -> Vec<String> {
    let rows = if holes.is_katro() { 3u32 } else { 1 };
    match view.viewer {
        Some(me) => vec![
            tr(
                view.locale,
                "reader-your-rows",
                &[
                    ("rows", rows.into()),
                    ("holes", reader_holes(holes, view, me).into()),
                ],
            ),
            tr(
                view.locale,
                "reader-their-rows",
                &[
                    ("rows", rows.into()),
                    ("holes", reader_holes(holes, view, me.opponent()).into()),
                ],
            ),
        ],
        None => Side::BOTH
            .map(|side| {
                tr(
                    view.locale,
                    "mancala-row",
                    &[
                        ("side", side_label(holes.kind, side, view).into()),
                        ("holes", reader_holes(holes, view, side).into()),
                    ],
                )
            })
            .to_vec(),
    }
}

fn html_table(holes: &Holes, marks: &Marks, view: &View, extent: Extent) -> String {
    // A mark is a colour and its text symbol too (the legend names the symbols).
    let cell = |hole: usize| match marks.at(hole) {
        Some(mark) => html_cell(
            &format!("{}{}", holes.count(hole), mark.text()),
            Some(mark.html_colour()),
        ),
        None => html_cell(&holes.count(hole).to_string(), None),
    };
    let header = |labels: Vec<String>| -> String {
        let cells: String = labels
            .iter()
            .map(|l| format!("<th>{}</th>", escape_html(l)))
            .collect();
        format!("<tr><th></th>{cells}<th></th></tr>")
    };
    let row = |label: &str, row: Vec<usize>| -> String {
        let label = escape_html(label);
        format!(
            "<tr><th>{label}</th>{}<th>{label}</th></tr>",
            row.into_iter().map(cell).collect::<String>()
        )
    };
    let mut out = String::from("<table>");
    if holes.is_katro() {
        let c = holes.columns;
        let letters = || (0..c).map(|i| column_letter(i).to_string()).collect();
        out.push_str(&header(letters()));
        for r in (0..6).rev() {
            out.push_str(&row(
                &(r + 1).to_string(),
                (0..c).map(|col| r * c + col).collect(),
            ));
        }
        out.push_str(&header(letters()));
    } else {
        let n = holes.columns;
        let (first, last) = match extent {
            Extent::Board if n > FULL_BOARD_MAX => move_window(holes, marks, TWO_ROW_BLOCK),
            Extent::Board => (0, n),
            Extent::Frame { centre } if n > TWO_ROW_ONE_BLOCK => window_around(n, centre, TWO_ROW_BLOCK),
            Extent::Frame { .. } => (0, n),
        };
        let north: Vec<usize> = (first..last).map(|c| 2 * n - 1 - c).collect();
        let south: Vec<usize> = (first..last).collect();
        out.push_str(&header(north.iter().map(|h| holes.name(*h)).collect()));
        out.push_str(&row(&side_letter(view, Side::NORTH), north));
        out.push_str(&row(&side_letter(view, Side::SOUTH), south.clone()));
        out.push_str(&header(south.iter().map(|h| holes.name(*h)).collect()));
    }
    out.push_str("</table>");
    out
}

/// What a mancala board says around its grid.
struct Info {
    /// The title, or a replay frame's caption.
    caption: String,
    last_move: Option<String>,
    captured: Option<String>,
    /// Per-row totals of boards too wide to draw in full.
    totals: Vec<String>,
    /// Whose turn or the result, or a replay frame's trace.
    status: String,
}

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
        let mut all = lines.clone();
        all.extend(text_legend.clone());
        for line in all {
            html.push_str(&format!("<p>{}</p>", escape_html(&line)));
        }
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

/// "h1–h7, h0–h3": the holes a lap sowed, as runs of neighbouring holes; very long laps keep
/// their first and last runs.
fn sown_path(holes: &Holes, sown: &[u16]) -> String {
    const RUNS_SHOWN: usize = 6;
    let neighbours = |a: usize, b: usize| -> Option<i64> {
        let d = b as i64 - a as i64;
        let same_row = !holes.is_katro() || a / holes.columns == b / holes.columns;
        (d.abs() == 1 && same_row).then_some(d)
    };
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut direction: Option<i64> = None;
    for hole in sown.iter().map(|h| *h as usize) {
        match runs.last_mut() {
            Some((first, last)) => match neighbours(*last, hole) {
                Some(d)
                    if direction.is_none_or(|dir| dir == d) && (direction.is_some() || *first == *last) =>
                {
                    direction = Some(d);
                    *last = hole;
                }
                _ => {
                    runs.push((hole, hole));
                    direction = None;
                }
            },
            None => runs.push((hole, hole)),
        }
    }
    let text = |(first, last): &(usize, usize)| -> String {
        if first == last {
            holes.name(*first)
        } else {
            format!("{}–{}", holes.name(*first), holes.name(*last))
        }
    };
    if runs.len() > RUNS_SHOWN {
        let mut shown: Vec<String> = runs[..RUNS_SHOWN - 1].iter().map(text).collect();
        shown.push("…".to_owned());
        shown.push(text(&runs[runs.len() - 1]));
        shown.join(", ")
    } else {
        runs.iter().map(text).collect::<Vec<_>>().join(", ")
    }
}

/// One step of a move as a sentence. `lap` counts the laps told so far.
fn trace_line(holes: &Holes, step: &Step, lap: &mut usize, view: &View) -> String {
    match *step {
        Step::Lap {
            start,
            seeds,
            sown,
            end,
        } => {
            *lap += 1;
            let last = sown
                .last()
                .map_or_else(|| holes.name(start), |h| holes.name(*h as usize));
            let end_id = match end {
                LapEnd::Stop => "trace-stop",
                LapEnd::Relay => "trace-relay",
                LapEnd::Capture => "trace-capture",
                LapEnd::Loop => "trace-loop",
            };
            tr(
                view.locale,
                "trace-lap",
                &[
                    ("lap", (*lap).into()),
                    ("seeds", seeds.into()),
                    ("start", holes.name(start).into()),
                    ("path", sown_path(holes, sown).into()),
                    ("last", last.into()),
                    ("end", tr(view.locale, end_id, &[]).into()),
                ],
            )
        }
        Step::Stepped { from, to } => tr(
            view.locale,
            "trace-step",
            &[("from", holes.name(from).into()), ("to", holes.name(to).into())],
        ),
        Step::Capture { by, holes: taken } => {
            let seeds: u32 = taken.iter().map(|(_, n)| n).sum();
            let parts: Vec<String> = taken
                .iter()
                .map(|(h, n)| format!("{} ({n})", holes.name(*h as usize)))
                .collect();
            tr(
                view.locale,
                "trace-captured",
                &[
                    ("side", side_label(holes.kind, by, view).into()),
                    ("seeds", seeds.into()),
                    ("holes", parts.join(", ").into()),
                ],
            )
        }
        Step::Sweep { by, holes: swept } => {
            let seeds: u32 = swept.iter().map(|(_, n)| n).sum();
            tr(
                view.locale,
                "trace-swept",
                &[
                    ("side", side_label(holes.kind, by, view).into()),
                    ("seeds", seeds.into()),
                    ("holes", swept.len().into()),
                ],
            )
        }
        Step::Passed { side } => tr(
            view.locale,
            "trace-passed",
            &[("side", side_label(holes.kind, side, view).into())],
        ),
    }
}

/// The sowing trace of a move as sentences, one per step: each lap (where it started, how many
/// seeds, the holes sown, where it ended and why), a lone seed's step, each capture, the
/// end-of-game sweep, a pass.
pub fn sowing_trace(before: &AnyGame, events: &[Event], view: &View) -> Vec<String> {
    let holes = Holes::from_game(before);
    let mut lap = 0;
    steps(events)
        .iter()
        .map(|step| trace_line(&holes, step, &mut lap, view))
        .collect()
}

/// Most frames a replay has: longer moves merge consecutive laps into one frame, so a
/// 175-lap move is still a handful of messages.
pub const REPLAY_MAX_FRAMES: usize = 8;
/// A frame tells at most this many steps; longer ones keep their first and last steps.
const FRAME_LINES: usize = 4;

/// Trace lines as one text: "Lap 1: …. Lap 2: … capture! South captures …."
fn as_sentences(lines: &[String]) -> String {
    let mut text = String::new();
    for line in lines {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(line);
        if !line.ends_with(['!', '.', '…', '?']) {
            text.push('.');
        }
    }
    text
}

/// The move replayed step by step: one small board after each lap and its captures (wide
/// boards show a window around the lap), for posting as a replay for children. At most
/// [`REPLAY_MAX_FRAMES`] frames: longer moves merge consecutive laps. The last frame shows
/// the position after the move.
pub fn sowing_replay(before: &AnyGame, events: &[Event], view: &View) -> Vec<Board> {
    let mut holes = Holes::from_game(before);
    let steps = steps(events);
    let mut lap = 0;
    let lines: Vec<String> = steps
        .iter()
        .map(|step| trace_line(&holes, step, &mut lap, view))
        .collect();
    // Units: a lap (or a lone seed's step, or a pass) with the captures right after it; the
    // end-of-game sweeps join the unit before them.
    let mut units: Vec<std::ops::Range<usize>> = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        match units.last_mut() {
            Some(unit) if !step.starts_unit() => unit.end = index + 1,
            _ => units.push(index..index + 1),
        }
    }
    let per_frame = units.len().div_ceil(REPLAY_MAX_FRAMES).max(1);
    let mut frames = Vec::new();
    let mut laps_before = 0;
    for group in units.chunks(per_frame) {
        let range = group[0].start..group[group.len() - 1].end;
        let frame_steps = &steps[range.clone()];
        for step in frame_steps {
            holes.apply(step);
        }
        let laps = frame_steps
            .iter()
            .filter(|s| matches!(s, Step::Lap { .. }))
            .count();
        let caption = match laps {
            0 if frame_steps.iter().any(|s| matches!(s, Step::Stepped { .. })) => {
                tr(view.locale, "replay-step-move", &[])
            }
            0 if frame_steps.iter().any(|s| matches!(s, Step::Passed { .. })) => {
                tr(view.locale, "replay-pass", &[])
            }
            0 => tr(view.locale, "replay-end", &[]),
            1 => tr(view.locale, "replay-lap", &[("lap", (laps_before + 1).into())]),
            _ => tr(
                view.locale,
                "replay-laps",
                &[
                    ("first", (laps_before + 1).into()),
                    ("last", (laps_before + laps).into()),
                ],
            ),
        };
        laps_before += laps;
        let told = &lines[range.clone()];
        let text = if told.len() > FRAME_LINES {
            let mut kept = vec![told[0].clone()];
            kept.push(tr(
                view.locale,
                "replay-more",
                &[("count", (told.len() - 3).into())],
            ));
            kept.extend(told[told.len() - 2..].iter().cloned());
            as_sentences(&kept)
        } else {
            as_sentences(told)
        };
        // Marks and window: the frame's last lap or step, where the eye should be.
        let last_unit = &steps[group[group.len() - 1].clone()];
        let centre = last_unit.iter().rev().find_map(|step| match *step {
            Step::Lap { start, sown, .. } => Some(sown.last().map_or(start, |h| *h as usize)),
            Step::Stepped { to, .. } => Some(to),
            _ => None,
        });
        let info = Info {
            caption,
            last_move: None,
            captured: captured_line(&holes, view),
            totals: Vec::new(),
            status: text,
        };
        let extent = Extent::Frame {
            centre: centre.map_or(0, |hole| holes.column_of(hole)),
        };
        let frame = render_holes(&holes, last_unit, None, view, info, extent);
        frames.push(for_style(frame, view.style));
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;
    use lalao_core::any::AnyOptions;
    use proptest::prelude::*;

    fn game(kind: GameKind, options: serde_json::Value, variants: &[&str]) -> AnyGame {
        let options: serde_json::Map<String, serde_json::Value> = serde_json::from_value(options).unwrap();
        let variants: Vec<String> = variants.iter().map(|v| (*v).to_owned()).collect();
        AnyGame::new(AnyOptions::from_json(kind, &options, &variants).unwrap()).unwrap()
    }

    fn replayed(before: &AnyGame, events: &[Event]) -> Holes {
        let mut holes = Holes::from_game(before);
        for step in steps(events) {
            holes.apply(&step);
        }
        holes
    }

    #[test]
    fn sweeps_are_told_apart_from_captures() {
        // M-E2: the capture empties the board, then nothing is left to sweep.
        let options = AnyOptions::standard(GameKind::Mangala).unwrap();
        let mut g = AnyGame::from_position(options, "1,1,0,0,0,0,0/0,0,0,0,0,5,0 s 40-51").unwrap();
        let events = g.play("h0").unwrap();
        let kinds: Vec<&str> = steps(&events)
            .iter()
            .map(|s| match s {
                Step::Lap { .. } => "lap",
                Step::Capture { .. } => "capture",
                Step::Sweep { .. } => "sweep",
                Step::Stepped { .. } => "step",
                Step::Passed { .. } => "pass",
            })
            .collect();
        assert_eq!(kinds[..2], ["lap", "capture"]);
        assert!(kinds[2..].iter().all(|k| *k == "sweep"), "{kinds:?}");
    }

    #[test]
    fn sown_paths_are_runs_of_neighbours() {
        let g = game(GameKind::Mangala, serde_json::json!({}), &[]);
        let holes = Holes::from_game(&g);
        assert_eq!(sown_path(&holes, &[1, 2, 3, 4, 5, 6, 7]), "h1–h7");
        assert_eq!(sown_path(&holes, &[12, 13, 0, 1]), "h12–h13, h0–h1");
        assert_eq!(sown_path(&holes, &[3]), "h3");
        let katro = Holes::from_game(&game(GameKind::Katro, serde_json::json!({}), &[]));
        // Along row 1 to f1, then up to f2 and back along row 2.
        assert_eq!(sown_path(&katro, &[1, 2, 3, 4, 5, 11, 10]), "b1–f1, f2–e2");
    }

    fn options_strategy() -> impl Strategy<Value = (GameKind, serde_json::Value, Vec<&'static str>)> {
        prop_oneof![
            (
                prop::sample::select(vec![
                    vec![],
                    vec!["skip-origin"],
                    vec!["snapshot-chain"],
                    vec!["rightmost-head"],
                    vec!["loop-stops-turn"],
                    vec!["madjnuni-start"],
                    vec!["random-start"],
                ]),
                any::<u8>()
            )
                .prop_map(|(variants, seed)| (
                    GameKind::Mangala,
                    serde_json::json!({ "seed": seed }),
                    variants
                )),
            (
                2u16..=60,
                1u32..=6,
                prop::sample::select(vec![vec![], vec!["mw-capture"], vec!["loop-stops-turn"]])
            )
                .prop_map(|(holes, seeds, variants)| (
                    GameKind::Engehe,
                    serde_json::json!({ "holes": holes, "seeds": seeds }),
                    variants
                )),
            (
                3u8..=26,
                prop::sample::select(vec![
                    vec![],
                    vec!["lone-stone"],
                    vec!["lone-stone-diagonal"],
                    vec!["reverse-direction"],
                    vec!["any-hole-start"],
                    vec!["ludii-capture"],
                    vec!["loop-stops-turn", "lone-stone"],
                ])
            )
                .prop_map(|(columns, variants)| (
                    GameKind::Katro,
                    serde_json::json!({ "columns": columns }),
                    variants
                )),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Replaying a move's events on the position before it gives exactly the position
        /// after it (counts and stores), for every variant: laps, lone-stone steps, captures
        /// and sweeps are all applied; and a replay never has more than the cap of frames.
        #[test]
        fn replay_reaches_the_position_after_every_move(
            (kind, options, variants) in options_strategy(),
            choices in prop::collection::vec(any::<u32>(), 1..80),
        ) {
            let mut state = game(kind, options, &variants);
            for choice in choices {
                let moves = state.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[choice as usize % moves.len()].clone();
                let before = state.clone();
                let events = state.play(&mv).unwrap();
                prop_assert_eq!(replayed(&before, &events), Holes::from_game(&state), "{}", mv);
                let view = View::new(Style::Text, crate::Locale::En);
                prop_assert!(sowing_replay(&before, &events, &view).len() <= REPLAY_MAX_FRAMES);
            }
        }
    }
}
