//! Absolute value and distance: `|x| = y`, `|x - y| = z`.
//!
//! * check: the equation on the view values (exact in 64 bits: views are
//!   32-bit values plus offsets of at most 2^60);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds (the result between the smallest and largest
//!   possible magnitude, the operands within the result's reach), then
//!   enumerated supports while small, then the exact last-variable filter.

use super::{bounds, ConstraintKind, Ctx, Posted};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `|scope[0]| = scope[1]`, or `|scope[0] - scope[1]| = scope[2]`
/// (the distance).
pub(crate) struct Abs;

impl ConstraintKind for Abs {
    fn name(&self) -> &'static str {
        "abs"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        match *vals {
            [x, y] => (x as i128).abs() == y as i128,
            [x, y, z] => (x as i128 - y as i128).abs() == z as i128,
            _ => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        bounds::post(self, con)
    }
}

impl bounds::Narrow for Abs {
    /// One round of interval reasoning on `|a - b| = r` (`b` is 0 for
    /// `|a| = r`).
    fn narrow(&self, ctx: &mut Ctx<'_>, s: &[View]) -> Result<bool, Wipeout> {
        let (a, b, r) = match s.len() {
            2 => (bounds::range(ctx, &s[0])?, (0, 0), &s[1]),
            _ => (
                bounds::range(ctx, &s[0])?,
                bounds::range(ctx, &s[1])?,
                &s[2],
            ),
        };
        // a - b lies in d = [a.0 - b.1, a.1 - b.0].
        let d = (a.0 - b.1, a.1 - b.0);
        let (r_lo, r_hi) = if d.0 >= 0 {
            (d.0, d.1)
        } else if d.1 <= 0 {
            (-d.1, -d.0)
        } else {
            (0, d.1.max(-d.0))
        };
        let mut changed = bounds::restrict(ctx, r, r_lo, r_hi)?;
        let (_, r_max) = bounds::range(ctx, r)?;
        changed |= bounds::restrict(ctx, &s[0], b.0 - r_max, b.1 + r_max)?;
        if s.len() == 3 {
            changed |= bounds::restrict(ctx, &s[1], a.0 - r_max, a.1 + r_max)?;
        }
        Ok(changed)
    }
}
