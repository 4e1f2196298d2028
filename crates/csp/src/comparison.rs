//! The vocabulary of constraint descriptions that depends on no
//! propagator: how a linear sum compares with its right-hand side, and the
//! bound on its constant. The descriptions themselves (`Constraint`,
//! `Kind`) live with their propagators (`propagators/description.rs`), since
//! a kind is its check and its propagator.

use std::fmt;

/// The largest magnitude (2^125) of a linear constraint's constant: its
/// right-hand side minus each coefficient times its view's offset. A sum of
/// at most 2^32 terms, each a 64-bit coefficient times a 32-bit value, stays
/// within 2^126, so every bound propagation computes fits in an `i128`.
/// [`Model::linear`](crate::Model::linear) refuses larger constants with
/// [`ModelError::ConstantOverflow`](crate::ModelError::ConstantOverflow).
pub const MAX_LINEAR_CONSTANT: i128 = 1 << 125;

/// How a linear sum compares with its right-hand side.
///
/// ```
/// use csp::Cmp;
/// assert!(Cmp::Le.holds(3, 4) && !Cmp::Ge.holds(3, 4));
/// assert_eq!("<=".parse::<Cmp>().unwrap(), Cmp::Le);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `sum == rhs`
    Eq,
    /// `sum != rhs`
    Ne,
    /// `sum <= rhs`
    Le,
    /// `sum >= rhs`
    Ge,
}

impl Cmp {
    /// Does `lhs cmp rhs` hold?
    ///
    /// ```
    /// assert!(csp::Cmp::Ne.holds(1, 2));
    /// ```
    pub fn holds(self, lhs: i128, rhs: i128) -> bool {
        match self {
            Cmp::Eq => lhs == rhs,
            Cmp::Ne => lhs != rhs,
            Cmp::Le => lhs <= rhs,
            Cmp::Ge => lhs >= rhs,
        }
    }
}

impl std::str::FromStr for Cmp {
    type Err = String;
    fn from_str(s: &str) -> Result<Cmp, String> {
        match s {
            "=" | "==" => Ok(Cmp::Eq),
            "!=" => Ok(Cmp::Ne),
            "<=" => Ok(Cmp::Le),
            ">=" => Ok(Cmp::Ge),
            _ => Err(format!(
                "unknown comparison '{s}' (expected =, !=, <= or >=)"
            )),
        }
    }
}

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
        })
    }
}
