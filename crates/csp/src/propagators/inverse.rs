//! Inverse (channelling two permutations): the scope is `x` followed by
//! `y`, of equal length `n`, and `x[i] = j` exactly when `y[j] = i`
//! (positions and values 0-based).
//!
//! * check: both directions on a complete assignment;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking: channelling to its own fixpoint (a value `j`
//!   stays in `x[i]` only while `y[j]` exists and can still take `i`, and
//!   no other `y[k]` is fixed to `i`; the other way round likewise), which
//!   is arc consistency on each pair `x[i]`, `y[j]` of the decomposition
//!   `x[i] = j <-> y[j] = i`, then the exact last-variable filter;
//! * arc consistency: domain consistency of the whole constraint over
//!   distinct listed variables, as Gecode's domain `channel`: the channel
//!   makes the two sides one bipartite graph (`x[i]` has `j` exactly when
//!   `y[j]` has `i`), and Régin's matching filter on `x`
//!   (`all_different_domain.rs`) keeps the edges some perfect matching
//!   uses, which the channel then mirrors on `y` (`tests/strength.rs`
//!   checks it against brute force). On one-word stores the channel is
//!   incremental (`inverse/words.rs`): a wake-up channels only the values
//!   gone since the last one.

mod explain;
#[cfg(test)]
mod tests;
mod words;

use super::all_different_domain::Matching;
use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use words::WordChannel;

/// The scope's first half `x` and second half `y` are inverse
/// permutations: `x[i] = j` exactly when `y[j] = i`.
pub(crate) struct Inverse;

impl ConstraintKind for Inverse {
    fn name(&self) -> &'static str {
        "inverse"
    }

    /// Is `vals[n..]` the inverse of `vals[..n]`?
    fn holds(&self, vals: &mut [i64]) -> bool {
        let (x, y) = vals.split_at(vals.len() / 2);
        let maps = |a: &[i64], b: &[i64]| {
            a.iter().enumerate().all(|(i, &j)| {
                usize::try_from(j)
                    .ok()
                    .and_then(|j| b.get(j))
                    .is_some_and(|&back| back == i as i64)
            })
        };
        maps(x, y) && maps(y, x)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Channelling {
            con,
            words: WordChannel::default(),
            matching: Matching::default(),
        })
    }
}

struct Channelling<'m> {
    con: &'m Constraint,
    /// The incremental channel's records (one-word stores).
    words: WordChannel,
    /// Régin's filter over `x`, its matching kept as the next call's hint.
    matching: Matching,
}

impl Channelling<'_> {
    /// The channel to its fixpoint: incremental on one-word stores, a
    /// full pass otherwise.
    fn channel(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        if ctx.store.one_word() {
            self.words.channel(ctx, self.con).map(drop)
        } else {
            channel(ctx, self.con)
        }
    }
}

impl Propagator for Channelling<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// A pass over the edges, as all-different's matching: after the
    /// cheaper lanes, so one run sees the removals they make together.
    fn priority(&self) -> Priority {
        Priority::Table
    }

    /// By the channelling rule that made it (`inverse/explain.rs`), else
    /// the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, what, d)
            .or_else(|| domains_of(&self.con.vars, what, Read::Values, d))
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        Some(channel(ctx, self.con).and_then(|()| {
            if open <= 1 {
                ctx.filter_last(self.con)
            } else {
                Ok(())
            }
        }))
    }

    /// The channel, Régin's filter on `x`, the channel again (mirroring
    /// its removals on `y`): over distinct variables that is the
    /// constraint's domain consistency; a variable on both sides may have
    /// lost values `x` relied on, so then round again until nothing goes.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let n = self.con.scope.len() / 2;
        let repeated = self.con.has_repeated_vars();
        loop {
            self.channel(ctx)?;
            let pruned = ctx.pruned;
            self.matching.filter_views(ctx, &self.con.scope[..n])?;
            if ctx.pruned == pruned {
                break;
            }
            if !repeated {
                self.channel(ctx)?;
                break;
            }
        }
        // Exact already over distinct variables, unless a domain too wide
        // to list kept the matching out.
        if repeated || !ctx.store.one_word() {
            ctx.filter_last(self.con)
        } else {
            Ok(())
        }
    }
}

/// Can `var` take `value`? An assigned variable holds only its value
/// (forward checking's slot backend does not narrow the store to it).
fn can_take(ctx: &Ctx<'_>, var: u32, value: i64) -> bool {
    if ctx.assigned[var as usize] {
        ctx.values[var as usize] as i64 == value
    } else {
        ctx.store.contains(var, value)
    }
}

/// No view of the other side is fixed to this position (in [`forced`]).
const FREE: i64 = -1;
/// Two views of the other side are fixed to this position.
const CLASH: i64 = -2;

/// Per position `p` of the scope, the one view value a fixed view of the
/// other side leaves it: `y[k]` fixed to `i` forces `x[i] = k` (and the
/// other way round); [`FREE`] or [`CLASH`] otherwise.
fn forced(ctx: &Ctx<'_>, con: &Constraint, out: &mut Vec<i64>) {
    let n = con.scope.len() / 2;
    out.clear();
    out.resize(2 * n, FREE);
    for (q, view) in con.scope.iter().enumerate() {
        let x = view.var.index;
        let Some(t) = ctx.fixed_value(x).map(|u| u + view.offset) else {
            continue;
        };
        if !(0..n as i64).contains(&t) {
            continue; // the channelling below rules it out
        }
        let (k, other) = if q < n { (q, n) } else { (q - n, 0) };
        let p = other + t as usize;
        out[p] = match out[p] {
            FREE => k as i64,
            f if f == k as i64 => f,
            _ => CLASH,
        };
    }
}

/// Removes each view value without its inverse, until none is left.
fn channel(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    let n = con.scope.len() / 2;
    let supported = |ctx: &Ctx<'_>, forced: &[i64], p: usize, u: i64| {
        let (view, i, other) = if p < n {
            (con.scope[p], p, n)
        } else {
            (con.scope[p], p - n, 0)
        };
        let j = u + view.offset;
        (0..n as i64).contains(&j) && (forced[p] == FREE || forced[p] == j) && {
            let back = con.scope[other + j as usize];
            can_take(ctx, back.var.index, i as i64 - back.offset)
        }
    };
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    let mut force = std::mem::take(&mut ctx.scratch.views);
    let mut result = Ok(());
    'fixpoint: loop {
        let mut changed = false;
        forced(ctx, con, &mut force);
        for p in 0..2 * n {
            let var = con.scope[p].var.index;
            ctx.count_check();
            if ctx.assigned[var as usize] {
                if !supported(ctx, &force, p, ctx.values[var as usize] as i64) {
                    result = Err(Wipeout);
                    break 'fixpoint;
                }
                continue;
            }
            if !ctx.store.listable(var) {
                continue; // too wide to list: checked once assigned
            }
            vals.clear();
            ctx.store.values_into(var, &mut vals);
            for &u in &vals {
                ctx.count_check();
                if !supported(ctx, &force, p, u as i64) {
                    if let Err(e) = ctx.remove(var, u as i64) {
                        result = Err(e);
                        break 'fixpoint;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    ctx.scratch.vals = vals;
    ctx.scratch.views = force;
    result
}
