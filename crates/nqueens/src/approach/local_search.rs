//! Back end: the engine's min-conflicts local search.

use super::handover::Handover;
use super::{ApproachError, Execution, Found, Goal, Plan, Report};
use crate::model::board::Board;
use csp::{LocalStatus, MinConflicts, Status, StopReason};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

impl Plan {
    /// One solution only: a local search can neither enumerate nor prove.
    pub(super) fn check_local(&self) -> Result<(), ApproachError> {
        if self.goal != Goal::First {
            return Err(self.unsupported(
                "finds one solution (use it with --first): a local search can \
                 neither enumerate solutions nor prove there is none",
            ));
        }
        if self.unique {
            return Err(
                self.unsupported("finds any one solution, not a fundamental one (--unique)")
            );
        }
        Ok(())
    }

    pub(super) fn run_local<F: FnMut(Found<'_>) -> ControlFlow<()>>(
        &self,
        board: Board,
        handover: &mut Handover<F>,
    ) -> Report {
        // A million-queens model takes a while to build: Ctrl-C must not
        // wait for it.
        let never = AtomicBool::new(false);
        let cancel = self.limits.cancel.as_deref().unwrap_or(&never);
        let Some(queens) = board.model_unless_cancelled(cancel) else {
            return Report {
                approach: self.approach,
                solutions: 0,
                status: Status::Stopped(StopReason::Cancelled),
                stats: None,
                work: Vec::new(),
                stuck: None,
                elapsed: Duration::ZERO,
                execution: Execution::single(false),
            };
        };
        let mut search = MinConflicts::new(&queens.model)
            .seed(self.seed)
            .limits(self.limits.clone());
        if let Some(steps) = self.limits.nodes {
            search = search.max_steps(steps);
        }
        let outcome = search.solve();
        let mut status = match outcome.status {
            // Proved: the board has no solution (two or three queens).
            LocalStatus::NoSolution => Status::Complete,
            LocalStatus::Solved => Status::Stopped(StopReason::Solutions),
            LocalStatus::StepLimit => Status::Stopped(StopReason::Nodes),
            LocalStatus::TimeLimit => Status::Stopped(StopReason::Time),
            LocalStatus::Cancelled => Status::Stopped(StopReason::Cancelled),
        };
        if let Some(solution) = &outcome.solution
            && let ControlFlow::Break(s) = handover.offer(solution.values())
        {
            status = s;
        }
        Report {
            approach: self.approach,
            solutions: handover.accepted,
            status,
            stats: None,
            work: vec![
                ("conflicted at start", outcome.initial_conflicted as u64),
                ("repair steps", outcome.steps),
            ],
            stuck: None,
            elapsed: outcome.elapsed,
            execution: Execution::single(false),
        }
    }
}
