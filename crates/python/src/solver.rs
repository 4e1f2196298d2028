//! `Solver`: the search settings (strategy, orders or Python callables as
//! orders, limits, restarts, seed, observer) and what runs them: the lazy
//! solution iterator, counting (on one thread or several), the first
//! solution, and branch and bound.

use crate::callbacks::{self, Vars};
use crate::core::{Model, Shared};
use crate::errors::model_error;
use crate::interrupt::{self, stopped, SigintGuard};
use crate::outcome::{enum_member, reason_name, stats_dict, Outcome, Solution};
use crate::settings::{order, parse, Settings};
use crate::terms::{expr_arg, level_arg, type_name};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// A search's lock (never contended: the GIL and the object's own borrow
/// flag keep it to one caller).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The running search of a solution iterator: with or without a Python observer.
pub(crate) enum Running<'m> {
    Plain(csp::Search<'m, csp::NoObserver>),
    Watched(csp::Search<'m, callbacks::Observer>),
}

impl Running<'_> {
    fn next_values(&mut self) -> Option<Vec<i32>> {
        match self {
            Running::Plain(s) => s.next_values().map(<[i32]>::to_vec),
            Running::Watched(s) => s.next_values().map(<[i32]>::to_vec),
        }
    }

    fn outcome(&self) -> csp::Outcome {
        match self {
            Running::Plain(s) => s.outcome(),
            Running::Watched(s) => s.outcome(),
        }
    }
}

self_cell::self_cell!(
    /// A search and the model snapshot it borrows.
    pub(crate) struct SearchCell {
        owner: Arc<csp::Model>,
        #[not_covariant]
        dependent: Running,
    }
);

self_cell::self_cell!(
    /// A branch-and-bound search and the model snapshot it borrows.
    pub(crate) struct OptimizeCell {
        owner: Arc<csp::Model>,
        #[not_covariant]
        dependent: OptimizeRun,
    }
);

pub(crate) type OptimizeRun<'m> = csp::Optimize<'m>;

fn interrupted_outcome(py: Python<'_>, o: &csp::Outcome) -> PyResult<(String, Py<PyAny>)> {
    let message = format!(
        "search interrupted after {} solutions, {} nodes ({:.3} s); the partial outcome is in .outcome",
        o.stats.solutions,
        o.stats.nodes,
        o.stats.elapsed.as_secs_f64()
    );
    Ok((message, Py::new(py, Outcome(o.clone()))?.into_any()))
}

/// Search settings for one model. Every method starts a new search of
/// the model as it is at that moment.
///
/// `strategy`: "generate-and-test", "backtracking", "forward-checking"
/// (default), "arc-consistency", "backjumping", "nogood-learning" or
/// "clause-learning". `var_order`: "input" (default),
/// "smallest-domain", "dom-deg", "dom-wdeg", or a callable `f(view) -> Var`
/// given a `SearchView`. `value_order`: "ascending" (default),
/// "descending", "middle-out", "least-constraining", "random", "median",
/// "split", "reverse-split" (ascending and descending here: bisection
/// needs binary branching), or a
/// callable `f(view, var, values) -> values reordered`. Names ignore case
/// and accept `_` for `-`; the `Strategy`, `VarOrder` and `ValueOrder`
/// enums work too. `restarts`: "luby", "luby:SCALE", "geometric",
/// "geometric:FIRST:FACTOR", "linear", "linear:SCALE", "constant" or
/// "constant:SCALE" (until the first solution). `learned_clauses`: how
/// many learned clauses clause learning keeps before it first cuts its
/// database (default 20000; a cut keeps the glue clauses, the more active
/// half and the reasons, then allows a tenth more). Limits: `nodes`,
/// `failures`, `backtracks`, `solutions`, `time` (seconds), `memory` (MiB
/// of the process's resident memory, read on Linux: a search stops with
/// `StopReason.MEMORY` once past it; elsewhere it never stops one). `observer`: a
/// callable receiving each `Event` (not for `minimize`/`maximize`: the
/// engine's branch and bound reports no events). `assume`: a dict from variables to
/// values the search is restricted to (a sub-problem).
#[pyclass(frozen, module = "csp_engine", name = "Solver")]
pub(crate) struct Solver {
    shared: Arc<Shared>,
    pub settings: Settings,
}

impl Solver {
    pub(crate) fn shared(&self) -> Arc<Shared> {
        Arc::clone(&self.shared)
    }

    fn snapshot(&self) -> Arc<csp::Model> {
        self.shared.lock().snapshot()
    }

    /// Whether a search with these settings calls no Python at all.
    fn native(&self) -> bool {
        !self.settings.calls_python() && !self.shared.lock().calls_python
    }

    /// Runs `f` on a fresh engine solver in an engine call; raises what
    /// stopped it (see [`interrupt::stopped`]).
    fn run(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&csp::Solver<'_>) -> csp::Outcome,
    ) -> PyResult<csp::Outcome> {
        let model = self.snapshot();
        let solver = self.settings.solver(&model, &self.shared);
        let (outcome, err) = interrupt::engine_call_released(py, self.native(), || f(&solver));
        stopped(py, err, outcome.status, |py| {
            interrupted_outcome(py, &outcome)
        })?;
        Ok(outcome)
    }

    fn optimize(&self, objective: &Bound<'_, PyAny>, sign: i8) -> PyResult<Optimization> {
        let what = if sign > 0 { "minimize" } else { "maximize" };
        if self.settings.observer.is_some() {
            // The engine's branch and bound reports no events.
            return Err(PyValueError::new_err(format!(
                "{what}: branch and bound takes no observer"
            )));
        }
        let e = expr_arg(objective, what)?.against(&self.shared);
        let settings = self.settings.clone();
        let shared = Arc::clone(&self.shared);
        let cell = OptimizeCell::try_new(self.snapshot(), |model| {
            let solver = settings.solver(model, &shared);
            let expr = e.expr(&model.vars().collect::<Vec<_>>());
            if sign > 0 {
                solver.minimize(expr)
            } else {
                solver.maximize(expr)
            }
        })
        .map_err(model_error)?;
        Ok(Optimization {
            cell: Some(Mutex::new(cell)),
            shared: Arc::clone(&self.shared),
            native: self.native(),
            maximize: sign < 0,
            best: None,
            guard: None,
            done: false,
        })
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (model, *, strategy=None, var_order=None, value_order=None, seed=0, restarts=None,
                        all_different_level=None, learned_clauses=None, nodes=None, failures=None,
                        backtracks=None, solutions=None,
                        time=None, memory=None, observer=None, assume=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        model: &Bound<'_, Model>,
        strategy: Option<&Bound<'_, PyAny>>,
        var_order: Option<&Bound<'_, PyAny>>,
        value_order: Option<&Bound<'_, PyAny>>,
        seed: u64,
        restarts: Option<&Bound<'_, PyAny>>,
        all_different_level: Option<&Bound<'_, PyAny>>,
        learned_clauses: Option<i64>,
        nodes: Option<u64>,
        failures: Option<u64>,
        backtracks: Option<u64>,
        solutions: Option<u64>,
        time: Option<f64>,
        memory: Option<u64>,
        observer: Option<&Bound<'_, PyAny>>,
        assume: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Solver> {
        let shared = &model.get().shared;
        let mut assumed = Vec::new();
        for (var, value) in assume
            .map(|d| d.iter().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let v = crate::terms::var_arg(&var, "assume")?;
            if !v.is_of(shared) {
                return Err(model_error(csp::ModelError::ForeignVariable {
                    constraint: "assumption",
                }));
            }
            assumed.push((v.index, value.extract::<i32>()?));
        }
        let strategy = match strategy {
            Some(s) if !s.is_none() => parse(s, "strategy")?,
            _ => csp::Strategy::ForwardChecking,
        };
        let restarts = match restarts {
            Some(r) if !r.is_none() => Some(parse(r, "restarts")?),
            _ => None,
        };
        let level = match all_different_level {
            Some(l) if !l.is_none() => level_arg(&l.extract::<String>()?)?,
            _ => csp::AllDifferentLevel::Value,
        };
        let learned_clauses = match learned_clauses {
            Some(n) if n < 1 => {
                return Err(PyValueError::new_err(format!(
                    "learned_clauses: expected a number of clauses >= 1, got {n}"
                )))
            }
            n => n.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        };
        let time = match time {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(PyValueError::new_err(format!(
                    "time: expected a number of seconds >= 0, got {t}"
                )))
            }
            Some(t) => Some(Duration::from_secs_f64(t)),
            None => None,
        };
        let memory = match memory.map(|m| m.checked_mul(1 << 20)) {
            Some(None) | Some(Some(0)) => {
                return Err(PyValueError::new_err(format!(
                    "memory: expected a number of MiB from 1 to {}, got {}",
                    u64::MAX >> 20,
                    memory.unwrap_or(0)
                )))
            }
            Some(bytes) => bytes,
            None => None,
        };
        let observer = match observer {
            Some(o) if o.is_none() => None,
            Some(o) if o.is_callable() => Some(Arc::new(o.clone().unbind())),
            Some(o) => {
                return Err(PyTypeError::new_err(format!(
                    "observer: expected a callable, got {}",
                    type_name(o)
                )))
            }
            None => None,
        };
        Ok(Solver {
            shared: Arc::clone(&model.get().shared),
            settings: Settings {
                strategy,
                var_order: order(var_order, csp::VarOrder::Input, "var_order")?,
                value_order: order(value_order, csp::ValueOrder::Ascending, "value_order")?,
                seed,
                restarts,
                learned_clauses,
                level,
                limits: csp::Limits {
                    nodes,
                    failures,
                    backtracks,
                    solutions,
                    time,
                    memory,
                    ..csp::Limits::default()
                },
                assume: assumed,
                observer,
            },
        })
    }

    /// The strategy's name.
    #[getter]
    fn strategy(&self) -> &'static str {
        self.settings.strategy.name()
    }

    /// The variable order's name ("custom" for a callable).
    #[getter]
    fn var_order(&self) -> String {
        self.settings.var_order_name()
    }

    /// The value order's name ("custom" for a callable).
    #[getter]
    fn value_order(&self) -> String {
        self.settings.value_order_name()
    }

    fn __repr__(&self) -> String {
        format!(
            "Solver(strategy={}, var_order={}, value_order={})",
            self.settings.strategy,
            self.settings.var_order_name(),
            self.settings.value_order_name()
        )
    }

    /// A lazy iterator over the solutions (each a `Solution` mapping); its
    /// `outcome` says how the search ended.
    fn solutions(&self) -> PyResult<SolutionIterator> {
        let settings = self.settings.clone();
        let shared = Arc::clone(&self.shared);
        let cell = SearchCell::new(self.snapshot(), |model| {
            let solver = settings.solver(model, &shared);
            match &settings.observer {
                None => Running::Plain(solver.search()),
                Some(f) => Running::Watched(solver.search_with(callbacks::Observer {
                    f: Arc::clone(f),
                    vars: Vars::new(&shared, model),
                })),
            }
        });
        Ok(SolutionIterator {
            cell: Some(Mutex::new(cell)),
            shared: Arc::clone(&self.shared),
            native: self.native(),
            guard: None,
            outcome: None,
        })
    }

    /// Counts every solution (streaming, nothing kept): the `Outcome`.
    fn count(&self, py: Python<'_>) -> PyResult<Outcome> {
        if self.settings.observer.is_some() {
            let mut it = self.solutions()?;
            while it.step(py)?.is_some() {}
            return Ok(Outcome(it.current()));
        }
        Ok(Outcome(self.run(py, |s| s.count())?))
    }

    /// Counts on `threads` threads (default: one per core) by splitting
    /// the search into parts; the statistics are the parts' sums. Only for
    /// searches that call no Python (no callable predicate, order or observer).
    #[pyo3(signature = (threads=None))]
    fn count_parallel(&self, py: Python<'_>, threads: Option<usize>) -> PyResult<Outcome> {
        if self.settings.calls_python() || self.shared.lock().calls_python {
            return Err(PyValueError::new_err(
                "count_parallel: this search calls Python (a callable predicate, order or observer); count() instead",
            ));
        }
        let model = self.snapshot();
        let solver = self.settings.solver(&model, &self.shared);
        let (result, err) =
            py.detach(|| interrupt::engine_call(|| csp::count_parallel(&solver, threads)));
        let outcome = result.map_err(|e| PyValueError::new_err(e.to_string()))?;
        stopped(py, err, outcome.status, |py| {
            interrupted_outcome(py, &outcome)
        })?;
        Ok(Outcome(outcome))
    }

    /// The first solution, or None.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let mut it = self.solutions()?;
        it.step(py)
    }

    /// Branch and bound for the least value of `objective` (an expression
    /// or a variable): an iterator over the improving solutions.
    fn minimize(&self, objective: &Bound<'_, PyAny>) -> PyResult<Optimization> {
        self.optimize(objective, 1)
    }

    /// Branch and bound for the greatest value of `objective`.
    fn maximize(&self, objective: &Bound<'_, PyAny>) -> PyResult<Optimization> {
        self.optimize(objective, -1)
    }

    /// Records the search (up to `max_events` events) and returns its
    /// replay page (`ReplayPage`): shown inline in Jupyter, or saved.
    #[pyo3(signature = (title=None, max_events=csp::replay::DEFAULT_MAX_EVENTS, board=false))]
    fn replay(
        &self,
        py: Python<'_>,
        title: Option<String>,
        max_events: usize,
        board: bool,
    ) -> PyResult<crate::replay::ReplayPage> {
        let runs = [(
            self.settings.strategy.name().to_owned(),
            self.settings.clone(),
        )];
        crate::replay::page(py, &self.shared, &runs, title, max_events, board)
    }
}

/// A lazy iterator over a search's solutions. It holds the model as it was
/// when the search started, and memory for the search alone: each
/// `Solution` is made when asked for and freed when dropped.
#[pyclass(module = "csp_engine", name = "SolutionIterator")]
pub(crate) struct SolutionIterator {
    /// The search (a mutex only to be `Sync`: `&mut self` reaches it
    /// without locking).
    cell: Option<Mutex<SearchCell>>,
    shared: Arc<Shared>,
    /// The search calls no Python: it runs with the GIL released.
    native: bool,
    /// Ctrl-C reaches the engine while the iterator is open.
    guard: Option<SigintGuard>,
    /// How the search ended, once it has.
    outcome: Option<csp::Outcome>,
}

impl SolutionIterator {
    fn current(&self) -> csp::Outcome {
        match (&self.outcome, &self.cell) {
            (Some(o), _) => o.clone(),
            (None, Some(cell)) => lock(cell).with_dependent(|_, s| s.outcome()),
            (None, None) => csp::Outcome {
                status: csp::Status::Complete,
                stats: csp::Stats::default(),
            },
        }
    }

    fn finish(&mut self) {
        let mut outcome = self.current();
        // Stopped by an exception between two solutions: the engine had
        // not ended the search, the exception did.
        if outcome.status == csp::Status::Running {
            outcome.status = csp::Status::Stopped(csp::StopReason::Cancelled);
        }
        self.outcome = Some(outcome);
        self.cell = None;
        self.guard = None;
    }

    pub(crate) fn step(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let Some(cell) = self
            .cell
            .as_mut()
            .map(|c| c.get_mut().unwrap_or_else(|e| e.into_inner()))
        else {
            return Ok(None);
        };
        if self.guard.is_none() {
            self.guard = Some(SigintGuard::arm());
        }
        let (values, err) = interrupt::engine_call_released(py, self.native, || {
            cell.with_dependent_mut(|_, s| s.next_values())
        });
        if values.is_some() && err.is_none() {
            return Ok(values.map(|values| Solution {
                shared: Arc::clone(&self.shared),
                values,
            }));
        }
        self.finish();
        let outcome = self.current();
        stopped(py, err, outcome.status, |py| {
            interrupted_outcome(py, &outcome)
        })?;
        Ok(None)
    }
}

#[pymethods]
impl SolutionIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        self.step(py)
    }

    /// The search's outcome so far (status `RUNNING` until it ends).
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome(self.current())
    }

    /// Ends the search now (the outcome keeps its statistics).
    fn close(&mut self) {
        self.finish();
    }
}

/// One improving solution of a branch-and-bound search.
#[pyclass(frozen, module = "csp_engine", name = "Improvement", get_all)]
pub(crate) struct Improvement {
    /// The solution.
    pub solution: Py<Solution>,
    /// Its objective value.
    pub value: i64,
}

#[pymethods]
impl Improvement {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Improvement(value={}, solution={})",
            self.value,
            self.solution.bind(py).get().__repr__()
        )
    }
}

/// A branch-and-bound search: iterate it for each improving solution (the
/// last one is the best so far), or call `run()` for the best; `status`
/// says whether it is optimal.
#[pyclass(module = "csp_engine", name = "Optimization")]
pub(crate) struct Optimization {
    /// The search (a mutex only to be `Sync`).
    cell: Option<Mutex<OptimizeCell>>,
    shared: Arc<Shared>,
    /// The search calls no Python: it runs with the GIL released.
    native: bool,
    maximize: bool,
    best: Option<Py<Improvement>>,
    guard: Option<SigintGuard>,
    done: bool,
}

impl Optimization {
    fn status_name(&self) -> (&'static str, Option<csp::StopReason>) {
        let status = match &self.cell {
            Some(cell) => lock(cell).with_dependent(|_, o| o.status()),
            None => csp::OptimizeStatus::Running,
        };
        match status {
            csp::OptimizeStatus::Running => ("running", None),
            csp::OptimizeStatus::Optimal => ("optimal", None),
            csp::OptimizeStatus::Unsatisfiable => ("unsatisfiable", None),
            csp::OptimizeStatus::BestBeforeLimit(r) => ("best-before-limit", Some(r)),
            csp::OptimizeStatus::NoneBeforeLimit(r) => ("none-before-limit", Some(r)),
        }
    }

    fn step(slf: &Bound<'_, Self>) -> PyResult<Option<Py<Improvement>>> {
        let py = slf.py();
        let mut this = slf.borrow_mut();
        if this.done {
            return Ok(None);
        }
        if this.guard.is_none() {
            this.guard = Some(SigintGuard::arm());
        }
        let native = this.native;
        let cell = this.cell.as_mut().expect("an optimisation runs until done");
        let cell = cell.get_mut().unwrap_or_else(|e| e.into_inner());
        let (found, err) = interrupt::engine_call_released(py, native, || {
            cell.with_dependent_mut(|_, o| o.next())
        });
        if let (Some(found), None) = (&found, &err) {
            let solution = Py::new(
                py,
                Solution {
                    shared: Arc::clone(&this.shared),
                    values: found.solution.values().to_vec(),
                },
            )?;
            let improvement = Py::new(
                py,
                Improvement {
                    solution,
                    value: found.value,
                },
            )?;
            this.best = Some(improvement.clone_ref(py));
            return Ok(Some(improvement));
        }
        this.done = true;
        this.guard = None;
        let stats = this
            .cell
            .as_ref()
            .map(|c| lock(c).with_dependent(|_, o| o.outcome().stats))
            .unwrap_or_default();
        let (_, reason) = this.status_name();
        let status = reason.map_or(csp::Status::Complete, csp::Status::Stopped);
        drop(this);
        stopped(py, err, status, |_| {
            let message = format!(
                "optimisation interrupted after {} nodes ({:.3} s); the best so far is in .outcome.best",
                stats.nodes,
                stats.elapsed.as_secs_f64()
            );
            Ok((message, slf.clone().into_any().unbind()))
        })?;
        Ok(None)
    }
}

#[pymethods]
impl Optimization {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(slf: &Bound<'_, Self>) -> PyResult<Option<Py<Improvement>>> {
        Optimization::step(slf)
    }

    /// Runs to the end (or a limit) and returns the best `Improvement`, or None.
    fn run(slf: &Bound<'_, Self>) -> PyResult<Option<Py<Improvement>>> {
        while Optimization::step(slf)?.is_some() {}
        Ok(slf.borrow().best.as_ref().map(|b| b.clone_ref(slf.py())))
    }

    /// The best improvement so far, or None.
    #[getter]
    fn best(&self, py: Python<'_>) -> Option<Py<Improvement>> {
        self.best.as_ref().map(|b| b.clone_ref(py))
    }

    /// An `OptimizeStatus`: RUNNING, OPTIMAL, UNSATISFIABLE,
    /// BEST_BEFORE_LIMIT or NONE_BEFORE_LIMIT.
    #[getter]
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        enum_member(py, "OptimizeStatus", self.status_name().0)
    }

    /// The limit that stopped the search (a `StopReason`), or None.
    #[getter]
    fn stop_reason(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.status_name()
            .1
            .map(|r| enum_member(py, "StopReason", reason_name(r)))
            .transpose()
    }

    /// Whether the objective is maximised.
    #[getter]
    fn maximize(&self) -> bool {
        self.maximize
    }

    /// The search's statistics so far.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = self
            .cell
            .as_ref()
            .map(|c| lock(c).with_dependent(|_, o| o.outcome().stats))
            .unwrap_or_default();
        stats_dict(py, &stats)
    }

    /// The search's `Outcome` so far, as a plain search gives it (status
    /// `RUNNING` until it ends; `COMPLETE` with a best means optimal).
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome(match &self.cell {
            Some(cell) => lock(cell).with_dependent(|_, o| o.outcome()),
            None => csp::Outcome {
                status: csp::Status::Running,
                stats: csp::Stats::default(),
            },
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let best = self.best.as_ref().map(|b| b.get().value);
        let _ = py;
        format!(
            "Optimization(status={}, best={best:?})",
            self.status_name().0
        )
    }
}

/// `Model.solver(**settings)` and the shortcuts: a `Solver` for `model`.
pub(crate) fn solver_for<'py>(
    model: &Bound<'py, Model>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, Solver>> {
    let py = model.py();
    let solver = py.get_type::<Solver>().call((model,), kwargs)?;
    Ok(solver.cast_into::<Solver>()?)
}

/// Solutions as dicts from `keys` (the first `len(keys)` variables, in
/// order) to values, built without a `Solution` in between: the
/// python-constraint layer's result, at the lowest cost per solution.
#[pyclass(module = "csp_engine", name = "_DictSolutions")]
pub(crate) struct DictSolutions {
    inner: SolutionIterator,
    keys: Vec<Py<PyAny>>,
}

#[pymethods]
impl DictSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(solution) = self.inner.step(py)? else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (key, value) in self.keys.iter().zip(&solution.values) {
            d.set_item(key, value)?;
        }
        Ok(Some(d))
    }
}

/// `solver`'s solutions as dicts from `keys` to values (see `DictSolutions`).
#[pyfunction]
#[pyo3(name = "_solution_dicts")]
pub(crate) fn solution_dicts(
    solver: &Bound<'_, Solver>,
    keys: Vec<Py<PyAny>>,
) -> PyResult<DictSolutions> {
    Ok(DictSolutions {
        inner: solver.get().solutions()?,
        keys,
    })
}

/// The replay page of several solvers of one model side by side.
#[pyfunction]
#[pyo3(signature = (solvers, titles=None, title=None, max_events=csp::replay::DEFAULT_MAX_EVENTS, board=false))]
pub(crate) fn replay_page(
    py: Python<'_>,
    solvers: Vec<Bound<'_, Solver>>,
    titles: Option<Vec<String>>,
    title: Option<String>,
    max_events: usize,
    board: bool,
) -> PyResult<crate::replay::ReplayPage> {
    let Some(first) = solvers.first() else {
        return Err(PyValueError::new_err("replay: no solver to record"));
    };
    let shared = first.get().shared();
    if solvers
        .iter()
        .any(|s| !Arc::ptr_eq(&s.get().shared(), &shared))
    {
        return Err(PyValueError::new_err(
            "replay: the solvers must all search the same model",
        ));
    }
    let titles = titles.unwrap_or_default();
    let runs: Vec<(String, Settings)> = solvers
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let settings = s.get().settings.clone();
            let t = titles
                .get(i)
                .cloned()
                .unwrap_or_else(|| settings.strategy.name().to_owned());
            (t, settings)
        })
        .collect();
    crate::replay::page(py, &shared, &runs, title, max_events, board)
}
