//! Back end: the engine's systematic search (every engine strategy, and
//! greedy as backtracking that may not backtrack).

use super::catalogue::EngineRun;
use super::handover::Handover;
use super::{fits_systematic_search, ApproachError, Execution, Found, Goal, Plan, Report, Stuck};
use crate::model::board::Board;
use csp::{Limits, Observer, Solver, Status, StopReason, Strategy};
use std::ops::ControlFlow;

impl Plan {
    /// The engine's own limit: its domains are bit sets.
    pub(super) fn check_engine(&self, board: Board) -> Result<(), ApproachError> {
        if fits_systematic_search(board) {
            Ok(())
        } else {
            Err(self.unsupported(
                "searches boards of at most 2^28 squares, such as 16384 × 16384 (its domains \
                 are bit sets); --strategy min-conflicts finds a first solution of larger boards",
            ))
        }
    }

    /// The engine solver this plan describes for `model`: its strategy,
    /// orders, seed and restarts, with `limits` (one place for both whole
    /// runs and parts).
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// let queens = nqueens::board::Board::square(6).unwrap().model();
    /// let plan = Plan::recommended(Goal::All);
    /// let solver = plan.engine_solver(csp::Strategy::ForwardChecking, &queens.model, csp::Limits::default());
    /// assert_eq!(solver.count().solutions(), 4);
    /// ```
    pub fn engine_solver<'m>(
        &self,
        strategy: Strategy,
        model: &'m csp::Model,
        limits: Limits,
    ) -> Solver<'m> {
        let solver = Solver::new(model)
            .strategy(strategy)
            .var_order(self.var_order)
            .value_order(self.value_order)
            .seed(self.seed)
            .limits(limits);
        match self.restarts {
            Some(restarts) => solver.restarts(restarts),
            None => solver,
        }
    }

    /// Runs the engine's search as `run` says, handing its solutions over.
    pub(super) fn run_engine<O: Observer, F: FnMut(Found<'_>) -> ControlFlow<()>>(
        &self,
        run: EngineRun,
        board: Board,
        observer: O,
        handover: &mut Handover<F>,
    ) -> (Report, O) {
        let EngineRun { strategy, greedy } = run;
        let mut queens = board.model();
        if self.unique {
            // Only placements that can be the least of their class are
            // searched; the handover keeps exactly the fundamental ones.
            queens.keep_least_first_queens();
        }
        let limits = Limits {
            // The handover counts solutions itself, after `unique` filtering.
            solutions: None,
            backtracks: if greedy {
                Some(0)
            } else {
                self.limits.backtracks
            },
            ..self.limits.clone()
        };
        let solver = self.engine_solver(strategy, &queens.model, limits);
        let mut search = solver.search_with(observer);
        let mut stopped = None;
        while let Some(values) = search.next_values() {
            if let ControlFlow::Break(status) = handover.offer(values) {
                stopped = Some(status);
                break;
            }
        }
        let mut stats = search.stats();
        stats.solutions = handover.accepted;
        let status = stopped.unwrap_or(search.outcome().status);
        let stuck = (greedy && status == Status::Stopped(StopReason::Backtracks)).then(|| {
            let path = search.path();
            let values: Vec<i32> = path.iter().map(|&(_, v)| v).collect();
            let in_order = path
                .iter()
                .enumerate()
                .all(|(i, (var, _))| var.index() == i);
            Stuck {
                placed: path
                    .iter()
                    .map(|&(var, v)| square(board, var.index(), v))
                    .collect(),
                values,
                next_line: in_order.then_some(path.len()),
                lines_are_columns: board.is_tall(),
            }
        });
        // Generate-and-test tests complete boards only: each is a failure
        // or a solution.
        let work = if strategy == Strategy::GenerateAndTest {
            vec![(
                "boards built",
                search.stats().failures + search.stats().solutions,
            )]
        } else {
            Vec::new()
        };
        let report = Report {
            approach: self.approach,
            solutions: handover.accepted,
            status,
            stats: Some(stats),
            work,
            stuck,
            elapsed: search.stats().elapsed,
            execution: Execution::single(self.goal != Goal::Count),
        };
        (report, search.into_observer())
    }
}

/// The board square of model line `line` holding value `value`.
fn square(board: Board, line: usize, value: i32) -> (usize, usize) {
    if board.is_tall() {
        (value as usize, line)
    } else {
        (line, value as usize)
    }
}
