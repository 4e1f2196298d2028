//! The objective's bound in branch and bound: the linear constraint
//! `sum coefs[i] * x[i] <= bound - constant`, whose right-hand side
//! tightens after each improving solution within the one search (see
//! `optimize.rs`).
//!
//! It is no constraint of the model, but it propagates as one: at forward
//! checking and arc consistency by the linear propagator's own bounds
//! filtering (`linear::bounds`, the same code as `Model::linear`'s `<=`),
//! which is domain consistent for `<=`. Arc consistency runs it inside the
//! fixpoint, woken by any change to one of its variables (the search keeps
//! a flag per variable). It also runs at the first node after the bound
//! tightened, and again once the node where it ran is undone (the search
//! says so): its pruning went with the undo, and nothing else would bring
//! the new bound to the open nodes. Generate-and-test judges complete
//! assignments, backtracking the assigned part's least value.

use super::linear;
use super::{Ctx, Domains, Inferred, Lit};
use crate::comparison::Cmp;
use crate::store::{Store, Wipeout};
use crate::var::View;
use std::cmp::Ordering;
use std::sync::atomic::{self, AtomicI64};
use std::sync::Arc;

/// A linear objective to minimise and the bound solutions must now beat.
pub(crate) struct Objective {
    /// Distinct variables (views of offset 0) with their coefficients.
    scope: Vec<View>,
    coefs: Vec<i64>,
    constant: i128,
    /// Solutions must have a value at most this (`None`: no solution yet).
    bound: Option<i128>,
    /// The best value any search sharing it found (`i64::MAX`: none), for
    /// a portfolio of searches (`Optimize::share_bound`).
    shared: Option<Arc<AtomicI64>>,
    /// The depth (assigned variables) of the node where the current bound
    /// last propagated, while that node's changes stand; `None` when the
    /// bound is new or that node was undone.
    applied_at: Option<usize>,
}

impl Objective {
    /// `sum a * x + constant`, over distinct variables.
    pub fn new(terms: Vec<(i64, View)>, constant: i128) -> Objective {
        let (coefs, scope) = terms.into_iter().unzip();
        Objective {
            scope,
            coefs,
            constant,
            bound: None,
            shared: None,
            applied_at: None,
        }
    }

    /// Shares the best value with other searches through `best`.
    pub fn share(&mut self, best: Arc<AtomicI64>) {
        self.shared = Some(best);
    }

    /// Tells the sharing searches of an improving value `value`.
    pub fn publish(&self, value: i128) {
        if let (Some(shared), Ok(v)) = (&self.shared, i64::try_from(value)) {
            shared.fetch_min(v, atomic::Ordering::Relaxed);
        }
    }

    /// Takes up a better value another search found: one relaxed load,
    /// before the bound is checked at each node.
    pub fn sync(&mut self) {
        let Some(shared) = &self.shared else {
            return;
        };
        let best = shared.load(atomic::Ordering::Relaxed);
        if best != i64::MAX && self.bound.is_none_or(|b| (best as i128) - 1 < b) {
            self.tighten(best as i128 - 1);
        }
    }

    /// The variables of the objective (a variable may appear with a zero
    /// coefficient, which never matters).
    pub fn vars(&self) -> impl Iterator<Item = u32> + '_ {
        self.scope.iter().map(|v| v.var.index)
    }

    /// The value of a complete assignment (exact: at most 2^32 terms of a
    /// 64-bit coefficient times a 32-bit value, plus a constant below 2^125).
    pub fn value(&self, values: &[i32]) -> i128 {
        self.constant
            + (self.scope.iter().zip(&self.coefs))
                .map(|(v, &a)| a as i128 * values[v.var.index as usize] as i128)
                .sum::<i128>()
    }

    /// From now on, solutions must have a value at most `bound`.
    pub fn tighten(&mut self, bound: i128) {
        self.bound = Some(bound);
        self.applied_at = None;
    }

    /// The current bound, if any solution set one.
    pub fn bound(&self) -> Option<i128> {
        self.bound
    }

    /// Does the current node need the bound propagated even if none of
    /// the objective's variables changed? Yes from a tightening until it
    /// propagates, and again once the node where it did is undone.
    pub fn stale(&self) -> bool {
        self.bound.is_some() && self.applied_at.is_none()
    }

    /// The node at `depth` was undone (its removals with it).
    pub fn undone(&mut self, depth: usize) {
        if self.applied_at.is_some_and(|d| d >= depth) {
            self.applied_at = None;
        }
    }

    /// Does the complete assignment meet the bound?
    pub fn holds(&self, values: &[i32]) -> bool {
        self.bound.is_none_or(|b| self.value(values) <= b)
    }

    /// Can the assigned variables (the store untouched by assignments, as
    /// backtracking leaves it) still lead to a value within the bound?
    pub fn possible(&self, store: &Store, values: &[i32], assigned: &[bool]) -> bool {
        let Some(bound) = self.bound else {
            return true;
        };
        let least: i128 = (self.scope.iter().zip(&self.coefs))
            .map(|(v, &a)| {
                let x = v.var.index;
                if assigned[x as usize] {
                    a as i128 * values[x as usize] as i128
                } else {
                    let lo = store.min(x).unwrap_or(0) as i128 * a as i128;
                    let hi = store.max(x).unwrap_or(0) as i128 * a as i128;
                    lo.min(hi)
                }
            })
            .sum();
        self.constant + least <= bound
    }

    /// Explains what the bound inferred from `domains` (see
    /// `explain.rs`): the linear `<=` of the current bound, which only
    /// tightens, so an explanation read now holds for an earlier inference.
    pub fn explain(&self, what: Inferred, domains: &dyn Domains) -> Option<Vec<Lit>> {
        let bound = self.bound?;
        let rhs = bound - self.constant;
        linear::explain_sum(&self.scope, &self.coefs, Cmp::Le, rhs, what, domains)
    }

    /// The values of the unassigned `var` that the bound still allows,
    /// given the other variables' domains (or values, where `assigned`):
    /// `None` if none does (the others alone exceed the bound, as at the
    /// levels above an improvement until the bound propagates there), else
    /// the least and the greatest (`i64::MIN` / `i64::MAX`: unlimited; all
    /// of them when `var` is not in the objective). A wide level's walk
    /// reads its next value within it, so that after an improvement it
    /// jumps over the values that could only fail (one per value of a
    /// domain of 2^31) rather than trying each.
    pub fn window(
        &self,
        store: &Store,
        values: &[i32],
        assigned: &[bool],
        var: u32,
    ) -> Option<(i64, i64)> {
        let Some(bound) = self.bound else {
            return Some((i64::MIN, i64::MAX));
        };
        let mut own = 0;
        let mut rest = self.constant;
        for (v, &a) in self.scope.iter().zip(&self.coefs) {
            let x = v.var.index;
            if x == var {
                own = a as i128;
            } else if assigned[x as usize] {
                rest += a as i128 * values[x as usize] as i128;
            } else {
                let lo = store.min(x).unwrap_or(0) as i128 * a as i128;
                let hi = store.max(x).unwrap_or(0) as i128 * a as i128;
                rest += lo.min(hi);
            }
        }
        // own * var <= bound - rest
        let room = bound - rest;
        let clamp = |v: i128| v.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        match own.cmp(&0) {
            Ordering::Greater => Some((i64::MIN, clamp(linear::div_floor(room, own)))),
            Ordering::Less => Some((clamp(linear::div_ceil(room, own)), i64::MAX)),
            Ordering::Equal => (room >= 0).then_some((i64::MIN, i64::MAX)),
        }
    }

    /// Bounds filtering of `value <= bound` on the domains, by the linear
    /// propagator's code, at the node of `depth` (`None`: a trial, undone
    /// at once, which must not count as the bound having run).
    pub fn filter(&mut self, ctx: &mut Ctx<'_>, depth: Option<usize>) -> Result<(), Wipeout> {
        let Some(bound) = self.bound else {
            return Ok(());
        };
        linear::bounds(
            ctx,
            &self.scope,
            &self.coefs,
            Cmp::Le,
            bound - self.constant,
        )?;
        if depth.is_some() && self.applied_at.is_none() {
            self.applied_at = depth;
        }
        Ok(())
    }
}
