//! Minimum and maximum of an array: the last view is the smallest (or
//! largest) of the others.
//!
//! * check: the minimum or maximum of the values;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: bounds (for the minimum: the result between the
//!   smallest lower and the smallest upper bound, every operand at least
//!   the result's lower bound, and at most its upper bound when it is the
//!   only operand that can be that small; mirrored for the maximum) to their
//!   fixpoint, which is bounds(Z) consistency; then domain consistency:
//!   over distinct variables by the values themselves (`values`, below),
//!   otherwise by enumerated supports while small; then the exact
//!   last-variable filter. `tests/strength.rs` checks both levels against
//!   brute force.

use super::{bounds, ConstraintKind, Ctx, Posted, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// The last view is the minimum (`max`: maximum) of the others.
pub(crate) struct Extremum {
    pub max: bool,
}

impl ConstraintKind for Extremum {
    fn name(&self) -> &'static str {
        if self.max {
            "maximum"
        } else {
            "minimum"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (result, operands) = vals.split_last().expect("a scope of two or more");
        let best = if self.max {
            operands.iter().max()
        } else {
            operands.iter().min()
        };
        best == Some(result)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        bounds::post(self, con)
    }
}

impl bounds::Narrow for Extremum {
    /// One round for the minimum; the maximum is the minimum of the
    /// negated values, so it mirrors every bound.
    fn narrow(&self, ctx: &mut Ctx<'_>, scope: &[View]) -> Result<bool, Wipeout> {
        let max = self.max;
        // Bounds of the (possibly negated) views.
        let range = |ctx: &Ctx<'_>, v| -> Result<(i128, i128), Wipeout> {
            let (lo, hi) = bounds::range(ctx, v)?;
            Ok(if max { (-hi, -lo) } else { (lo, hi) })
        };
        let restrict = |ctx: &mut Ctx<'_>, v, lo: i128, hi: i128| {
            if max {
                bounds::restrict(ctx, v, -hi, -lo)
            } else {
                bounds::restrict(ctx, v, lo, hi)
            }
        };
        let (result, operands) = scope.split_last().expect("a scope of two or more");
        let (mut lo, mut hi) = (i128::MAX, i128::MAX);
        for v in operands {
            let (a, b) = range(ctx, v)?;
            lo = lo.min(a);
            hi = hi.min(b);
        }
        let mut changed = restrict(ctx, result, lo, hi)?;
        let (r_lo, r_hi) = range(ctx, result)?;
        let mut reaching = None;
        let mut several = false;
        for v in operands {
            changed |= restrict(ctx, v, r_lo, i128::MAX / 2)?;
            if range(ctx, v)?.0 <= r_hi {
                several |= reaching.is_some();
                reaching = Some(v);
            }
        }
        // One operand alone can reach the result's range: it is the result.
        if let (Some(v), false) = (reaching, several) {
            changed |= restrict(ctx, v, i128::MIN / 2, r_hi)?;
        }
        Ok(changed)
    }

    /// The result's range from the operands' (the least of their lower
    /// bounds to the least of their upper ones, for the minimum); an
    /// operand's lower bound from the result's, and its upper one too when
    /// every other operand lies above the result's range (mirrored for
    /// the maximum).
    fn hull(&self, r: &[(i128, i128)], target: usize) -> Option<(i128, i128)> {
        let flip = |(lo, hi): (i128, i128)| if self.max { (-hi, -lo) } else { (lo, hi) };
        let last = r.len() - 1;
        let (r_lo, r_hi) = flip(r[last]);
        let hull = if target == last {
            let operands = r[..last].iter().map(|&v| flip(v));
            operands.fold((i128::MAX, i128::MAX), |(lo, hi), (a, b)| {
                (lo.min(a), hi.min(b))
            })
        } else {
            let others = (0..last).filter(|&i| i != target);
            let alone = others.clone().all(|i| flip(r[i]).0 > r_hi);
            (r_lo, if alone { r_hi } else { i128::MAX / 2 })
        };
        Some(flip(hull))
    }

    /// Domain consistency over distinct listed variables: the passes of
    /// `values_pass` until one changes nothing.
    fn values(&self, ctx: &mut Ctx<'_>, con: &Constraint) -> Option<Prop> {
        if con.has_repeated_vars() || con.vars.iter().any(|&x| !ctx.store.listable(x)) {
            return None;
        }
        let mut ys = std::mem::take(&mut ctx.scratch.views);
        let result = loop {
            ctx.count_check();
            match self.values_pass(ctx, &con.scope, &mut ys) {
                Ok(true) => continue,
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        ctx.scratch.views = ys;
        Some(result)
    }
}

impl Extremum {
    /// The view's value `w` as seen from the maximum's side (the minimum is
    /// the maximum of the negated values), and back: its own inverse.
    fn oriented(&self, w: i64) -> i64 {
        if self.max {
            w
        } else {
            -w
        }
    }

    /// The least oriented value of a view.
    fn least(&self, ctx: &Ctx<'_>, v: &View) -> Option<i64> {
        let x = v.var.index;
        Some(if self.max {
            ctx.store.min(x)? + v.offset
        } else {
            -(ctx.store.max(x)? + v.offset)
        })
    }

    fn has(&self, ctx: &Ctx<'_>, v: &View, w: i64) -> bool {
        ctx.store.contains(v.var.index, self.oriented(w) - v.offset)
    }

    fn remove(&self, ctx: &mut Ctx<'_>, v: &View, w: i64) -> Prop {
        ctx.remove(v.var.index, self.oriented(w) - v.offset)
    }

    /// One pass of domain consistency for `y = max(x)` over distinct
    /// listed variables (oriented values; `M` the largest least operand,
    /// `M_i` the largest but operand `i`'s): `y` keeps `w` when `w >= M`
    /// and some operand has `w`; operand `i` keeps `u` when `y` has `u`
    /// and `u >= M_i` (it is the maximum), or `u` is below the largest
    /// value `y` keeps that another operand has (that one is). True if a
    /// value went.
    fn values_pass(
        &self,
        ctx: &mut Ctx<'_>,
        scope: &[View],
        ys: &mut Vec<i64>,
    ) -> Result<bool, Wipeout> {
        let (y, xs) = scope.split_last().expect("a scope of two or more");
        // The largest least operand, which operand it is, and the runner-up.
        let (mut first, mut at, mut second) = (i64::MIN, usize::MAX, i64::MIN);
        for (i, v) in xs.iter().enumerate() {
            let lo = self.least(ctx, v).ok_or(Wipeout)?;
            if lo > first {
                (second, first, at) = (first, lo, i);
            } else {
                second = second.max(lo);
            }
        }
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        vals.clear();
        ctx.store.values_into(y.var.index, &mut vals);
        ys.clear();
        ys.extend(vals.iter().map(|&u| self.oriented(u as i64 + y.offset)));
        ctx.scratch.vals = vals;
        ys.sort_unstable_by(|a, b| b.cmp(a));
        let mut changed = false;
        // `y`'s values kept, descending; the largest another operand than
        // `only` has (`only`: the one operand that has the largest, if one).
        let mut kept = 0;
        let (mut top, mut only, mut next) = (None, None, None);
        for k in 0..ys.len() {
            let w = ys[k];
            let mut owners = xs.iter().enumerate().filter(|(_, v)| self.has(ctx, v, w));
            let owner = owners.next().map(|(i, _)| i);
            let single = owners.next().is_none();
            match owner {
                Some(i) if w >= first => {
                    ys[kept] = w;
                    kept += 1;
                    match top {
                        None => {
                            top = Some(w);
                            only = single.then_some(i);
                            if !single {
                                next = Some(w);
                            }
                        }
                        Some(_) if next.is_none() && (!single || Some(i) != only) => next = Some(w),
                        Some(_) => {}
                    }
                }
                _ => {
                    self.remove(ctx, y, w)?;
                    changed = true;
                }
            }
        }
        ys.truncate(kept);
        let Some(top) = top else {
            return Err(Wipeout);
        };
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        let mut result = Ok(changed);
        'operands: for (i, v) in xs.iter().enumerate() {
            let others = if i == at { second } else { first };
            // The largest value of `y` another operand has.
            let beyond = if only == Some(i) { next } else { Some(top) };
            vals.clear();
            ctx.store.values_into(v.var.index, &mut vals);
            for &u in &vals {
                let w = self.oriented(u as i64 + v.offset);
                let maximum = w >= others && ys.binary_search_by(|z| w.cmp(z)).is_ok();
                if !maximum && beyond.is_none_or(|b| w >= b) {
                    if let Err(e) = ctx.remove(v.var.index, u as i64) {
                        result = Err(e);
                        break 'operands;
                    }
                    result = Ok(true);
                }
            }
        }
        ctx.scratch.vals = vals;
        result
    }
}
