//! Element constraints: `array_int_element`, `array_bool_element` (the
//! engine's `element`) and `array_var_int_element`,
//! `array_var_bool_element` (its `element_var`). FlatZinc arrays are
//! 1-based, the engine's 0-based: the index goes in as the view `i - 1`.

use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};
use csp::Cmp;

/// An element's index, first index, array and result: `(i, as, c)`
/// indexed from 1, or `(i, first, as, c)`.
fn parts(args: &[Arg]) -> (Term, i64, &Arg, Term) {
    match args {
        [i, first, array, c] => (i.term(), first.int(), array, c.term()),
        _ => (args[0].term(), 1, &args[1], args[2].term()),
    }
}

fn value_at(args: &[Arg], v: &dyn Fn(Term) -> i64) -> Option<i64> {
    let (i, first, array, _) = parts(args);
    let k = usize::try_from(v(i).checked_sub(first)?).ok()?;
    array.terms().get(k).map(|&t| v(t))
}

fn holds(args: &[Arg], v: &dyn Fn(Term) -> i64) -> bool {
    value_at(args, v) == Some(v(parts(args).3))
}

/// `c = as[i]` for constant `as`: the engine's element, indexed by the
/// view `i - first` (FlatZinc arrays are 1-based, the engine's 0-based).
fn constant_element(post: &mut Post, args: &[Arg]) -> PostResult {
    let (i, first, array, c) = parts(args);
    let array: Vec<i64> = array.ints().collect();
    let offset = i32::try_from(first).ok();
    match (post.view(i), post.view(c), offset) {
        (Some(index), Some(result), Some(first)) if !array.is_empty() => post
            .model
            .element(array, index - first, result)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        // Nothing to index, or a constant beyond 32 bits: one table row per index.
        _ => post.function(args, &[i], c, |v| value_at(args, v), holds),
    }
}

/// `c = xs[i]` for variable `xs`: the engine's element over views (over
/// constants when every entry is one).
fn variable_element(post: &mut Post, args: &[Arg]) -> PostResult {
    let (i, first, array, c) = parts(args);
    let xs = array.terms();
    if xs.is_empty() {
        return post.fail();
    }
    if xs.iter().all(|t| matches!(t, Term::Const(_))) {
        return constant_element(post, args);
    }
    let mut terms = vec![i, c];
    terms.extend_from_slice(xs);
    match (post.views(&terms), i32::try_from(first)) {
        (Some(views), Ok(first)) => post
            .model
            .element_var(views[2..].iter().copied(), views[0] - first, views[1])
            .map(|_| ())
            .map_err(|e| e.to_string()),
        _ => decomposed_element(post, i, first, xs, c),
    }
}

/// `c = xs[i]` with a constant beyond 32 bits: the index within range,
/// and for each possible index `k` the relation `i = k -> xs[k] = c`.
fn decomposed_element(post: &mut Post, i: Term, first: i64, xs: &[Term], c: Term) -> PostResult {
    post.linear(&[(1, i)], Cmp::Ge, first)?;
    post.linear(&[(1, i)], Cmp::Le, first + xs.len() as i64 - 1)?;
    for k in post.values(i).values() {
        let Some(&x) = k
            .checked_sub(first)
            .and_then(|k| usize::try_from(k).ok())
            .and_then(|k| xs.get(k))
        else {
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

/// `csp_array_var_int_element(i, first, xs, c)`: `xs` indexed from `first`.
pub static ARRAY_VAR_INT_ELEMENT_FROM: Base = Base {
    params: &[Param::VarInt, Param::Int, Param::VarIntArr, Param::VarInt],
    post: variable_element,
    post_reif: None,
    holds,
    native: true,
};

/// `csp_array_var_bool_element(i, first, xs, c)`: `xs` indexed from `first`.
pub static ARRAY_VAR_BOOL_ELEMENT_FROM: Base = Base {
    params: &[Param::VarInt, Param::Int, Param::VarBoolArr, Param::VarBool],
    post: variable_element,
    post_reif: None,
    holds,
    native: true,
};
