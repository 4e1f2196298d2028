//! A cumulative resource: tasks with variable starts (the first views of
//! the scope) and durations, demands and a capacity that are constants or
//! views (after the starts) never use more than the capacity at once. A
//! disjunctive (unary) resource is the case of demands 1 and capacity 1.
//!
//! * check: at each task's start, the demands of the tasks running then
//!   (durations and demands never negative, the capacity neither);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: time-tabling on the compulsory-part profile. A task
//!   whose latest start comes before its earliest end (with its least
//!   duration) surely runs over `[latest start, earliest end)` asking at
//!   least its least demand; the sum of those parts is a profile the
//!   capacity must cover (its least value rises to the peak, else the node
//!   fails), and each task's earliest start moves past (latest start
//!   before) every stretch of the others' profile it cannot join. A
//!   variable duration shrinks to the longest stretch free of such
//!   conflicts from some start, a variable demand to what the others leave
//!   over the task's compulsory part. To its own fixpoint, so the bounds
//!   left are time-table consistent: each task fits at its earliest and at
//!   its latest start beside the others' compulsory parts (the strength
//!   test checks exactly that, and the duration and demand rules), then
//!   the exact last-variable filter.
//!
//! Tasks of duration 0 or demand 0 take nothing and are ignored, as in
//! MiniZinc (with variable amounts, a task that may take nothing has no
//! compulsory part). The profile is rebuilt at each wake-up (`O(n log n)`,
//! then a sweep per task).

use super::bounds::{restrict_view as restrict, view_bounds as bounds};
use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator, Watch};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// A duration, a demand or the capacity: a constant, or the view at this
/// position of the scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Amount {
    Const(i64),
    At(usize),
}

impl Amount {
    /// Its value in a complete assignment of the scope.
    fn value(self, vals: &[i64]) -> i64 {
        match self {
            Amount::Const(c) => c,
            Amount::At(i) => vals[i],
        }
    }

    /// Can it be positive at all?
    fn may_be_positive(self) -> bool {
        !matches!(self, Amount::Const(c) if c <= 0)
    }
}

/// `starts` (the scope's first views) with `durations` and `demands`
/// never exceed `capacity`.
pub(crate) struct Cumulative {
    /// "cumulative" or "disjunctive" (the builder that made it).
    pub name: &'static str,
    pub durations: Vec<Amount>,
    pub demands: Vec<Amount>,
    pub capacity: Amount,
}

impl Cumulative {
    /// The scope positions of the tasks that may take something.
    fn active(&self) -> Vec<usize> {
        (0..self.durations.len())
            .filter(|&i| self.durations[i].may_be_positive() && self.demands[i].may_be_positive())
            .collect()
    }

    /// The variable amounts' views: which must not go negative.
    fn variable_amounts(&self) -> impl Iterator<Item = usize> + '_ {
        let all = self.durations.iter().chain(&self.demands);
        all.chain(std::iter::once(&self.capacity))
            .filter_map(|a| match *a {
                Amount::At(i) => Some(i),
                Amount::Const(_) => None,
            })
    }
}

impl ConstraintKind for Cumulative {
    fn name(&self) -> &'static str {
        self.name
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let capacity = self.capacity.value(vals);
        if capacity < 0 || self.variable_amounts().any(|i| vals[i] < 0) {
            return false;
        }
        let duration = |i: usize| self.durations[i].value(vals);
        let demand = |i: usize| self.demands[i].value(vals);
        let busy: Vec<usize> = (0..self.durations.len())
            .filter(|&i| duration(i) > 0 && demand(i) > 0)
            .collect();
        // The load is highest at some task's start.
        busy.iter().all(|&i| {
            let t = vals[i];
            let load: i64 = busy
                .iter()
                .filter(|&&j| vals[j] <= t && t < vals[j] + duration(j))
                .map(|&j| demand(j))
                .sum();
            load <= capacity
        })
    }

    /// Time-tabling reads only bounds, and the last-variable filter waits
    /// for variables to be fixed (which moves a bound).
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Bounds; con.vars.len()]
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CumulativePropagator {
            con,
            kind: self,
            active: self.active(),
            capacity: 0,
            tasks: Vec::new(),
            events: Vec::new(),
            profile: Vec::new(),
        })
    }
}

/// One task's current window (view values) and the bounds of what it asks.
#[derive(Clone, Copy)]
struct Task {
    est: i64,
    lst: i64,
    /// The least duration and demand: what it surely takes.
    duration: i64,
    demand: i64,
    max_duration: i64,
    max_demand: i64,
}

impl Task {
    /// Its compulsory part `[lst, est + duration)`, if not empty (a task
    /// that may take nothing has none).
    fn compulsory(&self) -> Option<(i64, i64)> {
        (self.demand > 0 && self.lst < self.est + self.duration)
            .then_some((self.lst, self.est + self.duration))
    }

    /// Does it surely take something?
    fn busy(&self) -> bool {
        self.duration > 0 && self.demand > 0
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
    /// The capacity's greatest value at this wake-up.
    capacity: i64,
    // Buffers reused at every wake-up.
    tasks: Vec<Task>,
    events: Vec<(i64, i64)>,
    profile: Vec<Segment>,
}

impl CumulativePropagator<'_> {
    /// The bounds of an amount.
    fn amount(&self, ctx: &Ctx<'_>, a: Amount) -> Result<(i64, i64), Wipeout> {
        match a {
            Amount::Const(c) => Ok((c, c)),
            Amount::At(i) => bounds(ctx, self.con.scope[i]),
        }
    }

    /// Narrows a variable amount to `lo..=hi`; true if it changed.
    fn narrow(&self, ctx: &mut Ctx<'_>, a: Amount, lo: i64, hi: i64) -> Result<bool, Wipeout> {
        match a {
            Amount::Const(c) if lo <= c && c <= hi => Ok(false),
            Amount::Const(_) => Err(Wipeout),
            Amount::At(i) => restrict(ctx, self.con.scope[i], lo, hi),
        }
    }

    /// Reads the capacity and the tasks' windows from the store.
    fn read_tasks(&mut self, ctx: &Ctx<'_>) -> Result<(), Wipeout> {
        self.capacity = self.amount(ctx, self.kind.capacity)?.1;
        if self.capacity < 0 {
            return Err(Wipeout);
        }
        self.tasks.clear();
        for &i in &self.active {
            let (est, lst) = bounds(ctx, self.con.scope[i])?;
            let (duration, max_duration) = self.amount(ctx, self.kind.durations[i])?;
            let (demand, max_demand) = self.amount(ctx, self.kind.demands[i])?;
            self.tasks.push(Task {
                est,
                lst,
                duration,
                demand,
                max_duration,
                max_demand,
            });
        }
        Ok(())
    }

    /// Builds the compulsory-part profile; fails if it exceeds the
    /// capacity. Returns its peak.
    fn build_profile(&mut self) -> Result<i64, Wipeout> {
        self.events.clear();
        for t in &self.tasks {
            if let Some((a, b)) = t.compulsory() {
                self.events.push((a, t.demand));
                self.events.push((b, -t.demand));
            }
        }
        self.events.sort_unstable();
        self.profile.clear();
        let (mut height, mut peak) = (0i64, 0i64);
        let mut k = 0;
        while k < self.events.len() {
            let time = self.events[k].0;
            while k < self.events.len() && self.events[k].0 == time {
                height += self.events[k].1;
                k += 1;
            }
            if height > self.capacity {
                return Err(Wipeout);
            }
            peak = peak.max(height);
            if let (true, Some(&(next, _))) = (height > 0, self.events.get(k)) {
                self.profile.push(Segment {
                    start: time,
                    end: next,
                    height,
                });
            }
        }
        Ok(peak)
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

    /// The longest `t` can run (asking its least demand) from a start in
    /// its window without meeting a stretch it cannot join: the widest gap
    /// before the next conflict, from its earliest start or from the end
    /// of a conflict up to its latest start (`i64::MAX`: unbounded).
    fn longest_run(&self, t: &Task) -> i64 {
        let own = t.compulsory();
        let mut from = t.est;
        let mut best = 0i64;
        let first = self.profile.partition_point(|s| s.end <= from);
        for s in &self.profile[first..] {
            if s.end <= from || !self.conflicts(s, t, own) {
                continue;
            }
            best = best.max(s.start - from);
            if s.end > t.lst {
                return best;
            }
            from = s.end;
        }
        i64::MAX
    }

    /// The most `t` can ask over its compulsory part beside the others'.
    fn largest_demand(&self, t: &Task) -> i64 {
        let Some((a, b)) = t.compulsory() else {
            return self.capacity;
        };
        let first = self.profile.partition_point(|s| s.end <= a);
        let others = self.profile[first..]
            .iter()
            .take_while(|s| s.start < b)
            .map(|s| s.height - t.demand)
            .max()
            .unwrap_or(0);
        self.capacity - others
    }

    /// Can `t` not run during segment `s` (the others' part of it, plus `t`,
    /// exceeds the capacity)? `own` is `t`'s compulsory part, which the
    /// profile's height includes wherever it covers `s`.
    fn conflicts(&self, s: &Segment, t: &Task, own: Option<(i64, i64)>) -> bool {
        let mine = match own {
            Some((a, b)) if a <= s.start && s.end <= b => t.demand,
            _ => 0,
        };
        s.height - mine + t.demand > self.capacity
    }

    /// The amounts' own domains: none negative.
    fn non_negative(&self, ctx: &mut Ctx<'_>) -> Prop {
        for i in self.kind.variable_amounts() {
            restrict(ctx, self.con.scope[i], 0, i64::MAX)?;
        }
        Ok(())
    }

    /// One round of time-tabling; true if a domain changed.
    fn round(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        self.read_tasks(ctx)?;
        ctx.count_check();
        let peak = self.build_profile()?;
        let mut changed = self.narrow(ctx, self.kind.capacity, peak, i64::MAX)?;
        for k in 0..self.tasks.len() {
            let t = self.tasks[k];
            let i = self.active[k];
            if t.busy() && t.demand > self.capacity {
                return Err(Wipeout); // it fits nowhere
            }
            if t.busy() && t.est < t.lst {
                let (est, lst) = (self.pushed_est(&t), self.pushed_lst(&t));
                if (est, lst) != (t.est, t.lst) {
                    changed |= restrict(ctx, self.con.scope[i], est, lst)?;
                }
            }
            if t.demand > 0 && t.max_duration > t.duration.max(0) {
                let longest = if t.demand > self.capacity {
                    0
                } else {
                    self.longest_run(&t)
                };
                if longest < t.max_duration {
                    changed |= self.narrow(ctx, self.kind.durations[i], 0, longest)?;
                }
            }
            if t.duration > 0 && t.max_demand > t.demand.max(0) {
                let largest = self.largest_demand(&t);
                if largest < t.max_demand {
                    changed |= self.narrow(ctx, self.kind.demands[i], 0, largest)?;
                }
            }
        }
        Ok(changed)
    }
}

impl Propagator for CumulativePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// Time-tabling reads bounds only (the compulsory parts come from the
    /// starts' bounds, the least amounts): an inference rests on the
    /// others' bounds.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Bounds, d)
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.non_negative(ctx)?;
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }
}
