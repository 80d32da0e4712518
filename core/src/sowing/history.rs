//! Game-level repetitions (G-4): every (board, side to move) since the last irreversible event.

use serde::{Deserialize, Serialize};

use crate::error::CoreError;
use crate::side::Side;

/// Histories up to this many entries are scanned rather than indexed.
const SCAN_UP_TO: usize = 16;

/// Game-level repetition bookkeeping (G-4): the (board, side to move) states since the last
/// irreversible event, stored exactly (a flat arena of boards) and found through a hash, so a
/// repetition is never a hash collision.
///
/// Only `hashes`, `sides` and `boards` are the state (stored, compared). An index over the
/// hashes (bucket heads and chains) makes each look-up cost O(1) instead of a scan of the whole
/// game; it is rebuilt from `hashes` whenever it is stale (after loading, clearing or growing).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct History {
    hashes: Vec<u64>,
    sides: Vec<Side>,
    boards: Vec<u16>,
    /// For each bucket, the last entry in it, as index + 1 (0: none).
    #[serde(skip)]
    heads: Vec<u32>,
    /// For each entry, the previous entry in its bucket, as index + 1 (0: none).
    #[serde(skip)]
    chain: Vec<u32>,
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.hashes == other.hashes && self.sides == other.sides && self.boards == other.boards
    }
}

impl Eq for History {}

impl History {
    pub fn clear(&mut self) {
        self.hashes.clear();
        self.sides.clear();
        self.boards.clear();
        self.heads.clear();
        self.chain.clear();
    }

    fn bucket(&self, hash: u64) -> usize {
        (hash ^ (hash >> 29)) as usize & (self.heads.len() - 1)
    }

    /// Rebuilds the index if it does not cover every entry or is too full.
    fn reindex(&mut self) {
        let n = self.hashes.len();
        if self.chain.len() == n && n * 2 < self.heads.len() {
            return;
        }
        let size = (n * 4).next_power_of_two().max(64);
        self.heads.clear();
        self.heads.resize(size, 0);
        self.chain.clear();
        for i in 0..n {
            self.link(i);
        }
    }

    fn link(&mut self, i: usize) {
        let bucket = self.bucket(self.hashes[i]);
        self.chain.push(self.heads[bucket]);
        self.heads[bucket] = i as u32 + 1;
    }

    /// Checks a loaded history against the state it belongs to, and recomputes its hashes (an
    /// index, not trusted from storage). Every stored board has the current board's width and,
    /// since a history starts afresh whenever seeds leave the board, the same number of seeds as
    /// the others. While the game is `open`, the last entry is the current (board, side to move),
    /// which every build records when a turn starts, holding the current board's seeds.
    pub fn restored(mut self, board: &[u16], side: Side, open: bool) -> Result<History, CoreError> {
        let bad = |why: &str| {
            Err(CoreError::bad_position(format!(
                "stored repetition history: {why}"
            )))
        };
        let width = board.len();
        let entries = self.sides.len();
        if width == 0 || self.hashes.len() != entries || self.boards.len() != entries * width {
            return bad("its boards do not match the board");
        }
        let totals: Vec<u64> = self
            .boards
            .chunks_exact(width)
            .map(|b| b.iter().map(|c| u64::from(*c)).sum())
            .collect();
        if totals.windows(2).any(|pair| pair[0] != pair[1]) {
            return bad("its boards hold different numbers of seeds");
        }
        if open {
            let current: u64 = board.iter().map(|c| u64::from(*c)).sum();
            if totals.first().is_some_and(|t| *t != current) {
                return bad("its boards hold a different number of seeds from the board");
            }
            if self.sides.last() != Some(&side) || self.boards.get(self.boards.len() - width..) != Some(board)
            {
                return bad("it does not end with the current position");
            }
        }
        self.hashes = self.boards.chunks_exact(width).map(board_hash).collect();
        self.heads.clear();
        self.chain.clear();
        Ok(self)
    }

    /// How many times (board, side) occurs.
    pub fn count(&mut self, board: &[u16], side: Side) -> usize {
        self.occurrences(board, side, board_hash(board))
    }

    fn occurrences(&mut self, board: &[u16], side: Side, hash: u64) -> usize {
        let width = board.len();
        let same = |i: usize| {
            self.hashes[i] == hash
                && self.sides.get(i) == Some(&side)
                && self.boards.get(i * width..(i + 1) * width) == Some(board)
        };
        if self.hashes.len() <= SCAN_UP_TO {
            // A short history (most of them: En Gehé and Mangala IV clear it at every capture)
            // is cheaper to scan than to index.
            return (0..self.hashes.len()).filter(|i| same(*i)).count();
        }
        self.reindex();
        let mut seen = 0;
        let mut next = self.heads[self.bucket(hash)];
        while next > 0 {
            let i = next as usize - 1;
            if self.hashes[i] == hash
                && self.sides.get(i) == Some(&side)
                && self.boards.get(i * width..(i + 1) * width) == Some(board)
            {
                seen += 1;
            }
            next = self.chain[i];
        }
        seen
    }

    /// Records the state and returns how many times it has now occurred (1 the first time).
    pub fn record(&mut self, board: &[u16], side: Side) -> usize {
        let hash = board_hash(board);
        let seen = self.occurrences(board, side, hash) + 1;
        self.hashes.push(hash);
        self.sides.push(side);
        self.boards.extend_from_slice(board);
        // Keep an index in use up to date (otherwise it is built when first needed).
        if self.chain.len() + 1 == self.hashes.len() && !self.heads.is_empty() {
            self.link(self.hashes.len() - 1);
        }
        seen
    }
}

fn board_hash(board: &[u16]) -> u64 {
    // FxHash-style mixing, four holes per step: fast, and only a filter (boards are compared
    // exactly). Stored hashes are recomputed on load ([`History::restored`]), so this function
    // may change between builds.
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    let mut quads = board.chunks_exact(4);
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for q in &mut quads {
        let word = u64::from(q[0]) | u64::from(q[1]) << 16 | u64::from(q[2]) << 32 | u64::from(q[3]) << 48;
        h = mix(h, word);
    }
    quads.remainder().iter().fold(h, |h, c| mix(h, u64::from(*c)))
}
