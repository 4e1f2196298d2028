//! Global cardinality with variable counts: `counts[k]` is the number of
//! views taking `values[k]` (the values distinct; other values are free).
//! The scope is the `n` views, then the counts.
//!
//! * check: the counts of a complete assignment;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, to its own fixpoint:
//!   - each count within the views' sure and possible occurrences of its
//!     value;
//!   - the counts' sum: at most `n`, at least the number of views whose
//!     domains hold only listed values; each count within what the others'
//!     bounds leave of those;
//!   - each value by [`super::cardinality`]'s counting bounds against its
//!     count's bounds (a value taken as often as its count's maximum leaves
//!     the other views; one possible only as often as the minimum is fixed
//!     wherever it can go);
//!   - when the counts' maxima add up to exactly the views surely on listed
//!     values, the other views take no listed value; when their minima add
//!     up to `n`, no view takes an unlisted one.
//!
//!   Over distinct variables each value's count, on its own, is then
//!   domain consistent (`tests/globals.rs` checks that and the sum rules
//!   against brute force). Then the exact last-variable filter (for
//!   repeated variables, where counting views is not exact).

use super::bounds::{restrict_view as restrict, view_bounds as bounds};
use super::cardinality::count_bounds;
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// The first `views` of the scope take `values[k]` exactly `counts[k]`
/// times, the counts being the rest of the scope.
pub(crate) struct CardinalityCounts {
    pub values: Vec<i64>,
    pub views: usize,
}

impl ConstraintKind for CardinalityCounts {
    fn name(&self) -> &'static str {
        "global-cardinality-counts"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (xs, counts) = vals.split_at(self.views);
        self.values
            .iter()
            .zip(counts.iter())
            .all(|(&v, &c)| xs.iter().filter(|&&x| x == v).count() as i64 == c)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CountsPropagator { con, kind: self })
    }
}

struct CountsPropagator<'m> {
    con: &'m Constraint,
    kind: &'m CardinalityCounts,
}

impl CountsPropagator<'_> {
    /// How many of `xs` may take a value that is not listed.
    fn free(&self, ctx: &Ctx<'_>, xs: &[View]) -> usize {
        xs.iter().filter(|&&v| self.has_unlisted(ctx, v)).count()
    }

    /// Does `view` hold a value that is not listed (more values than the
    /// listed ones it holds)?
    fn has_unlisted(&self, ctx: &Ctx<'_>, view: View) -> bool {
        let x = view.var.index;
        let listed = self
            .kind
            .values
            .iter()
            .filter(|&&v| ctx.store.contains(x, v - view.offset))
            .count();
        ctx.store.size(x) as usize > listed
    }

    /// The views that surely take a listed value, and the sums of the
    /// counts' least and greatest values, as the domains stand.
    fn totals(
        &self,
        ctx: &Ctx<'_>,
        xs: &[View],
        counts: &[View],
    ) -> Result<(i64, i64, i64), Wipeout> {
        let covered = (xs.len() - self.free(ctx, xs)) as i64;
        let (mut low, mut high) = (0i64, 0i64);
        for &c in counts {
            let (lo, hi) = bounds(ctx, c)?;
            low += lo;
            high += hi;
        }
        Ok((covered, low, high))
    }

    /// One round of every rule; true if a domain changed.
    fn round(&self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let (xs, counts) = self.con.scope.split_at(self.kind.views);
        let n = xs.len() as i64;
        let mut changed = false;
        // Each count within its value's sure and possible occurrences.
        for (k, &value) in self.kind.values.iter().enumerate() {
            let (fixed, possible) = super::count::tally(ctx, xs, value);
            ctx.count_check();
            changed |= restrict(ctx, counts[k], fixed as i64, possible as i64)?;
        }
        // The sum of the counts.
        let (covered, low, high) = self.totals(ctx, xs, counts)?;
        for &c in counts {
            let (lo, hi) = bounds(ctx, c)?;
            let (least, most) = (covered - (high - hi), n - (low - lo));
            if least > lo || most < hi {
                changed |= restrict(ctx, c, least, most)?;
            }
        }
        // Each value against its count's bounds.
        for (k, &value) in self.kind.values.iter().enumerate() {
            let (lo, hi) = bounds(ctx, counts[k])?;
            let (lo, hi) = (lo.max(0) as usize, hi.max(0) as usize);
            changed |= count_bounds(ctx, xs, value, lo, hi)?;
        }
        changed |= self.sum_tight(ctx, xs, counts)?;
        Ok(changed)
    }

    /// The sum rules on the views: the counts' maxima leave no room for a
    /// view that may be unlisted to be listed, or their minima leave no
    /// view unlisted.
    fn sum_tight(&self, ctx: &mut Ctx<'_>, xs: &[View], counts: &[View]) -> Result<bool, Wipeout> {
        let n = xs.len() as i64;
        let (covered, low, high) = self.totals(ctx, xs, counts)?;
        let mut changed = false;
        if high == covered && covered < n {
            for &view in xs {
                if !self.has_unlisted(ctx, view) {
                    continue;
                }
                for &v in &self.kind.values {
                    let x = v - view.offset;
                    if ctx.store.contains(view.var.index, x) {
                        ctx.remove(view.var.index, x)?;
                        changed = true;
                    }
                }
            }
        }
        if low >= n && covered < n {
            for &view in xs {
                if self.has_unlisted(ctx, view) {
                    changed |= self.keep_listed(ctx, view)?;
                }
            }
        }
        Ok(changed)
    }

    /// Removes the unlisted values of `view` (only its bounds when its
    /// domain is too wide to list).
    fn keep_listed(&self, ctx: &mut Ctx<'_>, view: View) -> Result<bool, Wipeout> {
        let x = view.var.index;
        let values = &self.kind.values;
        let (first, last) = match (values.iter().min(), values.iter().max()) {
            (Some(&a), Some(&b)) => (a, b),
            _ => return Err(Wipeout),
        };
        let mut changed = restrict(ctx, view, first, last)?;
        if !ctx.store.listable(x) {
            return Ok(changed);
        }
        let mut at = ctx.store.min(x);
        while let Some(u) = at {
            at = ctx.store.next_member(x, u + 1);
            if !values.contains(&(u + view.offset)) {
                ctx.remove(x, u)?;
                changed = true;
            }
        }
        Ok(changed)
    }
}

impl Propagator for CountsPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }
}
