//! The builtin table: every FlatZinc constraint name the front end accepts,
//! its signature, how it is posted, and what it means.
//!
//! Each base relation (`int_le`, `int_lin_eq`, `bool_clause`, ...) is one
//! [`Base`]: a signature, a mapping function onto the engine (`post`), an
//! optional mapping of its reified and half-reified forms (`post_reif`),
//! and its semantics (`holds`), which the solver uses to verify every
//! solution and the tests use as the brute-force oracle. The FlatZinc names
//! are rows of [`ENTRIES`]: a base with a mode (plain, `_reif`: `r <-> c`,
//! `_imp`: `r -> c`). Giving a builtin a native propagator later means
//! changing its `post` function only.

mod arith;
mod automata;
mod boolean;
mod compare;
mod counting;
mod diffn;
mod element;
mod globals;
mod precedence;
mod scheduling;
mod selection;
mod values;

use crate::post::{Holds, Post, PostResult};
use crate::term::{Arg, Term};

/// A parameter type in a builtin's signature.
///
/// ```
/// use csp_fzn::builtins::Param;
/// assert!(Param::VarBoolArr.is_array() && Param::VarBoolArr.is_bool() && !Param::VarBoolArr.is_par());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// `int` (a constant).
    Int,
    /// `var int`.
    VarInt,
    /// `var bool`.
    VarBool,
    /// `set of int`.
    Set,
    /// `array [int] of int`.
    IntArr,
    /// `array [int] of bool`.
    BoolArr,
    /// `array [int] of var int`.
    VarIntArr,
    /// `array [int] of var bool`.
    VarBoolArr,
}

impl Param {
    /// An array position?
    pub fn is_array(self) -> bool {
        matches!(
            self,
            Param::IntArr | Param::BoolArr | Param::VarIntArr | Param::VarBoolArr
        )
    }

    /// Boolean elements?
    pub fn is_bool(self) -> bool {
        matches!(self, Param::VarBool | Param::BoolArr | Param::VarBoolArr)
    }

    /// Constants only?
    pub fn is_par(self) -> bool {
        matches!(
            self,
            Param::Int | Param::IntArr | Param::BoolArr | Param::Set
        )
    }
}

/// How the reified forms of a base are posted: `(post, args, r, imp)`.
pub type PostReif = fn(&mut Post, &[Arg], Term, bool) -> PostResult;

/// A base relation: signature, mapping, semantics.
///
/// ```
/// use csp_fzn::builtins::lookup;
/// let le = lookup("int_le", 2).unwrap();
/// assert!(le.base.native);
/// assert!(!lookup("int_pow", 3).unwrap().base.native); // decomposed
/// ```
pub struct Base {
    /// Its signature (without the reification variable).
    pub params: &'static [Param],
    /// Posts the plain constraint.
    pub post: fn(&mut Post, &[Arg]) -> PostResult,
    /// Posts `r <-> c` (`imp`: `r -> c`); `None`: one generic relation.
    pub post_reif: Option<PostReif>,
    /// What the constraint means.
    pub holds: Holds,
    /// Posted natively (an engine constraint kind of its own) or decomposed.
    pub native: bool,
}

impl std::fmt::Debug for Base {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Base")
            .field("params", &self.params)
            .finish()
    }
}

/// Plain, reified (`r <-> c`) or half-reified (`r -> c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The constraint itself.
    Plain,
    /// `r <-> c`, `r` the last argument.
    Reif,
    /// `r -> c`, `r` the last argument.
    Imp,
}

/// One accepted FlatZinc name.
///
/// ```
/// use csp_fzn::builtins::{lookup, Mode};
/// use csp_fzn::{Arg, Term};
/// let e = lookup("int_le_imp", 3).unwrap();
/// assert_eq!(e.mode, Mode::Imp);
/// let args = [Arg::Term(Term::Const(5)), Arg::Term(Term::Const(2)), Arg::Term(Term::Var(0))];
/// assert!(e.holds(&args, &|t| match t { Term::Const(c) => c, Term::Var(_) => 0 })); // r = 0: anything
/// assert!(!e.holds(&args, &|t| match t { Term::Const(c) => c, Term::Var(_) => 1 })); // r = 1: 5 <= 2 fails
/// ```
#[derive(Debug)]
pub struct Entry {
    /// The FlatZinc name.
    pub name: &'static str,
    /// The relation.
    pub base: &'static Base,
    /// How the name applies it.
    pub mode: Mode,
    /// The full signature (the base's, plus `var bool` when reified).
    pub params: &'static [Param],
}

impl Entry {
    /// Posts this constraint.
    pub fn post(&self, post: &mut Post, args: &[Arg]) -> PostResult {
        match self.mode {
            Mode::Plain => (self.base.post)(post, args),
            Mode::Reif | Mode::Imp => {
                let (base, r) = args.split_at(args.len() - 1);
                let r = r[0].term();
                let imp = self.mode == Mode::Imp;
                match self.base.post_reif {
                    Some(f) => f(post, base, r, imp),
                    None => post.reified_relation(base, r, imp, self.base.holds),
                }
            }
        }
    }

    /// Does this constraint hold for these values?
    pub fn holds(&self, args: &[Arg], value: &dyn Fn(Term) -> i64) -> bool {
        match self.mode {
            Mode::Plain => (self.base.holds)(args, value),
            Mode::Reif | Mode::Imp => {
                let (base, r) = args.split_at(args.len() - 1);
                let on = value(r[0].term()) == 1;
                let c = (self.base.holds)(base, value);
                if self.mode == Mode::Imp {
                    !on || c
                } else {
                    on == c
                }
            }
        }
    }
}

use Param::*;

macro_rules! entries {
    ($( $name:literal => $base:path, $mode:ident, [$($p:ident),*] ;)*) => {
        /// Every FlatZinc builtin the front end accepts.
        pub static ENTRIES: &[Entry] = &[
            $( Entry { name: $name, base: &$base, mode: Mode::$mode, params: &[$($p),*] }, )*
        ];
    };
}

entries! {
    "int_eq" => compare::INT_EQ, Plain, [VarInt, VarInt];
    "int_eq_reif" => compare::INT_EQ, Reif, [VarInt, VarInt, VarBool];
    "int_eq_imp" => compare::INT_EQ, Imp, [VarInt, VarInt, VarBool];
    "int_ne" => compare::INT_NE, Plain, [VarInt, VarInt];
    "int_ne_reif" => compare::INT_NE, Reif, [VarInt, VarInt, VarBool];
    "int_ne_imp" => compare::INT_NE, Imp, [VarInt, VarInt, VarBool];
    "int_le" => compare::INT_LE, Plain, [VarInt, VarInt];
    "int_le_reif" => compare::INT_LE, Reif, [VarInt, VarInt, VarBool];
    "int_le_imp" => compare::INT_LE, Imp, [VarInt, VarInt, VarBool];
    "int_lt" => compare::INT_LT, Plain, [VarInt, VarInt];
    "int_lt_reif" => compare::INT_LT, Reif, [VarInt, VarInt, VarBool];
    "int_lt_imp" => compare::INT_LT, Imp, [VarInt, VarInt, VarBool];
    "int_lin_eq" => compare::INT_LIN_EQ, Plain, [IntArr, VarIntArr, Int];
    "int_lin_eq_reif" => compare::INT_LIN_EQ, Reif, [IntArr, VarIntArr, Int, VarBool];
    "int_lin_eq_imp" => compare::INT_LIN_EQ, Imp, [IntArr, VarIntArr, Int, VarBool];
    "int_lin_ne" => compare::INT_LIN_NE, Plain, [IntArr, VarIntArr, Int];
    "int_lin_ne_reif" => compare::INT_LIN_NE, Reif, [IntArr, VarIntArr, Int, VarBool];
    "int_lin_ne_imp" => compare::INT_LIN_NE, Imp, [IntArr, VarIntArr, Int, VarBool];
    "int_lin_le" => compare::INT_LIN_LE, Plain, [IntArr, VarIntArr, Int];
    "int_lin_le_reif" => compare::INT_LIN_LE, Reif, [IntArr, VarIntArr, Int, VarBool];
    "int_lin_le_imp" => compare::INT_LIN_LE, Imp, [IntArr, VarIntArr, Int, VarBool];
    "int_plus" => arith::INT_PLUS, Plain, [VarInt, VarInt, VarInt];
    "int_times" => arith::INT_TIMES, Plain, [VarInt, VarInt, VarInt];
    "int_div" => arith::INT_DIV, Plain, [VarInt, VarInt, VarInt];
    "int_mod" => arith::INT_MOD, Plain, [VarInt, VarInt, VarInt];
    "int_abs" => arith::INT_ABS, Plain, [VarInt, VarInt];
    "int_min" => arith::INT_MIN, Plain, [VarInt, VarInt, VarInt];
    "int_max" => arith::INT_MAX, Plain, [VarInt, VarInt, VarInt];
    "int_pow" => arith::INT_POW, Plain, [VarInt, VarInt, VarInt];
    "array_int_maximum" => arith::ARRAY_INT_MAXIMUM, Plain, [VarInt, VarIntArr];
    "array_int_minimum" => arith::ARRAY_INT_MINIMUM, Plain, [VarInt, VarIntArr];
    "set_in" => compare::SET_IN, Plain, [VarInt, Set];
    "set_in_reif" => compare::SET_IN, Reif, [VarInt, Set, VarBool];
    "set_in_imp" => compare::SET_IN, Imp, [VarInt, Set, VarBool];
    "array_int_element" => element::ARRAY_INT_ELEMENT, Plain, [VarInt, IntArr, VarInt];
    "array_var_int_element" => element::ARRAY_VAR_INT_ELEMENT, Plain, [VarInt, VarIntArr, VarInt];
    "array_bool_element" => element::ARRAY_BOOL_ELEMENT, Plain, [VarInt, BoolArr, VarBool];
    "array_var_bool_element" => element::ARRAY_VAR_BOOL_ELEMENT, Plain, [VarInt, VarBoolArr, VarBool];
    "csp_array_var_int_element" => element::ARRAY_VAR_INT_ELEMENT_FROM, Plain, [VarInt, Int, VarIntArr, VarInt];
    "csp_array_var_bool_element" => element::ARRAY_VAR_BOOL_ELEMENT_FROM, Plain, [VarInt, Int, VarBoolArr, VarBool];
    "bool2int" => boolean::BOOL2INT, Plain, [VarBool, VarInt];
    "bool_eq" => boolean::BOOL_EQ, Plain, [VarBool, VarBool];
    "bool_eq_reif" => boolean::BOOL_EQ, Reif, [VarBool, VarBool, VarBool];
    "bool_eq_imp" => boolean::BOOL_EQ, Imp, [VarBool, VarBool, VarBool];
    "bool_not" => boolean::BOOL_NOT, Plain, [VarBool, VarBool];
    "bool_xor" => boolean::BOOL_NOT, Plain, [VarBool, VarBool];
    "bool_le" => boolean::BOOL_LE, Plain, [VarBool, VarBool];
    "bool_le_reif" => boolean::BOOL_LE, Reif, [VarBool, VarBool, VarBool];
    "bool_le_imp" => boolean::BOOL_LE, Imp, [VarBool, VarBool, VarBool];
    "bool_lt" => boolean::BOOL_LT, Plain, [VarBool, VarBool];
    "bool_lt_reif" => boolean::BOOL_LT, Reif, [VarBool, VarBool, VarBool];
    "bool_lt_imp" => boolean::BOOL_LT, Imp, [VarBool, VarBool, VarBool];
    "bool_and" => boolean::BOOL_AND, Reif, [VarBool, VarBool, VarBool];
    "bool_and_imp" => boolean::BOOL_AND, Imp, [VarBool, VarBool, VarBool];
    "bool_or" => boolean::BOOL_OR, Reif, [VarBool, VarBool, VarBool];
    "bool_or_imp" => boolean::BOOL_OR, Imp, [VarBool, VarBool, VarBool];
    "bool_xor" => boolean::BOOL_NOT, Reif, [VarBool, VarBool, VarBool];
    "bool_xor_reif" => boolean::BOOL_NOT, Reif, [VarBool, VarBool, VarBool];
    "bool_xor_imp" => boolean::BOOL_NOT, Imp, [VarBool, VarBool, VarBool];
    "array_bool_and" => boolean::ARRAY_BOOL_AND, Reif, [VarBoolArr, VarBool];
    "array_bool_and_imp" => boolean::ARRAY_BOOL_AND, Imp, [VarBoolArr, VarBool];
    "array_bool_or" => boolean::ARRAY_BOOL_OR, Reif, [VarBoolArr, VarBool];
    "array_bool_or_imp" => boolean::ARRAY_BOOL_OR, Imp, [VarBoolArr, VarBool];
    "array_bool_xor" => boolean::ARRAY_BOOL_XOR, Plain, [VarBoolArr];
    "bool_clause" => boolean::BOOL_CLAUSE, Plain, [VarBoolArr, VarBoolArr];
    "bool_clause_reif" => boolean::BOOL_CLAUSE, Reif, [VarBoolArr, VarBoolArr, VarBool];
    "bool_clause_imp" => boolean::BOOL_CLAUSE, Imp, [VarBoolArr, VarBoolArr, VarBool];
    "bool_lin_eq" => boolean::BOOL_LIN_EQ, Plain, [IntArr, VarBoolArr, VarInt];
    "bool_lin_le" => boolean::BOOL_LIN_LE, Plain, [IntArr, VarBoolArr, Int];
    "fzn_all_different_int" => globals::ALL_DIFFERENT, Plain, [VarIntArr];
    "fzn_all_different_int_reif" => globals::ALL_DIFFERENT, Reif, [VarIntArr, VarBool];
    "fzn_all_different_int_imp" => globals::ALL_DIFFERENT, Imp, [VarIntArr, VarBool];
    "csp_table_int" => globals::TABLE_INT, Plain, [VarIntArr, IntArr];
    "csp_table_bool" => globals::TABLE_BOOL, Plain, [VarBoolArr, BoolArr];
    "csp_table_int_reif" => globals::TABLE_INT, Reif, [VarIntArr, IntArr, VarBool];
    "csp_table_bool_reif" => globals::TABLE_BOOL, Reif, [VarBoolArr, BoolArr, VarBool];
    "fzn_count_eq_par" => globals::COUNT_EQ_PAR, Plain, [VarIntArr, Int, Int];
    "csp_lex_less_int" => globals::LEX_LESS_INT, Plain, [VarIntArr, VarIntArr];
    "csp_lex_lesseq_int" => globals::LEX_LESSEQ_INT, Plain, [VarIntArr, VarIntArr];
    "csp_lex_less_bool" => globals::LEX_LESS_BOOL, Plain, [VarBoolArr, VarBoolArr];
    "csp_lex_lesseq_bool" => globals::LEX_LESSEQ_BOOL, Plain, [VarBoolArr, VarBoolArr];
    "csp_inverse" => globals::INVERSE, Plain, [VarIntArr, Int, VarIntArr, Int];
    "csp_circuit" => globals::CIRCUIT, Plain, [VarIntArr, Int];
    "csp_subcircuit" => values::SUBCIRCUIT, Plain, [VarIntArr, Int];
    "csp_bin_packing_load" => values::BIN_PACKING_LOAD, Plain, [VarIntArr, Int, VarIntArr, IntArr];
    "csp_bin_packing_capa" => values::BIN_PACKING_CAPA, Plain, [IntArr, Int, VarIntArr, IntArr];
    "csp_global_cardinality" => globals::GLOBAL_CARDINALITY, Plain, [VarIntArr, IntArr, IntArr, IntArr];
    "csp_global_cardinality_counts" => globals::GLOBAL_CARDINALITY_COUNTS, Plain, [VarIntArr, IntArr, VarIntArr];
    "csp_cumulative" => scheduling::CUMULATIVE, Plain, [VarIntArr, IntArr, IntArr, Int];
    "csp_cumulative_vars" => scheduling::CUMULATIVE_VARS, Plain, [VarIntArr, VarIntArr, VarIntArr, VarInt];
    "fzn_among" => counting::AMONG, Plain, [VarInt, VarIntArr, Set];
    "fzn_member_int" => selection::MEMBER_INT, Plain, [VarIntArr, VarInt];
    "fzn_member_bool" => selection::MEMBER_BOOL, Plain, [VarBoolArr, VarBool];
    "csp_arg_max_int" => selection::ARG_MAX_INT, Plain, [VarIntArr, Int, VarInt];
    "csp_arg_min_int" => selection::ARG_MIN_INT, Plain, [VarIntArr, Int, VarInt];
    "csp_arg_max_bool" => selection::ARG_MAX_BOOL, Plain, [VarBoolArr, Int, VarInt];
    "csp_arg_min_bool" => selection::ARG_MIN_BOOL, Plain, [VarBoolArr, Int, VarInt];
    "fzn_alldifferent_except_0" => counting::ALL_DIFFERENT_EXCEPT_0, Plain, [VarIntArr];
    "fzn_nvalue" => counting::NVALUE, Plain, [VarInt, VarIntArr];
    "fzn_value_precede_int" => precedence::VALUE_PRECEDE, Plain, [Int, Int, VarIntArr];
    "fzn_value_precede_chain_int" => precedence::VALUE_PRECEDE_CHAIN, Plain, [IntArr, VarIntArr];
    "fzn_diffn" => diffn::DIFFN, Plain, [VarIntArr, VarIntArr, VarIntArr, VarIntArr];
    "fzn_diffn_nonstrict" => diffn::DIFFN_NONSTRICT, Plain, [VarIntArr, VarIntArr, VarIntArr, VarIntArr];
    "csp_regular" => automata::REGULAR, Plain, [VarIntArr, Int, Int, IntArr, Int, Set];
    "csp_regular_nfa" => automata::REGULAR_NFA, Plain, [VarIntArr, Int, Int, IntArr, Int, Set];
    "csp_cost_regular" => automata::COST_REGULAR, Plain, [VarIntArr, Int, Int, IntArr, Int, Set, IntArr, VarInt];
}

/// The entry for `name` with `arity` arguments (`bool_xor` has two forms).
///
/// ```
/// assert!(csp_fzn::builtins::lookup("int_lin_le_reif", 4).is_some());
/// assert!(csp_fzn::builtins::lookup("int_lin_le_reif", 3).is_none());
/// ```
pub fn lookup(name: &str, arity: usize) -> Option<&'static Entry> {
    ENTRIES
        .iter()
        .find(|e| e.name == name && e.params.len() == arity)
}

/// The arity of some entry named `name`, if any (for error messages).
///
/// ```
/// assert_eq!(csp_fzn::builtins::lookup_name("int_plus"), Some(3));
/// ```
pub fn lookup_name(name: &str) -> Option<usize> {
    ENTRIES
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.params.len())
}

/// Sums `a[i] * x[i]` over an `IntArr` and a term array.
pub(crate) fn lin_terms(coefs: &Arg, xs: &Arg) -> Result<Vec<(i64, Term)>, String> {
    let a = coefs.ints();
    let x = xs.terms();
    if a.len() != x.len() {
        return Err(format!(
            "{} coefficients for {} variables",
            a.len(),
            x.len()
        ));
    }
    Ok(a.zip(x.iter().copied()).collect())
}

/// The value of `sum a[i] * x[i]` (exact).
pub(crate) fn lin_value(coefs: &Arg, xs: &Arg, v: &dyn Fn(Term) -> i64) -> i128 {
    coefs
        .ints()
        .zip(xs.terms())
        .map(|(c, &t)| c as i128 * v(t) as i128)
        .sum()
}
