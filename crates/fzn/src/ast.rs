//! The parsed FlatZinc file: declarations, constraints and the solve item,
//! each with its line.

/// A set of integers as sorted, disjoint, non-adjacent inclusive ranges
/// (so `1..1000000000` costs one pair, not a billion values).
///
/// ```
/// use csp_fzn::IntSet;
/// let s = IntSet::from_values([5, 1, 2, 3]);
/// assert_eq!(s.ranges(), &[(1, 3), (5, 5)]);
/// assert!(s.contains(2) && !s.contains(4));
/// assert_eq!(s.len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IntSet {
    ranges: Vec<(i64, i64)>,
}

impl IntSet {
    /// `lo..hi` (empty when `lo > hi`).
    ///
    /// ```
    /// assert!(csp_fzn::IntSet::range(3, 2).is_empty());
    /// ```
    pub fn range(lo: i64, hi: i64) -> IntSet {
        IntSet {
            ranges: if lo <= hi { vec![(lo, hi)] } else { Vec::new() },
        }
    }

    /// The set of these values.
    ///
    /// ```
    /// assert_eq!(csp_fzn::IntSet::from_values([2, 2]).len(), 1);
    /// ```
    pub fn from_values(values: impl IntoIterator<Item = i64>) -> IntSet {
        let mut v: Vec<i64> = values.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        let mut ranges: Vec<(i64, i64)> = Vec::new();
        for x in v {
            match ranges.last_mut() {
                Some((_, hi)) if hi.checked_add(1) == Some(x) => *hi = x,
                _ => ranges.push((x, x)),
            }
        }
        IntSet { ranges }
    }

    /// The ranges, ascending.
    ///
    /// ```
    /// assert_eq!(csp_fzn::IntSet::range(1, 2).ranges(), &[(1, 2)]);
    /// ```
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.ranges
    }

    /// True when the set holds no value.
    ///
    /// ```
    /// assert!(csp_fzn::IntSet::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The number of values (saturating).
    ///
    /// ```
    /// assert_eq!(csp_fzn::IntSet::range(-1, 1).len(), 3);
    /// ```
    pub fn len(&self) -> u64 {
        self.ranges.iter().fold(0u64, |n, &(lo, hi)| {
            n.saturating_add((hi as i128 - lo as i128 + 1).min(u64::MAX as i128) as u64)
        })
    }

    /// Is `v` a member?
    ///
    /// ```
    /// assert!(csp_fzn::IntSet::range(0, 9).contains(9));
    /// ```
    pub fn contains(&self, v: i64) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }

    /// The smallest and largest members.
    ///
    /// ```
    /// assert_eq!(csp_fzn::IntSet::from_values([4, -2]).bounds(), Some((-2, 4)));
    /// ```
    pub fn bounds(&self) -> Option<(i64, i64)> {
        Some((self.ranges.first()?.0, self.ranges.last()?.1))
    }

    /// The members in ascending order.
    ///
    /// ```
    /// assert_eq!(csp_fzn::IntSet::range(1, 3).values().collect::<Vec<_>>(), vec![1, 2, 3]);
    /// ```
    pub fn values(&self) -> impl Iterator<Item = i64> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The members of both sets.
    ///
    /// ```
    /// use csp_fzn::IntSet;
    /// assert_eq!(IntSet::range(1, 5).intersect(&IntSet::from_values([0, 2, 9])).ranges(), &[(2, 2)]);
    /// ```
    pub fn intersect(&self, other: &IntSet) -> IntSet {
        let mut ranges = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = (self.ranges[i], other.ranges[j]);
            let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
            if lo <= hi {
                ranges.push((lo, hi));
            }
            if a.1 < b.1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntSet { ranges }
    }
}

/// A FlatZinc expression: a literal, a name, an array element, an array,
/// or (in annotations) a string or a nested annotation.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float (refused when it reaches the engine).
    Float(f64),
    /// A set literal `{1,3}` or range `1..5`.
    Set(IntSet),
    /// A parameter or variable name.
    Ident(String),
    /// `name[i]`.
    Access(String, i64),
    /// `[e, ...]`.
    Array(Vec<Expr>),
    /// A string (annotations only).
    Str(String),
    /// An annotation with arguments, inside another annotation.
    Ann(Annotation),
}

/// `name` or `name(args...)` after `::`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The annotation's name (`output_var`, `int_search`, ...).
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
}

/// The base type of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseType {
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `float`.
    Float,
    /// `set of int`.
    SetOfInt,
}

/// A declaration's type: parameter or variable, base type, optional domain,
/// optional array length.
#[derive(Clone, Debug, PartialEq)]
pub struct Type {
    /// `var` (otherwise a parameter).
    pub var: bool,
    /// The element type.
    pub base: BaseType,
    /// An integer domain (`1..5`, `{1,3}`), if declared.
    pub domain: Option<IntSet>,
    /// `array [1..n]`: the length.
    pub array: Option<usize>,
}

/// A parameter or variable declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// The declared name.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Its annotations (`output_var`, `is_defined_var`, ...).
    pub anns: Vec<Annotation>,
    /// `= value`, if given.
    pub value: Option<Expr>,
    /// Where it is.
    pub line: usize,
}

/// `constraint name(args) :: anns;`
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintItem {
    /// The builtin's name.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// Its annotations (`defines_var(x)`, ...).
    pub anns: Vec<Annotation>,
    /// Where it is.
    pub line: usize,
}

/// What the solve item asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// Any solution (or all of them with `-a`).
    Satisfy,
    /// The smallest value of the expression.
    Minimize(Expr),
    /// The largest value of the expression.
    Maximize(Expr),
}

/// `solve :: anns goal;`
#[derive(Clone, Debug, PartialEq)]
pub struct SolveItem {
    /// Satisfy, minimize or maximize.
    pub goal: Goal,
    /// Search annotations.
    pub anns: Vec<Annotation>,
    /// Where it is.
    pub line: usize,
}

/// A whole FlatZinc file.
///
/// ```
/// use csp_fzn::ast::{Expr, Goal};
/// let fzn = csp_fzn::parse("array [1..2] of int: a = [1, 2];\nvar {1,5}: x;\nsolve :: int_search([x], input_order, indomain_max, complete) minimize x;").unwrap();
/// assert_eq!(fzn.decls[0].value, Some(Expr::Array(vec![Expr::Int(1), Expr::Int(2)])));
/// assert_eq!(fzn.decls[1].ty.domain.as_ref().unwrap().ranges(), &[(1, 1), (5, 5)]);
/// assert_eq!(fzn.solve.goal, Goal::Minimize(Expr::Ident("x".into())));
/// assert_eq!(fzn.solve.anns[0].name, "int_search");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FlatZinc {
    /// Parameter and variable declarations, in file order.
    pub decls: Vec<Decl>,
    /// Constraints, in file order.
    pub constraints: Vec<ConstraintItem>,
    /// The solve item.
    pub solve: SolveItem,
}
