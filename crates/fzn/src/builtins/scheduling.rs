//! The scheduling globals the engine has natively, passed through by
//! `mznlib/` when durations, demands and capacity are constants:
//! `csp_cumulative(s, d, r, b)` (also the disjunctive forms, with demands
//! 1 and capacity 1), and `csp_cumulative_vars(s, d, r, b)` when some of
//! them are variables (the disjunctive form with variable durations too).

use super::globals::{engine, views_of};
use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};

/// The tasks that take something (MiniZinc ignores a duration or demand
/// of 0 or less): their positions.
fn busy(args: &[Arg]) -> Vec<usize> {
    let (d, r): (Vec<i64>, Vec<i64>) = (args[1].ints().collect(), args[2].ints().collect());
    (0..d.len()).filter(|&i| d[i] > 0 && r[i] > 0).collect()
}

/// `v` as a 32-bit engine argument.
fn small(v: i64, what: &str) -> Result<i32, String> {
    i32::try_from(v).map_err(|_| format!("a cumulative {what} beyond 32 bits"))
}

/// `csp_cumulative(s, d, r, b)`: the engine's cumulative over the busy
/// tasks (a constant start is a fixed variable).
pub static CUMULATIVE: Base = Base {
    params: &[Param::VarIntArr, Param::IntArr, Param::IntArr, Param::Int],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let s = args[0].terms();
        if args[1].ints().len() != s.len() || args[2].ints().len() != s.len() {
            return Err("cumulative arrays of different lengths".to_owned());
        }
        let b = args[3].int();
        let tasks = busy(args);
        if s.is_empty() {
            return Ok(());
        }
        if b < 0 {
            return post.fail();
        }
        if tasks.is_empty() {
            return Ok(());
        }
        let (d, r): (Vec<i64>, Vec<i64>) = (args[1].ints().collect(), args[2].ints().collect());
        let mut starts = Vec::with_capacity(tasks.len());
        let (mut durations, mut demands) = (Vec::new(), Vec::new());
        for &i in &tasks {
            let view = post
                .view(s[i])
                .ok_or_else(|| "a cumulative start beyond 32 bits".to_owned())?;
            starts.push(view);
            durations.push(small(d[i], "duration")?);
            demands.push(small(r[i], "demand")?);
        }
        post.model
            .cumulative(starts, durations, demands, b)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    post_reif: None,
    holds: |args, v| {
        let s = args[0].terms();
        let b = args[3].int();
        let (d, r): (Vec<i64>, Vec<i64>) = (args[1].ints().collect(), args[2].ints().collect());
        let tasks = busy(args);
        if tasks.is_empty() {
            return s.is_empty() || b >= 0;
        }
        let start = |i: usize| v(s[i]) as i128;
        tasks.iter().all(|&j| {
            let load: i128 = tasks
                .iter()
                .filter(|&&i| start(i) <= start(j) && start(j) < start(i) + d[i] as i128)
                .map(|&i| r[i] as i128)
                .sum();
            load <= b as i128
        })
    },
    native: true,
};

/// `csp_cumulative_vars(s, d, r, b)`: the engine's cumulative with
/// variable durations, demands and capacity (none negative; MiniZinc's
/// `cumulative` asserts so of the durations and demands).
pub static CUMULATIVE_VARS: Base = Base {
    params: &[
        Param::VarIntArr,
        Param::VarIntArr,
        Param::VarIntArr,
        Param::VarInt,
    ],
    post: |post: &mut Post, args: &[Arg]| -> PostResult {
        let (s, d, r) = (args[0].terms(), args[1].terms(), args[2].terms());
        if d.len() != s.len() || r.len() != s.len() {
            return Err("cumulative arrays of different lengths".to_owned());
        }
        if s.is_empty() {
            return Ok(());
        }
        let (starts, durations) = (views_of(post, s)?, views_of(post, d)?);
        let demands = views_of(post, r)?;
        let capacity = views_of(post, &[args[3].term()])?[0];
        post.model
            .cumulative_vars(starts, durations, demands, capacity)
            .map(|_| ())
            .map_err(engine)
    },
    post_reif: None,
    holds: |args, v| {
        let (s, d, r) = (args[0].terms(), args[1].terms(), args[2].terms());
        if s.is_empty() {
            return true;
        }
        let b = v(args[3].term()) as i128;
        let value = |t: Term| v(t) as i128;
        if b < 0 || d.iter().chain(r).any(|&t| value(t) < 0) {
            return false;
        }
        let busy: Vec<usize> = (0..s.len())
            .filter(|&i| value(d[i]) > 0 && value(r[i]) > 0)
            .collect();
        busy.iter().all(|&j| {
            let at = value(s[j]);
            let load: i128 = busy
                .iter()
                .filter(|&&i| value(s[i]) <= at && at < value(s[i]) + value(d[i]))
                .map(|&i| value(r[i]))
                .sum();
            load <= b
        })
    },
    native: true,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Term;

    #[test]
    fn idle_tasks_and_the_capacity_follow_minizinc() {
        let arr = |xs: &[i64]| Arg::Array(xs.iter().map(|&c| Term::Const(c)).collect());
        let int = |c| Arg::Term(Term::Const(c));
        let value = |t: Term| match t {
            Term::Const(c) => c,
            Term::Var(_) => 0,
        };
        // Two tasks at 0 of demand 2 on a capacity of 3: an overload...
        let args = [arr(&[0, 0]), arr(&[1, 1]), arr(&[2, 2]), int(3)];
        assert!(!(CUMULATIVE.holds)(&args, &value));
        // ... unless one of them lasts 0 (or less).
        let args = [arr(&[0, 0]), arr(&[1, -1]), arr(&[2, 2]), int(3)];
        assert!((CUMULATIVE.holds)(&args, &value));
        // No busy task: only a negative capacity fails.
        let args = [arr(&[0]), arr(&[0]), arr(&[2]), int(-1)];
        assert!(!(CUMULATIVE.holds)(&args, &value));
    }
}
