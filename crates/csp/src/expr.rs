//! Linear expressions over variables (`x - y`, `x + y`, `3 * x`, `x - y + 2`)
//! and the terms [`Model::linear`](crate::Model::linear) accepts.
//!
//! An [`Expr`] is plain data: a constant plus coefficient-variable terms.
//! A model compares two of them ([`Model::equal`](crate::Model::equal),
//! [`Model::less`](crate::Model::less), ...) as one linear constraint, or
//! turns one into a view ([`Model::expr_var`](crate::Model::expr_var)): the
//! view itself when the expression is `x + c`, otherwise an auxiliary
//! variable with the expression's tight bounds and a linear equality.

use crate::var::{Constant, VarId, View};
use std::iter::Sum;
use std::ops::{Add, Mul, Neg, Sub};

/// `constant + sum(coef * var)`: built with `+`, `-` and `*` on variables,
/// views and 64-bit integers.
///
/// ```
/// use csp::{Expr, Model};
/// let mut model = Model::new();
/// let x = model.int_var(0..5).unwrap();
/// let y = model.int_var(0..5).unwrap();
/// let e: Expr = 2 * x - y + 3; // integer constants are i64
/// assert_eq!(e.terms(), &[(2, x), (-1, y)]);
/// assert_eq!(e.constant(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expr {
    terms: Vec<(i64, VarId)>,
    constant: i64,
    /// Some coefficient or the constant left 64 bits while building: the
    /// model refuses the expression rather than use a wrong number.
    overflow: bool,
}

impl Expr {
    /// The `(coefficient, variable)` terms, in the order written (a variable
    /// may appear more than once; the model merges them).
    ///
    /// ```
    /// use csp::IntoExpr;
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!((x - 1).into_expr().terms(), &[(1, x)]);
    /// ```
    pub fn terms(&self) -> &[(i64, VarId)] {
        &self.terms
    }

    /// The constant part.
    ///
    /// ```
    /// use csp::IntoExpr;
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!((x - 1).into_expr().constant(), -1);
    /// ```
    pub fn constant(&self) -> i64 {
        self.constant
    }

    /// Did a coefficient or the constant leave 64 bits while the
    /// expression was built? The model then refuses it
    /// ([`ModelError::ConstantOverflow`](crate::ModelError::ConstantOverflow)).
    ///
    /// ```
    /// use csp::IntoExpr;
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert!((x - x + i64::MAX + 1).overflowed());
    /// assert!(!(x - x + i64::MAX).overflowed());
    /// ```
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The expression times `k`.
    fn scaled(mut self, k: i64) -> Expr {
        for (a, _) in &mut self.terms {
            match a.checked_mul(k) {
                Some(p) => *a = p,
                None => self.overflow = true,
            }
        }
        match self.constant.checked_mul(k) {
            Some(p) => self.constant = p,
            None => self.overflow = true,
        }
        self
    }

    fn plus(mut self, other: Expr) -> Expr {
        self.terms.extend(other.terms);
        self.overflow |= other.overflow;
        match self.constant.checked_add(other.constant) {
            Some(c) => self.constant = c,
            None => self.overflow = true,
        }
        self
    }
}

/// Anything that converts into an [`Expr`]: variables, views, integers and
/// expressions (the operand type of [`Model::equal`](crate::Model::equal)
/// and friends).
///
/// ```
/// use csp::IntoExpr;
/// let mut model = csp::Model::new();
/// let x = model.int_var(0..5).unwrap();
/// assert_eq!((x + 2).into_expr().constant(), 2);
/// assert_eq!(7.into_expr().terms(), &[]);
/// ```
pub trait IntoExpr {
    /// The expression.
    fn into_expr(self) -> Expr;
}

impl IntoExpr for Expr {
    fn into_expr(self) -> Expr {
        self
    }
}
impl IntoExpr for &Expr {
    fn into_expr(self) -> Expr {
        self.clone()
    }
}
impl IntoExpr for VarId {
    fn into_expr(self) -> Expr {
        Expr {
            terms: vec![(1, self)],
            constant: 0,
            overflow: false,
        }
    }
}
impl IntoExpr for &VarId {
    fn into_expr(self) -> Expr {
        (*self).into_expr()
    }
}
impl IntoExpr for View {
    fn into_expr(self) -> Expr {
        Expr {
            terms: vec![(1, self.var)],
            constant: self.offset,
            overflow: false,
        }
    }
}
impl IntoExpr for &View {
    fn into_expr(self) -> Expr {
        (*self).into_expr()
    }
}
impl IntoExpr for i64 {
    fn into_expr(self) -> Expr {
        Expr {
            terms: Vec::new(),
            constant: self,
            overflow: false,
        }
    }
}
impl IntoExpr for i32 {
    fn into_expr(self) -> Expr {
        (self as i64).into_expr()
    }
}

/// `a + b` and `a - b` for every pair of operands where at least one side
/// is a variable or an expression (views keep their own `+ i32`).
macro_rules! sums {
    ($($lhs:ty, $rhs:ty);* $(;)?) => {$(
        impl Add<$rhs> for $lhs {
            type Output = Expr;
            fn add(self, rhs: $rhs) -> Expr {
                self.into_expr().plus(rhs.into_expr())
            }
        }
        impl Sub<$rhs> for $lhs {
            type Output = Expr;
            fn sub(self, rhs: $rhs) -> Expr {
                self.into_expr().plus(rhs.into_expr().scaled(-1))
            }
        }
    )*};
}

sums! {
    VarId, VarId; VarId, View; VarId, Expr;
    View, VarId; View, View; View, Expr;
    Expr, VarId; Expr, View; Expr, Expr;
    i64, VarId; i64, View; i64, Expr;
}

impl<C: Constant> Add<C> for Expr {
    type Output = Expr;
    fn add(self, c: C) -> Expr {
        self.plus(c.to_i64().into_expr())
    }
}

impl<C: Constant> Sub<C> for Expr {
    type Output = Expr;
    fn sub(self, c: C) -> Expr {
        self.plus(c.to_i64().into_expr().scaled(-1))
    }
}

/// `k * x` (`k` an `i64`, as integer literals on the left then are) and
/// `x * k` (`k` any [`Constant`]) for a variable, a view or an expression.
macro_rules! products {
    ($($x:ty),*) => {$(
        impl Mul<$x> for i64 {
            type Output = Expr;
            fn mul(self, x: $x) -> Expr {
                x.into_expr().scaled(self)
            }
        }
        impl<C: Constant> Mul<C> for $x {
            type Output = Expr;
            fn mul(self, k: C) -> Expr {
                self.into_expr().scaled(k.to_i64())
            }
        }
    )*};
}

products!(VarId, View, Expr);

impl Neg for View {
    type Output = Expr;
    fn neg(self) -> Expr {
        self.into_expr().scaled(-1)
    }
}

/// `.sum()` over expressions, variables or views: the expression of their
/// sum.
///
/// ```
/// use csp::{Expr, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..4).unwrap();
/// let total: Expr = x.iter().sum();
/// model.equal(total, 5).unwrap();
/// let weighted: Expr = x.iter().zip(1..).map(|(&v, k)| k * v).sum();
/// model.less_equal(weighted, 8).unwrap();
/// assert!(Solver::new(&model).count().solutions() > 0);
/// ```
impl<T: IntoExpr> Sum<T> for Expr {
    fn sum<I: Iterator<Item = T>>(iter: I) -> Expr {
        iter.fold(Expr::default(), |sum, e| sum.plus(e.into_expr()))
    }
}

impl Neg for Expr {
    type Output = Expr;
    fn neg(self) -> Expr {
        self.scaled(-1)
    }
}
impl Neg for VarId {
    type Output = Expr;
    fn neg(self) -> Expr {
        self.into_expr().scaled(-1)
    }
}

/// One term of a [`Model::linear`](crate::Model::linear) sum: a variable or
/// a view (coefficient 1), or a `(coefficient, variable)` or
/// `(coefficient, view)` pair, so no `.into()` is needed.
///
/// ```
/// use csp::{Cmp, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..4).unwrap();
/// model.linear([(2, x[0]), (1, x[1])], Cmp::Eq, 5).unwrap(); // pairs
/// model.linear([(1, x[1] + 1), (-1, x[2] - 1)], Cmp::Ne, 0).unwrap(); // views
/// model.linear(&x, Cmp::Le, 6).unwrap(); // plain variables
/// model.linear([x[0] + 1, x[2] + 0], Cmp::Ge, 2).unwrap(); // views
/// assert!(Solver::new(&model).count().solutions() > 0);
/// ```
///
/// The older form `(1, x.into())` no longer compiles (the pair's second
/// half has no type to convert into): drop the `.into()` and write
/// `(1, x)`, or `(1, x + 2)` for a view.
///
/// ```compile_fail
/// use csp::{Cmp, Model};
/// let mut model = Model::new();
/// let x = model.int_var(0..4).unwrap();
/// model.linear([(1, x.into())], Cmp::Le, 3).unwrap(); // write (1, x)
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a term of a linear sum",
    label = "not a variable, a view, or a `(coefficient, variable)` pair",
    note = "write `(2, x)` or `(1, x + 3)`: drop any `.into()` on the variable; the coefficient is an i64"
)]
pub trait LinearTerm {
    /// The coefficient and the view.
    fn term(self) -> (i64, View);
}

impl LinearTerm for VarId {
    fn term(self) -> (i64, View) {
        (1, self.into())
    }
}
impl LinearTerm for &VarId {
    fn term(self) -> (i64, View) {
        (1, self.into())
    }
}
impl LinearTerm for View {
    fn term(self) -> (i64, View) {
        (1, self)
    }
}
impl LinearTerm for &View {
    fn term(self) -> (i64, View) {
        (1, *self)
    }
}
impl LinearTerm for (i64, VarId) {
    fn term(self) -> (i64, View) {
        (self.0, self.1.into())
    }
}
impl LinearTerm for (i64, &VarId) {
    fn term(self) -> (i64, View) {
        (self.0, self.1.into())
    }
}
impl LinearTerm for (i64, View) {
    fn term(self) -> (i64, View) {
        self
    }
}
impl LinearTerm for (i64, &View) {
    fn term(self) -> (i64, View) {
        (self.0, *self.1)
    }
}
impl LinearTerm for &(i64, VarId) {
    fn term(self) -> (i64, View) {
        (self.0, self.1.into())
    }
}
impl LinearTerm for &(i64, View) {
    fn term(self) -> (i64, View) {
        *self
    }
}

/// What [`Solver::minimize`](crate::Solver::minimize) and
/// [`Solver::maximize`](crate::Solver::maximize) accept as the objective:
/// an expression (`x - y`, `2 * x + y + 3`), a variable or a view, or the
/// terms of a sum as [`Model::linear`](crate::Model::linear) takes them
/// ([`LinearTerm`]s: variables, views, `(coefficient, variable)` pairs).
///
/// ```
/// use csp::{IntoObjective, Model};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..5).unwrap();
/// let from_expr = (2 * x[0] + x[1]).into_objective();
/// let from_terms = [(2, x[0]), (1, x[1])].into_objective();
/// assert_eq!(from_expr, from_terms);
/// assert_eq!((x[0] + 3).into_objective().constant(), 3);
/// ```
pub trait IntoObjective {
    /// The objective as one expression.
    fn into_objective(self) -> Expr;
}

impl IntoObjective for Expr {
    fn into_objective(self) -> Expr {
        self
    }
}
impl IntoObjective for &Expr {
    fn into_objective(self) -> Expr {
        self.clone()
    }
}
impl IntoObjective for VarId {
    fn into_objective(self) -> Expr {
        self.into_expr()
    }
}
impl IntoObjective for View {
    fn into_objective(self) -> Expr {
        self.into_expr()
    }
}
impl<I> IntoObjective for I
where
    I: IntoIterator,
    I::Item: LinearTerm,
{
    fn into_objective(self) -> Expr {
        sum_of(self)
    }
}

/// The sum of linear terms as an expression (offsets times coefficients
/// go into the constant; an overflow marks it, see [`Expr::overflowed`]).
pub(crate) fn sum_of<T: LinearTerm>(terms: impl IntoIterator<Item = T>) -> Expr {
    terms.into_iter().fold(Expr::default(), |sum, term| {
        let (a, view) = term.term();
        sum + a * view
    })
}
