//! `csp_regular(x, Q, S, d, q0, F)`: MiniZinc's deterministic automaton
//! (states `1..Q`, values `1..S`, `d` flattened row by row, 0 rejecting),
//! and `csp_regular_nfa(x, Q, S, arcs, q0, F)`, its nondeterministic one
//! (the transitions as flattened triples), both posted as the engine's
//! `regular`; `csp_cost_regular(x, Q, S, d, q0, F, c, C)`, the
//! deterministic one with a cost per transition, as its `cost_regular`.

use super::{Base, Param};
use crate::ast::IntSet;
use crate::post::{Post, PostResult};
use crate::term::Arg;

/// `(Q, S, d)`, or an error when `d` is not `Q` rows of `S`.
fn automaton(args: &[Arg]) -> Result<(i64, i64, Vec<i64>), String> {
    let (q, s) = (args[1].int(), args[2].int());
    let d: Vec<i64> = args[3].ints().collect();
    if q < 0 || s < 0 || (q as i128) * (s as i128) != d.len() as i128 {
        return Err(format!(
            "a regular automaton of {q} states and {s} values given {} transitions",
            d.len()
        ));
    }
    Ok((q, s, d))
}

/// The state after `q` reads `v` (0: rejected).
fn step(q_count: i64, s: i64, d: &[i64], q: i64, v: i64) -> i64 {
    if !(1..=q_count).contains(&q) || !(1..=s).contains(&v) {
        return 0;
    }
    let next = d[((q - 1) * s + (v - 1)) as usize];
    if (1..=q_count).contains(&next) {
        next
    } else {
        0
    }
}

/// The transitions `(from, value, to)` of a deterministic automaton, the
/// rejecting ones left out.
fn dfa_arcs(q: i64, s: i64, d: &[i64]) -> Vec<(i64, i64, i64)> {
    let mut arcs = Vec::new();
    for from in 1..=q {
        for v in 1..=s {
            let to = step(q, s, d, from, v);
            if to != 0 {
                arcs.push((from, v, to));
            }
        }
    }
    arcs
}

/// The accepting states of `finals` among `1..=q`, as the engine takes them.
fn final_states(q: i64, finals: &IntSet) -> Vec<usize> {
    (1..=q)
        .filter(|&f| finals.contains(f))
        .map(|f| f as usize)
        .collect()
}

/// Posts `regular` or `regular_nfa` (`name`, for errors) over the
/// arguments' variables, start state and accepting states with the
/// transitions `arcs`, as the engine's regular.
fn post_regular(
    post: &mut Post,
    args: &[Arg],
    arcs: Vec<(i64, i64, i64)>,
    name: &str,
) -> PostResult {
    let (x, q, q0, finals) = (args[0].terms(), args[1].int(), args[4].int(), args[5].set());
    if !(1..=q).contains(&q0) {
        return post.fail();
    }
    if x.is_empty() {
        return if finals.contains(q0) {
            Ok(())
        } else {
            post.fail()
        };
    }
    let arcs = arcs
        .into_iter()
        .map(|(from, v, to)| Some((from as usize, i32::try_from(v).ok()?, to as usize)))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| format!("a {name} value beyond 32 bits"))?;
    let views = post
        .views(x)
        .ok_or_else(|| format!("a constant beyond 32 bits in {name}"))?;
    post.model
        .regular(views, arcs, q0 as usize, final_states(q, finals))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// `csp_regular(x, Q, S, d, q0, F)`: the engine's regular.
pub static REGULAR: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::Int,
        Param::Int,
        Param::IntArr,
        Param::Int,
        Param::Set,
    ],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let (q, s, d) = automaton(args)?;
        post_regular(post, args, dfa_arcs(q, s, &d), "regular")
    },
    post_reif: None,
    holds: |args, v| {
        let Ok((q, s, d)) = automaton(args) else {
            return false;
        };
        let mut state = args[4].int();
        if !(1..=q).contains(&state) {
            return false;
        }
        for &t in args[0].terms() {
            state = step(q, s, &d, state, v(t));
            if state == 0 {
                return false;
            }
        }
        args[5].set().contains(state)
    },
    native: true,
};

/// The arcs `(from, value, to)` of `csp_regular_nfa`'s flattened triples
/// that stay within states `1..=Q` and values `1..=S` (MiniZinc's
/// decomposition gives the others no meaning: its states range over
/// `1..Q`, its values over `1..S`).
fn nfa_arcs(args: &[Arg]) -> Result<Vec<(i64, i64, i64)>, String> {
    let (q, s) = (args[1].int(), args[2].int());
    let flat: Vec<i64> = args[3].ints().collect();
    if q < 0 || s < 0 || !flat.len().is_multiple_of(3) {
        return Err(format!(
            "a regular_nfa automaton of {q} states and {s} values given {} numbers, not triples",
            flat.len()
        ));
    }
    Ok(flat
        .chunks_exact(3)
        .map(|a| (a[0], a[1], a[2]))
        .filter(|&(from, v, to)| {
            (1..=q).contains(&from) && (1..=s).contains(&v) && (1..=q).contains(&to)
        })
        .collect())
}

/// `csp_regular_nfa(x, Q, S, arcs, q0, F)`: MiniZinc's nondeterministic
/// automaton (`d[q, v]` a set of next states), its transitions flattened
/// as triples `(q, v, next)` by `mznlib/fzn_regular_nfa.mzn`; the engine's
/// regular takes nondeterministic automata as they are.
pub static REGULAR_NFA: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::Int,
        Param::Int,
        Param::IntArr,
        Param::Int,
        Param::Set,
    ],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let arcs = nfa_arcs(args)?;
        post_regular(post, args, arcs, "regular_nfa")
    },
    post_reif: None,
    holds: |args, v| {
        let Ok(arcs) = nfa_arcs(args) else {
            return false;
        };
        let (q, q0) = (args[1].int(), args[4].int());
        if !(1..=q).contains(&q0) {
            return false;
        }
        // The set of states some path reaches after each value.
        let mut now = std::collections::BTreeSet::from([q0]);
        for &t in args[0].terms() {
            let value = v(t);
            now = arcs
                .iter()
                .filter(|&&(from, a, _)| a == value && now.contains(&from))
                .map(|&(_, _, to)| to)
                .collect();
        }
        now.iter().any(|&f| args[5].set().contains(f))
    },
    native: true,
};

/// The arcs `(from, value, to, cost)` of `csp_cost_regular`'s automaton
/// (`d` and the costs `c` flattened alike), or an error when `c` is not
/// `Q` rows of `S` or a value or cost leaves 32 bits.
fn cost_arcs(args: &[Arg]) -> Result<Vec<(i64, i64, i64, i64)>, String> {
    let (q, s, d) = automaton(args)?;
    let c: Vec<i64> = args[6].ints().collect();
    if c.len() != d.len() {
        return Err(format!(
            "a cost_regular automaton of {q} states and {s} values given {} costs",
            c.len()
        ));
    }
    Ok(dfa_arcs(q, s, &d)
        .into_iter()
        .map(|(from, v, to)| (from, v, to, c[((from - 1) * s + (v - 1)) as usize]))
        .collect())
}

/// `csp_cost_regular(x, Q, S, d, q0, F, c, C)`: MiniZinc's deterministic
/// automaton with a cost `c[q, v]` per transition (flattened as `d`), `C`
/// the accepted word's total; the engine's cost regular.
pub static COST_REGULAR: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::Int,
        Param::Int,
        Param::IntArr,
        Param::Int,
        Param::Set,
        Param::IntArr,
        Param::VarInt,
    ],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let arcs = cost_arcs(args)?;
        let (x, q, q0, finals) = (args[0].terms(), args[1].int(), args[4].int(), args[5].set());
        if !(1..=q).contains(&q0) {
            return post.fail();
        }
        let arcs = arcs
            .into_iter()
            .map(|(from, v, to, c)| {
                let (v, c) = (i32::try_from(v).ok()?, i32::try_from(c).ok()?);
                Some((from as usize, v, to as usize, c))
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| "a cost_regular value or cost beyond 32 bits".to_owned())?;
        let finals = final_states(q, finals);
        let (views, cost) = (post.views(x), post.view(args[7].term()));
        let (Some(views), Some(cost)) = (views, cost) else {
            return Err("a constant beyond 32 bits in cost_regular".to_owned());
        };
        post.model
            .cost_regular(views, arcs, q0 as usize, finals, cost)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    post_reif: None,
    holds: |args, v| {
        let Ok((q, s, d)) = automaton(args) else {
            return false;
        };
        let c: Vec<i64> = args[6].ints().collect();
        let mut state = args[4].int();
        let mut total = 0i128;
        if !(1..=q).contains(&state) || c.len() != d.len() {
            return false;
        }
        for &t in args[0].terms() {
            let value = v(t);
            let next = step(q, s, &d, state, value);
            if next == 0 {
                return false;
            }
            total += c[((state - 1) * s + (value - 1)) as usize] as i128;
            state = next;
        }
        args[5].set().contains(state) && total == v(args[7].term()) as i128
    },
    native: true,
};
