//! Explanations of the lexicographic filter, read off the domains before
//! the inference (scope `x` then `y`, view values):
//!
//! * the prefix before `alpha` by `[x[i] >= v]` and `[y[i] <= v]` at the
//!   value `v` the pair is fixed to (weaker than both fixed, and enough:
//!   a first difference there would have `x` above `y`);
//! * `x[alpha] <= t` by `[y[alpha] <= t]` (and `y[alpha] >= t` by
//!   `[x[alpha] >= t]`), one less when equality at `alpha` cannot work,
//!   which rests on the suffix's bounds up to the position that decides
//!   its best case;
//! * a strict order whose pairs are all fixed equal, or `x[alpha]`'s least
//!   value above `y[alpha]`'s largest, fails on the same literals;
//! * a literal on a pair of the fixed prefix (the filter's run that fixed
//!   the pair removes its values one record at a time) as at `alpha`, at
//!   the pair's own position.
//!
//! A scope that repeats a variable is left to the caller.

use crate::literal::Relation;
use crate::propagators::explain::conjunction;
use crate::propagators::{Constraint, Domains, Inferred, Lit};
use std::cmp::Ordering;

/// Explains an inference of `x <=lex y` (`strict`: `<lex`), or `None`.
pub(super) fn explain(
    con: &Constraint,
    strict: bool,
    what: Inferred,
    d: &dyn Domains,
) -> Option<Vec<Lit>> {
    if con.vars.len() != con.scope.len() {
        return None;
    }
    let l = Lex { con, d };
    let n = con.scope.len() / 2;
    let mut why = Vec::new();
    // The prefix fixed to equal pairs.
    let mut alpha = 0;
    while alpha < n {
        let ((xl, xh), (yl, yh)) = (l.bounds(alpha)?, l.bounds(n + alpha)?);
        if !(xl == xh && yl == yh && xl == yl) {
            break;
        }
        why.push(l.at_least(alpha, xl));
        why.push(l.at_most(n + alpha, xl));
        alpha += 1;
    }
    // A literal on a pair of that prefix was inferred before the pair
    // became fixed (the same filter's run, one value at a time): it is
    // explained at its own position, the prefix before it equal.
    if let Inferred::Lit(lit) = what {
        let var = |p: usize| con.scope[p].var.index;
        if let Some(p) = (0..alpha).find(|&p| var(p) == lit.var || var(n + p) == lit.var) {
            alpha = p;
            why.truncate(2 * p);
        }
    }
    if alpha == n {
        return (strict && what == Inferred::Failure).then(|| conjunction(why));
    }
    let gap = match l.suffix_decided(alpha + 1, strict, &mut why) {
        true => 1, // equality at alpha cannot work
        false => 0,
    };
    let ((x_lo, _), (_, y_hi)) = (l.bounds(alpha)?, l.bounds(n + alpha)?);
    let (xv, yv) = (con.scope[alpha], con.scope[n + alpha]);
    match what {
        Inferred::Lit(lit) if lit.var == xv.var.index => {
            // Every value above y_hi - gap goes.
            let t = y_hi - gap;
            l.implied_below(lit, xv.offset, t)?;
            why.push(l.at_most(n + alpha, t + gap));
        }
        Inferred::Lit(lit) if lit.var == yv.var.index => {
            let t = x_lo + gap;
            l.implied_above(lit, yv.offset, t)?;
            why.push(l.at_least(alpha, t - gap));
        }
        Inferred::Lit(_) => return None,
        Inferred::Failure => {
            if x_lo + gap <= y_hi {
                return None;
            }
            why.push(l.at_least(alpha, x_lo));
            why.push(l.at_most(n + alpha, y_hi));
        }
    }
    Some(conjunction(why))
}

struct Lex<'a> {
    con: &'a Constraint,
    d: &'a dyn Domains,
}

impl Lex<'_> {
    /// View `p`'s bounds, as view values.
    fn bounds(&self, p: usize) -> Option<(i64, i64)> {
        let v = self.con.scope[p];
        let x = v.var.index;
        let (lo, hi) = self.d.bounds(x)?;
        Some((lo + v.offset, hi + v.offset))
    }

    /// `[view p >= t]` over its variable.
    fn at_least(&self, p: usize, t: i64) -> Lit {
        let v = self.con.scope[p];
        Lit::at_least(v.var.index, t - v.offset)
    }

    /// `[view p <= t]` over its variable.
    fn at_most(&self, p: usize, t: i64) -> Lit {
        let v = self.con.scope[p];
        Lit::at_most(v.var.index, t - v.offset)
    }

    /// Does the suffix from `from`, each position at its best case (`x` at
    /// its least, `y` at its largest), fail the order with equality before
    /// it? Pushes the bounds that decide it (the ones read) if so.
    fn suffix_decided(&self, from: usize, strict: bool, why: &mut Vec<Lit>) -> bool {
        let n = self.con.scope.len() / 2;
        let start = why.len();
        for j in from..n {
            let (Some((x_lo, _)), Some((_, y_hi))) = (self.bounds(j), self.bounds(n + j)) else {
                break;
            };
            why.push(self.at_least(j, x_lo));
            why.push(self.at_most(n + j, y_hi));
            match x_lo.cmp(&y_hi) {
                Ordering::Less => {
                    why.truncate(start);
                    return false;
                }
                Ordering::Greater => return true,
                Ordering::Equal => {}
            }
        }
        if !strict {
            why.truncate(start);
        }
        strict
    }

    /// Is `lit` (over a view with `offset`) implied by the view being at
    /// most `t`? `Some` if so.
    fn implied_below(&self, lit: Lit, offset: i64, t: i64) -> Option<()> {
        let v = lit.value + offset;
        let implied = match lit.relation {
            Relation::AtMost => v >= t,
            Relation::NotEqual => v > t,
            _ => false,
        };
        implied.then_some(())
    }

    /// Is `lit` implied by the view being at least `t`?
    fn implied_above(&self, lit: Lit, offset: i64, t: i64) -> Option<()> {
        let v = lit.value + offset;
        let implied = match lit.relation {
            Relation::AtLeast => v <= t,
            Relation::NotEqual => v < t,
            _ => false,
        };
        implied.then_some(())
    }
}
