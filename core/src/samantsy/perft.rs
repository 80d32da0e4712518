//! Perft: the number of leaf nodes of the game tree, with every rule that ends a game applied
//! at every inner node (S-10 losses, S-11 draws, the ply cap): a finished game has no children.

use super::history::draw_reason;
use super::position::Position;
use crate::game::{NodeBudget, PerftTooLarge};

struct Walk<'b> {
    /// The current line: the game's positions since its last irreversible move, then the
    /// positions of the walk.
    line: Vec<Position>,
    ply_cap: Option<u32>,
    /// Every node counts, the leaves that are only counted included.
    budget: &'b mut NodeBudget,
}

/// Leaf count of the tree `depth` plies below the last position of `line`, which holds the
/// positions since the last capture or zaza move. `ply` is that position's ply. Gives up once
/// the walk would visit more nodes than `budget` allows.
pub fn perft(
    line: &[Position],
    ply: u32,
    ply_cap: Option<u32>,
    depth: u32,
    budget: &mut NodeBudget,
) -> Result<u64, PerftTooLarge> {
    budget.spend(1)?;
    if depth == 0 {
        return Ok(1);
    }
    let mut walk = Walk {
        line: line.to_vec(),
        ply_cap,
        budget,
    };
    walk.line.reserve(depth as usize + 1);
    walk.node(0, ply, depth)
}

impl Walk<'_> {
    /// The root's own node is already counted by the caller.
    fn node(&mut self, since: usize, ply: u32, depth: u32) -> Result<u64, PerftTooLarge> {
        let Some(&position) = self.line.last() else {
            return Ok(0);
        };
        if draw_reason(&self.line[since..], ply, self.ply_cap).is_some() {
            return Ok(0);
        }
        if depth == 1 {
            let leaves = position.count_unless_lost();
            self.budget.spend(leaves)?;
            return Ok(leaves);
        }
        let moves = position.legal_moves_unsorted();
        if position.is_lost(&moves) {
            return Ok(0);
        }
        let mut nodes = 0;
        for mv in moves {
            let mut child = position;
            let effect = child.play_unchecked(mv);
            let child_since = if effect.irreversible() {
                self.line.len()
            } else {
                since
            };
            self.line.push(child);
            self.budget.spend(1)?;
            nodes += self.node(child_since, ply + 1, depth - 1)?;
            self.line.pop();
        }
        Ok(nodes)
    }
}
