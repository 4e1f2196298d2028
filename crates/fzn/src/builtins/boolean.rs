//! Booleans (0/1 variables): `bool2int`, comparisons, `and`/`or`/`xor`
//! (binary and over arrays), `bool_clause`, `bool_lin_*`, with their
//! reified and half-reified forms. Clauses, conjunctions and disjunctions
//! over arrays are linear inequalities; the small fixed-arity forms are
//! arc-consistent tables of their truth table.

use super::{lin_terms, lin_value, Base, Param};
use crate::instance::{Arg, Term};
use crate::post::{Post, PostResult};
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
    ($name:ident, $doc:literal, $test:expr, $plain:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[Param::VarBool, Param::VarBool],
            post: $plain,
            post_reif: None,
            holds: |args, v| {
                let (a, b) = two(args, v);
                $test(a, b)
            },
            native: true,
        };
    };
}

bool_pair!(BOOL_EQ, "`a = b`: linear.", |a, b| a == b, |post, args| {
    post.linear(&terms2(args, 1, -1), Cmp::Eq, 0)
});
bool_pair!(
    BOOL_NOT,
    "`a != b` (`bool_not`, two-argument `bool_xor`): linear `a + b = 1`.",
    |a, b| a != b,
    |post, args| post.linear(&terms2(args, 1, 1), Cmp::Eq, 1)
);
bool_pair!(
    BOOL_LE,
    "`a -> b`: linear `a - b <= 0`.",
    |a, b| a <= b,
    |post, args| post.linear(&terms2(args, 1, -1), Cmp::Le, 0)
);
bool_pair!(
    BOOL_LT,
    "`!a /\\ b`: linear `a - b <= -1`.",
    |a, b| a < b,
    |post, args| post.linear(&terms2(args, 1, -1), Cmp::Le, -1)
);
bool_pair!(
    BOOL_AND,
    "`a /\\ b` (named only reified: `bool_and(a, b, r)`).",
    |a, b| a == 1 && b == 1,
    |post, args| post.linear(&terms2(args, 1, 1), Cmp::Eq, 2)
);
bool_pair!(
    BOOL_OR,
    "`a \\/ b` (named only reified: `bool_or(a, b, r)`).",
    |a, b| a == 1 || b == 1,
    |post, args| post.linear(&terms2(args, 1, 1), Cmp::Ge, 1)
);

fn ones(xs: &[Term], coef: i64) -> Vec<(i64, Term)> {
    xs.iter().map(|&x| (coef, x)).collect()
}

/// `r <-> /\ as` (`imp`: `r -> /\ as`): `r <= a` for each `a`, and
/// `sum(as) - r <= n - 1`.
pub static ARRAY_BOOL_AND: Base = Base {
    params: &[Param::VarBoolArr],
    post: |post, args| {
        let xs = args[0].terms();
        post.linear(&ones(xs, 1), Cmp::Eq, xs.len() as i64)
    },
    post_reif: Some(|post, args, r, imp| {
        let xs = args[0].terms();
        for &x in xs {
            post.linear(&[(1, r), (-1, x)], Cmp::Le, 0)?;
        }
        if !imp {
            let mut t = ones(xs, 1);
            t.push((-1, r));
            post.linear(&t, Cmp::Le, xs.len() as i64 - 1)?;
        }
        Ok(())
    }),
    holds: |args, v| args[0].terms().iter().all(|&t| v(t) == 1),
    native: true,
};

/// `r <-> \/ as` (`imp`: `r -> \/ as`): `sum(as) - r >= 0`, and `r >= a`
/// for each `a`.
pub static ARRAY_BOOL_OR: Base = Base {
    params: &[Param::VarBoolArr],
    post: |post, args| post.linear(&ones(args[0].terms(), 1), Cmp::Ge, 1),
    post_reif: Some(|post, args, r, imp| {
        let xs = args[0].terms();
        let mut t = ones(xs, 1);
        t.push((-1, r));
        post.linear(&t, Cmp::Ge, 0)?;
        if !imp {
            for &x in xs {
                post.linear(&[(1, r), (-1, x)], Cmp::Ge, 0)?;
            }
        }
        Ok(())
    }),
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

/// `\/ as \/ \/ !bs` as the linear `sum(as) - sum(bs) >= 1 - |bs|`.
fn clause_terms(args: &[Arg]) -> (Vec<(i64, Term)>, i64) {
    let mut t = ones(args[0].terms(), 1);
    t.extend(ones(args[1].terms(), -1));
    (t, 1 - args[1].terms().len() as i64)
}

/// `bool_clause(as, bs)`: one linear inequality; reified by big-M.
pub static BOOL_CLAUSE: Base = Base {
    params: &[Param::VarBoolArr, Param::VarBoolArr],
    post: |post, args| {
        let (t, rhs) = clause_terms(args);
        post.linear(&t, Cmp::Ge, rhs)
    },
    post_reif: Some(
        |post: &mut Post, args: &[Arg], r: Term, imp: bool| -> PostResult {
            let (t, rhs) = clause_terms(args);
            post.implied_linear(&t, Cmp::Ge, rhs, r, true)?;
            if !imp {
                post.implied_linear(&t, Cmp::Le, rhs - 1, r, false)?;
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
