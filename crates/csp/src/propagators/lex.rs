//! Lexicographic order: `x <=lex y` (or `x <lex y`), the scope being `x`
//! followed by `y`, of equal lengths.
//!
//! * check: the first position where the two differ decides;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking: the filter below after each assignment in the
//!   scope, plus the exact last-variable filter;
//! * arc consistency: the filter below to its own fixpoint, then the exact
//!   last-variable filter.
//!
//! The filter finds `alpha`, the first position whose pair is not fixed
//! to one equal value (past it, the order is decided), enforces
//! `x[alpha] <= y[alpha]`, and `x[alpha] < y[alpha]` when the positions
//! after `alpha` cannot satisfy the order with equality at `alpha` (their
//! best case, `x` at its least and `y` at its largest, already fails:
//! Frisch et al.'s second pointer `beta` is `alpha + 1`). Pruning at
//! `alpha` is all that generalised arc consistency needs: once `x[alpha]
//! < y[alpha]` is possible, it supports every value after `alpha`, and the
//! values at `alpha` depend only on the other side's bound and on the
//! suffix's best case. So over distinct variables this is generalised arc
//! consistency (`tests/strength.rs` compares the root propagation with
//! brute force). Its judgement of the suffix treats positions
//! independently, so it stays sound, though weaker, when `x` and `y`
//! share variables.

use super::explain::{conjunction, others_fixed};
use super::{ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use std::cmp::Ordering;

mod explain;

/// The scope's first half is lexicographically at most (`strict`: less
/// than) its second half.
pub(crate) struct Lex {
    pub strict: bool,
}

impl ConstraintKind for Lex {
    fn name(&self) -> &'static str {
        if self.strict {
            "lex-less"
        } else {
            "lex-less-equal"
        }
    }

    /// Is `vals[..n] <=lex vals[n..]` (strictly, if `strict`)?
    fn holds(&self, vals: &mut [i64]) -> bool {
        let (x, y) = vals.split_at(vals.len() / 2);
        match x.cmp(y) {
            Ordering::Less => true,
            Ordering::Equal => !self.strict,
            Ordering::Greater => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(LexPropagator {
            con,
            strict: self.strict,
        })
    }
}

struct LexPropagator<'m> {
    con: &'m Constraint,
    strict: bool,
}

impl Propagator for LexPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        Some(filter(ctx, self.con, self.strict).and_then(|()| {
            if open <= 1 {
                ctx.filter_last(self.con)
            } else {
                Ok(())
            }
        }))
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        filter(ctx, self.con, self.strict)?;
        ctx.filter_last(self.con)
    }

    /// By the filter's reasoning at `alpha` (`lex/explain.rs`), else the
    /// last-variable rule's values.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, self.strict, what, d)
            .or_else(|| others_fixed(&self.con.vars, what, d).map(conjunction))
    }
}

/// A view's bounds: (least, largest) value, an assigned variable at its
/// value (forward checking's slot backend does not narrow the store).
fn bounds(ctx: &Ctx<'_>, con: &Constraint, i: usize) -> (i64, i64) {
    let v = con.scope[i];
    let (lo, hi) = (
        Domains::min(ctx, v.var.index),
        Domains::max(ctx, v.var.index),
    );
    (lo.unwrap_or(0) + v.offset, hi.unwrap_or(0) + v.offset)
}

/// The filter at the first undecided position, to its own fixpoint.
fn filter(ctx: &mut Ctx<'_>, con: &Constraint, strict: bool) -> Prop {
    let n = con.scope.len() / 2;
    let mut alpha = 0;
    loop {
        // Past the pairs fixed to one equal value.
        while alpha < n {
            let (x, y) = (bounds(ctx, con, alpha), bounds(ctx, con, n + alpha));
            if !(x.0 == x.1 && y.0 == y.1 && x.0 == y.0) {
                break;
            }
            alpha += 1;
        }
        ctx.count_check();
        if alpha == n {
            return if strict { Err(Wipeout) } else { Ok(()) };
        }
        let equal_allowed = suffix_allows(ctx, con, alpha + 1, strict);
        let (xv, yv) = (con.scope[alpha], con.scope[n + alpha]);
        let (x_lo, _) = bounds(ctx, con, alpha);
        let (_, y_hi) = bounds(ctx, con, n + alpha);
        // x[alpha] <= y[alpha], strictly when equality there cannot work.
        let gap = if equal_allowed { 0 } else { 1 };
        let x_changed = narrow(
            ctx,
            xv.var.index,
            i128::MIN,
            (y_hi - gap - xv.offset) as i128,
        )?;
        let y_changed = narrow(
            ctx,
            yv.var.index,
            (x_lo + gap - yv.offset) as i128,
            i128::MAX,
        )?;
        if !x_changed && !y_changed {
            return Ok(());
        }
        // Narrowing may have fixed the pair (or, for a variable in both
        // halves, changed other positions): look again from the start.
        alpha = 0;
    }
}

/// Restricts variable `x` to `lo..=hi`; an assigned one (which the slot
/// backend leaves wide in the store) is only checked. True if it changed.
fn narrow(ctx: &mut Ctx<'_>, x: u32, lo: i128, hi: i128) -> Result<bool, Wipeout> {
    if ctx.assigned[x as usize] {
        let v = ctx.values[x as usize] as i128;
        return if (lo..=hi).contains(&v) {
            Ok(false)
        } else {
            Err(Wipeout)
        };
    }
    ctx.restrict_bounds(x, lo, hi)
}

/// Can positions `from..` satisfy the order, each at its best case?
fn suffix_allows(ctx: &Ctx<'_>, con: &Constraint, from: usize, strict: bool) -> bool {
    let n = con.scope.len() / 2;
    for j in from..n {
        let (x_lo, _) = bounds(ctx, con, j);
        let (_, y_hi) = bounds(ctx, con, n + j);
        match x_lo.cmp(&y_hi) {
            Ordering::Less => return true,
            Ordering::Greater => return false,
            Ordering::Equal => {}
        }
    }
    !strict
}
