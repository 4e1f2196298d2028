//! What searches hand back: solutions as mappings, outcomes with their
//! status and statistics, and the Python enums they are reported in.

use crate::core::Shared;
use crate::terms::{type_name, Var, VarRef};
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// A member of one of the package's Python enums (`csp_engine._enums`),
/// by its value.
pub(crate) fn enum_member(py: Python<'_>, class: &str, value: &str) -> PyResult<Py<PyAny>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    let module =
        MODULE.get_or_try_init(py, || py.import("csp_engine._enums").map(Bound::unbind))?;
    Ok(module.bind(py).getattr(class)?.call1((value,))?.unbind())
}

/// The value of a stop reason in `StopReason`.
pub(crate) fn reason_name(r: csp::StopReason) -> &'static str {
    match r {
        csp::StopReason::Nodes => "nodes",
        csp::StopReason::Failures => "failures",
        csp::StopReason::Backtracks => "backtracks",
        csp::StopReason::Solutions => "solutions",
        csp::StopReason::Time => "time",
        csp::StopReason::Cancelled => "cancelled",
        csp::StopReason::Memory => "memory",
        csp::StopReason::TooLarge => "too-large",
    }
}

/// The statistics as a dict of counters (and `elapsed` in seconds, `path`
/// the engine's search path).
pub(crate) fn stats_dict<'py>(py: Python<'py>, s: &csp::Stats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("solutions", s.solutions)?;
    d.set_item("nodes", s.nodes)?;
    d.set_item("failures", s.failures)?;
    d.set_item("backtracks", s.backtracks)?;
    d.set_item("checks", s.checks)?;
    d.set_item("pruned", s.pruned)?;
    d.set_item("propagations", s.propagations)?;
    d.set_item("max_depth", s.max_depth)?;
    d.set_item("restarts", s.restarts)?;
    d.set_item("backjumps", s.backjumps)?;
    d.set_item("nogoods", s.nogoods)?;
    d.set_item("conflicts", s.conflicts)?;
    d.set_item("learned", s.learned)?;
    d.set_item("clause_propagations", s.clause_propagations)?;
    d.set_item("elapsed", s.elapsed.as_secs_f64())?;
    d.set_item("path", s.path.map(|p| p.to_string()))?;
    Ok(d)
}

/// How a search ended (or stands, while it runs): its status and what it did.
#[pyclass(frozen, module = "csp_engine", name = "Outcome")]
pub(crate) struct Outcome(pub csp::Outcome);

#[pymethods]
impl Outcome {
    /// `Status.COMPLETE` (the whole tree was searched), `Status.STOPPED`
    /// (a limit or Ctrl-C stopped it: see `stop_reason`), or `Status.RUNNING`.
    #[getter]
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let name = match self.0.status {
            csp::Status::Running => "running",
            csp::Status::Complete => "complete",
            csp::Status::Stopped(_) => "stopped",
        };
        enum_member(py, "Status", name)
    }

    /// What stopped the search (a `StopReason`), or None.
    #[getter]
    fn stop_reason(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.0.status {
            csp::Status::Stopped(r) => Ok(Some(enum_member(py, "StopReason", reason_name(r))?)),
            _ => Ok(None),
        }
    }

    /// Solutions found.
    #[getter]
    fn solutions(&self) -> u64 {
        self.0.solutions()
    }

    /// The statistics: solutions, nodes, failures, backtracks, checks,
    /// pruned, propagations, max_depth, restarts, the look-back counters
    /// (backjumps, nogoods; under clause learning conflicts, learned and
    /// clause_propagations, the literals the learned clauses implied),
    /// elapsed (seconds) and path (which store and backend ran).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        stats_dict(py, &self.0.stats)
    }

    /// Seconds the search ran.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.0.stats.elapsed.as_secs_f64()
    }

    /// Whether the whole search tree was searched.
    #[getter]
    fn is_complete(&self) -> bool {
        self.0.status.is_complete()
    }

    /// Whether the search proved there is no solution.
    #[getter]
    fn is_unsatisfiable(&self) -> bool {
        self.0.is_unsatisfiable()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome({}, {} solutions, {} nodes, {} failures, {:.3} s)",
            self.0.status,
            self.0.stats.solutions,
            self.0.stats.nodes,
            self.0.stats.failures,
            self.0.stats.elapsed.as_secs_f64()
        )
    }
}

/// One solution: a read-only mapping from each variable (or its name) to
/// its value, in the model's variable order.
#[pyclass(frozen, module = "csp_engine", name = "Solution", mapping)]
pub(crate) struct Solution {
    pub shared: Arc<Shared>,
    pub values: Vec<i32>,
}

impl Solution {
    fn index_of(&self, key: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        if let Ok(v) = key.cast::<Var>() {
            let v = &v.get().0;
            return Ok(
                (v.is_of(&self.shared) && (v.index as usize) < self.values.len())
                    .then_some(v.index as usize),
            );
        }
        if let Ok(name) = key.extract::<String>() {
            return Ok(self
                .shared
                .lock()
                .by_name
                .get(&name)
                .map(|&i| i as usize)
                .filter(|&i| i < self.values.len()));
        }
        Err(PyTypeError::new_err(format!(
            "a solution is indexed by a variable or a variable's name, not {}",
            type_name(key)
        )))
    }

    fn var(&self, py: Python<'_>, i: usize) -> PyResult<Py<Var>> {
        Py::new(
            py,
            Var(VarRef {
                shared: Arc::clone(&self.shared),
                index: i as u32,
            }),
        )
    }
}

#[pymethods]
impl Solution {
    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<i32> {
        match self.index_of(key)? {
            Some(i) => Ok(self.values[i]),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }

    fn __len__(&self) -> usize {
        self.values.len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> bool {
        matches!(self.index_of(key), Ok(Some(_)))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.keys(py)?.into_any().try_iter()?.into_any())
    }

    /// The value of `key` (a variable or a name), or `default`.
    #[pyo3(signature = (key, default=None))]
    fn get(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match self.index_of(key) {
            Ok(Some(i)) => Ok(self.values[i].into_pyobject(py)?.into_any().unbind()),
            _ => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    /// The variables, in creation order.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let vars = (0..self.values.len())
            .map(|i| self.var(py, i))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, vars)
    }

    /// The values, in variable order.
    fn values(&self) -> Vec<i32> {
        self.values.clone()
    }

    /// `(variable, value)` pairs, in variable order.
    fn items(&self, py: Python<'_>) -> PyResult<Vec<(Py<Var>, i32)>> {
        (0..self.values.len())
            .map(|i| Ok((self.var(py, i)?, self.values[i])))
            .collect()
    }

    /// The solution as a dict from variable names to values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let state = self.shared.lock();
        for (i, v) in self.values.iter().enumerate() {
            d.set_item(&state.names[i], v)?;
        }
        Ok(d)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<Solution>() {
            let o = o.get();
            return Ok(Arc::ptr_eq(&self.shared, &o.shared) && self.values == o.values);
        }
        if let Ok(d) = other.cast::<PyDict>() {
            if d.len() != self.values.len() {
                return Ok(false);
            }
            for (k, v) in d.iter() {
                match (self.index_of(&k), v.extract::<i64>()) {
                    (Ok(Some(i)), Ok(v)) if self.values[i] as i64 == v => {}
                    _ => return Ok(false),
                }
            }
            let _ = py;
            return Ok(true);
        }
        Ok(false)
    }

    pub(crate) fn __repr__(&self) -> String {
        let state = self.shared.lock();
        let body: Vec<String> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{}: {v}", state.names[i]))
            .collect();
        format!("{{{}}}", body.join(", "))
    }
}

/// One event of a search, as an observer receives it.
#[pyclass(frozen, module = "csp_engine", name = "Event", get_all)]
pub(crate) struct Event {
    /// "choose", "unchoose", "prune", "fail", "solution" or "restart".
    pub kind: &'static str,
    /// The variable (choose, unchoose, prune, fail), else None.
    pub var: Option<Py<Var>>,
    /// The value tried, taken back or pruned, else None.
    pub value: Option<i32>,
    /// Variables assigned including this one (choose, unchoose, fail), else None.
    pub depth: Option<usize>,
    /// The id of the constraint that pruned the value (prune), else None.
    pub constraint: Option<usize>,
    /// The solution's values in variable order (solution), else None.
    pub values: Option<Vec<i32>>,
}

#[pymethods]
impl Event {
    fn __repr__(&self, py: Python<'_>) -> String {
        let var = self.var.as_ref().map(|v| v.get().0.name());
        let _ = py;
        match self.kind {
            "choose" | "unchoose" | "fail" => format!(
                "Event({}, {} = {}, depth {})",
                self.kind,
                var.unwrap_or_default(),
                self.value.unwrap_or_default(),
                self.depth.unwrap_or_default()
            ),
            "prune" => format!(
                "Event(prune, {} != {}, by constraint {})",
                var.unwrap_or_default(),
                self.value.unwrap_or_default(),
                self.constraint.unwrap_or_default()
            ),
            "solution" => format!(
                "Event(solution, {:?})",
                self.values.clone().unwrap_or_default()
            ),
            other => format!("Event({other})"),
        }
    }
}
