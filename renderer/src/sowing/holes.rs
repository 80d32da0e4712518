//! A mancala position as the renderer reads it from the canonical notation, and the names of
//! its holes, columns and sides.

use lalao_core::{AnyGame, GameKind, Side};

use super::steps::Step;
use crate::{tr, View};

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

    pub(crate) fn is_katro(&self) -> bool {
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

    pub(crate) fn count(&self, hole: usize) -> u32 {
        self.counts.get(hole).copied().unwrap_or(0)
    }

    /// A side's holes in reading order: South's row h0…, North's row hN…; Katro's rows from the
    /// owner's outer row inwards, each from column a.
    pub(crate) fn side_holes(&self, side: Side) -> Vec<usize> {
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
    pub(crate) fn column_of(&self, hole: usize) -> usize {
        let n = self.columns;
        if hole < n {
            hole
        } else {
            (2 * n - 1).saturating_sub(hole)
        }
    }

    /// Applies one step of a move (for replays): laps move seeds, a lone seed steps, captures
    /// and sweeps take seeds off into the stores.
    pub(crate) fn apply(&mut self, step: &Step) {
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

pub(crate) fn column_letter(column: usize) -> char {
    char::from(b'a' + (column % 26) as u8)
}

pub(crate) fn side_letter(view: &View, side: Side) -> String {
    tr(
        view.locale,
        &format!("side-{}-short", GameKind::Engehe.side_name(side)),
        &[],
    )
}
