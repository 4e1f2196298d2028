//! A user's predicate over the scope's values (the escape hatch).
//!
//! * check: the predicate on the view values;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: supports found by enumerating the domains' product
//!   (while it is small), then the exact last-variable filter.

use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use crate::propagators::Constraint;

/// Predicates are filtered by enumerating their domains' product only up
/// to this many tuples; larger ones wait until one variable is left.
const SUPPORT_ENUMERATION_LIMIT: u64 = 4096;

/// A user predicate over the values of a scope.
pub(crate) type PredicateFn = Box<dyn Fn(&[i64]) -> bool + Send + Sync>;

/// The user's predicate holds for the scope's values.
pub(crate) struct Predicate(pub PredicateFn);

impl ConstraintKind for Predicate {
    fn name(&self) -> &'static str {
        "predicate"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        (self.0)(vals)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(PredicatePropagator { con })
    }
}

struct PredicatePropagator<'m> {
    con: &'m Constraint,
}

impl Propagator for PredicatePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Enumeration
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        enumerated_supports(ctx, self.con)?;
        ctx.filter_last(self.con)
    }
}

/// Generalised arc consistency by enumerating every combination of the
/// current domains (when their product is small enough), flagging the
/// values each satisfying one uses; the enumeration stops once every value
/// is flagged (nothing to remove).
pub(super) fn enumerated_supports(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    let mut product = 1u64;
    for &x in &con.vars {
        product = product.saturating_mul(ctx.store.size(x) as u64);
    }
    if product > SUPPORT_ENUMERATION_LIMIT {
        return Ok(());
    }
    let k = con.vars.len();
    // Flat lists of each variable's values, and an odometer over them.
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    let mut starts: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
    for &x in &con.vars {
        starts.push(vals.len());
        ctx.store.values_into(x, &mut vals);
    }
    starts.push(vals.len());
    // Per view of the scope: its variable's position in `con.vars`.
    let at: smallvec::SmallVec<[usize; 8]> = con
        .scope
        .iter()
        .map(|v| con.vars.iter().position(|&x| x == v.var.index).unwrap_or(0))
        .collect();
    let mut digits: smallvec::SmallVec<[usize; 8]> = smallvec::smallvec![0; k];
    // Per listed value: used by a satisfying combination.
    let mut supported = std::mem::take(&mut ctx.scratch.supported);
    supported.clear();
    supported.resize(vals.len(), false);
    let mut unsupported = vals.len();
    let mut views = std::mem::take(&mut ctx.scratch.views);
    'outer: loop {
        ctx.count_check();
        views.clear();
        views.extend(
            con.scope
                .iter()
                .zip(&at)
                .map(|(v, &p)| v.value_of(vals[starts[p] + digits[p]])),
        );
        if con.kind.holds(&mut views) {
            for p in 0..k {
                let flag = &mut supported[starts[p] + digits[p]];
                unsupported -= usize::from(!*flag);
                *flag = true;
            }
            if unsupported == 0 {
                break;
            }
        }
        for p in (0..k).rev() {
            digits[p] += 1;
            if starts[p] + digits[p] < starts[p + 1] {
                continue 'outer;
            }
            digits[p] = 0;
        }
        break;
    }
    let mut result = Ok(());
    if unsupported > 0 {
        'vars: for (p, &x) in con.vars.iter().enumerate() {
            for i in starts[p]..starts[p + 1] {
                if !supported[i]
                    && let Err(e) = ctx.remove(x, vals[i] as i64)
                {
                    result = Err(e);
                    break 'vars;
                }
            }
        }
    }
    ctx.scratch.vals = vals;
    ctx.scratch.supported = supported;
    ctx.scratch.views = views;
    result
}
