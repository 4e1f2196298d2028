//! Booleans (0/1 variables): `bool2int`, comparisons, `and`/`or`/`xor`
//! (binary and over arrays), `bool_clause`, `bool_lin_*`, with their
//! reified and half-reified forms. Clauses, conjunctions and disjunctions
//! (and their reifications) are the engine's watched-literal clauses;
//! reified comparisons the engine's reification of `a - b cmp k`;
//! `array_bool_xor` a parity relation.

use super::{lin_terms, lin_value, Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};
use csp::Cmp;

fn two(args: &[Arg], v: &dyn Fn(Term) -> i64) -> (i64, i64) {
    (v(args[0].term()), v(args[1].term()))
}

fn terms2(args: &[Arg], sa: i64, sb: i64) -> [(i64, Term); 2] {
    [(sa, args[0].term()), (sb, args[1].term())]
}

/// `a = b` (a boolean read as 0/1): linear.
pub static BOOL2INT: Base = Base {
    params: &[Param::VarBool, Param::VarInt],
    post: |post, args| post.linear(&terms2(args, 1, -1), Cmp::Eq, 0),
    post_reif: None,
    holds: |args, v| {
        let (a, b) = two(args, v);
        a == b
    },
    native: true,
};

macro_rules! bool_pair {
    ($name:ident, $doc:literal, $test:expr, $plain:expr, $reif:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarBool, Param::VarBool],
            post: $plain,
            post_reif: Some($reif),
            holds: |args, v| {
                let (a, b) = two(args, v);
                $test(a, b)
            },
            native: true,
        };
    };
}

bool_pair!(
    BOOL_EQ,
    "`a = b`: linear; reified by the engine's reification of `a - b = 0`.",
    |a, b| a == b,
    |post, args| post.linear(&terms2(args, 1, -1), Cmp::Eq, 0),
    |post, args, r, imp| post.reified_linear(&terms2(args, 1, -1), Cmp::Eq, 0, r, imp)
);
bool_pair!(
    BOOL_NOT,
    "`a != b` (`bool_not`, `bool_xor`): linear `a + b = 1`; reified `a - b != 0`.",
    |a, b| a != b,
    |post, args| post.linear(&terms2(args, 1, 1), Cmp::Eq, 1),
    |post, args, r, imp| post.reified_linear(&terms2(args, 1, -1), Cmp::Ne, 0, r, imp)
);
bool_pair!(
    BOOL_LE,
    "`a -> b`: the clause `!a \\/ b`; reified `a - b <= 0`.",
    |a, b| a <= b,
    |post, args| post.clause(&[args[1].term()], &[args[0].term()]),
    |post, args, r, imp| post.reified_linear(&terms2(args, 1, -1), Cmp::Le, 0, r, imp)
);
bool_pair!(
    BOOL_LT,
    "`!a /\\ b`: linear `a - b <= -1`; reified likewise.",
    |a, b| a < b,
    |post, args| post.linear(&terms2(args, 1, -1), Cmp::Le, -1),
    |post, args, r, imp| post.reified_linear(&terms2(args, 1, -1), Cmp::Le, -1, r, imp)
);
bool_pair!(
    BOOL_AND,
    "`a /\\ b` (named only reified: `bool_and(a, b, r)`): clauses, as `array_bool_and`.",
    |a, b| a == 1 && b == 1,
    |post, args| and_reif(
        post,
        &[args[0].term(), args[1].term()],
        Term::Const(1),
        false
    ),
    |post, args, r, imp| and_reif(post, &[args[0].term(), args[1].term()], r, imp)
);
bool_pair!(
    BOOL_OR,
    "`a \\/ b` (named only reified: `bool_or(a, b, r)`): clauses, as `array_bool_or`.",
    |a, b| a == 1 || b == 1,
    |post, args| post.clause(&[args[0].term(), args[1].term()], &[]),
    |post, args, r, imp| or_reif(post, &[args[0].term(), args[1].term()], r, imp)
);

/// `r <-> /\ xs` (`imp`: `r -> /\ xs`): the clauses `!r \/ x` for each
/// `x`, and `r \/ !x1 \/ ... \/ !xn`.
fn and_reif(post: &mut Post, xs: &[Term], r: Term, imp: bool) -> PostResult {
    for &x in xs {
        post.clause(&[x], &[r])?;
    }
    if !imp {
        post.clause(&[r], xs)?;
    }
    Ok(())
}

/// `r <-> \/ xs` (`imp`: `r -> \/ xs`): the clause `!r \/ x1 \/ ... \/ xn`,
/// and `r \/ !x` for each `x`.
fn or_reif(post: &mut Post, xs: &[Term], r: Term, imp: bool) -> PostResult {
    post.clause(xs, &[r])?;
    if !imp {
        for &x in xs {
            post.clause(&[r], &[x])?;
        }
    }
    Ok(())
}

/// `/\ as`, reified by clauses.
pub static ARRAY_BOOL_AND: Base = Base {
    params: &[Param::VarBoolArr],
    post: |post, args| and_reif(post, args[0].terms(), Term::Const(1), false),
    post_reif: Some(|post, args, r, imp| and_reif(post, args[0].terms(), r, imp)),
    holds: |args, v| args[0].terms().iter().all(|&t| v(t) == 1),
    native: true,
};

/// `\/ as`: the engine's clause; reified by clauses.
pub static ARRAY_BOOL_OR: Base = Base {
    params: &[Param::VarBoolArr],
    post: |post, args| post.clause(args[0].terms(), &[]),
    post_reif: Some(|post, args, r, imp| or_reif(post, args[0].terms(), r, imp)),
    holds: |args, v| args[0].terms().iter().any(|&t| v(t) == 1),
    native: true,
};

/// An odd number of `as` are true: a relation (a parity table when small).
pub static ARRAY_BOOL_XOR: Base = Base {
    params: &[Param::VarBoolArr],
    post: |post, args| post.relation(args, ARRAY_BOOL_XOR.holds),
    post_reif: None,
    holds: |args, v| args[0].terms().iter().map(|&t| v(t)).sum::<i64>() % 2 == 1,
    native: false,
};

/// `bool_clause(as, bs)`: `\/ as \/ \/ !bs`, the engine's clause.
/// Reified: `r -> clause` is one clause with `!r` added; `clause -> r`
/// is `r \/ !a` for each `a` and `r \/ b` for each `b`.
pub static BOOL_CLAUSE: Base = Base {
    params: &[Param::VarBoolArr, Param::VarBoolArr],
    post: |post, args| post.clause(args[0].terms(), args[1].terms()),
    post_reif: Some(
        |post: &mut Post, args: &[Arg], r: Term, imp: bool| -> PostResult {
            let (pos, neg) = (args[0].terms(), args[1].terms());
            let mut with_r = neg.to_vec();
            with_r.push(r);
            post.clause(pos, &with_r)?;
            if !imp {
                for &a in pos {
                    post.clause(&[r], &[a])?;
                }
                for &b in neg {
                    post.clause(&[r, b], &[])?;
                }
            }
            Ok(())
        },
    ),
    holds: |args, v| {
        args[0].terms().iter().any(|&t| v(t) == 1) || args[1].terms().iter().any(|&t| v(t) == 0)
    },
    native: true,
};

/// `sum a*b = c`: linear.
pub static BOOL_LIN_EQ: Base = Base {
    params: &[Param::IntArr, Param::VarBoolArr, Param::VarInt],
    post: |post, args| {
        let mut t = lin_terms(&args[0], &args[1])?;
        t.push((-1, args[2].term()));
        post.linear(&t, Cmp::Eq, 0)
    },
    post_reif: None,
    holds: |args, v| lin_value(&args[0], &args[1], v) == v(args[2].term()) as i128,
    native: true,
};

/// `sum a*b <= c`: linear.
pub static BOOL_LIN_LE: Base = Base {
    params: &[Param::IntArr, Param::VarBoolArr, Param::Int],
    post: |post, args| post.linear(&lin_terms(&args[0], &args[1])?, Cmp::Le, args[2].int()),
    post_reif: None,
    holds: |args, v| lin_value(&args[0], &args[1], v) <= args[2].int() as i128,
    native: true,
};
