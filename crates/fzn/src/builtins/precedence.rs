//! `fzn_value_precede_int(s, t, x)` and `fzn_value_precede_chain_int(c, x)`:
//! the engine's value precedence (MiniZinc passes them as they are; the
//! pair is the chain `[s, t]`).

use super::globals::{engine, views_of};
use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};

/// Does every `t` in `x` have an `s` before it, for each neighbours `s, t`
/// of `chain`?
fn precedes(chain: &[i64], x: &[Term], v: &dyn Fn(Term) -> i64) -> bool {
    let seq: Vec<i64> = x.iter().map(|&t| v(t)).collect();
    chain
        .windows(2)
        .all(|st| (0..seq.len()).all(|p| seq[p] != st[1] || seq[..p].contains(&st[0])))
}

/// Posts the chain over `x` (nothing to do for no views).
fn post_chain(post: &mut Post, chain: Vec<i64>, x: &[Term]) -> PostResult {
    if x.is_empty() {
        return Ok(());
    }
    let views = views_of(post, x)?;
    post.model
        .value_precede_chain(chain, views)
        .map(|_| ())
        .map_err(engine)
}

/// `fzn_value_precede_int(s, t, x)`: every `t` in `x` has an `s` before it.
pub static VALUE_PRECEDE: Base = Base {
    params: &[Param::Int, Param::Int, Param::VarIntArr],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        post_chain(post, vec![args[0].int(), args[1].int()], args[2].terms())
    },
    post_reif: None,
    holds: |args, v| precedes(&[args[0].int(), args[1].int()], args[2].terms(), v),
    native: true,
};

/// `fzn_value_precede_chain_int(c, x)`: each value of `c` precedes the next.
pub static VALUE_PRECEDE_CHAIN: Base = Base {
    params: &[Param::IntArr, Param::VarIntArr],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        post_chain(post, args[0].ints().collect(), args[1].terms())
    },
    post_reif: None,
    holds: |args, v| {
        let chain: Vec<i64> = args[0].ints().collect();
        precedes(&chain, args[1].terms(), v)
    },
    native: true,
};
