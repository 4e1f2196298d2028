//! The scope's non-zero values are pairwise different (zeros may repeat).
//!
//! * check: the non-zero values, sorted, have no neighbours equal;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: value elimination to its own fixpoint: a view fixed
//!   to a non-zero value removes that value from every other view (what
//!   MiniZinc's decomposition into `x = 0 \/ x != y` pairs achieves,
//!   without its reified constraints), then the exact last-variable filter.

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// No two views take the same non-zero value.
pub(crate) struct AllDifferentExcept0;

impl ConstraintKind for AllDifferentExcept0 {
    fn name(&self) -> &'static str {
        "all-different-except-0"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        vals.sort_unstable();
        vals.windows(2).all(|w| w[0] != w[1] || w[0] == 0)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Propagator0 {
            con,
            done: Vec::new(),
        })
    }
}

struct Propagator0<'m> {
    con: &'m Constraint,
    /// Scratch: the positions whose value was already removed elsewhere.
    done: Vec<bool>,
}

impl Propagator for Propagator0<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let scope = &self.con.scope;
        self.done.clear();
        self.done.resize(scope.len(), false);
        loop {
            let mut changed = false;
            for k in 0..scope.len() {
                if self.done[k] {
                    continue;
                }
                let Some(u) = ctx.store.single(scope[k].var.index) else {
                    continue;
                };
                self.done[k] = true;
                let w = u + scope[k].offset;
                if w == 0 {
                    continue;
                }
                for (j, view) in scope.iter().enumerate() {
                    if j == k {
                        continue;
                    }
                    if view.var == scope[k].var && view.offset == scope[k].offset {
                        return Err(Wipeout); // the same view twice, non-zero
                    }
                    if ctx.store.contains(view.var.index, w - view.offset) {
                        ctx.remove(view.var.index, w - view.offset)?;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
