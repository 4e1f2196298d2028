//! Absolute value and distance: `|x| = y`, `|x - y| = z`.
//!
//! * check: the equation on the view values (exact in 64 bits: views are
//!   32-bit values plus offsets of at most 2^60);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds (the result between the smallest and largest
//!   possible magnitude; each operand's bounds moved to the nearest values
//!   at a distance within the result's range from the other, on either
//!   side) to their fixpoint, which is bounds(Z) consistency; then
//!   enumerated supports while small (domain consistency), then the exact
//!   last-variable filter. `tests/strength.rs` checks both levels against
//!   brute force.

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
        let (r_lo, r_hi) = distance(a, b);
        let mut changed = bounds::restrict(ctx, r, r_lo, r_hi)?;
        let r = bounds::range(ctx, r)?;
        // a = b + d with r.0 <= |d| <= r.1: a lies in b - r or in b + r.
        changed |= within_either(ctx, &s[0], (b.0 - r.1, b.1 - r.0), (b.0 + r.0, b.1 + r.1))?;
        if s.len() == 3 {
            let a = bounds::range(ctx, &s[0])?;
            changed |= within_either(ctx, &s[1], (a.0 - r.1, a.1 - r.0), (a.0 + r.0, a.1 + r.1))?;
        }
        Ok(changed)
    }

    /// The result's range from the operands'; an operand's from the
    /// other's and the result's, as the hull of its two intervals (the
    /// round's step into the nearer one reads its own bounds too).
    fn hull(&self, r: &[(i128, i128)], target: usize) -> Option<(i128, i128)> {
        let last = r.len() - 1;
        let other = |t: usize| if r.len() == 2 { (0, 0) } else { r[1 - t] };
        match target {
            t if t == last => Some(distance(r[0], other(0))),
            t => {
                let (b, d) = (other(t), r[last]);
                Some((b.0 - d.1, b.1 + d.1))
            }
        }
    }
}

/// The range of `|a - b|` for `a` and `b` in these ranges.
fn distance(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    // a - b lies in d = [a.0 - b.1, a.1 - b.0].
    let d = (a.0 - b.1, a.1 - b.0);
    if d.0 >= 0 {
        (d.0, d.1)
    } else if d.1 <= 0 {
        (-d.1, -d.0)
    } else {
        (0, d.1.max(-d.0))
    }
}

/// Narrows `view`'s bounds to the nearest values that lie in `low` or in
/// `high` (two intervals, `low` the lower); true if a domain changed.
fn within_either(
    ctx: &mut Ctx<'_>,
    view: &View,
    low: (i128, i128),
    high: (i128, i128),
) -> Result<bool, Wipeout> {
    let (lo, hi) = bounds::range(ctx, view)?;
    let inside = |v: i128| (low.0 <= v && v <= low.1) || (high.0 <= v && v <= high.1);
    // The least value at least `lo` in either interval, and the greatest at most `hi`.
    let up = |v: i128| {
        if inside(v) {
            v
        } else if v < low.0 {
            low.0
        } else if v < high.0 {
            high.0
        } else {
            i128::MAX
        }
    };
    let down = |v: i128| {
        if inside(v) {
            v
        } else if v > high.1 {
            high.1
        } else if v > low.1 {
            low.1
        } else {
            i128::MIN
        }
    };
    let (new_lo, new_hi) = (up(lo), down(hi));
    if new_lo > new_hi {
        return Err(Wipeout);
    }
    bounds::restrict(ctx, view, new_lo, new_hi)
}
