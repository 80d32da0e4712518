//! Sowing a Katro move on a copy of the board (K-5…K-8, §5.5), and whether it ends (G-3): the
//! legality test behind `legal_moves` and K-9.

use super::rule::Rule;
use super::{Katro, Move, Path};
use crate::error::IllegalReason;
use crate::sowing::{Ending, Scratch, Silent, Trace};

impl Katro {
    /// A cheap, exact shortcut for legality: `mv` is a sowing whose first lap ends in an empty
    /// hole, so it ends (G-3). `false` only means "sow it to find out".
    fn ends_in_one_lap(&self, mv: Move, rule: &Rule) -> bool {
        match mv {
            Move::Sow { hole, path } => {
                let pos = self.paths.place[hole as usize][path.index()] as usize;
                self.sowing(path).ends_in_one_lap(&self.board, pos, rule)
            }
            Move::Step { .. } => false,
        }
    }

    /// Whether `mv`, one of [`Katro::pseudo_moves`], ends (G-3), sowing it on `scratch` if the
    /// shortcut does not tell.
    pub(super) fn ends(&self, mv: Move, rule: &Rule, scratch: &mut Scratch) -> bool {
        self.ends_in_one_lap(mv, rule) || self.sow(scratch.board(), mv, &mut Silent).is_ok()
    }

    /// Plays `mv` on `board` (a copy of the board): the seeds captured, or `None` if it never
    /// ends (G-3). The move must be well-formed and start from a valid hole.
    pub(super) fn sow<T: Trace>(
        &self,
        board: &mut [u16],
        mv: Move,
        trace: &mut T,
    ) -> Result<u32, IllegalReason> {
        board.copy_from_slice(&self.board);
        let rule = self.rule();
        let (path, pos, extra) = match mv {
            Move::Sow { hole, path } => (path, self.paths.place[hole as usize][path.index()], 0),
            Move::Step { from, to, path } => {
                let (from, to) = (from as usize, to as usize);
                board[from] -= 1;
                board[to] += 1;
                let captures = rule.victim(board, to);
                match (captures, path) {
                    (None, None) => return Ok(0),
                    (Some(victim), Some(path)) => {
                        // §5.5: the captured seeds and the stepped seed are sown on from the
                        // next hole of the chosen path.
                        let extra = rule.take(board, victim, trace);
                        trace.flush_captures();
                        (path, self.paths.place[to][path.index()], extra)
                    }
                    _ => return Err(IllegalReason::WrongStepPath),
                }
            }
        };
        match self.sowing(path).play(board, pos as usize, extra, &rule, trace) {
            // Captured seeds are the ones the opponent's side lost (sowing never adds to it).
            Ok(Ending::Rule | Ending::Looped) => {
                let theirs = |board: &[u16]| -> u32 {
                    self.side_holes(self.to_move.opponent())
                        .map(|h| u32::from(board[h]))
                        .sum()
                };
                Ok(theirs(&self.board) - theirs(board))
            }
            Err(_) => Err(IllegalReason::NeverEndingSowing),
        }
    }

    /// Whether the side to move has a legal move (K-9): a pseudo-legal move whose sowing ends.
    pub(super) fn can_move(&self) -> bool {
        let rule = self.rule();
        // The cheap test on every sowing first: usually one ends in one lap, and nothing is sown
        // (nor any move list built).
        let quick = self
            .start_range()
            .filter(|h| self.board[*h] > 0)
            .flat_map(|hole| {
                [Path::A, Path::B].map(|path| Move::Sow {
                    hole: hole as u16,
                    path,
                })
            })
            .any(|mv| self.ends_in_one_lap(mv, &rule));
        if quick {
            return true;
        }
        let mut scratch = Scratch::new(self.board.len());
        self.pseudo_moves()
            .into_iter()
            .any(|mv| self.sow(scratch.board(), mv, &mut Silent).is_ok())
    }
}
