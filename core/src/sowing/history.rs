//! Game-level repetitions (G-4): every (board, side to move) since the last irreversible event.

use serde::{Deserialize, Serialize, Serializer};
use xxhash_rust::xxh3::xxh3_128;

use crate::error::CoreError;
use crate::side::Side;

/// Histories up to this many entries are scanned rather than indexed.
const SCAN_UP_TO: usize = 16;

/// Hex digits of one stored key.
const KEY_DIGITS: usize = 32;

/// Game-level repetition bookkeeping (G-4): the (board, side to move) states since the last
/// irreversible event, each kept as a 128-bit key ([`key`]).
///
/// Keys, not boards, because a history is stored with its match and rewritten after every ply,
/// and Katro never clears it: whole boards made a 300-ply Katro state 31 KB and the game's
/// records 4.7 MB in all (docs/benchmarks.md). Two different states share a key with
/// probability 2⁻¹²⁸; a whole game of n plies risks at most n²/2¹²⁹ (below 2⁻⁹⁰ for a
/// million plies), far below any hardware fault rate, so repetitions stay exact in practice.
///
/// Only `keys` is the state (stored, compared). An index over them (bucket heads and chains)
/// makes each look-up O(1) instead of a scan of the whole game; it is rebuilt whenever it is
/// stale (after loading, clearing or growing).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(try_from = "Stored")]
pub(crate) struct History {
    keys: Vec<u128>,
    /// A history stored by a build before keys (state format 1): whole boards, turned into
    /// keys by [`History::restored`], which knows the board's width.
    legacy: Option<Legacy>,
    /// For each bucket, the last entry in it, as index + 1 (0: none).
    heads: Vec<u32>,
    /// For each entry, the previous entry in its bucket, as index + 1 (0: none).
    chain: Vec<u32>,
}

#[derive(Clone, Debug, Default)]
struct Legacy {
    sides: Vec<Side>,
    boards: Vec<u16>,
}

/// The stored form: `{"keys": "<32 hex digits per entry>"}`, or, written by state format 1,
/// `{"hashes": […], "sides": […], "boards": […]}` (the hashes were an index, never trusted).
#[derive(Deserialize)]
struct Stored {
    keys: Option<String>,
    sides: Option<Vec<Side>>,
    boards: Option<Vec<u16>>,
}

impl TryFrom<Stored> for History {
    type Error = String;

    fn try_from(stored: Stored) -> Result<History, String> {
        match stored {
            Stored {
                keys: Some(hex),
                sides: None,
                boards: None,
            } => {
                if hex.len() % KEY_DIGITS != 0 {
                    return Err(format!("history keys are {KEY_DIGITS} hex digits each"));
                }
                let keys = hex
                    .as_bytes()
                    .chunks_exact(KEY_DIGITS)
                    .map(|digits| {
                        std::str::from_utf8(digits)
                            .ok()
                            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
                            .and_then(|d| u128::from_str_radix(d, 16).ok())
                            .ok_or_else(|| "history keys are hex digits".to_owned())
                    })
                    .collect::<Result<Vec<u128>, String>>()?;
                Ok(History {
                    keys,
                    ..History::default()
                })
            }
            Stored {
                keys: None,
                sides: Some(sides),
                boards: Some(boards),
            } => Ok(History {
                legacy: Some(Legacy { sides, boards }),
                ..History::default()
            }),
            _ => Err("a history has either keys, or sides and boards".to_owned()),
        }
    }
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut hex = String::with_capacity(self.keys.len() * KEY_DIGITS);
        for key in &self.keys {
            hex.push_str(&format!("{key:032x}"));
        }
        let mut state = serializer.serialize_struct("History", 1)?;
        state.serialize_field("keys", &hex)?;
        state.end()
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.keys == other.keys
    }
}

impl Eq for History {}

impl History {
    /// The recorded states' keys, oldest first (for the exact solver's memo).
    pub(crate) fn keys(&self) -> &[u128] {
        &self.keys
    }

    pub fn clear(&mut self) {
        self.keys.clear();
        self.heads.clear();
        self.chain.clear();
    }

    fn bucket(&self, key: u128) -> usize {
        (key as u64 ^ (key >> 64) as u64) as usize & (self.heads.len() - 1)
    }

    /// Rebuilds the index if it does not cover every entry or is too full.
    fn reindex(&mut self) {
        let n = self.keys.len();
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
        let bucket = self.bucket(self.keys[i]);
        self.chain.push(self.heads[bucket]);
        self.heads[bucket] = i as u32 + 1;
    }

    /// Checks a loaded history against the state it belongs to. A game records its (board, side
    /// to move) when each turn starts, from ply 0, so a history has at most `ply + 1` entries,
    /// and while the game is `open` the last one is the current state. A history of whole
    /// boards (state format 1) is also checked board by board, then turned into keys: every
    /// stored board has the current board's width and, since a history starts afresh whenever
    /// seeds leave the board, the same number of seeds as the others and as the current board.
    pub fn restored(mut self, board: &[u16], side: Side, open: bool, ply: u32) -> Result<History, CoreError> {
        let bad = |why: &str| {
            Err(CoreError::bad_position(format!(
                "stored repetition history: {why}"
            )))
        };
        if let Some(Legacy { sides, boards }) = self.legacy.take() {
            let width = board.len();
            if width == 0 || boards.len() != sides.len() * width {
                return bad("its boards do not match the board");
            }
            let totals: Vec<u64> = boards
                .chunks_exact(width)
                .map(|b| b.iter().map(|c| u64::from(*c)).sum())
                .collect();
            if totals.windows(2).any(|pair| pair[0] != pair[1]) {
                return bad("its boards hold different numbers of seeds");
            }
            let current: u64 = board.iter().map(|c| u64::from(*c)).sum();
            if open && totals.first().is_some_and(|t| *t != current) {
                return bad("its boards hold a different number of seeds from the board");
            }
            self.keys = boards
                .chunks_exact(width)
                .zip(&sides)
                .map(|(b, s)| key(b, *s))
                .collect();
        }
        if self.keys.len() > ply as usize + 1 {
            return bad("it has more entries than the game has had turns");
        }
        if open && self.keys.last() != Some(&key(board, side)) {
            return bad("it does not end with the current position");
        }
        self.heads.clear();
        self.chain.clear();
        Ok(self)
    }

    /// How many times (board, side) occurs.
    pub fn count(&mut self, board: &[u16], side: Side) -> usize {
        self.occurrences(key(board, side))
    }

    fn occurrences(&mut self, key: u128) -> usize {
        if self.keys.len() <= SCAN_UP_TO {
            // A short history (most of them: En Gehé and Mangala IV clear it at every capture)
            // is cheaper to scan than to index.
            return self.keys.iter().filter(|k| **k == key).count();
        }
        self.reindex();
        let mut seen = 0;
        let mut next = self.heads[self.bucket(key)];
        while next > 0 {
            let i = next as usize - 1;
            if self.keys[i] == key {
                seen += 1;
            }
            next = self.chain[i];
        }
        seen
    }

    /// Records the state and returns how many times it has now occurred (1 the first time).
    pub fn record(&mut self, board: &[u16], side: Side) -> usize {
        let key = key(board, side);
        let seen = self.occurrences(key) + 1;
        self.keys.push(key);
        // Keep an index in use up to date (otherwise it is built when first needed).
        if self.chain.len() + 1 == self.keys.len() && !self.heads.is_empty() {
            self.link(self.keys.len() - 1);
        }
        seen
    }
}

/// The key of a (board, side to move): XXH3-128 (seed 0) of the side's index as one byte, then
/// each hole's seed count as two little-endian bytes. Keys are stored, so this function is part
/// of the state format: changing it needs a new format version and a migration.
pub(crate) fn key(board: &[u16], side: Side) -> u128 {
    const ON_STACK: usize = 255;
    let encode = |bytes: &mut [u8]| {
        bytes[0] = side.index() as u8;
        for (pair, count) in bytes[1..].chunks_exact_mut(2).zip(board) {
            pair.copy_from_slice(&count.to_le_bytes());
        }
    };
    let len = 1 + 2 * board.len();
    if len <= ON_STACK {
        let mut bytes = [0u8; ON_STACK];
        encode(&mut bytes[..len]);
        xxh3_128(&bytes[..len])
    } else {
        let mut bytes = vec![0u8; len];
        encode(&mut bytes);
        xxh3_128(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_key_function_does_not_change() {
        // Stored histories hold these keys: a different value here makes every stored game
        // unloadable (or its repetitions wrong), so it needs a state format version of its own.
        // The values come from an independent XXH3 (Python's `xxhash.xxh3_128_intdigest` of the
        // same bytes), so they also pin the byte layout to the published function.
        assert_eq!(
            key(&[4; 12], Side::First),
            0x06f7_9abc_d55d_6fe5_d7d9_a210_6c18_9245
        );
        assert_eq!(
            key(&[4; 12], Side::Second),
            0xb6d4_4972_856d_9890_d1ec_1495_9d50_a1b7
        );
        // Past the stack buffer: the heap path gives the same function.
        let long: Vec<u16> = (0..400).collect();
        assert_eq!(key(&long, Side::First), 0xeee9_27ac_1276_2e9d_566c_12d0_d9a1_dbf1);
    }

    #[test]
    fn keys_round_trip_through_their_hex_form() {
        let mut history = History::default();
        for i in 0..20u16 {
            history.record(&[i, 40 - i, 7], Side::First);
        }
        let json = serde_json::to_value(&history).unwrap();
        assert_eq!(json["keys"].as_str().unwrap().len(), 20 * KEY_DIGITS);
        let back: History = serde_json::from_value(json).unwrap();
        assert_eq!(back, history);
    }

    #[test]
    fn damaged_keys_are_refused() {
        for json in [
            r#"{"keys": "0"}"#,
            r#"{"keys": "zz000000000000000000000000000000"}"#,
            r#"{"keys": "+0000000000000000000000000000000"}"#,
            r#"{"keys": "", "boards": []}"#,
            r#"{"sides": []}"#,
            r#"{}"#,
        ] {
            assert!(serde_json::from_str::<History>(json).is_err(), "{json}");
        }
    }
}
