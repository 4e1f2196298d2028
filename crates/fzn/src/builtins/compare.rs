//! Comparisons and linear constraints: `int_eq/ne/le/lt`, `int_lin_*`,
//! `set_in`, with their reified and half-reified forms.
//!
//! Plain forms are the engine's native `linear` and `not_equal` kinds.
//! Reified forms over small domains are one table (arc consistent); over
//! larger ones, big-M linear constraints for the `<=`/`>=` directions and
//! a relation for `!=`.

use super::{lin_terms, lin_value, Base, Param};
use crate::instance::{Arg, Term};
use crate::post::{Post, PostResult, TABLE_LIMIT};
use csp::Cmp;

fn pair(args: &[Arg]) -> (Term, Term) {
    (args[0].term(), args[1].term())
}

/// `a - b cmp k` as linear terms.
fn diff(args: &[Arg]) -> Vec<(i64, Term)> {
    let (a, b) = pair(args);
    vec![(1, a), (-1, b)]
}

/// `(r == when) -> sum != rhs`.
fn ne_when(post: &mut Post, terms: &[(i64, Term)], rhs: i64, r: Term, when: bool) -> PostResult {
    match r {
        Term::Const(v) if (v == 1) == when => return post.linear(terms, Cmp::Ne, rhs),
        Term::Const(_) => return Ok(()),
        Term::Var(_) => {}
    }
    let coefs: Vec<i64> = terms.iter().map(|&(a, _)| a).collect();
    let xs = Arg::Array(terms.iter().map(|&(_, t)| t).collect());
    post.relation(&[xs, Arg::Term(r)], move |a, v| {
        let on = v(a[1].term()) == 1;
        let sum: i128 = coefs
            .iter()
            .zip(a[0].terms())
            .map(|(&c, &t)| c as i128 * v(t) as i128)
            .sum();
        on != when || sum != rhs as i128
    })
}

/// `r <-> sum cmp rhs` (`imp`: `r -> ...`) for `cmp` Eq, Ne or Le.
fn linear_reif(
    post: &mut Post,
    terms: &[(i64, Term)],
    cmp: Cmp,
    rhs: i64,
    r: Term,
    imp: bool,
) -> PostResult {
    let overflow = || "a reified linear constant beyond 64 bits".to_owned();
    match cmp {
        Cmp::Le => {
            post.implied_linear(terms, Cmp::Le, rhs, r, true)?;
            if !imp {
                let above = rhs.checked_add(1).ok_or_else(overflow)?;
                post.implied_linear(terms, Cmp::Ge, above, r, false)?;
            }
        }
        Cmp::Eq => {
            post.implied_linear(terms, Cmp::Le, rhs, r, true)?;
            post.implied_linear(terms, Cmp::Ge, rhs, r, true)?;
            if !imp {
                ne_when(post, terms, rhs, r, false)?;
            }
        }
        Cmp::Ne => {
            ne_when(post, terms, rhs, r, true)?;
            if !imp {
                post.implied_linear(terms, Cmp::Le, rhs, r, false)?;
                post.implied_linear(terms, Cmp::Ge, rhs, r, false)?;
            }
        }
        Cmp::Ge => unreachable!("FlatZinc has no >= builtin"),
    }
    Ok(())
}

/// Small scopes: one arc-consistent table; else the linear encodings.
fn reif_small_or_linear(
    post: &mut Post,
    args: &[Arg],
    r: Term,
    imp: bool,
    base: &Base,
    linear: (Vec<(i64, Term)>, Cmp, i64),
) -> PostResult {
    let mut all = args.to_vec();
    all.push(Arg::Term(r));
    if post.scope_size(&all) <= TABLE_LIMIT {
        return post.reified_relation(args, r, imp, base.holds);
    }
    let (terms, cmp, rhs) = linear;
    linear_reif(post, &terms, cmp, rhs, r, imp)
}

macro_rules! pairwise {
    ($name:ident, $doc:literal, $cmp:expr, $k:expr, $test:expr, $plain:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarInt, Param::VarInt],
            post: $plain,
            post_reif: Some(|post, args, r, imp| {
                reif_small_or_linear(post, args, r, imp, &$name, (diff(args), $cmp, $k))
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
    if let (Cmp::Ne, &[(a, Term::Var(x)), (b, Term::Var(y))]) = (cmp, terms) {
        if a == -b && a.abs() == 1 && x != y {
            if let Some(offset) = rhs.checked_mul(a).and_then(|o| i32::try_from(o).ok()) {
                let (vx, vy) = (post.var(x), post.var(y));
                return post
                    .model
                    .not_equal(vx, vy + offset)
                    .map(|_| ())
                    .map_err(|e| e.to_string());
            }
        }
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
                let terms = lin_terms(&args[0], &args[1])?;
                reif_small_or_linear(post, args, r, imp, &$name, (terms, $cmp, args[2].int()))
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

/// `x in S`: bounds when `S` is one range, else a unary relation.
pub static SET_IN: Base = Base {
    params: &[Param::VarInt, Param::Set],
    post: |post, args| {
        let x = args[0].term();
        match args[1].set().ranges() {
            [] => post.fail(),
            &[(lo, hi)] => {
                post.linear(&[(1, x)], Cmp::Ge, lo)?;
                post.linear(&[(1, x)], Cmp::Le, hi)
            }
            _ => post.relation(args, SET_IN.holds),
        }
    },
    post_reif: None,
    holds: |args, v| args[1].set().contains(v(args[0].term())),
    native: false,
};
