//! The arithmetic kinds' shared propagator and interval helpers. A kind
//! gives only its arithmetic: one round of interval reasoning
//! ([`Narrow`]); [`post`] wraps it in the propagator they all use (the
//! rounds to their fixpoint, then domain consistency by enumerating
//! supports while the domains' product is small, then the exact
//! last-variable filter). The helpers read a view's bounds in 128 bits (no
//! product or quotient of two 32-bit values plus an offset can overflow
//! them) and narrow a view to an interval.

use super::explain::{conjunction, domains_of, Read};
use super::{Ctx, Posted, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::literal::Relation;
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// One round of a kind's interval reasoning over its scope: narrow each
/// view to what the others' bounds allow; true if another round could
/// narrow more (a change the round's later steps already read need not
/// count).
pub(super) trait Narrow {
    fn narrow(&self, ctx: &mut Ctx<'_>, scope: &[View]) -> Result<bool, Wipeout>;

    /// The kind's own domain-consistent filter, run (after the rounds) in
    /// place of enumerating supports; `None` where it has none for `con`.
    fn values(&self, _ctx: &mut Ctx<'_>, _con: &Constraint) -> Option<Prop> {
        None
    }

    /// Does the constraint hold whatever the scope's open domains become,
    /// read after the rounds (`x * y = z` with `x` and `z` fixed at 0)?
    /// Then the propagator does nothing more until the search backtracks
    /// past this point: no enumeration, no last-variable filter over the
    /// open domain. By default never before every view is fixed.
    fn entailed(&self, _ctx: &Ctx<'_>, _scope: &[View]) -> bool {
        false
    }

    /// The interval one round allows view `target` of the scope from the
    /// other views' ranges alone (`ranges[target]` is not read); `None`
    /// where the rounds do not bound it so. It lets an inference of the
    /// rounds be explained by bounds, however wide the domains.
    fn hull(&self, _ranges: &[(i128, i128)], _target: usize) -> Option<(i128, i128)> {
        None
    }
}

/// The propagator of an arithmetic kind `K` over `con`.
pub(super) fn post<'m, K: Narrow + Sync>(kind: &'m K, con: &'m Constraint) -> Posted<'m> {
    Box::new(Bounds { con, kind })
}

struct Bounds<'m, K> {
    con: &'m Constraint,
    kind: &'m K,
}

impl<K: Narrow> Propagator for Bounds<'_, K> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// What one round infers from the other views' bounds alone
    /// ([`Narrow::hull`]) is explained by those bounds; the rest (the
    /// supports, chains of rounds) rests on the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        by_bounds(self.kind, self.con, what, d)
            .or_else(|| domains_of(&self.con.vars, what, Read::Values, d))
    }

    /// The kind's rounds until one changes nothing, then (unless that
    /// entailed the constraint) domain consistency by enumerating supports
    /// (while the domains' product is small), then the exact last-variable
    /// filter.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        if ctx.store.is_entailed(ctx.by) {
            return Ok(());
        }
        while self.kind.narrow(ctx, &con.scope)? {}
        if self.kind.entailed(ctx, &con.scope) {
            ctx.store.entail(ctx.by);
            return Ok(());
        }
        match self.kind.values(ctx, con) {
            Some(done) => done?,
            None => super::predicate::enumerated_supports(ctx, con)?,
        }
        ctx.filter_last(con)
    }

    /// The last-variable filter; when a domain is too wide to list, the
    /// kind's rounds first (with the others fixed they narrow the last one
    /// to what the filter would keep, where it can only trim the ends).
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        let con = self.con;
        (open <= 1 && !ctx.store.is_entailed(ctx.by)).then(|| {
            if con.vars.iter().any(|&x| !ctx.store.listable(x)) {
                while self.kind.narrow(ctx, &con.scope)? {}
            }
            ctx.filter_last(con)
        })
    }

    fn entailed(&self, ctx: &mut Ctx<'_>) -> bool {
        ctx.store.is_entailed(ctx.by) || ctx.holds_fixed(self.con)
    }
}

/// The explanation of `what` by the views' bounds, over distinct
/// variables, when the kind's [`Narrow::hull`] of one view from the
/// others implies it (for a failure: misses that view's range); only the
/// bounds it needs: each is dropped if the implication holds with it
/// widened past any view's reach.
fn by_bounds<K: Narrow>(
    kind: &K,
    con: &Constraint,
    what: Inferred,
    d: &dyn Domains,
) -> Option<Vec<Lit>> {
    if con.vars.len() != con.scope.len() {
        return None;
    }
    let mut ranges = smallvec::SmallVec::<[(i128, i128); 4]>::new();
    for v in &con.scope {
        let (x, off) = (v.var.index, v.offset as i128);
        let (lo, hi) = d.bounds(x)?;
        ranges.push((lo as i128 + off, hi as i128 + off));
    }
    // Do `r` imply `what` through view `t`'s hull?
    let implies = |r: &[(i128, i128)], t: usize| {
        let Some((lo, hi)) = kind.hull(r, t) else {
            return false;
        };
        match what {
            Inferred::Lit(lit) => {
                let v = lit.value as i128 + con.scope[t].offset as i128;
                match lit.relation {
                    Relation::AtLeast => lo >= v,
                    Relation::AtMost => hi <= v,
                    Relation::NotEqual => v < lo || v > hi,
                    Relation::Equal => false,
                }
            }
            Inferred::Failure => hi < r[t].0 || lo > r[t].1,
        }
    };
    let t = match what {
        Inferred::Lit(lit) => con.scope.iter().position(|v| v.var.index == lit.var)?,
        Inferred::Failure => (0..ranges.len()).find(|&t| implies(&ranges, t))?,
    };
    if matches!(what, Inferred::Lit(_)) && !implies(&ranges, t) {
        return None;
    }
    // Views are within 2^62 of zero: a side at 2^63 bounds nothing, and
    // products of two such stay within 128 bits.
    const FAR: i128 = 1 << 63;
    let own = matches!(what, Inferred::Failure);
    let mut widened = ranges.clone();
    let mut kept = smallvec::SmallVec::<[(usize, bool); 8]>::new();
    for i in 0..con.scope.len() {
        if i == t && !own {
            continue;
        }
        let (lo, hi) = ranges[i];
        widened[i].0 = -FAR;
        if !implies(&widened, t) {
            widened[i].0 = lo;
            kept.push((i, true));
        }
        widened[i].1 = FAR;
        if !implies(&widened, t) {
            widened[i].1 = hi;
            kept.push((i, false));
        }
    }
    // Each bound kept is then relaxed as far as the implication allows
    // (in scope order, each relaxation narrowing what is left for the
    // next), so a learned nogood is as general as the rounds make it:
    // `[z >= 20] [y <= 4]` implies `[x >= 5]` from `x * y = z`, and so
    // does `[z >= 17]`.
    let mut why = Vec::with_capacity(kept.len());
    for (i, low) in kept {
        let (x, off) = (con.scope[i].var.index, con.scope[i].offset as i128);
        let mut with = |value: i128| {
            match low {
                true => widened[i].0 = value,
                false => widened[i].1 = value,
            }
            implies(&widened, t)
        };
        let now = if low { ranges[i].0 } else { ranges[i].1 };
        // A bound the declared domain keeps (one test) is true everywhere:
        // dropped; else relaxed short of it.
        let declared = d
            .declared(x)
            .map(|(lo, hi)| off + i128::from(if low { lo } else { hi }));
        let far = match declared {
            Some(b) if with(b) => continue,
            Some(b) => b,
            None if low => -FAR,
            None => FAR,
        };
        let relaxed = weakest(now, far, &mut with);
        // The side stays at the relaxed bound for the next one's test.
        with(relaxed);
        // Past every 32-bit value the bound holds of any domain: dropped.
        let value = relaxed - off;
        if (i32::MIN as i128..=i32::MAX as i128).contains(&value) {
            why.push(match low {
                true => Lit::at_least(x, value as i64),
                false => Lit::at_most(x, value as i64),
            });
        }
    }
    Some(conjunction(why))
}

/// The value farthest from `now` towards `far` (exclusive) for which
/// `holds` is true, given that it holds at `now` and, the further from
/// `now`, the less it holds (a hull of wider ranges is wider): steps
/// doubling away from `now`, then halving back.
fn weakest(now: i128, far: i128, mut holds: impl FnMut(i128) -> bool) -> i128 {
    let dir = if far < now { -1 } else { 1 };
    let (mut good, mut step) = (now, 1i128);
    // Galloping: `good` holds, `bad` (once found) does not.
    let mut bad = far;
    while (bad - good).abs() > 1 {
        let next = good + dir * step;
        if (far - next) * dir <= 0 {
            break;
        }
        if holds(next) {
            good = next;
            step *= 2;
        } else {
            bad = next;
            break;
        }
    }
    while (bad - good).abs() > 1 {
        let mid = good + (bad - good) / 2;
        if holds(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    good
}

/// The smallest and largest value of `view` (its domain is never empty
/// while a propagator runs; an empty one reads as a wipe-out).
pub(super) fn range(ctx: &Ctx<'_>, view: &View) -> Result<(i128, i128), Wipeout> {
    let x = view.var.index;
    match (ctx.store.min(x), ctx.store.max(x)) {
        (Some(lo), Some(hi)) => Ok((
            lo as i128 + view.offset as i128,
            hi as i128 + view.offset as i128,
        )),
        _ => Err(Wipeout),
    }
}

/// Keeps the values of `view` within `lo..=hi`; true if any went.
pub(super) fn restrict(
    ctx: &mut Ctx<'_>,
    view: &View,
    lo: i128,
    hi: i128,
) -> Result<bool, Wipeout> {
    if lo > hi {
        return Err(Wipeout);
    }
    let off = view.offset as i128;
    ctx.restrict_bounds(view.var.index, lo - off, hi - off)
}

/// [`restrict`] for a caller that keeps `view`'s range `now` (which it
/// brings up to date): no store access when `lo..=hi` already holds it.
pub(super) fn tighten(
    ctx: &mut Ctx<'_>,
    view: &View,
    now: &mut (i128, i128),
    lo: i128,
    hi: i128,
) -> Result<bool, Wipeout> {
    if lo <= now.0 && now.1 <= hi {
        return Ok(false);
    }
    restrict(ctx, view, lo, hi)?;
    *now = range(ctx, view)?;
    Ok(true)
}

/// `range` in `i64`, for kinds whose views' values fit there (a view's
/// bounds: its variable's, shifted).
pub(super) fn view_bounds(ctx: &Ctx<'_>, view: View) -> Result<(i64, i64), Wipeout> {
    let x = view.var.index;
    match (ctx.store.min(x), ctx.store.max(x)) {
        (Some(lo), Some(hi)) => Ok((lo + view.offset, hi + view.offset)),
        _ => Err(Wipeout),
    }
}

/// Restricts `view` to `lo..=hi` (view values, `i64`); true if it changed.
pub(super) fn restrict_view(
    ctx: &mut Ctx<'_>,
    view: View,
    lo: i64,
    hi: i64,
) -> Result<bool, Wipeout> {
    let off = view.offset as i128;
    ctx.restrict_bounds(view.var.index, lo as i128 - off, hi as i128 - off)
}

/// Removes the view value `value` from `view`'s variable.
pub(super) fn remove_value(ctx: &mut Ctx<'_>, view: &View, value: i128) -> Prop {
    let x = value - view.offset as i128;
    match i64::try_from(x) {
        Ok(x) if ctx.store.contains(view.var.index, x) => ctx.remove(view.var.index, x),
        _ => Ok(()),
    }
}

/// The smallest and largest of `values`.
pub(super) fn hull(values: impl IntoIterator<Item = i128>) -> (i128, i128) {
    values
        .into_iter()
        .fold((i128::MAX, i128::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}
