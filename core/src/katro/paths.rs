//! The two sowing paths of K-2, and the four tracks they give on a board of C columns.

use serde::{Deserialize, Serialize};

use super::ROWS;
use crate::side::Side;

/// The two sowing paths of K-2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Path {
    A,
    B,
}

impl Path {
    pub(super) fn index(self) -> usize {
        match self {
            Path::A => 0,
            Path::B => 1,
        }
    }

    pub(super) fn letter(self) -> char {
        match self {
            Path::A => 'A',
            Path::B => 'B',
        }
    }
}

/// The four tracks of K-2 for a board of `columns`, and each hole's place on its owner's two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Paths {
    /// South A, South B, North A, North B: 3C holes each.
    tracks: [Vec<u16>; 4],
    /// For each hole, its position on its owner's path A and path B.
    pub(super) place: Vec<[u16; 2]>,
}

impl Paths {
    pub(super) fn new(columns: usize, reverse_direction: bool) -> Paths {
        let c = columns;
        let south_a: Vec<u16> = (0..3)
            .flat_map(|row| {
                (0..c).map(move |i| {
                    // Outer and inner rows left→right, middle right→left (K-2).
                    let col = if row == 1 { c - 1 - i } else { i };
                    (row * c + col) as u16
                })
            })
            .collect();
        let south_b: Vec<u16> = if reverse_direction {
            south_a.iter().rev().copied().collect()
        } else {
            // The mirror image: column c ↔ C−1−c.
            south_a
                .iter()
                .map(|h| {
                    let (row, col) = (*h as usize / c, *h as usize % c);
                    (row * c + (c - 1 - col)) as u16
                })
                .collect()
        };
        // North's paths are South's turned by 180° (K-2).
        let rotate = |track: &[u16]| -> Vec<u16> {
            track
                .iter()
                .map(|h| (ROWS * c - 1 - *h as usize) as u16)
                .collect()
        };
        let (north_a, north_b) = (rotate(&south_a), rotate(&south_b));
        let tracks = [south_a, south_b, north_a, north_b];
        let mut place = vec![[0u16; 2]; ROWS * c];
        for (t, track) in tracks.iter().enumerate() {
            for (i, hole) in track.iter().enumerate() {
                place[*hole as usize][t % 2] = i as u16;
            }
        }
        Paths { tracks, place }
    }

    pub(super) fn track(&self, side: Side, path: Path) -> &[u16] {
        &self.tracks[side.index() * 2 + path.index()]
    }
}
