//! The globals that select an entry of an array, passed through by
//! `mznlib/`: `fzn_member_int(x, y)` and `fzn_member_bool(x, y)` (the
//! engine's `member_vars`), and `csp_arg_max_*(x, first, i)` /
//! `csp_arg_min_*(x, first, i)` (MiniZinc's `fzn_maximum_arg_*` and
//! `fzn_minimum_arg_*`, with the array's first index: the engine's
//! `arg_max` / `arg_min` on the index shifted to 0).

use super::globals::{engine, shifted, views_of};
use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::Arg;

/// `fzn_member_*(x, y)`: `y` is one of `x` (none: unsatisfiable).
fn member(post: &mut Post, args: &[Arg]) -> PostResult {
    let x = args[0].terms();
    if x.is_empty() {
        return post.fail();
    }
    let entries = views_of(post, x)?;
    let y = views_of(post, &[args[1].term()])?[0];
    post.model
        .member_vars(y, entries)
        .map(|_| ())
        .map_err(engine)
}

fn member_holds(args: &[Arg], v: &dyn Fn(crate::term::Term) -> i64) -> bool {
    let y = v(args[1].term());
    args[0].terms().iter().any(|&t| v(t) == y)
}

/// `fzn_member_int(x, y)`.
pub static MEMBER_INT: Base = Base {
    params: &[Param::VarIntArr, Param::VarInt],
    post: member,
    post_reif: None,
    holds: member_holds,
    native: true,
};

/// `fzn_member_bool(x, y)` (booleans as 0/1).
pub static MEMBER_BOOL: Base = Base {
    params: &[Param::VarBoolArr, Param::VarBool],
    post: member,
    post_reif: None,
    holds: member_holds,
    native: true,
};

/// `csp_arg_*(x, first, i)`: `i` is the first index (from `first`) of
/// `x`'s greatest (`max`) or least value (an empty `x`: unsatisfiable).
fn arg(post: &mut Post, args: &[Arg], max: bool) -> PostResult {
    let (x, first) = (args[0].terms(), args[1].int());
    if x.is_empty() {
        return post.fail();
    }
    let views = views_of(post, x)?;
    let index = shifted(views_of(post, &[args[2].term()])?, first)[0];
    let posted = if max {
        post.model.arg_max(views, index)
    } else {
        post.model.arg_min(views, index)
    };
    posted.map(|_| ()).map_err(engine)
}

fn arg_holds(args: &[Arg], v: &dyn Fn(crate::term::Term) -> i64, max: bool) -> bool {
    let (x, first) = (args[0].terms(), args[1].int());
    let key = |t| if max { v(t) as i128 } else { -(v(t) as i128) };
    let Some(best) = x.iter().map(|&t| key(t)).max() else {
        return false;
    };
    let at = x.iter().position(|&t| key(t) == best).unwrap_or(0) as i128;
    v(args[2].term()) as i128 == first as i128 + at
}

macro_rules! arg_base {
    ($name:ident, $doc:literal, $param:expr, $max:expr) => {
        #[doc = $doc]
        pub static $name: Base = Base {
            params: &[$param, Param::Int, Param::VarInt],
            post: |post, args| arg(post, args, $max),
            post_reif: None,
            holds: |args, v| arg_holds(args, v, $max),
            native: true,
        };
    };
}

arg_base!(
    ARG_MAX_INT,
    "`csp_arg_max_int(x, first, i)`.",
    Param::VarIntArr,
    true
);
arg_base!(
    ARG_MIN_INT,
    "`csp_arg_min_int(x, first, i)`.",
    Param::VarIntArr,
    false
);
arg_base!(
    ARG_MAX_BOOL,
    "`csp_arg_max_bool(x, first, i)` (booleans as 0/1).",
    Param::VarBoolArr,
    true
);
arg_base!(
    ARG_MIN_BOOL,
    "`csp_arg_min_bool(x, first, i)` (booleans as 0/1).",
    Param::VarBoolArr,
    false
);
