//! Every way this crate can solve n queens, behind one enum ([`Approach`])
//! and one runner ([`Plan`]).
//!
//! The approaches are the ones the classic tutorials teach, made honest and
//! comparable: each reports the work it did in a [`Report`]. Where a
//! tutorial approach *is* an engine strategy it runs on the engine, not on a
//! copy: `product` is the engine's generate-and-test, `three-sets` is its
//! backtracking on the model's three all-different constraints, `greedy` is
//! backtracking with a zero backtrack limit. Only the combination brute force
//! and the bit-mask reference counter are separate code, because the engine
//! has no counterpart for them.
//!
//! ```
//! use nqueens::approach::{Approach, Goal, Plan};
//! use nqueens::board::Board;
//!
//! let board = Board::square(8)?;
//! let report = Plan::new(Approach::ThreeSets, Goal::Count).count(board)?;
//! assert_eq!(report.solutions, 92);
//! assert_eq!(report.stats.unwrap().nodes, 2057); // the textbook's recursive calls
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::combinations::{self, CombinationError, CombinationReport};
use crate::placement::Placement;
use crate::reference::{self, ReferenceError};
use crate::symmetry::is_canonical;
use csp::{
    Limits, LocalStatus, MinConflicts, NoObserver, Observer, Restarts, Solver, Stats, Status,
    StopReason, Strategy, ValueOrder, VarOrder,
};
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A way to solve the puzzle.
///
/// ```
/// use nqueens::approach::Approach;
/// let a: Approach = "three-sets".parse()?;
/// assert_eq!(a.engine_strategy(), Some(csp::Strategy::Backtracking));
/// assert_eq!(Approach::Product.engine_strategy(), Some(csp::Strategy::GenerateAndTest));
/// assert_eq!(Approach::Reference.engine_strategy(), None);
/// # Ok::<(), nqueens::approach::ParseApproachError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Approach {
    /// The engine's generate-and-test: assign every row, then test the board.
    GenerateAndTest,
    /// The engine's backtracking: check each queen against the placed ones.
    Backtracking,
    /// The engine's forward checking: remove attacked squares from later rows.
    ForwardChecking,
    /// The engine's arc consistency: propagate to a fixpoint after each queen.
    ArcConsistency,
    /// Tutorial brute force: every choice of `min(r, c)` squares of the board.
    Combinations,
    /// Tutorial brute force over the product of a column per row; this *is*
    /// the engine's generate-and-test.
    Product,
    /// Tutorial greedy: first safe column per row, never undo (the engine's
    /// backtracking with a zero backtrack limit).
    Greedy,
    /// Tutorial backtracking with column and diagonal sets; this *is* the
    /// engine's backtracking on the model's three all-different constraints.
    ThreeSets,
    /// The hand-written bit-mask counter: the speed reference (count only).
    Reference,
    /// The engine's min-conflicts local search: one solution, fast even for
    /// a million queens, but it cannot enumerate or prove there is none.
    MinConflicts,
}

impl Approach {
    /// Every approach, in the order help texts list them.
    ///
    /// ```
    /// assert_eq!(nqueens::approach::Approach::ALL.len(), 10);
    /// ```
    pub const ALL: [Approach; 10] = [
        Approach::GenerateAndTest,
        Approach::Backtracking,
        Approach::ForwardChecking,
        Approach::ArcConsistency,
        Approach::Combinations,
        Approach::Product,
        Approach::Greedy,
        Approach::ThreeSets,
        Approach::Reference,
        Approach::MinConflicts,
    ];

    /// The kebab-case name used on command lines.
    ///
    /// ```
    /// assert_eq!(nqueens::approach::Approach::ThreeSets.name(), "three-sets");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Approach::GenerateAndTest => "generate-and-test",
            Approach::Backtracking => "backtracking",
            Approach::ForwardChecking => "forward-checking",
            Approach::ArcConsistency => "arc-consistency",
            Approach::Combinations => "combinations",
            Approach::Product => "product",
            Approach::Greedy => "greedy",
            Approach::ThreeSets => "three-sets",
            Approach::Reference => "reference",
            Approach::MinConflicts => "min-conflicts",
        }
    }

    /// One line saying what the approach does and what it runs on.
    ///
    /// ```
    /// assert!(nqueens::approach::Approach::Product.description().contains("generate-and-test"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Approach::GenerateAndTest => "engine: assign every row, then test the whole board",
            Approach::Backtracking => "engine: check each queen against those already placed",
            Approach::ForwardChecking => {
                "engine: after each queen, strike the squares it attacks in later rows"
            }
            Approach::ArcConsistency => "engine: after each queen, propagate to a fixpoint",
            Approach::Combinations => {
                "tutorial brute force over every choice of squares (--first or --count)"
            }
            Approach::Product => {
                "tutorial brute force over a column per row (runs the engine's generate-and-test)"
            }
            Approach::Greedy => {
                "tutorial greedy: first safe column per row, never undo (engine backtracking, \
                 zero backtracks)"
            }
            Approach::ThreeSets => {
                "tutorial column/diagonal three-set backtracking (runs the engine's backtracking)"
            }
            Approach::Reference => {
                "hand-written bit-mask counter, the speed reference (--count, square boards)"
            }
            Approach::MinConflicts => {
                "engine local search: repair conflicts until none is left (--first only; \
                 --node-limit bounds the repair steps)"
            }
        }
    }

    /// The engine's systematic strategy this approach runs, or `None` for
    /// the combination search, the reference counter and the local search.
    ///
    /// ```
    /// use nqueens::approach::Approach;
    /// assert_eq!(Approach::Greedy.engine_strategy(), Some(csp::Strategy::Backtracking));
    /// assert_eq!(Approach::Combinations.engine_strategy(), None);
    /// ```
    pub fn engine_strategy(self) -> Option<Strategy> {
        match self {
            Approach::GenerateAndTest | Approach::Product => Some(Strategy::GenerateAndTest),
            Approach::Backtracking | Approach::ThreeSets | Approach::Greedy => {
                Some(Strategy::Backtracking)
            }
            Approach::ForwardChecking => Some(Strategy::ForwardChecking),
            Approach::ArcConsistency => Some(Strategy::ArcConsistency),
            Approach::Combinations | Approach::Reference | Approach::MinConflicts => None,
        }
    }

    /// Whether a running search of this approach stops when the cancel flag
    /// of [`Limits`] is set (the engine's searches do, local search too;
    /// the combination search and the reference counter run to their end).
    ///
    /// ```
    /// use nqueens::approach::Approach;
    /// assert!(Approach::ForwardChecking.is_cancellable());
    /// assert!(!Approach::Reference.is_cancellable());
    /// ```
    pub fn is_cancellable(self) -> bool {
        self.engine_strategy().is_some() || self == Approach::MinConflicts
    }
}

impl fmt::Display for Approach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that [`Approach`]'s `FromStr` does not know.
///
/// ```
/// let err = "magic".parse::<nqueens::approach::Approach>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown strategy 'magic' (expected one of: generate-and-test,"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseApproachError {
    /// The text that was not recognised.
    pub input: String,
}

impl fmt::Display for ParseApproachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Approach::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown strategy '{}' (expected one of: {})",
            self.input,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseApproachError {}

impl FromStr for Approach {
    type Err = ParseApproachError;

    /// Parses a name, ignoring case, surrounding spaces and `_` for `-`.
    fn from_str(s: &str) -> Result<Approach, ParseApproachError> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Approach::ALL
            .into_iter()
            .find(|a| a.name() == wanted)
            .ok_or_else(|| ParseApproachError {
                input: s.to_string(),
            })
    }
}

/// What the user wants from the search.
///
/// ```
/// use nqueens::approach::Goal;
/// assert_ne!(Goal::All, Goal::Count);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// List every solution (up to the solution limit).
    All,
    /// Stop at the first solution.
    First,
    /// Count solutions without listing them.
    Count,
}

/// Why a plan cannot run on a board.
///
/// ```
/// use nqueens::approach::{Approach, ApproachError, Goal, Plan};
/// use nqueens::board::Board;
/// let err = Plan::new(Approach::Reference, Goal::All).validate(Board::square(8)?).unwrap_err();
/// assert!(matches!(err, ApproachError::Unsupported { .. }));
/// assert!(err.to_string().contains("--count"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApproachError {
    /// The approach cannot do what was asked.
    Unsupported {
        /// The approach.
        approach: Approach,
        /// What it cannot do, and what it can.
        reason: &'static str,
    },
    /// The combination search refused the board.
    Combinations(CombinationError),
    /// The reference counter refused the board.
    Reference(ReferenceError),
}

impl fmt::Display for ApproachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApproachError::Unsupported { approach, reason } => {
                write!(f, "the {approach} strategy {reason}")
            }
            ApproachError::Combinations(e) => e.fmt(f),
            ApproachError::Reference(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ApproachError {}

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
    board: Board,
    values: &'a [i32],
    index: u64,
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

/// A configured run: approach, goal, engine orders, limits, symmetry.
///
/// `limits.solutions` caps the solutions handed over (after `unique`
/// filtering); `limits.cancel` stops engine searches from another thread.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// let plan = Plan { unique: true, ..Plan::new(Approach::ForwardChecking, Goal::Count) };
/// assert_eq!(plan.count(Board::square(8)?)?.solutions, 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    /// How to search.
    pub approach: Approach,
    /// What to search for.
    pub goal: Goal,
    /// Engine variable order.
    pub var_order: VarOrder,
    /// Engine value order.
    pub value_order: ValueOrder,
    /// Seed for random value order and restart tie-breaking.
    pub seed: u64,
    /// Engine restarts (first-solution search).
    pub restarts: Option<Restarts>,
    /// Node, failure, time and solution limits, and the cancel flag. The
    /// node limit also bounds the combinations examined.
    pub limits: Limits,
    /// Hand over only fundamental solutions (the least of each symmetry class).
    pub unique: bool,
    /// Count with the board's mirror symmetry: search only the first
    /// line's lower half (and the middle) and double (`--count` only).
    pub mirror: bool,
}

/// True when the engine's systematic search accepts `board`: its model's
/// domains hold at most [`csp::MAX_TOTAL_VALUES`] values in all (a square
/// board of side 16,384 at most). Checked before any work, so a larger
/// board is refused at once instead of being built and then not searched.
///
/// ```
/// use nqueens::approach::fits_systematic_search;
/// use nqueens::board::Board;
/// assert!(fits_systematic_search(Board::square(16_384)?));
/// assert!(!fits_systematic_search(Board::square(16_385)?));
/// assert!(fits_systematic_search(Board::new(1, 1_000_000)?));
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub fn fits_systematic_search(board: Board) -> bool {
    let (lines, values) = board.model_shape();
    (lines as u128) * (values as u128) <= csp::MAX_TOTAL_VALUES as u128
}

/// The largest board side the systematic engine handles comfortably
/// (n = 10,000 needs about 2 GB).
const MAX_COMFORTABLE_SYSTEMATIC: usize = 10_000;

/// The failure cutoff unit of the default restarts for `--first`.
const DEFAULT_LUBY_SCALE: u64 = 100;

impl Plan {
    /// A plan with the engine's defaults: input variable order, ascending
    /// values, seed 0, no restarts, no limits, all solutions.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// let plan = Plan::new(Approach::Backtracking, Goal::All);
    /// assert_eq!(plan.var_order, csp::VarOrder::Input);
    /// assert!(plan.restarts.is_none());
    /// ```
    pub fn new(approach: Approach, goal: Goal) -> Plan {
        Plan {
            approach,
            goal,
            var_order: VarOrder::Input,
            value_order: ValueOrder::Ascending,
            seed: 0,
            restarts: None,
            limits: Limits::default(),
            unique: false,
            mirror: false,
        }
    }

    /// What serves a user best: forward checking; for the first solution
    /// also smallest-domain-first with Luby restarts, which answers at once
    /// even for thousands of queens.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::board::Board;
    /// let plan = Plan::recommended(Goal::First);
    /// assert_eq!(plan.var_order, csp::VarOrder::SmallestDomain);
    /// let report = plan.count(Board::square(200)?)?;
    /// assert_eq!(report.solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recommended(goal: Goal) -> Plan {
        let plan = Plan::new(Approach::ForwardChecking, goal);
        if goal == Goal::First {
            Plan {
                var_order: VarOrder::SmallestDomain,
                restarts: Some(Restarts::Luby {
                    scale: DEFAULT_LUBY_SCALE,
                }),
                ..plan
            }
        } else {
            plan
        }
    }

    /// [`Plan::recommended`] for `board`: the same, except that the first
    /// solution of a board too large for the systematic engine to handle
    /// comfortably (more than 10,000 queens, where its bit sets and trail
    /// take gigabytes and the search minutes) comes from min-conflicts,
    /// which needs about 0.4 KB and a few microseconds per queen.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let small = Plan::recommended_for(Goal::First, Board::square(10_000)?);
    /// assert_eq!(small.approach, Approach::ForwardChecking);
    /// let large = Plan::recommended_for(Goal::First, Board::square(16_384)?);
    /// assert_eq!(large.approach, Approach::MinConflicts);
    /// assert!(large.slow_warning(Board::square(16_384)?).is_none());
    /// let count = Plan::recommended_for(Goal::Count, Board::square(16_384)?);
    /// assert_eq!(count.approach, Approach::ForwardChecking);
    /// # Ok::<(), nqueens::board::BoardError>(())
    /// ```
    pub fn recommended_for(goal: Goal, board: Board) -> Plan {
        if goal == Goal::First && board.queens() > MAX_COMFORTABLE_SYSTEMATIC {
            Plan::new(Approach::MinConflicts, goal)
        } else {
            Plan::recommended(goal)
        }
    }

    /// Checks that the approach can do what the plan asks on `board`.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let board = Board::square(8)?;
    /// assert!(Plan::new(Approach::Combinations, Goal::First).validate(board).is_ok());
    /// assert!(Plan::new(Approach::Combinations, Goal::All).validate(board).is_err());
    /// assert!(Plan::new(Approach::Reference, Goal::Count).validate(Board::new(4, 5)?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, board: Board) -> Result<(), ApproachError> {
        let unsupported = |reason| {
            Err(ApproachError::Unsupported {
                approach: self.approach,
                reason,
            })
        };
        if self.mirror {
            if self.goal != Goal::Count || self.unique {
                return unsupported("uses the mirror symmetry only to count every solution (--count, without --unique)");
            }
            if self.approach.engine_strategy().is_none() || self.approach == Approach::Greedy {
                return unsupported("has no mirror-symmetric count (use an engine strategy)");
            }
        }
        if self.approach.engine_strategy().is_some() && !fits_systematic_search(board) {
            return unsupported(
                "searches boards of at most 2^28 squares, such as 16384 × 16384 (its domains \
                 are bit sets); --strategy min-conflicts finds a first solution of larger boards",
            );
        }
        match self.approach {
            Approach::Combinations => {
                if self.goal == Goal::All {
                    return unsupported(
                        "only finds the first solution (--first) or counts them (--count)",
                    );
                }
                if self.unique {
                    return unsupported("cannot pick fundamental solutions (--unique)");
                }
                combinations::first_by_combinations(board.rows(), board.cols(), Some(0))
                    .map(drop)
                    .map_err(ApproachError::Combinations)
            }
            Approach::Reference => {
                if self.goal != Goal::Count {
                    return unsupported("only counts solutions (use it with --count)");
                }
                if self.unique {
                    return unsupported("counts every solution, not fundamental ones (--unique)");
                }
                if !board.is_square() {
                    return unsupported("only counts square boards");
                }
                let l = &self.limits;
                if l.nodes.is_some() || l.failures.is_some() || l.time.is_some() {
                    return unsupported("runs to the end: it takes no node, failure or time limit");
                }
                check_reference_size(board.rows())
            }
            Approach::MinConflicts => {
                if self.goal != Goal::First {
                    return unsupported(
                        "finds one solution (use it with --first): a local search can \
                         neither enumerate solutions nor prove there is none",
                    );
                }
                if self.unique {
                    return unsupported("finds any one solution, not a fundamental one (--unique)");
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Runs the plan, reporting engine events to `observer` and handing each
    /// solution to `on_solution` (which may stop the run by returning
    /// `Break`; the report then says `Stopped(Cancelled)`). The combination
    /// search hands over its first solution; the counts of the combination
    /// search and of the reference counter hand over none.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// use std::ops::ControlFlow;
    /// let plan = Plan::new(Approach::ForwardChecking, Goal::All);
    /// let (report, tracer) = plan.run(Board::square(4)?, csp::Tracer::new(Vec::new()), |_| ControlFlow::Continue(()))?;
    /// assert_eq!(report.solutions, 2);
    /// assert!(!tracer.into_inner().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<O: Observer>(
        &self,
        board: Board,
        observer: O,
        on_solution: impl FnMut(Found<'_>) -> ControlFlow<()>,
    ) -> Result<(Report, O), ApproachError> {
        self.validate(board)?;
        let mut handover = Handover {
            board,
            unique: self.unique,
            cap: match self.goal {
                Goal::First => Some(1),
                _ => self.limits.solutions,
            },
            accepted: 0,
            on_solution,
        };
        match self.approach {
            Approach::Combinations => Ok((self.run_combinations(board, &mut handover)?, observer)),
            Approach::Reference => Ok((self.run_reference(board)?, observer)),
            Approach::MinConflicts => Ok((self.run_local(board, &mut handover), observer)),
            _ if self.mirror => Ok((self.run_mirror_count(board), observer)),
            _ => Ok(self.run_engine(board, observer, &mut handover)),
        }
    }

    /// [`Plan::run`] without an observer.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use std::ops::ControlFlow;
    /// let mut columns = Vec::new();
    /// let report = Plan::recommended(Goal::All).for_each(nqueens::board::Board::square(8)?, |found| {
    ///     columns.push(found.placement().columns());
    ///     if columns.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!((columns.len(), report.solutions), (3, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each(
        &self,
        board: Board,
        on_solution: impl FnMut(Found<'_>) -> ControlFlow<()>,
    ) -> Result<Report, ApproachError> {
        self.run(board, NoObserver, on_solution).map(|(r, _)| r)
    }

    /// Runs the plan without looking at the solutions.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// let report = Plan::new(Approach::ArcConsistency, Goal::Count).count(nqueens::board::Board::square(7)?)?;
    /// assert_eq!(report.solutions, 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, board: Board) -> Result<Report, ApproachError> {
        self.for_each(board, |_| ControlFlow::Continue(()))
    }

    /// The solutions as placements, collected: for tests and small boards
    /// only (the runner itself streams).
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let all = Plan::new(Approach::ArcConsistency, Goal::All).solutions(Board::new(2, 3)?)?;
    /// assert!(all.iter().all(|p| p.is_legal()) && !all.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self, board: Board) -> Result<Vec<Placement>, ApproachError> {
        let mut all = Vec::new();
        self.for_each(board, |found| {
            all.push(found.placement());
            ControlFlow::Continue(())
        })?;
        Ok(all)
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

    fn run_engine<O: Observer, F: FnMut(Found<'_>) -> ControlFlow<()>>(
        &self,
        board: Board,
        observer: O,
        handover: &mut Handover<F>,
    ) -> (Report, O) {
        let strategy = self
            .approach
            .engine_strategy()
            .expect("run_engine is only called for engine approaches");
        let greedy = self.approach == Approach::Greedy;
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
        let work = match self.approach {
            // Generate-and-test tests complete boards only: each is a
            // failure or a solution.
            Approach::Product | Approach::GenerateAndTest => {
                vec![(
                    "boards built",
                    search.stats().failures + search.stats().solutions,
                )]
            }
            _ => Vec::new(),
        };
        let report = Report {
            approach: self.approach,
            solutions: handover.accepted,
            status,
            stats: Some(stats),
            work,
            stuck,
            elapsed: search.stats().elapsed,
        };
        (report, search.into_observer())
    }

    /// Counts every solution using the reflection that maps each line's
    /// value `v` to `long - 1 - v` (a mirror of the board): solutions whose
    /// first line is in the lower half are counted once and doubled; on an
    /// odd long side, those with the first line in the middle are counted by
    /// the same argument on the second line.
    fn run_mirror_count(&self, board: Board) -> Report {
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

    fn run_combinations<F: FnMut(Found<'_>) -> ControlFlow<()>>(
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
        if self.goal == Goal::First {
            if let Some(found) = &result.solution {
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
        }
        Ok(Report {
            approach: self.approach,
            solutions,
            status,
            stats: None,
            work: vec![("combinations examined", result.examined)],
            stuck: None,
            elapsed: started.elapsed(),
        })
    }

    fn run_local<F: FnMut(Found<'_>) -> ControlFlow<()>>(
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
        if let Some(solution) = &outcome.solution {
            if let ControlFlow::Break(s) = handover.offer(solution.values()) {
                status = s;
            }
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
        }
    }

    fn run_reference(&self, board: Board) -> Result<Report, ApproachError> {
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
        })
    }

    /// Roughly how many seconds this plan takes to go through `board`
    /// (for `Goal::First`, at most: the first solution may come sooner),
    /// from measured figures (see [`MEASURED`]); `None` for approaches that
    /// stop early by design (greedy, min-conflicts) or engine searches for
    /// a first solution, which are quick until memory runs short.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let plan = Plan::recommended(Goal::Count);
    /// let s16 = plan.estimated_seconds(Board::square(16)?).unwrap();
    /// let s17 = plan.estimated_seconds(Board::square(17)?).unwrap();
    /// assert!(s16 < 60.0 && s17 > 60.0 && s17 < 3600.0);
    /// assert!(Plan::new(Approach::MinConflicts, Goal::First).estimated_seconds(Board::square(8)?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimated_seconds(&self, board: Board) -> Option<f64> {
        let (lines, values) = board.model_shape();
        let exhaustive = self.goal != Goal::First;
        let boards_at = |rate: f64, log10_boards: f64| 10f64.powf(log10_boards) / rate;
        match self.approach {
            Approach::Greedy | Approach::MinConflicts => None,
            // Boards built: values^lines.
            Approach::GenerateAndTest | Approach::Product => Some(boards_at(
                BOARDS_PER_SECOND,
                lines as f64 * (values as f64).log10(),
            )),
            Approach::Combinations => Some(boards_at(
                COMBINATIONS_PER_SECOND,
                log10_binomial(board.rows() * board.cols(), lines),
            )),
            approach if exhaustive => {
                let m = MEASURED.iter().find(|m| m.approach == approach)?;
                let extra = lines as f64 - m.n as f64;
                let seconds = m.seconds * m.per_queen.powf(extra);
                Some(if self.mirror { seconds / 2.0 } else { seconds })
            }
            _ => None,
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
    /// assert!(Plan::recommended(Goal::Count).slow_warning(Board::square(16)?).is_none());
    /// let w = Plan::recommended(Goal::Count).slow_warning(Board::square(17)?).unwrap();
    /// assert!(w.contains("minutes"), "{w}");
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
            "{what} a {} × {} board with the {} strategy {how_long} on one core of a recent \
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

fn check_reference_size(n: usize) -> Result<(), ApproachError> {
    if (1..=reference::MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(ApproachError::Reference(ReferenceError::InvalidSize { n }))
    }
}

/// `log10` of the binomial coefficient `C(n, k)`.
fn log10_binomial(n: usize, k: usize) -> f64 {
    (0..k.min(n))
        .map(|i| ((n - i) as f64).log10() - ((i + 1) as f64).log10())
        .sum()
}

/// The board square of model line `line` holding value `value`.
fn square(board: Board, line: usize, value: i32) -> (usize, usize) {
    if board.is_tall() {
        (value as usize, line)
    } else {
        (line, value as usize)
    }
}

/// Hands solutions to the caller: drops non-fundamental ones when asked,
/// numbers the rest, and stops at the solution cap.
struct Handover<F> {
    board: Board,
    unique: bool,
    cap: Option<u64>,
    accepted: u64,
    on_solution: F,
}

impl<F: FnMut(Found<'_>) -> ControlFlow<()>> Handover<F> {
    /// `Break(status)` when the run must stop.
    fn offer(&mut self, values: &[i32]) -> ControlFlow<Status> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in Approach::ALL {
            assert_eq!(a.name().parse::<Approach>(), Ok(a));
            assert_eq!(a.to_string(), a.name());
        }
        assert_eq!("Three_Sets".parse::<Approach>(), Ok(Approach::ThreeSets));
    }

    #[test]
    fn binomial_logs() {
        assert!((log10_binomial(64, 8) - 4_426_165_368f64.log10()).abs() < 1e-9);
        assert_eq!(log10_binomial(5, 0), 0.0);
    }

    #[test]
    fn cap_and_break_set_the_status() {
        let board = Board::square(6).unwrap();
        let mut plan = Plan::new(Approach::ForwardChecking, Goal::All);
        plan.limits.solutions = Some(3);
        let report = plan.count(board).unwrap();
        assert_eq!(report.solutions, 3);
        assert_eq!(report.status, Status::Stopped(StopReason::Solutions));
        let plan = Plan::new(Approach::ForwardChecking, Goal::All);
        let report = plan.for_each(board, |_| ControlFlow::Break(())).unwrap();
        assert_eq!(report.solutions, 1);
        assert_eq!(report.status, Status::Stopped(StopReason::Cancelled));
    }
}
