//! A configured run ([`Plan`]) and what it is asked for ([`Goal`]): the
//! recommended defaults, and the runner that hands each plan to its back end.

use super::catalogue::Backend;
use super::handover::Handover;
use super::validation::MAX_COMFORTABLE_SYSTEMATIC;
use super::{Approach, ApproachError, Found, Report};
use crate::count::Symmetry;
use crate::model::board::Board;
use crate::model::placement::Placement;
use csp::{Limits, NoObserver, Observer, Restarts, ValueOrder, VarOrder};
use std::ops::ControlFlow;

/// What the user wants from the search.
///
/// ```
/// use nqueens::approach::Goal;
/// assert_ne!(Goal::All, Goal::Count);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// List every solution (up to the solution limit).
    All,
    /// Stop at the first solution.
    First,
    /// Count solutions without listing them.
    Count,
}

/// A configured run: approach, goal, engine orders, limits, symmetry.
///
/// `limits.solutions` caps the solutions handed over (after `unique`
/// filtering); `limits.cancel` stops engine searches from another thread.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// let plan = Plan { unique: true, ..Plan::new(Approach::ForwardChecking, Goal::Count) };
/// assert_eq!(plan.count(Board::square(8)?)?.solutions, 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    /// How to search.
    pub approach: Approach,
    /// What to search for.
    pub goal: Goal,
    /// Engine variable order.
    pub var_order: VarOrder,
    /// Engine value order.
    pub value_order: ValueOrder,
    /// Seed for random value order and restart tie-breaking.
    pub seed: u64,
    /// Engine restarts (first-solution search).
    pub restarts: Option<Restarts>,
    /// Node, failure, time and solution limits, and the cancel flag. The
    /// node limit also bounds the combinations examined.
    pub limits: Limits,
    /// Hand over only fundamental solutions (the least of each symmetry class).
    pub unique: bool,
    /// Count every solution through these symmetries of the board (see
    /// [`crate::count`]; `--count` without `--unique` only).
    pub symmetry: Symmetry,
    /// Threads for a count (`None`: one per core). A count on more than
    /// one thread, or with a symmetry, runs the units of a
    /// [`Split`](crate::count::Split); listing runs on one thread, in order.
    pub threads: Option<usize>,
}

/// The failure cutoff unit of the default restarts for `--first`.
const DEFAULT_LUBY_SCALE: u64 = 100;

impl Plan {
    /// A plan with the engine's defaults: input variable order, ascending
    /// values, seed 0, no restarts, no limits, all solutions.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// let plan = Plan::new(Approach::Backtracking, Goal::All);
    /// assert_eq!(plan.var_order, csp::VarOrder::Input);
    /// assert!(plan.restarts.is_none());
    /// ```
    pub fn new(approach: Approach, goal: Goal) -> Plan {
        Plan {
            approach,
            goal,
            var_order: VarOrder::Input,
            value_order: ValueOrder::Ascending,
            seed: 0,
            restarts: None,
            limits: Limits::default(),
            unique: false,
            symmetry: Symmetry::None,
            threads: Some(1),
        }
    }

    /// What serves a user best: forward checking; for the first solution
    /// also smallest-domain-first with Luby restarts, which answers at once
    /// even for thousands of queens; for a count the board's whole symmetry
    /// group on every core.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::board::Board;
    /// use nqueens::count::Symmetry;
    /// let plan = Plan::recommended(Goal::First);
    /// assert_eq!(plan.var_order, csp::VarOrder::SmallestDomain);
    /// let report = plan.count(Board::square(200)?)?;
    /// assert_eq!(report.solutions, 1);
    /// let count = Plan::recommended(Goal::Count);
    /// assert_eq!((count.symmetry, count.threads), (Symmetry::Full, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recommended(goal: Goal) -> Plan {
        let plan = Plan::new(Approach::ForwardChecking, goal);
        match goal {
            Goal::First => Plan {
                var_order: VarOrder::SmallestDomain,
                restarts: Some(Restarts::Luby {
                    scale: DEFAULT_LUBY_SCALE,
                }),
                ..plan
            },
            Goal::Count => Plan {
                symmetry: Symmetry::Full,
                threads: None,
                ..plan
            },
            Goal::All => plan,
        }
    }

    /// [`Plan::recommended`] for `board`: the same, except that the first
    /// solution of a board too large for the systematic engine to handle
    /// comfortably (more than 10,000 queens, where its bit sets and trail
    /// take gigabytes and the search minutes) comes from min-conflicts,
    /// which needs about 0.4 KB and a few microseconds per queen.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let small = Plan::recommended_for(Goal::First, Board::square(10_000)?);
    /// assert_eq!(small.approach, Approach::ForwardChecking);
    /// let large = Plan::recommended_for(Goal::First, Board::square(16_384)?);
    /// assert_eq!(large.approach, Approach::MinConflicts);
    /// assert!(large.slow_warning(Board::square(16_384)?).is_none());
    /// let count = Plan::recommended_for(Goal::Count, Board::square(16_384)?);
    /// assert_eq!(count.approach, Approach::ForwardChecking);
    /// # Ok::<(), nqueens::board::BoardError>(())
    /// ```
    pub fn recommended_for(goal: Goal, board: Board) -> Plan {
        if goal == Goal::First && board.queens() > MAX_COMFORTABLE_SYSTEMATIC {
            Plan::new(Approach::MinConflicts, goal)
        } else {
            Plan::recommended(goal)
        }
    }

    /// Runs the plan, reporting engine events to `observer` and handing each
    /// solution to `on_solution` (which may stop the run by returning
    /// `Break`; the report then says `Stopped(Cancelled)`). The combination
    /// search hands over its first solution; the counts of the combination
    /// search and of the reference counter hand over none.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// use std::ops::ControlFlow;
    /// let plan = Plan::new(Approach::ForwardChecking, Goal::All);
    /// let (report, tracer) = plan.run(Board::square(4)?, csp::Tracer::new(Vec::new()), |_| ControlFlow::Continue(()))?;
    /// assert_eq!(report.solutions, 2);
    /// assert!(!tracer.into_inner().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<O: Observer>(
        &self,
        board: Board,
        observer: O,
        on_solution: impl FnMut(Found<'_>) -> ControlFlow<()>,
    ) -> Result<(Report, O), ApproachError> {
        self.validate(board)?;
        let mut handover = Handover {
            board,
            unique: self.unique,
            cap: match self.goal {
                Goal::First => Some(1),
                _ => self.limits.solutions,
            },
            accepted: 0,
            on_solution,
        };
        match self.approach.backend() {
            Backend::Combinations => Ok((self.run_combinations(board, &mut handover)?, observer)),
            Backend::Reference => Ok((self.run_reference(board)?, observer)),
            Backend::MinConflicts => Ok((self.run_local(board, &mut handover), observer)),
            Backend::Engine(_) if self.splits_count() => {
                Ok((self.run_split_count(board, None), observer))
            }
            Backend::Engine(run) => Ok(self.run_engine(run, board, observer, &mut handover)),
        }
    }

    /// [`Plan::run`] without an observer.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use std::ops::ControlFlow;
    /// let mut columns = Vec::new();
    /// let report = Plan::recommended(Goal::All).for_each(nqueens::board::Board::square(8)?, |found| {
    ///     columns.push(found.placement().columns());
    ///     if columns.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!((columns.len(), report.solutions), (3, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each(
        &self,
        board: Board,
        on_solution: impl FnMut(Found<'_>) -> ControlFlow<()>,
    ) -> Result<Report, ApproachError> {
        self.run(board, NoObserver, on_solution).map(|(r, _)| r)
    }

    /// Runs the plan without looking at the solutions.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// let report = Plan::new(Approach::ArcConsistency, Goal::Count).count(nqueens::board::Board::square(7)?)?;
    /// assert_eq!(report.solutions, 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, board: Board) -> Result<Report, ApproachError> {
        self.for_each(board, |_| ControlFlow::Continue(()))
    }

    /// The solutions as placements, collected: for tests and small boards
    /// only (the runner itself streams).
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let all = Plan::new(Approach::ArcConsistency, Goal::All).solutions(Board::new(2, 3)?)?;
    /// assert!(all.iter().all(|p| p.is_legal()) && !all.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self, board: Board) -> Result<Vec<Placement>, ApproachError> {
        let mut all = Vec::new();
        self.for_each(board, |found| {
            all.push(found.placement());
            ControlFlow::Continue(())
        })?;
        Ok(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{Status, StopReason};

    #[test]
    fn cap_and_break_set_the_status() {
        let board = Board::square(6).unwrap();
        let mut plan = Plan::new(Approach::ForwardChecking, Goal::All);
        plan.limits.solutions = Some(3);
        let report = plan.count(board).unwrap();
        assert_eq!(report.solutions, 3);
        assert_eq!(report.status, Status::Stopped(StopReason::Solutions));
        let plan = Plan::new(Approach::ForwardChecking, Goal::All);
        let report = plan.for_each(board, |_| ControlFlow::Break(())).unwrap();
        assert_eq!(report.solutions, 1);
        assert_eq!(report.status, Status::Stopped(StopReason::Cancelled));
    }
}
