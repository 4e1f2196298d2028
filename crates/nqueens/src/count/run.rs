//! Counting a split's units on several threads, through the engine's one
//! thread pool ([`csp::share_work`]).

use super::split::{Split, SubProblem, Unit};
use csp::{Limits, Model, Outcome, Solver, Stats, Status};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to run a count: threads, run-wide limits, progress.
///
/// ```
/// let options = nqueens::count::RunOptions { threads: Some(2), ..Default::default() };
/// assert_eq!(options.thread_count(), 2);
/// ```
#[derive(Clone, Default)]
pub struct RunOptions<'a> {
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Stop after this long, counted from the start of the run.
    pub time: Option<Duration>,
    /// Stop when set (Ctrl-C), shared by every worker.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Called after each unit with the units done and the units in all.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

impl RunOptions<'_> {
    /// The number of threads a run uses: the one asked for, or one per
    /// core (at least 1).
    ///
    /// ```
    /// assert!(nqueens::count::RunOptions::default().thread_count() >= 1);
    /// ```
    pub fn thread_count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }
}

/// What a count found.
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::count::{RunOptions, Split, Symmetry};
/// let split = Split::new(Board::square(8)?, Symmetry::Mirror, 32);
/// let counted = split.count(&|m| csp::Solver::new(m), &RunOptions::default());
/// assert_eq!(counted.count, 92);
/// assert_eq!(counted.units_done, split.units().len());
/// assert!(counted.outcome.status.is_complete());
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The solutions of the board (of the part) that the units stand for:
    /// each solution found times its sub-problem's weight.
    pub count: u64,
    /// The engine's statistics merged over the units (`solutions`: the
    /// solutions actually found; `elapsed`: the run's wall-clock time), and
    /// whether every unit ran to its end.
    pub outcome: Outcome,
    /// Units searched to their end.
    pub units_done: usize,
    /// Threads used.
    pub threads: usize,
}

impl Counted {
    /// Nothing counted: the run was cancelled before its first unit.
    pub(crate) fn cancelled() -> Counted {
        Counted {
            count: 0,
            outcome: Outcome {
                status: Status::Stopped(csp::StopReason::Cancelled),
                stats: Stats::default(),
            },
            units_done: 0,
            threads: 1,
        }
    }
}

/// Makes the engine solver of a sub-problem's model: the strategy and
/// orders to search with (its limits are replaced by the run's).
pub type SolverFor<'f> = dyn for<'m> Fn(&'m Model) -> Solver<'m> + Sync + 'f;

/// A worker's running total.
struct Tally {
    count: u64,
    outcome: Outcome,
    units_done: usize,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            count: 0,
            outcome: Outcome {
                status: Status::Complete,
                stats: Stats::default(),
            },
            units_done: 0,
        }
    }

    fn add(&mut self, other: &Tally) {
        self.count = self.count.saturating_add(other.count);
        self.units_done += other.units_done;
        self.outcome.stats.merge(&other.outcome.stats);
        if self.outcome.status.is_complete() {
            self.outcome.status = other.outcome.status;
        }
    }
}

impl Split {
    /// Counts the units on [`RunOptions::threads`] threads: each unit is a
    /// search with `solver_for`'s settings, under the run's time limit and
    /// cancel flag. The units are shared out by the engine's work stealing
    /// ([`csp::share_work`]; on one thread, in order); the
    /// count and the merged statistics (not the time) are the same whatever
    /// the number of threads. When a unit stops early the units not yet
    /// started are skipped and the outcome says why it stopped.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::count::{RunOptions, Split, Symmetry};
    /// let split = Split::new(Board::new(5, 7)?, Symmetry::Full, 16);
    /// fn solver(m: &csp::Model) -> csp::Solver<'_> {
    ///     csp::Solver::new(m).strategy(csp::Strategy::Backtracking)
    /// }
    /// let one = split.count(&solver, &RunOptions { threads: Some(1), ..Default::default() });
    /// let two = split.count(&solver, &RunOptions { threads: Some(2), ..Default::default() });
    /// assert_eq!(one.count, two.count);
    /// assert_eq!(one.outcome.stats.nodes, two.outcome.stats.nodes);
    /// # Ok::<(), nqueens::board::BoardError>(())
    /// ```
    pub fn count(&self, solver_for: &SolverFor<'_>, options: &RunOptions<'_>) -> Counted {
        let started = Instant::now();
        let threads = options.thread_count().min(self.units().len()).max(1);
        let deadline = options.time.and_then(|t| started.checked_add(t));
        let done = AtomicUsize::new(0);
        let add = |tally: &mut Tally, unit: &Unit| {
            let limits = Limits {
                time: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                cancel: options.cancel.clone(),
                ..Limits::default()
            };
            let Some(unit_tally) = self.count_unit(unit, solver_for, limits) else {
                tally.outcome.status = Status::Stopped(csp::StopReason::Cancelled);
                return ControlFlow::Break(());
            };
            tally.add(&unit_tally);
            if !unit_tally.outcome.status.is_complete() {
                return ControlFlow::Break(());
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = options.progress {
                progress(finished, self.units().len());
            }
            ControlFlow::Continue(())
        };
        let merge = |mut total: Tally, other: Tally| {
            total.add(&other);
            total
        };
        let mut total = csp::share_work(Some(threads), self.units(), Tally::new, add, merge)
            .expect("at least one thread, and a pool of them can start");
        total.outcome.stats.elapsed = started.elapsed();
        Counted {
            count: total.count,
            outcome: total.outcome,
            units_done: total.units_done,
            threads,
        }
    }

    /// Searches one unit to its end or its limit; `None` when the cancel
    /// flag stopped the building of its model.
    fn count_unit(&self, unit: &Unit, solver_for: &SolverFor<'_>, limits: Limits) -> Option<Tally> {
        let problem: &SubProblem = &self.sub_problems()[unit.sub_problem];
        let never = AtomicBool::new(false);
        let cancel = limits.cancel.as_deref().unwrap_or(&never);
        let built;
        let model = match &self.shared[unit.sub_problem] {
            Some(model) => model,
            None => match problem.model(self.board, cancel) {
                Ok(Some(model)) => {
                    built = model;
                    &built
                }
                Ok(None) => {
                    // No solution has this frame: done, nothing searched.
                    let mut tally = Tally::new();
                    tally.units_done = 1;
                    return Some(tally);
                }
                Err(_) => return None,
            },
        };
        let solver = solver_for(model)
            .limits(limits)
            .assume(model.vars().zip(unit.prefix.iter().copied()))
            .expect("prefix variables come from the sub-problem's own model");
        let outcome = solver.count();
        Some(Tally {
            count: outcome.solutions().saturating_mul(problem.weight()),
            units_done: usize::from(outcome.status.is_complete()),
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Symmetry;
    use crate::model::board::Board;

    #[test]
    fn a_cancelled_run_skips_the_rest() {
        let split = Split::new(Board::square(9).unwrap(), Symmetry::Full, 64);
        let options = RunOptions {
            threads: Some(2),
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..RunOptions::default()
        };
        let counted = split.count(&|m| Solver::new(m), &options);
        assert_eq!(
            counted.outcome.status,
            Status::Stopped(csp::StopReason::Cancelled)
        );
        assert!(counted.units_done < split.units().len());
    }

    #[test]
    fn progress_reaches_every_unit() {
        let split = Split::new(Board::square(8).unwrap(), Symmetry::None, 32);
        let last = AtomicUsize::new(0);
        let progress = |done: usize, total: usize| {
            assert_eq!(total, split.units().len());
            last.fetch_max(done, Ordering::Relaxed);
        };
        let options = RunOptions {
            threads: Some(2),
            progress: Some(&progress),
            ..RunOptions::default()
        };
        assert_eq!(split.count(&|m| Solver::new(m), &options).count, 92);
        assert_eq!(last.into_inner(), split.units().len());
    }
}
