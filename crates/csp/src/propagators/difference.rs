//! The difference channel `z = x - y + c`: what a difference of two
//! variables (`p[i + d] - p[i]`, `x[j] - x[i]`) becomes where a constraint
//! wants a view. Once `x` or `y` is fixed the other two are tied by a
//! bijection of values, so the channel then prunes value by value both
//! ways: a hole the constraint over `z` makes (a difference an
//! all-different has used) reaches the open variable, where a linear
//! equality would move only its bounds.
//!
//! * check: the equation on the view values (exact in 128 bits);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds(Z) on the three to their fixpoint (a linear
//!   equality's), then, with `x` or `y` fixed and both other domains
//!   listable, the value-by-value channel between them, which is domain
//!   consistency (`tests/strength.rs` checks both against brute force).

use super::affine::{fixed, keep_mapped};
use super::bounds::{range, restrict};
use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;

/// `scope[2] = scope[0] - scope[1] + c`.
pub(crate) struct Difference {
    pub c: i64,
}

impl ConstraintKind for Difference {
    fn name(&self) -> &'static str {
        "difference"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        matches!(*vals, [x, y, z] if x as i128 - y as i128 + self.c as i128 == z as i128)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Channel { con, c: self.c })
    }
}

struct Channel<'m> {
    con: &'m Constraint,
    c: i64,
}

impl Propagator for Channel<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// Each inference rests on the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let [x, y, z] = &self.con.scope[..] else {
            return Ok(());
        };
        let c = self.c as i128;
        loop {
            ctx.count_check();
            let ((xl, xh), (yl, yh)) = (range(ctx, x)?, range(ctx, y)?);
            let mut changed = restrict(ctx, z, xl - yh + c, xh - yl + c)?;
            let (zl, zh) = range(ctx, z)?;
            changed |= restrict(ctx, x, zl + yl - c, zh + yh - c)?;
            let (xl, xh) = range(ctx, x)?;
            changed |= restrict(ctx, y, xl - zh + c, xh - zl + c)?;
            if !changed {
                break;
            }
        }
        let listable = |ctx: &Ctx<'_>, v: &crate::View| ctx.store.listable(v.var.index);
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        let (xv, yv) = (fixed(ctx, x), fixed(ctx, y));
        let result = match (xv, yv) {
            // y = x - z + c and z = x - y + c: a bijection between y and z.
            (Some(u), None) if listable(ctx, y) && listable(ctx, z) => {
                let k = u + c;
                keep_mapped(ctx, y, z, |w| Some(k - w), &mut vals)
                    .and_then(|()| keep_mapped(ctx, z, y, |w| Some(k - w), &mut vals))
            }
            // x = z + y - c: a bijection between x and z.
            (None, Some(u)) if listable(ctx, x) && listable(ctx, z) => {
                let k = u - c;
                keep_mapped(ctx, x, z, |w| Some(w - k), &mut vals)
                    .and_then(|()| keep_mapped(ctx, z, x, |w| Some(w + k), &mut vals))
            }
            _ => Ok(()),
        };
        ctx.scratch.vals = vals;
        result
    }
}
