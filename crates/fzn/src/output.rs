//! Solutions printed as the FlatZinc specification says: `output_var`
//! variables as `x = 3;`, `output_array` ones as `a = array2d(1..2, 1..2,
//! [...]);`, booleans as `true`/`false`, each solution followed by
//! `----------`; and the verification of every solution against the
//! semantics of every constraint.

use crate::instance::{Instance, Output, Term};
use std::fmt::Write;

/// After each solution.
pub const SOLUTION_END: &str = "----------";
/// The search completed: all solutions printed, or the last one optimal.
pub const COMPLETE: &str = "==========";
/// No solution exists.
pub const UNSATISFIABLE: &str = "=====UNSATISFIABLE=====";
/// A limit stopped the search before any solution.
pub const UNKNOWN: &str = "=====UNKNOWN=====";
/// The model could not be solved here (the reason goes to standard error).
pub const ERROR: &str = "=====ERROR=====";

fn scalar(out: &Output, v: i64) -> String {
    if out.is_bool {
        (if v == 1 { "true" } else { "false" }).to_owned()
    } else {
        v.to_string()
    }
}

/// The solution's output lines followed by `----------`.
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x :: output_var;\narray [1..2] of var bool: b :: output_array([1..2]) = [true, false];\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let text = csp_fzn::output::format_solution(&inst, &|t| match t {
///     csp_fzn::Term::Const(c) => c,
///     csp_fzn::Term::Var(_) => 2,
/// });
/// assert_eq!(text, "x = 2;\nb = array1d(1..2, [true, false]);\n----------\n");
/// ```
pub fn format_solution(inst: &Instance, value: &dyn Fn(Term) -> i64) -> String {
    let mut s = String::new();
    for out in &inst.outputs {
        match &out.dims {
            None => {
                let _ = writeln!(s, "{} = {};", out.name, scalar(out, value(out.terms[0])));
            }
            Some(dims) => {
                let _ = write!(s, "{} = array{}d(", out.name, dims.len());
                for &(lo, hi) in dims {
                    let _ = write!(s, "{lo}..{hi}, ");
                }
                let items: Vec<String> = out.terms.iter().map(|&t| scalar(out, value(t))).collect();
                let _ = writeln!(s, "[{}]);", items.join(", "));
            }
        }
    }
    s.push_str(SOLUTION_END);
    s.push('\n');
    s
}

/// The first constraint the solution violates (name and line), if any: a
/// mapping bug, never expected.
///
/// ```
/// use csp_fzn::Term;
/// let fzn = csp_fzn::parse("var 1..3: x;\nconstraint int_ne(x, 2);\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let at = |v: i64| move |t: Term| match t { Term::Const(c) => c, Term::Var(_) => v };
/// assert_eq!(csp_fzn::output::violated(&inst, &at(3)), None);
/// assert_eq!(csp_fzn::output::violated(&inst, &at(2)), Some(("int_ne", 2)));
/// ```
pub fn violated(inst: &Instance, value: &dyn Fn(Term) -> i64) -> Option<(&'static str, usize)> {
    inst.constraints
        .iter()
        .find(|c| !c.entry.holds(&c.args, value))
        .map(|c| (c.entry.name, c.line))
        .or_else(|| {
            inst.vars
                .iter()
                .enumerate()
                .find(|(x, v)| !v.domain.contains(value(Term::Var(*x))))
                .map(|_| ("a variable's domain", 0))
        })
}
