//! `fzn_among(n, x, v)`, `fzn_alldifferent_except_0(x)` and
//! `fzn_nvalue(n, x)`: the engine's among, all-different except 0 and
//! nvalue (MiniZinc passes them as they are).

use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::Arg;

/// `fzn_among(n, x, v)`: `n` of `x` take a value of `v`.
pub static AMONG: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr, Param::Set],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let (n, x, set) = (args[0].term(), args[1].terms(), args[2].set());
        // Only the values some x can take matter (the set may be huge).
        let mut values: Vec<i64> = Vec::new();
        for &t in x {
            values.extend(post.values(t).values().filter(|&v| set.contains(v)));
        }
        values.sort_unstable();
        values.dedup();
        let too_wide = || "a constant beyond 32 bits in among".to_owned();
        let count = post.view(n).ok_or_else(too_wide)?;
        let views = post.views(x).ok_or_else(too_wide)?;
        post.model
            .among(count, views, values)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    post_reif: None,
    holds: |args, v| {
        let (x, set) = (args[1].terms(), args[2].set());
        let inside = x.iter().filter(|&&t| set.contains(v(t))).count();
        v(args[0].term()) == inside as i64
    },
    native: true,
};

/// `fzn_alldifferent_except_0(x)`: the non-zero values of `x` differ.
pub static ALL_DIFFERENT_EXCEPT_0: Base = Base {
    params: &[Param::VarIntArr],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let x = args[0].terms();
        if x.is_empty() {
            return Ok(());
        }
        let views = post
            .views(x)
            .ok_or_else(|| "a constant beyond 32 bits in alldifferent_except_0".to_owned())?;
        post.model
            .all_different_except_0(views)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    post_reif: None,
    holds: |args, v| {
        let mut values: Vec<i64> = args[0]
            .terms()
            .iter()
            .map(|&t| v(t))
            .filter(|&x| x != 0)
            .collect();
        values.sort_unstable();
        values.windows(2).all(|w| w[0] != w[1])
    },
    native: true,
};

/// `fzn_nvalue(n, x)`: `x` takes `n` distinct values.
pub static NVALUE: Base = Base {
    params: &[Param::VarInt, Param::VarIntArr],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let too_wide = || "a constant beyond 32 bits in nvalue".to_owned();
        let count = post.view(args[0].term()).ok_or_else(too_wide)?;
        let views = post.views(args[1].terms()).ok_or_else(too_wide)?;
        post.model
            .nvalue(count, views)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    post_reif: None,
    holds: |args, v| {
        let mut values: Vec<i64> = args[1].terms().iter().map(|&t| v(t)).collect();
        values.sort_unstable();
        values.dedup();
        v(args[0].term()) == values.len() as i64
    },
    native: true,
};
