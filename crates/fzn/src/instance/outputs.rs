//! The output annotations (`output_var`, `output_array`): what each
//! declaration prints for a solution.

use super::{has_ann, Value};
use crate::ast::{BaseType, Decl, Expr};
use crate::term::Term;

/// What one output annotation prints.
#[derive(Clone, Debug)]
pub struct Output {
    /// The name printed.
    pub name: String,
    /// Booleans print as `true`/`false`.
    pub is_bool: bool,
    /// `output_array` index sets; `None` for `output_var`.
    pub dims: Option<Vec<(i64, i64)>>,
    /// The values printed.
    pub terms: Vec<Term>,
}

/// The output annotation of a variable declaration, if it has one.
pub(super) fn output_of(d: &Decl, value: &Value) -> Result<Option<Output>, String> {
    let is_bool = d.ty.base == BaseType::Bool;
    if has_ann(&d.anns, "output_var") {
        let Value::Scalar(t, _) = value else {
            return Err("output_var on an array".to_owned());
        };
        return Ok(Some(Output {
            name: d.name.clone(),
            is_bool,
            dims: None,
            terms: vec![*t],
        }));
    }
    let Some(ann) = d.anns.iter().find(|a| a.name == "output_array") else {
        return Ok(None);
    };
    let Value::Array(items) = value else {
        return Err("output_array on a scalar".to_owned());
    };
    let dims = match ann.args.first() {
        Some(Expr::Array(sets)) => sets
            .iter()
            .map(|s| match s {
                Expr::Set(set) => Ok(set.bounds().unwrap_or((1, 0))),
                _ => Err("output_array needs index sets".to_owned()),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err("output_array needs an array of index sets".to_owned()),
    };
    Ok(Some(Output {
        name: d.name.clone(),
        is_bool,
        dims: Some(dims),
        terms: items.iter().map(|&(t, _)| t).collect(),
    }))
}
