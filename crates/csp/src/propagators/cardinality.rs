//! Global cardinality: for each listed value, how many views take it lies
//! within its bounds (other values are free).
//!
//! * check: the counts of a complete assignment;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: counting bounds per value to its own fixpoint: a
//!   value taken as often as its maximum leaves the other views; a value
//!   possible only as often as its minimum is fixed in every view that
//!   can take it. Over distinct variables that makes each value's count,
//!   on its own, domain consistent (not the whole: `tests/strength.rs`
//!   checks the per-value claim against brute force). Then the exact
//!   last-variable filter (for repeated variables, where counting views is
//!   not exact).

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// Each `values[k]` is taken by between `lo[k]` and `hi[k]` views.
pub(crate) struct Cardinality {
    pub values: Vec<i64>,
    pub lo: Vec<usize>,
    pub hi: Vec<usize>,
}

impl ConstraintKind for Cardinality {
    fn name(&self) -> &'static str {
        "global-cardinality"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let bounds = self.lo.iter().zip(&self.hi);
        self.values.iter().zip(bounds).all(|(&v, (&l, &h))| {
            let n = vals.iter().filter(|&&x| x == v).count();
            l <= n && n <= h
        })
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CountingBounds { con, kind: self })
    }
}

struct CountingBounds<'m> {
    con: &'m Constraint,
    kind: &'m Cardinality,
}

impl Propagator for CountingBounds<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let Cardinality { values, lo, hi } = self.kind;
        loop {
            let mut changed = false;
            for (k, &value) in values.iter().enumerate() {
                changed |= count_bounds(ctx, &self.con.scope, value, lo[k], hi[k])?;
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}

/// Counting bounds for one value over `views`; true if a domain changed
/// (also the per-value step of the cardinality with variable counts).
pub(super) fn count_bounds(
    ctx: &mut Ctx<'_>,
    views: &[View],
    value: i64,
    lo: usize,
    hi: usize,
) -> Result<bool, Wipeout> {
    let (fixed, possible) = super::count::tally(ctx, views, value);
    ctx.count_check();
    if fixed > hi || possible < lo {
        return Err(Wipeout);
    }
    if fixed == possible || (fixed < hi && possible > lo) {
        return Ok(false);
    }
    let mut changed = false;
    for view in views {
        let var = view.var.index;
        let x = value - view.offset;
        if ctx.store.size(var) <= 1 || !ctx.store.contains(var, x) {
            continue;
        }
        if fixed == hi {
            ctx.remove(var, x)?;
        } else {
            ctx.restrict_bounds(var, x as i128, x as i128)?;
        }
        changed = true;
    }
    Ok(changed)
}
