//! Variables, views and linear expressions as Python objects, with the
//! operators that build them (`x + 3`, `x - y`, `2 * x`, `sum(xs)`), the
//! comparisons that make constraints of them (`x + y == 10`, `x < y`) and
//! membership (`x.is_in([1, 3])`).

use crate::core::Shared;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use std::fmt;
use std::sync::Arc;

/// A variable of some model: the model's shared state and its index.
#[derive(Clone)]
pub(crate) struct VarRef {
    pub shared: Arc<Shared>,
    pub index: u32,
}

/// A variable as a constraint being posted to model `own` sees it: one of
/// its own (by index, stable across rebuilds), or another model's (the
/// engine's handle, which the engine then refuses with its own message).
#[derive(Clone, Copy)]
pub(crate) enum Ref {
    Own(u32),
    Foreign(csp::VarId),
}

impl Ref {
    /// The engine's handle among `vars` (the model's variables).
    pub fn id(self, vars: &[csp::VarId]) -> csp::VarId {
        match self {
            Ref::Own(i) => vars[i as usize],
            Ref::Foreign(id) => id,
        }
    }
}

impl VarRef {
    pub fn name(&self) -> String {
        self.shared.lock().names[self.index as usize].clone()
    }

    pub fn is_of(&self, own: &Arc<Shared>) -> bool {
        Arc::ptr_eq(&self.shared, own)
    }

    /// This variable for a constraint posted to `own`.
    pub fn against(&self, own: &Arc<Shared>) -> Ref {
        if self.is_of(own) {
            Ref::Own(self.index)
        } else {
            Ref::Foreign(self.shared.lock().vars[self.index as usize])
        }
    }

    fn key(&self) -> (usize, u32) {
        (Arc::as_ptr(&self.shared) as usize, self.index)
    }
}

/// `constant + sum(coef * var)`, the value behind `Var` and `Expr`.
#[derive(Clone)]
pub(crate) struct Linear {
    pub terms: Vec<(i64, VarRef)>,
    pub constant: i64,
}

fn overflow() -> PyErr {
    PyOverflowError::new_err("the expression's coefficients or constant left 64 bits")
}

impl Linear {
    fn of_var(v: VarRef) -> Linear {
        Linear {
            terms: vec![(1, v)],
            constant: 0,
        }
    }

    fn constant(c: i64) -> Linear {
        Linear {
            terms: Vec::new(),
            constant: c,
        }
    }

    fn scaled(mut self, k: i64) -> PyResult<Linear> {
        for (a, _) in &mut self.terms {
            *a = a.checked_mul(k).ok_or_else(overflow)?;
        }
        self.constant = self.constant.checked_mul(k).ok_or_else(overflow)?;
        Ok(self)
    }

    fn plus(mut self, other: Linear) -> PyResult<Linear> {
        self.terms.extend(other.terms);
        self.constant = self
            .constant
            .checked_add(other.constant)
            .ok_or_else(overflow)?;
        Ok(self)
    }

    /// `(var, offset)` when the expression is a view `x + c`.
    pub fn as_view(&self) -> Option<(VarRef, i64)> {
        match self.terms.as_slice() {
            [(1, v)] => Some((v.clone(), self.constant)),
            _ => None,
        }
    }

    /// The plain variable, when the expression is one.
    fn as_var(&self) -> Option<&VarRef> {
        match self.terms.as_slice() {
            [(1, v)] if self.constant == 0 => Some(v),
            _ => None,
        }
    }

    /// The expression for the engine, against model `own`.
    pub fn against(&self, own: &Arc<Shared>) -> LinearRef {
        LinearRef {
            terms: self
                .terms
                .iter()
                .map(|(a, v)| (*a, v.against(own)))
                .collect(),
            constant: self.constant,
        }
    }
}

/// A [`Linear`] resolved against the model it is posted to.
#[derive(Clone)]
pub(crate) struct LinearRef {
    pub terms: Vec<(i64, Ref)>,
    pub constant: i64,
}

impl LinearRef {
    /// The engine's expression.
    pub fn expr(&self, vars: &[csp::VarId]) -> csp::Expr {
        use csp::IntoExpr;
        self.terms
            .iter()
            .fold(self.constant.into_expr(), |e, &(a, r)| e + a * r.id(vars))
    }
}

impl fmt::Display for Linear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (a, v) in &self.terms {
            let name = v.name();
            let (sign, mag) = if *a < 0 {
                ("-", a.unsigned_abs())
            } else {
                ("+", *a as u64)
            };
            match (first, sign) {
                (true, "-") => write!(f, "-")?,
                (true, _) => {}
                (false, s) => write!(f, " {s} ")?,
            }
            if mag == 1 {
                write!(f, "{name}")?;
            } else {
                write!(f, "{mag}*{name}")?;
            }
            first = false;
        }
        if first {
            write!(f, "{}", self.constant)
        } else if self.constant > 0 {
            write!(f, " + {}", self.constant)
        } else if self.constant < 0 {
            write!(f, " - {}", self.constant.unsigned_abs())
        } else {
            Ok(())
        }
    }
}

/// An integer (not a bool used as a number by mistake? bools are ints in
/// Python, and accepted as 0 and 1), a `Var` or an `Expr`.
pub(crate) fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<Linear>> {
    if let Ok(v) = obj.cast::<Var>() {
        return Ok(Some(Linear::of_var(v.get().0.clone())));
    }
    if let Ok(e) = obj.cast::<Expr>() {
        return Ok(Some(e.get().0.clone()));
    }
    if obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        let c: i64 = obj.extract().map_err(|_| overflow())?;
        return Ok(Some(Linear::constant(c)));
    }
    Ok(None)
}

/// `obj` as an expression, or a `TypeError` naming what was expected.
pub(crate) fn expr_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Linear> {
    operand(obj)?.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "{what}: expected an integer, a variable or an expression, got {}",
            type_name(obj)
        ))
    })
}

/// `obj` as a variable or an offset view `x + c`.
pub(crate) fn view_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(VarRef, i64)> {
    let not_view = |got: String| {
        PyTypeError::new_err(format!(
            "{what}: expected a variable or an offset view such as x + 3, got {got}"
        ))
    };
    match operand(obj)? {
        Some(e) if e.terms.is_empty() => Err(not_view(format!("the constant {}", e.constant))),
        Some(e) => e.as_view().ok_or_else(|| {
            not_view(format!(
                "the expression {e} (make it a variable with model.expr_var)"
            ))
        }),
        None => Err(not_view(type_name(obj))),
    }
}

/// `obj` as a plain variable.
pub(crate) fn var_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<VarRef> {
    match obj.cast::<Var>() {
        Ok(v) => Ok(v.get().0.clone()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what}: expected a variable, got {}",
            type_name(obj)
        ))),
    }
}

pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an object".to_owned())
}

/// The comparison a `Relation` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn of(op: CompareOp) -> Cmp {
        match op {
            CompareOp::Eq => Cmp::Eq,
            CompareOp::Ne => Cmp::Ne,
            CompareOp::Lt => Cmp::Lt,
            CompareOp::Le => Cmp::Le,
            CompareOp::Gt => Cmp::Gt,
            CompareOp::Ge => Cmp::Ge,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }

    /// Parses "==", "!=", "<", "<=", ">", ">=" (and "=").
    pub fn parse(s: &str) -> Option<Cmp> {
        Some(match s.trim() {
            "==" | "=" => Cmp::Eq,
            "!=" => Cmp::Ne,
            "<" => Cmp::Lt,
            "<=" => Cmp::Le,
            ">" => Cmp::Gt,
            ">=" => Cmp::Ge,
            _ => return None,
        })
    }
}

/// Arithmetic shared by `Var` and `Expr`: `None` is Python's NotImplemented.
fn arith(
    lhs: Linear,
    other: &Bound<'_, PyAny>,
    op: char,
    reflected: bool,
) -> PyResult<Option<Linear>> {
    let Some(rhs) = operand(other)? else {
        return Ok(None);
    };
    let (a, b) = if reflected { (rhs, lhs) } else { (lhs, rhs) };
    Ok(Some(match op {
        '+' => a.plus(b)?,
        '-' => a.plus(b.scaled(-1)?)?,
        _ => {
            // One side must be a constant: the engine's expressions are linear.
            match (a.terms.is_empty(), b.terms.is_empty()) {
                (true, _) => b.scaled(a.constant)?,
                (_, true) => a.scaled(b.constant)?,
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "{a} * {b} is not linear: post model.times(x, y, z) for z = x * y"
                    )))
                }
            }
        }
    }))
}

fn wrap(py: Python<'_>, e: Option<Linear>) -> PyResult<Py<PyAny>> {
    match e {
        Some(e) => Ok(Py::new(py, Expr(e))?.into_any()),
        None => Ok(py.NotImplemented()),
    }
}

fn relation(
    py: Python<'_>,
    lhs: Linear,
    other: &Bound<'_, PyAny>,
    op: CompareOp,
) -> PyResult<Py<PyAny>> {
    match operand(other)? {
        Some(rhs) => Ok(Py::new(
            py,
            Relation {
                lhs,
                cmp: Cmp::of(op),
                rhs,
            },
        )?
        .into_any()),
        None => Ok(py.NotImplemented()),
    }
}

/// A variable of a model. Combine variables with integers using `+`, `-`
/// and `*` into views and expressions; compare them with `==`, `!=`, `<`,
/// `<=`, `>`, `>=` to make constraints for `Model.add`. Variables are
/// hashable, and `x == y` between two variables is also true exactly when
/// they are the same variable, so they work as dictionary keys.
#[pyclass(frozen, module = "csp_engine", name = "Var")]
pub(crate) struct Var(pub VarRef);

#[pymethods]
impl Var {
    /// The variable's name (given when it was made, or x0, x1, ...).
    #[getter]
    fn name(&self) -> String {
        self.0.name()
    }

    /// The variable's position in its model, in creation order.
    #[getter]
    fn index(&self) -> u32 {
        self.0.index
    }

    fn __repr__(&self) -> String {
        self.0.name()
    }

    fn __hash__(&self) -> u64 {
        let (p, i) = self.0.key();
        (p as u64).rotate_left(17) ^ i as u64
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(
            py,
            arith(Linear::of_var(self.0.clone()), other, '+', false)?,
        )
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(Linear::of_var(self.0.clone()), other, '+', true)?)
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(
            py,
            arith(Linear::of_var(self.0.clone()), other, '-', false)?,
        )
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(Linear::of_var(self.0.clone()), other, '-', true)?)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(
            py,
            arith(Linear::of_var(self.0.clone()), other, '*', false)?,
        )
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(Linear::of_var(self.0.clone()), other, '*', true)?)
    }
    fn __neg__(&self) -> PyResult<Expr> {
        Ok(Expr(Linear::of_var(self.0.clone()).scaled(-1)?))
    }
    fn __pos__(&self) -> Expr {
        Expr(Linear::of_var(self.0.clone()))
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        relation(py, Linear::of_var(self.0.clone()), other, op)
    }

    /// The condition "this variable takes one of `values`": post it with
    /// `Model.add`, or attach it to a boolean with `Model.reify`.
    fn is_in(&self, values: Vec<i64>) -> Membership {
        Membership {
            view: Linear::of_var(self.0.clone()),
            values,
        }
    }
}

/// A linear expression over variables: `2 * x - y + 3`. An expression
/// `x + c` is an offset view, which every constraint accepts in place of
/// a variable; compare expressions to make constraints for `Model.add`.
#[pyclass(frozen, module = "csp_engine", name = "Expr")]
pub(crate) struct Expr(pub Linear);

#[pymethods]
impl Expr {
    /// The `(coefficient, variable)` terms, as written.
    #[getter]
    fn terms(&self, py: Python<'_>) -> PyResult<Vec<(i64, Py<Var>)>> {
        self.0
            .terms
            .iter()
            .map(|(a, v)| Ok((*a, Py::new(py, Var(v.clone()))?)))
            .collect()
    }

    /// The constant part.
    #[getter]
    fn constant(&self) -> i64 {
        self.0.constant
    }

    /// Whether the expression is an offset view `x + c`.
    fn is_view(&self) -> bool {
        self.0.as_view().is_some()
    }

    fn __repr__(&self) -> String {
        self.0.to_string()
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '+', false)?)
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '+', true)?)
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '-', false)?)
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '-', true)?)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '*', false)?)
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, arith(self.0.clone(), other, '*', true)?)
    }
    fn __neg__(&self) -> PyResult<Expr> {
        Ok(Expr(self.0.clone().scaled(-1)?))
    }
    fn __pos__(&self) -> Expr {
        Expr(self.0.clone())
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        relation(py, self.0.clone(), other, op)
    }

    fn __hash__(&self) -> PyResult<u64> {
        Err(PyTypeError::new_err("expressions are not hashable"))
    }

    /// The condition "this view takes one of `values`" (see `Var.is_in`).
    fn is_in(&self, values: Vec<i64>) -> Membership {
        Membership {
            view: self.0.clone(),
            values,
        }
    }
}

/// A comparison of two expressions (`x + y == 10`, `x < y`): post it with
/// `Model.add`, or attach it to a boolean with `Model.reify` or
/// `Model.implies`. It has no truth value of its own, except `x == y` and
/// `x != y` between two variables, which say whether they are the same
/// variable (so variables work as dictionary keys and in lists).
#[pyclass(frozen, module = "csp_engine", name = "Relation")]
pub(crate) struct Relation {
    pub lhs: Linear,
    pub cmp: Cmp,
    pub rhs: Linear,
}

#[pymethods]
impl Relation {
    fn __bool__(&self) -> PyResult<bool> {
        if let (Some(a), Some(b), Cmp::Eq | Cmp::Ne) =
            (self.lhs.as_var(), self.rhs.as_var(), self.cmp)
        {
            let same = a.key() == b.key();
            return Ok(same == (self.cmp == Cmp::Eq));
        }
        Err(PyTypeError::new_err(format!(
            "the constraint {} has no truth value: post it with model.add(...)",
            self.__repr__()
        )))
    }

    fn __repr__(&self) -> String {
        format!("{} {} {}", self.lhs, self.cmp.symbol(), self.rhs)
    }
}

/// The condition "a view takes one of these values" (`x.is_in([1, 3])`).
#[pyclass(frozen, module = "csp_engine", name = "Membership")]
pub(crate) struct Membership {
    pub view: Linear,
    pub values: Vec<i64>,
}

#[pymethods]
impl Membership {
    fn __repr__(&self) -> String {
        format!("{} in {:?}", self.view, self.values)
    }
}

/// The engine's all-different level from its name.
pub(crate) fn level_arg(name: &str) -> PyResult<csp::AllDifferentLevel> {
    name.parse().map_err(|e: String| PyValueError::new_err(e))
}
