//! Explanations of inverse's channelling (`x[i] = j` exactly when
//! `y[j] = i`), value by value over the view at position `p` of one side,
//! whose index there is `i`: the value `j` went because
//!
//! * `j` is no position of the other side: the constraint alone;
//! * the other side's view at `j` lacks `i`: that literal (a bound just
//!   past it where it lies beyond the view's bounds);
//! * another view of the other side, at `k != j`, is fixed to `i`
//!   (`x[i] = k` is forced): that literal.
//!
//! A failure: a view with no value left, each ruled out so. A scope that
//! repeats a variable, and what these do not explain (the last-variable
//! rule), are left to the caller.

use crate::propagators::explain::{conjunction, lacks, no_value_left, value_by_value};
use crate::propagators::{Constraint, Domains, Inferred, Lit};

/// Explains a channelling inference of inverse, or `None`.
pub(super) fn explain(con: &Constraint, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
    if con.vars.len() != con.scope.len() {
        return None;
    }
    let c = Channel { con, d };
    match what {
        Inferred::Lit(lit) => {
            let p = con.scope.iter().position(|v| v.var.index == lit.var)?;
            let offset = con.scope[p].offset;
            value_by_value(lit, d, |u, why| c.ruled_out(p, u + offset, why))
        }
        Inferred::Failure => (0..con.scope.len()).find_map(|p| {
            let offset = con.scope[p].offset;
            no_value_left(con.scope[p].var.index, d, |u, why| {
                c.ruled_out(p, u + offset, why)
            })
        }),
    }
    .map(conjunction)
}

/// The scope's domains before an inference.
struct Channel<'a> {
    con: &'a Constraint,
    d: &'a dyn Domains,
}

impl Channel<'_> {
    /// Pushes why the view at position `p` cannot take the view value `j`.
    fn ruled_out(&self, p: usize, j: i64, why: &mut Vec<Lit>) -> Option<()> {
        let n = self.con.scope.len() / 2;
        if !(0..n as i64).contains(&j) {
            return Some(());
        }
        // The other side starts at `other`; `p` is index `i` of its side.
        let (i, other) = if p < n { (p, n) } else { (p - n, 0) };
        let back = self.con.scope[other + j as usize];
        if let Some(l) = lacks(back.var.index, i as i64 - back.offset, self.d) {
            why.push(l);
            return Some(());
        }
        let forced = (0..n).filter(|&k| k as i64 != j).find_map(|k| {
            let v = self.con.scope[other + k];
            let u = i as i64 - v.offset;
            // The membership first: cheap, and most views lack `u`.
            let x = v.var.index;
            (self.d.contains(x, u) && self.d.single(x) == Some(u)).then(|| Lit::equal(x, u))
        })?;
        why.push(forced);
        Some(())
    }
}
