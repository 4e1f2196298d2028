//! Argument of the maximum (or minimum): the scope's last view is the
//! first position (0-based) among the others whose value is the greatest
//! (the least).
//!
//! * check: the position of the first extreme value;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, by bounds (in the maximum's terms; the minimum is the
//!   mirror image, the values negated): a position stays a candidate only
//!   if no earlier value is surely at least its greatest and no later one
//!   surely above it; every value is at most the candidates' greatest (an
//!   earlier one than every candidate strictly below it); a single
//!   candidate rises to every value's least (an earlier one's plus one).
//!   `tests/globals.rs` checks these rules on the root's bounds and the
//!   solutions against brute force. Then the exact last-variable filter.

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// The scope's last view is the first position of the others' maximum
/// (`max`) or minimum.
pub(crate) struct ArgExtreme {
    pub max: bool,
}

impl ConstraintKind for ArgExtreme {
    fn name(&self) -> &'static str {
        if self.max {
            "arg-max"
        } else {
            "arg-min"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let Some((&i, xs)) = vals.split_last() else {
            return false;
        };
        let key = |v: i64| if self.max { v } else { -v };
        let mut best = 0;
        for (k, &v) in xs.iter().enumerate() {
            if key(v) > key(xs[best]) {
                best = k;
            }
        }
        !xs.is_empty() && i == best as i64
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(ArgPropagator {
            con,
            max: self.max,
            lows: Vec::new(),
        })
    }
}

struct ArgPropagator<'m> {
    con: &'m Constraint,
    max: bool,
    /// Per position, the greatest least key of the later positions (a
    /// buffer reused at every wake-up).
    lows: Vec<i64>,
}

impl ArgPropagator<'_> {
    /// A position's bounds as keys (the values, negated for the minimum).
    fn keys(&self, ctx: &Ctx<'_>, view: View) -> Result<(i64, i64), Wipeout> {
        let x = view.var.index;
        let (Some(lo), Some(hi)) = (ctx.store.min(x), ctx.store.max(x)) else {
            return Err(Wipeout);
        };
        let (lo, hi) = (lo + view.offset, hi + view.offset);
        Ok(if self.max { (lo, hi) } else { (-hi, -lo) })
    }

    /// Restricts a position's keys to `lo..=hi`; true if it changed.
    fn restrict_keys(
        &self,
        ctx: &mut Ctx<'_>,
        view: View,
        lo: i64,
        hi: i64,
    ) -> Result<bool, Wipeout> {
        let (lo, hi) = if self.max { (lo, hi) } else { (-hi, -lo) };
        let off = view.offset as i128;
        ctx.restrict_bounds(view.var.index, lo as i128 - off, hi as i128 - off)
    }

    /// One round; true if a domain changed.
    fn round(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let Some((&index, xs)) = self.con.scope.split_last() else {
            return Err(Wipeout);
        };
        let n = xs.len() as i64;
        let iv = index.var.index;
        let off = index.offset;
        let mut changed = ctx.restrict_bounds(iv, -off as i128, (n - 1 - off) as i128)?;
        // The later positions' greatest least key, per position.
        self.lows.clear();
        self.lows.resize(xs.len(), i64::MIN);
        for k in (0..xs.len().saturating_sub(1)).rev() {
            self.lows[k] = self.lows[k + 1].max(self.keys(ctx, xs[k + 1])?.0);
        }
        // Candidates: no earlier position surely at least its greatest key,
        // no later one surely above it.
        let mut earlier = i64::MIN;
        for (k, &x) in xs.iter().enumerate() {
            ctx.count_check();
            let (lo, hi) = self.keys(ctx, x)?;
            let position = k as i64 - off;
            if (earlier >= hi || self.lows[k] > hi) && ctx.store.contains(iv, position) {
                ctx.remove(iv, position)?;
                changed = true;
            }
            earlier = earlier.max(lo);
        }
        // Every value at most the candidates' greatest.
        let (first, last) = match (ctx.store.min(iv), ctx.store.max(iv)) {
            (Some(a), Some(b)) => ((a + off) as usize, (b + off) as usize),
            _ => return Err(Wipeout),
        };
        let mut best = i64::MIN;
        for (k, &x) in xs.iter().enumerate().take(last + 1).skip(first) {
            if ctx.store.contains(iv, k as i64 - off) {
                best = best.max(self.keys(ctx, x)?.1);
            }
        }
        for (k, &x) in xs.iter().enumerate() {
            let bound = if k < first { best - 1 } else { best };
            let (lo, hi) = self.keys(ctx, x)?;
            if hi > bound {
                changed |= self.restrict_keys(ctx, x, lo, bound)?;
            }
        }
        // A single candidate rises to every value's least.
        if first == last {
            let mut least = i64::MIN;
            for (k, &x) in xs.iter().enumerate() {
                let lo = self.keys(ctx, x)?.0;
                if k < first {
                    least = least.max(lo + 1);
                } else if k > first {
                    least = least.max(lo);
                }
            }
            let (lo, hi) = self.keys(ctx, xs[first])?;
            if least > lo {
                changed |= self.restrict_keys(ctx, xs[first], least, hi)?;
            }
        }
        Ok(changed)
    }
}

impl Propagator for ArgPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }
}
