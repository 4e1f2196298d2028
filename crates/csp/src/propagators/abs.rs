//! Absolute value and distance: `|x| = y`, `|x - y| = z`.
//!
//! * check: the equation on the view values (exact in 64 bits: views are
//!   32-bit values plus offsets of at most 2^60);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds (the result between the smallest and largest
//!   possible magnitude, the operands within the result's reach), then
//!   enumerated supports while small, then the exact last-variable filter.

use super::{bounds, Ctx, Posted, Prop, Propagator};
use crate::constraint::Constraint;
use crate::store::Wipeout;

/// `|vals[0]| = vals[1]`, or `|vals[0] - vals[1]| = vals[2]`.
pub(crate) fn holds(vals: &[i64]) -> bool {
    match *vals {
        [x, y] => (x as i128).abs() == y as i128,
        [x, y, z] => (x as i128 - y as i128).abs() == z as i128,
        _ => false,
    }
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    Box::new(Abs { con })
}

struct Abs<'m> {
    con: &'m Constraint,
}

impl Propagator for Abs<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        bounds::fixpoint(ctx, con, |ctx| step(ctx, con))
    }
}

/// One round of interval reasoning on `|a - b| = r` (`b` is 0 for `|a| = r`).
fn step(ctx: &mut Ctx<'_>, con: &Constraint) -> Result<bool, Wipeout> {
    let s = &con.scope;
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
