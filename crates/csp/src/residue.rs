//! Residues `e mod n` as operands of [`Model::all_different`](crate::Model::all_different):
//! the wrapped diagonals of toroidal queens, `(q[i] + i) mod n`, written
//! as they read. The model posts an all-different over residues of
//! single variables as pairwise disequalities between the variables
//! themselves (`q[i] - q[j]` avoids the few differences congruent to
//! `j - i`), so such a model stays on the pairwise fast path; any other
//! residue becomes a helper variable channelled to its expression.

use crate::expr::{Expr, IntoExpr};
use crate::var::{VarId, View};

/// `dividend mod modulus`, the Euclidean remainder (in `0..modulus`
/// whatever the dividend's sign, as [`i64::rem_euclid`]): built with
/// `rem_euclid` on a variable, a view or an expression.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let q = model.int_vars(5, 0..5).unwrap();
/// model.all_different(&q).unwrap();
/// for sign in [1, -1] {
///     let diagonal = (0..5).map(|i| (q[i] + sign * i as i64).rem_euclid(5));
///     model.all_different(diagonal).unwrap();
/// }
/// assert_eq!(Solver::new(&model).count().solutions(), 10); // toroidal 5-queens
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Residue {
    pub(crate) dividend: Expr,
    pub(crate) modulus: i64,
}

impl Residue {
    /// The expression divided.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!((x + 2).rem_euclid(3).dividend().constant(), 2);
    /// ```
    pub fn dividend(&self) -> &Expr {
        &self.dividend
    }

    /// The modulus (the model refuses one below 1).
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!(x.rem_euclid(3).modulus(), 3);
    /// ```
    pub fn modulus(&self) -> i64 {
        self.modulus
    }
}

impl VarId {
    /// The residue `self mod modulus`, in `0..modulus` (see [`Residue`]).
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!(x.rem_euclid(4).modulus(), 4);
    /// ```
    pub fn rem_euclid(self, modulus: i64) -> Residue {
        self.into_expr().rem_euclid(modulus)
    }
}

impl View {
    /// The residue `self mod modulus`, in `0..modulus` (see [`Residue`]).
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// assert_eq!((x - 1).rem_euclid(4).dividend().constant(), -1);
    /// ```
    pub fn rem_euclid(self, modulus: i64) -> Residue {
        self.into_expr().rem_euclid(modulus)
    }
}

impl Expr {
    /// The residue `self mod modulus`, in `0..modulus` (see [`Residue`]).
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// assert_eq!((x[0] + x[1]).rem_euclid(4).dividend().terms().len(), 2);
    /// ```
    pub fn rem_euclid(self, modulus: i64) -> Residue {
        Residue {
            dividend: self,
            modulus,
        }
    }
}

/// One operand of an all-different: an expression (variables, views,
/// integers, [`Expr`]) or a [`Residue`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A linear expression.
    Expr(Expr),
    /// A residue.
    Residue(Residue),
}

/// What [`Model::all_different`](crate::Model::all_different) accepts:
/// anything [`IntoExpr`], or a [`Residue`].
///
/// ```
/// use csp::{IntoOperand, Operand};
/// # let mut model = csp::Model::new();
/// # let x = model.int_var(0..5).unwrap();
/// assert!(matches!(x.into_operand(), Operand::Expr(_)));
/// assert!(matches!(x.rem_euclid(2).into_operand(), Operand::Residue(_)));
/// ```
pub trait IntoOperand {
    /// The operand.
    fn into_operand(self) -> Operand;
}

impl<T: IntoExpr> IntoOperand for T {
    fn into_operand(self) -> Operand {
        Operand::Expr(self.into_expr())
    }
}

/// A list mixing residues and expressions is a list of operands.
///
/// ```
/// use csp::{IntoExpr, Operand, Solver};
/// let mut model = csp::Model::new();
/// let x = model.int_vars(2, 0..3).unwrap();
/// let mixed = [Operand::Residue(x[0].rem_euclid(2)), Operand::Expr(x[1].into_expr())];
/// model.all_different(mixed).unwrap();
/// assert_eq!(Solver::new(&model).count().solutions(), 6); // x0 mod 2 != x1
/// ```
impl IntoOperand for Operand {
    fn into_operand(self) -> Operand {
        self
    }
}

impl IntoOperand for Residue {
    fn into_operand(self) -> Operand {
        Operand::Residue(self)
    }
}

impl IntoOperand for &Residue {
    fn into_operand(self) -> Operand {
        Operand::Residue(self.clone())
    }
}
