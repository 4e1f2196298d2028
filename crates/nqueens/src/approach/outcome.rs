//! What a run hands over and reports: each solution ([`Found`]), where a
//! greedy search got stuck ([`Stuck`]), and the run's [`Report`].

use super::Approach;
use crate::count::Symmetry;
use crate::model::board::Board;
use crate::model::placement::Placement;
use csp::{Stats, Status};
use std::fmt;
use std::time::Duration;

/// A solution as the runner hands it over: the model's values (one per
/// line of the board's shorter side) and, on request, the [`Placement`].
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// let mut seen = Vec::new();
/// Plan::new(Approach::ForwardChecking, Goal::All).for_each(Board::square(4)?, |found| {
///     seen.push((found.index(), found.placement().columns()));
///     std::ops::ControlFlow::Continue(())
/// })?;
/// assert_eq!(seen, vec![(1, vec![1, 3, 0, 2]), (2, vec![2, 0, 3, 1])]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Found<'a> {
    pub(super) board: Board,
    pub(super) values: &'a [i32],
    pub(super) index: u64,
}

impl Found<'_> {
    /// The model's values: for a wide or square board the column of each
    /// row, for a tall board the row of each column.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// let board = nqueens::board::Board::new(3, 2)?;
    /// Plan::new(Approach::Backtracking, Goal::First).for_each(board, |found| {
    ///     assert_eq!(found.values(), &[0, 2]); // the row of each column
    ///     assert_eq!(found.placement().queens(), &[(0, 0), (2, 1)]);
    ///     std::ops::ControlFlow::Continue(())
    /// })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self) -> &[i32] {
        self.values
    }

    /// The solution on the board as asked for (tall boards mapped back);
    /// see [`Found::values`].
    pub fn placement(&self) -> Placement {
        self.board.placement(self.values)
    }

    /// 1-based position of this solution among those handed over; see
    /// the example of [`Found`].
    pub fn index(&self) -> u64 {
        self.index
    }
}

/// Where a greedy search got stuck.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// let report = Plan::new(Approach::Greedy, Goal::First).count(Board::square(4)?)?;
/// let stuck = report.stuck.unwrap();
/// assert_eq!(stuck.values, vec![0, 2]);
/// assert_eq!(stuck.next_line, Some(2));
/// assert_eq!(stuck.to_string(), "placed [0, 2] (the column of each row) and is stuck in row 2: no safe column, and greedy never undoes a choice");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The queens placed, as board squares `(row, col)`, in placement order.
    pub placed: Vec<(usize, usize)>,
    /// The model values placed, in placement order.
    pub values: Vec<i32>,
    /// The line (row, or column on a tall board) with no safe square left,
    /// when the lines were filled in order (input variable order).
    pub next_line: Option<usize>,
    /// Whether the lines are columns (a tall board).
    pub lines_are_columns: bool,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, other) = if self.lines_are_columns {
            ("column", "row")
        } else {
            ("row", "column")
        };
        match self.next_line {
            Some(next) => write!(
                f,
                "placed {:?} (the {other} of each {line}) and is stuck in {line} {next}: \
                 no safe {other}, and greedy never undoes a choice",
                self.values
            ),
            None => write!(
                f,
                "placed queens on {:?} (row, column) and is stuck: no safe square for the \
                 next queen, and greedy never undoes a choice",
                self.placed
            ),
        }
    }
}

/// What a run found and what it cost.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// let report = Plan::new(Approach::Product, Goal::Count).count(Board::square(4)?)?;
/// assert_eq!(report.solutions, 2);
/// assert_eq!(report.work, vec![("boards built", 256)]);
/// assert!(report.is_complete());
/// assert!(report.work_table().contains("boards built"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The approach that ran.
    pub approach: Approach,
    /// Solutions found (after `unique` filtering).
    pub solutions: u64,
    /// Complete, or why it stopped.
    pub status: Status,
    /// The engine's statistics, when the engine ran.
    pub stats: Option<Stats>,
    /// Approach-specific work figures, such as combinations examined.
    pub work: Vec<(&'static str, u64)>,
    /// Where a greedy search got stuck.
    pub stuck: Option<Stuck>,
    /// Wall-clock time the run took.
    pub elapsed: Duration,
    /// Threads and symmetry the run used.
    pub execution: Execution,
}

/// How a run was executed: on how many threads, through which symmetries,
/// and whether it handed solutions over in order (a listing, which runs on
/// one thread so that its output is reproducible).
///
/// ```
/// use nqueens::approach::{Goal, Plan};
/// let report = Plan::recommended(Goal::All).count(nqueens::board::Board::square(6)?)?;
/// assert_eq!(report.execution.threads, 1);
/// assert!(report.execution.in_order);
/// assert!(report.work_table().contains("1 (in order)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Execution {
    /// Worker threads (0 stands for 1).
    pub threads: usize,
    /// The symmetries a count went through.
    pub symmetry: Symmetry,
    /// Solutions were handed over in the search's order, on one thread.
    pub in_order: bool,
}

impl Execution {
    /// One thread, no symmetry; `in_order` for a run that hands solutions
    /// over.
    ///
    /// ```
    /// let e = nqueens::approach::Execution::single(true);
    /// assert_eq!((e.threads, e.in_order), (1, true));
    /// ```
    pub fn single(in_order: bool) -> Execution {
        Execution {
            threads: 1,
            symmetry: Symmetry::None,
            in_order,
        }
    }

    /// The `--stats` rows: symmetry and threads.
    fn rows(&self) -> [(String, String); 2] {
        let threads = self.threads.max(1).to_string();
        [
            ("symmetry".into(), self.symmetry.to_string()),
            (
                "threads".into(),
                if self.in_order {
                    format!("{threads} (in order)")
                } else {
                    threads
                },
            ),
        ]
    }
}

impl Report {
    /// True when every solution there is was found.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// let board = nqueens::board::Board::square(6)?;
    /// assert!(Plan::recommended(Goal::Count).count(board)?.is_complete());
    /// assert!(!Plan::recommended(Goal::First).count(board)?.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.status.is_complete()
    }

    /// The work done, as aligned `label  value` lines: the strategy, the
    /// engine's statistics (when the engine ran), the approach's own
    /// figures, and the time taken.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let report = Plan::new(Approach::Combinations, Goal::First).count(Board::square(4)?)?;
    /// let table = report.work_table();
    /// let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split_whitespace().collect()).collect();
    /// assert_eq!(rows[0], ["strategy", "combinations"]);
    /// assert!(rows.contains(&vec!["combinations", "examined", "741"]));
    /// // Values are right-aligned in one column.
    /// let ends: Vec<usize> = table.lines().map(|l| l.chars().count()).collect();
    /// assert!(ends.iter().all(|&e| e == ends[0]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn work_table(&self) -> String {
        let mut rows = vec![("strategy".to_string(), self.approach.name().to_string())];
        rows.extend(self.execution.rows());
        match &self.stats {
            // The engine's own table, re-aligned with this report's rows;
            // its labels never hold two spaces in a row.
            Some(stats) => rows.extend(stats.table().lines().filter_map(|line| {
                let (label, value) = line.split_once("  ")?;
                Some((label.to_string(), value.trim().to_string()))
            })),
            None => rows.push(("solutions".into(), self.solutions.to_string())),
        }
        let elapsed = rows.iter().position(|(l, _)| l == "elapsed");
        let own = self
            .work
            .iter()
            .map(|(label, value)| (label.to_string(), value.to_string()));
        match elapsed {
            Some(at) => {
                let tail = rows.split_off(at);
                rows.extend(own);
                rows.extend(tail);
            }
            None => {
                rows.extend(own);
                rows.push(("elapsed".into(), format!("{:.3?}", self.elapsed)));
            }
        }
        let label_width = rows
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        let value_width = rows
            .iter()
            .map(|(_, v)| v.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        for (label, value) in rows {
            out.push_str(&format!("{label:<label_width$}  {value:>value_width$}\n"));
        }
        out
    }
}
