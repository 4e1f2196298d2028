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
//!   the exact last-variable filter. Where time-tabling is exact already
//!   it is not asked again: with every variable fixed the profile is the
//!   load, within the capacity; with only one task's start open (its
//!   amounts fixed) the starts left are those whose run meets no stretch
//!   of the profile it cannot join, found in one sweep of the domain
//!   beside the profile rather than by checking the constraint (`O(n^2)`)
//!   per value.
//!
//! Tasks of duration 0 or demand 0 take nothing and are ignored, as in
//! MiniZinc (with variable amounts, a task that may take nothing has no
//! compulsory part).
//!
//! At [`CumulativeLevel::EdgeFinding`] (chosen per constraint or as the
//! solver's default), each time-tabling fixpoint is followed by edge
//! finding on the busy tasks (`cumulative/edge_finding.rs`), both to their
//! common fixpoint; where the times, capacity and energies are too large
//! for its 64-bit envelopes it is skipped (time-tabling stays sound).
//!
//! The profile is kept from one round and one wake-up to the next, not
//! rebuilt: the propagator remembers the compulsory part each task gave
//! it, and each round compares every task's part now with that copy (which
//! also sees what backtracking undid, without trailing anything); only the
//! parts that differ are taken out and put back, as a sorted batch merged
//! into the profile's sorted height changes (`O(n + k log k)` for `k`
//! changed parts, no sort of all the tasks). A task is filtered again only
//! when its own bounds or the profile over its window changed since a
//! round that left it as it was (the rules depend on nothing else, and
//! with the same inputs they change nothing again).

mod edge_finding;
mod explain;

use super::bounds::{restrict_view as restrict, view_bounds as bounds};
use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator, Watch};
use super::{Domains, Inferred, Lit};
use crate::propagators::{Constraint, Levels};
use crate::store::Wipeout;
use crate::CumulativeLevel;
use edge_finding::EdgeFinding;

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
    /// The level it chose, if any (else the solver's).
    pub level: Option<CumulativeLevel>,
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
        self.post_at(con, Levels::default())
    }

    fn post_at<'m>(&'m self, con: &'m Constraint, levels: Levels) -> Posted<'m> {
        let level = self.level.unwrap_or(levels.cumulative);
        Box::new(CumulativePropagator {
            con,
            kind: self,
            active: self.active(),
            capacity: 0,
            tasks: Vec::new(),
            held: Profile::default(),
            settled: Vec::new(),
            vals: Vec::new(),
            edge_finding: (level == CumulativeLevel::EdgeFinding).then(EdgeFinding::default),
            busy: Vec::new(),
        })
    }
}

/// One task's current window (view values) and the bounds of what it asks.
#[derive(Clone, Copy, PartialEq, Eq)]
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

    /// The times its filtering reads the profile over: from its earliest
    /// start to past its latest end.
    fn window(&self) -> (i64, i64) {
        let end = self
            .lst
            .saturating_add(self.max_duration.max(self.duration));
        (self.est, end.saturating_add(1))
    }

    /// What it adds to the profile: its compulsory part and least demand.
    fn part(&self) -> Option<(i64, i64, i64)> {
        self.compulsory().map(|(a, b)| (a, b, self.demand))
    }
}

/// A stretch `[start, end)` of the profile at constant `height` (> 0).
#[derive(Clone, Copy)]
struct Segment {
    start: i64,
    end: i64,
    height: i64,
}

/// The compulsory-part profile as the propagator keeps it between rounds
/// and wake-ups (not on the trail: each round brings it up to date by
/// comparing every task's part with `parts`, so it follows backtracking
/// too).
#[derive(Default)]
struct Profile {
    /// Per active task: the part (start, end, demand) the profile holds.
    parts: Vec<Option<(i64, i64, i64)>>,
    /// The height changes by time, and how many parts start or end then
    /// (distinct times, none with no part: the segments split at every
    /// part's ends, as `conflicts` needs, even where the height stays).
    events: Vec<(i64, i64, u32)>,
    /// The stretches of positive height, from `events`.
    segments: Vec<Segment>,
    /// The capacity at this version (`None` before the first).
    capacity: Option<i64>,
    /// The highest point of `segments`.
    peak: i64,
    /// Counts the profile's changes (new segments or a new capacity).
    version: u64,
    /// The times the last change touched (`[lo, hi)`).
    touched: (i64, i64),
    // Buffers for the next update: (time, height change, ends added).
    changes: Vec<(i64, i64, i32)>,
    merged: Vec<(i64, i64, u32)>,
}

impl Profile {
    /// Brings the profile up to `tasks`' parts; fails if it exceeds
    /// `capacity`.
    fn update(&mut self, tasks: &[Task], capacity: i64) -> Result<(), Wipeout> {
        if self.parts.len() != tasks.len() {
            self.parts = vec![None; tasks.len()];
        }
        self.changes.clear();
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (held, t) in self.parts.iter_mut().zip(tasks) {
            let now = t.part();
            if *held == now {
                continue;
            }
            for (part, sign) in [(*held, -1), (now, 1)] {
                if let Some((a, b, r)) = part {
                    self.changes.push((a, sign * r, sign as i32));
                    self.changes.push((b, -sign * r, sign as i32));
                    (lo, hi) = (lo.min(a), hi.max(b));
                }
            }
            *held = now;
        }
        let new_capacity = self.capacity != Some(capacity);
        if !self.changes.is_empty() {
            self.merge();
            self.segments_from_events();
        }
        if !self.changes.is_empty() || new_capacity {
            self.version += 1;
            // A new capacity changes every task's filtering.
            self.touched = if new_capacity {
                (i64::MIN, i64::MAX)
            } else {
                (lo, hi)
            };
            self.capacity = Some(capacity);
        }
        if self.peak > capacity {
            return Err(Wipeout);
        }
        Ok(())
    }

    /// Merges the sorted batch of `changes` into `events`, summing the
    /// changes at one time and dropping the times no part ends at.
    fn merge(&mut self) {
        self.changes.sort_unstable();
        self.merged.clear();
        let (mut i, mut j) = (0, 0);
        while i < self.events.len() || j < self.changes.len() {
            let time = match (self.events.get(i), self.changes.get(j)) {
                (Some(e), Some(c)) => e.0.min(c.0),
                (Some(e), None) => e.0,
                (None, Some(c)) => c.0,
                (None, None) => unreachable!(),
            };
            let (mut delta, mut ends) = (0i64, 0i64);
            while let Some(&(_, d, n)) = self.events.get(i).filter(|e| e.0 == time) {
                (delta, ends) = (delta + d, ends + n as i64);
                i += 1;
            }
            while let Some(&(_, d, n)) = self.changes.get(j).filter(|c| c.0 == time) {
                (delta, ends) = (delta + d, ends + n as i64);
                j += 1;
            }
            debug_assert!(ends >= 0 && (ends > 0 || delta == 0));
            if ends > 0 {
                self.merged.push((time, delta, ends as u32));
            }
        }
        std::mem::swap(&mut self.events, &mut self.merged);
    }

    /// The stretches of positive height and the peak, from the events.
    fn segments_from_events(&mut self) {
        self.segments.clear();
        let (mut height, mut peak) = (0i64, 0i64);
        for (k, &(time, delta, _)) in self.events.iter().enumerate() {
            height += delta;
            peak = peak.max(height);
            if let (true, Some(&(next, _, _))) = (height > 0, self.events.get(k + 1)) {
                self.segments.push(Segment {
                    start: time,
                    end: next,
                    height,
                });
            }
        }
        self.peak = peak;
    }
}

/// A task as a round left it unchanged: its bounds then, and the profile's
/// version.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Settled {
    task: Task,
    version: u64,
}

struct CumulativePropagator<'m> {
    con: &'m Constraint,
    kind: &'m Cumulative,
    active: Vec<usize>,
    /// The capacity's greatest value at this wake-up.
    capacity: i64,
    /// The tasks' windows this round (a buffer reused at every wake-up).
    tasks: Vec<Task>,
    /// The compulsory-part profile, kept between wake-ups.
    held: Profile,
    /// Per active task: the last round that left it unchanged, if any.
    settled: Vec<Option<Settled>>,
    /// A buffer for the open variable's values.
    vals: Vec<i32>,
    /// Edge finding's buffers, at that level.
    edge_finding: Option<EdgeFinding>,
    /// The positions in `tasks` of the tasks edge finding reads.
    busy: Vec<usize>,
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

    /// Is task `k` as a round left it, beside the same profile over its
    /// window? Then its rules would change nothing again.
    fn still_settled(&self, k: usize) -> bool {
        let Some(s) = self.settled[k] else {
            return false;
        };
        let (t, held) = (&self.tasks[k], &self.held);
        let (from, to) = t.window();
        let untouched = held.touched.1 <= from || to <= held.touched.0;
        s.task == *t && (s.version == held.version || (s.version + 1 == held.version && untouched))
    }

    /// The earliest start of `t` from which it fits beside the others'
    /// compulsory parts, sweeping the profile forwards.
    fn pushed_est(&self, t: &Task) -> i64 {
        let own = t.compulsory();
        let mut est = t.est;
        let first = self.held.segments.partition_point(|s| s.end <= est);
        for s in &self.held.segments[first..] {
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
        let last = self
            .held
            .segments
            .partition_point(|s| s.start < lst + t.duration);
        for s in self.held.segments[..last].iter().rev() {
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
        let first = self.held.segments.partition_point(|s| s.end <= from);
        for s in &self.held.segments[first..] {
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
        let first = self.held.segments.partition_point(|s| s.end <= a);
        let others = self.held.segments[first..]
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
        self.held.update(&self.tasks, self.capacity)?;
        let mut changed = self.narrow(ctx, self.kind.capacity, self.held.peak, i64::MAX)?;
        self.settled.resize(self.tasks.len(), None);
        for k in 0..self.tasks.len() {
            if self.still_settled(k) {
                continue;
            }
            let moved = self.filter(ctx, k)?;
            self.settled[k] = (!moved).then_some(Settled {
                task: self.tasks[k],
                version: self.held.version,
            });
            changed |= moved;
        }
        Ok(changed)
    }

    /// The exact last-variable filter, after the rounds' fixpoint (so
    /// `tasks` and the profile are the domains'). With every variable
    /// fixed, nothing: each busy task's compulsory part is its whole run,
    /// so the profile is the load, which the rounds kept within the
    /// capacity (and the amounts non-negative). With only a start open
    /// that no other position of the scope shares: its task's holes (none
    /// if it takes nothing). Otherwise the generic filter.
    fn last_variable(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let mut open = None;
        for &x in &self.con.vars {
            if ctx.settled(x) {
                continue;
            }
            if open.is_some() {
                return Ok(()); // two open variables: nothing exact to do
            }
            open = Some(x);
        }
        let Some(x) = open else {
            return Ok(());
        };
        let mut at = (self.con.scope.iter().enumerate()).filter(|(_, v)| v.var.index == x);
        let (Some((i, _)), None) = (at.next(), at.next()) else {
            return ctx.filter_last(self.con);
        };
        if i >= self.kind.durations.len() || !ctx.store.listable(x) {
            return ctx.filter_last(self.con); // an amount, or too wide to list
        }
        match self.active.iter().position(|&a| a == i) {
            Some(k) if self.tasks[k].busy() => self.punch_holes(ctx, k),
            _ => Ok(()), // the task takes nothing: any start
        }
    }

    /// Removes the starts of task `k` (its amounts fixed, its start the
    /// only open variable) from which its run meets a stretch of the
    /// profile it cannot join: those in `(s.start - duration, s.end)` for
    /// such a stretch `s`. One sweep of the domain beside the stretches.
    fn punch_holes(&mut self, ctx: &mut Ctx<'_>, k: usize) -> Prop {
        let (t, i) = (self.tasks[k], self.active[k]);
        debug_assert!(t.duration == t.max_duration && t.demand == t.max_demand);
        let view = self.con.scope[i];
        let x = view.var.index;
        let own = t.compulsory();
        ctx.count_check();
        let mut vals = std::mem::take(&mut self.vals);
        vals.clear();
        ctx.store.values_into(x, &mut vals);
        let segments = &self.held.segments;
        let mut c = segments.partition_point(|s| s.end <= t.est);
        let mut result = Ok(());
        for &u in &vals {
            let v = u as i64 + view.offset;
            // The first stretch it cannot join that ends after `v`: the
            // stretches' starts and ends both rise.
            while c < segments.len()
                && (segments[c].end <= v || !self.conflicts(&segments[c], &t, own))
            {
                c += 1;
            }
            if c < segments.len()
                && segments[c].start - t.duration < v
                && let Err(e) = ctx.remove(x, u as i64)
            {
                result = Err(e);
                break;
            }
        }
        self.vals = vals;
        result
    }

    /// Edge finding once on the busy tasks as the last round read them
    /// (at that level); true if a start's bounds changed.
    fn edge_find(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let Some(ef) = self.edge_finding.as_mut() else {
            return Ok(false);
        };
        ef.tasks.clear();
        self.busy.clear();
        for (k, t) in self.tasks.iter().enumerate() {
            if t.busy() {
                self.busy.push(k);
                ef.tasks.push(edge_finding::Task {
                    est: t.est,
                    lct: t.lst.saturating_add(t.max_duration),
                    energy: t.duration.saturating_mul(t.demand),
                    demand: t.demand,
                });
            }
        }
        if ef.tasks.len() < 2 || !edge_finding::fits(&ef.tasks, self.capacity) {
            return Ok(false);
        }
        ctx.count_check();
        ef.filter(self.capacity)?;
        let mut changed = false;
        for (b, &k) in self.busy.iter().enumerate() {
            let t = &self.tasks[k];
            // The latest completion found bounds the end of the task's
            // shortest run.
            let (est, lst) = (ef.est[b], ef.lct[b] - t.duration);
            if (est, lst) != (t.est, t.lst) {
                changed |= restrict(ctx, self.con.scope[self.active[k]], est, lst)?;
            }
        }
        Ok(changed)
    }

    /// Task `k`'s rules against the profile; true if a domain changed.
    fn filter(&mut self, ctx: &mut Ctx<'_>, k: usize) -> Result<bool, Wipeout> {
        let t = self.tasks[k];
        let i = self.active[k];
        let mut changed = false;
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
        Ok(changed)
    }
}

impl Propagator for CumulativePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// Time-tabling's pointwise reasons (`cumulative/explain.rs`); where
    /// they do not apply, at the edge-finding level the bounds edge
    /// finding still needs; else the others' bounds (time-tabling and edge
    /// finding read bounds only).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, self.kind, what, d)
            .or_else(|| {
                let ef = self.edge_finding.is_some();
                ef.then(|| explain::by_edge_finding(self.con, self.kind, what, d))?
            })
            .or_else(|| domains_of(&self.con.vars, what, Read::Bounds, d))
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.non_negative(ctx)?;
        loop {
            while self.round(ctx)? {}
            if !self.edge_find(ctx)? {
                break;
            }
        }
        self.last_variable(ctx)
    }
}
