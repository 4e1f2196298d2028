//! A sum of two variables with unit coefficients held equal to a
//! constant (`x - y = c`, `x + y = c`): the map `q = sign * p + k` between
//! the two, a bijection of values. While both domains can be listed the
//! propagator keeps each side's values whose image the other has, as the
//! affine channel does (`unit_channel.rs`), which is domain
//! consistency: a hole one side gets (a value an all-different or a
//! reified equality took) reaches the other, where bounds reasoning would
//! move only the bounds. Gecode does the same for `int_lin_eq` over two
//! variables by default; Langford's problem chains its positions by such
//! differences, and its channelling makes the holes (BENCHMARKS.md,
//! "Two-variable equalities channelled value by value").
//!
//! Explanations name the other side's values that are missing: a value
//! `u` of `p` goes because `q` lacks `sign * u + k`, which is
//! `[q != w]` inside `q`'s bounds and a bound of `q` outside them.

use super::super::explain::{conjunction, lacks, no_value_left, value_by_value};
use super::super::{Domains, Inferred, Lit};
use crate::comparison::Cmp;
use crate::literal::Relation;
use crate::propagators::Constraint;

/// `scope[1] = sign * scope[0] + k` in the scope's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct UnitPair {
    /// 1 or -1.
    pub sign: i128,
    pub k: i128,
}

impl UnitPair {
    /// The pair a linear constraint is, if it is one: `=`, two distinct
    /// variables in plain views, coefficients 1 or -1 (`a * p + b * q =
    /// rhs` is `q = -a * b * p + b * rhs`, as `b * b = 1`).
    pub fn of(con: &Constraint, coefs: &[i64], cmp: Cmp, rhs: i128) -> Option<UnitPair> {
        let ([a, b], [p, q]) = (coefs, &con.scope[..]) else {
            return None;
        };
        let plain = p.offset == 0 && q.offset == 0 && p.var.index != q.var.index;
        let unit = |c: i64| c == 1 || c == -1;
        (cmp == Cmp::Eq && plain && unit(*a) && unit(*b)).then(|| UnitPair {
            sign: -(a * b) as i128,
            k: *b as i128 * rhs,
        })
    }

    /// The explanation of `what`, an inference of the channel over the
    /// variables `p` and `q` (or of the bounds reasoning it falls back
    /// on): for `[x != v]` the other side lacking the image of `v`; for
    /// a bound, `x`'s previous bound and one bound of the other side when
    /// that rules out every value passed, else each value passed gone by
    /// its own hole or the other side lacking its image; for a failure,
    /// every value of the narrower side without its image, one bound of
    /// the other side again when that covers them (`explain.rs`'s
    /// `value_by_value` and `no_value_left`, `None` past `DESCRIBED`
    /// values).
    pub fn explain(&self, [p, q]: [u32; 2], what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let (side, lit) = match what {
            Inferred::Lit(lit) => (self.side([p, q], lit.var)?, Some(lit)),
            Inferred::Failure => {
                let width = |x: u32| Some(d.max(x)? - d.min(x)?);
                let x = if width(p)? <= width(q)? { p } else { q };
                (self.side([p, q], x)?, None)
            }
        };
        let ruled_out = |u: i64, why: &mut Vec<Lit>| {
            let w = i64::try_from(side.image(u)).ok()?;
            why.push(lacks(side.y, w, d)?);
            Some(())
        };
        match lit {
            Some(lit) => side
                .one_bound(lit, d)
                .or_else(|| value_by_value(lit, d, ruled_out)),
            // As `no_value_left`: the lower bound moved past the upper.
            None => {
                let hi = d.max(side.x)?;
                let past = side.one_bound(Lit::at_least(side.x, hi + 1), d);
                past.map(|why| conjunction([why, vec![Lit::at_most(side.x, hi)]].concat()))
                    .or_else(|| no_value_left(side.x, d, ruled_out))
            }
        }
    }

    /// `x`'s side of the pair.
    fn side(&self, [p, q]: [u32; 2], x: u32) -> Option<Side> {
        let (sign, k) = (self.sign, self.k);
        match x {
            _ if x == p => Some(Side { x, y: q, sign, k }),
            // p = sign * (q - k)
            _ if x == q => Some(Side {
                x,
                y: p,
                sign,
                k: -sign * k,
            }),
            _ => None,
        }
    }
}

/// One side `x` of a pair and the other, `y = sign * x + k`.
struct Side {
    x: u32,
    y: u32,
    sign: i128,
    k: i128,
}

impl Side {
    /// The image of `x`'s value `u` in `y`.
    fn image(&self, u: i64) -> i128 {
        self.sign * u as i128 + self.k
    }

    /// A bound `lit` on `x` explained by `x`'s bound before it and one
    /// bound of `y` that rules out the image of every value it passed
    /// (however many); `None` when no bound of `y` does.
    fn one_bound(&self, lit: Lit, d: &dyn Domains) -> Option<Vec<Lit>> {
        let (before, lo, hi) = match lit.relation {
            Relation::AtLeast => {
                let lo = d.min(self.x)?;
                (Lit::at_least(self.x, lo), lo, lit.value - 1)
            }
            Relation::AtMost => {
                let hi = d.max(self.x)?;
                (Lit::at_most(self.x, hi), lit.value + 1, hi)
            }
            _ => return None,
        };
        let (first, last) = match self.sign > 0 {
            true => (self.image(lo), self.image(hi)),
            false => (self.image(hi), self.image(lo)),
        };
        let (y_lo, y_hi) = d.bounds(self.y)?;
        let y_bound = if last < y_lo as i128 {
            Lit::at_least(self.y, i64::try_from(last + 1).ok()?)
        } else if first > y_hi as i128 {
            Lit::at_most(self.y, i64::try_from(first - 1).ok()?)
        } else {
            return None;
        };
        Some(conjunction(vec![before, y_bound]))
    }
}
