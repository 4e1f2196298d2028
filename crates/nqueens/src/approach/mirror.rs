//! Back end: an engine count that searches half the board and doubles.

use super::{Plan, Report};
use crate::board::Board;
use csp::{Stats, Status};

impl Plan {
    /// Counts every solution using the reflection that maps each line's
    /// value `v` to `long - 1 - v` (a mirror of the board): solutions whose
    /// first line is in the lower half are counted once and doubled; on an
    /// odd long side, those with the first line in the middle are counted by
    /// the same argument on the second line.
    pub(super) fn run_mirror_count(&self, board: Board) -> Report {
        let strategy = self
            .approach
            .engine_strategy()
            .expect("validated: an engine strategy");
        let (lines, long) = board.model_shape();
        let long = long as i64;
        let mid = (long - 1) / 2;
        // (restrictions on the first lines, how many solutions each stands for)
        let mut halves: Vec<(Vec<(csp::Cmp, i64)>, u64)> =
            vec![(vec![(csp::Cmp::Le, long / 2 - 1)], 2)];
        if long % 2 == 1 {
            let factor = if lines == 1 { 1 } else { 2 };
            halves.push((vec![(csp::Cmp::Eq, mid), (csp::Cmp::Le, mid - 1)], factor));
        }
        let mut stats = Stats::default();
        let mut solutions = 0;
        let mut status = Status::Complete;
        for (restrictions, factor) in halves {
            let mut queens = board.model();
            for (line, &(cmp, bound)) in restrictions.iter().enumerate().take(lines) {
                queens.restrict_line(line, cmp, bound);
            }
            let outcome = self
                .engine_solver(strategy, &queens.model, self.limits.clone())
                .count();
            solutions += factor * outcome.solutions();
            stats.merge(&outcome.stats);
            if !outcome.status.is_complete() {
                status = outcome.status;
                break;
            }
        }
        stats.solutions = solutions;
        Report {
            approach: self.approach,
            solutions,
            status,
            elapsed: stats.elapsed,
            stats: Some(stats),
            work: Vec::new(),
            stuck: None,
        }
    }
}
