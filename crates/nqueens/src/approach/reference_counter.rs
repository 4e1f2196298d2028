//! Back end: the hand-written bit-mask counter.

use super::{ApproachError, Execution, Goal, Plan, Report};
use crate::approach::reference::{self, ReferenceError};
use crate::model::board::Board;
use csp::Status;
use std::time::Instant;

impl Plan {
    /// Counts only, of square boards it can count, run to the end.
    pub(super) fn check_reference(&self, board: Board) -> Result<(), ApproachError> {
        if self.goal != Goal::Count {
            return Err(self.unsupported("only counts solutions (use it with --count)"));
        }
        if self.unique {
            return Err(self.unsupported("counts every solution, not fundamental ones (--unique)"));
        }
        if !board.is_square() {
            return Err(self.unsupported("only counts square boards"));
        }
        let l = &self.limits;
        if l.nodes.is_some() || l.failures.is_some() || l.time.is_some() {
            return Err(
                self.unsupported("runs to the end: it takes no node, failure or time limit")
            );
        }
        check_reference_size(board.rows())
    }

    pub(super) fn run_reference(&self, board: Board) -> Result<Report, ApproachError> {
        let started = Instant::now();
        let (solutions, nodes) =
            reference::count_with_nodes(board.rows()).map_err(ApproachError::Reference)?;
        Ok(Report {
            approach: self.approach,
            solutions,
            status: Status::Complete,
            stats: None,
            work: vec![("queens placed", nodes)],
            stuck: None,
            elapsed: started.elapsed(),
            execution: Execution::single(false),
        })
    }
}

fn check_reference_size(n: usize) -> Result<(), ApproachError> {
    if (1..=reference::MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(ApproachError::Reference(ReferenceError::InvalidSize { n }))
    }
}
