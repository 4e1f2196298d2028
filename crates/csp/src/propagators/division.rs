//! Truncating division and modulo (MiniZinc's `int_div` and `int_mod`):
//! `x / y = z` rounds towards zero, `x mod y = z` takes the dividend's
//! sign, and `y = 0` is excluded.
//!
//! * check: the operation in 128 bits (`i64::MIN / -1` cannot overflow);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the divisor loses 0; the result's bounds from the
//!   operands' corners (a quotient is monotone in each operand on either
//!   side of zero; a remainder is smaller than the divisor and the
//!   dividend in magnitude, with the dividend's sign); then enumerated
//!   supports while small, then the exact last-variable filter.

use super::{bounds, Ctx, Posted, Prop, Propagator};
use crate::constraint::{Constraint, Kind};
use crate::store::Wipeout;

/// `vals[0] / vals[1] = vals[2]` (truncating; false for a zero divisor).
pub(crate) fn holds_div(vals: &[i64]) -> bool {
    vals[1] != 0 && vals[0] as i128 / vals[1] as i128 == vals[2] as i128
}

/// `vals[0] mod vals[1] = vals[2]` (truncating; false for a zero divisor).
pub(crate) fn holds_mod(vals: &[i64]) -> bool {
    vals[1] != 0 && vals[0] as i128 % vals[1] as i128 == vals[2] as i128
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    Box::new(Division { con })
}

struct Division<'m> {
    con: &'m Constraint,
}

impl Propagator for Division<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        let modulo = matches!(con.kind, Kind::Mod);
        bounds::remove_value(ctx, &con.scope[1], 0)?;
        bounds::fixpoint(ctx, con, |ctx| step(ctx, con, modulo))
    }
}

fn step(ctx: &mut Ctx<'_>, con: &Constraint, modulo: bool) -> Result<bool, Wipeout> {
    let s = &con.scope;
    let x = bounds::range(ctx, &s[0])?;
    let y = bounds::range(ctx, &s[1])?;
    let (lo, hi) = if modulo {
        let y_abs = y.0.abs().max(y.1.abs());
        let lo = if x.0 >= 0 { 0 } else { x.0.max(1 - y_abs) };
        let hi = if x.1 <= 0 { 0 } else { x.1.min(y_abs - 1) };
        (lo, hi)
    } else {
        // The divisor's extremes on each side of zero.
        let divisors = [y.0, y.1, -1, 1]
            .into_iter()
            .filter(|&d| d != 0 && y.0 <= d && d <= y.1);
        bounds::hull(divisors.flat_map(|d| [x.0 / d, x.1 / d]))
    };
    bounds::restrict(ctx, &s[2], lo, hi)
}
