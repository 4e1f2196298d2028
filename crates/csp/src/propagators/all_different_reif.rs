//! `b <-> all_different(x)` (or `b -> all_different(x)`): an all-different
//! reified by a 0/1 view `b`, the scope's last view.
//!
//! * check: `b` is 0 or 1, and 1 exactly when (or, half-reified, only if)
//!   the values of `x` are pairwise distinct;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: two fixed views of equal value make `b` 0
//!   (disentailment), and (full reification only) views whose domains are
//!   pairwise disjoint make it 1 (entailment: by their bounds
//!   in `O(n log n)`, else by their values while they list at most
//!   [`ENTAILMENT_VALUES`] in all). `b` fixed to 1: value elimination, as
//!   the all-different's value level (a fixed view's value leaves the
//!   others), to its fixpoint. `b` fixed to 0: the exact last-variable
//!   filter (the last open view must repeat a value). Then the last-variable
//!   filter, so `b` is decided once the views are.

use super::bounds::{remove_value, restrict_view, view_bounds};
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::var::View;

/// The entailment test lists the views' values only while they hold at
/// most this many in all (past it, bounds only).
pub(crate) const ENTAILMENT_VALUES: u64 = 4096;

/// `b <-> all_different(x)`, or `b -> all_different(x)` when not `full`.
pub(crate) struct AllDifferentReif {
    /// `<->` (else `->`).
    pub full: bool,
}

/// Are the values pairwise distinct? (Sorts them.)
fn distinct(x: &mut [i64]) -> bool {
    x.sort_unstable();
    x.windows(2).all(|w| w[0] != w[1])
}

impl ConstraintKind for AllDifferentReif {
    fn name(&self) -> &'static str {
        if self.full {
            "all_different_reif"
        } else {
            "all_different_imp"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (x, b) = vals.split_at_mut(vals.len() - 1);
        match b[0] {
            1 => distinct(x),
            0 => !self.full || !distinct(x),
            _ => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(AllDifferentReifPropagator {
            con,
            kind: self,
            fixed: Vec::new(),
            hulls: Vec::new(),
            vals: Vec::new(),
            values: Vec::new(),
            done: Vec::new(),
        })
    }
}

struct AllDifferentReifPropagator<'m> {
    con: &'m Constraint,
    kind: &'m AllDifferentReif,
    /// Buffers: the fixed views' values, the views' bounds, one domain's
    /// values, every view's values.
    fixed: Vec<i64>,
    hulls: Vec<(i64, i64)>,
    vals: Vec<i32>,
    values: Vec<i64>,
    /// Per view: its value already eliminated this round.
    done: Vec<bool>,
}

impl<'m> AllDifferentReifPropagator<'m> {
    /// The views of `x`.
    fn x(&self) -> &'m [View] {
        let con: &'m Constraint = self.con;
        &con.scope[..con.scope.len() - 1]
    }

    /// Do two fixed views share a value?
    fn clash(&mut self, ctx: &Ctx<'_>) -> Result<bool, crate::store::Wipeout> {
        self.fixed.clear();
        for &view in self.x() {
            let (lo, hi) = view_bounds(ctx, view)?;
            if lo == hi {
                self.fixed.push(lo);
            }
        }
        Ok(!distinct(&mut self.fixed))
    }

    /// Are the views' domains pairwise disjoint (so any values are
    /// distinct)? By bounds first, then by values while few.
    fn disjoint(&mut self, ctx: &Ctx<'_>) -> Result<bool, crate::store::Wipeout> {
        self.hulls.clear();
        for &view in self.x() {
            self.hulls.push(view_bounds(ctx, view)?);
        }
        self.hulls.sort_unstable();
        if self.hulls.windows(2).all(|w| w[0].1 < w[1].0) {
            return Ok(true);
        }
        let mut total = 0u64;
        for view in self.x() {
            let x = view.var.index;
            if !ctx.store.listable(x) {
                return Ok(false);
            }
            total += ctx.store.size(x) as u64;
        }
        if total > ENTAILMENT_VALUES {
            return Ok(false);
        }
        self.values.clear();
        for &view in self.x() {
            self.vals.clear();
            ctx.store.values_into(view.var.index, &mut self.vals);
            self.values
                .extend(self.vals.iter().map(|&u| u as i64 + view.offset));
        }
        Ok(distinct(&mut self.values))
    }

    /// Value elimination to its fixpoint: each fixed view's value leaves
    /// the other views.
    fn eliminate(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let x = self.x();
        let done = &mut self.done;
        done.clear();
        done.resize(x.len(), false);
        loop {
            let mut changed = false;
            for i in 0..x.len() {
                if done[i] {
                    continue;
                }
                let (lo, hi) = view_bounds(ctx, x[i])?;
                if lo != hi {
                    continue;
                }
                done[i] = true;
                changed = true;
                for (j, view) in x.iter().enumerate() {
                    if j != i {
                        remove_value(ctx, view, lo as i128)?;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

impl Propagator for AllDifferentReifPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        let b = con.scope[con.scope.len() - 1];
        restrict_view(ctx, b, 0, 1)?;
        ctx.count_check();
        let (b_lo, b_hi) = view_bounds(ctx, b)?;
        if b_hi == 1 && self.clash(ctx)? {
            restrict_view(ctx, b, 0, 0)?;
        } else if b_lo == 0 && self.kind.full && self.disjoint(ctx)? {
            restrict_view(ctx, b, 1, 1)?; // fails when b is 0
        }
        if view_bounds(ctx, b)?.0 == 1 {
            self.eliminate(ctx)?;
        }
        ctx.filter_last(con)
    }
}
