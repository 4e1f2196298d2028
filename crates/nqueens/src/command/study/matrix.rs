//! The n-queens study matrix: the laboratory's matrix over board sizes.

use crate::command::study::Sizes;
use crate::model::board::Board;
use csp::{Limits, Restarts, Strategy, ValueOrder, VarOrder};
use csp_lab::study::{Choices, Label, Matrix, Mode, Run, Subjects};

/// The column of the board sizes in the table, CSV and JSON.
pub(crate) const SIZE_COLUMN: &str = "n";

/// A matrix of runs over board sizes. Every run has the same per-run
/// limits, seed and restarts; rows come strategy by strategy, then
/// variable order, value order and size, so a table reads as one growth
/// curve after another.
///
/// ```
/// use nqueens::study::{Mode, Study};
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
    /// assert_eq!(s.len(), csp::Strategy::ALL.len());
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(mode: Mode, sizes: Sizes, limits: Limits) -> Study {
        let matrix = Matrix::new(mode, limits);
        Study {
            strategies: matrix.strategies,
            var_orders: matrix.var_orders,
            value_orders: matrix.value_orders,
            sizes,
            mode,
            limits: matrix.limits,
            seed: matrix.seed,
            restarts: matrix.restarts,
        }
    }

    /// Number of runs in the matrix.
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::All, "4..=12".parse()?, csp::Limits::default());
    /// assert_eq!(s.len(), csp::Strategy::ALL.len() * 9);
    /// # Ok::<(), String>(())
    /// ```
    pub fn len(&self) -> usize {
        self.matrix().len() * self.sizes.as_slice().len()
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

    /// The engine settings, for the laboratory.
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::All, "4,5".parse()?, csp::Limits::default());
    /// assert_eq!(s.matrix().len(), csp::Strategy::ALL.len());
    /// # Ok::<(), String>(())
    /// ```
    pub fn matrix(&self) -> Matrix {
        Matrix {
            strategies: self.strategies.clone(),
            var_orders: self.var_orders.clone(),
            value_orders: self.value_orders.clone(),
            mode: self.mode,
            limits: self.limits.clone(),
            seed: self.seed,
            restarts: self.restarts,
        }
    }

    /// The board sizes as the laboratory's subjects (column `n`).
    ///
    /// ```
    /// let s = nqueens::study::Study::new(nqueens::study::Mode::All, "4,5".parse()?, csp::Limits::default());
    /// assert_eq!(s.subjects().column(), "n");
    /// assert_eq!(s.subjects().labels()[1], csp_lab::study::Label::Number(5));
    /// # Ok::<(), String>(())
    /// ```
    pub fn subjects(&self) -> Subjects {
        let labels = self.sizes.as_slice().iter();
        Subjects::new(
            SIZE_COLUMN,
            labels.map(|&n| Label::Number(n as u64)).collect(),
        )
    }

    /// The runs, performed lazily one at a time as the iterator is advanced.
    ///
    /// ```
    /// use csp_lab::study::Label;
    /// use nqueens::study::{Mode, RunStatus, Study};
    /// let s = Study::new(Mode::First, "3,4".parse()?, csp::Limits::default());
    /// let first = s.runs().next().unwrap(); // generate-and-test, n = 3
    /// assert_eq!((first.subject, first.status, first.solutions), (Label::Number(3), RunStatus::Complete, 0));
    /// # Ok::<(), String>(())
    /// ```
    pub fn runs(&self) -> impl Iterator<Item = Run> + use<> {
        let sizes = self.sizes.clone();
        self.matrix()
            .into_runs(self.subjects(), move |i| board_model(sizes.as_slice()[i]))
    }
}

/// The engine model of an n × n board.
fn board_model(n: usize) -> csp::Model {
    Board::square(n)
        .expect("sizes are validated when parsed")
        .model()
        .model
}
