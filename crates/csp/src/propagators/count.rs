//! Exactly `count` views take `value` (a cardinality constraint).
//!
//! * check: the number of views at `value`;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: cardinality reasoning to its own fixpoint (over
//!   repeated variables, where it is not exact, followed by the exact
//!   last-variable filter). Once every view that can take `value` is fixed
//!   to it, the count is entailed for the rest of the branch: the store's
//!   trail records that, so later wake-ups cost nothing.
//!
//! It watches only its value in each variable that occurs once, so
//! removing another value wakes nothing.

use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator, Watch};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;
use std::collections::HashMap;

/// Exactly `count` views of the scope take `value`.
pub(crate) struct Count {
    pub value: i64,
    pub count: usize,
}

impl ConstraintKind for Count {
    fn name(&self) -> &'static str {
        "count"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        vals.iter().filter(|&&x| x == self.value).count() == self.count
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CountPropagator { con, kind: self })
    }

    /// In a variable that occurs in one view, only the value that view
    /// counts (and, when other variables repeat, the variable becoming
    /// fixed); in one that occurs in several, any change.
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        let once = single_views(&con.scope);
        con.vars
            .iter()
            .map(|var| match once.get(var).copied().flatten() {
                Some(offset) if con.has_repeated_vars() => Watch::ValueOrFixed(self.value - offset),
                Some(offset) => Watch::Value(self.value - offset),
                None => Watch::Any,
            })
            .collect()
    }
}

/// Per variable of `scope`: the offset of its view when it occurs exactly
/// once, `None` when it occurs more than once (one pass over the scope, so
/// building a count over a million views stays linear).
pub(super) fn single_views(scope: &[View]) -> HashMap<u32, Option<i64>> {
    let mut seen: HashMap<u32, Option<i64>> = HashMap::with_capacity(scope.len());
    for view in scope {
        seen.entry(view.var.index)
            .and_modify(|once| *once = None)
            .or_insert(Some(view.offset));
    }
    seen
}

struct CountPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Count,
}

impl Propagator for CountPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// An inference rests on the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        cardinality(ctx, self.con, self.kind.value, self.kind.count)?;
        if !self.con.has_repeated_vars() {
            // Over distinct variables the cardinality filter is already
            // exact once one variable is open.
            return Ok(());
        }
        ctx.filter_last(self.con)
    }

    fn entailed(&self, ctx: &mut Ctx<'_>) -> bool {
        ctx.store.is_entailed(ctx.by) || {
            let con = self.con;
            con.vars.iter().all(|&x| ctx.settled(x)) && ctx.check_fixed(con, None)
        }
    }
}

/// Cardinality reasoning for "exactly `count` views take `value`".
fn cardinality(ctx: &mut Ctx<'_>, con: &Constraint, value: i64, count: usize) -> Prop {
    if ctx.store.is_entailed(ctx.by) {
        return Ok(());
    }
    loop {
        let (fixed, possible) = tally(ctx, &con.scope, value);
        ctx.count_check();
        if fixed > count || possible < count {
            return Err(Wipeout);
        }
        if fixed == possible {
            ctx.store.entail(ctx.by);
            return Ok(());
        }
        let mut changed = false;
        for view in &con.scope {
            let var = view.var.index;
            let x = value - view.offset;
            if ctx.store.size(var) <= 1 || !ctx.store.contains(var, x) {
                continue;
            }
            if fixed == count {
                ctx.remove(var, x)?;
            } else if possible == count {
                ctx.restrict_bounds(var, x as i128, x as i128)?;
            } else {
                continue;
            }
            changed = true;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// How many of `scope`'s views are fixed to `value`, and how many can
/// still take it (the fixed ones included).
pub(super) fn tally(ctx: &Ctx<'_>, scope: &[View], value: i64) -> (usize, usize) {
    let (mut fixed, mut possible) = (0usize, 0usize);
    for view in scope {
        if ctx.store.contains(view.var.index, value - view.offset) {
            possible += 1;
            if ctx.store.size(view.var.index) == 1 {
                fixed += 1;
            }
        }
    }
    (fixed, possible)
}
