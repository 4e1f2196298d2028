//! The affine channel `z = a * x + c` (`a` neither 0 nor 1): what an
//! expression over one variable (`5 - x`, `2 * x + 3`) becomes where a
//! constraint wants a view. The map is a bijection of values, so the
//! channel can prune value by value both ways and a domain-consistent
//! constraint on `z` stays domain consistent on `x`.
//!
//! * check: the equation on the view values (exact in 128 bits);
//! * backtracking and forward checking: the shared defaults (with `x`
//!   fixed, `z` keeps exactly its image);
//! * arc consistency: bounds both ways to their fixpoint (each bound
//!   then the image of the other side's, bounds(D) consistency), then,
//!   while both domains can be listed, each value of `x` without its image
//!   in `z` and each value of `z` without a preimage in `x` removed: domain
//!   consistency (`tests/strength.rs` checks both against brute force);
//!   for `a = -1` 64 values at a time (`unit_channel.rs`, which the
//!   difference channel and two-variable linear equalities share).

use super::bounds::{range, restrict};
use super::explain::{domains_of, Read};
use super::linear::{div_ceil, div_floor};
use super::relaxation::Relaxed;
use super::unit_channel::unit_channel;
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `scope[1] = a * scope[0] + c`.
pub(crate) struct Affine {
    pub a: i64,
    pub c: i64,
}

impl Affine {
    /// The image of `x`'s view value.
    fn image(&self, x: i128) -> i128 {
        self.a as i128 * x + self.c as i128
    }

    /// The preimage of `z`'s view value, if it has one.
    fn preimage(&self, z: i128) -> Option<i128> {
        let (d, a) = (z - self.c as i128, self.a as i128);
        (d % a == 0).then(|| d / a)
    }

    /// The values of `x` whose image lies within `lo..=hi` (an interval of
    /// `z`), rounded inwards.
    fn preimage_range(&self, lo: i128, hi: i128) -> (i128, i128) {
        let (a, c) = (self.a as i128, self.c as i128);
        let (lo, hi) = if a > 0 { (lo, hi) } else { (hi, lo) };
        (div_ceil(lo - c, a), div_floor(hi - c, a))
    }
}

impl ConstraintKind for Affine {
    fn name(&self) -> &'static str {
        "affine"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        matches!(*vals, [x, z] if self.image(x as i128) == z as i128)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Channel { con, kind: self })
    }

    /// `z - a * x = c`.
    fn relaxed(&self, con: &Constraint) -> Option<Relaxed> {
        let c = Some(self.c as i128);
        Some(Relaxed::Linear {
            terms: vec![(-self.a, con.scope[0]), (1, con.scope[1])],
            lower: c,
            upper: c,
        })
    }
}

struct Channel<'m> {
    con: &'m Constraint,
    kind: &'m Affine,
}

impl Propagator for Channel<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// Each side's values rest on the other's domain.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    /// With one side fixed, the other keeps its image (or preimage): no
    /// walk over its values.
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        (open <= 1).then(|| {
            let (x, z) = (&self.con.scope[0], &self.con.scope[1]);
            let k = self.kind;
            ctx.count_check();
            match (fixed(ctx, x), fixed(ctx, z)) {
                (Some(u), Some(w)) if k.image(u) == w => Ok(()),
                (Some(u), None) => restrict(ctx, z, k.image(u), k.image(u)).map(drop),
                (None, Some(w)) => match k.preimage(w) {
                    Some(u) => restrict(ctx, x, u, u).map(drop),
                    None => Err(Wipeout),
                },
                (None, None) => Ok(()),
                (Some(_), Some(_)) => Err(Wipeout),
            }
        })
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let (x, z) = (&self.con.scope[0], &self.con.scope[1]);
        let k = self.kind;
        // Bounds first: the only pruning a domain too wide to list gets.
        loop {
            ctx.count_check();
            let (xlo, xhi) = range(ctx, x)?;
            let (p, q) = (k.image(xlo), k.image(xhi));
            let mut changed = restrict(ctx, z, p.min(q), p.max(q))?;
            let (zlo, zhi) = range(ctx, z)?;
            let (lo, hi) = k.preimage_range(zlo, zhi);
            changed |= restrict(ctx, x, lo, hi)?;
            if !changed {
                break;
            }
        }
        let (xv, zv) = (x.var.index, z.var.index);
        if !(ctx.store.listable(xv) && ctx.store.listable(zv)) {
            return Ok(());
        }
        if k.a == -1 {
            return unit_channel(ctx, x, z, -1, k.c as i128);
        }
        // One pass each way is the fixpoint: `z` loses only values that
        // are no remaining value's image.
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        let result = keep_mapped(ctx, x, z, |u| Some(k.image(u)), &mut vals)
            .and_then(|()| keep_mapped(ctx, z, x, |w| k.preimage(w), &mut vals));
        ctx.scratch.vals = vals;
        result
    }
}

/// The view value of `view` if its variable is assigned or down to one value.
pub(super) fn fixed(ctx: &Ctx<'_>, view: &View) -> Option<i128> {
    ctx.fixed_value(view.var.index)
        .map(|u| u as i128 + view.offset as i128)
}

/// Removes each value of `from` that `map` sends to no value of `to`.
pub(super) fn keep_mapped(
    ctx: &mut Ctx<'_>,
    from: &View,
    to: &View,
    map: impl Fn(i128) -> Option<i128>,
    vals: &mut Vec<i32>,
) -> Prop {
    vals.clear();
    ctx.store.values_into(from.var.index, vals);
    for &u in vals.iter() {
        ctx.count_check();
        let kept = map(u as i128 + from.offset as i128)
            .and_then(|w| i64::try_from(w - to.offset as i128).ok())
            .is_some_and(|w| ctx.store.contains(to.var.index, w));
        if !kept {
            ctx.remove(from.var.index, u as i64)?;
        }
    }
    Ok(())
}
