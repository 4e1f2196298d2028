//! A resolved constraint's arguments: `Term` (a constant or a variable)
//! and `Arg` (a term, an array of them, or a constant set), typed by the
//! builtin's signature. Resolution (`instance`) makes them; the builtin
//! table (`builtins`) and the posting context (`post`) read them.

use crate::ast::IntSet;

/// A constant or a variable (an index into [`Instance::vars`](crate::Instance::vars)).
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x;\nvar 1..3: y = 2;\nconstraint int_le(x, y);\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let args = &inst.constraints[0].args;
/// assert_eq!(args[0].term(), csp_fzn::Term::Var(0));
/// assert_eq!(args[1].term(), csp_fzn::Term::Const(2)); // y was assigned a constant
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// A known value (booleans as 0 and 1).
    Const(i64),
    /// A variable.
    Var(usize),
}

/// A resolved constraint argument, typed by the builtin's signature.
///
/// ```
/// let fzn = csp_fzn::parse("var 0..9: x;\nconstraint int_lin_le([2, 3], [x, 4], 20);\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let args = &inst.constraints[0].args;
/// assert_eq!(args[0].ints().collect::<Vec<_>>(), vec![2, 3]);
/// assert_eq!(args[1].terms(), &[csp_fzn::Term::Var(0), csp_fzn::Term::Const(4)]);
/// assert_eq!(args[2].int(), 20);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// One integer or boolean.
    Term(Term),
    /// An array of them.
    Array(Vec<Term>),
    /// A constant set of integers.
    Set(IntSet),
}

impl Arg {
    /// The single term (for a scalar parameter position).
    pub fn term(&self) -> Term {
        match self {
            Arg::Term(t) => *t,
            _ => unreachable!("signature checked: a scalar"),
        }
    }

    /// The array's terms (for an array parameter position).
    pub fn terms(&self) -> &[Term] {
        match self {
            Arg::Array(v) => v,
            _ => unreachable!("signature checked: an array"),
        }
    }

    /// The constant (for a `par int` position).
    pub fn int(&self) -> i64 {
        match self {
            Arg::Term(Term::Const(c)) => *c,
            _ => unreachable!("signature checked: a constant"),
        }
    }

    /// The constants (for a `par` array position), without allocating.
    pub fn ints(&self) -> impl ExactSizeIterator<Item = i64> + '_ {
        self.terms().iter().map(|t| match t {
            Term::Const(c) => *c,
            Term::Var(_) => unreachable!("signature checked: constants"),
        })
    }

    /// The set (for a `set of int` position).
    pub fn set(&self) -> &IntSet {
        match self {
            Arg::Set(s) => s,
            _ => unreachable!("signature checked: a set"),
        }
    }
}
