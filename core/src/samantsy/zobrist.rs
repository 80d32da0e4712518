//! Zobrist keys for incremental position hashing (threefold repetition, S-11).
//!
//! The keys come from a fixed splitmix64 sequence at compile time, so hashes are the same in
//! every build. They are never stored: saved games keep positions as text.

use super::piece::Role;
use super::square::Square;
use crate::side::Side;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `[side][role][square]`.
static PIECES: [[[u64; 64]; 6]; 2] = {
    let mut keys = [[[0u64; 64]; 6]; 2];
    let mut state = 0x5a4d_414e_5453_5900; // "ZMANTSY", any fixed seed does
    let mut side = 0;
    while side < 2 {
        let mut role = 0;
        while role < 6 {
            let mut sq = 0;
            while sq < 64 {
                let (next, key) = splitmix64(state);
                state = next;
                keys[side][role][sq] = key;
                sq += 1;
            }
            role += 1;
        }
        side += 1;
    }
    keys
};

const BLACK_TO_MOVE: u64 = splitmix64(0x0123_4567_89ab_cdef).1;

pub fn piece(side: Side, role: Role, sq: Square) -> u64 {
    PIECES[side.index()][role.index()][sq.index()]
}

/// Toggled when the side to move changes.
pub fn black_to_move() -> u64 {
    BLACK_TO_MOVE
}
