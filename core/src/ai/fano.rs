//! Fano (RULES.md §2): material and mobility. Captures (F-6) decide most games and a side
//! with no slide loses (F-7), so pawns count most and free slides come next; the search sees
//! the rest, including the repetition loss (F-8), through the engine's own outcome.

use super::{hash_of, Budget, Heuristics, Level};
use crate::event::Phase;
use crate::fano::{Cell, Fano, Variant};
use crate::game::Game;
use crate::side::Side;

/// One pawn, the evaluation unit.
const PAWN: i32 = 100;
/// One slide available to a side (F-5); running out of them loses (F-7).
const SLIDE: i32 = 12;

/// Slides available to `side` if it were to move (F-5).
fn slides(cells: &[Cell], side: Side) -> i32 {
    let mut count = 0;
    for (i, cell) in cells.iter().enumerate() {
        if *cell != Cell::Pawn(side) {
            continue;
        }
        if i > 0 && cells[i - 1] == Cell::Empty {
            count += 1;
        }
        if i + 1 < cells.len() && cells[i + 1] == Cell::Empty {
            count += 1;
        }
    }
    count
}

impl Heuristics for Fano {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let them = me.opponent();
        let hands = self.hands();
        let pawns = |side: Side| (self.pawns_on_board(side) + hands[side.index()] as usize) as i32;
        let value = PAWN * (pawns(me) - pawns(them))
            + SLIDE * (slides(self.cells(), me) - slides(self.cells(), them));
        // Misère reverses F-7 (no pawn or no slide wins), so material and freedom turn into
        // liabilities; F-8 is unchanged and the search handles it.
        if self.options().has(Variant::Misere) {
            -value
        } else {
            value
        }
    }

    fn key(&self) -> u64 {
        hash_of(&(self.cells(), self.to_move(), self.hands()))
    }

    /// F-8 records every phase-2 situation (cells and side to move; hands are empty).
    fn history_key(&self) -> Option<u64> {
        (self.phase() == Phase::Movement).then(|| hash_of(&(self.cells(), self.to_move(), 0xF8u8)))
    }

    /// Fano nodes are slow and get slower with the board (each state carries its F-8 history
    /// as text), so hard's budget shrinks as the board grows: 50 000 nodes on the standard
    /// 7-cell board, which it solves outright in a few milliseconds, about 30 000 on 11 cells.
    fn budget(&self, level: Level) -> Budget {
        let cells = self.cells().len() as u64;
        let hard_nodes = (350_000 / cells).clamp(5_000, 50_000);
        match level {
            Level::Random | Level::Kind | Level::Easy => Budget {
                max_depth: 2,
                max_nodes: 2_000,
                temperature: PAWN,
            },
            Level::Medium => Budget {
                max_depth: 6,
                max_nodes: hard_nodes / 6,
                temperature: SLIDE / 2,
            },
            Level::Hard => Budget {
                max_depth: 64,
                max_nodes: hard_nodes,
                temperature: 0,
            },
        }
    }
}
