//! Back end: the tutorial brute force over every choice of squares.

use super::handover::Handover;
use super::{ApproachError, Execution, Found, Goal, Plan, Report};
use crate::approach::combinations::{self, CombinationReport};
use crate::model::board::Board;
use csp::{Status, StopReason};
use std::ops::ControlFlow;
use std::time::Instant;

impl Plan {
    /// First solution or count only, no `--unique`, and a board the
    /// combination search accepts.
    pub(super) fn check_combinations(&self, board: Board) -> Result<(), ApproachError> {
        if self.goal == Goal::All {
            return Err(self
                .unsupported("only finds the first solution (--first) or counts them (--count)"));
        }
        if self.unique {
            return Err(self.unsupported("cannot pick fundamental solutions (--unique)"));
        }
        combinations::first_by_combinations(board.rows(), board.cols(), Some(0))
            .map(drop)
            .map_err(ApproachError::Combinations)
    }

    pub(super) fn run_combinations<F: FnMut(Found<'_>) -> ControlFlow<()>>(
        &self,
        board: Board,
        handover: &mut Handover<F>,
    ) -> Result<Report, ApproachError> {
        let started = Instant::now();
        let (rows, cols, limit) = (board.rows(), board.cols(), self.limits.nodes);
        let result: CombinationReport = if self.goal == Goal::First {
            combinations::first_by_combinations(rows, cols, limit)
        } else {
            combinations::count_by_combinations(rows, cols, limit)
        }
        .map_err(ApproachError::Combinations)?;
        let mut status = if result.complete {
            Status::Complete
        } else {
            Status::Stopped(StopReason::Nodes)
        };
        let mut solutions = result.solutions;
        if self.goal == Goal::First
            && let Some(found) = &result.solution
        {
            let lines = if board.is_tall() {
                found.transposed()
            } else {
                found.clone()
            };
            let values: Vec<i32> = lines.columns().iter().map(|&c| c as i32).collect();
            status = match handover.offer(&values) {
                ControlFlow::Break(s) => s,
                ControlFlow::Continue(()) => status,
            };
            solutions = handover.accepted;
        }
        Ok(Report {
            approach: self.approach,
            solutions,
            status,
            stats: None,
            work: vec![("combinations examined", result.examined)],
            stuck: None,
            elapsed: started.elapsed(),
            execution: Execution::single(false),
        })
    }
}
