//! K-7/K-8 (or `ludii-capture`): how a Katro lap ends, and which hole a capture empties.

use super::ROWS;
use crate::event::LapEnd;
use crate::side::Side;
use crate::sowing::{LapRule, Next, Trace};

/// K-7/K-8 (or `ludii-capture`) as a lap rule.
pub(super) struct Rule {
    pub(super) mover: Side,
    pub(super) columns: usize,
    pub(super) ludii: bool,
}

/// The board row of a side's row at `depth` (0 outer, 1 middle, 2 inner).
pub(super) fn row_at(side: Side, depth: usize) -> usize {
    match side {
        Side::First => depth,
        Side::Second => ROWS - 1 - depth,
    }
}

/// How deep `row` lies on its owner's side (0 outer, 1 middle, 2 inner).
pub(super) fn depth_of(row: usize) -> usize {
    if row < 3 {
        row
    } else {
        ROWS - 1 - row
    }
}

impl Rule {
    fn row_empty(&self, board: &[u16], row: usize) -> bool {
        board[row * self.columns..(row + 1) * self.columns]
            .iter()
            .all(|c| *c == 0)
    }

    /// K-8: the opponent's hole captured when a lap (or a §5.5 step) ends in `hole`, which
    /// holds seeds, or `None`.
    pub(super) fn victim(&self, board: &[u16], hole: usize) -> Option<usize> {
        let (row, col) = (hole / self.columns, hole % self.columns);
        let depth = depth_of(row);
        let them = self.mover.opponent();
        let victim = if self.ludii {
            // Ludii: only from the mover's inner row; inner, else middle, else outer, per column.
            if depth != 2 {
                return None;
            }
            (0..3)
                .rev()
                .map(|d| row_at(them, d) * self.columns + col)
                .find(|h| board[*h] > 0)?
        } else {
            // The landing hole must be in the mover's front row: no seeds further in.
            if ((depth + 1)..3).any(|d| !self.row_empty(board, row_at(self.mover, d))) {
                return None;
            }
            // The opponent's front row, and its hole in the same column.
            let front = (0..3)
                .rev()
                .map(|d| row_at(them, d))
                .find(|r| !self.row_empty(board, *r))?;
            front * self.columns + col
        };
        (board[victim] > 0).then_some(victim)
    }

    pub(super) fn take<T: Trace>(&self, board: &mut [u16], victim: usize, trace: &mut T) -> u32 {
        let seeds = u32::from(board[victim]);
        board[victim] = 0;
        trace.capture(victim as u16, seeds);
        seeds
    }
}

impl LapRule for Rule {
    fn end_of_lap<T: Trace>(&self, board: &mut [u16], hole: u16, trace: &mut T) -> Next {
        let landing = hole as usize;
        if board[landing] == 1 {
            // K-7: the hole was empty → the move ends, no capture.
            return Next::End(LapEnd::Stop);
        }
        // K-7/K-8: capture test on the board right after sowing, then relay with the captured
        // seeds in hand, from the next hole on the same path.
        match self.victim(board, landing) {
            Some(victim) => Next::Relay {
                extra: self.take(board, victim, trace),
                end: LapEnd::Capture,
            },
            None => Next::Relay {
                extra: 0,
                end: LapEnd::Relay,
            },
        }
    }
}
