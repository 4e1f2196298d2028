//! Membership in an array of variables: the last view of the scope equals
//! one of the others (the entries).
//!
//! * check: some entry's value is the last view's;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the last view keeps the values some entry can take;
//!   an entry that can no longer equal it is no candidate, none fails, and
//!   the one candidate left must equal it (keeps only its values). Over
//!   distinct variables that is domain consistency (`tests/globals.rs`
//!   checks it against brute force). A domain too wide to list (over
//!   `store::MAX_LISTED` values) is filtered by bounds instead. Then the
//!   exact last-variable filter (for repeated variables).

use super::bounds::{restrict_view as restrict, view_bounds as bounds};
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// The scope's last view equals one of the others.
pub(crate) struct Member;

impl ConstraintKind for Member {
    fn name(&self) -> &'static str {
        "member"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        match vals.split_last() {
            Some((x, entries)) => entries.contains(x),
            None => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(MemberPropagator { con })
    }
}

struct MemberPropagator<'m> {
    con: &'m Constraint,
}

/// Does `view` hold the view value `value`?
fn holds_value(ctx: &Ctx<'_>, view: View, value: i64) -> bool {
    ctx.store.contains(view.var.index, value - view.offset)
}

/// Can `a` and `b` take a common value (by bounds when either is too wide
/// to list)?
fn meet(ctx: &Ctx<'_>, a: View, b: View) -> Result<bool, Wipeout> {
    let ((alo, ahi), (blo, bhi)) = (bounds(ctx, a)?, bounds(ctx, b)?);
    let (lo, hi) = (alo.max(blo), ahi.min(bhi));
    if lo > hi {
        return Ok(false);
    }
    // Walk the smaller of the two when listable.
    let (walk, other) = if ctx.store.size(a.var.index) <= ctx.store.size(b.var.index) {
        (a, b)
    } else {
        (b, a)
    };
    if !ctx.store.listable(walk.var.index) || !ctx.store.listable(other.var.index) {
        return Ok(true);
    }
    let var = walk.var.index;
    let mut at = ctx.store.next_member(var, lo - walk.offset);
    while let Some(u) = at {
        if u + walk.offset > hi {
            break;
        }
        if holds_value(ctx, other, u + walk.offset) {
            return Ok(true);
        }
        at = ctx.store.next_member(var, u + 1);
    }
    Ok(false)
}

/// Removes from `target` every value `keep` rejects (bounds only when it
/// is too wide to list); true if any went.
fn filter(
    ctx: &mut Ctx<'_>,
    target: View,
    keep: impl Fn(&Ctx<'_>, i64) -> bool,
) -> Result<bool, Wipeout> {
    let var = target.var.index;
    if !ctx.store.listable(var) {
        return Ok(false);
    }
    let mut changed = false;
    let mut at = ctx.store.min(var);
    while let Some(u) = at {
        at = ctx.store.next_member(var, u + 1);
        if !keep(ctx, u + target.offset) {
            ctx.remove(var, u)?;
            changed = true;
        }
    }
    Ok(changed)
}

impl MemberPropagator<'_> {
    /// One round; true if a domain changed.
    fn round(&self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let Some((&x, entries)) = self.con.scope.split_last() else {
            return Err(Wipeout);
        };
        // The candidates: how many, the last one, and their bounds' hull.
        let (mut count, mut last) = (0usize, x);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for &e in entries {
            ctx.count_check();
            if meet(ctx, x, e)? {
                count += 1;
                last = e;
                let (a, b) = bounds(ctx, e)?;
                lo = lo.min(a);
                hi = hi.max(b);
            }
        }
        if count == 0 {
            return Err(Wipeout);
        }
        let mut changed = restrict(ctx, x, lo, hi)?;
        if count == 1 {
            // The one candidate equals x.
            let (a, b) = bounds(ctx, x)?;
            changed |= restrict(ctx, last, a, b)?;
            changed |= filter(ctx, last, |ctx, v| holds_value(ctx, x, v))?;
            let (a, b) = bounds(ctx, last)?;
            changed |= restrict(ctx, x, a, b)?;
        }
        changed |= filter(ctx, x, |ctx, v| {
            entries.iter().any(|&e| holds_value(ctx, e, v))
        })?;
        Ok(changed)
    }
}

impl Propagator for MemberPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }
}
