//! The study matrix: strategies × variable orders × value orders × sizes,
//! one limited engine search per cell.

use crate::board::Board;
use crate::study::choices::{Choices, Sizes};
use csp::{Limits, Restarts, Solver, Status, StopReason, Strategy, ValueOrder, VarOrder};
use serde::{Serialize, Serializer};
use std::fmt;

/// What each run searches for.
///
/// ```
/// assert_eq!(nqueens::study::Mode::First.to_string(), "first");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Enumerate every solution.
    All,
    /// Stop at the first solution.
    First,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::All => "all",
            Mode::First => "first",
        })
    }
}

/// How one run ended.
///
/// ```
/// use nqueens::study::RunStatus;
/// assert_eq!(RunStatus::LimitReached(csp::StopReason::Nodes).to_string(), "limit reached (node limit)");
/// assert!(RunStatus::Found.is_finished());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// The whole tree was searched (in first mode: there is no solution).
    Complete,
    /// First mode: a first solution was found.
    Found,
    /// The per-run limit stopped the search: its counts are lower bounds.
    LimitReached(StopReason),
}

impl RunStatus {
    /// True unless a limit cut the run short (its numbers are then final).
    ///
    /// ```
    /// assert!(!nqueens::study::RunStatus::LimitReached(csp::StopReason::Time).is_finished());
    /// ```
    pub fn is_finished(self) -> bool {
        !matches!(self, RunStatus::LimitReached(_))
    }

    fn of(status: Status, mode: Mode) -> RunStatus {
        match status {
            Status::Stopped(StopReason::Solutions) if mode == Mode::First => RunStatus::Found,
            Status::Stopped(reason) => RunStatus::LimitReached(reason),
            // A finished search never reports Running; treat it as complete.
            Status::Complete | Status::Running => RunStatus::Complete,
        }
    }
}

impl fmt::Display for RunStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunStatus::Complete => f.write_str("complete"),
            RunStatus::Found => f.write_str("found"),
            RunStatus::LimitReached(reason) => write!(f, "limit reached ({reason})"),
        }
    }
}

/// One cell of the matrix: the settings and what the search did. Serialises
/// (CSV, JSON) with names for the settings and the time in seconds.
///
/// ```
/// use nqueens::study::{Mode, Study};
/// let study = Study::new(Mode::All, "6".parse()?, csp::Limits::default());
/// let run = study.runs().next().unwrap();
/// assert_eq!((run.n, run.solutions), (6, 4));
/// let json = serde_json::to_value(&run).unwrap();
/// assert_eq!(json["strategy"], "generate-and-test");
/// assert_eq!(json["status"], "complete");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// Pruning strategy.
    #[serde(serialize_with = "by_name")]
    pub strategy: Strategy,
    /// Variable order.
    #[serde(serialize_with = "by_name")]
    pub var_order: VarOrder,
    /// Value order.
    #[serde(serialize_with = "by_name")]
    pub value_order: ValueOrder,
    /// Board size.
    pub n: usize,
    /// All solutions or the first.
    pub mode: Mode,
    /// How the run ended.
    #[serde(serialize_with = "by_name")]
    pub status: RunStatus,
    /// Solutions found.
    pub solutions: u64,
    /// Search nodes (root + surviving assignments).
    pub nodes: u64,
    /// Rejected assignments.
    pub failures: u64,
    /// Returns to an earlier choice.
    pub backtracks: u64,
    /// Elementary consistency tests.
    pub checks: u64,
    /// Values removed by propagation.
    pub pruned: u64,
    /// Search time in seconds (measured, so it varies between runs).
    pub seconds: f64,
}

fn by_name<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// A matrix of runs. Every run has the same per-run limits, seed and
/// restarts; rows come strategy by strategy, then variable order, value
/// order and size, so a table reads as one growth curve after another.
///
/// ```
/// use csp::{Strategy, VarOrder};
/// use nqueens::study::{Choices, Mode, Study};
/// let mut study = Study::new(Mode::All, "4..=6".parse()?, csp::Limits::default());
/// study.strategies = "backtracking,forward-checking".parse()?;
/// study.var_orders = "input,smallest-domain".parse()?;
/// assert_eq!(study.len(), 2 * 2 * 1 * 3);
/// let counts: Vec<u64> = study.runs().take(3).map(|r| r.solutions).collect();
/// assert_eq!(counts, vec![2, 10, 4]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct Study {
    /// Pruning strategies to compare.
    pub strategies: Choices<Strategy>,
    /// Variable orders to compare.
    pub var_orders: Choices<VarOrder>,
    /// Value orders to compare.
    pub value_orders: Choices<ValueOrder>,
    /// Board sizes.
    pub sizes: Sizes,
    /// All solutions or the first.
    pub mode: Mode,
    /// The limits of each run.
    pub limits: Limits,
    /// Seed for the random value order and restarts.
    pub seed: u64,
    /// Restarts until the first solution, if any.
    pub restarts: Option<Restarts>,
}

impl Study {
    /// Every strategy, input variable order, ascending values, seed 0, no
    /// restarts.
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::First, "8".parse()?, csp::Limits::default());
    /// assert_eq!(s.len(), 4);
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(mode: Mode, sizes: Sizes, limits: Limits) -> Study {
        Study {
            strategies: Choices::all(),
            var_orders: Choices::one(VarOrder::Input),
            value_orders: Choices::one(ValueOrder::Ascending),
            sizes,
            mode,
            limits,
            seed: 0,
            restarts: None,
        }
    }

    /// Number of runs in the matrix.
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::All, "4..=12".parse()?, csp::Limits::default());
    /// assert_eq!(s.len(), 4 * 9);
    /// # Ok::<(), String>(())
    /// ```
    pub fn len(&self) -> usize {
        self.strategies.as_slice().len()
            * self.var_orders.as_slice().len()
            * self.value_orders.as_slice().len()
            * self.sizes.as_slice().len()
    }

    /// Always false: every list holds at least one choice.
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::All, "4".parse()?, csp::Limits::default());
    /// assert!(!s.is_empty());
    /// # Ok::<(), String>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The runs, performed lazily one at a time as the iterator is advanced.
    ///
    /// ```
    /// use nqueens::study::{Mode, RunStatus, Study};
    /// let s = Study::new(Mode::First, "3,4".parse()?, csp::Limits::default());
    /// let first = s.runs().next().unwrap(); // generate-and-test, n = 3
    /// assert_eq!((first.n, first.status, first.solutions), (3, RunStatus::Complete, 0));
    /// # Ok::<(), String>(())
    /// ```
    pub fn runs(&self) -> impl Iterator<Item = Run> + '_ {
        let sizes = self.sizes.as_slice();
        let values = self.value_orders.as_slice();
        let vars = self.var_orders.as_slice();
        (0..self.len()).map(move |i| {
            let n = sizes[i % sizes.len()];
            let rest = i / sizes.len();
            let value_order = values[rest % values.len()];
            let rest = rest / values.len();
            let var_order = vars[rest % vars.len()];
            let strategy = self.strategies.as_slice()[rest / vars.len()];
            self.run(strategy, var_order, value_order, n)
        })
    }

    /// One run of the matrix's settings with the given cell.
    fn run(
        &self,
        strategy: Strategy,
        var_order: VarOrder,
        value_order: ValueOrder,
        n: usize,
    ) -> Run {
        let queens = Board::square(n)
            .expect("sizes are validated when parsed")
            .model();
        let mut limits = self.limits.clone();
        if self.mode == Mode::First {
            limits.solutions = Some(1);
        }
        let mut solver = Solver::new(&queens.model)
            .strategy(strategy)
            .var_order(var_order)
            .value_order(value_order)
            .seed(self.seed)
            .limits(limits);
        if let Some(r) = self.restarts {
            solver = solver.restarts(r);
        }
        let outcome = solver.count();
        let s = &outcome.stats;
        Run {
            strategy,
            var_order,
            value_order,
            n,
            mode: self.mode,
            status: RunStatus::of(outcome.status, self.mode),
            solutions: s.solutions,
            nodes: s.nodes,
            failures: s.failures,
            backtracks: s.backtracks,
            checks: s.checks,
            pruned: s.pruned,
            seconds: s.elapsed.as_secs_f64(),
        }
    }
}
