//! The globals the engine has natively, passed through by `mznlib/`:
//! all-different, table (integer and boolean; MiniZinc flattens the table
//! row by row), count of a constant value with a constant count,
//! lexicographic order (`mznlib/` cuts unequal lengths to equal ones),
//! inverse and circuit (with their index sets' first indices, since
//! MiniZinc arrays may start anywhere and the engine's start at 0), and
//! global cardinality with constant bounds or variable counts.

use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};
use csp::{Cmp, VarId, View};

pub(super) fn engine(e: csp::ModelError) -> String {
    e.to_string()
}

/// The variables of `xs` and the constants among them.
fn split(post: &Post, xs: &[Term]) -> (Vec<VarId>, Vec<i64>) {
    let mut vars = Vec::new();
    let mut consts = Vec::new();
    for &t in xs {
        match t {
            Term::Var(x) => vars.push(post.var(x)),
            Term::Const(c) => consts.push(c),
        }
    }
    (vars, consts)
}

/// `fzn_all_different_int(xs)`: the engine's all-different over the
/// variables; each constant is removed from them.
pub static ALL_DIFFERENT: Base = Base {
    params: &[Param::VarIntArr],
    post: |post, args| {
        let xs = args[0].terms();
        let (vars, mut consts) = split(post, xs);
        consts.sort_unstable();
        if consts.windows(2).any(|w| w[0] == w[1]) {
            return post.fail();
        }
        for &c in &consts {
            for &t in xs.iter().filter(|t| matches!(t, Term::Var(_))) {
                post.linear(&[(1, t)], Cmp::Ne, c)?;
            }
        }
        if vars.len() >= 2 {
            post.model.all_different(vars).map_err(engine)?;
        }
        Ok(())
    },
    post_reif: Some(all_different_reif),
    holds: |args, v| {
        let xs = args[0].terms();
        xs.iter()
            .enumerate()
            .all(|(i, &a)| xs[i + 1..].iter().all(|&b| v(a) != v(b)))
    },
    native: true,
};

/// `r <-> all_different(xs)` (`imp`: `r ->`): the engine's reified
/// all-different over views (constants as fixed variables); a scope too
/// wide for views: the generic relation.
fn all_different_reif(post: &mut Post, args: &[Arg], r: Term, imp: bool) -> PostResult {
    let xs = args[0].terms();
    let (Some(views), Some(b)) = (post.views(xs), post.view(r)) else {
        return post.reified_relation(args, r, imp, ALL_DIFFERENT.holds);
    };
    if imp {
        post.model.all_different_imp(views, b).map_err(engine)?;
    } else {
        post.model.all_different_reif(views, b).map_err(engine)?;
    }
    Ok(())
}

/// `csp_table_int(xs, rows)` with `rows` flattened row by row.
fn table(post: &mut Post, args: &[Arg]) -> PostResult {
    let xs = args[0].terms();
    let flat: Vec<i64> = args[1].ints().collect();
    if xs.is_empty() {
        return if flat.is_empty() { post.fail() } else { Ok(()) };
    }
    if !flat.len().is_multiple_of(xs.len()) {
        return Err(format!(
            "a table of {} values is not made of rows of {}",
            flat.len(),
            xs.len()
        ));
    }
    let (vars, _) = split(post, xs);
    let mut rows: Vec<Vec<i32>> = Vec::new();
    for row in flat.chunks_exact(xs.len()) {
        // Rows that disagree with a constant, or leave 32 bits, never match.
        let fits = row.iter().zip(xs).all(|(&r, &t)| match t {
            Term::Const(c) => r == c,
            Term::Var(_) => i32::try_from(r).is_ok(),
        });
        if fits {
            rows.push(
                row.iter()
                    .zip(xs)
                    .filter(|(_, t)| matches!(t, Term::Var(_)))
                    .map(|(&r, _)| r as i32)
                    .collect(),
            );
        }
    }
    if vars.is_empty() {
        return if rows.is_empty() { post.fail() } else { Ok(()) };
    }
    post.model.table(vars, rows).map_err(engine)?;
    Ok(())
}

fn table_holds(args: &[Arg], v: &dyn Fn(Term) -> i64) -> bool {
    let xs = args[0].terms();
    let flat = args[1].terms();
    !xs.is_empty()
        && flat
            .chunks_exact(xs.len())
            .any(|row| row.iter().zip(xs).all(|(&r, &x)| v(r) == v(x)))
}

/// `r <-> csp_table_int(xs, rows)` (`imp`: `r ->`): the engine's reified
/// table over views (constants as fixed variables; rows leaving 32 bits
/// never match). An empty or too wide scope: the generic relation.
fn table_reif(post: &mut Post, args: &[Arg], r: Term, imp: bool) -> PostResult {
    let xs = args[0].terms();
    let flat: Vec<i64> = args[1].ints().collect();
    if !xs.is_empty() && !flat.len().is_multiple_of(xs.len()) {
        return Err(format!(
            "a table of {} values is not made of rows of {}",
            flat.len(),
            xs.len()
        ));
    }
    let (Some(views), Some(b), false) = (post.views(xs), post.view(r), xs.is_empty()) else {
        return post.reified_relation(args, r, imp, table_holds);
    };
    let rows: Vec<Vec<i32>> = flat
        .chunks_exact(xs.len())
        .filter_map(|row| row.iter().map(|&v| i32::try_from(v).ok()).collect())
        .collect();
    if imp {
        post.model.table_imp(views, rows, b).map_err(engine)?;
    } else {
        post.model.table_reif(views, rows, b).map_err(engine)?;
    }
    Ok(())
}

/// `csp_table_int(xs, rows)`: the engine's table (reified: its reified
/// table).
pub static TABLE_INT: Base = Base {
    params: &[Param::VarIntArr, Param::IntArr],
    post: table,
    post_reif: Some(table_reif),
    holds: table_holds,
    native: true,
};

/// `csp_table_bool(xs, rows)`: the engine's table over 0/1 (reified: its
/// reified table).
pub static TABLE_BOOL: Base = Base {
    params: &[Param::VarBoolArr, Param::BoolArr],
    post: table,
    post_reif: Some(table_reif),
    holds: table_holds,
    native: true,
};

/// `fzn_count_eq_par(xs, y, c)`: exactly `c` of `xs` equal `y` (the
/// engine's count; constants among `xs` lower the count).
pub static COUNT_EQ_PAR: Base = Base {
    params: &[Param::VarIntArr, Param::Int, Param::Int],
    post: |post, args| {
        let (y, c) = (args[1].int(), args[2].int());
        let (vars, consts) = split(post, args[0].terms());
        let left = c.saturating_sub(consts.iter().filter(|&&k| k == y).count() as i64);
        if left < 0 || left > vars.len() as i64 {
            return post.fail();
        }
        if vars.is_empty() {
            return Ok(());
        }
        let Ok(value) = i32::try_from(y) else {
            // No variable can take it: the count must be zero.
            return if left == 0 { Ok(()) } else { post.fail() };
        };
        post.model
            .count_eq(vars, value, left as usize)
            .map_err(engine)?;
        Ok(())
    },
    post_reif: None,
    holds: |args, v| {
        let y = args[1].int();
        args[0].terms().iter().filter(|&&t| v(t) == y).count() as i64 == args[2].int()
    },
    native: true,
};

/// The engine views of a term array (constants as fixed variables), or an
/// error naming the constant no engine variable can hold.
pub(super) fn views_of(post: &mut Post, xs: &[Term]) -> Result<Vec<View>, String> {
    post.views(xs)
        .ok_or_else(|| "a constant beyond 32 bits in a global constraint".to_owned())
}

/// `views` shifted down by `base` (a MiniZinc index set's first index),
/// so that values index the engine's 0-based arrays.
pub(super) fn shifted(views: Vec<View>, base: i64) -> Vec<View> {
    views
        .into_iter()
        .map(|v| View {
            var: v.var,
            offset: v.offset - base,
        })
        .collect()
}

/// `csp_lex_less*(xs, ys)` (MiniZinc passes equally long arrays).
fn lex(post: &mut Post, args: &[Arg], strict: bool) -> PostResult {
    let (xs, ys) = (args[0].terms(), args[1].terms());
    if xs.len() != ys.len() {
        return Err(format!("arrays of {} and {} elements", xs.len(), ys.len()));
    }
    if xs.is_empty() {
        // Two empty sequences are equal.
        return if strict { post.fail() } else { Ok(()) };
    }
    let (x, y) = (views_of(post, xs)?, views_of(post, ys)?);
    let posted = if strict {
        post.model.lex_less(x, y)
    } else {
        post.model.lex_less_equal(x, y)
    };
    posted.map(|_| ()).map_err(engine)
}

fn lex_values(args: &[Arg], v: &dyn Fn(Term) -> i64) -> (Vec<i64>, Vec<i64>) {
    let values = |a: &Arg| a.terms().iter().map(|&t| v(t)).collect();
    (values(&args[0]), values(&args[1]))
}

macro_rules! lex_base {
    ($name:ident, $doc:literal, $param:expr, $strict:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[$param, $param],
            post: |post, args| lex(post, args, $strict),
            post_reif: None,
            holds: |args, v| {
                let (x, y) = lex_values(args, v);
                if $strict {
                    x < y
                } else {
                    x <= y
                }
            },
            native: true,
        };
    };
}

lex_base!(
    LEX_LESS_INT,
    "`csp_lex_less_int(xs, ys)`: the engine's `lex_less`.",
    Param::VarIntArr,
    true
);
lex_base!(
    LEX_LESSEQ_INT,
    "`csp_lex_lesseq_int(xs, ys)`: the engine's `lex_less_equal`.",
    Param::VarIntArr,
    false
);
lex_base!(
    LEX_LESS_BOOL,
    "`csp_lex_less_bool(xs, ys)`: the engine's `lex_less` over 0/1.",
    Param::VarBoolArr,
    true
);
lex_base!(
    LEX_LESSEQ_BOOL,
    "`csp_lex_lesseq_bool(xs, ys)`: the engine's `lex_less_equal` over 0/1.",
    Param::VarBoolArr,
    false
);

/// `csp_inverse(f, a, invf, b)`: `f` indexed from `a` with values indexed
/// from `b`, `invf` the other way round; `f[a + i] = b + j` exactly when
/// `invf[b + j] = a + i`.
pub static INVERSE: Base = Base {
    params: &[Param::VarIntArr, Param::Int, Param::VarIntArr, Param::Int],
    post: |post, args| {
        let (f, a, g, b) = (
            args[0].terms(),
            args[1].int(),
            args[2].terms(),
            args[3].int(),
        );
        if f.len() != g.len() {
            return post.fail(); // no bijection between index sets of different sizes
        }
        if f.is_empty() {
            return Ok(());
        }
        let (x, y) = (views_of(post, f)?, views_of(post, g)?);
        post.model
            .inverse(shifted(x, b), shifted(y, a))
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let (f, a, g, b) = (
            args[0].terms(),
            args[1].int(),
            args[2].terms(),
            args[3].int(),
        );
        let at = |xs: &[Term], base: i64, k: i64| {
            usize::try_from(k - base)
                .ok()
                .and_then(|k| xs.get(k))
                .map(|&t| v(t))
        };
        let one_way = |xs: &[Term], from: i64, ys: &[Term], to: i64| {
            xs.iter()
                .enumerate()
                .all(|(i, &t)| at(ys, to, v(t)) == Some(from + i as i64))
        };
        one_way(f, a, g, b) && one_way(g, b, f, a)
    },
    native: true,
};

/// `csp_circuit(succ, a)`: `succ` indexed from `a` (its values too) is one
/// Hamiltonian cycle: the engine's `circuit`.
pub static CIRCUIT: Base = Base {
    params: &[Param::VarIntArr, Param::Int],
    post: |post, args| {
        let (succ, a) = (args[0].terms(), args[1].int());
        match succ.len() {
            0 => Ok(()),
            1 => post.fail(), // MiniZinc: no node is its own successor
            _ => {
                let x = views_of(post, succ)?;
                post.model
                    .circuit(shifted(x, a))
                    .map(|_| ())
                    .map_err(engine)
            }
        }
    },
    post_reif: None,
    holds: |args, v| {
        let (succ, a) = (args[0].terms(), args[1].int());
        let n = succ.len();
        if n == 1 {
            return false;
        }
        // From node 0, n steps visit every node once and come back.
        let mut seen = vec![false; n];
        let mut node = 0usize;
        for _ in 0..n {
            if std::mem::replace(&mut seen[node], true) {
                return false;
            }
            match usize::try_from(v(succ[node]) - a).ok().filter(|&k| k < n) {
                Some(next) => node = next,
                None => return false,
            }
        }
        node == 0
    },
    native: true,
};

/// `csp_global_cardinality(xs, cover, lo, hi)`: each `cover[k]` is taken
/// by between `lo[k]` and `hi[k]` of `xs`: the engine's global
/// cardinality (a value listed twice gets both ranges' intersection).
pub static GLOBAL_CARDINALITY: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::IntArr,
        Param::IntArr,
        Param::IntArr,
    ],
    post: |post, args| {
        let xs = args[0].terms();
        let (cover, lo, hi) = (&args[1], &args[2], &args[3]);
        if cover.ints().len() != lo.ints().len() || cover.ints().len() != hi.ints().len() {
            return Err("cover and bounds of different lengths".to_owned());
        }
        let mut ranges: Vec<(i64, i64, i64)> = Vec::new();
        for ((value, l), h) in cover.ints().zip(lo.ints()).zip(hi.ints()) {
            match ranges.iter_mut().find(|r| r.0 == value) {
                Some(r) => *r = (value, r.1.max(l), r.2.min(h)),
                None => ranges.push((value, l, h)),
            }
        }
        let n = xs.len() as i64;
        let mut counts = Vec::with_capacity(ranges.len());
        for (value, l, h) in ranges {
            let (l, h) = (l.max(0), h.min(n));
            if l > h {
                return post.fail();
            }
            match i32::try_from(value) {
                // No variable can take it: it must not be required.
                Err(_) if l > 0 => return post.fail(),
                Err(_) => {}
                Ok(v) => counts.push((v, l as usize..=h as usize)),
            }
        }
        if xs.is_empty() || counts.is_empty() {
            return Ok(());
        }
        let x = views_of(post, xs)?;
        post.model
            .global_cardinality(x, counts)
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let xs = args[0].terms();
        let (cover, lo, hi) = (&args[1], &args[2], &args[3]);
        cover
            .ints()
            .zip(lo.ints())
            .zip(hi.ints())
            .all(|((value, l), h)| {
                let c = xs.iter().filter(|&&t| v(t) == value).count() as i64;
                l <= c && c <= h
            })
    },
    native: true,
};

/// `csp_global_cardinality_counts(xs, cover, counts)`: `counts[k]` of `xs`
/// take `cover[k]`: the engine's global cardinality with variable counts
/// (a cover value beyond 32 bits no variable takes: its count is 0).
pub static GLOBAL_CARDINALITY_COUNTS: Base = Base {
    params: &[Param::VarIntArr, Param::IntArr, Param::VarIntArr],
    post: |post, args| {
        let (xs, counts) = (args[0].terms(), args[2].terms());
        let cover: Vec<i64> = args[1].ints().collect();
        if cover.len() != counts.len() {
            return Err("cover and counts of different lengths".to_owned());
        }
        let (mut values, mut kept) = (Vec::new(), Vec::new());
        for (&value, &count) in cover.iter().zip(counts) {
            match i32::try_from(value) {
                Ok(v) => {
                    values.push(v);
                    kept.push(count);
                }
                Err(_) => post.linear(&[(1, count)], Cmp::Eq, 0)?,
            }
        }
        if values.is_empty() {
            return Ok(());
        }
        let (x, c) = (views_of(post, xs)?, views_of(post, &kept)?);
        post.model
            .global_cardinality_counts(x, values, c)
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let (xs, counts) = (args[0].terms(), args[2].terms());
        args[1]
            .ints()
            .zip(counts)
            .all(|(value, &c)| xs.iter().filter(|&&t| v(t) == value).count() as i64 == v(c))
    },
    native: true,
};
