//! Pointwise explanations of time-tabling (as in lazy clause generation's
//! cumulative): a start's bound moved past the starts it cannot take, each
//! ruled out by a time point where the others' compulsory parts leave too
//! little room, and only the tasks that fill that point, each by the two
//! bounds that make it run there (`s <= t`, `s >= t - d + 1`), weaker than
//! its bounds now. A failure is explained by a time point the compulsory
//! parts overload, or else by a task whose every start is ruled out so
//! (its bounds pushed past each other). A learned clause then names a few
//! tasks at a few times instead of every task's bounds, so it prunes again
//! elsewhere in the tree. Constant amounts only; `None` otherwise, or when
//! no time point explains the literal (an edge-finding inference).
//!
//! An edge-finding inference ([`by_edge_finding`]) rests on the bounds
//! edge finding still needs: each task's bounds tried open in turn (far
//! tasks first), kept open while the rule, run on the opened windows,
//! still gives the literal or fails (`explain/relax.rs`). Failing that,
//! the caller falls back on the others' bounds.

use super::edge_finding::{self, EdgeFinding};
use super::{Amount, Cumulative};
use crate::propagators::explain::{bounds_imply, conjunction, far_first, own_sides, relax, Window};
use crate::propagators::{Constraint, Domains, Inferred, Lit};
use crate::Relation;

/// A busy task as the domains before the inference had it.
#[derive(Clone, Copy)]
struct Task {
    /// Its position in the scope.
    at: usize,
    /// Its start's bounds (the view's values).
    lo: i64,
    hi: i64,
    duration: i64,
    demand: i64,
}

impl Task {
    /// Does its compulsory part `[hi, lo + duration)` cover `t`?
    fn covers(&self, t: i64) -> bool {
        self.hi <= t && t < self.lo + self.duration
    }
}

/// A busy task (positive duration and demand): its scope position,
/// duration and demand.
type Busy = (usize, i64, i64);

/// With constant amounts, the capacity and the busy tasks; `None` when an
/// amount is a variable.
fn busy_tasks(kind: &Cumulative) -> Option<(i64, Vec<Busy>)> {
    let Amount::Const(capacity) = kind.capacity else {
        return None;
    };
    let mut busy = Vec::new();
    for (at, (&dur, &dem)) in kind.durations.iter().zip(&kind.demands).enumerate() {
        let (Amount::Const(duration), Amount::Const(demand)) = (dur, dem) else {
            return None;
        };
        if duration > 0 && demand > 0 {
            busy.push((at, duration, demand));
        }
    }
    Some((capacity, busy))
}

/// The explanation of `what` by `kind`'s time-tabling over `d`, if one
/// exists with constant amounts.
pub(super) fn explain(
    con: &Constraint,
    kind: &Cumulative,
    what: Inferred,
    d: &dyn Domains,
) -> Option<Vec<Lit>> {
    let (capacity, busy) = busy_tasks(kind)?;
    let mut tasks = Vec::new();
    for (at, duration, demand) in busy {
        let view = con.scope[at];
        let x = view.var.index;
        let (lo, hi) = (d.min(x)? + view.offset, d.max(x)? + view.offset);
        tasks.push(Task {
            at,
            lo,
            hi,
            duration,
            demand,
        });
    }
    let mut why = Vec::new();
    let room = Room {
        con,
        tasks: &tasks,
        capacity,
    };
    match what {
        Inferred::Failure => {
            // A time point the compulsory parts overload: some part's start.
            match (tasks.iter().map(|t| t.hi)).find(|&t| room.height(t, None) > capacity) {
                Some(t) => room.fill(t, None, capacity, &mut why)?,
                // Else a task that fits nowhere in its window (its start's
                // bound pushed past the other bound): every start ruled out.
                None => {
                    let (j, last) = (tasks.iter())
                        .find_map(|&j| Some((j, room.rules_out(j, j.hi + 1, &mut why)?)))?;
                    let view = con.scope[j.at];
                    why.push(Lit::at_most(view.var.index, last - view.offset));
                }
            }
        }
        Inferred::Lit(lit) => {
            // The task whose start the literal bounds (one task per variable).
            let mut of_var = tasks
                .iter()
                .filter(|t| con.scope[t.at].var.index == lit.var);
            let j = *of_var.next()?;
            if of_var.next().is_some() {
                return None;
            }
            let offset = con.scope[j.at].offset;
            let value = lit.value + offset;
            let free = capacity - j.demand;
            match lit.relation {
                Relation::AtLeast => {
                    room.rules_out(j, value, &mut why)?;
                }
                Relation::AtMost => {
                    // Every start in (value, hi] ruled out, right to left;
                    // the upper bound lifted to the last start the first
                    // point rules out.
                    let (mut u, mut first) = (j.hi, None);
                    while u > value {
                        let t = room.earliest_full(u, j, free)?;
                        room.fill(t, Some(j.at), free, &mut why)?;
                        first.get_or_insert(t);
                        u = t - j.duration;
                    }
                    why.push(Lit::at_most(lit.var, first.unwrap_or(j.hi) - offset));
                }
                Relation::NotEqual => {
                    let t = room.latest_full(value, j, free)?;
                    room.fill(t, Some(j.at), free, &mut why)?;
                }
                Relation::Equal => return None,
            }
        }
    }
    Some(conjunction(why))
}

/// The explanation of `what` by edge finding's rules (with constant
/// amounts): the bounds they still need, if they give it alone.
pub(super) fn by_edge_finding(
    con: &Constraint,
    kind: &Cumulative,
    what: Inferred,
    d: &dyn Domains,
) -> Option<Vec<Lit>> {
    let (capacity, busy) = busy_tasks(kind)?;
    let window = |d: &dyn Domains, &(at, duration, _): &Busy| {
        let view = con.scope[at];
        let x = view.var.index;
        let est = d.min(x)? + view.offset;
        Some(Window {
            var: x,
            offset: view.offset,
            est,
            lct: d.max(x)? + view.offset + duration,
            duration,
        })
    };
    let windows: Vec<Window> = busy.iter().map(|b| window(d, b)).collect::<Option<_>>()?;
    let lit = match what {
        Inferred::Lit(lit) => Some(lit),
        Inferred::Failure => None,
    };
    let mut ef = EdgeFinding::default();
    let implies = |o: &dyn Domains| {
        ef.tasks.clear();
        for b in &busy {
            let Some(w) = window(o, b) else { return false };
            let (_, duration, demand) = *b;
            ef.tasks.push(edge_finding::Task {
                est: w.est,
                lct: w.lct,
                energy: duration.saturating_mul(demand),
                demand,
            });
        }
        if ef.tasks.len() < 2 || !edge_finding::fits(&ef.tasks, capacity) {
            return false;
        }
        if ef.filter(capacity).is_err() {
            return true;
        }
        let Some(lit) = lit else { return false };
        busy.iter().enumerate().any(|(k, &(at, duration, _))| {
            let view = con.scope[at];
            let (est, lst) = (ef.est[k] as i128, (ef.lct[k] - duration) as i128);
            view.var.index == lit.var && bounds_imply(lit, view.offset as i128, est, lst)
        })
    };
    let always = lit.into_iter().flat_map(own_sides);
    relax(d, always, far_first(&windows, lit), implies)
}

/// The compulsory parts against the capacity.
struct Room<'a> {
    con: &'a Constraint,
    tasks: &'a [Task],
    capacity: i64,
}

impl Room<'_> {
    /// Are task `j`'s starts in `[lo, value)` all ruled out, each by a
    /// time point the others fill (left to right)? If so, pushes why onto
    /// `why` (those tasks at those points, and `j`'s lower bound lifted to
    /// the least start the first point rules out) and returns the last
    /// point (every start up to it is ruled out); if not, leaves `why` as
    /// it was.
    fn rules_out(&self, j: Task, value: i64, why: &mut Vec<Lit>) -> Option<i64> {
        let kept = why.len();
        let free = self.capacity - j.demand;
        let (mut u, mut first, mut last) = (j.lo, None, j.lo - 1);
        while u < value {
            let full = self.latest_full(u, j, free);
            let Some(()) = full.and_then(|t| {
                (u, last) = (t + 1, t);
                first.get_or_insert(t);
                self.fill(t, Some(j.at), free, why)
            }) else {
                why.truncate(kept);
                return None;
            };
        }
        let view = self.con.scope[j.at];
        let least = first.map_or(j.lo, |t| t - j.duration + 1);
        why.push(Lit::at_least(view.var.index, least - view.offset));
        Some(last)
    }

    /// The compulsory parts' height at `t`, task `skip`'s left out.
    fn height(&self, t: i64, skip: Option<usize>) -> i64 {
        (self.tasks.iter())
            .filter(|k| Some(k.at) != skip && k.covers(t))
            .map(|k| k.demand)
            .sum()
    }

    /// The times in `[u, u + duration)` where the others' height may
    /// change, and the window's ends: a constant stretch's first and last
    /// points are among them.
    fn candidates(&self, u: i64, j: Task) -> Vec<i64> {
        let end = u + j.duration - 1;
        let mut ts = vec![u, end];
        for k in self
            .tasks
            .iter()
            .filter(|k| k.at != j.at && k.lo + k.duration > k.hi)
        {
            for t in [k.hi - 1, k.hi, k.lo + k.duration - 1, k.lo + k.duration] {
                if (u..=end).contains(&t) {
                    ts.push(t);
                }
            }
        }
        ts
    }

    /// The latest time task `j` started at `u` would run where the
    /// others' height exceeds `free`.
    fn latest_full(&self, u: i64, j: Task, free: i64) -> Option<i64> {
        let ts = self.candidates(u, j);
        (ts.into_iter())
            .filter(|&t| self.height(t, Some(j.at)) > free)
            .max()
    }

    /// The earliest such time.
    fn earliest_full(&self, u: i64, j: Task, free: i64) -> Option<i64> {
        let ts = self.candidates(u, j);
        (ts.into_iter())
            .filter(|&t| self.height(t, Some(j.at)) > free)
            .min()
    }

    /// Tasks (not `skip`) whose compulsory parts at `t` ask more than
    /// `free` together, the largest demands first, each as the two
    /// literals that make it run at `t`.
    fn fill(&self, t: i64, skip: Option<usize>, free: i64, why: &mut Vec<Lit>) -> Option<()> {
        let mut at_t: Vec<Task> = (self.tasks.iter())
            .filter(|k| Some(k.at) != skip && k.covers(t))
            .copied()
            .collect();
        at_t.sort_by_key(|k| std::cmp::Reverse(k.demand));
        let mut sum = 0;
        for k in at_t {
            let view = self.con.scope[k.at];
            let x = view.var.index;
            why.push(Lit::at_most(x, t - view.offset));
            why.push(Lit::at_least(x, t - k.duration + 1 - view.offset));
            sum += k.demand;
            if sum > free {
                return Some(());
            }
        }
        debug_assert!(self.capacity >= free);
        None
    }
}
