//! Explanations of circuit's and subcircuit's rules, read off the fixed
//! successors (view values, `succ[p] = w`) in the domains before the
//! inference:
//!
//! * a successor outside the nodes: the constraint alone;
//! * `succ[q] != w` because another node `p` has `succ[p] = w`: that
//!   literal (it also says that `w` is in, for subcircuit's self-loop);
//! * a self-loop under circuit (more than one node): the constraint alone;
//! * `succ[q] != w` because the fixed chain `w -> ... -> q` would close
//!   into a cycle too short: the chain's literals, and for subcircuit one
//!   node off the chain that may not be out (`succ[r] != r`);
//! * a node put out (subcircuit) by a closed cycle without it: the
//!   cycle's literals.
//!
//! What none of these explains (the last-variable rule) is explained by
//! the others' values. A scope that repeats a variable is left to the
//! last-variable rule alone.

use crate::propagators::explain::{conjunction, no_value_left, rules_or_fixed, value_by_value};
use crate::propagators::{Constraint, Domains, Inferred, Lit};

/// The successors' domains before an inference.
struct Successors<'a> {
    con: &'a Constraint,
    d: &'a dyn Domains,
    /// Subcircuit: a node may be out (its own successor).
    sub: bool,
}

/// Explains an inference of circuit (`sub` false) or subcircuit.
pub(in crate::propagators) fn explain(
    con: &Constraint,
    what: Inferred,
    d: &dyn Domains,
    sub: bool,
) -> Option<Vec<Lit>> {
    let s = Successors { con, d, sub };
    rules_or_fixed(con, what, d, |lit| s.literal(lit), || s.failure())
}

impl Successors<'_> {
    fn n(&self) -> usize {
        self.con.scope.len()
    }

    /// Node `p`'s successor, if fixed.
    fn fixed(&self, p: usize) -> Option<i64> {
        let v = self.con.scope[p];
        self.d.single(v.var.index).map(|u| u + v.offset)
    }

    /// `[succ[p] = w]` as a literal over `p`'s variable.
    fn is(&self, p: usize, w: i64) -> Lit {
        let v = self.con.scope[p];
        Lit::equal(v.var.index, w - v.offset)
    }

    /// May node `p` still be out?
    fn can_be_out(&self, p: usize) -> bool {
        let v = self.con.scope[p];
        self.d.contains(v.var.index, p as i64 - v.offset)
    }

    /// A node off `on` that may not be out (subcircuit), as `[succ[r] != r]`.
    fn one_in_off(&self, on: &[bool]) -> Option<Lit> {
        let r = (0..self.n()).find(|&r| !on[r] && !self.can_be_out(r))?;
        let v = self.con.scope[r];
        Some(Lit::not_equal(v.var.index, r as i64 - v.offset))
    }

    fn literal(&self, lit: Lit) -> Option<Vec<Lit>> {
        let q = self.con.scope.iter().position(|v| v.var.index == lit.var)?;
        let offset = self.con.scope[q].offset;
        // Put out by a closed cycle without it (or, under circuit, any
        // literal after a cycle too short: a failure).
        if (!self.sub || lit.holds(q as i64 - offset))
            && let Some(why) = self.closed_cycle(Some(q))
        {
            return Some(conjunction(why));
        }
        value_by_value(lit, self.d, |u, why| self.ruled_out(q, u + offset, why))
    }

    /// Pushes why `succ[q] = w` is impossible onto `why`.
    fn ruled_out(&self, q: usize, w: i64, why: &mut Vec<Lit>) -> Option<()> {
        let n = self.n() as i64;
        if !(0..n).contains(&w) || (!self.sub && w == q as i64 && n > 1) {
            return Some(());
        }
        if let Some(p) = (0..self.n()).find(|&p| p != q && self.fixed(p) == Some(w)) {
            why.push(self.is(p, w));
            return Some(());
        }
        self.chain_to(w as usize, q, why)
    }

    /// The fixed chain from `w` to `q` (its literals pushed onto `why`),
    /// when closing it (`succ[q] = w`) would make a cycle too short.
    fn chain_to(&self, w: usize, q: usize, why: &mut Vec<Lit>) -> Option<()> {
        if w == q {
            return None;
        }
        let mut on = vec![false; self.n()];
        on[w] = true;
        let start = why.len();
        let mut node = w;
        let found = loop {
            let Some(next) = self.fixed(node) else {
                break false;
            };
            if next == node as i64 || !(0..self.n() as i64).contains(&next) {
                break false; // out, or not a node
            }
            let next_node = next as usize;
            if on[next_node] {
                break false; // a cycle not through q
            }
            why.push(self.is(node, next));
            on[next_node] = true;
            if next_node == q {
                break true;
            }
            node = next_node;
        };
        let too_short = found
            && match self.sub {
                true => self.one_in_off(&on).map(|l| why.push(l)).is_some(),
                false => on.iter().any(|&o| !o),
            };
        if !too_short {
            why.truncate(start);
            return None;
        }
        Some(())
    }

    /// A closed cycle of fixed successors without node `without`: under
    /// subcircuit, which puts every node off it out; under circuit, one
    /// shorter than every node (a failure). Its literals.
    fn closed_cycle(&self, without: Option<usize>) -> Option<Vec<Lit>> {
        let n = self.n();
        let mut on = vec![false; n];
        for p in 0..n {
            on.fill(false);
            let mut why = Vec::new();
            let mut node = p;
            let closed = loop {
                let Some(next) = self.fixed(node) else {
                    break false;
                };
                if next == node as i64 || !(0..n as i64).contains(&next) {
                    break false;
                }
                on[node] = true;
                why.push(self.is(node, next));
                if next as usize == p {
                    break true;
                }
                if on[next as usize] {
                    break false;
                }
                node = next as usize;
            };
            let counts = match (self.sub, without) {
                (true, Some(q)) => !on[q],
                (true, None) => false,
                (false, _) => on.iter().any(|&o| !o) && without.is_none_or(|q| !on[q]),
            };
            if closed && counts {
                return Some(why);
            }
        }
        None
    }

    /// A failure: a cycle too short (circuit), a cycle that leaves out a
    /// node that may not be (subcircuit), or a successor with no value
    /// left possible.
    fn failure(&self) -> Option<Vec<Lit>> {
        let n = self.n();
        if !self.sub
            && let Some(why) = self.closed_cycle(None)
        {
            return Some(why);
        }
        for q in 0..n {
            if self.sub
                && !self.can_be_out(q)
                && let Some(mut why) = self.closed_cycle(Some(q))
            {
                let v = self.con.scope[q];
                why.push(Lit::not_equal(v.var.index, q as i64 - v.offset));
                return Some(why);
            }
        }
        (0..n).find_map(|q| self.emptied(q))
    }

    /// Why every value left to node `q`'s successor is impossible.
    fn emptied(&self, q: usize) -> Option<Vec<Lit>> {
        let v = self.con.scope[q];
        no_value_left(v.var.index, self.d, |u, why| {
            self.ruled_out(q, u + v.offset, why)
        })
    }
}
