//! A sum of two variables with unit coefficients held equal to a
//! constant (`x - y = c`, `x + y = c`): the map `q = sign * p + k` between
//! the two, a bijection of values. While both domains can be listed the
//! propagator keeps each side's values whose image the other has, as the
//! affine channel does (`affine::unit_channel`), which is domain
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

use super::super::explain::{conjunction, DESCRIBED};
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
    /// a bound, `x`'s previous bound and each value between gone, by its
    /// own hole or the other side lacking its image (one bound of the
    /// other side when that covers them all); for a failure, every value
    /// of the narrower side without its image. `None` past
    /// [`DESCRIBED`] values.
    pub fn explain(&self, [p, q]: [u32; 2], what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let mut why = Vec::new();
        match what {
            Inferred::Lit(lit) => {
                let side = self.side([p, q], lit.var)?;
                match lit.relation {
                    Relation::NotEqual => why.push(side.lacks(lit.value, d)?),
                    Relation::AtLeast => {
                        let lo = d.min(lit.var)?;
                        why.push(Lit::at_least(lit.var, lo));
                        side.gone(lo, lit.value - 1, d, &mut why)?;
                    }
                    Relation::AtMost => {
                        let hi = d.max(lit.var)?;
                        why.push(Lit::at_most(lit.var, hi));
                        side.gone(lit.value + 1, hi, d, &mut why)?;
                    }
                    Relation::Equal => return None,
                }
            }
            Inferred::Failure => {
                let width = |x: u32| Some(d.max(x)? - d.min(x)?);
                let x = if width(p)? <= width(q)? { p } else { q };
                let side = self.side([p, q], x)?;
                let (lo, hi) = d.bounds(x)?;
                why.push(Lit::at_least(x, lo));
                why.push(Lit::at_most(x, hi));
                side.gone(lo, hi, d, &mut why)?;
            }
        }
        Some(conjunction(why))
    }

    /// `x`'s side of the pair.
    fn side(&self, [p, q]: [u32; 2], x: u32) -> Option<Side> {
        let (sign, k) = (self.sign, self.k);
        match x {
            // p = sign * (q - k)
            _ if x == p => Some(Side { x, y: q, sign, k }),
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
    /// Why `y` has no value for `u`: a bound of `y` beyond its image, or
    /// the image's hole; `None` if `y` has it (no such inference).
    fn lacks(&self, u: i64, d: &dyn Domains) -> Option<Lit> {
        let w = i64::try_from(self.sign * u as i128 + self.k).ok()?;
        let (lo, hi) = d.bounds(self.y)?;
        match w {
            _ if w < lo => Some(Lit::at_least(self.y, w + 1)),
            _ if w > hi => Some(Lit::at_most(self.y, w - 1)),
            _ if !d.contains(self.y, w) => Some(Lit::not_equal(self.y, w)),
            _ => None,
        }
    }

    /// Why `x` has no value in `lo..=hi`: one bound of `y` when it rules
    /// out every image, else value by value.
    fn gone(&self, lo: i64, hi: i64, d: &dyn Domains, why: &mut Vec<Lit>) -> Option<()> {
        if lo > hi {
            return Some(());
        }
        let image = |u: i64| self.sign * u as i128 + self.k;
        let (first, last) = match self.sign > 0 {
            true => (image(lo), image(hi)),
            false => (image(hi), image(lo)),
        };
        let (y_lo, y_hi) = d.bounds(self.y)?;
        if last < y_lo as i128 {
            why.push(Lit::at_least(self.y, i64::try_from(last + 1).ok()?));
            return Some(());
        }
        if first > y_hi as i128 {
            why.push(Lit::at_most(self.y, i64::try_from(first - 1).ok()?));
            return Some(());
        }
        if hi - lo > DESCRIBED {
            return None;
        }
        for u in lo..=hi {
            match d.contains(self.x, u) {
                true => why.push(self.lacks(u, d)?),
                false => why.push(Lit::not_equal(self.x, u)),
            }
        }
        (why.len() as i64 <= DESCRIBED).then_some(())
    }
}
