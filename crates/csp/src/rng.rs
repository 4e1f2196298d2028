//! A tiny seeded generator (SplitMix64): the same seed gives the same
//! sequence on every platform, which is what reproducible search needs.

/// SplitMix64: fast, statistically decent, and fully determined by its seed.
///
/// ```
/// let mut a = csp::SplitMix64::new(7);
/// let mut b = csp::SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        // Multiply-shift: unbiased enough for search tie-breaking.
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }

    /// Shuffles `items` in place (Fisher-Yates).
    ///
    /// ```
    /// let mut v = vec![1, 2, 3, 4];
    /// csp::SplitMix64::new(1).shuffle(&mut v);
    /// v.sort();
    /// assert_eq!(v, vec![1, 2, 3, 4]);
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}
