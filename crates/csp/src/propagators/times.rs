//! Multiplication: `x * y = z`.
//!
//! * check: the product in 128 bits (never overflows);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the product's bounds from the operands' corners, an
//!   operand's bounds from the product when the other cannot be zero
//!   (rounded inwards), to their fixpoint; then domain consistency by
//!   enumerating supports while small (over distinct variables only the
//!   operands' pairs, the product looked up), then the exact last-variable
//!   filter ([`Model::times_by_bounds`](crate::Model::times_by_bounds):
//!   no supports). A zero factor with a zero product entails the constraint
//!   (kept on the store's trail): nothing more is done until the search
//!   backtracks past it, so that the other factor's wide domain is not
//!   listed at every wake. The interval rounds alone are sound but not
//!   bounds consistency: a bound may have only a real support (`x, y in
//!   2..=3, z = 5`: `2 * 2.5`), and an operand is not narrowed while the
//!   other can be zero (`x in 0..=3, y in 0..=2, z in 5..=6` keeps
//!   `x = 0`); a square (`x * x = z`) bounds `x` by the root of `z`'s
//!   maximum. `tests/strength.rs` checks soundness on large domains and
//!   domain consistency on small ones.

use super::linear::SumInt;
use super::relaxation::Relaxed;
use super::{bounds, linear, predicate, ConstraintKind, Ctx, Posted, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `scope[0] * scope[1] = scope[2]`; `supports`: domain consistency by
/// enumerating supports while the domains are small (else the interval
/// rounds and the last-variable filter alone).
pub(crate) struct Times {
    pub supports: bool,
}

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

    fn relaxed(&self, con: &Constraint) -> Option<Relaxed> {
        let s = &con.scope;
        Some(Relaxed::Product {
            x: s[0],
            y: s[1],
            z: s[2],
        })
    }
}

impl bounds::Narrow for Times {
    /// Domain consistency over distinct variables by the operands' pairs
    /// alone (the product looked up), while they are few; nothing (not
    /// even the generic enumeration) when posted by bounds.
    fn values(&self, ctx: &mut Ctx<'_>, con: &Constraint) -> Option<Prop> {
        if !self.supports {
            return Some(Ok(()));
        }
        predicate::functional_supports(ctx, con, |v| v[0].checked_mul(v[1]))
    }

    fn narrow(&self, ctx: &mut Ctx<'_>, s: &[View]) -> Result<bool, Wipeout> {
        if s[0] == s[1] {
            let x = bounds::range(ctx, &s[0])?;
            return square(ctx, &s[0], x, &s[2]);
        }
        let x = bounds::view_bounds(ctx, s[0])?;
        let y = bounds::view_bounds(ctx, s[1])?;
        // Factors within 2^31 of zero (nearly always): products fit a
        // machine word.
        let small = |(lo, hi): (i64, i64)| lo.unsigned_abs().max(hi.unsigned_abs()) <= 1 << 31;
        match small(x) && small(y) {
            true => round::<i64>(ctx, s, x, y),
            false => round::<i128>(ctx, s, x, y),
        }
    }

    /// The product's range from the factors' corners; a factor's from the
    /// product's and the other factor's (the quotients).
    fn hull(&self, r: &[(i128, i128)], target: usize) -> Option<(i128, i128)> {
        match target {
            2 => Some(product_range(r[0], r[1])),
            t => quotient_range(r[1 - t], r[2]),
        }
    }

    /// A zero factor with a zero product: the other factor is free.
    fn entailed(&self, ctx: &Ctx<'_>, s: &[View]) -> bool {
        let zero = |v: &View| bounds::range(ctx, v) == Ok((0, 0));
        zero(&s[2]) && (zero(&s[0]) || zero(&s[1]))
    }
}

/// One round over distinct factors with bounds `x` and `y`, in `T`
/// (`i64` when their products fit it): the product from the corners,
/// then each factor from the quotients.
fn round<T: SumInt>(
    ctx: &mut Ctx<'_>,
    s: &[View],
    x: (i64, i64),
    y: (i64, i64),
) -> Result<bool, Wipeout> {
    let of = |(lo, hi): (i64, i64)| (T::of(lo), T::of(hi));
    let (x, y) = (of(x), of(y));
    let (lo, hi) = product_range(x, y);
    // The product's move is read by both quotients below: only an
    // operand's move asks for another round.
    bounds::restrict(ctx, &s[2], lo.wide(), hi.wide())?;
    let z = of(bounds::view_bounds(ctx, s[2])?);
    let mut changed = quotient_bounds(ctx, &s[0], x, y, z)?;
    let x = of(bounds::view_bounds(ctx, s[0])?);
    changed |= quotient_bounds(ctx, &s[1], y, x, z)?;
    Ok(changed)
}

/// The range of `x * y` over the factors' ranges: the corners' hull.
/// Views are at most 2^61 in magnitude, so products fit in 128 bits (and
/// the explanations' widened sides at 2^63 too).
fn product_range<T: SumInt>(x: (T, T), y: (T, T)) -> (T, T) {
    let corners = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
    let lo = corners.into_iter().min().expect("four corners");
    let hi = corners.into_iter().max().expect("four corners");
    (lo, hi)
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
/// the extremes of the real quotient `z / w` over the box, rounded inwards
/// (it is an integer). With `w` made positive (`v * -w = -z`), `z / w`
/// grows with `z`, so its least value is at `z`'s minimum over `w`'s far
/// end when that minimum is not negative (its near end otherwise), and its
/// greatest at `z`'s maximum likewise: two divisions, not the corners'
/// eight. `v`'s bounds `now` say which side can move: a side `v` already
/// keeps (`v_lo * w >= z_lo`: no multiplication overflows for views'
/// values in `T`) needs no division (the common case).
fn quotient_bounds<T: SumInt>(
    ctx: &mut Ctx<'_>,
    v: &View,
    now: (T, T),
    w: (T, T),
    z: (T, T),
) -> Result<bool, Wipeout> {
    let Some((w, z)) = positive(w, z) else {
        return Ok(false);
    };
    let (lo_by, hi_by) = divisors(w, z);
    let lo_moves = now.0 * lo_by < z.0;
    let hi_moves = now.1 * hi_by > z.1;
    if !lo_moves && !hi_moves {
        return Ok(false);
    }
    let lo = match lo_moves {
        true => T::div_ceil(z.0, lo_by),
        false => now.0,
    };
    let hi = match hi_moves {
        true => T::div_floor(z.1, hi_by),
        false => now.1,
    };
    bounds::restrict(ctx, v, lo.wide(), hi.wide())
}

/// `w` and `z` with `w` made positive (`v * -w = -z`); `None` when `w`
/// can be 0.
fn positive<T: SumInt>(w: (T, T), z: (T, T)) -> Option<((T, T), (T, T))> {
    if w.0 <= T::ZERO && w.1 >= T::ZERO {
        return None;
    }
    Some(match w.0 > T::ZERO {
        true => (w, z),
        false => (
            (T::ZERO - w.1, T::ZERO - w.0),
            (T::ZERO - z.1, T::ZERO - z.0),
        ),
    })
}

/// The ends of a positive `w` that `z`'s minimum and maximum are divided
/// by for the quotient's least and greatest value.
fn divisors<T: SumInt>(w: (T, T), z: (T, T)) -> (T, T) {
    let lo_by = if z.0 >= T::ZERO { w.1 } else { w.0 };
    let hi_by = if z.1 >= T::ZERO { w.0 } else { w.1 };
    (lo_by, hi_by)
}

/// The range [`quotient_bounds`] keeps; `None` when `w` can be 0.
fn quotient_range(w: (i128, i128), z: (i128, i128)) -> Option<(i128, i128)> {
    let (w, z) = positive(w, z)?;
    let (lo_by, hi_by) = divisors(w, z);
    Some((linear::div_ceil(z.0, lo_by), linear::div_floor(z.1, hi_by)))
}

/// The entailment kept on the trail changes nothing: along a random walk
/// of removals, choice points and backtracks (`walk_tests.rs`), the kept
/// propagator leaves the domains a fresh one leaves, and (domains this
/// small are enumerated, unless posted by bounds) exactly the values some
/// product within them uses.
#[cfg(test)]
mod tests {
    use super::round;
    use crate::propagators::bounds;
    use crate::propagators::walk_tests::{kept_state_matches_fresh, walk, with_ctx};
    use crate::store::Store;
    use crate::{Model, VarId};
    use proptest::prelude::*;

    /// One round in `T` over `x * y = z` with these domains: the result
    /// and each variable's bounds after it.
    fn one_round<T: super::SumInt>(domains: &[Vec<i32>]) -> (bool, Vec<Option<(i64, i64)>>) {
        let mut model = Model::new();
        let v: Vec<VarId> = domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        model.times(v[0], v[1], v[2]).unwrap();
        let con = &model.constraints()[0];
        let mut store = Store::new(model.domains());
        let ok = with_ctx(&mut store, 3, |ctx| {
            let x = bounds::view_bounds(ctx, con.scope[0]).unwrap();
            let y = bounds::view_bounds(ctx, con.scope[1]).unwrap();
            round::<T>(ctx, &con.scope, x, y).is_ok()
        });
        let after = (0..3).map(|i| Some((store.min(i)?, store.max(i)?)));
        (ok, after.collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(600)))]

        /// A round in 128 bits (the path of factors beyond 2^31, which no
        /// 32-bit domain reaches without an offset) narrows exactly as the
        /// one in 64 bits that the brute-force strength tests check.
        #[test]
        fn a_round_in_128_bits_narrows_as_in_64(
            domains in proptest::collection::vec(
                proptest::collection::btree_set(-30..=30i32, 1..=6),
                3,
            ),
        ) {
            let domains: Vec<Vec<i32>> =
                domains.iter().map(|d| d.iter().copied().collect()).collect();
            prop_assert_eq!(one_round::<i128>(&domains), one_round::<i64>(&domains));
        }

        #[test]
        fn kept_entailment_filters_as_a_fresh_propagator_does(
            domains in proptest::collection::vec(
                proptest::collection::btree_set(-2..=3i32, 1..=5),
                3,
            ),
            square in any::<bool>(),
            by_bounds in any::<bool>(),
            steps in walk(3),
        ) {
            let mut model = Model::new();
            let x: Vec<VarId> = domains
                .iter()
                .map(|d| model.int_var(d.iter().copied().collect::<Vec<_>>()).unwrap())
                .collect();
            let y = if square { x[0] } else { x[1] };
            match by_bounds {
                true => model.times_by_bounds(x[0], y, x[2]).unwrap(),
                false => model.times(x[0], y, x[2]).unwrap(),
            };
            kept_state_matches_fresh(&model, 3, &steps, !by_bounds)?;
        }
    }
}
