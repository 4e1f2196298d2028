//! Solving one part: the plan's engine search restricted to the part.

use super::result::{PartResult, Problem, SolverSettings, FORMAT, FORMAT_VERSION};
use crate::approach::{Approach, Goal, Plan};
use crate::count::Part;
use crate::count::{RunOptions, Split, Symmetry};
use crate::model::board::Board;
use crate::model::symmetry::is_canonical;
use csp::{Limits, Model, Outcome, Partition, PartitionError, Solver, Stats, Status};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Why a plan cannot run as a part.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::parts::{check_plan, PartError};
/// let err = check_plan(&Plan::new(Approach::Reference, Goal::Count)).unwrap_err();
/// assert_eq!(err, PartError::Strategy(Approach::Reference));
/// assert!(err.to_string().contains("engine"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartError {
    /// Parts count; they do not list or stop at the first solution.
    NotCounting,
    /// The approach is not an exhaustive engine search.
    Strategy(Approach),
    /// A node, failure, backtrack, time or solution limit was given.
    Limits,
    /// The engine refused the split (not expected for a checked [`Part`]).
    Partition(PartitionError),
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::NotCounting => f.write_str("--part counts solutions: use it with --count"),
            PartError::Strategy(Approach::Greedy) => f.write_str(
                "--part needs a strategy that counts every solution; greedy stops at its \
                 first dead end",
            ),
            PartError::Strategy(approach) => write!(
                f,
                "--part splits the engine's search; the {approach} strategy is not an engine \
                 search (use forward-checking, arc-consistency, backtracking, backjumping, \
                 nogood-learning, three-sets, generate-and-test or product)"
            ),
            PartError::Limits => f.write_str(
                "--part runs its part to the end: --node-limit, --fail-limit, --time-limit \
                 and --limit are not accepted (they would apply to each of the part's \
                 sub-searches); Ctrl-C still stops a part and writes it as incomplete",
            ),
            PartError::Partition(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PartError {}

impl From<PartitionError> for PartError {
    fn from(e: PartitionError) -> PartError {
        PartError::Partition(e)
    }
}

/// Checks that `plan` can run as a part: a count, by an exhaustive engine
/// strategy, without limits other than the cancel flag.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::parts::{check_plan, PartError};
/// assert!(check_plan(&Plan::recommended(Goal::Count)).is_ok());
/// assert!(check_plan(&Plan { unique: true, ..Plan::new(Approach::ThreeSets, Goal::Count) }).is_ok());
/// assert_eq!(check_plan(&Plan::recommended(Goal::All)), Err(PartError::NotCounting));
/// let mut limited = Plan::recommended(Goal::Count);
/// limited.limits.nodes = Some(10);
/// assert_eq!(check_plan(&limited), Err(PartError::Limits));
/// ```
pub fn check_plan(plan: &Plan) -> Result<(), PartError> {
    if plan.goal != Goal::Count {
        return Err(PartError::NotCounting);
    }
    if plan.approach.exhaustive_strategy().is_none() {
        return Err(PartError::Strategy(plan.approach));
    }
    let l = &plan.limits;
    if l.nodes.is_some()
        || l.failures.is_some()
        || l.backtracks.is_some()
        || l.time.is_some()
        || l.solutions.is_some()
    {
        return Err(PartError::Limits);
    }
    Ok(())
}

/// Counts the solutions of `part` of `board` with `plan`'s strategy,
/// orders and seed (fundamental ones only with `plan.unique`), through the
/// plan's symmetry and on its threads when the count splits (see
/// [`Plan::splits_count`]; the result records the symmetry, so that the
/// merge refuses to mix parts of different splits). Setting the plan's
/// cancel flag stops the part; its result then says incomplete.
///
/// ```
/// use nqueens::approach::{Goal, Plan};
/// use nqueens::board::Board;
/// use nqueens::parts::{solve_part, Part};
/// let (board, plan) = (Board::square(10)?, Plan::recommended(Goal::Count));
/// let total: u64 = (0..4)
///     .map(|i| solve_part(board, &plan, Part::new(i, 4).unwrap()).unwrap().count)
///     .sum();
/// assert_eq!(total, plan.count(board)?.solutions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_part(board: Board, plan: &Plan, part: Part) -> Result<PartResult, PartError> {
    check_plan(plan)?;
    let (count, outcome, prefix_depth, symmetry) = if plan.splits_count() {
        split_part(board, plan, part)
    } else {
        searched_part(board, plan, part)?
    };
    let stopped_by = match outcome.status {
        Status::Complete => None,
        Status::Stopped(reason) => Some(reason.to_string()),
        Status::Running => Some("still running".to_string()),
    };
    Ok(PartResult {
        format: FORMAT.to_string(),
        version: FORMAT_VERSION,
        problem: Problem {
            rows: board.rows(),
            cols: board.cols(),
            unique: plan.unique,
            symmetry,
        },
        part: part.index(),
        parts: part.parts(),
        prefix_depth,
        count,
        complete: stopped_by.is_none(),
        stopped_by,
        solver: SolverSettings {
            strategy: plan.approach.name().to_string(),
            var_order: plan.var_order.to_string(),
            value_order: plan.value_order.to_string(),
            seed: plan.seed,
            restarts: plan.restarts.map(|r| r.to_string()),
        },
        // The time is `elapsed_seconds`; the stats hold what reads back
        // (not the time, nor the search path this run took).
        stats: Stats {
            elapsed: Duration::ZERO,
            path: None,
            ..outcome.stats.clone()
        },
        elapsed_seconds: outcome.stats.elapsed.as_secs_f64(),
        nqueens_version: env!("CARGO_PKG_VERSION").to_string(),
    })
}

/// What a part found: the count, the engine's outcome, the split's prefix
/// depth and the symmetry used.
type Counted = (u64, Outcome, usize, Symmetry);

/// The part as one search through the engine's [`Partition`], filtering
/// fundamental solutions with `--unique`.
fn searched_part(board: Board, plan: &Plan, part: Part) -> Result<Counted, PartError> {
    let queens = board.model();
    let solver = engine_solver(plan, &queens.model);
    let partition = Partition::new(&queens.model, part.parts())?;
    let mut search = partition.search(&solver, part.index())?;
    let mut count = 0u64;
    while let Some(values) = search.next_values() {
        if !plan.unique || is_canonical(&board.placement(values)) {
            count += 1;
        }
    }
    Ok((count, search.outcome(), partition.depth(), Symmetry::None))
}

/// The part as units of a [`Split`] through the plan's symmetry, on the
/// plan's threads. Without symmetry its units are the prefixes the
/// engine's [`Partition`] gives the part.
fn split_part(board: Board, plan: &Plan, part: Part) -> Counted {
    let never = AtomicBool::new(false);
    let cancel = plan.limits.cancel.as_deref().unwrap_or(&never);
    let Ok(split) = Split::build_part(board, plan.symmetry, part, cancel) else {
        let counted = crate::count::Counted::cancelled();
        return (0, counted.outcome, 0, plan.symmetry);
    };
    let strategy = plan
        .approach
        .exhaustive_strategy()
        .expect("check_plan accepts exhaustive strategies only");
    let options = RunOptions {
        threads: plan.threads,
        cancel: plan.limits.cancel.clone(),
        ..RunOptions::default()
    };
    let counted = split.count(
        &|model: &Model| plan.engine_solver(strategy, model, Limits::default()),
        &options,
    );
    (
        counted.count,
        counted.outcome,
        split.prefix_depth(),
        split.symmetry(),
    )
}

/// The engine solver `plan` describes, with only its cancel flag as limit
/// (`check_plan` refused the others).
fn engine_solver<'m>(plan: &Plan, model: &'m Model) -> Solver<'m> {
    let strategy = plan
        .approach
        .engine_strategy()
        .expect("check_plan accepts engine strategies only");
    let limits = Limits {
        cancel: plan.limits.cancel.clone(),
        ..Limits::default()
    };
    plan.engine_solver(strategy, model, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    #[test]
    fn a_cancelled_part_is_incomplete() {
        let mut plan = Plan::recommended(Goal::Count);
        plan.limits.cancel = Some(Arc::new(AtomicBool::new(true)));
        let result = solve_part(Board::square(10).unwrap(), &plan, Part::new(1, 3).unwrap());
        let result = result.unwrap();
        assert!(!result.complete);
        assert_eq!(result.stopped_by.as_deref(), Some("cancelled"));
    }

    #[test]
    fn refuses_what_does_not_count_everything() {
        for approach in [
            Approach::Greedy,
            Approach::Reference,
            Approach::Combinations,
            Approach::MinConflicts,
        ] {
            let plan = Plan::new(approach, Goal::Count);
            assert_eq!(check_plan(&plan), Err(PartError::Strategy(approach)));
        }
        let mut plan = Plan::recommended(Goal::Count);
        plan.limits.time = Some(std::time::Duration::from_secs(1));
        assert_eq!(check_plan(&plan), Err(PartError::Limits));
    }
}
