//! Typed errors for mistakes in a model.

use std::fmt;

/// A mistake in a model, reported when the model is built (never a panic).
///
/// ```
/// use csp::{Model, ModelError};
/// let mut model = Model::new();
/// let x = model.int_var(0..3).unwrap();
/// assert!(matches!(Model::new().not_equal(x, x), Err(ModelError::ForeignVariable { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// A domain is wider (`max - min + 1`) than [`MAX_DOMAIN_WIDTH`](crate::MAX_DOMAIN_WIDTH)
    /// (it holds both `i32::MIN` and `i32::MAX`), or an expression's range leaves 32 bits.
    DomainTooLarge {
        /// Index the variable would have had.
        var: usize,
        /// The declared width.
        width: u64,
    },
    /// A variable made by another model was used in this one.
    ForeignVariable {
        /// The constraint being added.
        constraint: &'static str,
    },
    /// A constraint was given no variables at all.
    EmptyScope {
        /// The constraint being added.
        constraint: &'static str,
    },
    /// A table row has a different number of values than the scope.
    TableArity {
        /// Index of the offending row.
        row: usize,
        /// The scope's length.
        expected: usize,
        /// The row's length.
        found: usize,
    },
    /// The two sequences of a constraint over pairs (lexicographic order)
    /// have different lengths.
    LengthMismatch {
        /// The constraint being added.
        constraint: &'static str,
        /// The first sequence's length.
        left: usize,
        /// The second sequence's length.
        right: usize,
    },
    /// More variables than the engine can index (2^32 - 1).
    TooManyVariables,
    /// More constraints than the engine can index (2^32 - 1).
    TooManyConstraints,
    /// A view's offset exceeds [`MAX_OFFSET`](crate::MAX_OFFSET) in magnitude.
    OffsetTooLarge {
        /// The offset.
        offset: i64,
    },
    /// A variable's coefficients in a linear constraint sum to a number
    /// that is not a 64-bit integer.
    CoefficientOverflow {
        /// The variable's index.
        var: usize,
    },
    /// A linear constraint's constant (its right-hand side minus each
    /// coefficient times its view's offset) exceeds
    /// [`MAX_LINEAR_CONSTANT`](crate::MAX_LINEAR_CONSTANT) in magnitude, or
    /// leaves 128 bits part way through the sum (only possible with more
    /// than sixteen terms at the extremes).
    ConstantOverflow,
    /// An expression's range, from its variables' domains, does not fit
    /// the integers that must hold it exactly: 32 bits for a variable
    /// channelled to it ([`Model::expr_var`](crate::Model::expr_var) and
    /// every builder taking expression operands), 64 bits for an objective
    /// ([`Solver::minimize`](crate::Solver::minimize)). Narrow the domains,
    /// or split the sum into parts with variables of their own.
    ///
    /// ```
    /// use csp::{Model, ModelError, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..1_000_000).unwrap();
    /// let e = model.expr_var(4000 * x[0] + x[1]).unwrap_err();
    /// assert_eq!(e, ModelError::ExpressionTooLarge { constraint: "expression", bits: 32 });
    /// assert!(e.to_string().starts_with("expression: the range of an expression"));
    /// let wide = i64::MAX / 2 * x[0] + i64::MAX / 2 * x[1];
    /// assert!(matches!(
    ///     Solver::new(&model).minimize(wide).err(),
    ///     Some(ModelError::ExpressionTooLarge { constraint: "objective", bits: 64 })
    /// ));
    /// ```
    ExpressionTooLarge {
        /// The constraint (or `"expression"`, `"objective"`) it was given to.
        constraint: &'static str,
        /// The width of the integers it must fit.
        bits: u32,
    },
    /// A constant was given where a variable is required (an expression
    /// without variables, where a view of one is made).
    ///
    /// ```
    /// use csp::{Model, ModelError};
    /// let mut model = Model::new();
    /// let e = model.expr_var(3).unwrap_err();
    /// assert_eq!(e, ModelError::ConstantOperand { constraint: "expression" });
    /// assert!(e.to_string().contains("needs a variable"));
    /// ```
    ConstantOperand {
        /// The constraint (or `"expression"`) it was given to.
        constraint: &'static str,
    },
    /// A residue's modulus (`x.rem_euclid(n)`) is below 1.
    ///
    /// ```
    /// use csp::{Model, ModelError};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let e = model.all_different(x.iter().map(|v| v.rem_euclid(0))).unwrap_err();
    /// assert_eq!(e, ModelError::ModulusNotPositive { modulus: 0 });
    /// ```
    ModulusNotPositive {
        /// The modulus given.
        modulus: i64,
    },
    /// A constraint's constant argument that must not be negative is (a
    /// task's duration or demand).
    NegativeArgument {
        /// The constraint being added.
        constraint: &'static str,
        /// Which argument (`"duration"`, `"demand"`).
        what: &'static str,
        /// Its position.
        index: usize,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::DomainTooLarge { var, width } => write!(
                f,
                "variable {var} has a domain {width} values wide; at most {} are supported",
                crate::MAX_DOMAIN_WIDTH
            ),
            ModelError::ForeignVariable { constraint } => write!(
                f,
                "{constraint} constraint uses a variable from a different model"
            ),
            ModelError::EmptyScope { constraint } => {
                write!(f, "{constraint} constraint has no variables")
            }
            ModelError::TableArity {
                row,
                expected,
                found,
            } => write!(
                f,
                "table row {row} has {found} values but the scope has {expected} variables"
            ),
            ModelError::TooManyVariables => write!(f, "too many variables for one model"),
            ModelError::TooManyConstraints => write!(f, "too many constraints for one model"),
            ModelError::OffsetTooLarge { offset } => write!(
                f,
                "view offset {offset} is larger than the supported {} in magnitude",
                crate::MAX_OFFSET
            ),
            ModelError::LengthMismatch {
                constraint,
                left,
                right,
            } => write!(
                f,
                "{constraint} compares a sequence of {left} with one of {right}"
            ),
            ModelError::CoefficientOverflow { var } => write!(
                f,
                "the coefficients of variable {var} in a linear constraint sum beyond 64 bits"
            ),
            ModelError::ConstantOverflow => write!(
                f,
                "the constant of a linear constraint is larger than the supported 2^125 in magnitude"
            ),
            ModelError::NegativeArgument {
                constraint,
                what,
                index,
            } => write!(f, "{constraint} has a negative {what} at position {index}"),
            ModelError::ExpressionTooLarge { constraint, bits } => write!(
                f,
                "{constraint}: the range of an expression does not fit {bits}-bit integers; \
                 narrow its variables' domains or split it with intermediate variables"
            ),
            ModelError::ModulusNotPositive { modulus } => {
                write!(f, "a residue's modulus must be at least 1, not {modulus}")
            }
            ModelError::ConstantOperand { constraint } => write!(
                f,
                "{constraint} needs a variable but was given a constant; \
                 use a variable fixed to it (Model::int_var with one value)"
            ),
        }
    }
}

impl std::error::Error for ModelError {}
