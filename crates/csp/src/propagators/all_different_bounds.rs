//! Bounds consistency for all-different: Hall intervals, by the algorithm
//! of López-Ortiz, Quimper, Tromp and van Beek ("A fast and simple
//! algorithm for bounds consistency of the alldifferent constraint",
//! IJCAI 2003): sort the intervals by both ends, then one sweep per
//! direction over the distinct ends with union-find style path
//! compression. O(n log n) for the sorts, nearly linear after.
//!
//! A Hall interval is a range of k values that k views are confined to:
//! no other view may take a value in it. The sweeps raise each minimum
//! past the Hall intervals it starts in (and lower each maximum), and fail
//! when more views than values are confined to a range.
//!
//! The work arrays live in [`HallIntervals`] and are reused, so nothing is
//! allocated once they have grown to the scope's size.

use crate::store::Wipeout;

/// Scratch space for the Hall interval sweeps over `n` intervals.
#[derive(Default)]
pub(crate) struct HallIntervals {
    /// Per interval: its bounds (`hi` inclusive), narrowed in place.
    pub lo: Vec<i64>,
    pub hi: Vec<i64>,
    min_sorted: Vec<u32>,
    max_sorted: Vec<u32>,
    /// Per interval: the rank of its minimum and of its maximum + 1 in `bounds`.
    min_rank: Vec<usize>,
    max_rank: Vec<usize>,
    /// The distinct interval ends (minima, and maxima + 1), with sentinels.
    bounds: Vec<i64>,
    /// Union-find style forests over `bounds`' ranks (critical capacities
    /// and Hall interval links) and the capacities themselves.
    tree: Vec<usize>,
    hall: Vec<usize>,
    capacity: Vec<i64>,
}

/// Follows `t` upwards from `i` while it points right; returns the root.
fn path_max(t: &[usize], mut i: usize) -> usize {
    while t[i] > i {
        i = t[i];
    }
    i
}

/// Follows `t` downwards from `i` while it points left; returns the root.
fn path_min(t: &[usize], mut i: usize) -> usize {
    while t[i] < i {
        i = t[i];
    }
    i
}

/// Points every node on `t`'s path from `start` to `end` (excluded) at `to`.
fn path_set(t: &mut [usize], start: usize, end: usize, to: usize) {
    let mut node = start;
    while node != end {
        let next = t[node];
        t[node] = to;
        node = next;
    }
}

impl HallIntervals {
    /// Starts a new set of intervals.
    pub fn clear(&mut self) {
        self.lo.clear();
        self.hi.clear();
    }

    /// Adds the interval `lo..=hi` (not empty).
    pub fn push(&mut self, lo: i64, hi: i64) {
        self.lo.push(lo);
        self.hi.push(hi);
    }

    /// Narrows every interval to its bounds-consistent range (each bound
    /// then has a support of distinct values in the others' intervals), or
    /// fails when the intervals cannot take distinct values.
    pub fn narrow(&mut self) -> Result<(), Wipeout> {
        let n = self.lo.len();
        if n == 0 {
            return Ok(());
        }
        self.rank(n);
        self.filter_lower(n)?;
        self.filter_upper(n)
    }

    /// Sorts the intervals by each end and ranks the distinct ends.
    fn rank(&mut self, n: usize) {
        let (lo, hi) = (&self.lo, &self.hi);
        self.min_sorted.clear();
        self.min_sorted.extend(0..n as u32);
        self.min_sorted.sort_unstable_by_key(|&i| lo[i as usize]);
        self.max_sorted.clear();
        self.max_sorted.extend(0..n as u32);
        self.max_sorted.sort_unstable_by_key(|&i| hi[i as usize]);
        self.min_rank.resize(n, 0);
        self.max_rank.resize(n, 0);
        let size = 2 * n + 2;
        self.bounds.resize(size, 0);
        self.tree.resize(size, 0);
        self.hall.resize(size, 0);
        self.capacity.resize(size, 0);

        let mut min = lo[self.min_sorted[0] as usize];
        let mut max = hi[self.max_sorted[0] as usize] + 1;
        let mut last = min - 2;
        let mut nb = 0;
        self.bounds[0] = last;
        let (mut i, mut j) = (0, 0);
        loop {
            if i < n && min <= max {
                if min != last {
                    nb += 1;
                    last = min;
                    self.bounds[nb] = min;
                }
                self.min_rank[self.min_sorted[i] as usize] = nb;
                i += 1;
                if i < n {
                    min = lo[self.min_sorted[i] as usize];
                }
            } else {
                if max != last {
                    nb += 1;
                    last = max;
                    self.bounds[nb] = max;
                }
                self.max_rank[self.max_sorted[j] as usize] = nb;
                j += 1;
                if j == n {
                    break;
                }
                max = hi[self.max_sorted[j] as usize] + 1;
            }
        }
        self.bounds[nb + 1] = self.bounds[nb] + 2;
        self.bounds.truncate(nb + 2);
    }

    /// The sweep by increasing maxima, raising minima.
    fn filter_lower(&mut self, n: usize) -> Result<(), Wipeout> {
        let nb = self.bounds.len() - 2;
        let (t, h, d, bounds) = (
            &mut self.tree,
            &mut self.hall,
            &mut self.capacity,
            &self.bounds,
        );
        for i in 1..=nb + 1 {
            t[i] = i - 1;
            h[i] = i - 1;
            d[i] = bounds[i] - bounds[i - 1];
        }
        for k in 0..n {
            let v = self.max_sorted[k] as usize;
            let (x, y) = (self.min_rank[v], self.max_rank[v]);
            let mut z = path_max(t, x + 1);
            let j = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                t[z] = z + 1;
                z = path_max(t, t[z]);
                t[z] = j;
            }
            path_set(t, x + 1, z, z);
            if d[z] < bounds[z] - bounds[y] {
                return Err(Wipeout); // more views than values in a range
            }
            if h[x] > x {
                let w = path_max(h, h[x]);
                self.lo[v] = bounds[w];
                path_set(h, x, w, w);
            }
            if d[z] == bounds[z] - bounds[y] {
                let start = h[y];
                path_set(h, start, j - 1, y); // a Hall interval
                h[y] = j - 1;
            }
        }
        Ok(())
    }

    /// The mirror sweep by decreasing minima, lowering maxima.
    fn filter_upper(&mut self, n: usize) -> Result<(), Wipeout> {
        let nb = self.bounds.len() - 2;
        let (t, h, d, bounds) = (
            &mut self.tree,
            &mut self.hall,
            &mut self.capacity,
            &self.bounds,
        );
        for i in 0..=nb {
            t[i] = i + 1;
            h[i] = i + 1;
            d[i] = bounds[i + 1] - bounds[i];
        }
        for k in (0..n).rev() {
            let v = self.min_sorted[k] as usize;
            let (x, y) = (self.max_rank[v], self.min_rank[v]);
            let mut z = path_min(t, x - 1);
            let j = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                t[z] = z - 1;
                z = path_min(t, t[z]);
                t[z] = j;
            }
            path_set(t, x - 1, z, z);
            if d[z] < bounds[y] - bounds[z] {
                return Err(Wipeout);
            }
            if h[x] < x {
                let w = path_min(h, h[x]);
                self.hi[v] = bounds[w] - 1;
                path_set(h, x, w, w);
            }
            if d[z] == bounds[y] - bounds[z] {
                let start = h[y];
                path_set(h, start, j + 1, y);
                h[y] = j + 1;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Narrowed intervals, or `None` on failure.
    fn narrow(intervals: &[(i64, i64)]) -> Option<Vec<(i64, i64)>> {
        let mut h = HallIntervals::default();
        h.clear();
        for &(lo, hi) in intervals {
            h.push(lo, hi);
        }
        h.narrow().ok()?;
        Some(h.lo.iter().copied().zip(h.hi.iter().copied()).collect())
    }

    /// Can the intervals take distinct values with interval `i` at `value`?
    fn supported(intervals: &[(i64, i64)], i: usize, value: i64) -> bool {
        fn place(intervals: &[(i64, i64)], k: usize, used: &mut Vec<i64>) -> bool {
            if k == intervals.len() {
                return true;
            }
            if used.len() > k {
                return place(intervals, k + 1, used); // already placed
            }
            let (lo, hi) = intervals[k];
            for v in lo..=hi {
                if !used.contains(&v) {
                    used.push(v);
                    if place(intervals, k + 1, used) {
                        return true;
                    }
                    used.pop();
                }
            }
            false
        }
        // Put interval i first, fixed to value.
        let mut order: Vec<(i64, i64)> = vec![(value, value)];
        order.extend(
            intervals
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &r)| r),
        );
        place(&order, 0, &mut Vec::new())
    }

    /// Bounds consistency by brute force: each interval's supported range.
    fn brute(intervals: &[(i64, i64)]) -> Option<Vec<(i64, i64)>> {
        let mut out = Vec::new();
        for (i, &(lo, hi)) in intervals.iter().enumerate() {
            let mut kept = (lo..=hi).filter(|&v| supported(intervals, i, v));
            let first = kept.next()?;
            let last = kept.next_back().unwrap_or(first);
            out.push((first, last));
        }
        Some(out)
    }

    #[test]
    fn three_views_over_two_values_fail() {
        assert_eq!(narrow(&[(1, 2), (1, 2), (1, 2)]), None);
    }

    #[test]
    fn a_hall_interval_pushes_the_others_out() {
        // {1,2} is taken by the first two: the third starts at 3, and the
        // fourth, confined to 2..=4 with the third at 3 or 4, ends up 3..=4.
        assert_eq!(
            narrow(&[(1, 2), (1, 2), (1, 4), (2, 4)]),
            Some(vec![(1, 2), (1, 2), (3, 4), (3, 4)])
        );
        // The mirror case, from above.
        assert_eq!(
            narrow(&[(5, 6), (5, 6), (3, 6)]),
            Some(vec![(5, 6), (5, 6), (3, 4)])
        );
    }

    #[test]
    fn a_fixed_view_in_the_middle_is_not_a_bound() {
        // Bounds reasoning alone keeps 1..=3 for the second view: value 2
        // lies inside it (value elimination is the propagator's other half).
        assert_eq!(narrow(&[(2, 2), (1, 3)]), Some(vec![(2, 2), (1, 3)]));
    }

    proptest! {
        #[test]
        fn narrowing_is_bounds_consistency(
            intervals in prop::collection::vec((-3i64..4, 0i64..4), 1..6)
        ) {
            let intervals: Vec<(i64, i64)> =
                intervals.into_iter().map(|(lo, w)| (lo, lo + w)).collect();
            prop_assert_eq!(narrow(&intervals), brute(&intervals));
        }
    }
}
