//! Element constraints: `array_int_element`, `array_bool_element` (the
//! engine's `element`) and `array_var_int_element`,
//! `array_var_bool_element` (its `element_var`). FlatZinc arrays are
//! 1-based, the engine's 0-based: the index goes in as the view `i - 1`.

use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};
use csp::Cmp;

fn value_at(args: &[Arg], v: &dyn Fn(Term) -> i64) -> Option<i64> {
    let i = v(args[0].term());
    let xs = args[1].terms();
    let k = usize::try_from(i.checked_sub(1)?).ok()?;
    xs.get(k).map(|&t| v(t))
}

fn holds(args: &[Arg], v: &dyn Fn(Term) -> i64) -> bool {
    value_at(args, v) == Some(v(args[2].term()))
}

/// `c = as[i]` for constant `as`: the engine's element, indexed by the
/// view `i - 1` (FlatZinc arrays are 1-based, the engine's 0-based).
fn constant_element(post: &mut Post, args: &[Arg]) -> PostResult {
    let (i, c) = (args[0].term(), args[2].term());
    let array: Vec<i64> = args[1].ints().collect();
    match (post.view(i), post.view(c)) {
        (Some(index), Some(result)) if !array.is_empty() => post
            .model
            .element(array, index - 1, result)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        // Nothing to index, or a constant beyond 32 bits: one table row per index.
        _ => post.function(args, &[i], c, |v| value_at(args, v), holds),
    }
}

/// `c = xs[i]` for variable `xs`: the engine's element over views.
fn variable_element(post: &mut Post, args: &[Arg]) -> PostResult {
    let (i, c) = (args[0].term(), args[2].term());
    let xs = args[1].terms();
    if xs.is_empty() {
        return post.fail();
    }
    let mut terms = vec![i, c];
    terms.extend_from_slice(xs);
    match post.views(&terms) {
        Some(views) => post
            .model
            .element_var(views[2..].iter().copied(), views[0] - 1, views[1])
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => decomposed_element(post, i, xs, c),
    }
}

/// `c = xs[i]` with a constant beyond 32 bits: the index within range,
/// and for each possible index `k` the relation `i = k -> xs[k] = c`.
fn decomposed_element(post: &mut Post, i: Term, xs: &[Term], c: Term) -> PostResult {
    post.linear(&[(1, i)], Cmp::Ge, 1)?;
    post.linear(&[(1, i)], Cmp::Le, xs.len() as i64)?;
    for k in post.values(i).values() {
        let Some(&x) = usize::try_from(k - 1).ok().and_then(|k| xs.get(k)) else {
            continue;
        };
        post.relation(&[Arg::Term(i), Arg::Term(x), Arg::Term(c)], move |a, v| {
            v(a[0].term()) != k || v(a[1].term()) == v(a[2].term())
        })?;
    }
    Ok(())
}

/// `array_int_element(i, as, c)`.
pub static ARRAY_INT_ELEMENT: Base = Base {
    params: &[Param::VarInt, Param::IntArr, Param::VarInt],
    post: constant_element,
    post_reif: None,
    holds,
    native: true,
};

/// `array_bool_element(i, as, c)`.
pub static ARRAY_BOOL_ELEMENT: Base = Base {
    params: &[Param::VarInt, Param::BoolArr, Param::VarBool],
    post: constant_element,
    post_reif: None,
    holds,
    native: true,
};

/// `array_var_int_element(i, xs, c)`.
pub static ARRAY_VAR_INT_ELEMENT: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr, Param::VarInt],
    post: variable_element,
    post_reif: None,
    holds,
    native: true,
};

/// `array_var_bool_element(i, xs, c)`.
pub static ARRAY_VAR_BOOL_ELEMENT: Base = Base {
    params: &[Param::VarInt, Param::VarBoolArr, Param::VarBool],
    post: variable_element,
    post_reif: None,
    holds,
    native: true,
};
