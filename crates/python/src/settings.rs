//! A search's settings: strategy, orders (built in or Python callables),
//! seed, restarts, all-different level, limits, assumptions and observer,
//! as `Solver` keeps them and as the replay page records each run.

use crate::callbacks::{self, Vars};
use crate::core::Shared;
use crate::interrupt;
use crate::terms::type_name;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;

/// A built-in order or a Python callable.
#[derive(Clone)]
pub(crate) enum Order<T> {
    BuiltIn(T),
    Callable(Arc<Py<PyAny>>),
}

/// Everything a search is configured with.
#[derive(Clone)]
pub(crate) struct Settings {
    pub strategy: csp::Strategy,
    pub var_order: Order<csp::VarOrder>,
    pub value_order: Order<csp::ValueOrder>,
    pub seed: u64,
    pub restarts: Option<csp::Restarts>,
    /// Clause learning's database limit (unset: the engine's default).
    pub learned_clauses: Option<usize>,
    pub level: csp::AllDifferentLevel,
    /// The limits without a cancel flag (every search gets its thread's).
    pub limits: csp::Limits,
    /// Values the search is restricted to (variable index, value).
    pub assume: Vec<(u32, i32)>,
    pub observer: Option<Arc<Py<PyAny>>>,
}

pub(crate) fn parse<T: std::str::FromStr<Err = String>>(
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<T> {
    let s: String = obj.extract().map_err(|_| {
        PyTypeError::new_err(format!("{what}: expected a name, got {}", type_name(obj)))
    })?;
    s.parse().map_err(|e: String| PyValueError::new_err(e))
}

pub(crate) fn order<T: std::str::FromStr<Err = String>>(
    obj: Option<&Bound<'_, PyAny>>,
    default: T,
    what: &str,
) -> PyResult<Order<T>> {
    match obj {
        None => Ok(Order::BuiltIn(default)),
        Some(o) if o.is_none() => Ok(Order::BuiltIn(default)),
        // A name (a str, or a str enum member such as VarOrder.INPUT).
        Some(o) if o.is_instance_of::<pyo3::types::PyString>() => {
            Ok(Order::BuiltIn(parse(o, what)?))
        }
        Some(o) if o.is_callable() => Ok(Order::Callable(Arc::new(o.clone().unbind()))),
        Some(o) => Err(PyTypeError::new_err(format!(
            "{what}: expected a name or a callable, got {}",
            type_name(o)
        ))),
    }
}

impl Settings {
    /// The engine's solver for `model` (a snapshot of `shared`'s).
    pub fn solver<'m>(&self, model: &'m csp::Model, shared: &Arc<Shared>) -> csp::Solver<'m> {
        let mut limits = self.limits.clone();
        limits.cancel = Some(interrupt::cancel_flag());
        let mut solver = csp::Solver::new(model)
            .strategy(self.strategy)
            .seed(self.seed)
            .all_different_level(self.level)
            .limits(limits);
        if let Some(r) = self.restarts {
            solver = solver.restarts(r);
        }
        if let Some(limit) = self.learned_clauses {
            solver = solver.learned_clauses(limit);
        }
        if !self.assume.is_empty() {
            let ids: Vec<csp::VarId> = model.vars().collect();
            solver = solver
                .assume(self.assume.iter().map(|&(i, v)| (ids[i as usize], v)))
                .expect("assumptions on the model's own variables");
        }
        match &self.var_order {
            Order::BuiltIn(o) => solver = solver.var_order(*o),
            Order::Callable(f) => {
                solver = solver.var_order_fn(callbacks::var_order(
                    Arc::clone(f),
                    Vars::new(shared, model),
                ))
            }
        }
        match &self.value_order {
            Order::BuiltIn(o) => solver = solver.value_order(*o),
            Order::Callable(f) => {
                solver = solver.value_order_fn(callbacks::value_order(
                    Arc::clone(f),
                    Vars::new(shared, model),
                ))
            }
        }
        solver
    }

    /// Whether a search with these settings calls Python.
    pub fn calls_python(&self) -> bool {
        self.observer.is_some()
            || matches!(self.var_order, Order::Callable(_))
            || matches!(self.value_order, Order::Callable(_))
    }

    pub fn var_order_name(&self) -> String {
        match &self.var_order {
            Order::BuiltIn(o) => o.name().to_owned(),
            Order::Callable(_) => "custom".to_owned(),
        }
    }

    pub fn value_order_name(&self) -> String {
        match &self.value_order {
            Order::BuiltIn(o) => o.name().to_owned(),
            Order::Callable(_) => "custom".to_owned(),
        }
    }
}
