//! Comparisons and linear constraints: `int_eq/ne/le/lt`, `int_lin_*`,
//! `set_in`, with their reified and half-reified forms.
//!
//! Plain forms are the engine's native `linear` and `not_equal` kinds
//! (`set_in` bounds or membership); reified and half-reified forms are the
//! engine's `reify` and `implies` of a linear or membership condition.

use super::{lin_terms, lin_value, Base, Param};
use crate::ast::IntSet;
use crate::post::{Post, PostResult, TABLE_LIMIT};
use crate::term::{Arg, Term};
use csp::{Cmp, Condition};

fn pair(args: &[Arg]) -> (Term, Term) {
    (args[0].term(), args[1].term())
}

/// `a - b cmp k` as linear terms.
fn diff(args: &[Arg]) -> Vec<(i64, Term)> {
    let (a, b) = pair(args);
    vec![(1, a), (-1, b)]
}

macro_rules! pairwise {
    ($name:ident, $doc:literal, $cmp:expr, $k:expr, $test:expr, $plain:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarInt, Param::VarInt],
            post: $plain,
            post_reif: Some(|post, args, r, imp| {
                post.reified_linear(&diff(args), $cmp, $k, r, imp)
            }),
            holds: |args, v| {
                let (a, b) = pair(args);
                $test(v(a), v(b))
            },
            native: true,
        };
    };
}

pairwise!(
    INT_EQ,
    "`a = b`: a table over small domains, else linear.",
    Cmp::Eq,
    0,
    |a: i64, b: i64| a == b,
    |post, args| {
        if post.scope_size(args) <= TABLE_LIMIT {
            post.relation(args, INT_EQ.holds)
        } else {
            post.linear(&diff(args), Cmp::Eq, 0)
        }
    }
);
pairwise!(
    INT_NE,
    "`a != b`: the engine's not-equal.",
    Cmp::Ne,
    0,
    |a: i64, b: i64| a != b,
    |post, args| match pair(args) {
        (Term::Var(x), Term::Var(y)) => {
            let (x, y) = (post.var(x), post.var(y));
            post.model
                .not_equal(x, y)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        _ => post.linear(&diff(args), Cmp::Ne, 0),
    }
);
pairwise!(
    INT_LE,
    "`a <= b`: linear.",
    Cmp::Le,
    0,
    |a: i64, b: i64| a <= b,
    |post, args| post.linear(&diff(args), Cmp::Le, 0)
);
pairwise!(
    INT_LT,
    "`a < b`: linear `a - b <= -1`.",
    Cmp::Le,
    -1,
    |a: i64, b: i64| a < b,
    |post, args| post.linear(&diff(args), Cmp::Le, -1)
);

/// `sum a*x cmp c`; a disequality `x - y != c` (the decomposition of
/// all-different MiniZinc's standard library emits) becomes the engine's
/// pairwise not-equal `x != y + c`, which forward checking and its kernel
/// handle directly.
fn linear(post: &mut Post, terms: &[(i64, Term)], cmp: Cmp, rhs: i64) -> PostResult {
    if let (Cmp::Ne, &[(a, Term::Var(x)), (b, Term::Var(y))]) = (cmp, terms)
        && a == -b
        && a.abs() == 1
        && x != y
        && let Some(offset) = rhs.checked_mul(a).and_then(|o| i32::try_from(o).ok())
    {
        let (vx, vy) = (post.var(x), post.var(y));
        return post
            .model
            .not_equal(vx, vy + offset)
            .map(|_| ())
            .map_err(|e| e.to_string());
    }
    post.linear(terms, cmp, rhs)
}

macro_rules! lin {
    ($name:ident, $doc:literal, $cmp:expr, $test:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::IntArr, Param::VarIntArr, Param::Int],
            post: |post, args| linear(post, &lin_terms(&args[0], &args[1])?, $cmp, args[2].int()),
            post_reif: Some(|post, args, r, imp| {
                post.reified_linear(&lin_terms(&args[0], &args[1])?, $cmp, args[2].int(), r, imp)
            }),
            holds: |args, v| $test(lin_value(&args[0], &args[1], v), args[2].int() as i128),
            native: true,
        };
    };
}

lin!(
    INT_LIN_EQ,
    "`sum a*x = c`: the engine's linear.",
    Cmp::Eq,
    |s: i128, c: i128| s == c
);
lin!(
    INT_LIN_NE,
    "`sum a*x != c`: the engine's linear; `x - y != c` its not-equal on a view.",
    Cmp::Ne,
    |s: i128, c: i128| s != c
);
lin!(
    INT_LIN_LE,
    "`sum a*x <= c`: the engine's linear.",
    Cmp::Le,
    |s: i128, c: i128| s <= c
);

/// The values of `x`'s domain in `set`.
fn members(post: &Post, x: Term, set: &IntSet) -> Vec<i64> {
    post.values(x)
        .values()
        .filter(|&v| set.contains(v))
        .collect()
}

/// `r <-> x in S` (`imp`: `r -> x in S`): the engine's reified membership
/// of the values `x` can take in `S`.
fn set_in_reif(post: &mut Post, args: &[Arg], r: Term, imp: bool) -> PostResult {
    let x = args[0].term();
    let inside = members(post, x, args[1].set());
    match (x, r) {
        (Term::Var(x), Term::Var(b)) => {
            let (x, b) = (post.var(x), post.var(b));
            let condition = Condition::member(x, inside);
            let posted = if imp {
                post.model.implies(b, condition)
            } else {
                post.model.reify(b, condition)
            };
            posted.map(|_| ()).map_err(|e| e.to_string())
        }
        // A fixed `x` or `r`: membership is the linear `0 = 0` or `0 = 1`,
        // or the plain constraint and its complement.
        (Term::Const(_), _) => {
            post.reified_linear(&[], Cmp::Eq, i64::from(inside.is_empty()), r, imp)
        }
        (Term::Var(_), Term::Const(1)) => set_in(post, x, &inside),
        (Term::Var(_), Term::Const(_)) if imp => Ok(()),
        (Term::Var(_), Term::Const(_)) => {
            let outside: Vec<i64> = post
                .values(x)
                .values()
                .filter(|v| !inside.contains(v))
                .collect();
            set_in(post, x, &outside)
        }
    }
}

/// `x` takes one of `values` (ascending, within its domain): bounds when
/// they are a range, else the engine's membership.
fn set_in(post: &mut Post, x: Term, values: &[i64]) -> PostResult {
    match (values.first(), values.last()) {
        (None, _) | (_, None) => post.fail(),
        (Some(&lo), Some(&hi)) if hi - lo + 1 == values.len() as i64 => {
            post.linear(&[(1, x)], Cmp::Ge, lo)?;
            post.linear(&[(1, x)], Cmp::Le, hi)
        }
        _ => match x {
            Term::Var(v) => {
                let v = post.var(v);
                post.model
                    .member(v, values.iter().copied())
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            Term::Const(_) => Ok(()), // its one value is among them
        },
    }
}

/// `x in S`: bounds when `x`'s values in `S` are a range, else the
/// engine's membership; reified by the engine's reified membership.
pub static SET_IN: Base = Base {
    params: &[Param::VarInt, Param::Set],
    post: |post, args| {
        let x = args[0].term();
        let inside = members(post, x, args[1].set());
        set_in(post, x, &inside)
    },
    post_reif: Some(set_in_reif),
    holds: |args, v| args[1].set().contains(v(args[0].term())),
    native: true,
};
