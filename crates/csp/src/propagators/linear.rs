//! `sum coefs[i] * x[i] cmp rhs` (offsets folded into `rhs`, repeated
//! variables merged when the model builds it).
//!
//! * check: the sum, exactly, in 128 bits;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking: the last open variable filtered exactly (by
//!   enumeration on a small domain, by its bounds or the one value `!=`
//!   forbids on a wide one);
//! * arc consistency: bounds consistency to its own fixpoint, then that
//!   exact last-variable filter.

use super::{Ctx, Posted, Prop, Propagator};
use crate::constraint::Cmp;
use crate::propagators::{Constraint, Kind};
use crate::store::Wipeout;

/// Does `sum coefs[i] * vals[i] cmp rhs` hold?
pub(crate) fn holds(coefs: &[i64], cmp: Cmp, rhs: i128, vals: &[i64]) -> bool {
    let sum: i128 = coefs
        .iter()
        .zip(vals.iter())
        .map(|(&a, &x)| a as i128 * x as i128)
        .sum();
    cmp.holds(sum, rhs)
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    Box::new(Linear { con })
}

struct Linear<'m> {
    con: &'m Constraint,
}

impl Propagator for Linear<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let Kind::Linear { coefs, cmp, rhs } = &self.con.kind else {
            unreachable!("a linear propagator over a linear constraint");
        };
        bounds(ctx, &self.con.scope, coefs, *cmp, *rhs)?;
        last(ctx, self.con, coefs, *cmp, *rhs)
    }

    fn forward(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        let Kind::Linear { coefs, cmp, rhs } = &self.con.kind else {
            unreachable!("a linear propagator over a linear constraint");
        };
        (open <= 1).then(|| last(ctx, self.con, coefs, *cmp, *rhs))
    }
}

/// Domains of at most this many values get the shared last-variable filter
/// (a check per value, as the textbook counts them); wider ones the direct
/// rule, which is as exact and does not enumerate a horizon of 10^6.
const ENUMERATED: u32 = 64;

/// The exact filter once at most one variable is open: by enumeration on a
/// small domain; on a wide one, bounds for `<=`, `>=` and `==` (exact with
/// the others fixed) or the one value `!=` rules out.
fn last(ctx: &mut Ctx<'_>, con: &Constraint, coefs: &[i64], cmp: Cmp, rhs: i128) -> Prop {
    let fixed = |ctx: &Ctx<'_>, x: u32| {
        if ctx.assigned[x as usize] {
            Some(ctx.values[x as usize] as i64)
        } else {
            ctx.store.single(x)
        }
    };
    let mut open = None;
    let mut rest = 0i128;
    for (view, &a) in con.scope.iter().zip(coefs) {
        let x = view.var.index;
        match fixed(ctx, x) {
            Some(v) => rest += a as i128 * v as i128,
            None if open.is_some() => return Ok(()), // two open: nothing exact
            None => open = Some((x, a)),
        }
    }
    match open {
        Some((x, a)) if ctx.store.size(x) > ENUMERATED => {
            if cmp != Cmp::Ne {
                return bounds(ctx, &con.scope, coefs, cmp, rhs);
            }
            ctx.count_check();
            let (a, target) = (a as i128, rhs - rest);
            if a != 0 && target % a == 0 {
                if let Ok(v) = i64::try_from(target / a) {
                    ctx.remove(x, v)?;
                }
            }
            Ok(())
        }
        _ => ctx.filter_last(con),
    }
}

/// Bounds consistency for `sum coefs[i] * scope[i] cmp rhs` (views of
/// offset 0; a variable may repeat, which keeps it sound but weaker).
pub(super) fn bounds(
    ctx: &mut Ctx<'_>,
    scope: &[crate::var::View],
    coefs: &[i64],
    cmp: Cmp,
    rhs: i128,
) -> Prop {
    if cmp == Cmp::Ne {
        return Ok(()); // only the exact last-variable filter applies
    }
    loop {
        let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
        for (view, &a) in scope.iter().zip(coefs) {
            let (lo, hi) = term_range(ctx, view.var.index, a);
            lo_sum += lo;
            hi_sum += hi;
        }
        ctx.count_check();
        if (matches!(cmp, Cmp::Le | Cmp::Eq) && lo_sum > rhs)
            || (matches!(cmp, Cmp::Ge | Cmp::Eq) && hi_sum < rhs)
        {
            return Err(Wipeout);
        }
        let mut changed = false;
        for (view, &a) in scope.iter().zip(coefs) {
            if a == 0 {
                continue;
            }
            let x = view.var.index;
            let (lo, hi) = term_range(ctx, x, a);
            let a = a as i128;
            // Bounds on a * x implied by the other terms.
            let mut term_hi = i128::MAX;
            let mut term_lo = i128::MIN;
            if matches!(cmp, Cmp::Le | Cmp::Eq) {
                term_hi = rhs - (lo_sum - lo);
            }
            if matches!(cmp, Cmp::Ge | Cmp::Eq) {
                term_lo = rhs - (hi_sum - hi);
            }
            let (x_lo, x_hi) = if a > 0 {
                (div_ceil(term_lo, a), div_floor(term_hi, a))
            } else {
                (div_ceil(term_hi, a), div_floor(term_lo, a))
            };
            changed |= ctx.restrict_bounds(x, x_lo, x_hi)?;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The smallest and largest value of `a * x` over `x`'s domain.
fn term_range(ctx: &Ctx<'_>, x: u32, a: i64) -> (i128, i128) {
    let lo = ctx.store.min(x).unwrap_or(0) as i128 * a as i128;
    let hi = ctx.store.max(x).unwrap_or(0) as i128 * a as i128;
    (lo.min(hi), lo.max(hi))
}

/// `i128::MAX` / `i128::MIN` stand for an unbounded side; dividing keeps
/// them unbounded, with the sign of the quotient.
fn unbounded_quotient(a: i128, b: i128) -> Option<i128> {
    let q = if (a > 0) == (b > 0) {
        i128::MAX
    } else {
        i128::MIN
    };
    (a == i128::MAX || a == i128::MIN).then_some(q)
}

/// `a / b` rounded towards minus infinity.
fn div_floor(a: i128, b: i128) -> i128 {
    if let Some(q) = unbounded_quotient(a, b) {
        return q;
    }
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded towards plus infinity.
fn div_ceil(a: i128, b: i128) -> i128 {
    match unbounded_quotient(a, b) {
        Some(q) => q,
        None => -div_floor(-a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_division() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(7, 2), 4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_ceil(7, -2), -3);
        assert_eq!(div_floor(i128::MAX, -3), i128::MIN);
    }
}
