//! What a search did (statistics), what may stop it (limits), and how it ended.

use crate::config::{Strategy, ValueOrder, VarOrder};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Counters a search keeps as it goes.
///
/// * `nodes`: search-tree nodes visited: the root, plus every assignment
///   that survived its check or propagation. For plain backtracking on
///   n-queens this is the textbook's count of recursive calls (2057 for n = 8).
/// * `failures`: assignments rejected by a check or a propagation wipe-out
///   (for generate-and-test: complete assignments that were not solutions).
/// * `backtracks`: times a variable ran out of values and the search went
///   back to the previous choice.
/// * `checks`: elementary consistency tests (a pair of values compared, a
///   constraint checked, a value tested for support).
/// * `pruned`: values removed from domains by propagation.
/// * `propagations`: propagator runs.
/// * `max_depth`: the deepest assignment (number of assigned variables).
/// * `solutions`: solutions found.
/// * `restarts`: restarts made (see [`Restarts`](crate::Restarts)).
/// * `conflicts`: conflicts analysed by clause learning.
/// * `learned`: nogoods (clauses) clause learning learned.
/// * `backjumps`: dead ends or conflicts that jumped back over at least one
///   level (look-back strategies, see [`Strategy::Backjumping`], and clause
///   learning).
/// * `nogoods`: nogoods recorded (see [`Strategy::NogoodLearning`]).
/// * `clause_propagations`: literals the learned clauses implied (clause
///   learning; `clause units` in [`Stats::table`]): how much the nogoods
///   prune; per conflict, a measure of whether learning pays.
/// * `elapsed`: wall-clock time spent searching.
/// * `path`: which search path and domain store ran (see [`SearchPath`]),
///   so that a model or setting that falls off the fast path shows it.
///
/// With the `serde` feature, `Stats` serialises as its counters under the
/// field names above. `elapsed` is left out (and reads as zero): it measures
/// the machine, not the search, so one search always gives the same text;
/// store the time beside it where it matters. Reading refuses unknown and
/// repeated keys.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let stats = Solver::new(&model).count().stats;
/// assert_eq!(stats.solutions, 6);
/// assert!(stats.nodes >= stats.solutions);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Stats {
    /// Nodes visited (root + surviving assignments).
    pub nodes: u64,
    /// Assignments rejected.
    pub failures: u64,
    /// Returns to an earlier choice after exhausting a variable.
    pub backtracks: u64,
    /// Elementary consistency tests.
    pub checks: u64,
    /// Values removed by propagation.
    pub pruned: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// Deepest number of assigned variables.
    pub max_depth: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Restarts made.
    pub restarts: u64,
    /// Conflicts analysed (clause learning). (This and the four counters
    /// below are written only when not 0 and read as 0 when absent, so the
    /// statistics of the other strategies read and write as they did
    /// before them.)
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub conflicts: u64,
    /// Clauses learned (clause learning).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub learned: u64,
    /// Dead ends or conflicts that jumped back over at least one level.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub backjumps: u64,
    /// Nogoods recorded (nogood learning).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub nogoods: u64,
    /// Literals the learned (and blocking) clauses implied (clause
    /// learning).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub clause_propagations: u64,
    /// Time spent.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub elapsed: Duration,
    /// The search path that ran (`None` for statistics not from one
    /// search, such as an empty merge). Not serialised: like the elapsed
    /// time it says how this run went, not what the search found, and part
    /// files merged from different runs must agree on their counters only.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub path: Option<SearchPath>,
}

/// Whether a counter is 0 (then not serialised: see [`Stats::backjumps`]).
#[cfg(feature = "serde")]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Which machinery a search ran on: its domain store, how the pairwise
/// disequalities propagate, and which backend of the one search loop
/// undid its changes.
///
/// ```
/// use csp::{Model, PairwiseKind, Solver, StoreKind, VarOrder};
/// let mut model = Model::new();
/// let q = model.int_vars(8, 0..8).unwrap();
/// model.all_different(&q).unwrap();
/// let path = Solver::new(&model).count().stats.path.unwrap();
/// assert_eq!((path.store, path.pairwise), (StoreKind::OneWord, PairwiseKind::Merged));
/// assert!(path.slot_backend && path.fitted);
/// assert_eq!(
///     path.to_string(),
///     "forward-checking, input order, ascending values (fitted default, permutation shape); \
///      one-word store, merged pairwise, slot backend"
/// );
/// let dynamic = Solver::new(&model).var_order(VarOrder::DomWDeg).count();
/// assert!(!dynamic.stats.path.unwrap().slot_backend);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchPath {
    /// How the working domains are stored.
    pub store: StoreKind,
    /// How not-equal and all-different propagate.
    pub pairwise: PairwiseKind,
    /// True when the search loop ran on the slot backend (forward checking
    /// on one-word domains: neighbours' words saved in fixed slots instead
    /// of on the trail, candidates taken from a domain word); false for
    /// the trail backend, which serves every strategy and order.
    #[cfg_attr(feature = "serde", serde(alias = "kernel"))]
    pub slot_backend: bool,
    /// The pruning strategy that ran.
    pub strategy: Strategy,
    /// The built-in variable order (`input` while a user's selector
    /// replaced it).
    pub var_order: VarOrder,
    /// The built-in value order (`ascending` while a user's ordering
    /// replaced it).
    pub value_order: ValueOrder,
    /// True when the strategy and variable order are the default the
    /// solver fitted to the model (see [`Solver`](crate::Solver)), false
    /// when something about the search's shape was set.
    pub fitted: bool,
    /// True when the fitted default kept the input order for a pairwise
    /// model because every constraint is an all-different over every
    /// variable once (the n-queens shape, see [`Solver`](crate::Solver));
    /// false for the other pairwise models, which get
    /// smallest-domain-first.
    #[cfg_attr(feature = "serde", serde(default))]
    pub permutation_shape: bool,
    /// True when the variable order chose among the model's own variables
    /// before the helpers its expressions introduced
    /// ([`Model::is_expression_helper`](crate::Model::is_expression_helper)):
    /// the fitted default's dynamic order on a model with such helpers.
    #[cfg_attr(feature = "serde", serde(default))]
    pub helpers_last: bool,
    /// True when the all-differents that chose no level ran at bounds
    /// level: set with [`Solver::all_different_level`](crate::Solver::all_different_level),
    /// or the fitted default's branch and bound over expression helpers.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bounds_all_different: bool,
}

impl SearchPath {
    /// The earlier name of [`SearchPath::slot_backend`] (from when the slot
    /// backend was a loop of its own).
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let path = csp::Solver::new(&model).count().stats.path.unwrap();
    /// #[allow(deprecated)]
    /// let old = path.kernel();
    /// assert_eq!(old, path.slot_backend);
    /// ```
    #[deprecated(note = "renamed `slot_backend`")]
    pub fn kernel(&self) -> bool {
        self.slot_backend
    }
}

/// The working domains' representation.
///
/// ```
/// assert_eq!(csp::StoreKind::OneWord.to_string(), "one-word store");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StoreKind {
    /// Every domain fits one machine word: bit operations, no indirection.
    OneWord,
    /// Some domain spans several words: an arena of word runs.
    MultiWord,
}

/// How the pairwise disequalities (not-equal, all-different) propagate.
///
/// ```
/// assert_eq!(csp::PairwiseKind::Merged.to_string(), "merged pairwise");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PairwiseKind {
    /// One propagator for all of them, over per-variable neighbour lists
    /// (one word operation per neighbour): one-word models, forward
    /// checking and arc consistency.
    Merged,
    /// Each constraint's own propagator, walking its scope (multi-word
    /// domains, huge scopes, or a strategy that only checks).
    PerConstraint,
}

impl fmt::Display for StoreKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StoreKind::OneWord => "one-word store",
            StoreKind::MultiWord => "multi-word store",
        })
    }
}

impl fmt::Display for PairwiseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PairwiseKind::Merged => "merged pairwise",
            PairwiseKind::PerConstraint => "pairwise per constraint",
        })
    }
}

impl SearchPath {
    /// The strategy and orders that ran, and whether the solver fitted
    /// them to the model: `arc-consistency, smallest-domain order,
    /// ascending values (fitted default)`, for a pairwise model `(fitted
    /// default, pairwise)` or, input order kept for the n-queens shape,
    /// `(fitted default, permutation shape)`; with `, helpers last` after
    /// the order when the model's own variables were chosen first, and
    /// `, bounds all-different` after the values when the all-differents
    /// ran at bounds level.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..4).unwrap();
    /// model.all_different([x[1] - x[0], x[2] - x[1]]).unwrap();
    /// let path = Solver::new(&model).count().stats.path.unwrap();
    /// assert!(path.helpers_last);
    /// assert_eq!(
    ///     path.settings(),
    ///     "arc-consistency, input order, helpers last, ascending values (fitted default)"
    /// );
    /// let mut best = Solver::new(&model).minimize(x[2]).unwrap();
    /// assert_eq!(best.by_ref().last().map(|i| i.value), Some(0));
    /// assert!(best.outcome().stats.path.unwrap().settings().ends_with(
    ///     "ascending values, bounds all-different (fitted default)"
    /// ));
    /// ```
    pub fn settings(&self) -> String {
        let chosen = match (self.fitted, self.strategy) {
            (false, _) => "as set",
            (true, _) if self.permutation_shape => "fitted default, permutation shape",
            (true, Strategy::ForwardChecking) => "fitted default, pairwise",
            (true, _) => "fitted default",
        };
        let helpers = if self.helpers_last {
            ", helpers last"
        } else {
            ""
        };
        let bounds = if self.bounds_all_different {
            ", bounds all-different"
        } else {
            ""
        };
        format!(
            "{}, {} order{helpers}, {} values{bounds} ({chosen})",
            self.strategy, self.var_order, self.value_order
        )
    }

    /// The store, pairwise propagation and backend that ran: `one-word
    /// store, merged pairwise, slot backend`.
    pub fn machinery(&self) -> String {
        let driver = if self.slot_backend {
            "slot backend"
        } else {
            "trail backend"
        };
        format!("{}, {}, {driver}", self.store, self.pairwise)
    }
}

impl fmt::Display for SearchPath {
    /// [`SearchPath::settings`], then [`SearchPath::machinery`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.settings(), self.machinery())
    }
}

impl Stats {
    /// Adds another search's counters to these (for split searches); the
    /// elapsed time and depth take the maximum.
    ///
    /// ```
    /// let mut a = csp::Stats { nodes: 2, ..Default::default() };
    /// a.merge(&csp::Stats { nodes: 3, ..Default::default() });
    /// assert_eq!(a.nodes, 5);
    /// ```
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.failures += other.failures;
        self.backtracks += other.backtracks;
        self.checks += other.checks;
        self.pruned += other.pruned;
        self.propagations += other.propagations;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.solutions += other.solutions;
        self.restarts += other.restarts;
        self.conflicts += other.conflicts;
        self.learned += other.learned;
        self.backjumps += other.backjumps;
        self.nogoods += other.nogoods;
        self.clause_propagations += other.clause_propagations;
        self.elapsed = self.elapsed.max(other.elapsed);
        self.path = self.path.or(other.path);
    }

    /// The statistics as aligned `label  value` lines (for `--stats`),
    /// then the strategy and orders that ran (and whether the solver
    /// fitted them to the model) and the search path.
    ///
    /// ```
    /// let text = csp::Stats::default().table();
    /// assert!(text.contains("nodes") && text.contains("elapsed"));
    /// let model = csp::Model::new();
    /// let text = csp::Solver::new(&model).count().stats.table();
    /// assert!(text.contains("search         forward-checking, smallest-domain order, ascending values (fitted default, pairwise)"));
    /// ```
    pub fn table(&self) -> String {
        let counts: [(&str, String); 15] = [
            ("solutions", self.solutions.to_string()),
            ("nodes", self.nodes.to_string()),
            ("failures", self.failures.to_string()),
            ("backtracks", self.backtracks.to_string()),
            ("checks", self.checks.to_string()),
            ("values pruned", self.pruned.to_string()),
            ("propagations", self.propagations.to_string()),
            ("max depth", self.max_depth.to_string()),
            ("restarts", self.restarts.to_string()),
            ("conflicts", self.conflicts.to_string()),
            ("learned", self.learned.to_string()),
            ("backjumps", self.backjumps.to_string()),
            ("nogoods", self.nogoods.to_string()),
            ("clause units", self.clause_propagations.to_string()),
            ("elapsed", format!("{:.3?}", self.elapsed)),
        ];
        let texts = self
            .path
            .map(|p| [("search", p.settings()), ("search path", p.machinery())]);
        let texts = texts.iter().flatten();
        let width = (counts.iter().chain(texts.clone()))
            .map(|(l, _)| l.len())
            .max()
            .unwrap_or(0);
        let vwidth = counts.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
        let counts = counts
            .iter()
            .map(|(l, v)| format!("{l:<width$}  {v:>vwidth$}\n"));
        let texts = texts.map(|(l, v)| format!("{l:<width$}  {v}\n"));
        counts.chain(texts).collect()
    }
}

/// Bounds on a search. A search that reaches one stops and says so in its
/// [`Status`]; what it found up to then is kept.
///
/// `backtracks: Some(0)` turns any strategy into greedy search: it never
/// undoes a choice whose subtree failed.
///
/// ```
/// use csp::Limits;
/// use std::time::Duration;
/// let limits = Limits { nodes: Some(10_000), time: Some(Duration::from_secs(2)), ..Limits::default() };
/// assert!(limits.failures.is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this many failures.
    pub failures: Option<u64>,
    /// Stop instead of making more than this many backtracks.
    pub backtracks: Option<u64>,
    /// Stop after this many solutions.
    pub solutions: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop as soon as this flag is set (from another thread or a signal handler).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop once the process's resident memory passes this many bytes
    /// (all its searches count). Read from the system where the clock is
    /// polled, at most every 10 ms: on Linux; elsewhere it never stops a
    /// search. A deep search over many wide domains keeps a trail that
    /// grows with its depth; this stops it before the machine does.
    pub memory: Option<u64>,
    /// Passed at each poll of the clock (see [`Gate`]): a function that
    /// may block, pausing the search where it stands until it returns.
    pub gate: Option<Gate>,
}

/// A function a search calls each time it polls the clock and the cancel
/// flag ([`Limits::time`], [`Limits::cancel`]): every 256 nodes, sooner
/// after heavy nodes, and inside long propagations. It sees the search's
/// statistics so far (all zero while the propagators are being posted),
/// so that a scheduler can weigh how the search is going. It may block:
/// the search then pauses exactly where it stands (nothing is undone or
/// counted) and goes on when the function returns, so two searches on two
/// threads can take turns on one core. The time limit counts the pause
/// too (it is wall-clock time from the search's creation), and the limits
/// are checked after the function returns.
///
/// ```
/// use csp::{Gate, Limits, Model, Solver, Stats};
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::Arc;
/// let mut model = Model::new();
/// let x = model.int_vars(8, 0..8).unwrap();
/// model.all_different(&x).unwrap();
/// let (passes, nodes) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
/// let (p, n) = (passes.clone(), nodes.clone());
/// let gate = Gate::new(move |stats: &Stats| {
///     p.fetch_add(1, Ordering::Relaxed);
///     n.fetch_max(stats.nodes, Ordering::Relaxed);
/// });
/// let solver = Solver::new(&model).limits(Limits { gate: Some(gate), ..Limits::default() });
/// assert_eq!(solver.count().solutions(), 40_320); // 8!
/// assert!(passes.load(Ordering::Relaxed) > 0 && nodes.load(Ordering::Relaxed) > 0);
/// ```
#[derive(Clone)]
pub struct Gate(Arc<GateFn>);

/// A gate's function: the statistics, and the share of the tree done if
/// the search can tell ([`Gate::with_progress`]).
type GateFn = dyn Fn(&Stats, Option<f64>) + Send + Sync;

impl Gate {
    /// A gate that calls `pass` at each poll with the statistics so far.
    pub fn new(pass: impl Fn(&Stats) + Send + Sync + 'static) -> Gate {
        Gate(Arc::new(move |stats, _| pass(stats)))
    }

    /// A gate that calls `pass` at each poll with the statistics so far and
    /// an estimate of the share of the search tree done, in `0..=1`
    /// (`None` where the search cannot tell: clause learning's search, a
    /// level whose values are not listed, the posting of the
    /// propagators). Each level counts the values it finished as equal
    /// shares of what was left of it, so a failed value weighs like a
    /// whole subtree and the estimate runs behind the search's true
    /// progress; without restarts it never decreases (up to rounding). A
    /// scheduler can tell from it a search about to finish.
    ///
    /// ```
    /// use csp::{Gate, Limits, Model, Solver, Strategy};
    /// use std::sync::{Arc, Mutex};
    /// let mut model = Model::new();
    /// let x = model.int_vars(7, 0..7).unwrap();
    /// model.all_different(&x).unwrap();
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = seen.clone();
    /// let gate = Gate::with_progress(move |_, progress| log.lock().unwrap().push(progress));
    /// let solver = Solver::new(&model)
    ///     .strategy(Strategy::ArcConsistency)
    ///     .binary_branching(true)
    ///     .limits(Limits { gate: Some(gate), ..Limits::default() });
    /// assert_eq!(solver.count().solutions(), 5_040); // 7!
    /// let seen: Vec<f64> = seen.lock().unwrap().iter().flatten().copied().collect();
    /// assert!(!seen.is_empty() && seen.windows(2).all(|w| w[0] <= w[1]));
    /// assert!(seen.iter().all(|&p| (0.0..=1.0).contains(&p)));
    /// ```
    pub fn with_progress(pass: impl Fn(&Stats, Option<f64>) + Send + Sync + 'static) -> Gate {
        Gate(Arc::new(pass))
    }

    /// Calls the gate's function (which may block).
    pub(crate) fn pass(&self, stats: &Stats, progress: Option<f64>) {
        (self.0)(stats, progress)
    }
}

impl fmt::Debug for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Gate")
    }
}

impl Limits {
    /// The time limit (counted from `since`) or the cancel flag, if one
    /// holds, after passing the gate with the search's `stats` and its
    /// `progress` (read only for a gate): what long phases (posting,
    /// propagation) and the search's periodic poll check.
    pub(crate) fn time_or_cancel(
        &self,
        since: std::time::Instant,
        stats: &Stats,
        progress: impl FnOnce() -> Option<f64>,
    ) -> Option<StopReason> {
        if let Some(gate) = &self.gate {
            gate.pass(stats, progress());
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if let Some(limit) = self.memory
            && crate::resident::over(limit)
        {
            return Some(StopReason::Memory);
        }
        match self.time {
            Some(t) if since.elapsed() >= t => Some(StopReason::Time),
            _ => None,
        }
    }
}

/// Which limit stopped a search.
///
/// ```
/// assert_eq!(csp::StopReason::Nodes.to_string(), "node limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// [`Limits::nodes`] reached.
    Nodes,
    /// [`Limits::failures`] reached.
    Failures,
    /// [`Limits::backtracks`] reached.
    Backtracks,
    /// [`Limits::solutions`] reached.
    Solutions,
    /// [`Limits::time`] reached.
    Time,
    /// [`Limits::cancel`] was set.
    Cancelled,
    /// [`Limits::memory`] passed.
    Memory,
    /// The model's domains are too large to hold as bit sets for a
    /// systematic search (local search may still work).
    TooLarge,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Nodes => "node limit",
            StopReason::Failures => "failure limit",
            StopReason::Backtracks => "backtrack limit",
            StopReason::Solutions => "solution limit",
            StopReason::Time => "time limit",
            StopReason::Cancelled => "cancelled",
            StopReason::Memory => "memory limit",
            StopReason::TooLarge => "model too large for bit-set domains",
        })
    }
}

/// How a search ended.
///
/// ```
/// use csp::Status;
/// assert!(Status::Complete.is_complete());
/// assert!(!Status::Stopped(csp::StopReason::Time).is_complete());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still running (only seen while iterating).
    Running,
    /// The whole search space was explored: the solutions found are all there are.
    Complete,
    /// A limit stopped the search: there may be more solutions.
    Stopped(StopReason),
}

impl Status {
    /// True when the search explored everything.
    ///
    /// ```
    /// assert!(!csp::Status::Running.is_complete());
    /// ```
    pub fn is_complete(self) -> bool {
        self == Status::Complete
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Running => f.write_str("running"),
            Status::Complete => f.write_str("complete"),
            Status::Stopped(r) => write!(f, "stopped ({r})"),
        }
    }
}

/// The result of a finished (or stopped) search: how it ended, and its counters.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// model.int_vars(2, 0..3).unwrap();
/// let outcome = Solver::new(&model).count();
/// assert!(outcome.status.is_complete());
/// assert_eq!(outcome.solutions(), 9);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Complete, or which limit stopped it.
    pub status: Status,
    /// What the search did.
    pub stats: Stats,
}

impl Outcome {
    /// The number of solutions found.
    ///
    /// ```
    /// # use csp::{Model, Solver};
    /// # let model = Model::new();
    /// assert_eq!(Solver::new(&model).count().solutions(), 1); // the empty assignment
    /// ```
    pub fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    /// Proven unsatisfiable: the search completed without a solution (an
    /// empty domain, a root contradiction, or no assignment satisfies
    /// every constraint).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// model.all_different(&x).unwrap(); // three pigeons, two holes
    /// assert!(Solver::new(&model).count().is_unsatisfiable());
    /// ```
    pub fn is_unsatisfiable(&self) -> bool {
        self.status.is_complete() && self.stats.solutions == 0
    }
}
