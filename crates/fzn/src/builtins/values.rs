//! The routing and packing globals the engine has natively, passed through
//! by `mznlib/` with their index sets' first indices (MiniZinc arrays may
//! start anywhere, the engine's at 0): subcircuit, and bin packing with
//! load variables or constant capacities.

use super::globals::{engine, shifted, views_of};
use super::{Base, Param};
use crate::term::{Arg, Term};

/// `csp_subcircuit(succ, a)`: `succ` indexed from `a` (its values too); the
/// nodes that are not their own successors form one cycle, or none.
pub static SUBCIRCUIT: Base = Base {
    params: &[Param::VarIntArr, Param::Int],
    post: |post, args| {
        let (xs, a) = (args[0].terms(), args[1].int());
        if xs.is_empty() {
            return Ok(());
        }
        let x = views_of(post, xs)?;
        post.model
            .subcircuit(shifted(x, a))
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let (xs, a) = (args[0].terms(), args[1].int());
        let n = xs.len() as i64;
        let succ: Vec<i64> = xs.iter().map(|&t| v(t) - a).collect();
        if succ.iter().any(|s| !(0..n).contains(s)) {
            return false;
        }
        // A permutation whose nodes that are not fixed points form at
        // most one cycle.
        let mut seen = vec![false; xs.len()];
        let mut cycles = 0;
        for start in 0..xs.len() {
            if seen[start] || succ[start] == start as i64 {
                continue;
            }
            cycles += 1;
            let mut node = start;
            while !seen[node] {
                seen[node] = true;
                node = succ[node] as usize;
            }
            if node != start {
                return false; // two nodes share a successor
            }
        }
        let mut sorted = succ;
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == xs.len() && cycles <= 1
    },
    native: true,
};

/// The weights as the engine takes them: `None` if one is negative or
/// beyond 32 bits (MiniZinc's `bin_packing*` refuse negative weights
/// before they reach FlatZinc; a FlatZinc file written by hand then gets
/// the generic relation).
fn weights(args: &Arg) -> Option<Vec<i32>> {
    args.ints()
        .map(|w| i32::try_from(w).ok().filter(|&w| w >= 0))
        .collect()
}

/// Each bin's load (bins `0..m` after shifting by `a`), or `None` if an
/// item is in no bin.
fn loads(m: usize, a: i64, bins: &[Term], w: &Arg, v: &dyn Fn(Term) -> i64) -> Option<Vec<i128>> {
    let mut load = vec![0i128; m];
    for (&b, w) in bins.iter().zip(w.ints()) {
        let b = usize::try_from(v(b).checked_sub(a)?).ok()?;
        *load.get_mut(b)? += w as i128;
    }
    Some(load)
}

/// `csp_bin_packing_load(load, a, bin, w)`: `load` indexed from `a`, each
/// item `i` in bin `bin[i]`, each load the weight of its bin's items.
pub static BIN_PACKING_LOAD: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::Int,
        Param::VarIntArr,
        Param::IntArr,
    ],
    post: |post, args| {
        let (ls, a, bins) = (args[0].terms(), args[1].int(), args[2].terms());
        let Some(w) = weights(&args[3]) else {
            return post.relation(args, BIN_PACKING_LOAD.holds);
        };
        if ls.is_empty() {
            return if bins.is_empty() { Ok(()) } else { post.fail() };
        }
        let (l, b) = (views_of(post, ls)?, views_of(post, bins)?);
        post.model
            .bin_packing_load(l, shifted(b, a), w)
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let ls = args[0].terms();
        loads(ls.len(), args[1].int(), args[2].terms(), &args[3], v)
            .is_some_and(|load| load.iter().zip(ls).all(|(&l, &t)| l == v(t) as i128))
    },
    native: true,
};

/// `csp_bin_packing_capa(c, a, bin, w)`: `c` indexed from `a`, each item
/// `i` in bin `bin[i]`, each bin's items weighing at most its capacity.
pub static BIN_PACKING_CAPA: Base = Base {
    params: &[Param::IntArr, Param::Int, Param::VarIntArr, Param::IntArr],
    post: |post, args| {
        let (a, bins) = (args[1].int(), args[2].terms());
        let caps: Vec<i64> = args[0].ints().collect();
        let Some(w) = weights(&args[3]) else {
            return post.relation(args, BIN_PACKING_CAPA.holds);
        };
        if bins.is_empty() {
            return Ok(());
        }
        if caps.is_empty() {
            return post.fail();
        }
        let b = views_of(post, bins)?;
        post.model
            .bin_packing_capacity(caps, shifted(b, a), w)
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let caps: Vec<i64> = args[0].ints().collect();
        loads(caps.len(), args[1].int(), args[2].terms(), &args[3], v)
            .is_some_and(|load| load.iter().zip(&caps).all(|(&l, &c)| l <= c as i128))
    },
    native: true,
};
