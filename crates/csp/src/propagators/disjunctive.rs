//! A unary (disjunctive) resource: tasks with variable starts (the scope's
//! views) and constant durations never overlap. Tasks of duration 0 take
//! nothing and are ignored, as in MiniZinc's `disjunctive`.
//!
//! * check: no two tasks of positive duration overlap;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: Vilím's `O(n log n)` rules on the starts' bounds,
//!   over a Θ-Λ-tree (tasks as leaves in order of earliest start, each
//!   node the earliest completion of its white tasks, and of its white
//!   tasks plus one gray one; the rules without gray tasks on the Θ half
//!   alone): overload checking (within edge finding's sweep, first),
//!   detectable precedences, not-last and edge finding, each run on the
//!   tasks and on their mirror image (time reversed, its orders the
//!   forward ones reversed), which gives the symmetric rules (not-first,
//!   and the latest-completion side of the others), repeated to their
//!   common fixpoint; then the exact last-variable filter. The
//!   explanations re-run these rules many
//!   times, so their orders are re-sorted from the last call's. Detectable
//!   precedences subsume time-tabling on a unary resource, so the bounds
//!   left are at least time-table consistent (the tests check that, and
//!   the textbook cases where each rule prunes).
//! * explanations (clause learning): a failure the windows show as they
//!   stand (an overloaded set of tasks) rests on that set's tasks alone,
//!   each start within the set's span, found in `O(n^2)` without rerunning
//!   the rules (on job shops about half the failures, and the clauses
//!   learned from them prune more). Otherwise a bound moved,
//!   or a failure, rests on the tasks' bounds the rules still need: each
//!   bound left open in turn
//!   (`explain/relax.rs`; the tasks farthest from the literal's time
//!   first), kept where the rules, rerun on the opened windows, no longer
//!   give it (their rounds stop as soon as they give it). A learned clause
//!   then names the few tasks that forced the move, not the whole machine
//!   (`explain/tests.rs` checks them against brute force,
//!   `tests/learning.rs` the clauses learned from them).

use super::explain::{
    bounds_imply, conjunction, domains_of, far_first, own_sides, relax, Read, Side, Window,
};
use super::theta_tree::{resort_positions, Node, Theta, ThetaTree, NONE};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator, Watch};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// `starts` (the scope) with constant `durations` never overlap.
pub(crate) struct Disjunctive {
    pub durations: Vec<i64>,
}

impl Disjunctive {
    /// The scope positions of the tasks of positive duration.
    fn active(&self) -> Vec<usize> {
        (0..self.durations.len())
            .filter(|&i| self.durations[i] > 0)
            .collect()
    }
}

impl ConstraintKind for Disjunctive {
    fn name(&self) -> &'static str {
        "disjunctive"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let d = &self.durations;
        (0..vals.len()).all(|i| {
            d[i] <= 0
                || (i + 1..vals.len())
                    .all(|j| d[j] <= 0 || vals[i] + d[i] <= vals[j] || vals[j] + d[j] <= vals[i])
        })
    }

    /// The rules read only bounds, and the last-variable filter waits for
    /// variables to be fixed (which moves a bound): a hole inside a start's
    /// domain wakes nothing.
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Bounds; con.vars.len()]
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(DisjunctivePropagator {
            con,
            active: self.active(),
            durations: &self.durations,
            rules: Rules::default(),
        })
    }
}

struct DisjunctivePropagator<'m> {
    con: &'m Constraint,
    durations: &'m [i64],
    active: Vec<usize>,
    rules: Rules,
}

impl Propagator for DisjunctivePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// The unary rules read the tasks' bounds only: an inference rests on
    /// those bounds the rules still need (`relax`: each task's bounds
    /// tried open in turn, those of tasks far from the literal's time
    /// first, kept open while the rules, run on the opened windows, still
    /// give the literal or fail). An inference the rules alone do not give
    /// (the last-variable filter, or one that used an earlier move of the
    /// same pass) rests on every task's bounds.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let lit = match what {
            Inferred::Lit(lit) => Some(lit),
            Inferred::Failure => None,
        };
        // The windows as they were, read once for both explanations.
        let mut tasks = Vec::new();
        read(self.con, self.durations, &self.active, &mut tasks, |x| {
            d.bounds(x)
        })?;
        if lit.is_none()
            && let Some(why) = self.overloaded(&tasks, d)
        {
            return Some(why);
        }
        let mut rules = Rules::default();
        let candidates = self.irrelevant_first(lit, &tasks);
        let always = lit.into_iter().flat_map(own_sides);
        let implies = |o: &dyn Domains| self.implies(&mut rules, o, lit);
        relax(d, always, candidates, implies)
            .or_else(|| domains_of(&self.con.vars, what, Read::Bounds, d))
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        loop {
            let store = &*ctx.store;
            let tasks = &mut self.rules.tasks;
            read(self.con, self.durations, &self.active, tasks, |x| {
                Some((store.min(x)?, store.max(x)?))
            })
            .ok_or(Wipeout)?;
            ctx.count_check();
            self.rules.filter()?;
            let mut changed = false;
            for (k, &i) in self.active.iter().enumerate() {
                let (t, est, lct) = (self.rules.tasks[k], self.rules.est[k], self.rules.lct[k]);
                if (est, lct) == (t.est, t.lct) {
                    continue;
                }
                let view = self.con.scope[i];
                let lo = est - view.offset;
                let hi = lct - t.p - view.offset;
                changed |= ctx.restrict_bounds(view.var.index, lo as i128, hi as i128)?;
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}

impl DisjunctivePropagator<'_> {
    /// Do the rules on the windows `d` gives fail, or make `lit` true
    /// (`None`: fail)?
    fn implies(&self, rules: &mut Rules, d: &dyn Domains, lit: Option<Lit>) -> bool {
        let bounds = |x| d.bounds(x);
        if read(
            self.con,
            self.durations,
            &self.active,
            &mut rules.tasks,
            bounds,
        )
        .is_none()
        {
            return false;
        }
        let Some(lit) = lit else {
            return rules.filter().is_err();
        };
        let (con, active) = (self.con, &self.active);
        let implied = |tasks: &[Task]| {
            active.iter().zip(tasks).any(|(&i, t)| {
                let view = con.scope[i];
                view.var.index == lit.var
                    && bounds_imply(lit, view.offset as i128, t.est as i128, t.lst() as i128)
            })
        };
        // A wipe-out implies anything; a fixpoint short of the goal does
        // not imply it.
        rules.filter_until(implied).unwrap_or(true)
    }

    /// A failure the windows `tasks` (read from `d`) show directly: a set
    /// of tasks that cannot all run within the time their windows span
    /// ([`overload`]). Each of them rests on two bounds, its start at
    /// least the set's earliest start and its end at most the set's
    /// latest completion. (Widening the span by the excess, as the lifted
    /// explanations in the literature do, gives weaker literals that are
    /// not on the
    /// trail; on the job shops of `benches/learning_ab.txt` the search
    /// then took more conflicts: 0.66 of the time without.) `None` when
    /// no window set is overloaded as it stands (the failure took the
    /// other rules' moves): the relaxation explains it.
    fn overloaded(&self, tasks: &[Task], d: &dyn Domains) -> Option<Vec<Lit>> {
        let set = overload(tasks)?;
        let (from, to) = (set.from, set.to);
        let mut why = Vec::with_capacity(2 * set.members.len());
        for &k in &set.members {
            let view = self.con.scope[self.active[k]];
            let x = view.var.index;
            let declared = d.declared(x);
            let lo = from - view.offset;
            if declared.is_none_or(|(min, _)| lo > min) {
                why.push(Lit::at_least(x, lo));
            }
            let hi = to - tasks[k].p - view.offset;
            if declared.is_none_or(|(_, max)| hi < max) {
                why.push(Lit::at_most(x, hi));
            }
        }
        Some(conjunction(why))
    }

    /// Every task's two bounds, the likely irrelevant first, from their
    /// windows `tasks`.
    fn irrelevant_first(&self, lit: Option<Lit>, tasks: &[Task]) -> Vec<(u32, Side)> {
        let windows: Vec<Window> = (self.active.iter().zip(tasks))
            .map(|(&i, t)| Window {
                var: self.con.scope[i].var.index,
                offset: self.con.scope[i].offset,
                est: t.est,
                lct: t.lct,
                duration: t.p,
            })
            .collect();
        far_first(&windows, lit)
    }
}

/// The windows of the `active` tasks of `con` (durations `durations`)
/// into `tasks`, each view's bounds as `bounds` gives its variable's;
/// `None` if a domain is empty.
fn read(
    con: &Constraint,
    durations: &[i64],
    active: &[usize],
    tasks: &mut Vec<Task>,
    bounds: impl Fn(u32) -> Option<(i64, i64)>,
) -> Option<()> {
    tasks.clear();
    for &i in active {
        let view = con.scope[i];
        let (lo, hi) = bounds(view.var.index)?;
        let p = durations[i];
        tasks.push(Task {
            est: lo + view.offset,
            lct: hi + view.offset + p,
            p,
        });
    }
    Some(())
}

/// Tasks that cannot all run between `from` and `to`: their durations
/// exceed `to - from` by `excess` (at least 1).
#[derive(Debug, PartialEq, Eq)]
struct Overload {
    from: i64,
    to: i64,
    excess: i64,
    members: Vec<usize>,
}

/// The most overloaded set of `tasks` (positions), if one is: among the
/// sets of every task whose window lies within some task's earliest start
/// and some task's latest completion, the one whose durations exceed the
/// span most (ties: the first found). `O(n^2)`: an explanation's cost,
/// far below the relaxation's reruns of the rules.
fn overload(tasks: &[Task]) -> Option<Overload> {
    let mut by_est: Vec<usize> = (0..tasks.len()).collect();
    by_est.sort_unstable_by_key(|&k| std::cmp::Reverse(tasks[k].est));
    let mut best: Option<(i64, i64, i64)> = None;
    for to in tasks.iter().map(|t| t.lct) {
        // The tasks within [est_k, to], for each k by decreasing est.
        let mut load = 0i64;
        for &k in &by_est {
            let t = &tasks[k];
            if t.lct <= to {
                load += t.p;
            }
            let excess = load - (to - t.est);
            // (No task yet, no set: a start past `to` is no span.)
            if load > 0 && excess > 0 && best.is_none_or(|(e, _, _)| excess > e) {
                best = Some((excess, t.est, to));
            }
        }
    }
    let (excess, from, to) = best?;
    let members = (0..tasks.len())
        .filter(|&k| tasks[k].est >= from && tasks[k].lct <= to)
        .collect();
    Some(Overload {
        from,
        to,
        excess,
        members,
    })
}

/// One task's window: earliest start, latest completion, duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    pub est: i64,
    pub lct: i64,
    pub p: i64,
}

impl Task {
    fn ect(&self) -> i64 {
        self.est + self.p
    }

    fn lst(&self) -> i64 {
        self.lct - self.p
    }

    /// The same task with time reversed.
    fn mirror(&self) -> Task {
        Task {
            est: -self.lct,
            lct: -self.est,
            p: self.p,
        }
    }
}

/// A Θ leaf: the task's duration and earliest completion.
fn white(t: &Task) -> Theta {
    Theta::white(t.p, t.ect())
}

/// The tasks' positions by earliest start, latest completion, latest
/// start and earliest completion.
#[derive(Default)]
struct Orders {
    by_est: Vec<u32>,
    by_lct: Vec<u32>,
    by_lst: Vec<u32>,
    by_ect: Vec<u32>,
}

impl Orders {
    /// Sorted for `tasks`, from the orders of the last call (the windows
    /// move little between calls: mostly nothing to move).
    fn sort(&mut self, tasks: &[Task]) {
        resort_positions(&mut self.by_est, tasks, |t| t.est);
        resort_positions(&mut self.by_lct, tasks, |t| t.lct);
        resort_positions(&mut self.by_lst, tasks, Task::lst);
        resort_positions(&mut self.by_ect, tasks, Task::ect);
    }

    /// The orders of the tasks' mirror image, without sorting: the mirror
    /// starts where a task completes, time reversed (its earliest start is
    /// minus the latest completion, ...), so each order is another one
    /// reversed. Ties come reversed too, which no rule's result depends on.
    fn mirror_of(&mut self, o: &Orders) {
        let reversed = |to: &mut Vec<u32>, from: &[u32]| {
            to.clear();
            to.extend(from.iter().rev());
        };
        reversed(&mut self.by_est, &o.by_lct);
        reversed(&mut self.by_lct, &o.by_est);
        reversed(&mut self.by_lst, &o.by_ect);
        reversed(&mut self.by_ect, &o.by_lst);
    }
}

/// The rules and their reused buffers: `tasks` in, `est` and `lct` out.
#[derive(Default)]
pub(crate) struct Rules {
    pub tasks: Vec<Task>,
    pub est: Vec<i64>,
    pub lct: Vec<i64>,
    work: Vec<Task>,
    mirror: Vec<Task>,
    /// Θ alone (detectable precedences, not-last).
    theta: ThetaTree<Theta>,
    /// Θ and Λ (edge finding, and with it overload checking).
    tree: ThetaTree,
    forward: Orders,
    backward: Orders,
    raised: Vec<i64>,
    lowered: Vec<i64>,
}

impl Rules {
    /// Filters `tasks` to the rules' common fixpoint into `est` / `lct`
    /// (`tasks` keeps the windows read); fails on an overload.
    pub fn filter(&mut self) -> Prop {
        self.filter_until(|_| false).map(|_| ())
    }

    /// [`filter`](Self::filter), stopped early (true) after a round whose
    /// windows satisfy `goal`: an explanation's question needs its
    /// literal, not the whole fixpoint.
    fn filter_until(&mut self, goal: impl FnMut(&[Task]) -> bool) -> Result<bool, Wipeout> {
        self.est.clear();
        self.est.extend(self.tasks.iter().map(|t| t.est));
        self.lct.clear();
        self.lct.extend(self.tasks.iter().map(|t| t.lct));
        let mut current = std::mem::take(&mut self.work);
        current.clone_from(&self.tasks);
        let outcome = self.rounds(&mut current, goal);
        for (k, t) in current.iter().enumerate() {
            self.est[k] = t.est;
            self.lct[k] = t.lct;
        }
        self.work = current;
        outcome
    }

    /// Rounds of every rule on `current` until nothing changes or `goal`
    /// holds; whether it holds.
    fn rounds(
        &mut self,
        current: &mut [Task],
        mut goal: impl FnMut(&[Task]) -> bool,
    ) -> Result<bool, Wipeout> {
        loop {
            self.one_round(current)?;
            let mut changed = false;
            for (k, t) in current.iter_mut().enumerate() {
                let (est, lct) = (self.raised[k], self.lowered[k]);
                if est + t.p > lct {
                    return Err(Wipeout);
                }
                if (est, lct) != (t.est, t.lct) {
                    changed = true;
                    *t = Task { est, lct, p: t.p };
                }
            }
            let reached = goal(current);
            if reached || !changed {
                return Ok(reached);
            }
        }
    }

    /// Every rule once on `tasks` and once on their mirror, bounds into
    /// `raised` (earliest starts) and `lowered` (latest completions).
    fn one_round(&mut self, tasks: &[Task]) -> Prop {
        self.raised.clear();
        self.raised.extend(tasks.iter().map(|t| t.est));
        self.lowered.clear();
        self.lowered.extend(tasks.iter().map(|t| t.lct));
        let mut out_est = std::mem::take(&mut self.raised);
        let mut out_lct = std::mem::take(&mut self.lowered);
        let mut orders = std::mem::take(&mut self.forward);
        orders.sort(tasks);
        let forward = self.side(tasks, &orders, &mut out_est, &mut out_lct);
        // The mirror: its earliest starts are our latest completions negated.
        let mut mirror = std::mem::take(&mut self.mirror);
        mirror.clear();
        mirror.extend(tasks.iter().map(Task::mirror));
        for v in out_est.iter_mut().chain(out_lct.iter_mut()) {
            *v = -*v;
        }
        let mut mirrored = std::mem::take(&mut self.backward);
        mirrored.mirror_of(&orders);
        let backward =
            forward.and_then(|()| self.side(&mirror, &mirrored, &mut out_lct, &mut out_est));
        (self.forward, self.backward) = (orders, mirrored);
        for v in out_est.iter_mut().chain(out_lct.iter_mut()) {
            *v = -*v;
        }
        self.mirror = mirror;
        self.raised = out_est;
        self.lowered = out_lct;
        backward
    }

    /// The rules in one direction of time: raises `est` (detectable
    /// precedences, edge finding) and lowers `lct` (not-last); fails on an
    /// overload. Bounds only tighten (max / min with what is there).
    /// `orders` are the tasks' (sorted for them, not for the moves made).
    fn side(&mut self, tasks: &[Task], orders: &Orders, est: &mut [i64], lct: &mut [i64]) -> Prop {
        let n = tasks.len();
        // Edge finding: take tasks out of Θ by decreasing latest
        // completion, graying them; a gray task that would overload Θ must
        // come after all of Θ. Θ's white tasks are then those ending by
        // each latest completion in turn, so its checks are overload
        // checking's, and they come first: a failing round runs no other
        // rule (overload checking's own pass set every task in a tree of
        // its own, a third of the Θ-tree's work).
        self.tree.reset(&orders.by_est);
        self.tree
            .fill(tasks.iter().map(|t| Node::white(t.p, t.ect())));
        for k in (1..n).rev() {
            let j = orders.by_lct[k] as usize;
            if self.tree.root().envelope > tasks[j].lct {
                return Err(Wipeout);
            }
            self.tree.set(j, Node::gray(tasks[j].p, tasks[j].ect(), j));
            let bound = tasks[orders.by_lct[k - 1] as usize].lct;
            while self.tree.root().envelope_bar > bound {
                let i = self.tree.root().resp_envelope;
                if i == NONE {
                    return Err(Wipeout);
                }
                let i = i as usize;
                est[i] = est[i].max(self.tree.root().envelope);
                self.tree.remove(i);
            }
        }

        let theta = &mut self.theta;
        // Detectable precedences: j before i whenever i cannot end before
        // j's latest start; i starts after all of them.
        theta.reset(&orders.by_est);
        let mut q = 0;
        for &i in &orders.by_ect {
            let i = i as usize;
            while q < n && tasks[i].ect() > tasks[orders.by_lst[q] as usize].lst() {
                let j = orders.by_lst[q] as usize;
                theta.set(j, white(&tasks[j]));
                q += 1;
            }
            let ect = theta.without(i);
            est[i] = est[i].max(ect);
        }

        // Not-last: if the others that start before i's latest completion
        // cannot all end before i's latest start, i ends before the latest
        // of their latest starts.
        theta.reset(&orders.by_est);
        let (mut q, mut last, mut before_last) = (0, None::<usize>, None::<usize>);
        for &i in &orders.by_lct {
            let i = i as usize;
            while q < n && tasks[i].lct > tasks[orders.by_lst[q] as usize].lst() {
                let j = orders.by_lst[q] as usize;
                theta.set(j, white(&tasks[j]));
                (before_last, last) = (last, Some(j));
                q += 1;
            }
            if theta.without(i) > tasks[i].lst() {
                let latest = if last == Some(i) { before_last } else { last };
                if let Some(j) = latest {
                    lct[i] = lct[i].min(tasks[j].lst());
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(tasks: &[(i64, i64, i64)]) -> Result<Vec<(i64, i64)>, Wipeout> {
        let mut rules = Rules {
            tasks: tasks
                .iter()
                .map(|&(est, lct, p)| Task { est, lct, p })
                .collect(),
            ..Rules::default()
        };
        rules.filter()?;
        Ok(rules
            .est
            .iter()
            .copied()
            .zip(rules.lct.iter().copied())
            .collect())
    }

    #[test]
    fn overload_fails() {
        // Three tasks of 3 in a window of 8.
        assert!(run(&[(0, 8, 3), (0, 8, 3), (0, 8, 3)]).is_err());
        assert!(run(&[(0, 9, 3), (0, 9, 3), (0, 9, 3)]).is_ok());
    }

    fn tasks(windows: &[(i64, i64, i64)]) -> Vec<Task> {
        (windows.iter())
            .map(|&(est, lct, p)| Task { est, lct, p })
            .collect()
    }

    #[test]
    fn overload_finds_the_most_overloaded_set() {
        // [0, 8] holds 9 units (excess 1); [0, 4] holds 6 (excess 2).
        let found = overload(&tasks(&[(0, 4, 3), (1, 4, 3), (0, 8, 3), (20, 30, 2)]));
        assert_eq!(
            found,
            Some(Overload {
                from: 0,
                to: 4,
                excess: 2,
                members: vec![0, 1],
            })
        );
        // Tasks that fit, and a start past every span, overload nothing.
        assert_eq!(overload(&tasks(&[(0, 9, 3), (0, 9, 3), (0, 9, 3)])), None);
        assert_eq!(overload(&tasks(&[(0, 3, 3), (10, 12, 2)])), None);
    }

    proptest::proptest! {
        /// `overload` finds a set exactly when some span from a task's
        /// earliest start to a task's latest completion is overloaded,
        /// the most overloaded one (brute force over every span), with
        /// every task within it and no other; and the rules fail on such
        /// windows.
        #[test]
        fn overload_finds_the_most_overloaded_span(
            windows in proptest::collection::vec((0i64..12, 0i64..8, 1i64..5), 1..8),
        ) {
            let tasks: Vec<Task> = (windows.iter())
                .map(|&(est, slack, p)| Task { est, lct: est + p + slack, p })
                .collect();
            let best = (tasks.iter())
                .flat_map(|a| tasks.iter().map(move |b| (a.est, b.lct)))
                .filter_map(|(from, to)| {
                    let load: i64 = (tasks.iter())
                        .filter(|t| t.est >= from && t.lct <= to)
                        .map(|t| t.p)
                        .sum();
                    (load > 0 && load > to - from).then_some(load - (to - from))
                })
                .max();
            let found = overload(&tasks);
            proptest::prop_assert_eq!(found.as_ref().map(|o| o.excess), best);
            if let Some(o) = found {
                let load: i64 = o.members.iter().map(|&k| tasks[k].p).sum();
                proptest::prop_assert_eq!(load - (o.to - o.from), o.excess);
                for (k, t) in tasks.iter().enumerate() {
                    let within = t.est >= o.from && t.lct <= o.to;
                    proptest::prop_assert_eq!(o.members.contains(&k), within);
                }
                let mut rules = Rules {
                    tasks,
                    ..Rules::default()
                };
                proptest::prop_assert!(rules.filter().is_err());
            }
        }
    }

    #[test]
    fn mirror_is_an_involution() {
        let t = Task {
            est: 2,
            lct: 9,
            p: 3,
        };
        assert_eq!(t.mirror().mirror(), t);
        assert_eq!(t.mirror().lst(), -t.ect());
    }
}
