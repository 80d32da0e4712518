//! A tiny deterministic PRNG for reproducible random starts (Mangala IV `random-start`,
//! `madjnuni-start`): the seed is stored in the match options, so the same seed gives the same
//! board on every platform and every build, forever. No external crate: the sequence is part of
//! the stored-match contract and must never change with a dependency upgrade.

/// SplitMix64 (Steele, Lea and Flood 2014; the seeding generator of xoshiro). Passes BigCrush,
/// one 64-bit state word, and every seed (including 0) is fine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` by Lemire's multiply-shift (bias below 2⁻⁶⁰ for the small `n` used
    /// here). `n` must be at least 1.
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn reference_values() {
        // Published SplitMix64 outputs for seed 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = SplitMix64::new(0);
        assert!((0..10_000).all(|_| rng.below(14) < 14));
    }
}
