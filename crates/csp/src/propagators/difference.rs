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
//! * arc consistency: with `x` or `y` fixed and both other domains
//!   listable, the channel between them (`unit_channel.rs`: the ends
//!   as bound moves, then 64 values at a time, shifted or reflected),
//!   which is domain consistency and implies the bounds; otherwise
//!   bounds(Z) on the three to their fixpoint (a linear equality's), no
//!   store access for a bound that already holds (`tests/strength.rs`
//!   checks both against brute force).

use super::affine::fixed;
use super::bounds::{range, tighten};
use super::explain::{domains_of, Read};
use super::relaxation::Relaxed;
use super::unit_channel::unit_channel;
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

    /// `x - y - z = -c`.
    fn relaxed(&self, con: &Constraint) -> Option<Relaxed> {
        let s = &con.scope;
        let c = Some(-(self.c as i128));
        Some(Relaxed::Linear {
            terms: vec![(1, s[0]), (-1, s[1]), (-1, s[2])],
            lower: c,
            upper: c,
        })
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
        let listable = |ctx: &Ctx<'_>, v: &crate::View| ctx.store.listable(v.var.index);
        // With `x` or `y` fixed, the other and `z` are tied value by value,
        // which implies every bound the rounds below would give.
        match (fixed(ctx, x), fixed(ctx, y)) {
            // z = (u + c) - y: a reflection between y and z.
            (Some(u), None) if listable(ctx, y) && listable(ctx, z) => {
                return unit_channel(ctx, y, z, -1, u + c)
            }
            // z = x + (c - u): a shift between x and z.
            (None, Some(u)) if listable(ctx, x) && listable(ctx, z) => {
                return unit_channel(ctx, x, z, 1, c - u)
            }
            _ => {}
        }
        let (mut xr, mut yr, mut zr) = (range(ctx, x)?, range(ctx, y)?, range(ctx, z)?);
        loop {
            ctx.count_check();
            let mut changed = tighten(ctx, z, &mut zr, xr.0 - yr.1 + c, xr.1 - yr.0 + c)?;
            changed |= tighten(ctx, x, &mut xr, zr.0 + yr.0 - c, zr.1 + yr.1 - c)?;
            changed |= tighten(ctx, y, &mut yr, xr.0 - zr.1 + c, xr.1 - zr.0 + c)?;
            if !changed {
                return Ok(());
            }
        }
    }
}
