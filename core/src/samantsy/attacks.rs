//! Attack and movement patterns (S-5, S-7), as tables built at compile time.
//!
//! The vorona (rook) uses hyperbola quintessence on files and an 8×64 table on ranks, so no
//! magic numbers are needed. The basy's blockable two-step leap is two masked one-step shifts.

use super::bitboard::Bitboard;
use super::square::Square;
use crate::side::Side;

const fn step_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let from = Square::from_index(sq as u32);
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = from.offset(deltas[i].0, deltas[i].1) {
                bits |= 1 << to.index();
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Hova: the 8 neighbours.
static HOVA: [Bitboard; 64] = step_table(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
]);
/// Anakova: the 4 diagonal neighbours.
static ANAKOVA: [Bitboard; 64] = step_table(&DIAGONAL);
/// Basy targets on an empty board: the 4 squares two steps diagonally away.
static BASY_REACH: [Bitboard; 64] = step_table(&[(2, 2), (-2, 2), (2, -2), (-2, -2)]);
static FARASY: [Bitboard; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// Zaza captures, per side: one square diagonally forward.
static ZAZA: [[Bitboard; 64]; 2] = [step_table(&[(1, 1), (-1, 1)]), step_table(&[(1, -1), (-1, -1)])];

const fn ray_table(df: i8, dr: i8) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut at = Square::from_index(sq as u32);
        while let Some(next) = at.offset(df, dr) {
            bits |= 1 << next.index();
            at = next;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// The squares straight ahead of a zaza, per side.
static AHEAD: [[Bitboard; 64]; 2] = [ray_table(0, 1), ray_table(0, -1)];

/// Squares strictly between two squares on a common rank, file or diagonal; empty otherwise.
/// For a basy two squares away this is exactly its middle square.
static BETWEEN: [[Bitboard; 64]; 64] = {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let directions = [
        ORTHOGONAL[0],
        ORTHOGONAL[1],
        ORTHOGONAL[2],
        ORTHOGONAL[3],
        DIAGONAL[0],
        DIAGONAL[1],
        DIAGONAL[2],
        DIAGONAL[3],
    ];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = directions[d];
            let mut bits = 0u64;
            let mut at = Square::from_index(a as u32);
            while let Some(next) = at.offset(df, dr) {
                table[a][next.index()] = Bitboard(bits);
                bits |= 1 << next.index();
                at = next;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// Rank attacks of a slider on file `f` for each occupancy of the 6 inner files (b–g).
static RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut bits = 0u8;
            let mut f = file as i32 + 1;
            while f < 8 {
                bits |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i32 - 1;
            while f >= 0 {
                bits |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[file][inner] = bits;
            inner += 1;
        }
        file += 1;
    }
    table
};

pub fn hova_attacks(sq: Square) -> Bitboard {
    HOVA[sq.index()]
}

pub fn anakova_attacks(sq: Square) -> Bitboard {
    ANAKOVA[sq.index()]
}

pub fn farasy_attacks(sq: Square) -> Bitboard {
    FARASY[sq.index()]
}

/// Squares a basy could reach on an empty board (or under `variant:alfil-jump`).
pub fn basy_reach(sq: Square) -> Bitboard {
    BASY_REACH[sq.index()]
}

/// Squares attacked by the basys in `basys` (S-5, S-7): two steps diagonally, the middle square
/// empty. `jump` is `variant:alfil-jump`, where the middle square does not matter.
pub fn basy_attacks(basys: Bitboard, occupied: Bitboard, jump: bool) -> Bitboard {
    let open = if jump { Bitboard::FULL } else { !occupied };
    (basys.north_east() & open).north_east()
        | (basys.north_west() & open).north_west()
        | (basys.south_east() & open).south_east()
        | (basys.south_west() & open).south_west()
}

/// Squares a zaza of `side` on `sq` attacks: one square diagonally forward (S-7).
pub fn zaza_attacks(side: Side, sq: Square) -> Bitboard {
    ZAZA[side.index()][sq.index()]
}

/// Squares attacked by all the zazas of `side` in `zazas`.
pub fn zaza_attacks_all(side: Side, zazas: Bitboard) -> Bitboard {
    match side {
        Side::First => zazas.north_east() | zazas.north_west(),
        Side::Second => zazas.south_east() | zazas.south_west(),
    }
}

/// Where a zaza of `side` on `sq` may move without capturing (S-5): forward over empty squares,
/// up to the first occupied one; under `variant:zaza-step`, one square.
pub fn zaza_pushes(side: Side, sq: Square, occupied: Bitboard, step: bool) -> Bitboard {
    let ray = AHEAD[side.index()][sq.index()].0;
    let blockers = ray & occupied.0;
    let reach = match side {
        // Forward is towards higher indices: keep the ray below the lowest blocker.
        Side::First => ray & (blockers & blockers.wrapping_neg()).wrapping_sub(1),
        // Forward is towards lower indices: keep the ray above the highest blocker.
        Side::Second if blockers == 0 => ray,
        Side::Second => ray & !((2u64 << (63 - blockers.leading_zeros())).wrapping_sub(1)),
    };
    let reach = Bitboard(reach);
    if step {
        let next = match side {
            Side::First => sq.bb().north(),
            Side::Second => sq.bb().south(),
        };
        reach & next
    } else {
        reach
    }
}

/// Vorona attacks from `sq` (S-5): along ranks and files up to and including the first piece.
pub fn vorona_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = 1u64 << sq.index();
    // Files: hyperbola quintessence (o - 2r, and the same on the byte-reversed board).
    let mask = Bitboard::file(sq.file()).0 ^ s;
    let mut forward = occupied.0 & mask;
    let mut reverse = forward.swap_bytes();
    forward = forward.wrapping_sub(s);
    reverse = reverse.wrapping_sub(s.swap_bytes());
    let file = (forward ^ reverse.swap_bytes()) & mask;
    // Ranks: table lookup on the inner six squares.
    let shift = 8 * sq.rank() as u32;
    let inner = ((occupied.0 >> (shift + 1)) & 63) as usize;
    let rank = (RANK_ATTACKS[sq.file() as usize][inner] as u64) << shift;
    Bitboard(file | rank)
}

/// Vorona attacks on an empty board: the whole rank and file.
pub fn vorona_reach(sq: Square) -> Bitboard {
    (Bitboard::file(sq.file()) | Bitboard::rank(sq.rank())) ^ sq.bb()
}

/// Squares strictly between `a` and `b` when they share a line (see [`BETWEEN`]).
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}
