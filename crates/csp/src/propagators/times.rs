//! Multiplication: `x * y = z`.
//!
//! * check: the product in 128 bits (never overflows);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the product's bounds from the operands' corners, an
//!   operand's bounds from the product when the other cannot be zero
//!   (rounded inwards), to their fixpoint; then domain consistency by
//!   enumerating supports while small (over distinct variables only the
//!   operands' pairs, the product looked up), then the exact last-variable
//!   filter. The
//!   interval rounds alone are sound but not bounds consistency: a bound
//!   may have only a real support (`x, y in 2..=3, z = 5`: `2 * 2.5`), and
//!   an operand is not narrowed while the other can be zero (`x in 0..=3,
//!   y in 0..=2, z in 5..=6` keeps `x = 0`); a square (`x * x = z`) bounds
//!   `x` by the root of `z`'s maximum. `tests/strength.rs` checks
//!   soundness on large domains and domain consistency on small ones.

use super::{bounds, linear, predicate, ConstraintKind, Ctx, Posted, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `scope[0] * scope[1] = scope[2]`.
pub(crate) struct Times;

impl ConstraintKind for Times {
    fn name(&self) -> &'static str {
        "times"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        vals[0] as i128 * vals[1] as i128 == vals[2] as i128
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        bounds::post(self, con)
    }
}

impl bounds::Narrow for Times {
    /// Domain consistency over distinct variables by the operands' pairs
    /// alone (the product looked up), while they are few.
    fn values(&self, ctx: &mut Ctx<'_>, con: &Constraint) -> Option<Prop> {
        predicate::functional_supports(ctx, con, |v| v[0].checked_mul(v[1]))
    }

    fn narrow(&self, ctx: &mut Ctx<'_>, s: &[View]) -> Result<bool, Wipeout> {
        let x = bounds::range(ctx, &s[0])?;
        if s[0] == s[1] {
            return square(ctx, &s[0], x, &s[2]);
        }
        let y = bounds::range(ctx, &s[1])?;
        // Views are at most 2^61 in magnitude, so products fit in 128 bits.
        let (lo, hi) = bounds::hull([x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1]);
        let mut changed = bounds::restrict(ctx, &s[2], lo, hi)?;
        let z = bounds::range(ctx, &s[2])?;
        changed |= quotient_bounds(ctx, &s[0], y, z)?;
        let x = bounds::range(ctx, &s[0])?;
        changed |= quotient_bounds(ctx, &s[1], x, z)?;
        Ok(changed)
    }
}

/// `x * x = z`: `z` between the squares (0 if `x` can be 0), and `x`
/// within the square root of `z`'s maximum (the corners alone would leave
/// an unbounded `x` unbounded).
fn square(ctx: &mut Ctx<'_>, xv: &View, x: (i128, i128), zv: &View) -> Result<bool, Wipeout> {
    let (a, b) = (x.0 * x.0, x.1 * x.1);
    let lo = if x.0 <= 0 && x.1 >= 0 { 0 } else { a.min(b) };
    let mut changed = bounds::restrict(ctx, zv, lo, a.max(b))?;
    let root = bounds::range(ctx, zv)?.1.max(0).isqrt();
    changed |= bounds::restrict(ctx, xv, -root, root)?;
    Ok(changed)
}

/// `v * w = z` with `w` in `w_range` not containing 0: `v` lies between
/// the quotients of `z`'s and `w`'s corners (the real quotient `z / w` is
/// monotone in each on that side of zero), and, being an integer, between
/// the smallest rounded up and the largest rounded down.
fn quotient_bounds(
    ctx: &mut Ctx<'_>,
    v: &View,
    w: (i128, i128),
    z: (i128, i128),
) -> Result<bool, Wipeout> {
    if w.0 <= 0 && w.1 >= 0 {
        return Ok(false);
    }
    let qs = [(z.0, w.0), (z.0, w.1), (z.1, w.0), (z.1, w.1)];
    let lo = qs.iter().map(|&(a, b)| linear::div_ceil(a, b)).min();
    let hi = qs.iter().map(|&(a, b)| linear::div_floor(a, b)).max();
    match (lo, hi) {
        (Some(lo), Some(hi)) => bounds::restrict(ctx, v, lo, hi),
        _ => Ok(false),
    }
}
