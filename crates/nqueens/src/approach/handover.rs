//! The one place every back end hands its solutions through.

use super::Found;
use crate::model::board::Board;
use crate::model::symmetry::is_canonical;
use csp::{Status, StopReason};
use std::ops::ControlFlow;

/// Hands solutions to the caller: drops non-fundamental ones when asked,
/// numbers the rest, and stops at the solution cap.
pub(super) struct Handover<F> {
    pub(super) board: Board,
    pub(super) unique: bool,
    pub(super) cap: Option<u64>,
    pub(super) accepted: u64,
    pub(super) on_solution: F,
}

impl<F: FnMut(Found<'_>) -> ControlFlow<()>> Handover<F> {
    /// `Break(status)` when the run must stop.
    pub(super) fn offer(&mut self, values: &[i32]) -> ControlFlow<Status> {
        if self.unique && !is_canonical(&self.board.placement(values)) {
            return ControlFlow::Continue(());
        }
        self.accepted += 1;
        let found = Found {
            board: self.board,
            values,
            index: self.accepted,
        };
        if (self.on_solution)(found).is_break() {
            return ControlFlow::Break(Status::Stopped(StopReason::Cancelled));
        }
        if self.cap.is_some_and(|cap| self.accepted >= cap) {
            return ControlFlow::Break(Status::Stopped(StopReason::Solutions));
        }
        ControlFlow::Continue(())
    }
}
