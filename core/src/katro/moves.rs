//! K-5 and §5.5: the moves the side to move may try, and why a move may not even be tried.
//! Whether a move's sowing ends (G-3) is `sow`'s concern.

use super::rule::{depth_of, row_at};
use super::{Katro, Move, Path, Variant};
use crate::error::{CoreError, IllegalReason};

impl Katro {
    /// K-5: the holes a move may start from, if they hold seeds: the outermost own row that
    /// holds seeds, or every own hole under `any-hole-start`.
    pub(super) fn start_range(&self) -> std::ops::Range<usize> {
        let side = self.to_move;
        if self.options.has(Variant::AnyHoleStart) {
            return self.side_holes(side);
        }
        (0..3)
            .map(|depth| self.row_holes(row_at(side, depth)))
            .find(|row| self.board[row.clone()].iter().any(|c| *c > 0))
            .unwrap_or(0..0)
    }

    /// §5.5: the lone seed of the side to move, if it has exactly one.
    pub(super) fn lone_seed(&self) -> Option<usize> {
        if !self.options.lone_stone() {
            return None;
        }
        let mut seeded = self.side_holes(self.to_move).filter(|h| self.board[*h] > 0);
        let first = seeded.next()?;
        (self.board[first] == 1 && seeded.next().is_none()).then_some(first)
    }

    /// §5.5: the holes the lone seed in `from` may step to.
    pub(super) fn step_targets(&self, from: usize) -> Vec<usize> {
        let c = self.columns();
        let (row, col) = (from / c, from % c);
        let depth = depth_of(row);
        if depth == 2 {
            return Vec::new();
        }
        let to_row = row_at(self.to_move, depth + 1);
        let mut cols = vec![col];
        if self.options.has(Variant::LoneStoneDiagonal) {
            cols.extend(col.checked_sub(1));
            cols.extend((col + 1 < c).then_some(col + 1));
        }
        cols.sort_unstable();
        cols.into_iter().map(|col| to_row * c + col).collect()
    }

    /// Every move the rules let the side to move try, before the G-3 check, sorted.
    pub(super) fn pseudo_moves(&self) -> Vec<Move> {
        let start = self.start_range();
        let mut moves = Vec::with_capacity(2 * start.len());
        for hole in start.filter(|h| self.board[*h] > 0) {
            for path in [Path::A, Path::B] {
                moves.push(Move::Sow {
                    hole: hole as u16,
                    path,
                });
            }
        }
        if let Some(from) = self.lone_seed() {
            let rule = self.rule();
            let mut board = self.board.clone();
            for to in self.step_targets(from) {
                board[from] -= 1;
                board[to] += 1;
                let captures = rule.victim(&board, to).is_some();
                board[from] += 1;
                board[to] -= 1;
                let (from, to) = (from as u16, to as u16);
                if captures {
                    moves.push(Move::Step {
                        from,
                        to,
                        path: Some(Path::A),
                    });
                    moves.push(Move::Step {
                        from,
                        to,
                        path: Some(Path::B),
                    });
                } else {
                    moves.push(Move::Step { from, to, path: None });
                }
            }
        }
        moves
    }

    /// Why `mv` may not even be tried, if so (everything but G-3).
    pub(super) fn check(&self, mv: Move) -> Result<(), CoreError> {
        if self.outcome.is_some() {
            return Err(self.illegal(mv, IllegalReason::GameOver));
        }
        let own = |hole: u16| self.side_holes(self.to_move).contains(&(hole as usize));
        match mv {
            Move::Sow { hole, .. } => {
                if !own(hole) {
                    return Err(self.illegal(mv, IllegalReason::NotYourHole));
                }
                if self.board[hole as usize] == 0 {
                    return Err(self.illegal(mv, IllegalReason::EmptyHole));
                }
                if !self.start_range().contains(&(hole as usize)) {
                    return Err(self.illegal(mv, IllegalReason::NotOutermostRow));
                }
            }
            Move::Step { from, to, .. } => {
                if !own(from) {
                    return Err(self.illegal(mv, IllegalReason::NotYourHole));
                }
                if self.board[from as usize] == 0 {
                    return Err(self.illegal(mv, IllegalReason::EmptyHole));
                }
                if self.lone_seed() != Some(from as usize)
                    || !self.step_targets(from as usize).contains(&(to as usize))
                {
                    return Err(self.illegal(mv, IllegalReason::StepNotAllowed));
                }
                // A path given to a non-capturing step, or missing on a capturing one, is
                // refused by `sow` (wrong_step_path).
            }
        }
        Ok(())
    }
}
