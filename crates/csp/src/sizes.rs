//! How many unassigned variables have each domain size: what lets the
//! smallest-domain order find the smallest size without scanning every
//! variable at every node (a graph of 100,000 isolated vertices made that
//! scan quadratic). The store keeps it up to date on every change.

/// Domains wider than this are not counted (the counts would take more
/// memory than they save time); the variable order then scans.
pub(crate) const MAX_COUNTED_SIZE: u64 = 1 << 20;

/// Counts per size, with two levels of bit sets over the non-zero counts so
/// the smallest is found in a few word operations.
pub(crate) struct SizeCounts {
    count: Vec<u32>,
    /// Bit `s` set when `count[s] > 0`.
    nonzero: Vec<u64>,
    /// Bit `w` set when `nonzero[w] != 0`.
    summary: Vec<u64>,
}

impl SizeCounts {
    /// Empty counts for sizes `0..=max_size`.
    pub fn new(max_size: usize) -> SizeCounts {
        let words = (max_size + 1).div_ceil(64);
        SizeCounts {
            count: vec![0; max_size + 1],
            nonzero: vec![0; words],
            summary: vec![0; words.div_ceil(64)],
        }
    }

    /// One more variable of `size`.
    #[inline]
    pub fn add(&mut self, size: u32) {
        let s = size as usize;
        self.count[s] += 1;
        if self.count[s] == 1 {
            self.nonzero[s / 64] |= 1 << (s % 64);
            self.summary[s / 4096] |= 1 << (s / 64 % 64);
        }
    }

    /// One variable of `size` fewer (it must have been added).
    #[inline]
    pub fn remove(&mut self, size: u32) {
        let s = size as usize;
        self.count[s] -= 1;
        if self.count[s] == 0 {
            self.nonzero[s / 64] &= !(1 << (s % 64));
            if self.nonzero[s / 64] == 0 {
                self.summary[s / 4096] &= !(1 << (s / 64 % 64));
            }
        }
    }

    /// A variable's size changed from `old` to `new`.
    #[inline]
    pub fn resize(&mut self, old: u32, new: u32) {
        if old != new {
            self.remove(old);
            self.add(new);
        }
    }

    /// The smallest size counted, if any.
    pub fn min(&self) -> Option<u32> {
        let (w, &top) = self.summary.iter().enumerate().find(|(_, &b)| b != 0)?;
        let word = w * 64 + top.trailing_zeros() as usize;
        Some((word * 64 + self.nonzero[word].trailing_zeros() as usize) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_follows_additions_and_removals_across_words() {
        let mut c = SizeCounts::new(10_000);
        assert_eq!(c.min(), None);
        c.add(9_000);
        c.add(70);
        c.add(70);
        assert_eq!(c.min(), Some(70));
        c.remove(70);
        assert_eq!(c.min(), Some(70));
        c.resize(70, 5_000);
        assert_eq!(c.min(), Some(5_000));
        c.resize(5_000, 0);
        assert_eq!(c.min(), Some(0));
        c.remove(0);
        c.remove(9_000);
        assert_eq!(c.min(), None);
    }
}
