//! Integer arithmetic: `int_plus` (linear); `int_times`, `int_div`,
//! `int_mod` (both truncating, like the engine's), `int_abs`, `int_min`,
//! `int_max`, `array_int_maximum/minimum` as the engine's own kinds;
//! `int_pow`, which has none, as a function table over its inputs when
//! they are few, else a checked relation (as the others fall back to when
//! a constant argument leaves 32 bits, so no engine variable can hold it).

use super::{Base, Param};
use crate::post::{Holds, Post, PostResult};
use crate::term::{Arg, Term};
use csp::{Cmp, ConstraintId, Model, ModelError, View};

type Fun = fn(i64, i64) -> Option<i64>;

fn div(a: i64, b: i64) -> Option<i64> {
    a.checked_div(b)
}

fn rem(a: i64, b: i64) -> Option<i64> {
    a.checked_rem(b)
}

/// `x ^ y`; for `y < 0`, `1 div x^-y` (undefined for `x = 0`).
pub(crate) fn pow(x: i64, y: i64) -> Option<i64> {
    if y >= 0 {
        return x.checked_pow(u32::try_from(y).ok()?);
    }
    match x {
        0 => None,
        1 => Some(1),
        -1 => Some(if y % 2 == 0 { 1 } else { -1 }),
        _ => Some(0),
    }
}

/// `c = f(a, b)` over the three terms.
fn binary(post: &mut Post, args: &[Arg], f: Fun, holds: Holds) -> PostResult {
    let (a, b, c) = (args[0].term(), args[1].term(), args[2].term());
    post.function(args, &[a, b], c, |v| f(v(a), v(b)), holds)
}

/// An engine builder over the views of a builtin's terms.
type Native = fn(&mut Model, &[View]) -> Result<ConstraintId, ModelError>;

/// Posts `native` over the views of `terms`; `None` when a constant among
/// them leaves 32 bits (the caller decomposes instead).
fn natively(post: &mut Post, terms: &[Term], native: Native) -> Option<PostResult> {
    let views = post.views(terms)?;
    Some(
        native(post.model, &views)
            .map(|_| ())
            .map_err(|e| e.to_string()),
    )
}

/// Posts `c = f(a, b)` by `native` when given and the terms fit, else as
/// a function table or checked relation.
fn post_binary(
    post: &mut Post,
    args: &[Arg],
    native: Option<Native>,
    f: Fun,
    holds: Holds,
) -> PostResult {
    let terms = [args[0].term(), args[1].term(), args[2].term()];
    match native.and_then(|n| natively(post, &terms, n)) {
        Some(posted) => posted,
        None => binary(post, args, f, holds),
    }
}

/// Does `c = f(a, b)` hold?
fn binary_holds(args: &[Arg], v: &dyn Fn(Term) -> i64, f: Fun) -> bool {
    f(v(args[0].term()), v(args[1].term())) == Some(v(args[2].term()))
}

macro_rules! binary_fn {
    ($name:ident, $doc:literal, $f:expr, $native:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarInt, Param::VarInt, Param::VarInt],
            post: |post, args| post_binary(post, args, $native, $f, $name.holds),
            post_reif: None,
            holds: |args, v| binary_holds(args, v, $f),
            native: $native.is_some(),
        };
    };
}

fn times(a: i64, b: i64) -> Option<i64> {
    a.checked_mul(b)
}

/// `a * b = c`: the engine's `times_by_bounds` (interval reasoning, as
/// Gecode and Chuffed propagate it), or under `:: domain` its `times`
/// (also domain consistency while the domains are small).
pub static INT_TIMES: Base = Base {
    params: &[Param::VarInt, Param::VarInt, Param::VarInt],
    post: |post, args| {
        let native: Native = match post.domain {
            true => |m, v| m.times(v[0], v[1], v[2]),
            false => |m, v| m.times_by_bounds(v[0], v[1], v[2]),
        };
        post_binary(post, args, Some(native), times, INT_TIMES.holds)
    },
    post_reif: None,
    holds: |args, v| binary_holds(args, v, times),
    native: true,
};
binary_fn!(
    INT_DIV,
    "`a div b = c` (truncating; no solution for `b = 0`): the engine's `div`.",
    div,
    Some(|m: &mut Model, v: &[View]| m.div(v[0], v[1], v[2]))
);
binary_fn!(
    INT_MOD,
    "`a mod b = c` (sign of `a`; no solution for `b = 0`): the engine's `modulo`.",
    rem,
    Some(|m: &mut Model, v: &[View]| m.modulo(v[0], v[1], v[2]))
);
binary_fn!(
    INT_MIN,
    "`min(a, b) = c`: the engine's `minimum`.",
    |a, b| Some(a.min(b)),
    Some(|m: &mut Model, v: &[View]| m.minimum([v[0], v[1]], v[2]))
);
binary_fn!(
    INT_MAX,
    "`max(a, b) = c`: the engine's `maximum`.",
    |a, b| Some(a.max(b)),
    Some(|m: &mut Model, v: &[View]| m.maximum([v[0], v[1]], v[2]))
);
binary_fn!(
    INT_POW,
    "`a ^ b = c` (`1 div a^-b` for negative `b`): decomposed, the engine has no power.",
    pow,
    None::<Native>
);

/// `a + b = c`: linear.
pub static INT_PLUS: Base = Base {
    params: &[Param::VarInt, Param::VarInt, Param::VarInt],
    post: |post, args| {
        let (a, b, c) = (args[0].term(), args[1].term(), args[2].term());
        post.linear(&[(1, a), (1, b), (-1, c)], Cmp::Eq, 0)
    },
    post_reif: None,
    holds: |args, v| v(args[0].term()).checked_add(v(args[1].term())) == Some(v(args[2].term())),
    native: true,
};

/// `|a| = b`: the engine's `abs`.
pub static INT_ABS: Base = Base {
    params: &[Param::VarInt, Param::VarInt],
    post: |post, args| {
        let (a, b) = (args[0].term(), args[1].term());
        match natively(post, &[a, b], |m, v| m.abs(v[0], v[1])) {
            Some(posted) => posted,
            None => {
                post.linear(&[(1, b)], Cmp::Ge, 0)?;
                post.function(args, &[a], b, |v| v(a).checked_abs(), INT_ABS.holds)
            }
        }
    },
    post_reif: None,
    holds: |args, v| v(args[0].term()).checked_abs() == Some(v(args[1].term())),
    native: true,
};

/// `m = max(xs)` (`max`) or `m = min(xs)`: the engine's `maximum` or
/// `minimum`; with a constant beyond 32 bits, `m` bounds every element
/// linearly and one relation says it equals one of them.
fn extremum(post: &mut Post, args: &[Arg], max: bool, holds: Holds) -> PostResult {
    let m = args[0].term();
    let xs = args[1].terms();
    if xs.is_empty() {
        return Err("an empty array has no extremum".to_owned());
    }
    let mut terms = xs.to_vec();
    terms.push(m);
    let native: Native = if max {
        |model, v| model.maximum(&v[..v.len() - 1], v[v.len() - 1])
    } else {
        |model, v| model.minimum(&v[..v.len() - 1], v[v.len() - 1])
    };
    if let Some(posted) = natively(post, &terms, native) {
        return posted;
    }
    let sign = if max { 1 } else { -1 };
    for &x in xs {
        post.linear(&[(sign, m), (-sign, x)], Cmp::Ge, 0)?;
    }
    post.relation(args, holds)
}

fn extreme_of(args: &[Arg], v: &dyn Fn(Term) -> i64, max: bool) -> bool {
    let vals = args[1].terms().iter().map(|&t| v(t));
    let e = if max { vals.max() } else { vals.min() };
    e == Some(v(args[0].term()))
}

/// `m = max(xs)`.
pub static ARRAY_INT_MAXIMUM: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr],
    post: |post, args| extremum(post, args, true, ARRAY_INT_MAXIMUM.holds),
    post_reif: None,
    holds: |args, v| extreme_of(args, v, true),
    native: true,
};

/// `m = min(xs)`.
pub static ARRAY_INT_MINIMUM: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr],
    post: |post, args| extremum(post, args, false, ARRAY_INT_MINIMUM.holds),
    post_reif: None,
    holds: |args, v| extreme_of(args, v, false),
    native: true,
};
