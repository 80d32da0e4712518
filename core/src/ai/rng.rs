//! The computer players' own PRNG: SplitMix64 (Steele, Lea and Flood 2014). One word of state,
//! every seed is fine, and the sequence never changes with a dependency upgrade, so a seed
//! always gives the same move.

use crate::rng::SplitMix64;

/// SplitMix64, shared with the random starts ([`crate::rng::SplitMix64`]), plus the helpers
/// the search needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (Lemire's multiply-shift; the bias is far below anything a game
    /// could notice). `n` must be at least 1.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Fisher–Yates: a seed-dependent order, used to break ties between equal moves.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn matches_the_published_splitmix64_sequence() {
        let mut rng = Rng::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(0);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = rng.below(7);
            seen[x] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }
}
