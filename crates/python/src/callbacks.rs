//! The Python callables a search calls: a custom variable or value order
//! (reading the search through a `SearchView`) and an observer of events.
//!
//! Each call runs Python with the GIL the search already holds. A callable
//! that raises stops the search ([`interrupt::raised`]); until the engine
//! notices, the callables answer without calling Python.

use crate::core::Shared;
use crate::interrupt;
use crate::outcome::Event;
use crate::terms::{var_arg, Var, VarRef};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Arc;

/// Python's handles for the variables of one searched model.
#[derive(Clone)]
pub(crate) struct Vars {
    pub shared: Arc<Shared>,
    pub ids: Arc<Vec<csp::VarId>>,
}

impl Vars {
    pub fn new(shared: &Arc<Shared>, model: &csp::Model) -> Vars {
        Vars {
            shared: Arc::clone(shared),
            ids: Arc::new(model.vars().collect()),
        }
    }

    pub fn var(&self, py: Python<'_>, id: csp::VarId) -> PyResult<Py<Var>> {
        Py::new(
            py,
            Var(VarRef {
                shared: Arc::clone(&self.shared),
                index: id.index() as u32,
            }),
        )
    }

    /// The engine's handle of a Python variable of this model.
    fn id(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<csp::VarId> {
        let v = var_arg(obj, what)?;
        if !v.is_of(&self.shared) || v.index as usize >= self.ids.len() {
            return Err(PyValueError::new_err(format!(
                "{what}: {} is not a variable of the searched model",
                v.name()
            )));
        }
        Ok(self.ids[v.index as usize])
    }
}

/// What a custom order reads: the running search's domains, during the
/// call only (afterwards every method raises `RuntimeError`).
#[pyclass(frozen, module = "csp_engine", name = "SearchView")]
pub(crate) struct SearchView {
    view: AtomicPtr<csp::SearchView<'static>>,
    /// The search's thread: the only one that may read the view.
    thread: std::thread::ThreadId,
    vars: Vars,
}

impl SearchView {
    fn with<T>(&self, f: impl FnOnce(&mut csp::SearchView<'static>) -> T) -> PyResult<T> {
        let p = self.view.load(Ordering::Acquire);
        if p.is_null() || std::thread::current().id() != self.thread {
            return Err(PyRuntimeError::new_err(
                "a SearchView is only valid during the call it was passed to",
            ));
        }
        // SAFETY: non-null only during `call_with_view`, which holds the
        // `&mut SearchView` this points to, and read on the search's thread
        // only, while it runs Python code of that call.
        Ok(f(unsafe { &mut *p }))
    }

    fn id(&self, var: &Bound<'_, PyAny>) -> PyResult<csp::VarId> {
        self.vars.id(var, "SearchView")
    }
}

/// Calls `f` with a `SearchView` of `view` valid for the call only.
fn call_with_view<T>(
    py: Python<'_>,
    vars: &Vars,
    view: &mut csp::SearchView<'_>,
    f: impl FnOnce(&Bound<'_, SearchView>) -> PyResult<T>,
) -> PyResult<T> {
    // The lifetime is erased: the pointer is cleared before the view ends.
    let ptr: *mut csp::SearchView<'static> = (view as *mut csp::SearchView<'_>).cast();
    let obj = Bound::new(
        py,
        SearchView {
            view: AtomicPtr::new(ptr),
            thread: std::thread::current().id(),
            vars: vars.clone(),
        },
    )?;
    let out = f(&obj);
    obj.get()
        .view
        .store(std::ptr::null_mut(), Ordering::Release);
    out
}

#[pymethods]
impl SearchView {
    /// The unassigned variables, in creation order.
    fn unassigned(&self, py: Python<'_>) -> PyResult<Vec<Py<Var>>> {
        let ids: Vec<csp::VarId> = self.with(|v| v.unassigned().collect())?;
        ids.into_iter().map(|id| self.vars.var(py, id)).collect()
    }

    /// How many variables are assigned.
    fn depth(&self) -> PyResult<usize> {
        self.with(|v| v.depth())
    }

    /// The number of values left in `var`'s domain.
    fn size(&self, var: &Bound<'_, PyAny>) -> PyResult<u32> {
        let id = self.id(var)?;
        self.with(|v| v.size(id))
    }

    /// The values left in `var`'s domain, ascending.
    fn values(&self, var: &Bound<'_, PyAny>) -> PyResult<Vec<i32>> {
        let id = self.id(var)?;
        self.with(|v| {
            let mut out = Vec::new();
            v.values_into(id, &mut out);
            out
        })
    }

    /// The smallest value left in `var`'s domain.
    fn min(&self, var: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let id = self.id(var)?;
        self.with(|v| v.min(id))
    }

    /// The largest value left in `var`'s domain.
    fn max(&self, var: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let id = self.id(var)?;
        self.with(|v| v.max(id))
    }

    /// Whether `value` is still in `var`'s domain.
    fn contains(&self, var: &Bound<'_, PyAny>, value: i32) -> PyResult<bool> {
        let id = self.id(var)?;
        self.with(|v| v.contains(id, value))
    }

    /// `var`'s value if it is assigned, else None.
    fn assigned_value(&self, var: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let id = self.id(var)?;
        self.with(|v| v.assigned_value(id))
    }

    /// How many constraints on `var` still have another unassigned variable.
    fn degree(&self, var: &Bound<'_, PyAny>) -> PyResult<u64> {
        let id = self.id(var)?;
        self.with(|v| v.degree(id))
    }

    /// `degree` weighted by each constraint's failures (dom/wdeg's weights).
    fn weighted_degree(&self, var: &Bound<'_, PyAny>) -> PyResult<u64> {
        let id = self.id(var)?;
        self.with(|v| v.weighted_degree(id))
    }

    /// The values forward checking would prune if `var = value` were tried
    /// now (None: the assignment fails at once).
    fn trial_prunes(&self, var: &Bound<'_, PyAny>, value: i32) -> PyResult<Option<u64>> {
        let id = self.id(var)?;
        self.with(|v| v.trial_prunes(id, value))
    }
}

/// A Python callable choosing the next variable: `f(view) -> Var`.
pub(crate) fn var_order(
    f: Arc<Py<PyAny>>,
    vars: Vars,
) -> impl FnMut(&mut csp::SearchView<'_>) -> csp::VarId + Clone + Send + Sync + 'static {
    move |view: &mut csp::SearchView<'_>| {
        let fallback = view
            .unassigned()
            .next()
            .expect("an unassigned variable to choose");
        if interrupt::pending() {
            return fallback;
        }
        Python::attach(|py| {
            let chosen = call_with_view(py, &vars, view, |obj| {
                let got = f.bind(py).call1((obj,))?;
                let id = vars.id(&got, "var_order")?;
                Ok(id)
            });
            let unassigned = chosen.and_then(|id| {
                if view.assigned_value(id).is_some() {
                    Err(PyValueError::new_err(format!(
                        "var_order chose {}, which is already assigned",
                        vars.shared.lock().names[id.index()]
                    )))
                } else {
                    Ok(id)
                }
            });
            unassigned.unwrap_or_else(|e| {
                interrupt::raised(e);
                fallback
            })
        })
    }
}

/// A Python callable ordering a variable's values: `f(view, var, values)`
/// returns the same values in the order to try them.
pub(crate) fn value_order(
    f: Arc<Py<PyAny>>,
    vars: Vars,
) -> impl FnMut(&mut csp::SearchView<'_>, csp::VarId, &mut csp::Candidates<'_>)
       + Clone
       + Send
       + Sync
       + 'static {
    move |view: &mut csp::SearchView<'_>, var: csp::VarId, values: &mut csp::Candidates<'_>| {
        if interrupt::pending() {
            return;
        }
        let given: Vec<i32> = values.as_slice().to_vec();
        Python::attach(|py| {
            let order = call_with_view(py, &vars, view, |obj| {
                let got = f.bind(py).call1((obj, vars.var(py, var)?, given.clone()))?;
                let order: Vec<i32> = got.extract()?;
                let mut a = order.clone();
                let mut b = given.clone();
                a.sort_unstable();
                b.sort_unstable();
                if a != b {
                    return Err(PyValueError::new_err(format!(
                        "value_order must return the values it was given, reordered: got {order:?} for {given:?}"
                    )));
                }
                Ok(order)
            });
            match order {
                Ok(order) => {
                    values.sort_by_score(|v| order.iter().position(|&w| w == v).unwrap_or(0) as i64)
                }
                Err(e) => interrupt::raised(e),
            }
        })
    }
}

/// The observer calling a Python callable with each `Event`.
pub(crate) struct Observer {
    pub f: Arc<Py<PyAny>>,
    pub vars: Vars,
}

impl Observer {
    fn send(&self, make: impl FnOnce(Python<'_>) -> PyResult<Event>) {
        if interrupt::pending() {
            return;
        }
        Python::attach(|py| {
            let sent = make(py).and_then(|event| self.f.bind(py).call1((event,)).map(drop));
            if let Err(e) = sent {
                interrupt::raised(e);
            }
        })
    }

    fn event(
        &self,
        py: Python<'_>,
        kind: &'static str,
        var: csp::VarId,
        value: i32,
        depth: Option<usize>,
        constraint: Option<usize>,
    ) -> PyResult<Event> {
        Ok(Event {
            kind,
            var: Some(self.vars.var(py, var)?),
            value: Some(value),
            depth,
            constraint,
            values: None,
        })
    }
}

impl csp::Observer for Observer {
    fn choose(&mut self, var: csp::VarId, value: i32, depth: usize) {
        self.send(|py| self.event(py, "choose", var, value, Some(depth), None));
    }
    fn unchoose(&mut self, var: csp::VarId, value: i32, depth: usize) {
        self.send(|py| self.event(py, "unchoose", var, value, Some(depth), None));
    }
    fn prune(&mut self, var: csp::VarId, value: i32, constraint: csp::ConstraintId) {
        self.send(|py| self.event(py, "prune", var, value, None, Some(constraint.index())));
    }
    fn fail(&mut self, var: csp::VarId, value: i32, depth: usize) {
        self.send(|py| self.event(py, "fail", var, value, Some(depth), None));
    }
    fn solution(&mut self, values: &[i32]) {
        self.send(|_| {
            Ok(Event {
                kind: "solution",
                var: None,
                value: None,
                depth: None,
                constraint: None,
                values: Some(values.to_vec()),
            })
        });
    }
    fn restart(&mut self) {
        self.send(|_| {
            Ok(Event {
                kind: "restart",
                var: None,
                value: None,
                depth: None,
                constraint: None,
                values: None,
            })
        });
    }
}
