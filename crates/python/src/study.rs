//! The strategy laboratory from Python: every strategy × variable order ×
//! value order over one or more models, each run under the same limits,
//! as rows (dicts), a pandas DataFrame, an aligned table and the chart.

use crate::core::Model;
use crate::interrupt;
use csp_lab::study::{Axis, Choices, Label, Matrix, Mode, Run, Subjects, Table};
use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `s` with the `'static` lifetime the laboratory's column and caption
/// take: each distinct text is kept once, so repeated studies leak nothing.
fn interned(s: String) -> &'static str {
    static SEEN: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = seen.iter().find(|&&k| k == s) {
        return known;
    }
    let kept: &'static str = Box::leak(s.into_boxed_str());
    seen.push(kept);
    kept
}

/// A list of names ("all", "a,b", or a list of names) as choices.
fn choices<T: csp_lab::study::Choice>(
    obj: Option<&Bound<'_, PyAny>>,
    default: Choices<T>,
    what: &str,
) -> PyResult<Choices<T>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(default);
    };
    let text = match obj.extract::<String>() {
        Ok(s) => s,
        Err(_) => obj
            .extract::<Vec<String>>()
            .map_err(|_| {
                PyTypeError::new_err(format!("{what}: expected 'all', a name or a list of names"))
            })?
            .join(","),
    };
    text.parse()
        .map_err(|e: String| PyValueError::new_err(format!("{what}: {e}")))
}

/// The study's runs: `rows` (one dict per run), `to_dataframe()`,
/// `table()`, `chart()`; shown as a table in Jupyter.
#[pyclass(frozen, module = "csp_engine", name = "Study")]
pub(crate) struct Study {
    runs: Vec<Run>,
    mode: Mode,
    matrix: Matrix,
    subjects: Subjects,
    axis: Axis,
}

impl Study {
    fn rows_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let rows = PyList::empty(py);
        for run in &self.runs {
            let d = PyDict::new(py);
            d.set_item("strategy", run.strategy.name())?;
            d.set_item("var_order", run.var_order.name())?;
            d.set_item("value_order", run.value_order.name())?;
            match &run.subject {
                Label::Number(n) => d.set_item(run.column, n)?,
                Label::Name(s) => d.set_item(run.column, s)?,
            }
            d.set_item("mode", run.mode.to_string())?;
            d.set_item("status", run.status.to_string())?;
            d.set_item("solutions", run.solutions)?;
            d.set_item("nodes", run.nodes)?;
            d.set_item("failures", run.failures)?;
            d.set_item("backtracks", run.backtracks)?;
            d.set_item("checks", run.checks)?;
            d.set_item("pruned", run.pruned)?;
            d.set_item("backjumps", run.backjumps)?;
            d.set_item("nogoods", run.nogoods)?;
            d.set_item("seconds", run.seconds)?;
            rows.append(d)?;
        }
        Ok(rows)
    }
}

#[pymethods]
impl Study {
    /// One dict per run: strategy, var_order, value_order, the subject's
    /// column, mode, status, solutions, nodes, failures, backtracks,
    /// checks, pruned, seconds.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.rows_list(py)
    }

    fn __len__(&self) -> usize {
        self.runs.len()
    }

    /// The rows as a pandas DataFrame (pandas must be installed).
    fn to_dataframe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas").map_err(|_| {
            PyImportError::new_err("to_dataframe needs pandas: pip install pandas (or use .rows)")
        })?;
        pandas.getattr("DataFrame")?.call1((self.rows_list(py)?,))
    }

    /// The aligned text table the `nqueens study` command prints.
    fn table(&self) -> String {
        let table = Table::new(&self.matrix, &self.subjects);
        let mut out = table.header();
        for run in &self.runs {
            out.push_str(&table.row(run));
        }
        out
    }

    /// The chart (nodes, log scale, one line per strategy) against the
    /// subjects' numbers when they are numbers, else against the order pairs.
    fn chart(&self) -> PyResult<Chart> {
        csp_lab::study::plot_svg(&self.runs, self.mode, self.axis)
            .map(|svg| Chart { svg })
            .map_err(|e| PyValueError::new_err(e.0))
    }

    fn _repr_html_(&self) -> String {
        let mut html = String::from("<table><thead><tr>");
        let column = self.subjects.column();
        for h in [
            "strategy",
            "var_order",
            "value_order",
            column,
            "status",
            "solutions",
            "nodes",
            "failures",
            "checks",
            "pruned",
            "seconds",
        ] {
            html.push_str(&format!("<th>{h}</th>"));
        }
        html.push_str("</tr></thead><tbody>");
        for r in &self.runs {
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.4}</td></tr>",
                r.strategy, r.var_order, r.value_order, escape(&r.subject.to_string()), r.status, r.solutions, r.nodes, r.failures, r.checks, r.pruned, r.seconds
            ));
        }
        html.push_str("</tbody></table>");
        html
    }

    fn __repr__(&self) -> String {
        format!("Study({} runs)", self.runs.len())
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The study's chart as SVG: shown inline in Jupyter, or saved.
#[pyclass(frozen, module = "csp_engine", name = "Chart")]
pub(crate) struct Chart {
    svg: String,
}

#[pymethods]
impl Chart {
    /// The SVG text.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    /// Writes the SVG to `path`.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.svg)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    fn _repr_svg_(&self) -> &str {
        &self.svg
    }
}

/// Runs the study of `models` (labelled by `labels`: all integers, such as
/// board sizes, or names) under `column` (the subject's key in the rows).
#[pyfunction]
#[pyo3(signature = (models, labels, column, *, strategies=None, var_orders=None, value_orders=None, mode="all",
                    nodes=None, failures=None, time=None, seed=0, restarts=None, axis_caption=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_study(
    py: Python<'_>,
    models: Vec<Bound<'_, Model>>,
    labels: Vec<Bound<'_, PyAny>>,
    column: String,
    strategies: Option<&Bound<'_, PyAny>>,
    var_orders: Option<&Bound<'_, PyAny>>,
    value_orders: Option<&Bound<'_, PyAny>>,
    mode: &str,
    nodes: Option<u64>,
    failures: Option<u64>,
    time: Option<f64>,
    seed: u64,
    restarts: Option<String>,
    axis_caption: Option<String>,
) -> PyResult<Study> {
    if models.len() != labels.len() || models.is_empty() {
        return Err(PyValueError::new_err(
            "study: give one label per model, and at least one model",
        ));
    }
    let mode = match mode {
        "all" => Mode::All,
        "first" => Mode::First,
        other => {
            return Err(PyValueError::new_err(format!(
                "study: mode is 'all' or 'first', not '{other}'"
            )))
        }
    };
    let numbers: Option<Vec<u64>> = labels.iter().map(|l| l.extract::<u64>().ok()).collect();
    let labels: Vec<Label> = match &numbers {
        Some(ns) => ns.iter().map(|&n| Label::Number(n)).collect(),
        None => labels
            .iter()
            .map(|l| Ok(Label::Name(l.str()?.to_string())))
            .collect::<PyResult<_>>()?,
    };
    let column = interned(column);
    let subjects = Subjects::new(column, labels);
    let mut limits = csp::Limits {
        nodes,
        failures,
        time: time.map(Duration::from_secs_f64),
        ..Default::default()
    };
    csp_lab::study::default_limit(&mut limits);
    limits.cancel = Some(interrupt::cancel_flag());
    let mut matrix = Matrix::new(mode, limits);
    matrix.strategies = choices(strategies, Choices::all(), "strategies")?;
    matrix.var_orders = choices(var_orders, matrix.var_orders.clone(), "var_orders")?;
    matrix.value_orders = choices(value_orders, matrix.value_orders.clone(), "value_orders")?;
    matrix.seed = seed;
    matrix.restarts = restarts
        .map(|r| r.parse().map_err(|e: String| PyValueError::new_err(e)))
        .transpose()?;
    let snapshots: Vec<Arc<csp::Model>> = models
        .iter()
        .map(|m| m.get().shared.lock().snapshot())
        .collect();
    let axis = match (&numbers, axis_caption) {
        (Some(_), Some(caption)) => Axis::Subject(interned(caption)),
        (Some(_), None) => Axis::Subject(column),
        (None, _) => Axis::Orders,
    };
    let native = models.iter().all(|m| !m.get().shared.lock().calls_python);
    let mut runs = Vec::new();
    let (_, err) = interrupt::engine_call_released(py, native, || {
        let flag = interrupt::cancel_flag();
        for run in matrix.runs(&subjects, |i| Arc::clone(&snapshots[i])) {
            runs.push(run);
            if flag.load(Ordering::Relaxed) {
                break;
            }
        }
    });
    let study = Study {
        runs,
        mode,
        matrix,
        subjects,
        axis,
    };
    let cause = match err {
        Some(e) if !e.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) => return Err(e),
        Some(e) => Some(e),
        None => interrupt::pending_signal(py),
    };
    match cause {
        Some(cause) => {
            let message = format!(
                "study interrupted after {} runs; the runs so far are in .outcome",
                study.runs.len()
            );
            Err(crate::errors::interrupted(
                py,
                Some(cause),
                message,
                Py::new(py, study)?.into_any(),
            ))
        }
        None => Ok(study),
    }
}
