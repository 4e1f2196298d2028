//! How long a plan will take, from measured figures, and the warning
//! shown before a run that takes more than a minute.

use super::catalogue::Cost;
use super::validation::MAX_COMFORTABLE_SYSTEMATIC;
use super::{Approach, Goal, Plan};
use crate::count::RunOptions;
use crate::model::board::Board;

impl Plan {
    /// Roughly how many seconds this plan takes to go through `board`
    /// (for `Goal::First`, at most: the first solution may come sooner),
    /// from measured figures (see [`MEASURED`]); `None` for approaches that
    /// stop early by design (greedy, min-conflicts) or engine searches for
    /// a first solution, which are quick until memory runs short.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let plan = Plan::new(Approach::ForwardChecking, Goal::Count);
    /// let s16 = plan.estimated_seconds(Board::square(16)?).unwrap();
    /// let s17 = plan.estimated_seconds(Board::square(17)?).unwrap();
    /// assert!(s16 < 60.0 && s17 > 60.0 && s17 < 3600.0);
    /// // The default count: the whole symmetry group, here on one thread.
    /// let one = Plan { threads: Some(1), ..Plan::recommended(Goal::Count) };
    /// assert!(one.estimated_seconds(Board::square(17)?).unwrap() < s17 / 4.0);
    /// assert!(Plan::new(Approach::MinConflicts, Goal::First).estimated_seconds(Board::square(8)?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimated_seconds(&self, board: Board) -> Option<f64> {
        let (lines, values) = board.model_shape();
        let exhaustive = self.goal != Goal::First;
        let boards_at = |rate: f64, log10_boards: f64| 10f64.powf(log10_boards) / rate;
        match self.approach.entry().cost {
            Cost::None => None,
            // Boards built: values^lines.
            Cost::BoardsBuilt => Some(boards_at(
                BOARDS_PER_SECOND,
                lines as f64 * (values as f64).log10(),
            )),
            Cost::Combinations => Some(boards_at(
                COMBINATIONS_PER_SECOND,
                log10_binomial(board.rows() * board.cols(), lines),
            )),
            Cost::Measured if exhaustive => {
                let m = MEASURED.iter().find(|m| m.approach == self.approach)?;
                let extra = lines as f64 - m.n as f64;
                let seconds = m.seconds * m.per_queen.powf(extra);
                Some(seconds * self.split_share(board))
            }
            Cost::Measured => None,
        }
    }

    /// A warning to show before running when this plan takes more than a
    /// minute on `board`, saying roughly how long (see
    /// [`Plan::estimated_seconds`]), or `None`.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// assert!(Plan::recommended(Goal::All).slow_warning(Board::square(40)?).is_some());
    /// let count = Plan { threads: Some(1), ..Plan::recommended(Goal::Count) };
    /// assert!(count.slow_warning(Board::square(17)?).is_none());
    /// let w = count.slow_warning(Board::square(18)?).unwrap();
    /// assert!(w.contains("minutes") && w.contains("on 1 core"), "{w}");
    /// let plain = Plan::new(Approach::ForwardChecking, Goal::Count);
    /// assert!(plain.slow_warning(Board::square(17)?).unwrap().contains("minutes"));
    /// assert!(Plan::recommended(Goal::First).slow_warning(Board::square(1000)?).is_none());
    /// assert!(Plan::recommended(Goal::First).slow_warning(Board::square(50_000)?).is_some());
    /// assert!(Plan::new(Approach::MinConflicts, Goal::First).slow_warning(Board::square(50_000)?).is_none());
    /// assert!(Plan::new(Approach::Product, Goal::Count).slow_warning(Board::square(12)?).is_some());
    /// assert!(Plan::new(Approach::Product, Goal::Count).slow_warning(Board::square(8)?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn slow_warning(&self, board: Board) -> Option<String> {
        let (lines, _) = board.model_shape();
        if self.approach.engine_strategy().is_some() && lines > MAX_COMFORTABLE_SYSTEMATIC {
            // The systematic engine keeps every row's domain as a bit set
            // (memory and time grow with the square of the size).
            return Some(format!(
                "a systematic search of a {} × {} board needs gigabytes of memory and may take \
                 minutes; --strategy min-conflicts finds a first solution of a million queens",
                board.rows(),
                board.cols()
            ));
        }
        let l = &self.limits;
        if l.nodes.is_some() || l.failures.is_some() || l.time.is_some() || l.solutions.is_some() {
            return None; // the user already bounded the run
        }
        let seconds = self
            .estimated_seconds(board)
            .filter(|&s| s >= SLOW_SECONDS)?;
        let threads = if self.splits_count() {
            RunOptions {
                threads: self.threads,
                ..RunOptions::default()
            }
            .thread_count()
        } else {
            1
        };
        let cores = if threads == 1 {
            "1 core".to_string()
        } else {
            format!("{threads} cores")
        };
        let what = match self.goal {
            Goal::All => "listing every solution of",
            Goal::Count => "counting every solution of",
            Goal::First => "finding a first solution of",
        };
        let how_long = match self.goal {
            Goal::First => format!("may take up to {}", roughly(seconds)),
            // Printing millions of solutions adds its own time.
            Goal::All => format!("takes more than {}", roughly(seconds)),
            Goal::Count => format!("takes {}", roughly(seconds)),
        };
        Some(format!(
            "{what} a {} × {} board with the {} strategy {how_long} on {cores} of a recent \
             computer; Ctrl-C stops it{}",
            board.rows(),
            board.cols(),
            self.approach,
            if self.approach.is_cancellable() {
                " with the partial result"
            } else {
                ""
            }
        ))
    }
}

/// Runs estimated to take longer than this get a warning first.
const SLOW_SECONDS: f64 = 60.0;

/// Boards built per second by generate-and-test and product (measured:
/// 9 × 9, 387 million boards, 25 s).
const BOARDS_PER_SECOND: f64 = 1.5e7;

/// Combinations examined per second (measured: 8 × 8, 4.4 billion, 22 s).
const COMBINATIONS_PER_SECOND: f64 = 2.0e8;

/// A measured exhaustive count: CPU seconds for an `n × n` board with the
/// approach's defaults, and how many times longer each extra queen takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// The approach measured.
    pub approach: Approach,
    /// The board side measured.
    pub n: usize,
    /// CPU seconds the count took.
    pub seconds: f64,
    /// The growth factor per extra queen (from the two largest sizes).
    pub per_queen: f64,
}

/// The figures behind [`Plan::estimated_seconds`]: `nqueens N --count
/// [--strategy S]` on a release build, user CPU time from `/usr/bin/time`
/// on a shared 2-core machine (forward checking: 0.70 s, 4.4 s and 29 s
/// for n = 14, 15 and 16; backtracking: 0.54 s, 3.2 s and 20.5 s for 12
/// to 14; arc consistency 0.19 s, 1.0 s, 5.8 s; the reference 0.27 s,
/// 1.7 s and 11.7 s for 14 to 16).
///
/// ```
/// use nqueens::approach::{Approach, MEASURED};
/// assert!(MEASURED.iter().any(|m| m.approach == Approach::ForwardChecking));
/// ```
pub const MEASURED: [Measured; 5] = [
    Measured {
        approach: Approach::ForwardChecking,
        n: 16,
        seconds: 29.0,
        per_queen: 6.7,
    },
    Measured {
        approach: Approach::Backtracking,
        n: 14,
        seconds: 20.5,
        per_queen: 6.5,
    },
    Measured {
        approach: Approach::ThreeSets,
        n: 14,
        seconds: 20.5,
        per_queen: 6.5,
    },
    Measured {
        approach: Approach::ArcConsistency,
        n: 14,
        seconds: 5.8,
        per_queen: 5.7,
    },
    Measured {
        approach: Approach::Reference,
        n: 16,
        seconds: 11.7,
        per_queen: 6.7,
    },
];

/// `about 3 minutes`, `about 2 hours`, `about 40 days`, `years`.
fn roughly(seconds: f64) -> String {
    let units = [
        (86_400.0 * 365.0, "year"),
        (86_400.0, "day"),
        (3_600.0, "hour"),
        (60.0, "minute"),
        (1.0, "second"),
    ];
    let (size, unit) = units
        .into_iter()
        .find(|&(size, _)| seconds >= size)
        .unwrap_or((1.0, "second"));
    let count = (seconds / size).round().max(1.0);
    if unit == "year" && count >= 100.0 {
        return "centuries".to_string();
    }
    let plural = if count == 1.0 { "" } else { "s" };
    format!("about {count:.0} {unit}{plural}")
}

/// `log10` of the binomial coefficient `C(n, k)`.
fn log10_binomial(n: usize, k: usize) -> f64 {
    (0..k.min(n))
        .map(|i| ((n - i) as f64).log10() - ((i + 1) as f64).log10())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_logs() {
        assert!((log10_binomial(64, 8) - 4_426_165_368f64.log10()).abs() < 1e-9);
        assert_eq!(log10_binomial(5, 0), 0.0);
    }
}
