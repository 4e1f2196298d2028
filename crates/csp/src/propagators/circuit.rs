//! Circuit: the views are successors (`succ[i] = j`: node `i` is followed
//! by node `j`, 0-based) forming one cycle through every node.
//!
//! * check: every successor is a node, and the walk from node 0 meets
//!   every node before it comes back;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking and arc consistency: value elimination (no node is
//!   anyone's successor twice, none its own with more than one node) and
//!   subtour elimination (a chain of fixed successors shorter than the
//!   whole may not close on itself), to their own fixpoint; both levels
//!   then add the exact last-variable filter.

use super::{ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

pub(super) mod explain;

/// The scope, as successors (`scope[i]` follows node `i`), forms one cycle
/// through every node.
pub(crate) struct Circuit;

impl ConstraintKind for Circuit {
    fn name(&self) -> &'static str {
        "circuit"
    }

    /// Do `vals` form one Hamiltonian cycle in successor form?
    fn holds(&self, vals: &mut [i64]) -> bool {
        let n = vals.len();
        if vals.iter().any(|&v| !(0..n as i64).contains(&v)) {
            return false;
        }
        let mut node = 0usize;
        for step in 1..=n {
            node = vals[node] as usize;
            if node == 0 {
                return step == n;
            }
        }
        false
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(SubtourElimination { con })
    }
}

struct SubtourElimination<'m> {
    con: &'m Constraint,
}

impl Propagator for SubtourElimination<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        Some(filter(ctx, self.con).and_then(|()| {
            if open <= 1 {
                ctx.filter_last(self.con)
            } else {
                Ok(())
            }
        }))
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        filter(ctx, self.con)?;
        ctx.filter_last(self.con)
    }

    /// By the rules (`circuit/explain.rs`): the fixed successors behind
    /// each removal.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, what, d, false)
    }
}

/// The successor of node `p`, if it is fixed (an assigned variable counts
/// as fixed: forward checking's slot backend does not narrow the store to it).
pub(super) fn fixed(ctx: &Ctx<'_>, con: &Constraint, p: usize) -> Option<i64> {
    let v = con.scope[p];
    ctx.fixed_value(v.var.index).map(|u| u + v.offset)
}

/// Rules out `succ[p] = w`; true if a domain changed.
pub(super) fn forbid(
    ctx: &mut Ctx<'_>,
    con: &Constraint,
    p: usize,
    w: i64,
) -> Result<bool, Wipeout> {
    let v = con.scope[p];
    let x = v.var.index;
    if ctx.assigned[x as usize] {
        return if ctx.values[x as usize] as i64 + v.offset == w {
            Err(Wipeout)
        } else {
            Ok(false)
        };
    }
    if !ctx.store.contains(x, w - v.offset) {
        return Ok(false);
    }
    ctx.remove(x, w - v.offset)?;
    Ok(true)
}

/// Keeps every successor a node (`0..n`); once is enough: what is
/// outside stays outside.
pub(super) fn successors_are_nodes(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    let n = con.scope.len();
    for (p, v) in con.scope.iter().enumerate() {
        if !ctx.assigned[v.var.index as usize] {
            ctx.restrict_bounds(
                v.var.index,
                -(v.offset as i128),
                (n as i64 - 1 - v.offset) as i128,
            )?;
        } else if fixed(ctx, con, p).is_some_and(|w| !(0..n as i64).contains(&w)) {
            return Err(Wipeout);
        }
    }
    Ok(())
}

/// Value and subtour elimination to their fixpoint.
fn filter(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    let n = con.scope.len();
    successors_are_nodes(ctx, con)?;
    loop {
        let mut changed = false;
        for p in 0..n {
            ctx.count_check();
            if n > 1 {
                changed |= forbid(ctx, con, p, p as i64)?;
            }
            if let Some(w) = fixed(ctx, con, p) {
                for q in (0..n).filter(|&q| q != p) {
                    changed |= forbid(ctx, con, q, w)?;
                }
            }
            // Follow the chain of fixed successors from p.
            let (mut node, mut len) = (p, 1usize);
            while let Some(w) = fixed(ctx, con, node) {
                node = w as usize;
                if node == p {
                    if len < n {
                        return Err(Wipeout); // a closed subtour
                    }
                    break;
                }
                len += 1;
                if len > n {
                    break; // a cycle not through p: found from its own nodes
                }
            }
            if node != p && len < n {
                // The chain p .. node may not close yet.
                changed |= forbid(ctx, con, node, p as i64)?;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}
