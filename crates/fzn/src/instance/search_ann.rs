//! The solve item's annotations: `int_search`, `bool_search`,
//! `seq_search`, `warm_start` and the restart annotations, with their
//! variable arrays resolved to terms (what `branching.rs` turns into
//! orders).

use super::{Resolver, Value};
use crate::ast::{Annotation, Expr};
use crate::error::FznError;
use crate::term::Term;

/// A solve annotation with its variable arrays resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchAnn {
    /// `int_search` / `bool_search(vars, var_choice, value_choice, ...)`.
    Search {
        /// The annotation's name.
        kind: String,
        /// The variables to branch on.
        vars: Vec<Term>,
        /// The variable choice.
        var_choice: String,
        /// The value choice.
        value_choice: String,
    },
    /// `seq_search([...])`.
    Seq(Vec<SearchAnn>),
    /// `warm_start(vars, values)` (booleans as 0 and 1), or the hints of
    /// every `warm_start` in a `warm_start_array([...])`: values to try
    /// first.
    WarmStart(Vec<(Term, i64)>),
    /// `restart_luby(scale)`, `restart_geometric(base, scale)`,
    /// `restart_linear(scale)` or `restart_constant(scale)`: the engine's
    /// restarts (failure cutoffs); `restart_none`: none.
    Restart(Option<csp::Restarts>),
    /// Anything else, by name (reported as ignored).
    Other(String),
}

impl Resolver {
    pub(super) fn search_ann(&self, a: &Annotation, line: usize) -> Result<SearchAnn, FznError> {
        let err = |m: String| FznError::new(line, m);
        match a.name.as_str() {
            "int_search" | "bool_search" if a.args.len() >= 3 => {
                let vars = match self.value(&a.args[0], line).map_err(err)? {
                    Value::Array(items) => items.into_iter().map(|(t, _)| t).collect(),
                    Value::Scalar(t, _) => vec![t],
                    _ => return Err(err(format!("{} needs an array of variables", a.name))),
                };
                let name = |e: &Expr| match e {
                    Expr::Ident(s) => s.clone(),
                    Expr::Ann(x) => x.name.clone(),
                    _ => String::from("?"),
                };
                Ok(SearchAnn::Search {
                    kind: a.name.clone(),
                    vars,
                    var_choice: name(&a.args[1]),
                    value_choice: name(&a.args[2]),
                })
            }
            "seq_search" if a.args.len() == 1 => match &a.args[0] {
                Expr::Array(items) => Ok(SearchAnn::Seq(
                    items
                        .iter()
                        .map(|e| match e {
                            Expr::Ann(x) => self.search_ann(x, line),
                            Expr::Ident(s) => Ok(SearchAnn::Other(s.clone())),
                            _ => Ok(SearchAnn::Other("?".to_owned())),
                        })
                        .collect::<Result<_, _>>()?,
                )),
                _ => Ok(SearchAnn::Other(a.name.clone())),
            },
            "warm_start" if a.args.len() == 2 => {
                let terms = |e: &Expr| match self.value(e, line) {
                    Ok(Value::Array(items)) => Some(items),
                    _ => None,
                };
                let (Some(vars), Some(values)) = (terms(&a.args[0]), terms(&a.args[1])) else {
                    return Ok(SearchAnn::Other(a.name.clone()));
                };
                let hints: Option<Vec<(Term, i64)>> = (vars.len() == values.len())
                    .then(|| {
                        vars.iter()
                            .zip(&values)
                            .map(|(&(x, _), &(v, _))| match v {
                                Term::Const(c) => Some((x, c)),
                                Term::Var(_) => None,
                            })
                            .collect()
                    })
                    .flatten();
                Ok(hints.map_or_else(|| SearchAnn::Other(a.name.clone()), SearchAnn::WarmStart))
            }
            "warm_start_array" if a.args.len() == 1 => {
                let Expr::Array(items) = &a.args[0] else {
                    return Ok(SearchAnn::Other(a.name.clone()));
                };
                let mut hints = Vec::new();
                for item in items {
                    match item {
                        Expr::Ann(x) => match self.search_ann(x, line)? {
                            SearchAnn::WarmStart(h) => hints.extend(h),
                            _ => return Ok(SearchAnn::Other(a.name.clone())),
                        },
                        _ => return Ok(SearchAnn::Other(a.name.clone())),
                    }
                }
                Ok(SearchAnn::WarmStart(hints))
            }
            "restart_none" => Ok(SearchAnn::Restart(None)),
            "restart_luby" | "restart_linear" | "restart_constant" if a.args.len() == 1 => {
                match self.positive(&a.args[0], line) {
                    Some(scale) => Ok(SearchAnn::Restart(Some(match a.name.as_str() {
                        "restart_luby" => csp::Restarts::Luby { scale },
                        "restart_linear" => csp::Restarts::Linear { scale },
                        _ => csp::Restarts::Constant { scale },
                    }))),
                    None => Ok(SearchAnn::Other(a.name.clone())),
                }
            }
            "restart_geometric" if a.args.len() == 2 => {
                let factor = match a.args[0] {
                    Expr::Float(f) => f,
                    Expr::Int(i) => i as f64,
                    _ => f64::NAN,
                };
                match self.positive(&a.args[1], line) {
                    Some(first) if factor > 1.0 && factor.is_finite() => {
                        Ok(SearchAnn::Restart(Some(csp::Restarts::Geometric {
                            first,
                            factor,
                        })))
                    }
                    _ => Ok(SearchAnn::Other(a.name.clone())),
                }
            }
            _ => Ok(SearchAnn::Other(a.name.clone())),
        }
    }

    /// A positive integer annotation argument.
    fn positive(&self, e: &Expr, line: usize) -> Option<u64> {
        match self.value(e, line) {
            Ok(Value::Scalar(Term::Const(c), false)) => u64::try_from(c).ok().filter(|&c| c > 0),
            _ => None,
        }
    }
}
