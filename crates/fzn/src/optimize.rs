//! Optimisation on the engine's branch and bound: one search whose
//! objective bound tightens after each improving solution
//! ([`csp::Solver::minimize`] / [`csp::Solver::maximize`]), so the time
//! limit set on the solver spans the whole optimisation and nothing is
//! searched twice.

use csp::{ModelError, OptimizeStatus, Solver, Stats, StopReason, VarId, View};

/// How an optimisation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The best objective value found, if any.
    pub best: Option<i64>,
    /// The search proved that nothing better exists (or that nothing exists).
    pub proved: bool,
    /// The search's statistics.
    pub stats: Stats,
    /// Which limit stopped it, if one did.
    pub stopped: Option<StopReason>,
}

/// Minimises (or maximises) `objective` with `solver` (its strategy,
/// orders and limits); `on_solution` receives each improving solution's
/// values (in engine variable order) with its objective value.
///
/// ```
/// use csp::{Cmp, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..5).unwrap();
/// model.all_different(&x).unwrap();
/// let obj = model.int_var(0..15).unwrap();
/// model.linear([(1, x[0]), (1, x[1]), (1, x[2]), (-1, obj)], Cmp::Eq, 0).unwrap();
/// let mut seen = Vec::new();
/// let opt = csp_fzn::optimize::optimize(&Solver::new(&model), obj, true, |_, v| seen.push(v)).unwrap();
/// assert_eq!((opt.best, opt.proved), (Some(3), true)); // 0 + 1 + 2
/// assert_eq!(seen.last(), Some(&3));
/// assert!(seen.windows(2).all(|w| w[0] > w[1])); // each one improves
/// ```
pub fn optimize(
    solver: &Solver<'_>,
    objective: VarId,
    minimize: bool,
    mut on_solution: impl FnMut(&[i32], i64),
) -> Result<Optimum, ModelError> {
    let terms = [(1, View::from(objective))];
    let mut search = if minimize {
        solver.minimize(terms)?
    } else {
        solver.maximize(terms)?
    };
    let mut best = None;
    for improvement in search.by_ref() {
        best = Some(improvement.value);
        on_solution(improvement.solution.values(), improvement.value);
    }
    let (proved, stopped) = match search.status() {
        OptimizeStatus::Optimal | OptimizeStatus::Unsatisfiable => (true, None),
        OptimizeStatus::BestBeforeLimit(r) | OptimizeStatus::NoneBeforeLimit(r) => (false, Some(r)),
        OptimizeStatus::Running => (false, None),
    };
    Ok(Optimum {
        best,
        proved,
        stats: search.outcome().stats,
        stopped,
    })
}
