//! Search annotations mapped onto the engine's branching.
//!
//! The engine branches on every variable with one variable order and one
//! value order for the whole search, and its `input` order is the order
//! the variables were created in. So the annotated variables are created
//! first (in annotation order), then the model's own variables, then the
//! ones MiniZinc introduced; the first `int_search`/`bool_search` (the
//! first inside a `seq_search`) chooses the orders:
//!
//! | FlatZinc | engine | exact? |
//! | --- | --- | --- |
//! | `input_order` | `input` | yes |
//! | `first_fail` | `smallest-domain` | yes (ties: creation order) |
//! | `dom_w_deg` | `dom-wdeg` | yes |
//! | `most_constrained`, `occurrence` | `dom-deg` | approximate (warned) |
//! | `anti_first_fail`, `smallest`, `largest`, `max_regret` | `input` | no (warned) |
//! | `indomain_min`, `indomain` | `ascending` | yes |
//! | `indomain_max` | `descending` | yes |
//! | `indomain_median`, `indomain_middle` | `middle-out` | yes |
//! | `indomain_split` | `middle-out` | approximate (warned) |
//! | `indomain_reverse_split` | `descending` | approximate (warned) |
//! | `indomain_random` | `random` (seeded by `-r`) | yes |
//!
//! A dynamic order (`first_fail`, `dom_w_deg`) ranks all unassigned
//! variables, not only the annotated ones. Without annotations, or with
//! `-f`, the search uses the default: `dom-wdeg` and ascending values.

use crate::instance::{SearchAnn, Term};
use csp::{ValueOrder, VarOrder};

/// The variable order of a free search.
pub const FREE_VAR_ORDER: VarOrder = VarOrder::DomWDeg;
/// The value order of a free search.
pub const FREE_VALUE_ORDER: ValueOrder = ValueOrder::Ascending;

/// How the search will branch.
///
/// ```
/// let p = csp_fzn::branching::plan(&[], false);
/// assert_eq!((p.var_order, p.value_order), (csp_fzn::branching::FREE_VAR_ORDER, csp_fzn::branching::FREE_VALUE_ORDER));
/// assert!(p.first.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The variables to create (and so branch on, in input order) first.
    pub first: Vec<usize>,
    /// The variable order.
    pub var_order: VarOrder,
    /// The value order.
    pub value_order: ValueOrder,
    /// What could not be followed exactly, for stderr.
    pub warnings: Vec<String>,
}

/// The engine's variable order for a FlatZinc variable choice, and whether
/// it is exact.
///
/// ```
/// use csp_fzn::branching::{value_choice, var_choice};
/// assert_eq!(var_choice("first_fail"), Some((csp::VarOrder::SmallestDomain, true)));
/// assert_eq!(var_choice("occurrence"), Some((csp::VarOrder::DomDeg, false)));
/// assert_eq!(value_choice("indomain_random"), Some((csp::ValueOrder::Random, true)));
/// assert_eq!(var_choice("no_such_choice"), None);
/// ```
pub fn var_choice(name: &str) -> Option<(VarOrder, bool)> {
    Some(match name {
        "input_order" => (VarOrder::Input, true),
        "first_fail" => (VarOrder::SmallestDomain, true),
        "dom_w_deg" => (VarOrder::DomWDeg, true),
        "most_constrained" | "occurrence" => (VarOrder::DomDeg, false),
        "anti_first_fail" | "smallest" | "largest" | "max_regret" => (VarOrder::Input, false),
        _ => return None,
    })
}

/// The engine's value order for a FlatZinc value choice, and whether it is
/// exact.
pub fn value_choice(name: &str) -> Option<(ValueOrder, bool)> {
    Some(match name {
        "indomain_min" | "indomain" => (ValueOrder::Ascending, true),
        "indomain_max" => (ValueOrder::Descending, true),
        "indomain_median" | "indomain_middle" => (ValueOrder::MiddleOut, true),
        "indomain_split" => (ValueOrder::MiddleOut, false),
        "indomain_reverse_split" => (ValueOrder::Descending, false),
        "indomain_random" => (ValueOrder::Random, true),
        _ => return None,
    })
}

/// The plan for these solve annotations (`free`: ignore them).
///
/// ```
/// use csp_fzn::branching::plan;
/// use csp_fzn::{SearchAnn, Term};
/// let ann = SearchAnn::Search {
///     kind: "int_search".into(),
///     vars: vec![Term::Var(2), Term::Var(0)],
///     var_choice: "first_fail".into(),
///     value_choice: "indomain_max".into(),
/// };
/// let p = plan(&[ann], false);
/// assert_eq!(p.first, vec![2, 0]);
/// assert_eq!((p.var_order, p.value_order), (csp::VarOrder::SmallestDomain, csp::ValueOrder::Descending));
/// assert!(p.warnings.is_empty());
/// ```
pub fn plan(anns: &[SearchAnn], free: bool) -> Plan {
    let mut p = Plan {
        first: Vec::new(),
        var_order: FREE_VAR_ORDER,
        value_order: FREE_VALUE_ORDER,
        warnings: Vec::new(),
    };
    if free {
        return p;
    }
    let mut searches = Vec::new();
    flatten(anns, &mut searches, &mut p.warnings);
    let mut chosen = false;
    for (vars, var_c, value_c) in searches {
        for &t in vars {
            if let Term::Var(x) = t {
                if !p.first.contains(&x) {
                    p.first.push(x);
                }
            }
        }
        let var = var_choice(var_c);
        let value = value_choice(value_c);
        if var.is_none() {
            p.warnings
                .push(format!("unknown variable choice '{var_c}' ignored"));
        }
        if value.is_none() {
            p.warnings
                .push(format!("unknown value choice '{value_c}' ignored"));
        }
        let (var, var_exact) = var.unwrap_or((FREE_VAR_ORDER, true));
        let (value, value_exact) = value.unwrap_or((FREE_VALUE_ORDER, true));
        if !chosen {
            chosen = true;
            p.var_order = var;
            p.value_order = value;
            if !var_exact {
                p.warnings.push(format!(
                    "variable choice '{var_c}' is approximated by the engine's '{var}' order"
                ));
            }
            if !value_exact {
                p.warnings.push(format!(
                    "value choice '{value_c}' is approximated by the engine's '{value}' order"
                ));
            }
        } else if (var, value) != (p.var_order, p.value_order) {
            p.warnings.push(format!(
                "the engine uses one order for the whole search: '{var_c}'/'{value_c}' of a later search annotation is replaced by the first one's"
            ));
        }
    }
    p
}

type Search<'a> = (&'a [Term], &'a str, &'a str);

fn flatten<'a>(anns: &'a [SearchAnn], out: &mut Vec<Search<'a>>, warnings: &mut Vec<String>) {
    for a in anns {
        match a {
            SearchAnn::Search {
                vars,
                var_choice,
                value_choice,
                ..
            } => out.push((vars, var_choice, value_choice)),
            SearchAnn::Seq(inner) => flatten(inner, out, warnings),
            SearchAnn::Other(name) => warnings.push(format!("annotation '{name}' ignored")),
        }
    }
}
