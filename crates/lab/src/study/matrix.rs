//! The study matrix: strategies × variable orders × value orders ×
//! subjects (the models compared: board sizes, a FlatZinc file), one
//! limited engine search per cell.

use crate::study::choices::Choices;
use csp::{Limits, Model, Restarts, Solver, Status, StopReason, Strategy, ValueOrder, VarOrder};
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::borrow::Borrow;
use std::fmt;

/// What each run searches for.
///
/// ```
/// assert_eq!(csp_lab::study::Mode::First.to_string(), "first");
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
/// use csp_lab::study::RunStatus;
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
    /// assert!(!csp_lab::study::RunStatus::LimitReached(csp::StopReason::Time).is_finished());
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

/// What a row is about besides the engine settings: a number (a board
/// size) or a name (a model file).
///
/// ```
/// use csp_lab::study::Label;
/// assert_eq!(Label::Number(8).to_string(), "8");
/// assert_eq!(Label::Name("golomb.fzn".into()).to_string(), "golomb.fzn");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    /// A parameter such as a board size: right-aligned, a number in JSON.
    Number(u64),
    /// A name such as a file's: left-aligned, a string in JSON.
    Name(String),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Number(n) => write!(f, "{n}"),
            Label::Name(s) => f.write_str(s),
        }
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Label::Number(n) => s.serialize_u64(*n),
            Label::Name(name) => s.serialize_str(name),
        }
    }
}

/// The models a study compares: the column's title in the table and its
/// key in CSV and JSON (`n`, `model`), and one label per model.
///
/// ```
/// use csp_lab::study::{Label, Subjects};
/// let sizes = Subjects::new("n", (4..=6).map(Label::Number).collect());
/// assert_eq!(sizes.labels().len(), 3);
/// assert_eq!(sizes.column(), "n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subjects {
    column: &'static str,
    labels: Vec<Label>,
}

impl Subjects {
    /// Subjects titled `column`, in the order given.
    pub fn new(column: &'static str, labels: Vec<Label>) -> Subjects {
        Subjects { column, labels }
    }

    /// The column's title and key.
    pub fn column(&self) -> &'static str {
        self.column
    }

    /// The labels, one per model.
    pub fn labels(&self) -> &[Label] {
        &self.labels
    }
}

/// One cell of the matrix: the settings and what the search did.
/// Serialises (CSV, JSON) with names for the settings, the subject under
/// its column's key, and the time in seconds.
///
/// ```
/// use csp_lab::study::{Label, Matrix, Mode, Subjects};
/// let mut model = csp::Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let subjects = Subjects::new("model", vec![Label::Name("perm".into())]);
/// let matrix = Matrix::new(Mode::All, csp::Limits::default());
/// let run = matrix.runs(&subjects, |_| &model).next().unwrap();
/// assert_eq!(run.solutions, 6);
/// let json = serde_json::to_value(&run).unwrap();
/// assert_eq!((json["strategy"].as_str(), json["model"].as_str()), (Some("generate-and-test"), Some("perm")));
/// assert_eq!(json["status"], "complete");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Pruning strategy.
    pub strategy: Strategy,
    /// Variable order.
    pub var_order: VarOrder,
    /// Value order.
    pub value_order: ValueOrder,
    /// The subject's column key (see [`Subjects`]).
    pub column: &'static str,
    /// Which model.
    pub subject: Label,
    /// All solutions or the first.
    pub mode: Mode,
    /// How the run ended.
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
    /// Dead ends that jumped back over at least one level (look-back).
    pub backjumps: u64,
    /// Nogoods recorded (nogood learning).
    pub nogoods: u64,
    /// Search time in seconds (measured, so it varies between runs).
    pub seconds: f64,
}

impl Serialize for Run {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut r = s.serialize_struct("Run", 15)?;
        r.serialize_field("strategy", &Named(self.strategy))?;
        r.serialize_field("var_order", &Named(self.var_order))?;
        r.serialize_field("value_order", &Named(self.value_order))?;
        r.serialize_field(self.column, &self.subject)?;
        r.serialize_field("mode", &self.mode)?;
        r.serialize_field("status", &Named(self.status))?;
        r.serialize_field("solutions", &self.solutions)?;
        r.serialize_field("nodes", &self.nodes)?;
        r.serialize_field("failures", &self.failures)?;
        r.serialize_field("backtracks", &self.backtracks)?;
        r.serialize_field("checks", &self.checks)?;
        r.serialize_field("pruned", &self.pruned)?;
        r.serialize_field("backjumps", &self.backjumps)?;
        r.serialize_field("nogoods", &self.nogoods)?;
        r.serialize_field("seconds", &self.seconds)?;
        r.end()
    }
}

/// A setting serialised by its kebab-case name.
struct Named<T>(T);

impl<T: fmt::Display> Serialize for Named<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// The engine settings a study compares. Every run has the same per-run
/// limits, seed and restarts; rows come strategy by strategy, then
/// variable order, value order and subject, so a table reads as one
/// growth curve after another.
///
/// ```
/// use csp_lab::study::{Label, Matrix, Mode, Subjects};
/// let mut model = csp::Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let mut matrix = Matrix::new(Mode::First, csp::Limits::default());
/// matrix.strategies = "backtracking,forward-checking".parse()?;
/// matrix.value_orders = "ascending,descending".parse()?;
/// assert_eq!(matrix.len(), 2 * 1 * 2);
/// let subjects = Subjects::new("model", vec![Label::Name("perm".into())]);
/// let found: Vec<u64> = matrix.runs(&subjects, |_| &model).map(|r| r.solutions).collect();
/// assert_eq!(found, vec![1, 1, 1, 1]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct Matrix {
    /// Pruning strategies to compare.
    pub strategies: Choices<Strategy>,
    /// Variable orders to compare.
    pub var_orders: Choices<VarOrder>,
    /// Value orders to compare.
    pub value_orders: Choices<ValueOrder>,
    /// All solutions or the first.
    pub mode: Mode,
    /// The limits of each run.
    pub limits: Limits,
    /// Seed for the random value order and restarts.
    pub seed: u64,
    /// Restarts until the first solution, if any.
    pub restarts: Option<Restarts>,
}

impl Matrix {
    /// Every strategy, input variable order, ascending values, seed 0, no
    /// restarts.
    ///
    /// ```
    /// let m = csp_lab::study::Matrix::new(csp_lab::study::Mode::First, csp::Limits::default());
    /// assert_eq!(m.len(), csp::Strategy::ALL.len());
    /// ```
    pub fn new(mode: Mode, limits: Limits) -> Matrix {
        Matrix {
            strategies: Choices::all(),
            var_orders: Choices::one(VarOrder::Input),
            value_orders: Choices::one(ValueOrder::Ascending),
            mode,
            limits,
            seed: 0,
            restarts: None,
        }
    }

    /// Number of settings (runs per subject).
    ///
    /// ```
    /// let mut m = csp_lab::study::Matrix::new(csp_lab::study::Mode::All, csp::Limits::default());
    /// m.var_orders = csp_lab::study::Choices::all();
    /// assert_eq!(m.len(), csp::Strategy::ALL.len() * 4);
    /// ```
    pub fn len(&self) -> usize {
        self.strategies.as_slice().len()
            * self.var_orders.as_slice().len()
            * self.value_orders.as_slice().len()
    }

    /// Always false: every list holds at least one choice.
    ///
    /// ```
    /// let m = csp_lab::study::Matrix::new(csp_lab::study::Mode::All, csp::Limits::default());
    /// assert!(!m.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The runs over `subjects`, performed lazily one at a time as the
    /// iterator is advanced; `model(i)` gives the model of subject `i`
    /// (built afresh or borrowed). (Example under [`Matrix`].)
    pub fn runs<'a, M, F>(
        &'a self,
        subjects: &'a Subjects,
        model: F,
    ) -> impl Iterator<Item = Run> + 'a
    where
        M: Borrow<Model>,
        F: Fn(usize) -> M + 'a,
    {
        (0..self.len() * subjects.labels.len()).map(move |i| self.run_at(i, subjects, &model))
    }

    /// [`runs`](Matrix::runs), owning the matrix and the subjects.
    ///
    /// ```
    /// use csp_lab::study::{Label, Matrix, Mode, Subjects};
    /// let subjects = Subjects::new("n", vec![Label::Number(2), Label::Number(3)]);
    /// let runs = Matrix::new(Mode::All, csp::Limits::default()).into_runs(subjects, |i| {
    ///     let mut model = csp::Model::new();
    ///     let x = model.int_vars(i + 2, 0..3).unwrap();
    ///     model.all_different(&x).unwrap();
    ///     model
    /// });
    /// let counts: Vec<u64> = runs.take(2).map(|r| r.solutions).collect();
    /// assert_eq!(counts, vec![6, 6]);
    /// ```
    pub fn into_runs<M, F>(self, subjects: Subjects, model: F) -> impl Iterator<Item = Run>
    where
        M: Borrow<Model>,
        F: Fn(usize) -> M,
    {
        (0..self.len() * subjects.labels.len()).map(move |i| self.run_at(i, &subjects, &model))
    }

    /// Run `i` of the matrix: the subject varies fastest, the strategy
    /// slowest.
    fn run_at<M: Borrow<Model>>(
        &self,
        i: usize,
        subjects: &Subjects,
        model: &impl Fn(usize) -> M,
    ) -> Run {
        let count = subjects.labels.len();
        let values = self.value_orders.as_slice();
        let vars = self.var_orders.as_slice();
        let subject = i % count;
        let rest = i / count;
        let value_order = values[rest % values.len()];
        let rest = rest / values.len();
        let var_order = vars[rest % vars.len()];
        let strategy = self.strategies.as_slice()[rest / vars.len()];
        self.run(
            model(subject).borrow(),
            subjects,
            subject,
            (strategy, var_order, value_order),
        )
    }

    /// One run of the matrix's settings with the given cell.
    fn run(
        &self,
        model: &Model,
        subjects: &Subjects,
        subject: usize,
        (strategy, var_order, value_order): (Strategy, VarOrder, ValueOrder),
    ) -> Run {
        let mut limits = self.limits.clone();
        if self.mode == Mode::First {
            limits.solutions = Some(1);
        }
        let mut solver = Solver::new(model)
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
            column: subjects.column,
            subject: subjects.labels[subject].clone(),
            mode: self.mode,
            status: RunStatus::of(outcome.status, self.mode),
            solutions: s.solutions,
            nodes: s.nodes,
            failures: s.failures,
            backtracks: s.backtracks,
            checks: s.checks,
            pruned: s.pruned,
            backjumps: s.backjumps,
            nogoods: s.nogoods,
            seconds: s.elapsed.as_secs_f64(),
        }
    }
}
