//! Atomic literals: the smallest statements about one variable's domain.
//!
//! Every domain change a propagator makes is one of these (`x >= 3` when a
//! lower bound moves, `x != 5` when a value goes, `x = 2` when the variable
//! is fixed), and so is every reason for one: an *explanation* of a literal
//! is a conjunction of earlier literals that, together with the constraint,
//! implies it. Conflict analysis and learning build on this vocabulary.

use crate::VarId;
use std::fmt;

/// How an atomic [`Literal`] relates its variable to its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// `x >= v`: the lower bound is at least `v`.
    AtLeast,
    /// `x <= v`: the upper bound is at most `v`.
    AtMost,
    /// `x = v`: the variable is fixed to `v`.
    Equal,
    /// `x != v`: `v` is not in the domain.
    NotEqual,
}

impl Relation {
    /// Does `x relation value` hold? (The one test behind [`Literal::holds`]
    /// and the engine's index-keyed twin of a literal.)
    pub(crate) fn holds(self, x: i64, value: i64) -> bool {
        match self {
            Relation::AtLeast => x >= value,
            Relation::AtMost => x <= value,
            Relation::Equal => x == value,
            Relation::NotEqual => x != value,
        }
    }
}

/// An atomic statement about one variable: `[x >= v]`, `[x <= v]`,
/// `[x = v]` or `[x != v]`.
///
/// ```
/// use csp::{Literal, Model};
///
/// let mut m = Model::new();
/// let x = m.int_var(0..=9).unwrap();
/// let l = Literal::at_least(x, 3);
/// assert!(l.holds(5) && !l.holds(2));
/// assert_eq!(l.negated(), Literal::at_most(x, 2));
/// assert_eq!(l.to_string(), "[x0 >= 3]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    /// The variable the literal speaks of.
    pub var: VarId,
    /// How it relates the variable to [`Literal::value`].
    pub relation: Relation,
    /// The value compared with.
    pub value: i64,
}

impl Literal {
    /// `[var >= value]`.
    pub fn at_least(var: VarId, value: i64) -> Literal {
        Literal {
            var,
            relation: Relation::AtLeast,
            value,
        }
    }

    /// `[var <= value]`.
    pub fn at_most(var: VarId, value: i64) -> Literal {
        Literal {
            var,
            relation: Relation::AtMost,
            value,
        }
    }

    /// `[var = value]`.
    pub fn equal(var: VarId, value: i64) -> Literal {
        Literal {
            var,
            relation: Relation::Equal,
            value,
        }
    }

    /// `[var != value]`.
    pub fn not_equal(var: VarId, value: i64) -> Literal {
        Literal {
            var,
            relation: Relation::NotEqual,
            value,
        }
    }

    /// Does the literal hold when its variable takes `x`?
    ///
    /// ```
    /// use csp::{Literal, Model};
    /// let mut m = Model::new();
    /// let x = m.int_var(0..=9).unwrap();
    /// assert!(Literal::not_equal(x, 4).holds(3));
    /// assert!(!Literal::equal(x, 4).holds(3));
    /// ```
    pub fn holds(&self, x: i64) -> bool {
        self.relation.holds(x, self.value)
    }

    /// The literal that holds exactly when this one does not
    /// (`[x >= v]` and `[x <= v - 1]`, `[x = v]` and `[x != v]`).
    ///
    /// ```
    /// use csp::{Literal, Model};
    /// let mut m = Model::new();
    /// let x = m.int_var(0..=9).unwrap();
    /// assert_eq!(Literal::equal(x, 4).negated(), Literal::not_equal(x, 4));
    /// assert_eq!(Literal::at_most(x, 4).negated(), Literal::at_least(x, 5));
    /// ```
    pub fn negated(&self) -> Literal {
        match self.relation {
            Relation::AtLeast => Literal::at_most(self.var, self.value.saturating_sub(1)),
            Relation::AtMost => Literal::at_least(self.var, self.value.saturating_add(1)),
            Relation::Equal => Literal::not_equal(self.var, self.value),
            Relation::NotEqual => Literal::equal(self.var, self.value),
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.relation {
            Relation::AtLeast => ">=",
            Relation::AtMost => "<=",
            Relation::Equal => "=",
            Relation::NotEqual => "!=",
        };
        write!(f, "[x{} {op} {}]", self.var.index(), self.value)
    }
}
