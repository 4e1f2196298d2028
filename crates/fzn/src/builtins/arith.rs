//! Integer arithmetic: `int_plus` (linear) and the builtins the engine has
//! no propagator for yet (`int_times`, `int_div`, `int_mod`, `int_abs`,
//! `int_min`, `int_max`, `int_pow`, `array_int_maximum/minimum`), each
//! decomposed as a function table over its inputs when they are few, else
//! a checked relation; `min`/`max` add their linear bounds.

use super::{Base, Param};
use crate::instance::{Arg, Term};
use crate::post::{Holds, Post, PostResult};
use csp::Cmp;

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

macro_rules! binary_fn {
    ($name:ident, $doc:literal, $f:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarInt, Param::VarInt, Param::VarInt],
            post: |post, args| binary(post, args, $f, $name.holds),
            post_reif: None,
            holds: |args, v| {
                let f: Fun = $f;
                f(v(args[0].term()), v(args[1].term())) == Some(v(args[2].term()))
            },
            native: false,
        };
    };
}

binary_fn!(INT_TIMES, "`a * b = c`.", |a, b| a.checked_mul(b));
binary_fn!(
    INT_DIV,
    "`a div b = c` (truncating; no solution for `b = 0`).",
    div
);
binary_fn!(
    INT_MOD,
    "`a mod b = c` (sign of `a`; no solution for `b = 0`).",
    rem
);
binary_fn!(INT_POW, "`a ^ b = c` (`1 div a^-b` for negative `b`).", pow);

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

/// `|a| = b`.
pub static INT_ABS: Base = Base {
    params: &[Param::VarInt, Param::VarInt],
    post: |post, args| {
        let (a, b) = (args[0].term(), args[1].term());
        post.linear(&[(1, b)], Cmp::Ge, 0)?;
        post.function(args, &[a], b, |v| v(a).checked_abs(), INT_ABS.holds)
    },
    post_reif: None,
    holds: |args, v| v(args[0].term()).checked_abs() == Some(v(args[1].term())),
    native: false,
};

/// `min(a, b) = c`, with `c <= a`, `c <= b` as linear bounds.
pub static INT_MIN: Base = Base {
    params: &[Param::VarInt, Param::VarInt, Param::VarInt],
    post: |post, args| {
        let (a, b, c) = (args[0].term(), args[1].term(), args[2].term());
        post.linear(&[(1, c), (-1, a)], Cmp::Le, 0)?;
        post.linear(&[(1, c), (-1, b)], Cmp::Le, 0)?;
        binary(post, args, |a, b| Some(a.min(b)), INT_MIN.holds)
    },
    post_reif: None,
    holds: |args, v| v(args[0].term()).min(v(args[1].term())) == v(args[2].term()),
    native: false,
};

/// `max(a, b) = c`, with `c >= a`, `c >= b` as linear bounds.
pub static INT_MAX: Base = Base {
    params: &[Param::VarInt, Param::VarInt, Param::VarInt],
    post: |post, args| {
        let (a, b, c) = (args[0].term(), args[1].term(), args[2].term());
        post.linear(&[(1, c), (-1, a)], Cmp::Ge, 0)?;
        post.linear(&[(1, c), (-1, b)], Cmp::Ge, 0)?;
        binary(post, args, |a, b| Some(a.max(b)), INT_MAX.holds)
    },
    post_reif: None,
    holds: |args, v| v(args[0].term()).max(v(args[1].term())) == v(args[2].term()),
    native: false,
};

/// `m = max(xs)` (`sign` 1) or `m = min(xs)` (`sign` -1): `m` bounds every
/// element linearly, and one relation says it equals one of them.
fn extremum(post: &mut Post, args: &[Arg], sign: i64, holds: Holds) -> PostResult {
    let m = args[0].term();
    let xs = args[1].terms();
    if xs.is_empty() {
        return Err("an empty array has no extremum".to_owned());
    }
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
    post: |post, args| extremum(post, args, 1, ARRAY_INT_MAXIMUM.holds),
    post_reif: None,
    holds: |args, v| extreme_of(args, v, true),
    native: false,
};

/// `m = min(xs)`.
pub static ARRAY_INT_MINIMUM: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr],
    post: |post, args| extremum(post, args, -1, ARRAY_INT_MINIMUM.holds),
    post_reif: None,
    holds: |args, v| extreme_of(args, v, false),
    native: false,
};
