//! How many unassigned variables have each domain size: what lets the
//! smallest-domain order find the smallest size without scanning every
//! variable at every node (a graph of 100,000 isolated vertices made that
//! scan quadratic). The store keeps it up to date on every change.
//!
//! With restarts, ties between the smallest domains are broken at random:
//! the counts then also keep each size's variables as a sparse set, so a
//! uniformly random one of the smallest is one draw, not a ranking of all.

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
    /// The variables of each size, when kept (see [`SizeCounts::with_members`]).
    members: Option<Members>,
}

/// Per size, its variables as a sparse set: `of_size[s]` in any order, and
/// each variable's position there, so a variable moves between sizes in
/// constant time (swap-remove, push).
struct Members {
    of_size: Vec<Vec<u32>>,
    at: Vec<u32>,
}

impl SizeCounts {
    /// Empty counts for sizes `0..=max_size`.
    pub fn new(max_size: usize) -> SizeCounts {
        let words = (max_size + 1).div_ceil(64);
        SizeCounts {
            count: vec![0; max_size + 1],
            nonzero: vec![0; words],
            summary: vec![0; words.div_ceil(64)],
            members: None,
        }
    }

    /// Empty counts for sizes `0..=max_size` of variables `0..vars` that
    /// also keep which variables have each size (for [`SizeCounts::members`]).
    pub fn with_members(max_size: usize, vars: usize) -> SizeCounts {
        SizeCounts {
            members: Some(Members {
                of_size: vec![Vec::new(); max_size + 1],
                at: vec![0; vars],
            }),
            ..SizeCounts::new(max_size)
        }
    }

    /// One more variable, `var`, of `size`.
    #[inline]
    pub fn add(&mut self, var: u32, size: u32) {
        let s = size as usize;
        if let Some(m) = &mut self.members {
            m.at[var as usize] = m.of_size[s].len() as u32;
            m.of_size[s].push(var);
        }
        self.count[s] += 1;
        if self.count[s] == 1 {
            self.nonzero[s / 64] |= 1 << (s % 64);
            self.summary[s / 4096] |= 1 << (s / 64 % 64);
        }
    }

    /// Variable `var` of `size` no longer counted (it must have been added
    /// with that size).
    #[inline]
    pub fn remove(&mut self, var: u32, size: u32) {
        let s = size as usize;
        if let Some(m) = &mut self.members {
            let list = &mut m.of_size[s];
            let at = m.at[var as usize] as usize;
            debug_assert_eq!(list[at], var, "a member of its size");
            list.swap_remove(at);
            if let Some(&moved) = list.get(at) {
                m.at[moved as usize] = at as u32;
            }
        }
        self.count[s] -= 1;
        if self.count[s] == 0 {
            self.nonzero[s / 64] &= !(1 << (s % 64));
            if self.nonzero[s / 64] == 0 {
                self.summary[s / 4096] &= !(1 << (s / 64 % 64));
            }
        }
    }

    /// Variable `var`'s size changed from `old` to `new`.
    #[inline]
    pub fn resize(&mut self, var: u32, old: u32, new: u32) {
        if old != new {
            self.remove(var, old);
            self.add(var, new);
        }
    }

    /// Lists the members afresh, as [`SizeCounts::add`] in variable order
    /// would have (every variable counted, `size_of` each one's size), so
    /// that a reused search draws exactly as a new one; keeps the lists'
    /// memory.
    pub fn relist_members(&mut self, size_of: impl Fn(u32) -> u32) {
        if let Some(m) = &mut self.members {
            // Every listed variable is counted, so only their sizes' lists
            // hold anything (not every size up to the widest).
            for var in 0..m.at.len() as u32 {
                m.of_size[size_of(var) as usize].clear();
            }
            for var in 0..m.at.len() as u32 {
                let list = &mut m.of_size[size_of(var) as usize];
                m.at[var as usize] = list.len() as u32;
                list.push(var);
            }
        }
    }

    /// The counted variables of `size`, in no particular order, when the
    /// counts keep them (empty otherwise).
    #[inline]
    pub fn members(&self, size: u32) -> &[u32] {
        self.members
            .as_ref()
            .and_then(|m| m.of_size.get(size as usize))
            .map_or(&[], Vec::as_slice)
    }

    /// The smallest size counted, if any.
    pub fn min(&self) -> Option<u32> {
        let (w, &top) = self.summary.iter().enumerate().find(|&(_, &b)| b != 0)?;
        let word = w * 64 + top.trailing_zeros() as usize;
        Some((word * 64 + self.nonzero[word].trailing_zeros() as usize) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_follows_additions_and_removals_across_words() {
        for mut c in [SizeCounts::new(10_000), SizeCounts::with_members(10_000, 3)] {
            assert_eq!(c.min(), None);
            c.add(0, 9_000);
            c.add(1, 70);
            c.add(2, 70);
            assert_eq!(c.min(), Some(70));
            c.remove(1, 70);
            assert_eq!(c.min(), Some(70));
            c.resize(2, 70, 5_000);
            assert_eq!(c.min(), Some(5_000));
            c.resize(2, 5_000, 0);
            assert_eq!(c.min(), Some(0));
            c.remove(2, 0);
            c.remove(0, 9_000);
            assert_eq!(c.min(), None);
        }
    }

    #[test]
    fn members_follow_every_move_between_sizes() {
        let mut c = SizeCounts::with_members(8, 6);
        for var in 0..6 {
            c.add(var, 8);
        }
        c.resize(0, 8, 3);
        c.resize(4, 8, 3);
        c.remove(2, 8);
        c.resize(0, 3, 1);
        let sorted = |c: &SizeCounts, s| {
            let mut m = c.members(s).to_vec();
            m.sort_unstable();
            m
        };
        assert_eq!(sorted(&c, 8), [1, 3, 5]);
        assert_eq!(sorted(&c, 3), [4]);
        assert_eq!(sorted(&c, 1), [0]);
        assert_eq!(c.min(), Some(1));
        // Relisted, each size's members are in variable order again.
        let mut fresh = SizeCounts::with_members(8, 3);
        for var in 0..3 {
            fresh.add(2 - var, 8);
        }
        fresh.relist_members(|_| 8);
        assert_eq!(fresh.members(8), [0, 1, 2]);
        // Without members, none are listed.
        let mut plain = SizeCounts::new(8);
        plain.add(0, 8);
        assert!(plain.members(8).is_empty());
    }
}
