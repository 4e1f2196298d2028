//! Optimisation on the engine's branch and bound: one search whose
//! objective bound tightens after each improving solution
//! ([`csp::Solver::minimize`] / [`csp::Solver::maximize`]), so the time
//! limit set on the solver spans the whole optimisation and nothing is
//! searched twice. With `-p N`, a portfolio of such searches shares the
//! best value found ([`optimize_portfolio`]).

use crate::portfolio::{merged_stats, run_members, Schedule};
use csp::{
    Limits, ModelError, OptimizeStatus, SharedBound, Solver, Stats, StopReason, VarId, View,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

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
    /// How many members searched (taking turns, a member whose first turn
    /// would come after the proof never starts).
    pub members_run: usize,
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
    on_solution: impl FnMut(&[i32], i64) + Send,
) -> Result<Optimum, ModelError> {
    optimize_portfolio(
        std::slice::from_ref(solver),
        Schedule::Race,
        objective,
        minimize,
        on_solution,
    )
}

/// [`optimize`] with a portfolio: each of `members` (see
/// [`crate::portfolio::members`]) searches on its own thread (the first on
/// the caller's), or taking turns on one core, as `schedule` says,
/// all sharing the best objective value, so each prunes with the best any
/// has found. `on_solution` sees each value that improves on all before
/// it, once; the first member to complete its search proves the best
/// value optimal (or that there is none) and stops the others. The
/// statistics are the members' summed.
///
/// ```
/// use csp::{Cmp, Model, Solver};
/// use csp_fzn::portfolio::{members, Freedom};
/// let mut model = Model::new();
/// let x = model.int_vars(4, 0..6).unwrap();
/// model.all_different(&x).unwrap();
/// let obj = model.int_var(0..60).unwrap();
/// model.linear([(1, x[0]), (2, x[1]), (3, x[2]), (4, x[3]), (-1, obj)], Cmp::Eq, 0).unwrap();
/// let free = Freedom { orders: true, own_restarts: false };
/// let two = members(&Solver::new(&model), 2, free, 0);
/// let mut seen = Vec::new();
/// let race = csp_fzn::portfolio::Schedule::Race;
/// let opt = csp_fzn::optimize::optimize_portfolio(&two, race, obj, false, |_, v| seen.push(v)).unwrap();
/// assert_eq!((opt.best, opt.proved), (Some(2 + 2 * 3 + 3 * 4 + 4 * 5), true));
/// assert!(seen.windows(2).all(|w| w[0] < w[1])); // each one improves
/// ```
pub fn optimize_portfolio<F: FnMut(&[i32], i64) + Send>(
    members: &[Solver<'_>],
    schedule: Schedule,
    objective: VarId,
    minimize: bool,
    on_solution: F,
) -> Result<Optimum, ModelError> {
    let terms = [(1, View::from(objective))];
    let shared = SharedBound::new();
    let cancel = Arc::new(AtomicBool::new(false));
    // The best value reported and the callback under one lock, so values
    // reach it strictly improving whichever member found them.
    let reported: Mutex<(Option<i64>, F)> = Mutex::new((None, on_solution));
    let results = run_members(members, &cancel, schedule, |solver| {
        let solver = solver.clone().limits(Limits {
            cancel: Some(cancel.clone()),
            ..solver.get_limits().clone()
        });
        let search = if minimize {
            solver.minimize(terms)?
        } else {
            solver.maximize(terms)?
        };
        let mut search = search.share_bound(&shared);
        for improvement in search.by_ref() {
            let value = improvement.value;
            let mut guard = reported.lock().expect("solution lock");
            let (best, report) = &mut *guard;
            if best.is_none_or(|b| if minimize { value < b } else { value > b }) {
                *best = Some(value);
                report(improvement.solution.values(), value);
            }
        }
        let status = search.status();
        if matches!(
            status,
            OptimizeStatus::Optimal | OptimizeStatus::Unsatisfiable
        ) {
            cancel.store(true, Ordering::SeqCst);
        }
        Ok((status, search.outcome().stats))
    });
    let members_run = results.len();
    let mut each = Vec::with_capacity(members_run);
    let mut proved = false;
    let mut stopped = None;
    for (i, result) in results.into_iter().enumerate() {
        let (status, member) = result?;
        each.push(member);
        match status {
            OptimizeStatus::Optimal | OptimizeStatus::Unsatisfiable => proved = true,
            // Why the search stopped: the first result's (member 0's in a
            // race, taking turns the member that ended first).
            OptimizeStatus::BestBeforeLimit(r) | OptimizeStatus::NoneBeforeLimit(r) if i == 0 => {
                stopped = Some(r)
            }
            _ => {}
        }
    }
    let stats = merged_stats(each.iter());
    let best = reported.into_inner().expect("solution lock").0;
    Ok(Optimum {
        best,
        proved,
        stats,
        stopped: if proved { None } else { stopped },
        members_run,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portfolio::members;
    use crate::portfolio::tests::{digits_then_odd_cycle, input_order, FIXED};

    #[test]
    fn the_learning_member_proves_the_optimum_member_0_found() {
        // Three colours: member 0 finds the least sum, 0 + 1 + 0 + 1 + 2,
        // at once, and would spend 10^10 refutations proving it.
        let (model, sum) = digits_then_odd_cycle(3);
        let two = members(&input_order(&model), 2, FIXED, 0);
        let mut seen = Vec::new();
        let opt = optimize_portfolio(&two, Schedule::Race, sum, true, |values, v| {
            assert!(model.is_solution(values));
            seen.push(v);
        })
        .unwrap();
        assert_eq!((opt.best, opt.proved), (Some(4), true), "{:?}", opt.stats);
        assert_eq!(seen.last(), Some(&4));
        assert!(seen.windows(2).all(|w| w[0] > w[1]), "{seen:?}");
    }

    #[test]
    fn taking_turns_the_learning_member_proves_the_best_value_member_0_found() {
        // Member 0 finds the least sum at once and would spend 10^10
        // refutations proving it; at its first turn member 1 starts from
        // that bound, finds nothing better and proves it; the values
        // reported still improve strictly.
        let (model, sum) = digits_then_odd_cycle(3);
        let two = members(&input_order(&model), 2, FIXED, 0);
        let mut seen = Vec::new();
        let turns = Schedule::Turns {
            deadline: None,
            first_turn: crate::portfolio::FIRST_TURN,
        };
        let opt = optimize_portfolio(&two, turns, sum, true, |values, v| {
            assert!(model.is_solution(values));
            seen.push(v);
        })
        .unwrap();
        assert_eq!((opt.best, opt.proved), (Some(4), true), "{:?}", opt.stats);
        assert_eq!(opt.members_run, 2);
        assert!(opt.stats.failures > 0, "{:?}", opt.stats);
        assert!(opt.stats.conflicts > 0, "{:?}", opt.stats);
        assert!(seen.windows(2).all(|w| w[0] > w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&4));
        let path = opt.stats.path.expect("a search path");
        assert_eq!(path.strategy, csp::Strategy::ClauseLearning);
    }

    #[test]
    fn a_member_0_that_ends_in_its_first_turn_leaves_the_others_unstarted() {
        let (model, sum) = digits_then_odd_cycle(3);
        let learner = input_order(&model).strategy(csp::Strategy::ClauseLearning);
        let two = [learner, input_order(&model)];
        let turns = Schedule::Turns {
            deadline: None,
            first_turn: crate::portfolio::FIRST_TURN,
        };
        let opt = optimize_portfolio(&two, turns, sum, true, |_, _| {}).unwrap();
        assert_eq!((opt.best, opt.proved, opt.members_run), (Some(4), true, 1));
    }

    #[test]
    fn turns_end_at_the_deadline_whatever_the_members_own_limits() {
        // Neither member has a limit of its own that ends this search in
        // reasonable time (member 1 walks 10^10 assignments too, as arc
        // consistency): the deadline stops both, after a turn each.
        let (model, sum) = digits_then_odd_cycle(3);
        let slow = Solver::new(&model).var_order(csp::VarOrder::Input);
        let two = [slow.clone(), slow];
        let deadline = std::time::Instant::now() + 2 * crate::portfolio::FIRST_TURN;
        let turns = Schedule::Turns {
            deadline: Some(deadline + crate::portfolio::FIRST_TURN / 2),
            first_turn: crate::portfolio::FIRST_TURN,
        };
        let opt = optimize_portfolio(&two, turns, sum, true, |_, _| {}).unwrap();
        assert_eq!((opt.best, opt.proved, opt.members_run), (Some(4), false, 2));
        assert_eq!(opt.stopped, Some(StopReason::Time));
        assert!(std::time::Instant::now() >= deadline);
    }
}
