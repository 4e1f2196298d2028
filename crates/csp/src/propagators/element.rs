//! Element: an array indexed by a variable (0-based), `array[i] = z`,
//! the array of constants or of views.
//!
//! * check: the index in range and the indexed entry equal to the result;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, constants: domain consistency directly (an index
//!   stays while the result can take its entry; a result value stays while
//!   some index gives it); views: the index keeps the positions whose
//!   entry's bounds meet the result's, the result stays within the hull of
//!   those entries, and a fixed index makes its entry and the result share
//!   bounds; then enumerated supports while small, then the exact
//!   last-variable filter.

use super::{bounds, Ctx, Posted, Prop, Propagator};
use crate::constraint::{Constraint, Kind};
use crate::store::Wipeout;

/// `array[vals[0]] = vals[1]`.
pub(crate) fn holds_const(array: &[i64], vals: &[i64]) -> bool {
    usize::try_from(vals[0])
        .ok()
        .and_then(|i| array.get(i))
        .is_some_and(|&a| a == vals[1])
}

/// `vals[2 + vals[0]] = vals[1]`.
pub(crate) fn holds_var(vals: &[i64]) -> bool {
    usize::try_from(vals[0])
        .ok()
        .and_then(|i| vals[2..].get(i))
        .is_some_and(|&a| a == vals[1])
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    Box::new(Element { con })
}

struct Element<'m> {
    con: &'m Constraint,
}

impl Propagator for Element<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        match &con.kind {
            Kind::Element { array } => {
                constants(ctx, con, array)?;
                ctx.filter_last(con)
            }
            _ => bounds::fixpoint(ctx, con, |ctx| views(ctx, con)),
        }
    }
}

/// The index's view values, in `ctx.scratch.vals` order (reused buffer).
fn index_values(ctx: &mut Ctx<'_>, con: &Constraint) -> Vec<i64> {
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    ctx.store.values_into(con.scope[0].var.index, &mut vals);
    let off = con.scope[0].offset;
    let out = vals.iter().map(|&v| v as i64 + off).collect();
    ctx.scratch.vals = vals;
    out
}

fn constants(ctx: &mut Ctx<'_>, con: &Constraint, array: &[i64]) -> Prop {
    let (index, result) = (&con.scope[0], &con.scope[1]);
    let contains = |ctx: &Ctx<'_>, v: &crate::var::View, value: i64| {
        value
            .checked_sub(v.offset)
            .is_some_and(|x| ctx.store.contains(v.var.index, x))
    };
    for i in index_values(ctx, con) {
        ctx.count_check();
        let keep = usize::try_from(i)
            .ok()
            .and_then(|i| array.get(i))
            .is_some_and(|&a| contains(ctx, result, a));
        if !keep {
            bounds::remove_value(ctx, index, i as i128)?;
        }
    }
    // Result values some remaining index gives.
    let mut given: Vec<i64> = index_values(ctx, con)
        .into_iter()
        .filter_map(|i| usize::try_from(i).ok().and_then(|i| array.get(i)).copied())
        .collect();
    given.sort_unstable();
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    ctx.store.values_into(result.var.index, &mut vals);
    let mut out = Ok(());
    for &x in &vals {
        let value = x as i64 + result.offset;
        if given.binary_search(&value).is_err() {
            if let Err(e) = ctx.remove(result.var.index, x as i64) {
                out = Err(e);
                break;
            }
        }
    }
    ctx.scratch.vals = vals;
    out
}

fn views(ctx: &mut Ctx<'_>, con: &Constraint) -> Result<bool, Wipeout> {
    let (index, result, array) = (&con.scope[0], &con.scope[1], &con.scope[2..]);
    let mut changed = bounds::restrict(ctx, index, 0, array.len() as i128 - 1)?;
    let r = bounds::range(ctx, result)?;
    let (mut lo, mut hi) = (i128::MAX, i128::MIN);
    for i in index_values(ctx, con) {
        ctx.count_check();
        let entry = bounds::range(ctx, &array[i as usize])?;
        if entry.1 < r.0 || entry.0 > r.1 {
            bounds::remove_value(ctx, index, i as i128)?;
            changed = true;
        } else {
            lo = lo.min(entry.0);
            hi = hi.max(entry.1);
        }
    }
    changed |= bounds::restrict(ctx, result, lo, hi)?;
    if let Some(i) = ctx.store.single(index.var.index) {
        let entry = &array[(i + index.offset) as usize];
        let r = bounds::range(ctx, result)?;
        changed |= bounds::restrict(ctx, entry, r.0, r.1)?;
        let e = bounds::range(ctx, entry)?;
        changed |= bounds::restrict(ctx, result, e.0, e.1)?;
    }
    Ok(changed)
}
