//! `x * y = z` as a propagator written outside the engine, with only its
//! public API ([`csp::Propagator`]): what `examples/custom_propagator.rs`
//! shows and `tests/custom_propagator.rs` checks.
//!
//! Each call does one round of interval reasoning (the product's bounds
//! from the operands' corners; an operand's from the product divided by
//! the other, rounded inwards, the other's zero left out when the product
//! cannot be zero), then moves each bound inwards past the values with no
//! support over the other two intervals. The engine calls it until it
//! changes nothing, so the bounds it leaves are bounds(Z) consistent: each
//! bound of each variable has a support with the other two anywhere
//! between their bounds. It reads and changes only bounds, so it
//! subscribes to bound events only.
//!
//! The support of a product bound `c` is a factorisation of `c`: `O(sqrt
//! |c|)` divisions, or one per value of the narrower operand if fewer.

use csp::{Conflict, Event, Priority, PropagationContext, Propagator, VarId};

/// `x * y = z` by bounds.
///
/// ```
/// use csp::{Model, Solver, Strategy};
/// use csp_workspace::product::Product;
/// let mut model = Model::new();
/// let v = model.int_vars(3, -3..=3).unwrap();
/// model.post(Product::new(v[0], v[1], v[2])).unwrap();
/// // x = 0: 7 ways; y = 0: 6 more; else |x| * |y| <= 3: 5 pairs, 4 signs.
/// let count = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
/// assert_eq!(count.solutions(), 7 + 6 + 20);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Product {
    x: VarId,
    y: VarId,
    z: VarId,
}

impl Product {
    /// The constraint `x * y = z`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let v = model.int_vars(3, 0..=3).unwrap();
    /// let p = csp_workspace::product::Product::new(v[0], v[1], v[2]);
    /// assert!(model.post(p).is_ok());
    /// ```
    pub fn new(x: VarId, y: VarId, z: VarId) -> Product {
        Product { x, y, z }
    }
}

/// A variable's current bounds, widened for products.
fn bounds(ctx: &PropagationContext<'_>, v: VarId) -> (i128, i128) {
    (ctx.min(v).into(), ctx.max(v).into())
}

/// Narrows `v` to `lo..=hi` (clamped to `i64`).
fn narrow(ctx: &mut PropagationContext<'_>, v: VarId, lo: i128, hi: i128) -> Result<(), Conflict> {
    let clamp = |b: i128| b.clamp(i64::MIN.into(), i64::MAX.into()) as i64;
    if lo > hi {
        return Err(Conflict::new());
    }
    ctx.set_min(v, clamp(lo))?;
    ctx.set_max(v, clamp(hi))?;
    Ok(())
}

/// `a / b` rounded towards minus infinity (`b != 0`).
fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded towards plus infinity (`b != 0`).
fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

/// The integers `q` with `q * y` in `z` for some real `y` in `y`: the
/// hull of the corner quotients (`y` not containing 0), rounded inwards.
fn quotient((zl, zh): (i128, i128), (yl, yh): (i128, i128)) -> (i128, i128) {
    let corners = [(zl, yl), (zl, yh), (zh, yl), (zh, yh)];
    let lo = corners.iter().map(|&(a, b)| div_ceil(a, b)).min();
    let hi = corners.iter().map(|&(a, b)| div_floor(a, b)).max();
    (lo.unwrap_or(0), hi.unwrap_or(0))
}

/// What `x * y in z` leaves of `x`: everything when `0 * y` can be in `z`
/// (`y` holds 0 and `z` does too); else the hull of `z` divided by the
/// negative and the positive part of `y` (its zero supports nothing).
fn operand(x: (i128, i128), y: (i128, i128), z: (i128, i128)) -> (i128, i128) {
    let zero_in = |(l, h): (i128, i128)| l <= 0 && 0 <= h;
    if zero_in(y) && zero_in(z) {
        return x;
    }
    let parts = [(y.0, y.1.min(-1)), (y.0.max(1), y.1)];
    let (mut lo, mut hi) = (i128::MAX, i128::MIN);
    for part in parts.into_iter().filter(|p| p.0 <= p.1) {
        let (l, h) = quotient(z, part);
        (lo, hi) = (lo.min(l), hi.max(h));
    }
    (lo.max(x.0), hi.min(x.1))
}

/// Is there an integer `y` in `y` with `a * y` in `z`?
fn operand_supported(a: i128, y: (i128, i128), z: (i128, i128)) -> bool {
    if a == 0 {
        return z.0 <= 0 && 0 <= z.1;
    }
    let (l, h) = if a > 0 {
        (div_ceil(z.0, a), div_floor(z.1, a))
    } else {
        (div_ceil(z.1, a), div_floor(z.0, a))
    };
    l.max(y.0) <= h.min(y.1)
}

/// Are there integers `x` in `x`, `y` in `y` with `x * y = c`?
fn product_supported(c: i128, x: (i128, i128), y: (i128, i128)) -> bool {
    let within = |v: i128, (l, h): (i128, i128)| l <= v && v <= h;
    if c == 0 {
        return within(0, x) || within(0, y);
    }
    // Try each value of the narrower operand, or each divisor of c.
    let (narrow, other) = if x.1 - x.0 <= y.1 - y.0 {
        (x, y)
    } else {
        (y, x)
    };
    if (narrow.1 - narrow.0).saturating_mul(narrow.1 - narrow.0) < c.abs() {
        return (narrow.0..=narrow.1).any(|d| d != 0 && c % d == 0 && within(c / d, other));
    }
    let n = c.unsigned_abs();
    let mut d = 1u128;
    while d * d <= n {
        if n.is_multiple_of(d) {
            for p in [d as i128, (n / d) as i128] {
                for s in [p, -p] {
                    if within(s, x) && within(c / s, y) {
                        return true;
                    }
                }
            }
        }
        d += 1;
    }
    false
}

/// Moves `v`'s bounds inwards past the values `supported` rejects.
fn shave(
    ctx: &mut PropagationContext<'_>,
    v: VarId,
    supported: impl Fn(i128) -> bool,
) -> Result<(), Conflict> {
    while !supported(ctx.min(v).into()) {
        ctx.set_min(v, ctx.min(v) + 1)?;
    }
    while !supported(ctx.max(v).into()) {
        ctx.set_max(v, ctx.max(v) - 1)?;
    }
    Ok(())
}

impl Propagator for Product {
    fn name(&self) -> &'static str {
        "product"
    }

    fn variables(&self) -> Vec<(VarId, Event)> {
        vec![
            (self.x, Event::Bounds),
            (self.y, Event::Bounds),
            (self.z, Event::Bounds),
        ]
    }

    fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let Product { x, y, z } = *self;
        // Interval reasoning: z from the corners, then each operand.
        let (bx, by) = (bounds(ctx, x), bounds(ctx, y));
        let corners = [bx.0 * by.0, bx.0 * by.1, bx.1 * by.0, bx.1 * by.1];
        let (lo, hi) = (corners.iter().min(), corners.iter().max());
        narrow(ctx, z, *lo.unwrap_or(&0), *hi.unwrap_or(&0))?;
        let (nx_lo, nx_hi) = operand(bx, by, bounds(ctx, z));
        narrow(ctx, x, nx_lo, nx_hi)?;
        let (ny_lo, ny_hi) = operand(by, bounds(ctx, x), bounds(ctx, z));
        narrow(ctx, y, ny_lo, ny_hi)?;
        // Exactness on the integers: each bound needs a support.
        let (by, bz) = (bounds(ctx, y), bounds(ctx, z));
        shave(ctx, x, |a| operand_supported(a, by, bz))?;
        let (bx, bz) = (bounds(ctx, x), bounds(ctx, z));
        shave(ctx, y, |b| operand_supported(b, bx, bz))?;
        let (bx, by) = (bounds(ctx, x), bounds(ctx, y));
        shave(ctx, z, |c| product_supported(c, bx, by))
    }

    fn check(&self, values: &[i64]) -> bool {
        values[0] as i128 * values[1] as i128 == values[2] as i128
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_towards_each_infinity_handles_signs() {
        assert_eq!((div_floor(7, 2), div_ceil(7, 2)), (3, 4));
        assert_eq!((div_floor(-7, 2), div_ceil(-7, 2)), (-4, -3));
        assert_eq!((div_floor(7, -2), div_ceil(7, -2)), (-4, -3));
        assert_eq!((div_floor(-7, -2), div_ceil(-7, -2)), (3, 4));
        assert_eq!((div_floor(6, -3), div_ceil(6, -3)), (-2, -2));
    }

    #[test]
    fn an_operand_spanning_zero_is_split_when_the_product_cannot_be_zero() {
        // x * y in 3..=3, y in 0..=2: y = 0 supports nothing, so x in 2..=3.
        assert_eq!(operand((0, 2), (0, 2), (3, 3)), (2, 2));
        // y in -2..=2, z in 4..=6: x in -6..=-2 or 2..=6, hull -6..=6.
        assert_eq!(operand((-9, 9), (-2, 2), (4, 6)), (-6, 6));
        // z may be 0 and y may be 0: x is free.
        assert_eq!(operand((-9, 9), (-1, 1), (0, 5)), (-9, 9));
    }

    #[test]
    fn supports_are_exact_on_the_integers() {
        // x, y in 2..=3: 5 is no product, 6 is.
        assert!(!product_supported(5, (2, 3), (2, 3)));
        assert!(product_supported(6, (2, 3), (2, 3)));
        assert!(product_supported(-6, (-3, -2), (2, 3)));
        assert!(!product_supported(7, (-10, 10), (2, 6)));
        assert!(product_supported(0, (1, 2), (-1, 1)));
        assert!(!operand_supported(0, (-5, 5), (1, 4)));
        assert!(operand_supported(-2, (-5, 5), (4, 4)));
        assert!(!operand_supported(3, (-5, 5), (4, 5)));
    }
}
