//! The n-queens crate from Python: the board's model (the one the
//! `nqueens` command searches), every approach of the tutorials with the
//! work it reports, and the board renderings.

use crate::core::Model;
use crate::interrupt;
use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

fn board(rows: usize, cols: Option<usize>) -> PyResult<Board> {
    Board::new(rows, cols.unwrap_or(rows)).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn value_err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The board's model as a `Model` (a variable per row, `q0`, `q1`, ...,
/// whose value is the queen's column; on a board with more rows than
/// columns, a variable per column), and whether lines are columns.
#[pyfunction]
#[pyo3(signature = (rows, cols=None))]
pub(crate) fn board_model(rows: usize, cols: Option<usize>) -> PyResult<(Model, bool)> {
    let b = board(rows, cols)?;
    let model = Model::from_base(Arc::new(move || b.model().model), |i| format!("q{i}"));
    Ok((model, b.is_tall()))
}

/// Every approach: `(name, description)`.
#[pyfunction]
pub(crate) fn approaches() -> Vec<(&'static str, &'static str)> {
    Approach::ALL
        .iter()
        .map(|a| (a.name(), a.description()))
        .collect()
}

/// Runs one approach on a board; a dict report (see `csp_engine.nqueens.solve`).
#[pyfunction]
#[pyo3(signature = (rows, cols=None, *, approach="forward-checking", goal="count", var_order=None, value_order=None,
                    seed=0, restarts=None, unique=false, nodes=None, failures=None, time=None, on_solution=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    rows: usize,
    cols: Option<usize>,
    approach: &str,
    goal: &str,
    var_order: Option<&str>,
    value_order: Option<&str>,
    seed: u64,
    restarts: Option<&str>,
    unique: bool,
    nodes: Option<u64>,
    failures: Option<u64>,
    time: Option<f64>,
    on_solution: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let b = board(rows, cols)?;
    let approach: Approach = approach.parse().map_err(value_err)?;
    let goal = match goal {
        "all" => Goal::All,
        "first" => Goal::First,
        "count" => Goal::Count,
        other => {
            return Err(PyValueError::new_err(format!(
                "goal is 'all', 'first' or 'count', not '{other}'"
            )))
        }
    };
    let mut plan = Plan::new(approach, goal);
    if let Some(o) = var_order {
        plan.var_order = o.parse().map_err(|e: String| PyValueError::new_err(e))?;
    }
    if let Some(o) = value_order {
        plan.value_order = o.parse().map_err(|e: String| PyValueError::new_err(e))?;
    }
    plan.seed = seed;
    plan.restarts = restarts
        .map(|r| r.parse().map_err(|e: String| PyValueError::new_err(e)))
        .transpose()?;
    plan.unique = unique;
    plan.limits = csp::Limits {
        nodes,
        failures,
        time: time.map(Duration::from_secs_f64),
        cancel: Some(interrupt::cancel_flag()),
        ..Default::default()
    };
    let mut first: Option<Vec<usize>> = None;
    let mut callback_err: Option<PyErr> = None;
    // Without a callback the run calls no Python: the GIL is released.
    let native = on_solution.is_none();
    let (report, err) = interrupt::engine_call_released(py, native, || {
        plan.for_each(b, |found| {
            let columns = found.placement().columns();
            if first.is_none() {
                first = Some(columns.clone());
            }
            if let Some(f) = &on_solution {
                match f.call1((columns,)) {
                    Ok(r) if r.is_truthy().unwrap_or(true) || r.is_none() => {}
                    Ok(_) => return ControlFlow::Break(()),
                    Err(e) => {
                        callback_err = Some(e);
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        })
    });
    if let Some(e) = callback_err.or(err) {
        return Err(e);
    }
    let report = report.map_err(value_err)?;
    let found = report.solutions;
    interrupt::stopped(py, None, report.status, |py| {
        let message = format!("n-queens search interrupted after {found} solutions");
        Ok((message, py.None()))
    })?;
    let d = PyDict::new(py);
    d.set_item("approach", report.approach.name())?;
    d.set_item("solutions", report.solutions)?;
    d.set_item("status", report.status.to_string())?;
    d.set_item("complete", report.status.is_complete())?;
    d.set_item(
        "stats",
        report
            .stats
            .as_ref()
            .map(|s| crate::outcome::stats_dict(py, s))
            .transpose()?,
    )?;
    let work = PyDict::new(py);
    for (what, n) in &report.work {
        work.set_item(*what, n)?;
    }
    d.set_item("work", work)?;
    let stuck = match &report.stuck {
        Some(s) => {
            let sd = PyDict::new(py);
            sd.set_item("placed", s.placed.clone())?;
            sd.set_item("values", s.values.clone())?;
            sd.set_item("next_line", s.next_line)?;
            sd.set_item("message", format!("greedy {s}"))?;
            Some(sd)
        }
        None => None,
    };
    d.set_item("stuck", stuck)?;
    d.set_item("first", first)?;
    d.set_item("elapsed", report.elapsed.as_secs_f64())?;
    d.set_item("summary", report.work_table())?;
    Ok(d)
}

/// A placement (the column of each row's queen) drawn in `format`:
/// "board" (dots and Qs), "unicode", "columns", "coords", "json" or "svg".
#[pyfunction]
#[pyo3(signature = (columns, format="board", cols=None))]
pub(crate) fn render(columns: Vec<i32>, format: &str, cols: Option<usize>) -> PyResult<String> {
    let b = board(columns.len(), Some(cols.unwrap_or(columns.len())))?;
    if columns.iter().any(|&c| c < 0 || c as usize >= b.cols()) {
        return Err(PyValueError::new_err(format!(
            "columns must be between 0 and {}",
            b.cols() - 1
        )));
    }
    let format: nqueens::render::Format = format.parse().map_err(value_err)?;
    Ok(nqueens::render::render(format, &b.placement(&columns)))
}
