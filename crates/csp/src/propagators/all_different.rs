//! All-different over offset views, as pairwise disequalities (a
//! not-equal is the two-view case: `not_equal.rs`).
//!
//! * check: the views' values are pairwise distinct;
//! * backtracking: the new assignment's view values against every assigned
//!   view (pair by pair, so a conflict is seen as soon as both are set);
//! * forward checking: the new view values leave the unassigned views;
//! * arc consistency: value elimination, each newly fixed variable's view
//!   values removed from the other views (the propagator keeps the fixed
//!   variables it has yet to process).

use super::{Ctx, Posted, Priority, Prop, Propagator};
use crate::constraint::Constraint;

/// Are the values pairwise distinct? (Sorts them.)
pub(crate) fn holds(vals: &mut [i64]) -> bool {
    vals.sort_unstable();
    vals.windows(2).all(|w| w[0] != w[1])
}

/// Does a view of `var` take the value of another view of `con` whose
/// variable is `assigned`? `value` gives the variables' values; each
/// comparison is counted in `checks`. (Backtracking's check, and the
/// partition's prefix walk.)
pub(crate) fn clashes(
    con: &Constraint,
    var: u32,
    value: impl Fn(u32) -> i32,
    assigned: impl Fn(u32) -> bool,
    checks: &mut u64,
) -> bool {
    let scope = &con.scope;
    for (i, a) in scope.iter().enumerate() {
        if a.var.index != var {
            continue;
        }
        let t = a.value_of(value(var));
        for (j, b) in scope.iter().enumerate() {
            if j != i && assigned(b.var.index) {
                *checks += 1;
                if b.value_of(value(b.var.index)) == t {
                    return true;
                }
            }
        }
    }
    false
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    Box::new(Disequalities {
        con,
        newly_fixed: Vec::new(),
    })
}

/// Pairwise disequality of the views of one constraint.
pub(crate) struct Disequalities<'m> {
    con: &'m Constraint,
    /// Variables that became fixed and whose value has not yet been
    /// eliminated from the other views.
    newly_fixed: Vec<u32>,
}

impl Propagator for Disequalities<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Pairwise
    }

    /// Compares `var`'s view values with every assigned view in the scope.
    fn check_assigned(&mut self, ctx: &mut Ctx<'_>, var: u32, _c: u32) -> bool {
        let (values, assigned) = (ctx.values, ctx.assigned);
        !clashes(
            self.con,
            var,
            |x| values[x as usize],
            |x| assigned[x as usize],
            &mut ctx.checks,
        )
    }

    /// Walks the views, skipping assigned variables (the merged
    /// propagator does this for one-word models).
    fn forward(&mut self, ctx: &mut Ctx<'_>, x: u32, _open: u32) -> Option<Prop> {
        let v = ctx.values[x as usize];
        let scope = &self.con.scope;
        for own in scope.iter().filter(|view| view.var.index == x) {
            let t = own.value_of(v);
            for other in scope {
                let y = other.var.index;
                if y == x || ctx.assigned[y as usize] {
                    continue;
                }
                ctx.count_check();
                if let Err(e) = ctx.remove(y, t - other.offset) {
                    return Some(Err(e));
                }
            }
        }
        Some(Ok(()))
    }

    /// Value elimination: each fixed variable costs one pass over the
    /// scope; variables these removals fix are processed in turn.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let scope = &self.con.scope;
        while let Some(x) = self.newly_fixed.pop() {
            let Some(s) = ctx.store.single(x) else {
                continue;
            };
            for (i, a) in scope.iter().enumerate() {
                if a.var.index != x {
                    continue;
                }
                let t = s + a.offset;
                for (j, b) in scope.iter().enumerate() {
                    let y = b.var.index;
                    if j == i || y == x {
                        continue;
                    }
                    ctx.count_check();
                    let before = ctx.pruned;
                    if let Err(e) = ctx.remove(y, t - b.offset) {
                        self.newly_fixed.clear();
                        return Err(e);
                    }
                    if ctx.pruned != before && ctx.store.size(y) == 1 {
                        self.newly_fixed.push(y);
                    }
                }
            }
        }
        Ok(())
    }

    fn fixed(&mut self, var: u32) {
        self.newly_fixed.push(var);
    }

    fn clear(&mut self) {
        self.newly_fixed.clear();
    }
}
