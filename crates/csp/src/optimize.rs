//! Optimisation by branch and bound: one search, whose objective bound
//! tightens after each improving solution (see
//! `propagators/objective.rs`), streamed as an iterator.

use crate::error::ModelError;
use crate::expr::{Expr, IntoObjective};
use crate::observer::NoObserver;
use crate::propagators::objective::Objective;
use crate::search::{Search, Solver};
use crate::solution::Solution;
use crate::stats::{Outcome, Stats, Status, StopReason};
use crate::var::View;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// How an optimisation ended.
///
/// ```
/// use csp::{OptimizeStatus, StopReason};
/// assert_eq!(OptimizeStatus::Optimal.to_string(), "optimal");
/// assert_eq!(
///     OptimizeStatus::BestBeforeLimit(StopReason::Time).to_string(),
///     "best found before the time limit"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptimizeStatus {
    /// Still running (only seen while iterating).
    Running,
    /// The search completed: the best solution found is optimal.
    Optimal,
    /// The search completed without a solution: the model is unsatisfiable.
    Unsatisfiable,
    /// A limit stopped the search after some solution: the best found may
    /// not be optimal.
    BestBeforeLimit(StopReason),
    /// A limit stopped the search before any solution.
    NoneBeforeLimit(StopReason),
}

impl fmt::Display for OptimizeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimizeStatus::Running => f.write_str("running"),
            OptimizeStatus::Optimal => f.write_str("optimal"),
            OptimizeStatus::Unsatisfiable => f.write_str("no solution"),
            OptimizeStatus::BestBeforeLimit(r) => write!(f, "best found before the {r}"),
            OptimizeStatus::NoneBeforeLimit(r) => write!(f, "no solution found before the {r}"),
        }
    }
}

/// An improving solution and its objective value.
///
/// The value is an `i64`, not the `i32` of a variable's value: an
/// objective is a sum (`i64` coefficients times `i32` values), which can
/// leave 32 bits while its variables stay within them. Branch and bound
/// refuses an objective whose range (from the declared domains) leaves 64
/// bits ([`ModelError::ExpressionTooLarge`]), so the value is always exact.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_var(3..6).unwrap();
/// let best = Solver::new(&model).maximize(2 * x).unwrap().last().unwrap();
/// assert_eq!((best.value, best.solution.values()), (10, &[5][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Improvement {
    /// The solution.
    pub solution: Solution,
    /// Its objective value.
    pub value: i64,
}

/// A branch-and-bound search: iterate it for each improving solution,
/// stop whenever you like (the last one yielded is the best so far), then
/// ask [`Optimize::status`] or [`Optimize::outcome`] (the same
/// [`Outcome`] as [`Solver::count`]'s), or run it to the end at once with
/// [`Optimize::run`] (the best and the outcome, as [`Solver::first`] gives
/// the first). The bound tightens inside the one search (no search is
/// rebuilt per bound) and propagates like a linear `<=` over the
/// objective's terms, so the [`Limits`](crate::Limits) hold for the whole
/// optimisation, restarts included.
///
/// ```
/// use csp::{Cmp, Model, OptimizeStatus, Solver, Strategy};
/// // Knapsack: weights 3, 4, 5 within 8, values 4, 5, 6.
/// let mut model = Model::new();
/// let take = model.int_vars(3, 0..=1).unwrap();
/// let w = [3, 4, 5];
/// model.linear(take.iter().zip(w).map(|(&t, w)| (w, t)), Cmp::Le, 8).unwrap();
/// let value = take.iter().zip([4, 5, 6]).map(|(&t, v)| (v, t));
/// let mut opt = Solver::new(&model).strategy(Strategy::ArcConsistency).maximize(value).unwrap();
/// let values: Vec<i64> = opt.by_ref().map(|i| i.value).collect();
/// assert_eq!(values.last(), Some(&10)); // items 1 and 3
/// assert!(values.windows(2).all(|w| w[0] < w[1]));
/// assert_eq!(opt.status(), OptimizeStatus::Optimal);
/// assert!(opt.outcome().status.is_complete());
/// ```
pub struct Optimize<'m> {
    search: Search<'m, NoObserver>,
    /// 1 to minimise, -1 to maximise (the objective minimised is `sign *
    /// value`).
    sign: i128,
    best: Option<Improvement>,
}

impl<'m> Solver<'m> {
    /// Branch and bound for the least value of `objective` (see
    /// [`Optimize`]): an expression such as `x - y` or `2 * x + y + 1`, a
    /// variable or view, or linear terms as [`Model::linear`](crate::Model::linear)
    /// takes them ([`IntoObjective`]). A variable of another model, an
    /// expression whose constant or a coefficient left 64 bits while it was
    /// built, or whose range over the declared domains leaves 64 bits
    /// ([`ModelError::ExpressionTooLarge`], naming `"objective"`), is a
    /// [`ModelError`].
    ///
    /// ```
    /// use csp::{Model, OptimizeStatus, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let mut opt = Solver::new(&model).minimize(x[0] + x[1] + 1).unwrap();
    /// assert_eq!(opt.by_ref().last().unwrap().value, 2); // 0 + 1 + 1 or 1 + 0 + 1
    /// assert_eq!(opt.status(), OptimizeStatus::Optimal);
    /// // The same objective as terms, the way `Model::linear` takes them:
    /// let terms = [(1, x[0] + 1), (1, x[1] + 0)];
    /// assert_eq!(Solver::new(&model).minimize(terms).unwrap().last().unwrap().value, 2);
    /// ```
    pub fn minimize(&self, objective: impl IntoObjective) -> Result<Optimize<'m>, ModelError> {
        self.optimize(objective.into_objective(), 1)
    }

    /// Branch and bound for the largest value of `objective` (as for
    /// [`Solver::minimize`]).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let best = Solver::new(&model).maximize(x[0] - x[1]).unwrap().last();
    /// assert_eq!(best.unwrap().value, 3); // x0 = 3, x1 = 0
    /// let best = Solver::new(&model).maximize(&x).unwrap().last(); // x0 + x1
    /// assert_eq!(best.unwrap().value, 5);
    /// ```
    pub fn maximize(&self, objective: impl IntoObjective) -> Result<Optimize<'m>, ModelError> {
        self.optimize(objective.into_objective(), -1)
    }

    fn optimize(&self, objective: Expr, sign: i128) -> Result<Optimize<'m>, ModelError> {
        if objective.overflowed() {
            return Err(ModelError::ConstantOverflow);
        }
        let model = self.model();
        let constant = sign * objective.constant() as i128;
        let mut merged: Vec<(i128, View)> = Vec::new();
        let mut position: HashMap<u32, usize> = HashMap::new();
        for &(coef, var) in objective.terms() {
            model.own(var.into(), "objective")?;
            let a = sign * coef as i128;
            match position.get(&var.index) {
                Some(&i) => merged[i].0 += a,
                None => {
                    position.insert(var.index, merged.len());
                    merged.push((a, var.into()));
                }
            }
        }
        let terms: Vec<(i64, View)> = merged
            .into_iter()
            .map(|(a, x)| {
                i64::try_from(a)
                    .map(|a| (a, x))
                    .map_err(|_| ModelError::CoefficientOverflow { var: x.var.index() })
            })
            .collect::<Result<_, _>>()?;
        // The objective's range over the declared domains: its values
        // must be exact in `Improvement::value`.
        let (mut lo, mut hi) = (constant, constant);
        for &(a, view) in &terms {
            let d = model.domain(view.var);
            let (Some(min), Some(max)) = (d.min(), d.max()) else {
                continue;
            };
            let (p, q) = (a as i128 * min as i128, a as i128 * max as i128);
            lo += p.min(q);
            hi += p.max(q);
        }
        if i64::try_from(lo).is_err() || i64::try_from(hi).is_err() {
            return Err(ModelError::ExpressionTooLarge {
                constraint: "objective",
                bits: 64,
            });
        }
        Ok(Optimize {
            search: self
                .fitted_for_bounds()
                .search_bounded(Objective::new(terms, constant)),
            sign,
            best: None,
        })
    }
}

/// The best objective value among several branch-and-bound searches of
/// one objective in one direction (a portfolio on threads): each search
/// given it by [`Optimize::share_bound`] publishes its improvements and,
/// before checking its bound at each node, takes up a better value found
/// by another, so every search prunes with the best bound of them all.
/// Clones share the value.
///
/// A search that then completes has proved that nothing beats the best
/// value of them all ([`SharedBound::best`]), which may be another
/// search's: its own [`Optimize::status`] only speaks for its own
/// solutions.
///
/// ```
/// use csp::{Model, OptimizeStatus, SharedBound, Solver, VarOrder};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..6).unwrap();
/// model.all_different(&x).unwrap();
/// let shared = SharedBound::new();
/// let first = Solver::new(&model).minimize(&x).unwrap().share_bound(&shared);
/// let found: Vec<i64> = first.map(|i| i.value).collect();
/// assert_eq!((found.last(), shared.best()), (Some(&3), Some(3))); // 0 + 1 + 2
/// // A second search starts from that bound: nothing beats it.
/// let solver = Solver::new(&model).var_order(VarOrder::SmallestDomain);
/// let mut second = solver.minimize(&x).unwrap().share_bound(&shared);
/// assert_eq!(second.next(), None);
/// assert_eq!(second.status(), OptimizeStatus::Unsatisfiable); // nothing below 3
/// ```
#[derive(Clone, Debug)]
pub struct SharedBound {
    /// The best minimised value (`i64::MAX`: none yet).
    best: Arc<AtomicI64>,
    /// 1 to minimise, -1 to maximise, 0 until a search takes it.
    sign: Arc<std::sync::atomic::AtomicI8>,
}

impl Default for SharedBound {
    fn default() -> SharedBound {
        SharedBound::new()
    }
}

impl SharedBound {
    /// A bound no search has set yet.
    pub fn new() -> SharedBound {
        SharedBound {
            best: Arc::new(AtomicI64::new(i64::MAX)),
            sign: Arc::new(std::sync::atomic::AtomicI8::new(0)),
        }
    }

    /// The best objective value found by the searches sharing it, if any.
    pub fn best(&self) -> Option<i128> {
        let best = self.best.load(Ordering::Relaxed);
        let sign = self.sign.load(Ordering::Relaxed) as i128;
        (best != i64::MAX).then_some(sign * best as i128)
    }
}

impl Optimize<'_> {
    /// Shares the best objective value with the other searches given
    /// `bound` (see [`SharedBound`]). The searches must optimise the same
    /// objective in the same direction: a bound first taken by a
    /// minimisation is ignored by a maximisation (and the other way).
    pub fn share_bound(mut self, bound: &SharedBound) -> Self {
        let sign = self.sign as i8;
        let taken = bound
            .sign
            .compare_exchange(0, sign, Ordering::Relaxed, Ordering::Relaxed);
        if (taken.is_ok() || taken == Err(sign))
            && let Some(objective) = self.search.objective.as_mut()
        {
            objective.share(bound.best.clone());
        }
        self
    }

    /// How the optimisation ended, or [`OptimizeStatus::Running`] while it
    /// can go on.
    pub fn status(&self) -> OptimizeStatus {
        match (self.search.outcome().status, &self.best) {
            (Status::Running, _) => OptimizeStatus::Running,
            (Status::Complete, Some(_)) => OptimizeStatus::Optimal,
            (Status::Complete, None) => OptimizeStatus::Unsatisfiable,
            (Status::Stopped(r), Some(_)) => OptimizeStatus::BestBeforeLimit(r),
            (Status::Stopped(r), None) => OptimizeStatus::NoneBeforeLimit(r),
        }
    }

    /// The best solution so far.
    pub fn best(&self) -> Option<&Improvement> {
        self.best.as_ref()
    }

    /// How the search ended (complete, or which limit stopped it;
    /// [`Status::Running`] while it can go on) and its statistics: the
    /// same [`Outcome`] as every other search gives. Complete with a best
    /// solution means optimal, without one unsatisfiable
    /// ([`Optimize::status`] says which).
    ///
    /// ```
    /// use csp::{Limits, Model, Solver, Status, StopReason};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let mut opt = Solver::new(&model).maximize(x[0] - x[2]).unwrap();
    /// assert_eq!(opt.by_ref().last().unwrap().value, 2);
    /// let outcome = opt.outcome();
    /// assert!(outcome.status.is_complete() && outcome.solutions() >= 1);
    /// let stopped = Limits { nodes: Some(1), ..Limits::default() };
    /// let (_, outcome) = Solver::new(&model).limits(stopped).minimize(x[0]).unwrap().run();
    /// assert_eq!(outcome.status, Status::Stopped(StopReason::Nodes));
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.search.outcome()
    }

    /// Runs to the end (or a limit): the best solution found, if any,
    /// and the [`Outcome`], as [`Solver::first`] gives the first solution.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let (best, outcome) = Solver::new(&model).minimize(x[0] + x[1]).unwrap().run();
    /// assert_eq!(best.unwrap().value, 1);
    /// assert!(outcome.status.is_complete());
    /// ```
    pub fn run(mut self) -> (Option<Improvement>, Outcome) {
        self.by_ref().for_each(drop);
        (self.best, self.search.outcome())
    }

    /// The search's statistics so far (also in [`Optimize::outcome`]).
    #[deprecated(note = "use `outcome().stats`, as for every other search")]
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Optimize<'_> {
    type Item = Improvement;

    fn next(&mut self) -> Option<Improvement> {
        let solution = self.search.next()?;
        let objective = self.search.objective.as_mut().expect("an objective");
        let minimised = objective.value(solution.values());
        debug_assert!(
            objective.bound().is_none_or(|b| minimised <= b),
            "every solution beats the bound"
        );
        let improvement = Improvement {
            solution,
            // Within the range checked when the objective was set.
            value: (self.sign * minimised) as i64,
        };
        objective.tighten(minimised - 1);
        objective.publish(minimised);
        self.best = Some(improvement.clone());
        Some(improvement)
    }
}
