//! Explanations of the linear propagator's inferences (`explain.rs` says
//! what an explanation is), recomputed from the domains it inferred from:
//!
//! * a bound `[x >= v]` or `[x <= v]`, or `[x != v]` outside the bounds
//!   the other terms leave `x`: the other terms' bounds on the side of the
//!   sum that rules out the values beyond (for `a * x >= rhs - H`, the
//!   bounds that make `H`, the most the other terms can add), each relaxed
//!   as far as the inference's slack allows, so a learned nogood is as
//!   general as it can be;
//! * any other `[x != v]` (the last-variable rules of `!=` and of the
//!   enumerating filter): the other terms' values;
//! * a failure: every term's bound on the side that overshoots, or for
//!   `!=` every term's value.

use super::super::explain::conjunction;
use super::super::{Domains, Inferred, Lit};
use crate::comparison::Cmp;
use crate::literal::Relation;
use crate::var::View;

/// A linear constraint's parts, as the propagator reads them.
pub(super) struct Terms<'a> {
    pub scope: &'a [View],
    pub coefs: &'a [i64],
    pub cmp: Cmp,
    pub rhs: i128,
}

/// Which extreme of their sum the other terms are held to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// At most `limit` (each term at most its largest value).
    High,
    /// At least `limit`.
    Low,
}

impl Terms<'_> {
    pub fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        match what {
            Inferred::Lit(lit) => self.literal(lit, d),
            Inferred::Failure => self.failure(d),
        }
        .map(conjunction)
    }

    fn literal(&self, lit: Lit, d: &dyn Domains) -> Option<Vec<Lit>> {
        let p = self.scope.iter().position(|v| v.var.index == lit.var)?;
        let v = lit.value as i128;
        match lit.relation {
            Relation::AtLeast => self.excluded(p, v - 1, true, d),
            Relation::AtMost => self.excluded(p, v + 1, false, d),
            Relation::NotEqual => (self.excluded(p, v, true, d))
                .or_else(|| self.excluded(p, v, false, d))
                .or_else(|| self.others_fixed(p, v, d)),
            Relation::Equal => None,
        }
    }

    /// Bounds of the other terms under which every value of term `p`'s
    /// variable up to `e` (`below`) or from `e` up cannot satisfy the
    /// constraint. With `a > 0`, `x <= e` means `a * x <= a * e`, which the
    /// `>=` side rules out when the others add at most `rhs - a * e - 1`;
    /// the other three cases are alike.
    fn excluded(&self, p: usize, e: i128, below: bool, d: &dyn Domains) -> Option<Vec<Lit>> {
        let a = self.coefs[p] as i128;
        if a == 0 || self.cmp == Cmp::Ne {
            return None;
        }
        let (side, limit) = if (a > 0) == below {
            (Side::High, self.rhs - a * e - 1)
        } else {
            (Side::Low, self.rhs - a * e + 1)
        };
        self.bounds_side(side)
            .then(|| self.held(Some(p), side, limit, d))
            .flatten()
    }

    /// Can terms held to `side` break the constraint? Held at most a limit
    /// (`High`), they break a `>=` or `=`; held at least one, a `<=` or `=`.
    fn bounds_side(&self, side: Side) -> bool {
        match side {
            Side::High => matches!(self.cmp, Cmp::Ge | Cmp::Eq),
            Side::Low => matches!(self.cmp, Cmp::Le | Cmp::Eq),
        }
    }

    /// `[x != v]` for term `p`'s variable because every other term with a
    /// coefficient is fixed and `x = v` would break the constraint.
    fn others_fixed(&self, p: usize, v: i128, d: &dyn Domains) -> Option<Vec<Lit>> {
        let (sum, lits) = self.values(Some(p), d)?;
        let a = self.coefs[p] as i128;
        (!self.cmp.holds(sum + a * v, self.rhs)).then_some(lits)
    }

    fn failure(&self, d: &dyn Domains) -> Option<Vec<Lit>> {
        if self.cmp == Cmp::Ne {
            let (sum, lits) = self.values(None, d)?;
            return (sum == self.rhs).then_some(lits);
        }
        [(Side::Low, self.rhs + 1), (Side::High, self.rhs - 1)]
            .into_iter()
            .filter(|&(side, _)| self.bounds_side(side))
            .find_map(|(side, limit)| self.held(None, side, limit, d))
    }

    /// The sum of the terms other than `skip` when all of them (with a
    /// coefficient) are fixed, and their values as literals.
    fn values(&self, skip: Option<usize>, d: &dyn Domains) -> Option<(i128, Vec<Lit>)> {
        let mut sum = 0i128;
        let mut lits = Vec::new();
        for (j, (view, &c)) in self.scope.iter().zip(self.coefs).enumerate() {
            if Some(j) == skip || c == 0 {
                continue;
            }
            let x = view.var.index;
            let value = d.single(x)?;
            sum += c as i128 * value as i128;
            lits.push(Lit::equal(x, value));
        }
        Some((sum, lits))
    }

    /// The bounds that hold the terms other than `skip` on `side` of
    /// `limit`, or `None` if `d` does not. Each bound is then relaxed by
    /// what is left of the slack (in scope order), and dropped once no
    /// 32-bit value can break it.
    fn held(
        &self,
        skip: Option<usize>,
        side: Side,
        limit: i128,
        d: &dyn Domains,
    ) -> Option<Vec<Lit>> {
        let mut sum = 0i128;
        let mut bounds = Vec::new();
        for (j, (view, &c)) in self.scope.iter().zip(self.coefs).enumerate() {
            if Some(j) == skip || c == 0 {
                continue;
            }
            let x = view.var.index;
            // The term's extreme on `side` is at the variable's largest
            // value when the coefficient's sign and the side agree.
            let at_max = (c > 0) == (side == Side::High);
            let bound = if at_max { d.max(x)? } else { d.min(x)? };
            sum += c as i128 * bound as i128;
            bounds.push((x, c, bound, at_max));
        }
        let mut slack = match side {
            Side::High => limit - sum,
            Side::Low => sum - limit,
        };
        if slack < 0 {
            return None;
        }
        let mut lits = Vec::with_capacity(bounds.len());
        for (x, c, bound, at_max) in bounds {
            let c = (c as i128).abs();
            let k = slack / c;
            slack -= k * c;
            let relaxed = if at_max {
                bound as i128 + k
            } else {
                bound as i128 - k
            };
            if at_max && relaxed < i32::MAX as i128 {
                lits.push(Lit::at_most(x, relaxed as i64));
            } else if !at_max && relaxed > i32::MIN as i128 {
                lits.push(Lit::at_least(x, relaxed as i64));
            }
        }
        Some(lits)
    }
}
