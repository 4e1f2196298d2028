//! `Model`: variables and every constraint of the engine's `Model`, with
//! Python arguments (ranges and lists, variables, views and expressions,
//! relations, callables).

use crate::core::{Made, Model, Shared, State};
use crate::errors::model_error;
use crate::interrupt;
use crate::predicate;
use crate::terms::{
    expr_arg, level_arg, type_name, var_arg, view_arg, Cmp, Expr, LinearRef, Membership, Ref,
    Relation, Var, VarRef,
};
use csp::{ConstraintId, ModelError, VarId, View};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyRange, PyRangeMethods};
use std::sync::Arc;

/// A view resolved against the model it is posted to.
type ViewRef = (Ref, i64);

fn view(v: ViewRef, vars: &[VarId]) -> View {
    View {
        var: v.0.id(vars),
        offset: v.1,
    }
}

fn to_views(vs: &[ViewRef], vars: &[VarId]) -> Vec<View> {
    vs.iter().map(|&v| view(v, vars)).collect()
}

/// A domain from a `range` (any step) or an iterable of integers.
pub(crate) fn domain_arg(obj: &Bound<'_, PyAny>) -> PyResult<csp::Domain> {
    if let Ok(r) = obj.cast::<PyRange>() {
        let (start, stop, step) = (r.start()?, r.stop()?, r.step()?);
        if step == 1 {
            let lo = i32::try_from(start).map_err(|_| out_of_range(start as i64))?;
            if stop <= start {
                return Ok(csp::Domain::from(Vec::new()));
            }
            let hi = i32::try_from(stop - 1).map_err(|_| out_of_range(stop as i64 - 1))?;
            return Ok(csp::Domain::from(lo..=hi));
        }
    }
    if obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "a domain is a range or an iterable of integers, got str",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "a domain is a range or an iterable of integers, got {}",
            type_name(obj)
        ))
    })?;
    let mut values = Vec::new();
    for item in iter {
        let item = item?;
        let v: i64 = item.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "domain values must be integers, got {}",
                type_name(&item)
            ))
        })?;
        values.push(i32::try_from(v).map_err(|_| out_of_range(v))?);
    }
    Ok(csp::Domain::from(values))
}

fn out_of_range(v: i64) -> PyErr {
    pyo3::exceptions::PyOverflowError::new_err(format!(
        "domain value {v} is outside the 32-bit range the engine supports"
    ))
}

impl Model {
    pub fn from_base(base: crate::core::Base, name_of: impl Fn(usize) -> String) -> Model {
        Model {
            shared: Shared::new(base, name_of),
        }
    }

    fn var_ref(&self, index: u32) -> VarRef {
        VarRef {
            shared: Arc::clone(&self.shared),
            index,
        }
    }

    pub fn var_obj(&self, py: Python<'_>, index: u32) -> PyResult<Py<Var>> {
        Py::new(py, Var(self.var_ref(index)))
    }

    /// Posts a constraint step; the constraint's id.
    fn post(
        &self,
        step: impl Fn(&mut csp::Model, &[VarId]) -> Result<ConstraintId, ModelError>
            + Send
            + Sync
            + 'static,
    ) -> PyResult<usize> {
        let id = self.post_maybe(move |m, vars| step(m, vars).map(Some))?;
        Ok(id.expect("a constraint step makes a constraint"))
    }

    /// Posts `post` over three views (`what` names the constraint in
    /// errors): the arithmetic constraints `x op y == z`.
    fn post_three(
        &self,
        [x, y, z]: [&Bound<'_, PyAny>; 3],
        what: &'static str,
        post: fn(&mut csp::Model, View, View, View) -> Result<ConstraintId, ModelError>,
    ) -> PyResult<usize> {
        let (x, y, z) = (
            self.view(x, what)?,
            self.view(y, what)?,
            self.view(z, what)?,
        );
        self.post(move |m, vars| post(m, view(x, vars), view(y, vars), view(z, vars)))
    }

    /// Posts a step that may compile into a domain instead (a condition on
    /// one variable: the engine cuts its domain): the constraint's id, or
    /// `None` for a cut.
    fn post_maybe(
        &self,
        step: impl Fn(&mut csp::Model, &[VarId]) -> Result<Option<ConstraintId>, ModelError>
            + Send
            + Sync
            + 'static,
    ) -> PyResult<Option<usize>> {
        let made = self
            .shared
            .lock()
            .apply(Arc::new(move |m, vars| step(m, vars).map(Made::Constraint)))
            .map_err(model_error)?;
        match made {
            Made::Constraint(c) => Ok(c.map(|c| c.index())),
            _ => unreachable!("a constraint step makes a constraint"),
        }
    }

    fn new_var(
        &self,
        py: Python<'_>,
        domain: csp::Domain,
        name: Option<String>,
    ) -> PyResult<Py<Var>> {
        let mut state = self.shared.lock();
        let name = fresh_name(&state, name)?;
        let made = state
            .apply(Arc::new(move |m, _| {
                m.int_var(domain.clone()).map(Made::Var)
            }))
            .map_err(model_error)?;
        let Made::Var(x) = made else {
            unreachable!("a variable step makes a variable")
        };
        state.name_last(name);
        drop(state);
        self.var_obj(py, x.index() as u32)
    }

    fn view(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<ViewRef> {
        let (v, offset) = view_arg(obj, what)?;
        Ok((v.against(&self.shared), offset))
    }

    fn views(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<ViewRef>> {
        let iter = obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: expected an iterable of variables or views, got {}",
                type_name(obj)
            ))
        })?;
        iter.map(|item| self.view(&item?, what)).collect()
    }

    fn var_ref_arg(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Ref> {
        Ok(var_arg(obj, what)?.against(&self.shared))
    }

    fn vars_of(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Ref>> {
        obj.try_iter()?
            .map(|item| self.var_ref_arg(&item?, what))
            .collect()
    }

    fn expr(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<LinearRef> {
        Ok(expr_arg(obj, what)?.against(&self.shared))
    }

    /// A comparison of two expressions, posted.
    fn compare(&self, a: LinearRef, cmp: Cmp, b: LinearRef) -> PyResult<Option<usize>> {
        self.post_maybe(move |m, vars| {
            let (a, b) = (a.expr(vars), b.expr(vars));
            match cmp {
                Cmp::Eq => m.equal(a, b),
                Cmp::Ne => {
                    let e = a - b;
                    m.linear(
                        e.terms().to_vec(),
                        csp::Cmp::Ne,
                        e.constant().saturating_neg(),
                    )
                    .map(Some)
                }
                Cmp::Lt => m.less(a, b),
                Cmp::Le => m.less_equal(a, b),
                Cmp::Gt => m.greater(a, b),
                Cmp::Ge => m.greater_equal(a, b),
            }
        })
    }

    /// The scope of a predicate for tabulation: its variables' declared values.
    fn tabulation_scope(&self, scope: &[ViewRef]) -> Option<predicate::Scope> {
        let state = self.shared.lock();
        let mut distinct: Vec<u32> = Vec::new();
        let mut slots = Vec::new();
        for &(r, offset) in scope {
            let Ref::Own(i) = r else { return None };
            let at = distinct.iter().position(|&d| d == i).unwrap_or_else(|| {
                distinct.push(i);
                distinct.len() - 1
            });
            slots.push((at, offset));
        }
        let domains = distinct
            .iter()
            .map(|&i| {
                state
                    .model
                    .domain(state.vars[i as usize])
                    .values()
                    .collect()
            })
            .collect();
        Some(predicate::Scope { slots, domains })
    }
}

/// The name a new variable gets: the one given (if free) or `x<index>`.
fn fresh_name(state: &State, name: Option<String>) -> PyResult<String> {
    match name {
        Some(n) if state.by_name.contains_key(&n) => Err(PyValueError::new_err(format!(
            "the model already has a variable named {n}"
        ))),
        Some(n) => Ok(n),
        None => {
            let mut i = state.vars.len();
            loop {
                let n = format!("x{i}");
                if !state.by_name.contains_key(&n) {
                    return Ok(n);
                }
                i += 1;
            }
        }
    }
}

/// A linear term list: variables, views, expressions and `(coefficient,
/// variable or view)` pairs; the terms and what their constants add up to.
fn linear_terms(model: &Model, terms: &Bound<'_, PyAny>) -> PyResult<(Vec<(i64, ViewRef)>, i64)> {
    let mut out = Vec::new();
    let mut constant: i64 = 0;
    for item in terms.try_iter()? {
        let item = item?;
        if let Ok((coef, v)) = item.extract::<(i64, Bound<'_, PyAny>)>() {
            out.push((coef, model.view(&v, "linear term")?));
            continue;
        }
        let e = expr_arg(&item, "linear term")?;
        for (a, v) in &e.terms {
            out.push((*a, (v.against(&model.shared), 0)));
        }
        constant = constant.checked_add(e.constant).ok_or_else(|| {
            pyo3::exceptions::PyOverflowError::new_err("the terms' constants left 64 bits")
        })?;
    }
    Ok((out, constant))
}

#[pymethods]
impl Model {
    /// An empty model.
    #[new]
    fn new() -> Model {
        Model::from_base(Arc::new(csp::Model::new), |i| format!("x{i}"))
    }

    fn __repr__(&self) -> String {
        let state = self.shared.lock();
        format!(
            "Model({} variables, {} constraints)",
            state.model.num_vars(),
            state.model.num_constraints()
        )
    }

    /// Adds an integer variable whose values are `domain`: a `range` or an
    /// iterable of integers (32-bit). An empty domain makes the model
    /// unsatisfiable (every search completes with no solution).
    #[pyo3(signature = (domain, name=None))]
    fn int_var(
        &self,
        py: Python<'_>,
        domain: &Bound<'_, PyAny>,
        name: Option<String>,
    ) -> PyResult<Py<Var>> {
        self.new_var(py, domain_arg(domain)?, name)
    }

    /// Adds `n` variables with the same domain, named `name0`, `name1`, ...
    /// (`x<index>` without a name).
    #[pyo3(signature = (n, domain, name=None))]
    fn int_vars(
        &self,
        py: Python<'_>,
        n: usize,
        domain: &Bound<'_, PyAny>,
        name: Option<String>,
    ) -> PyResult<Vec<Py<Var>>> {
        let domain = domain_arg(domain)?;
        (0..n)
            .map(|i| self.new_var(py, domain.clone(), name.as_ref().map(|p| format!("{p}{i}"))))
            .collect()
    }

    /// Adds a boolean variable (domain {0, 1}).
    #[pyo3(signature = (name=None))]
    fn bool_var(&self, py: Python<'_>, name: Option<String>) -> PyResult<Py<Var>> {
        self.new_var(py, csp::Domain::from(0..=1), name)
    }

    /// Adds `n` boolean variables, named `name0`, `name1`, ...
    #[pyo3(signature = (n, name=None))]
    fn bool_vars(&self, py: Python<'_>, n: usize, name: Option<String>) -> PyResult<Vec<Py<Var>>> {
        (0..n)
            .map(|i| {
                self.new_var(
                    py,
                    csp::Domain::from(0..=1),
                    name.as_ref().map(|p| format!("{p}{i}")),
                )
            })
            .collect()
    }

    /// The variables, in creation order.
    #[getter]
    fn vars(&self, py: Python<'_>) -> PyResult<Vec<Py<Var>>> {
        let n = self.shared.lock().vars.len() as u32;
        (0..n).map(|i| self.var_obj(py, i)).collect()
    }

    /// The number of variables.
    #[getter]
    fn num_vars(&self) -> usize {
        self.shared.lock().vars.len()
    }

    /// The number of constraints.
    #[getter]
    fn num_constraints(&self) -> usize {
        self.shared.lock().model.num_constraints()
    }

    /// The variable named `name` (`KeyError` if there is none).
    fn var(&self, py: Python<'_>, name: &str) -> PyResult<Py<Var>> {
        let index = self.shared.lock().by_name.get(name).copied();
        match index {
            Some(i) => self.var_obj(py, i),
            None => Err(pyo3::exceptions::PyKeyError::new_err(name.to_owned())),
        }
    }

    /// The declared values of `var`, ascending.
    fn domain(&self, var: &Bound<'_, PyAny>) -> PyResult<Vec<i32>> {
        let v = var_arg(var, "domain")?;
        if !v.is_of(&self.shared) {
            return Err(model_error(ModelError::ForeignVariable {
                constraint: "domain",
            }));
        }
        let state = self.shared.lock();
        Ok(state
            .model
            .domain(state.vars[v.index as usize])
            .values()
            .collect())
    }

    /// Posts a relation (`x + y == 10`, `x < y`, `2 * x != y`) or a
    /// membership (`x.is_in([1, 3])`).
    fn add(&self, constraint: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        if let Ok(r) = constraint.cast::<Relation>() {
            let r = r.get();
            return self.compare(
                r.lhs.against(&self.shared),
                r.cmp,
                r.rhs.against(&self.shared),
            );
        }
        if let Ok(m) = constraint.cast::<Membership>() {
            let (x, values) = self.membership(m.get(), "add")?;
            return self.post_maybe(move |model, vars| {
                model
                    .member(view(x, vars), values.iter().copied())
                    .map(|()| None)
            });
        }
        if constraint.is_instance_of::<pyo3::types::PyBool>() {
            return Err(PyTypeError::new_err(
                "add: got a bool; a comparison of plain Python values was evaluated before the model saw it",
            ));
        }
        Err(PyTypeError::new_err(format!(
            "add: expected a relation such as x + y == 3 or a membership x.is_in([...]), got {}",
            type_name(constraint)
        )))
    }

    /// `a != b` for variables or views.
    fn not_equal(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (a, b) = (self.view(a, "not_equal")?, self.view(b, "not_equal")?);
        self.post(move |m, vars| pairwise(m.not_equal(view(a, vars), view(b, vars))))
    }

    /// All the views take pairwise different values. `level` ("value",
    /// "bounds" or "domain") filters this constraint more strongly than the
    /// solver's default.
    #[pyo3(signature = (views, level=None))]
    fn all_different(&self, views: &Bound<'_, PyAny>, level: Option<&str>) -> PyResult<usize> {
        let vs = self.views(views, "all_different")?;
        let level = level.map(level_arg).transpose()?;
        self.post(move |m, vars| match level {
            Some(l) => m.all_different_with(to_views(&vs, vars), l),
            None => m.all_different(to_views(&vs, vars)),
        })
    }

    /// `sum(terms) cmp rhs`: terms are variables, views, expressions or
    /// `(coefficient, variable)` pairs; `cmp` is "==", "!=", "<=", ">=", "<" or ">".
    fn linear(&self, terms: &Bound<'_, PyAny>, cmp: &str, rhs: i64) -> PyResult<usize> {
        let cmp = Cmp::parse(cmp).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown comparison '{cmp}' (expected ==, !=, <=, >=, < or >)"
            ))
        })?;
        let (terms, constant) = linear_terms(self, terms)?;
        let overflow =
            || pyo3::exceptions::PyOverflowError::new_err("the right-hand side left 64 bits");
        let rhs = rhs.checked_sub(constant).ok_or_else(overflow)?;
        let (cmp, rhs) = match cmp {
            Cmp::Eq => (csp::Cmp::Eq, rhs),
            Cmp::Ne => (csp::Cmp::Ne, rhs),
            Cmp::Le => (csp::Cmp::Le, rhs),
            Cmp::Ge => (csp::Cmp::Ge, rhs),
            Cmp::Lt => (csp::Cmp::Le, rhs.checked_sub(1).ok_or_else(overflow)?),
            Cmp::Gt => (csp::Cmp::Ge, rhs.checked_add(1).ok_or_else(overflow)?),
        };
        self.post(move |m, vars| m.linear(terms.iter().map(|&(a, v)| (a, view(v, vars))), cmp, rhs))
    }

    /// The scope's values form one of `rows` (the allowed tuples).
    fn table(&self, scope: &Bound<'_, PyAny>, rows: Vec<Vec<i32>>) -> PyResult<usize> {
        let vs = self.views(scope, "table")?;
        self.post(move |m, vars| m.table(to_views(&vs, vars), &rows))
    }

    /// `check(*values)` must be true of the scope's values (views applied).
    ///
    /// With `tabulate=None` (the default) the callable is called once per
    /// combination of the domains when their product is at most 4096, and
    /// the search reads the table (and a binary one that forbids exactly
    /// the pairs whose difference is in a small set, such as `a != b` or the
    /// queens' diagonals, becomes the disequalities `a != b + c`: the id
    /// returned is the first's); otherwise the engine calls it during the
    /// search. `tabulate=True` tabulates up to 4,194,304 combinations;
    /// `False` never does. An exception raised by `check` reaches the
    /// caller: from here when tabulating, else from the search, which stops.
    #[pyo3(signature = (scope, check, tabulate=None))]
    fn predicate(
        &self,
        scope: &Bound<'_, PyAny>,
        check: &Bound<'_, PyAny>,
        tabulate: Option<bool>,
    ) -> PyResult<usize> {
        if !check.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "predicate: expected a callable, got {}",
                type_name(check)
            )));
        }
        let vs = self.views(scope, "predicate")?;
        let tab = self.tabulation_scope(&vs).filter(|s| match tabulate {
            Some(false) => false,
            Some(true) => s.combinations() <= predicate::MAX_TABULATE,
            None => s.combinations() <= predicate::AUTO_TABULATE,
        });
        if tabulate == Some(true)
            && tab.is_none()
            && vs.iter().all(|v| matches!(v.0, Ref::Own(_)))
            && !vs.is_empty()
        {
            return Err(PyValueError::new_err(format!(
                "predicate: the domains have more than {} combinations to tabulate",
                predicate::MAX_TABULATE
            )));
        }
        match tab {
            Some(s) if !vs.is_empty() => {
                let table = Arc::new(predicate::tabulate(check.py(), check, &s)?);
                if let Some(differences) = predicate::forbidden_differences(&s, &table) {
                    let (a, b) = (vs[0], vs[1]);
                    let mut first = None;
                    for c in differences {
                        let id = self.post(move |m, vars| {
                            pairwise(m.not_equal(view(a, vars), view((b.0, b.1 + c), vars)))
                        })?;
                        first.get_or_insert(id);
                    }
                    return Ok(first.expect("at least one difference"));
                }
                self.post(move |m, vars| {
                    let t = Arc::clone(&table);
                    m.predicate(to_views(&vs, vars), move |values| t.holds(values))
                })
            }
            _ => {
                let f = Arc::new(check.clone().unbind());
                let id = self.post(move |m, vars| {
                    m.predicate(to_views(&vs, vars), predicate::calling(Arc::clone(&f)))
                })?;
                self.shared.lock().calls_python = true;
                Ok(id)
            }
        }
    }

    /// Exactly `count` of the views take `value`.
    fn count_eq(&self, scope: &Bound<'_, PyAny>, value: i32, count: usize) -> PyResult<usize> {
        let vs = self.views(scope, "count_eq")?;
        self.post(move |m, vars| m.count_eq(to_views(&vs, vars), value, count))
    }

    /// `a == b` for expressions (integers, variables, views, `x - y`, ...).
    fn equal(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.compare(self.expr(a, "equal")?, Cmp::Eq, self.expr(b, "equal")?)
    }

    /// `a < b` for expressions.
    fn less(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.compare(self.expr(a, "less")?, Cmp::Lt, self.expr(b, "less")?)
    }

    /// `a <= b` for expressions.
    fn less_equal(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.compare(
            self.expr(a, "less_equal")?,
            Cmp::Le,
            self.expr(b, "less_equal")?,
        )
    }

    /// `a > b` for expressions.
    fn greater(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.compare(self.expr(a, "greater")?, Cmp::Gt, self.expr(b, "greater")?)
    }

    /// `a >= b` for expressions.
    fn greater_equal(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.compare(
            self.expr(a, "greater_equal")?,
            Cmp::Ge,
            self.expr(b, "greater_equal")?,
        )
    }

    /// `x == value`.
    fn assign(&self, x: &Bound<'_, PyAny>, value: i64) -> PyResult<Option<usize>> {
        let x = self.view(x, "assign")?;
        self.post_maybe(move |m, vars| m.assign(view(x, vars), value).map(|()| None))
    }

    /// `x != value`.
    fn forbid(&self, x: &Bound<'_, PyAny>, value: i64) -> PyResult<Option<usize>> {
        let x = self.view(x, "forbid")?;
        self.post_maybe(move |m, vars| m.forbid(view(x, vars), value).map(|()| None))
    }

    /// An expression as a variable or view: `x + c` is its own view; any
    /// other expression gets a new variable (named `name`, or `x<index>`)
    /// with the expression's bounds and an equality.
    #[pyo3(signature = (expr, name=None))]
    fn expr_var(
        &self,
        py: Python<'_>,
        expr: &Bound<'_, PyAny>,
        name: Option<String>,
    ) -> PyResult<Py<PyAny>> {
        let e = self.expr(expr, "expr_var")?;
        let mut state = self.shared.lock();
        let before = state.vars.len();
        let fresh = fresh_name(&state, name)?;
        let made = state
            .apply(Arc::new(move |m, vars| {
                m.expr_var(e.expr(vars)).map(Made::View)
            }))
            .map_err(model_error)?;
        let Made::View(v) = made else {
            unreachable!("an expression step makes a view")
        };
        if state.vars.len() > before {
            state.name_last(fresh);
        }
        drop(state);
        let x = self.var_ref(v.var.index() as u32);
        if v.offset == 0 {
            Ok(Py::new(py, Var(x))?.into_any())
        } else {
            let e = expr_arg(&Py::new(py, Var(x))?.into_bound(py).into_any(), "expr_var")?;
            Ok(Py::new(
                py,
                Expr(crate::terms::Linear {
                    terms: e.terms,
                    constant: v.offset,
                }),
            )?
            .into_any())
        }
    }

    /// `|x| == y`.
    fn abs(&self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (x, y) = (self.view(x, "abs")?, self.view(y, "abs")?);
        self.post(move |m, vars| m.abs(view(x, vars), view(y, vars)))
    }

    /// `|x - y| == z`.
    fn distance(
        &self,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        z: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        self.post_three([x, y, z], "distance", |m, x, y, z| m.distance(x, y, z))
    }

    /// `x * y == z`.
    fn times(
        &self,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        z: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        self.post_three([x, y, z], "times", |m, x, y, z| m.times(x, y, z))
    }

    /// `x * y == z` by its interval reasoning alone (bounds from the
    /// corners and quotients, the exact filter once one view is open):
    /// the same solutions as `times`, cheaper per node where the product
    /// feeds sums that read only bounds.
    fn times_by_bounds(
        &self,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        z: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        self.post_three([x, y, z], "times_by_bounds", |m, x, y, z| {
            m.times_by_bounds(x, y, z)
        })
    }

    /// Adds one redundant constraint checking the linear constraints and
    /// products posted so far together, as a linear relaxation over the
    /// reals (a product joins once a factor is fixed); arc consistency
    /// and clause learning then fail where no real point satisfies them
    /// all at once. The same solutions; its id, or `None` when fewer
    /// than two rows would take part.
    fn linear_relaxation(&self) -> PyResult<Option<usize>> {
        self.post_maybe(|m, _| m.linear_relaxation())
    }

    /// `x / y == z`, truncating towards zero (`y` is never 0).
    fn div(
        &self,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        z: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        self.post_three([x, y, z], "div", |m, x, y, z| m.div(x, y, z))
    }

    /// `x % y == z`, with the sign of `x` (as Rust and C; `y` is never 0).
    fn modulo(
        &self,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        z: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        self.post_three([x, y, z], "modulo", |m, x, y, z| m.modulo(x, y, z))
    }

    /// `result == min(views)`.
    fn minimum(&self, views: &Bound<'_, PyAny>, result: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (vs, r) = (self.views(views, "minimum")?, self.view(result, "minimum")?);
        self.post(move |m, vars| m.minimum(to_views(&vs, vars), view(r, vars)))
    }

    /// `result == max(views)`.
    fn maximum(&self, views: &Bound<'_, PyAny>, result: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (vs, r) = (self.views(views, "maximum")?, self.view(result, "maximum")?);
        self.post(move |m, vars| m.maximum(to_views(&vs, vars), view(r, vars)))
    }

    /// `result == array[index]` for a list of integers (0-based index).
    fn element(
        &self,
        array: Vec<i64>,
        index: &Bound<'_, PyAny>,
        result: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let (i, r) = (self.view(index, "element")?, self.view(result, "element")?);
        self.post(move |m, vars| m.element(array.iter().copied(), view(i, vars), view(r, vars)))
    }

    /// `result == views[index]` for a list of variables or views.
    fn element_var(
        &self,
        views: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
        result: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let vs = self.views(views, "element_var")?;
        let (i, r) = (
            self.view(index, "element_var")?,
            self.view(result, "element_var")?,
        );
        self.post(move |m, vars| m.element_var(to_views(&vs, vars), view(i, vars), view(r, vars)))
    }

    /// At least one of `positives` is 1 or one of `negatives` is 0 (boolean variables).
    #[pyo3(signature = (positives, negatives=None))]
    fn clause(
        &self,
        positives: &Bound<'_, PyAny>,
        negatives: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let pos = self.vars_of(positives, "clause")?;
        let neg = match negatives {
            Some(n) => self.vars_of(n, "clause")?,
            None => Vec::new(),
        };
        self.post(move |m, vars| {
            m.clause(
                pos.iter().map(|r| r.id(vars)),
                neg.iter().map(|r| r.id(vars)),
            )
        })
    }

    /// `b == 1` exactly when `condition` holds (a relation or a membership).
    fn reify(&self, b: &Bound<'_, PyAny>, condition: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.reified(b, condition, true)
    }

    /// `b == 1` implies `condition` (a relation or a membership).
    fn implies(&self, b: &Bound<'_, PyAny>, condition: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.reified(b, condition, false)
    }

    /// `x` takes one of `values`.
    fn member(&self, x: &Bound<'_, PyAny>, values: Vec<i64>) -> PyResult<Option<usize>> {
        let x = self.view(x, "member")?;
        self.post_maybe(move |m, vars| {
            m.member(view(x, vars), values.iter().copied())
                .map(|()| None)
        })
    }

    /// Global cardinality: `counts` maps a value to how many of the views
    /// take it, an integer or an inclusive `(low, high)` pair.
    fn global_cardinality(
        &self,
        scope: &Bound<'_, PyAny>,
        counts: &Bound<'_, PyDict>,
    ) -> PyResult<usize> {
        let vs = self.views(scope, "global_cardinality")?;
        let mut bounds = Vec::new();
        for (value, count) in counts.iter() {
            let value: i32 = value.extract()?;
            let range = match count.extract::<usize>() {
                Ok(c) => c..=c,
                Err(_) => {
                    let (lo, hi): (usize, usize) = count.extract().map_err(|_| {
                        PyTypeError::new_err(
                            "global_cardinality: a count is an integer or a (low, high) pair",
                        )
                    })?;
                    lo..=hi
                }
            };
            bounds.push((value, range));
        }
        self.post(move |m, vars| m.global_cardinality(to_views(&vs, vars), bounds.iter().cloned()))
    }

    /// `succ` (0-based successors) forms one cycle through every position.
    fn circuit(&self, succ: &Bound<'_, PyAny>) -> PyResult<usize> {
        let vs = self.views(succ, "circuit")?;
        self.post(move |m, vars| m.circuit(to_views(&vs, vars)))
    }

    /// `xs[i] == j` exactly when `ys[j] == i` (0-based).
    fn inverse(&self, xs: &Bound<'_, PyAny>, ys: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (a, b) = (self.views(xs, "inverse")?, self.views(ys, "inverse")?);
        self.post(move |m, vars| m.inverse(to_views(&a, vars), to_views(&b, vars)))
    }

    /// `xs` is lexicographically at most `ys` (same lengths).
    fn lex_less_equal(&self, xs: &Bound<'_, PyAny>, ys: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (a, b) = (
            self.views(xs, "lex_less_equal")?,
            self.views(ys, "lex_less_equal")?,
        );
        self.post(move |m, vars| m.lex_less_equal(to_views(&a, vars), to_views(&b, vars)))
    }

    /// `xs` is lexicographically before `ys` (same lengths).
    fn lex_less(&self, xs: &Bound<'_, PyAny>, ys: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (a, b) = (self.views(xs, "lex_less")?, self.views(ys, "lex_less")?);
        self.post(move |m, vars| m.lex_less(to_views(&a, vars), to_views(&b, vars)))
    }

    /// A `Solver` for this model; keyword arguments as for `Solver`.
    #[pyo3(signature = (**settings))]
    fn solver<'py>(
        slf: &Bound<'py, Self>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, crate::solver::Solver>> {
        crate::solver::solver_for(slf, settings)
    }

    /// `Solver(self, **settings).solutions()`: a lazy iterator of solutions.
    #[pyo3(signature = (**settings))]
    fn solutions<'py>(
        slf: &Bound<'py, Self>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::solver::solver_for(slf, settings)?.call_method0("solutions")
    }

    /// `Solver(self, **settings).count()`: the `Outcome` of counting every solution.
    #[pyo3(signature = (**settings))]
    fn count<'py>(
        slf: &Bound<'py, Self>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::solver::solver_for(slf, settings)?.call_method0("count")
    }

    /// `Solver(self, **settings).first()`: the first solution, or None.
    #[pyo3(signature = (**settings))]
    fn first<'py>(
        slf: &Bound<'py, Self>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::solver::solver_for(slf, settings)?.call_method0("first")
    }

    /// `Solver(self, **settings).minimize(objective)`: branch and bound.
    #[pyo3(signature = (objective, **settings))]
    fn minimize<'py>(
        slf: &Bound<'py, Self>,
        objective: &Bound<'py, PyAny>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::solver::solver_for(slf, settings)?.call_method1("minimize", (objective,))
    }

    /// `Solver(self, **settings).maximize(objective)`: branch and bound.
    #[pyo3(signature = (objective, **settings))]
    fn maximize<'py>(
        slf: &Bound<'py, Self>,
        objective: &Bound<'py, PyAny>,
        settings: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::solver::solver_for(slf, settings)?.call_method1("maximize", (objective,))
    }

    /// Min-conflicts local search for one solution: a dict with
    /// `solution` (a `Solution` or None), `status` ("solved", "step limit",
    /// "time limit", "cancelled", "no solution") and `steps`.
    #[pyo3(signature = (*, max_steps=None, seed=0, noise=None, time=None))]
    fn local_search<'py>(
        &self,
        py: Python<'py>,
        max_steps: Option<u64>,
        seed: u64,
        noise: Option<f64>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let model = self.shared.lock().snapshot();
        let mut search = csp::MinConflicts::new(&model)
            .seed(seed)
            .limits(csp::Limits {
                time: time.map(std::time::Duration::from_secs_f64),
                cancel: Some(interrupt::cancel_flag()),
                ..Default::default()
            });
        if let Some(steps) = max_steps {
            search = search.max_steps(steps);
        }
        if let Some(p) = noise {
            if !(0.0..=1.0).contains(&p) {
                return Err(PyValueError::new_err(format!(
                    "noise is a probability between 0 and 1, got {p}"
                )));
            }
            search = search.noise(p);
        }
        let native = !self.shared.lock().calls_python;
        let (outcome, err) = interrupt::engine_call_released(py, native, || search.solve());
        let status = if outcome.status == csp::LocalStatus::Cancelled {
            csp::Status::Stopped(csp::StopReason::Cancelled)
        } else {
            csp::Status::Complete
        };
        interrupt::stopped(py, err, status, |py| {
            Ok(("local search interrupted".to_owned(), py.None()))
        })?;
        let d = PyDict::new(py);
        let solution = outcome
            .solution
            .map(|s| {
                Py::new(
                    py,
                    crate::outcome::Solution {
                        shared: Arc::clone(&self.shared),
                        values: s.into_values(),
                    },
                )
            })
            .transpose()?;
        d.set_item("solution", solution)?;
        d.set_item("status", outcome.status.to_string())?;
        d.set_item("steps", outcome.steps)?;
        d.set_item("elapsed", outcome.elapsed.as_secs_f64())?;
        Ok(d)
    }

    /// Whether `values` (one integer per variable in creation order, or a
    /// mapping from variables or names to values) satisfies every constraint.
    fn is_solution(&self, values: &Bound<'_, PyAny>) -> PyResult<bool> {
        let values = self.values_arg(values)?;
        let model = self.shared.lock().snapshot();
        let (ok, err) = interrupt::engine_call(|| model.is_solution(&values));
        match err {
            Some(e) => Err(e),
            None => Ok(ok),
        }
    }
}

impl Model {
    /// A membership's view (it must be one: `x + c`) and values.
    fn membership(&self, m: &Membership, what: &str) -> PyResult<(ViewRef, Vec<i64>)> {
        let (v, offset) = m.view.as_view().ok_or_else(|| {
            PyTypeError::new_err(format!(
                "{what}: membership needs a variable or a view, got {}",
                m.view
            ))
        })?;
        Ok(((v.against(&self.shared), offset), m.values.clone()))
    }

    fn reified(
        &self,
        b: &Bound<'_, PyAny>,
        condition: &Bound<'_, PyAny>,
        both: bool,
    ) -> PyResult<usize> {
        let what = if both { "reify" } else { "implies" };
        let b = self.var_ref_arg(b, what)?;
        enum C {
            Rel(LinearRef, Cmp, LinearRef),
            In(ViewRef, Vec<i64>),
        }
        let c = if let Ok(r) = condition.cast::<Relation>() {
            let r = r.get();
            C::Rel(
                r.lhs.against(&self.shared),
                r.cmp,
                r.rhs.against(&self.shared),
            )
        } else if let Ok(m) = condition.cast::<Membership>() {
            let (x, values) = self.membership(m.get(), what)?;
            C::In(x, values)
        } else {
            return Err(PyTypeError::new_err(format!(
                "{what}: expected a relation such as x < y or a membership x.is_in([...]), got {}",
                type_name(condition)
            )));
        };
        self.post(move |m, vars| {
            let cond = match &c {
                C::Rel(a, cmp, z) => {
                    let (a, z) = (a.expr(vars), z.expr(vars));
                    match cmp {
                        Cmp::Eq => csp::Condition::equal(a, z),
                        Cmp::Ne => csp::Condition::not_equal(a, z),
                        Cmp::Lt => csp::Condition::less(a, z),
                        Cmp::Le => csp::Condition::less_equal(a, z),
                        Cmp::Gt => csp::Condition::greater(a, z),
                        Cmp::Ge => csp::Condition::greater_equal(a, z),
                    }
                }
                C::In(x, set) => csp::Condition::member(view(*x, vars), set.iter().copied()),
            };
            if both {
                m.reify(b.id(vars), cond)
            } else {
                m.implies(b.id(vars), cond)
            }
        })
    }

    /// One value per variable from a list or a mapping.
    pub(crate) fn values_arg(&self, values: &Bound<'_, PyAny>) -> PyResult<Vec<i32>> {
        let n = self.shared.lock().vars.len();
        if let Ok(map) = values.cast::<pyo3::types::PyMapping>() {
            let mut out = vec![None; n];
            for item in map.items()?.iter() {
                let (k, v): (Bound<'_, PyAny>, i32) = item.extract()?;
                let index = match k.extract::<String>() {
                    Ok(name) => self
                        .shared
                        .lock()
                        .by_name
                        .get(&name)
                        .copied()
                        .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name))?,
                    Err(_) => {
                        let v = var_arg(&k, "is_solution")?;
                        if !v.is_of(&self.shared) {
                            return Err(model_error(ModelError::ForeignVariable {
                                constraint: "solution",
                            }));
                        }
                        v.index
                    }
                };
                out[index as usize] = Some(v);
            }
            return out
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    v.ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "no value for {}",
                            self.shared.lock().names[i]
                        ))
                    })
                })
                .collect();
        }
        values.extract()
    }
}

/// A disequality between two views is always a constraint (never a cut).
fn pairwise(posted: Result<Option<ConstraintId>, ModelError>) -> Result<ConstraintId, ModelError> {
    posted.map(|c| c.expect("two views make a pairwise constraint"))
}
