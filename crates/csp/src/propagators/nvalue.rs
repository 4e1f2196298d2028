//! `scope[0]` is the number of distinct values among the views
//! `scope[1..]`.
//!
//! * check: the distinct values, counted;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, with each view's domain relaxed to its bounds:
//!   - the count is at least the fewest points that hit every interval
//!     (greedy by right ends: exact for intervals);
//!   - at most the most intervals matched to distinct points (Glover's
//!     greedy: exact for intervals), and at most the size of the domains'
//!     union (when it is cheap to list: few values in all);
//!   - a count whose greatest value is the number of distinct fixed values
//!     keeps the other views to those values;
//!   - a count whose least value is the fixed values plus one new value
//!     per open view takes the fixed values from the open views.
//!
//!   Every count between the fewest and the most is reachable (changing one
//!   view changes the count by at most one), so when the views' domains are
//!   intervals the count's domain is exactly its supported values (domain
//!   consistent on the count; `tests/globals_precede_nvalue_diffn.rs` checks
//!   it against brute force). Then the exact last-variable filter.
//!
//! `O(n log n)` per pass, the union's `O(v log v)` for its `v <= UNION_CAP`
//! values; buffers are kept between calls.

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most values, over all the views, for which the union of their
/// domains is listed for the upper bound.
const UNION_CAP: u64 = 4096;

/// `scope[0] = |{scope[i] : i >= 1}|`.
pub(crate) struct Nvalue;

impl ConstraintKind for Nvalue {
    fn name(&self) -> &'static str {
        "nvalue"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (count, views) = vals.split_first_mut().expect("the count is in the scope");
        views.sort_unstable();
        let distinct =
            views.windows(2).filter(|w| w[0] != w[1]).count() + usize::from(!views.is_empty());
        *count == distinct as i64
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(NvaluePropagator {
            con,
            intervals: Vec::new(),
            fixed: Vec::new(),
            open: Vec::new(),
            heap: BinaryHeap::new(),
            vals: Vec::new(),
            union: Vec::new(),
        })
    }
}

struct NvaluePropagator<'m> {
    con: &'m Constraint,
    // Buffers reused at every wake-up.
    /// The views' bounds, `(lo, hi)`.
    intervals: Vec<(i64, i64)>,
    /// The fixed views' values, sorted, distinct.
    fixed: Vec<i64>,
    /// The scope positions of the views not fixed.
    open: Vec<usize>,
    heap: BinaryHeap<Reverse<i64>>,
    vals: Vec<i32>,
    union: Vec<i64>,
}

impl NvaluePropagator<'_> {
    /// Reads the views' bounds, the fixed values and the open views.
    fn read(&mut self, ctx: &Ctx<'_>) -> Result<(), Wipeout> {
        self.intervals.clear();
        self.fixed.clear();
        self.open.clear();
        for (k, view) in self.con.scope.iter().enumerate().skip(1) {
            let x = view.var.index;
            let (Some(lo), Some(hi)) = (ctx.store.min(x), ctx.store.max(x)) else {
                return Err(Wipeout);
            };
            let (lo, hi) = (lo + view.offset, hi + view.offset);
            self.intervals.push((lo, hi));
            if lo == hi {
                self.fixed.push(lo);
            } else {
                self.open.push(k);
            }
        }
        self.fixed.sort_unstable();
        self.fixed.dedup();
        Ok(())
    }

    /// The fewest points that hit every interval.
    fn fewest(&mut self) -> i64 {
        self.intervals.sort_unstable_by_key(|&(lo, hi)| (hi, lo));
        let mut points = 0;
        let mut last = None;
        for &(lo, hi) in &self.intervals {
            if last.is_none_or(|p| lo > p) {
                points += 1;
                last = Some(hi);
            }
        }
        points
    }

    /// The most intervals matched to distinct points: at each point the
    /// open interval that ends first takes it.
    fn most(&mut self) -> i64 {
        self.intervals.sort_unstable();
        self.heap.clear();
        let mut matched = 0;
        let mut next = 0;
        let mut point = i64::MIN;
        while next < self.intervals.len() || !self.heap.is_empty() {
            if self.heap.is_empty() {
                point = point.max(self.intervals[next].0);
            }
            while next < self.intervals.len() && self.intervals[next].0 <= point {
                self.heap.push(Reverse(self.intervals[next].1));
                next += 1;
            }
            while let Some(&Reverse(hi)) = self.heap.peek() {
                if hi >= point {
                    break;
                }
                self.heap.pop(); // ended before this point: unmatched
            }
            if self.heap.pop().is_some() {
                matched += 1;
                point += 1;
            }
        }
        matched
    }

    /// The number of values in the union of the views' domains, if it is
    /// cheap to list.
    fn union_size(&mut self, ctx: &Ctx<'_>) -> Option<i64> {
        let scope = &self.con.scope[1..];
        let total: u64 = scope
            .iter()
            .map(|v| u64::from(ctx.store.size(v.var.index)))
            .sum();
        if total > UNION_CAP {
            return None;
        }
        self.union.clear();
        for view in scope {
            self.vals.clear();
            ctx.store.values_into(view.var.index, &mut self.vals);
            self.union
                .extend(self.vals.iter().map(|&u| u as i64 + view.offset));
        }
        self.union.sort_unstable();
        self.union.dedup();
        Some(self.union.len() as i64)
    }

    /// Keeps (`keep`) or removes the fixed values from view `k`; true if
    /// a value went.
    fn restrict_to_fixed(
        &mut self,
        ctx: &mut Ctx<'_>,
        k: usize,
        keep: bool,
    ) -> Result<bool, Wipeout> {
        let view = self.con.scope[k];
        let x = view.var.index;
        let before = ctx.store.size(x);
        if !ctx.store.listable(x) {
            if keep {
                let (lo, hi) = (self.fixed[0], self.fixed[self.fixed.len() - 1]);
                ctx.restrict_bounds(x, (lo - view.offset) as i128, (hi - view.offset) as i128)?;
            }
            return Ok(ctx.store.size(x) != before);
        }
        self.vals.clear();
        ctx.store.values_into(x, &mut self.vals);
        for i in 0..self.vals.len() {
            let u = self.vals[i] as i64;
            if self.fixed.binary_search(&(u + view.offset)).is_ok() != keep {
                ctx.remove(x, u)?;
            }
        }
        Ok(ctx.store.size(x) != before)
    }
}

impl Propagator for NvaluePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let count = self.con.scope[0];
        let (c, off) = (count.var.index, count.offset as i128);
        loop {
            ctx.count_check();
            self.read(ctx)?;
            let fewest = self.fewest();
            let mut most = self.most();
            if let Some(union) = self.union_size(ctx) {
                most = most.min(union);
            }
            let mut changed = ctx.restrict_bounds(c, fewest as i128 - off, most as i128 - off)?;
            let (Some(lo), Some(hi)) = (ctx.store.min(c), ctx.store.max(c)) else {
                return Err(Wipeout);
            };
            let (lo, hi) = (lo as i128 + off, hi as i128 + off);
            let known = self.fixed.len() as i128;
            // No room for a new value: the open views repeat fixed ones
            // (`fewest >= 1` when a view is open, so `known >= 1` here).
            // Room needed for a new value in each: none repeats one.
            let keep = hi == known;
            if (keep || lo == known + self.open.len() as i128) && !self.open.is_empty() {
                for i in 0..self.open.len() {
                    changed |= self.restrict_to_fixed(ctx, self.open[i], keep)?;
                }
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
