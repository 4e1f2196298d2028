//! Subcircuit: the views are successors (`succ[i] = j`, 0-based); a node
//! that is its own successor is out, and the nodes that are not form one
//! cycle (or none: every node out).
//!
//! * check: every successor is a node, no two nodes share a successor,
//!   and the walk from the first node that is in meets every node that is
//!   in before it comes back;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking and arc consistency: the rules of `circuit.rs`
//!   adapted to self-loops, to their fixpoint: value elimination (a fixed
//!   successor is no other node's: a node fixed out is nobody's
//!   successor), a node some node is fixed to is in (it may not be its own
//!   successor), subtour elimination (a chain of fixed successors may
//!   close on itself only if every node off the chain can still be out),
//!   and a closed cycle puts every other node out; both levels then add
//!   the exact last-variable filter.

use super::circuit::{explain, fixed, forbid, successors_are_nodes};
use super::{ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// The scope, as successors (`scope[i]` follows node `i`), forms one
/// cycle through the nodes that are not their own successors.
pub(crate) struct Subcircuit;

impl ConstraintKind for Subcircuit {
    fn name(&self) -> &'static str {
        "subcircuit"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let n = vals.len();
        if vals.iter().any(|&v| !(0..n as i64).contains(&v)) {
            return false;
        }
        let mut seen = vec![false; n];
        for &v in vals.iter() {
            if std::mem::replace(&mut seen[v as usize], true) {
                return false; // two nodes share a successor
            }
        }
        let inside = (0..n).filter(|&i| vals[i] != i as i64).count();
        let Some(first) = (0..n).find(|&i| vals[i] != i as i64) else {
            return true; // every node out
        };
        let mut node = first;
        for step in 1..=inside {
            node = vals[node] as usize;
            if node == first {
                return step == inside;
            }
        }
        false
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(SubtourElimination {
            con,
            on_chain: vec![false; con.scope.len()],
        })
    }
}

struct SubtourElimination<'m> {
    con: &'m Constraint,
    /// The nodes of the chain being followed (reused: nothing allocated
    /// per node).
    on_chain: Vec<bool>,
}

impl Propagator for SubtourElimination<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        Some(self.filter(ctx).and_then(|()| {
            if open <= 1 {
                ctx.filter_last(self.con)
            } else {
                Ok(())
            }
        }))
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.filter(ctx)?;
        ctx.filter_last(self.con)
    }

    /// By the rules (`circuit/explain.rs`): the fixed successors behind
    /// each removal.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, what, d, true)
    }
}

/// Can node `q` still be out (its own successor)?
fn can_be_out(ctx: &Ctx<'_>, con: &Constraint, q: usize) -> bool {
    match fixed(ctx, con, q) {
        Some(w) => w == q as i64,
        None => {
            let v = con.scope[q];
            ctx.store.contains(v.var.index, q as i64 - v.offset)
        }
    }
}

impl SubtourElimination<'_> {
    /// The rules to their fixpoint.
    fn filter(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        let n = con.scope.len();
        successors_are_nodes(ctx, con)?;
        loop {
            let mut changed = false;
            for p in 0..n {
                ctx.count_check();
                let Some(w) = fixed(ctx, con, p) else {
                    continue;
                };
                for q in (0..n).filter(|&q| q != p) {
                    changed |= forbid(ctx, con, q, w)?;
                }
                if w == p as i64 {
                    continue; // p is out
                }
                // w follows p, so w is in.
                changed |= forbid(ctx, con, w as usize, w)?;
                changed |= self.chain_from(ctx, p)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Follows the fixed successors from `p` (which is in): a closed
    /// cycle puts every other node out; an open chain may close only if
    /// every node off it can be out. True if a domain changed.
    fn chain_from(&mut self, ctx: &mut Ctx<'_>, p: usize) -> Result<bool, Wipeout> {
        let con = self.con;
        let n = con.scope.len();
        self.on_chain.fill(false);
        self.on_chain[p] = true;
        let mut node = p;
        let closed = loop {
            match fixed(ctx, con, node) {
                Some(w) if w as usize == p => break true,
                Some(w) if w != node as i64 && !self.on_chain[w as usize] => {
                    node = w as usize;
                    self.on_chain[node] = true;
                }
                // The end of the chain, or a cycle not through p (found
                // from its own nodes), or a self-loop (wiped out by the
                // rule that a successor is in).
                _ => break false,
            }
        };
        let mut changed = false;
        if closed {
            for q in (0..n).filter(|&q| !self.on_chain[q]) {
                let v = con.scope[q];
                let x = v.var.index;
                if fixed(ctx, con, q).is_some() {
                    if fixed(ctx, con, q) != Some(q as i64) {
                        return Err(Wipeout);
                    }
                    continue;
                }
                let keep = q as i64 - v.offset;
                changed |= ctx.restrict_bounds(x, keep as i128, keep as i128)?;
            }
        } else if node != p && (0..n).any(|q| !self.on_chain[q] && !can_be_out(ctx, con, q)) {
            changed |= forbid(ctx, con, node, p as i64)?;
        }
        Ok(changed)
    }
}
