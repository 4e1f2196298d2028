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
//!   supports while small (domain consistency), then the exact
//!   last-variable filter. The rounds alone are sound but not bounds
//!   consistency: the operands keep their bounds (`x in 0..=20`, `y in
//!   1..=20`, `z in 1..=20` keeps `x = 0`), and the result's may fall
//!   between two quotients (`x = 10`, `y in 1..=5` keeps `z = 4`).
//!   `tests/strength.rs` checks soundness on large domains and domain
//!   consistency on small ones.

use super::{bounds, ConstraintKind, Ctx, Posted};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `scope[0] / scope[1] = scope[2]` or, with `modulo`, `scope[0] mod
/// scope[1] = scope[2]` (truncating; `scope[1] != 0`).
pub(crate) struct Division {
    pub modulo: bool,
}

impl ConstraintKind for Division {
    fn name(&self) -> &'static str {
        if self.modulo {
            "mod"
        } else {
            "div"
        }
    }

    /// False for a zero divisor.
    fn holds(&self, vals: &mut [i64]) -> bool {
        let (x, y, z) = (vals[0] as i128, vals[1] as i128, vals[2] as i128);
        y != 0 && if self.modulo { x % y == z } else { x / y == z }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        bounds::post(self, con)
    }
}

impl bounds::Narrow for Division {
    /// The divisor loses 0 (in the first round; later ones find it gone),
    /// then the result's bounds.
    fn narrow(&self, ctx: &mut Ctx<'_>, s: &[View]) -> Result<bool, Wipeout> {
        bounds::remove_value(ctx, &s[1], 0)?;
        let x = bounds::range(ctx, &s[0])?;
        let y = bounds::range(ctx, &s[1])?;
        let (lo, hi) = self.result(x, y);
        bounds::restrict(ctx, &s[2], lo, hi)
    }

    /// The result's range from the operands'; nothing for an operand.
    fn hull(&self, r: &[(i128, i128)], target: usize) -> Option<(i128, i128)> {
        (target == 2).then(|| self.result(r[0], r[1]))
    }
}

impl Division {
    /// The result's range when the dividend lies in `x` and the divisor
    /// in `y` (0 left out); empty (`lo > hi`) when `y` is only 0.
    fn result(&self, x: (i128, i128), y: (i128, i128)) -> (i128, i128) {
        if self.modulo {
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
        }
    }
}
