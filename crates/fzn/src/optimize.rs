//! Branch and bound in the front end, until the engine has it: solve,
//! then require a strictly better objective (one more `linear` constraint
//! on the objective variable) and solve again from the root, until no
//! solution is left (the last one is optimal) or the deadline passes.
//! Every run is a fresh search of the grown model; the deadline spans all
//! of them. Kept in one module so it can move into the engine as is.

use csp::{Cmp, Limits, Model, Solver, Stats, StopReason, VarId};
use std::time::Instant;

/// How an optimisation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The best objective value found, if any.
    pub best: Option<i64>,
    /// The search proved that nothing better exists (or that nothing exists).
    pub proved: bool,
    /// The runs' statistics, summed.
    pub stats: Stats,
    /// Which limit stopped it, if one did.
    pub stopped: Option<StopReason>,
}

/// Minimises (or maximises) `objective`; `configure` sets the strategy and
/// orders of each run; `on_solution` receives each improving solution's
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
/// let opt = csp_fzn::optimize::optimize(&mut model, obj, true, None, |s| s, |_, v| seen.push(v));
/// assert_eq!((opt.best, opt.proved), (Some(3), true)); // 0 + 1 + 2
/// assert_eq!(seen.last(), Some(&3));
/// ```
pub fn optimize(
    model: &mut Model,
    objective: VarId,
    minimize: bool,
    deadline: Option<Instant>,
    configure: impl for<'m> Fn(Solver<'m>) -> Solver<'m>,
    mut on_solution: impl FnMut(&[i32], i64),
) -> Optimum {
    let mut stats = Stats::default();
    let mut best = None;
    loop {
        let time = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let solver = configure(Solver::new(model)).limits(Limits {
            time,
            ..Limits::default()
        });
        let mut search = solver.search();
        let found = search.next_values().map(<[i32]>::to_vec);
        let outcome = search.outcome();
        drop(search);
        stats.merge(&outcome.stats);
        let Some(values) = found else {
            let stopped = match outcome.status {
                csp::Status::Stopped(r) => Some(r),
                _ => None,
            };
            return Optimum {
                best,
                proved: stopped.is_none(),
                stats,
                stopped,
            };
        };
        let v = values[objective.index()] as i64;
        best = Some(v);
        on_solution(&values, v);
        let (cmp, bound) = if minimize {
            (Cmp::Le, v - 1)
        } else {
            (Cmp::Ge, v + 1)
        };
        if model.linear([(1, objective)], cmp, bound).is_err() {
            // Cannot happen for 32-bit values; stop rather than loop.
            return Optimum {
                best,
                proved: false,
                stats,
                stopped: None,
            };
        }
    }
}
