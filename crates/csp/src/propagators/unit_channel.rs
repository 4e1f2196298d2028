//! The channel of a slope-one map between two views, `z = sign * a + k`
//! (`sign` 1 or -1): what the affine channel does for `a = -1`, the
//! difference channel once one side is fixed, and a two-variable linear
//! equality with unit coefficients (`linear/pair.rs`), each side keeping
//! the values whose image the other has, 64 at a time.

use super::bounds::{range, tighten};
use super::{Ctx, Prop};
use crate::store::Wipeout;
use crate::var::View;

/// `z = sign * a + k` (`sign` 1 or -1) as the bijection it is: each side
/// keeps the values whose image (preimage) the other has; one pass each
/// way is the fixpoint.
pub(super) fn unit_channel(ctx: &mut Ctx<'_>, a: &View, z: &View, sign: i128, k: i128) -> Prop {
    // The ends first, one bound move each where the values would go one
    // by one (each a removal record, each waking the watchers).
    let image = |(lo, hi): (i128, i128), k: i128| match sign > 0 {
        true => (lo + k, hi + k),
        false => (k - hi, k - lo),
    };
    let (mut ar, mut zr) = (range(ctx, a)?, range(ctx, z)?);
    let (lo, hi) = image(ar, k);
    tighten(ctx, z, &mut zr, lo, hi)?;
    let (lo, hi) = image(zr, -sign * k);
    tighten(ctx, a, &mut ar, lo, hi)?;
    keep_unit_mapped(ctx, a, z, sign, k)?;
    keep_unit_mapped(ctx, z, a, sign, -sign * k)
}

/// `affine.rs`'s `keep_mapped` for a map of slope one, `w = sign * u + k` (view values,
/// `sign` 1 or -1): 64 values of `from` against their 64 images in `to`
/// at a time (a shift, or a reflection read bit-reversed), so that only a
/// removed value costs on its own.
fn keep_unit_mapped(ctx: &mut Ctx<'_>, from: &View, to: &View, sign: i128, k: i128) -> Prop {
    let (x, y) = (from.var.index, to.var.index);
    // In variable values: u -> sign * u + shift. No 32-bit value has an
    // image beyond 64 bits in a domain.
    let shift =
        i64::try_from(sign * from.offset as i128 + k - to.offset as i128).map_err(|_| Wipeout)?;
    let mut next = ctx.store.min(x);
    while let Some(v) = next {
        ctx.count_check();
        let images = if sign > 0 {
            v.checked_add(shift)
                .map_or(0, |t| ctx.store.bits_from(y, t))
        } else {
            // Bit i (value v + i) maps to shift - v - i: bit 63 - i from t.
            let t = shift.checked_sub(v).and_then(|t| t.checked_sub(63));
            t.map_or(0, |t| ctx.store.bits_from(y, t).reverse_bits())
        };
        let mut gone = ctx.store.bits_from(x, v) & !images;
        while gone != 0 {
            ctx.remove(x, v + i64::from(gone.trailing_zeros()))?;
            gone &= gone - 1;
        }
        next = v.checked_add(64).and_then(|u| ctx.store.next_member(x, u));
    }
    Ok(())
}
