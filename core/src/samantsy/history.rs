//! The draw rules of S-11 and G-4, over the positions since the last irreversible move.

use super::position::Position;
use crate::outcome::Reason;

/// S-11: plies without a capture or a zaza move that draw the game.
pub const NO_PROGRESS_PLIES: usize = 100;

/// S-11: the occurrence of a position that draws.
pub const REPETITIONS: usize = 3;

/// How often the last position of `line` has occurred in it. `line` holds the positions since
/// the last capture or zaza move, the current one last: nothing earlier can recur.
pub fn occurrences(line: &[Position]) -> usize {
    let Some(current) = line.last() else {
        return 0;
    };
    // Same side to move means an even distance.
    line.iter()
        .rev()
        .step_by(2)
        .filter(|p| p.hash() == current.hash() && *p == current)
        .count()
}

/// The draw that ends the game at the last position of `line`, if any: the third occurrence of
/// a position (S-11, G-4), 100 plies without progress (S-11), or the hard ply cap (G-4,
/// handled like the repetition rule: a draw).
pub fn draw_reason(line: &[Position], ply: u32, ply_cap: Option<u32>) -> Option<Reason> {
    if occurrences(line) >= REPETITIONS {
        Some(Reason::Repetition)
    } else if line.len() > NO_PROGRESS_PLIES {
        Some(Reason::NoProgress)
    } else if ply_cap.is_some_and(|cap| ply >= cap) {
        Some(Reason::PlyCap)
    } else {
        None
    }
}
