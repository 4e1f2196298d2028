//! The objective's bound in branch and bound: `sum coefs[i] * x[i] +
//! constant <= bound`, where the bound tightens after each improving
//! solution within the one search (see `optimize.rs`).
//!
//! It is no constraint of the model: the search runs it after every
//! assignment (a tightened bound concerns every open node, whichever
//! variable was assigned), at each consistency level:
//!
//! * generate-and-test: the value of a complete assignment;
//! * backtracking: the least value the assigned part allows (assigned
//!   values plus each open variable's best bound);
//! * forward checking and arc consistency: bounds filtering (one pass is
//!   its own fixpoint: narrowing one term never raises another's least
//!   value); arc consistency alternates it with the other propagators.

use super::Ctx;
use crate::store::{Store, Wipeout};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// A linear objective to minimise and the bound solutions must now beat.
pub(crate) struct Objective {
    /// Distinct variables with their coefficients.
    terms: Vec<(u32, i64)>,
    constant: i128,
    /// Solutions must have a value at most this (`None`: no solution yet).
    bound: Option<i128>,
    /// The best value any search sharing it found (`i64::MAX`: none), for
    /// a portfolio of searches (`Optimize::share_bound`).
    shared: Option<Arc<AtomicI64>>,
}

impl Objective {
    /// `sum a * x + constant`, over distinct variables.
    pub fn new(terms: Vec<(u32, i64)>, constant: i128) -> Objective {
        Objective {
            terms,
            constant,
            bound: None,
            shared: None,
        }
    }

    /// Shares the best value with other searches through `best`.
    pub fn share(&mut self, best: Arc<AtomicI64>) {
        self.shared = Some(best);
    }

    /// Tells the sharing searches of an improving value `value`.
    pub fn publish(&self, value: i128) {
        if let (Some(shared), Ok(v)) = (&self.shared, i64::try_from(value)) {
            shared.fetch_min(v, Ordering::Relaxed);
        }
    }

    /// Takes up a better value another search found: one relaxed load,
    /// before the bound is checked at each node.
    pub fn sync(&mut self) {
        let Some(shared) = &self.shared else {
            return;
        };
        let best = shared.load(Ordering::Relaxed);
        if best != i64::MAX && self.bound.is_none_or(|b| (best as i128) - 1 < b) {
            self.bound = Some(best as i128 - 1);
        }
    }

    /// The value of a complete assignment (exact: at most 2^32 terms of a
    /// 64-bit coefficient times a 32-bit value, plus a constant below 2^125).
    pub fn value(&self, values: &[i32]) -> i128 {
        self.constant
            + self
                .terms
                .iter()
                .map(|&(x, a)| a as i128 * values[x as usize] as i128)
                .sum::<i128>()
    }

    /// From now on, solutions must have a value at most `bound`.
    pub fn tighten(&mut self, bound: i128) {
        self.bound = Some(bound);
    }

    /// The current bound, if any solution set one.
    pub fn bound(&self) -> Option<i128> {
        self.bound
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
        let least: i128 = self
            .terms
            .iter()
            .map(|&(x, a)| {
                if assigned[x as usize] {
                    a as i128 * values[x as usize] as i128
                } else {
                    term_range(store, x, a).0
                }
            })
            .sum();
        self.constant + least <= bound
    }

    /// Bounds filtering of `value <= bound` on the domains; true if a
    /// domain changed.
    pub fn filter(&self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let Some(bound) = self.bound else {
            return Ok(false);
        };
        let least: i128 = self
            .terms
            .iter()
            .map(|&(x, a)| term_range(ctx.store, x, a).0)
            .sum::<i128>()
            + self.constant;
        ctx.count_check();
        if least > bound {
            return Err(Wipeout);
        }
        let slack = bound - least;
        let mut changed = false;
        for &(x, a) in &self.terms {
            if a == 0 {
                continue;
            }
            // a * x may exceed its least value by at most the slack.
            let (lo, _) = term_range(ctx.store, x, a);
            let top = lo + slack;
            let a = a as i128;
            let (x_lo, x_hi) = if a > 0 {
                (i128::MIN, top.div_euclid(a))
            } else {
                // a * x <= top with a < 0: x >= ceil(top / a).
                (-(top.div_euclid(-a)), i128::MAX)
            };
            changed |= ctx.restrict_bounds(x, x_lo, x_hi)?;
        }
        Ok(changed)
    }
}

/// The least and largest value of `a * x` over `x`'s domain.
fn term_range(store: &Store, x: u32, a: i64) -> (i128, i128) {
    let lo = store.min(x).unwrap_or(0) as i128 * a as i128;
    let hi = store.max(x).unwrap_or(0) as i128 * a as i128;
    (lo.min(hi), lo.max(hi))
}
