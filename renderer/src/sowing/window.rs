//! Which columns of a two-row board a grid shows: all of them, or a window around the move
//! on boards too wide for a message or a phone.

use super::holes::Holes;
use super::marks::Marks;

/// Which part of the board a grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Extent {
    /// The position after a move: the whole board (a window around the move if very wide).
    Board,
    /// A replay frame: a window around `centre` (a column of the two-row grid) on wide boards.
    Frame { centre: usize },
}

/// Columns per block of the two-row text grid before it wraps.
pub(super) const TWO_ROW_BLOCK: usize = 10;
/// Widest two-row board drawn in full as text in one block.
pub(super) const TWO_ROW_ONE_BLOCK: usize = 14;
/// Columns of a wide two-row board shown around the last move in emoji style.
pub(super) const EMOJI_WINDOW: usize = 8;
/// Widest two-row board drawn in full as emoji.
pub(super) const EMOJI_FULL_MAX: usize = 12;
/// Widest two-row board drawn in full (En Gehé's traditional sizes go up to 50); wider ones are
/// drawn as a window around the last move with per-row totals, to fit one message.
pub(super) const FULL_BOARD_MAX: usize = 50;

/// The columns `first..last` of a `width`-column window around `centre`.
pub(crate) fn window_around(n: usize, centre: usize, width: usize) -> (usize, usize) {
    if n <= width {
        return (0, n);
    }
    let first = centre.saturating_sub(width / 2).min(n - width);
    (first, first + width)
}

/// The `width`-column window of a wide two-row board shown after a move: all its marks if
/// they fit, else centred on where it started.
pub(crate) fn move_window(holes: &Holes, marks: &Marks, width: usize) -> (usize, usize) {
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
