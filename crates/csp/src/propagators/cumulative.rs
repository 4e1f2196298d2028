//! A cumulative resource: tasks with variable starts (the scope's views),
//! constant durations and demands never use more than `capacity` at once.
//! A disjunctive (unary) resource is the case of demands 1 and capacity 1.
//!
//! * check: at each task's start, the demands of the tasks running then;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: time-tabling on the compulsory-part profile. A task
//!   whose latest start comes before its earliest end surely runs over
//!   `[latest start, earliest end)`; the sum of those parts is a profile
//!   the capacity must cover (else the node fails), and each task's
//!   earliest start moves past (latest start before) every stretch of the
//!   others' profile it cannot join. To its own fixpoint, so the bounds
//!   left are time-table consistent: each task fits at its earliest and at
//!   its latest start beside the others' compulsory parts (the strength
//!   test checks exactly that), then the exact last-variable filter.
//!
//! Tasks of duration 0 or demand 0 take nothing and are ignored, as in
//! MiniZinc. The profile is rebuilt at each wake-up (`O(n log n)`, then a
//! sweep per task).

use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator, Watch};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// `starts` (the scope) with `durations` and `demands` never exceed
/// `capacity`.
pub(crate) struct Cumulative {
    /// "cumulative" or "disjunctive" (the builder that made it).
    pub name: &'static str,
    pub durations: Vec<i64>,
    pub demands: Vec<i64>,
    pub capacity: i64,
}

impl Cumulative {
    /// The scope positions of the tasks that take something.
    fn active(&self) -> Vec<usize> {
        (0..self.durations.len())
            .filter(|&i| self.durations[i] > 0 && self.demands[i] > 0)
            .collect()
    }

    /// Can no placement work, whatever the starts (a task asks more than
    /// the capacity, or the capacity is negative)?
    fn hopeless(&self, active: &[usize]) -> bool {
        self.capacity < 0 || active.iter().any(|&i| self.demands[i] > self.capacity)
    }
}

impl ConstraintKind for Cumulative {
    fn name(&self) -> &'static str {
        self.name
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let active = self.active();
        if self.hopeless(&active) {
            return false;
        }
        // The load is highest at some task's start.
        active.iter().all(|&i| {
            let t = vals[i];
            let load: i64 = active
                .iter()
                .filter(|&&j| vals[j] <= t && t < vals[j] + self.durations[j])
                .map(|&j| self.demands[j])
                .sum();
            load <= self.capacity
        })
    }

    /// Time-tabling reads only the starts' bounds, and the last-variable
    /// filter waits for starts to be fixed (which moves a bound).
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Bounds; con.vars.len()]
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        let active = self.active();
        Box::new(CumulativePropagator {
            con,
            kind: self,
            hopeless: self.hopeless(&active),
            active,
            tasks: Vec::new(),
            events: Vec::new(),
            profile: Vec::new(),
        })
    }
}

/// One task's current window (view values) and what it asks.
#[derive(Clone, Copy)]
struct Task {
    est: i64,
    lst: i64,
    duration: i64,
    demand: i64,
}

impl Task {
    /// Its compulsory part `[lst, est + duration)`, if not empty.
    fn compulsory(&self) -> Option<(i64, i64)> {
        (self.lst < self.est + self.duration).then_some((self.lst, self.est + self.duration))
    }
}

/// A stretch `[start, end)` of the profile at constant `height` (> 0).
#[derive(Clone, Copy)]
struct Segment {
    start: i64,
    end: i64,
    height: i64,
}

struct CumulativePropagator<'m> {
    con: &'m Constraint,
    kind: &'m Cumulative,
    active: Vec<usize>,
    hopeless: bool,
    // Buffers reused at every wake-up.
    tasks: Vec<Task>,
    events: Vec<(i64, i64)>,
    profile: Vec<Segment>,
}

impl CumulativePropagator<'_> {
    /// Reads the tasks' windows from the store.
    fn read_tasks(&mut self, ctx: &Ctx<'_>) -> Result<(), Wipeout> {
        self.tasks.clear();
        for &i in &self.active {
            let view = self.con.scope[i];
            let x = view.var.index;
            let (Some(lo), Some(hi)) = (ctx.store.min(x), ctx.store.max(x)) else {
                return Err(Wipeout);
            };
            self.tasks.push(Task {
                est: lo + view.offset,
                lst: hi + view.offset,
                duration: self.kind.durations[i],
                demand: self.kind.demands[i],
            });
        }
        Ok(())
    }

    /// Builds the compulsory-part profile; fails if it exceeds the capacity.
    fn build_profile(&mut self) -> Prop {
        self.events.clear();
        for t in &self.tasks {
            if let Some((a, b)) = t.compulsory() {
                self.events.push((a, t.demand));
                self.events.push((b, -t.demand));
            }
        }
        self.events.sort_unstable();
        self.profile.clear();
        let mut height = 0i64;
        let mut k = 0;
        while k < self.events.len() {
            let time = self.events[k].0;
            while k < self.events.len() && self.events[k].0 == time {
                height += self.events[k].1;
                k += 1;
            }
            if height > self.kind.capacity {
                return Err(Wipeout);
            }
            if let (true, Some(&(next, _))) = (height > 0, self.events.get(k)) {
                self.profile.push(Segment {
                    start: time,
                    end: next,
                    height,
                });
            }
        }
        Ok(())
    }

    /// The earliest start of `t` from which it fits beside the others'
    /// compulsory parts, sweeping the profile forwards.
    fn pushed_est(&self, t: &Task) -> i64 {
        let own = t.compulsory();
        let mut est = t.est;
        let first = self.profile.partition_point(|s| s.end <= est);
        for s in &self.profile[first..] {
            if s.start >= est + t.duration {
                break;
            }
            if s.end > est && self.conflicts(s, t, own) {
                est = s.end;
            }
        }
        est
    }

    /// The latest start of `t` up to which it fits, sweeping backwards.
    fn pushed_lst(&self, t: &Task) -> i64 {
        let own = t.compulsory();
        let mut lst = t.lst;
        let last = self.profile.partition_point(|s| s.start < lst + t.duration);
        for s in self.profile[..last].iter().rev() {
            if s.end <= lst {
                break;
            }
            if s.start < lst + t.duration && self.conflicts(s, t, own) {
                lst = s.start - t.duration;
            }
        }
        lst
    }

    /// Can `t` not run during segment `s` (the others' part of it, plus `t`,
    /// exceeds the capacity)? `own` is `t`'s compulsory part, which the
    /// profile's height includes wherever it covers `s`.
    fn conflicts(&self, s: &Segment, t: &Task, own: Option<(i64, i64)>) -> bool {
        let mine = match own {
            Some((a, b)) if a <= s.start && s.end <= b => t.demand,
            _ => 0,
        };
        s.height - mine + t.demand > self.kind.capacity
    }
}

impl Propagator for CumulativePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        if self.hopeless {
            return Err(Wipeout);
        }
        loop {
            self.read_tasks(ctx)?;
            ctx.count_check();
            self.build_profile()?;
            let mut changed = false;
            for k in 0..self.tasks.len() {
                let t = self.tasks[k];
                if t.est == t.lst {
                    continue; // fixed: the overload check covers it
                }
                let (est, lst) = (self.pushed_est(&t), self.pushed_lst(&t));
                if (est, lst) == (t.est, t.lst) {
                    continue;
                }
                let view = self.con.scope[self.active[k]];
                let (lo, hi) = (est - view.offset, lst - view.offset);
                changed |= ctx.restrict_bounds(view.var.index, lo as i128, hi as i128)?;
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
