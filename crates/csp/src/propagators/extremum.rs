//! Minimum and maximum of an array: the last view is the smallest (or
//! largest) of the others.
//!
//! * check: the minimum or maximum of the values;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds (for the minimum: the result between the
//!   smallest lower and the smallest upper bound, every operand at least
//!   the result's lower bound, and at most its upper bound when it is the
//!   only operand that can be that small; mirrored for the maximum) to their
//!   fixpoint, which is bounds(Z) consistency; then enumerated supports
//!   while small (domain consistency), then the exact last-variable
//!   filter. `tests/strength.rs` checks both levels against brute force.

use super::{bounds, ConstraintKind, Ctx, Posted};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// The last view is the minimum (`max`: maximum) of the others.
pub(crate) struct Extremum {
    pub max: bool,
}

impl ConstraintKind for Extremum {
    fn name(&self) -> &'static str {
        if self.max {
            "maximum"
        } else {
            "minimum"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (result, operands) = vals.split_last().expect("a scope of two or more");
        let best = if self.max {
            operands.iter().max()
        } else {
            operands.iter().min()
        };
        best == Some(result)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        bounds::post(self, con)
    }
}

impl bounds::Narrow for Extremum {
    /// One round for the minimum; the maximum is the minimum of the
    /// negated values, so it mirrors every bound.
    fn narrow(&self, ctx: &mut Ctx<'_>, scope: &[View]) -> Result<bool, Wipeout> {
        let max = self.max;
        // Bounds of the (possibly negated) views.
        let range = |ctx: &Ctx<'_>, v| -> Result<(i128, i128), Wipeout> {
            let (lo, hi) = bounds::range(ctx, v)?;
            Ok(if max { (-hi, -lo) } else { (lo, hi) })
        };
        let restrict = |ctx: &mut Ctx<'_>, v, lo: i128, hi: i128| {
            if max {
                bounds::restrict(ctx, v, -hi, -lo)
            } else {
                bounds::restrict(ctx, v, lo, hi)
            }
        };
        let (result, operands) = scope.split_last().expect("a scope of two or more");
        let (mut lo, mut hi) = (i128::MAX, i128::MAX);
        for v in operands {
            let (a, b) = range(ctx, v)?;
            lo = lo.min(a);
            hi = hi.min(b);
        }
        let mut changed = restrict(ctx, result, lo, hi)?;
        let (r_lo, r_hi) = range(ctx, result)?;
        let mut reaching = None;
        let mut several = false;
        for v in operands {
            changed |= restrict(ctx, v, r_lo, i128::MAX / 2)?;
            if range(ctx, v)?.0 <= r_hi {
                several |= reaching.is_some();
                reaching = Some(v);
            }
        }
        // One operand alone can reach the result's range: it is the result.
        if let (Some(v), false) = (reaching, several) {
            changed |= restrict(ctx, v, i128::MIN / 2, r_hi)?;
        }
        Ok(changed)
    }
}
