//! Back end: an engine count cut into units ([`Split`]) that run on
//! several threads and through the board's symmetries.

use super::{ApproachError, Execution, Goal, Plan, Report};
use crate::count::{Counted, RunOptions, Split, Symmetry};
use crate::model::board::Board;
use csp::{Limits, DEFAULT_SUB_PROBLEMS};
use std::ops::ControlFlow;

/// Called after each unit of a split count with the units done and the
/// units in all (from any of the worker threads).
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

impl Plan {
    /// Whether this plan's count runs as a [`Split`]: a count of every
    /// solution (not `--unique`, which has its own restriction to
    /// fundamental solutions) by an exhaustive engine strategy, with a
    /// symmetry or on more than one thread, and no node, failure,
    /// backtrack or solution limit (those bound one search; a time limit
    /// and the cancel flag bound the whole run). Other plans run on one
    /// thread without symmetry: [`Report::execution`] says what ran.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// assert!(Plan::recommended(Goal::Count).splits_count());
    /// assert!(!Plan::new(Approach::ForwardChecking, Goal::Count).splits_count());
    /// assert!(!Plan { unique: true, ..Plan::recommended(Goal::Count) }.splits_count());
    /// assert!(!Plan::recommended(Goal::All).splits_count());
    /// ```
    pub fn splits_count(&self) -> bool {
        let l = &self.limits;
        self.goal == Goal::Count
            && !self.unique
            && self.approach.exhaustive_strategy().is_some()
            && l.nodes.is_none()
            && l.failures.is_none()
            && l.backtracks.is_none()
            && l.solutions.is_none()
            && (self.symmetry != Symmetry::None || self.threads != Some(1))
    }

    /// [`Plan::count`], reporting the units done to `progress` when the
    /// count runs as a [`Split`] (see [`Plan::splits_count`]).
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let done = AtomicUsize::new(0);
    /// let progress = |units: usize, _total: usize| { done.fetch_max(units, Ordering::Relaxed); };
    /// let report = Plan::recommended(Goal::Count).count_with_progress(nqueens::board::Board::square(9)?, &progress)?;
    /// assert_eq!(report.solutions, 352);
    /// assert!(done.into_inner() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_with_progress(
        &self,
        board: Board,
        progress: Progress<'_>,
    ) -> Result<Report, ApproachError> {
        if self.splits_count() {
            self.validate(board)?;
            Ok(self.run_split_count(board, Some(progress)))
        } else {
            self.for_each(board, |_| ControlFlow::Continue(()))
        }
    }

    /// The share of a one-thread count without symmetry that this plan's
    /// count takes in wall-clock time (1 unless it runs as a [`Split`]):
    /// measured with forward checking at n = 14, the full group's frames
    /// visit 18 % of the plain search's nodes and the mirror's 60 %;
    /// threads divide the rest.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::board::Board;
    /// let plan = Plan { threads: Some(2), ..Plan::recommended(Goal::Count) };
    /// assert!(plan.split_share(Board::square(16)?) < 0.15);
    /// assert_eq!(Plan::recommended(Goal::All).split_share(Board::square(16)?), 1.0);
    /// # Ok::<(), nqueens::board::BoardError>(())
    /// ```
    pub fn split_share(&self, board: Board) -> f64 {
        if !self.splits_count() {
            return 1.0;
        }
        let symmetry = match self.symmetry {
            Symmetry::None => 1.0,
            Symmetry::Mirror => 0.6,
            Symmetry::Full if board.is_square() => 0.2,
            Symmetry::Full => 0.35,
        };
        let threads = RunOptions {
            threads: self.threads,
            ..RunOptions::default()
        }
        .thread_count();
        symmetry / threads as f64
    }

    /// Counts through a [`Split`] of at least [`DEFAULT_SUB_PROBLEMS`]
    /// units (where the board has that many): the same units, so the same
    /// count and statistics, whatever the number of threads.
    pub(super) fn run_split_count(&self, board: Board, progress: Option<Progress<'_>>) -> Report {
        let strategy = self
            .approach
            .exhaustive_strategy()
            .expect("splits_count: an exhaustive engine strategy");
        let never = std::sync::atomic::AtomicBool::new(false);
        let cancel = self.limits.cancel.as_deref().unwrap_or(&never);
        let split = Split::build(board, self.symmetry, DEFAULT_SUB_PROBLEMS, None, cancel);
        let options = RunOptions {
            threads: self.threads,
            time: self.limits.time,
            cancel: self.limits.cancel.clone(),
            progress,
        };
        let solver_for =
            higher_ranked(|model| self.engine_solver(strategy, model, Limits::default()));
        let (counted, symmetry, units) = match &split {
            Ok(split) => (
                split.count(&solver_for, &options),
                split.symmetry(),
                split.units().len(),
            ),
            Err(_) => (Counted::cancelled(), self.symmetry, 0),
        };
        let mut stats = counted.outcome.stats;
        let searched = stats.solutions;
        stats.solutions = counted.count;
        Report {
            approach: self.approach,
            solutions: counted.count,
            status: counted.outcome.status,
            elapsed: stats.elapsed,
            stats: Some(stats),
            work: vec![
                ("sub-problems", units as u64),
                ("solutions searched", searched),
            ],
            stuck: None,
            execution: Execution {
                threads: counted.threads,
                symmetry,
                in_order: false,
            },
        }
    }
}

/// Pins a closure's signature to "for every model lifetime", which
/// closure inference does not find on its own.
fn higher_ranked<F>(f: F) -> F
where
    F: for<'m> Fn(&'m csp::Model) -> csp::Solver<'m> + Sync,
{
    f
}
