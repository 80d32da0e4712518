//! Perft: the number of leaf nodes of the game tree, with every rule that ends a game applied
//! at every inner node (S-10 losses, S-11 draws, the ply cap): a finished game has no children.

use super::history::draw_reason;
use super::position::Position;

struct Walk {
    /// The current line: the game's positions since its last irreversible move, then the
    /// positions of the walk.
    line: Vec<Position>,
    ply_cap: Option<u32>,
}

/// Leaf count of the tree `depth` plies below the last position of `line`, which holds the
/// positions since the last capture or zaza move. `ply` is that position's ply.
pub fn perft(line: &[Position], ply: u32, ply_cap: Option<u32>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut walk = Walk {
        line: line.to_vec(),
        ply_cap,
    };
    walk.line.reserve(depth as usize + 1);
    walk.node(0, ply, depth)
}

impl Walk {
    fn node(&mut self, since: usize, ply: u32, depth: u32) -> u64 {
        let Some(&position) = self.line.last() else {
            return 0;
        };
        if draw_reason(&self.line[since..], ply, self.ply_cap).is_some() {
            return 0;
        }
        if depth == 1 {
            return position.count_unless_lost();
        }
        let moves = position.legal_moves_unsorted();
        if position.is_lost(&moves) {
            return 0;
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
            nodes += self.node(child_since, ply + 1, depth - 1);
            self.line.pop();
        }
        nodes
    }
}
