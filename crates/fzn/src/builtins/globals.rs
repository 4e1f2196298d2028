//! The globals the engine has natively, passed through by `mznlib/`:
//! all-different, table (integer and boolean; MiniZinc flattens the table
//! row by row), and count of a constant value with a constant count.

use super::{Base, Param};
use crate::instance::{Arg, Term};
use crate::post::{Post, PostResult};
use csp::{Cmp, VarId};

fn engine(e: csp::ModelError) -> String {
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
    post_reif: None,
    holds: |args, v| {
        let xs = args[0].terms();
        xs.iter()
            .enumerate()
            .all(|(i, &a)| xs[i + 1..].iter().all(|&b| v(a) != v(b)))
    },
    native: true,
};

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

/// `csp_table_int(xs, rows)`: the engine's table.
pub static TABLE_INT: Base = Base {
    params: &[Param::VarIntArr, Param::IntArr],
    post: table,
    post_reif: None,
    holds: table_holds,
    native: true,
};

/// `csp_table_bool(xs, rows)`: the engine's table over 0/1.
pub static TABLE_BOOL: Base = Base {
    params: &[Param::VarBoolArr, Param::BoolArr],
    post: table,
    post_reif: None,
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
