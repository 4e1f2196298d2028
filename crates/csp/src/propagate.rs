//! The mechanics the strategies' policies (`search/policy.rs`) run over
//! the posted propagators; nothing here asks which strategy runs:
//!
//! * `check_all`: every propagator's check on a complete assignment
//!   (generate-and-test);
//! * `check_new_assignment`: each propagator over the new variable, is its
//!   scope's partial assignment still consistent (backtracking)?
//! * `filter_unary` and `forward_check`: one pass of each propagator over
//!   the new variable, pairwise disequalities first (merged into one
//!   propagator on one-word models), then the others (forward checking);
//! * `root_fixpoint` and `arc_consistency`: a queue with priorities, each
//!   propagator filtering to its own fixpoint, woken only by the changes
//!   it watches (arc consistency).
//!
//! A propagator's removals come back as records (see `propagators::Ctx`);
//! `settle` turns them into statistics, prune events and, under a policy
//! that [wakes](crate::search::policy::Policy::WAKES), wake-ups.
//!
//! Arc consistency always does at least what forward checking does, and
//! forward checking never keeps a value backtracking would reject, so with
//! the same static orders their trees nest.

use crate::literal::Relation;
use crate::observer::Observer;
use crate::propagators::{Change, Constraint, Ctx, Lit, Moved, Prop};
use crate::search::policy::{ArcConsistency, ForwardChecking, Policy};
use crate::search::Search;

/// Builds the propagators' context from the search's fields (borrowed
/// apart, so a propagator can be borrowed alongside).
macro_rules! ctx {
    ($s:ident, $by:expr) => {
        Ctx {
            store: &mut $s.store,
            values: &$s.values,
            assigned: &$s.assigned,
            unassigned: &$s.occupancy.unassigned_vars,
            scratch: &mut $s.scratch,
            removals: &mut $s.removals,
            record: $s.record,
            pruned: 0,
            checks: 0,
            by: $by,
        }
    };
}

/// What one propagator run left to account for.
struct Ran {
    result: Prop,
    pruned: u64,
    checks: u64,
    by: u32,
}

impl Ran {
    fn of(ctx: Ctx<'_>, result: Prop) -> Ran {
        Ran {
            result,
            pruned: ctx.pruned,
            checks: ctx.checks,
            by: ctx.by,
        }
    }
}

impl<O: Observer> Search<'_, O> {
    /// Forward checking's root: the unary constraints filtered (their one
    /// variable is open). False if the model is inconsistent. (Inlined:
    /// a partition runs it once per sub-search, a million of them.)
    #[inline]
    pub(crate) fn filter_unary(&mut self) -> bool {
        let model = self.model;
        if model.constraints().iter().any(|c| c.self_conflict) {
            return false;
        }
        for (c, con) in model.constraints().iter().enumerate() {
            if con.vars.len() == 1 {
                let mut ctx = ctx!(self, c as u32);
                let result = ctx.filter_last(con);
                let ran = Ran::of(ctx, result);
                if !self.settle::<ForwardChecking>(ran, None) {
                    return false;
                }
            }
        }
        true
    }

    /// Arc consistency's root: every propagator queued, run to the
    /// fixpoint. False if the model is inconsistent.
    pub(crate) fn root_fixpoint(&mut self) -> bool {
        let model = self.model;
        if model.constraints().iter().any(|c| c.self_conflict) {
            return false;
        }
        for var in 0..model.num_vars() as u32 {
            if self.store.size(var) == 1 {
                self.note_fixed(var, None);
            }
        }
        for c in 0..model.num_constraints() as u32 {
            let slot = self.slot(c);
            self.queue.push(slot);
        }
        self.arc_consistency()
    }

    /// Generate-and-test: every constraint on the complete assignment.
    pub(crate) fn check_all(&mut self) -> bool {
        for (c, prop) in self.props.iter().enumerate() {
            self.stats.checks += 1;
            if !prop.check(&self.values, &mut self.scratch) {
                self.culprit = Some(c as u32);
                return false;
            }
        }
        true
    }

    /// Backtracking: is the new assignment of `var` consistent with the
    /// assigned variables, for every constraint that can already be judged?
    pub(crate) fn check_new_assignment(&mut self, var: u32) -> bool {
        let model = self.model;
        for &c in model.constraints_of(var) {
            let mut ctx = ctx!(self, c);
            let ok = self.props[c as usize].consistent_so_far(&mut ctx, var, c);
            self.stats.checks += ctx.checks;
            if !ok {
                self.culprit = Some(c);
                return false;
            }
        }
        true
    }

    /// Forward checking after assigning `var`: the pairwise disequalities
    /// remove the values its new view values rule out from the unassigned
    /// variables (in one pass over its neighbour lists where the merged
    /// propagator exists); an n-ary constraint with one unassigned
    /// variable left filters it exactly. Assigned variables need no test:
    /// their values were removed from `var`'s domain when they were
    /// assigned. The disequalities run first whether or not they are
    /// merged, so that merging never changes the tree (forward checking
    /// is one pass, not a fixpoint: its result depends on the order).
    pub(crate) fn forward_check(&mut self, var: u32) -> bool {
        if let Some(merged) = &self.merged {
            let value = self.values[var as usize] as i64;
            let mut ctx = ctx!(self, 0);
            let result = merged.filter_assigned(&mut ctx, var, value);
            let ran = Ran::of(ctx, result);
            if !self.settle::<ForwardChecking>(ran, None) {
                return false;
            }
        } else if !self.forward_each(var, true) {
            return false;
        }
        self.forward_others(var)
    }

    /// Forward checking's second part, after `var`'s pairwise
    /// disequalities (the slot backend runs it too): every other propagator over
    /// `var` filters what it can (by default, once one variable is open).
    pub(crate) fn forward_others(&mut self, var: u32) -> bool {
        if self.merged_forward && !self.others {
            return true;
        }
        self.forward_each(var, false)
    }

    /// Runs the one-pass filter of each propagator over `var` that is
    /// posted as pairwise disequalities (`pairwise`) or is not, in the
    /// model's order.
    #[inline]
    fn forward_each(&mut self, var: u32, pairwise: bool) -> bool {
        let range = if pairwise {
            self.pairwise_filters.range(var)
        } else {
            self.other_filters.range(var)
        };
        for i in range {
            let c = if pairwise {
                self.pairwise_filters.at(i)
            } else {
                self.other_filters.at(i)
            };
            let open = self.occupancy.unassigned_vars.get(c as usize).copied();
            let mut ctx = ctx!(self, c);
            let Some(result) =
                self.props[c as usize].filter_assigned(&mut ctx, var, open.unwrap_or(0))
            else {
                continue;
            };
            if !self.quiet {
                self.stats.propagations += 1;
            }
            let ran = Ran::of(ctx, result);
            if !self.settle::<ForwardChecking>(ran, None) {
                return false;
            }
        }
        true
    }

    /// Is `con` posted as pairwise disequalities (`all_different.rs`'s
    /// value elimination), rather than as a stronger all-different?
    #[inline]
    fn posts_disequalities(&self, con: &Constraint) -> bool {
        con.posts_disequalities(self.strong_default)
    }

    /// Accounts for a propagator run: its statistics, its removals'
    /// prune events and (under a policy that wakes: arc consistency's
    /// queue) the wake-ups they cause, sparing `running` (the queue slot
    /// that ran, if any). On a wipe-out records the culprit and returns
    /// false.
    fn settle<P: Policy>(&mut self, ran: Ran, running: Option<u32>) -> bool {
        if self.quiet {
            self.trial_pruned += ran.pruned;
            self.removals.clear();
        } else {
            self.stats.pruned += ran.pruned;
            self.stats.checks += ran.checks;
            if !self.removals.is_empty() {
                let mut removals = std::mem::take(&mut self.removals);
                // Clause learning's trail takes them in order, tested once
                // per settle rather than per removal.
                if let Some(learning) = self.learning.as_deref_mut() {
                    let constraints = self.model.num_constraints() as u32;
                    for r in &removals {
                        learning.note(r, constraints, self.model.domains());
                    }
                }
                for r in &removals {
                    if O::WANTS_PRUNES {
                        let id = self.var_id(r.var);
                        let observer = &mut self.observer;
                        let by = crate::ConstraintId(r.by);
                        self.store.removed_between(r.var, r.value, r.upto, |u| {
                            observer.prune(id, u as i32, by)
                        });
                    }
                    if P::WAKES {
                        if r.last.is_some() {
                            self.note_fixed(r.var, running);
                        }
                        let change = Change::Removed {
                            value: r.value,
                            upto: r.upto,
                        };
                        self.wake(r.var, change, r.last, running);
                    }
                }
                removals.clear();
                self.removals = removals;
            }
        }
        if ran.result.is_err() {
            self.culprit = Some(ran.by);
            if let Some(learning) = self.learning.as_deref_mut() {
                learning.failed(ran.by);
            }
        }
        ran.result.is_ok()
    }

    /// Makes `lit` true on behalf of `by` (clause learning's clauses),
    /// accounted for as a propagator's run under arc consistency (the
    /// removals wake); false on a wipe-out.
    pub(crate) fn impose(&mut self, lit: Lit, by: u32) -> bool {
        let (x, v) = (lit.var, lit.value as i128);
        let mut ctx = ctx!(self, by);
        let result = match lit.relation {
            Relation::AtLeast => ctx.restrict_bounds(x, v, i128::MAX).map(|_| ()),
            Relation::AtMost => ctx.restrict_bounds(x, i128::MIN, v).map(|_| ()),
            Relation::Equal => ctx.restrict_bounds(x, v, v).map(|_| ()),
            Relation::NotEqual => ctx.remove(x, lit.value),
        };
        let ran = Ran::of(ctx, result);
        self.settle::<ArcConsistency>(ran, None)
    }

    /// The queue slot of constraint `c`: its own, or the merged pairwise
    /// propagator's (slot `num_constraints`) when arc consistency runs on it.
    #[inline]
    pub(crate) fn slot(&self, c: u32) -> u32 {
        self.wake_slots[c as usize]
    }

    /// Records that `var` became fixed, for value elimination in each
    /// pairwise propagator over it (but `running`, which saw it already).
    pub(crate) fn note_fixed(&mut self, var: u32, running: Option<u32>) {
        let model = self.model;
        if self.merged_fixpoint {
            let merged = model.num_constraints() as u32;
            if running != Some(merged) {
                self.fixed_pending.push(var);
            }
            return;
        }
        for &c in model.constraints_of(var) {
            if self.posts_disequalities(&model.constraints()[c as usize]) && running != Some(c) {
                self.props[c as usize].fixed(var);
            }
        }
    }

    /// Queues the propagators over `var` that a change to its domain (now
    /// the single value `last`, if it is one) can affect, from what each
    /// watches (see `Watch::wakes`), but `running`: a pairwise one only
    /// when `var` is fixed, a count only if its value went, or became
    /// `var`'s last, or (for an assignment, called before it is made) is
    /// still possible; the others always, unless entailed on the current
    /// path ([`Store::entail`](crate::store::Store::entail)). The skipped
    /// ones would find nothing to do.
    pub(crate) fn wake(
        &mut self,
        var: u32,
        change: Change,
        last: Option<i64>,
        running: Option<u32>,
    ) {
        if self.in_objective.get(var as usize) == Some(&true) {
            self.objective_dirty = true;
        }
        let wake = self.wakes.of(var);
        // The bound watches a change concerns form one run of the list
        // (`wake_lists`), read off the bounds' moves, tested no further.
        if wake.hears_bounds() {
            let moved = Moved::of(change, &self.store, var);
            for &(slot, _) in wake.on_bounds(moved.lower, moved.upper) {
                // An entailed constraint has nothing left to do below here.
                if Some(slot) != running && !self.store.is_entailed(slot) {
                    self.queue.push(slot);
                }
            }
        }
        // The others; the one-value watches apart, by value: a removal
        // looks up the ones of the values it took, not all.
        let (general, valued) = (wake.general(), wake.valued());
        for &(slot, watch) in general {
            if Some(slot) != running
                && watch.wakes(change, last, &self.store, var)
                && !self.store.is_entailed(slot)
            {
                self.queue.push(slot);
            }
        }
        if valued.is_empty() {
            return;
        }
        let Change::Removed { value, upto } = change else {
            for &(slot, watch) in valued {
                if Some(slot) != running && watch.wakes(change, last, &self.store, var) {
                    self.queue.push(slot);
                }
            }
            return;
        };
        let watching = |lo: i64, hi: i64| {
            let from = valued.partition_point(|e| e.1.value() < Some(lo));
            valued[from..]
                .iter()
                .take_while(move |e| e.1.value() <= Some(hi))
        };
        for &(slot, _) in watching(value, upto) {
            if Some(slot) != running {
                self.queue.push(slot);
            }
        }
        if let Some(l) = last.filter(|l| !(value..=upto).contains(l)) {
            for &(slot, _) in watching(l, l) {
                if Some(slot) != running {
                    self.queue.push(slot);
                }
            }
        }
    }

    /// Runs the queued propagators, cheapest first, until nothing changes.
    /// The objective's bound, in branch and bound, joins the fixpoint
    /// whenever the queue runs dry and it is due.
    pub(crate) fn arc_consistency(&mut self) -> bool {
        let merged_slot = self.model.num_constraints() as u32;
        loop {
            let Some(slot) = self.queue.pop() else {
                if !self.objective_due() {
                    return true;
                }
                if !self.objective_pass::<ArcConsistency>() {
                    self.forget_queued(merged_slot + 1);
                    return false;
                }
                continue;
            };
            self.stats.propagations += 1;
            if self.stats.propagations.is_multiple_of(64) {
                // In the search, the node then counts as failed and the
                // loop stops at its next limit check.
                if let Some(reason) = self.out_of_time() {
                    self.forget_queued(slot);
                    self.halt(reason);
                    return false;
                }
            }
            let ran = if slot == merged_slot {
                let merged = self.merged.as_ref().expect("the merged propagator");
                let mut pending = std::mem::take(&mut self.fixed_pending);
                let mut ctx = ctx!(self, 0);
                let result = merged.fixpoint(&mut ctx, &mut pending);
                self.fixed_pending = pending;
                Ran::of(ctx, result)
            } else {
                let mut ctx = ctx!(self, slot);
                let result = self.props[slot as usize].fixpoint(&mut ctx);
                Ran::of(ctx, result)
            };
            if !self.settle::<ArcConsistency>(ran, Some(slot)) {
                self.forget_queued(slot);
                return false;
            }
        }
    }

    /// Branch and bound, after an assignment at `depth`: does the node
    /// allow a value within the objective's bound? The policy says how it
    /// judges (see `search/policy.rs`): generate-and-test complete
    /// assignments, backtracking the assigned part's least value, forward
    /// checking filters the bound's consequences once; arc consistency ran
    /// the bound inside its fixpoint already (see
    /// [`Search::objective_pass`]), unless a portfolio's better value
    /// arrived since.
    pub(crate) fn within_bound<P: Policy>(&mut self, depth: usize) -> bool {
        // A portfolio's better value found elsewhere (one relaxed load).
        let Some(objective) = &mut self.objective else {
            return true;
        };
        objective.sync();
        if objective.bound().is_none() {
            return true;
        }
        // A bound taken up just now has not been propagated at this node.
        let fresh = objective.stale();
        P::within_bound(self, depth, fresh)
    }

    /// Branch and bound: the least and greatest value of the unassigned
    /// `var` that the objective's bound allows now, within `i32`; `None`
    /// if none (see `Objective::window`).
    pub(crate) fn objective_window(&self, var: u32) -> Option<(i64, i64)> {
        let (least, most) = match &self.objective {
            Some(o) => o.window(&self.store, &self.values, &self.assigned, var)?,
            None => return Some((i32::MIN as i64, i32::MAX as i64)),
        };
        let least = least.max(i32::MIN as i64);
        let most = most.min(i32::MAX as i64);
        (least <= most).then_some((least, most))
    }

    /// Binary branching: removes `value` from `var` (the refutation of a
    /// value whose subtree is done, `var != value`) and, under arc
    /// consistency, propagates to a fixpoint; false on a wipe-out. The
    /// other strategies propagate on assignments only: the domain just
    /// shrinks. The removal carries the id one past the model's last
    /// constraint (a decision, not a constraint: no failure weight).
    pub(crate) fn refute<P: Policy>(&mut self, var: u32, value: i32) -> bool {
        self.narrow_by_decision::<P>(|ctx| ctx.remove(var, value as i64))
    }

    /// Bisection: keeps `var` within `lo..=hi` (one half of its domain) and
    /// propagates as [`Search::refute`] does; false on a wipe-out.
    pub(crate) fn bisect<P: Policy>(&mut self, var: u32, lo: i128, hi: i128) -> bool {
        self.narrow_by_decision::<P>(|ctx| ctx.restrict_bounds(var, lo, hi).map(|_| ()))
    }

    /// A decision that narrows a domain without assigning it (`change`),
    /// then, under a policy that wakes (arc consistency), the fixpoint.
    fn narrow_by_decision<P: Policy>(&mut self, change: impl FnOnce(&mut Ctx<'_>) -> Prop) -> bool {
        let by = self.model.num_constraints() as u32;
        let mut ctx = ctx!(self, by);
        ctx.record |= P::WAKES;
        let result = change(&mut ctx);
        let ran = Ran::of(ctx, result);
        if !self.settle::<P>(ran, None) {
            self.culprit = None;
            return false;
        }
        !P::WAKES || self.arc_consistency()
    }

    /// Is the objective's bound due at this node of arc consistency: a
    /// variable of it changed, or the bound is new to this part of the
    /// tree (see `propagators/objective.rs`)?
    fn objective_due(&self) -> bool {
        self.objective
            .as_ref()
            .is_some_and(|o| o.bound().is_some() && (self.objective_dirty || o.stale()))
    }

    /// Propagates the objective's bound (the linear propagator's bounds
    /// filtering) at the current node; false on a wipe-out. Its removals
    /// carry the constraint id one past the model's last, and wake the
    /// propagators over the variables it narrowed.
    pub(crate) fn objective_pass<P: Policy>(&mut self) -> bool {
        let Some(mut objective) = self.objective.take() else {
            return true;
        };
        let depth = (!self.quiet).then_some(self.frames.len());
        let by = self.model.num_constraints() as u32;
        let mut ctx = ctx!(self, by);
        ctx.record |= P::WAKES;
        let result = objective.filter(&mut ctx, depth);
        let ran = Ran::of(ctx, result);
        self.objective = Some(objective);
        if !self.quiet {
            self.stats.propagations += 1;
        }
        let ok = self.settle::<P>(ran, None);
        // Its own narrowing is at its fixpoint already.
        self.objective_dirty = false;
        if !ok {
            // Not a constraint of the model: no failure weight.
            self.culprit = None;
        }
        ok
    }

    /// Does every propagator report itself entailed? True at every
    /// solution on the trail backend (checked in debug builds).
    pub(crate) fn all_entailed(&mut self) -> bool {
        for c in 0..self.props.len() {
            let mut ctx = ctx!(self, c as u32);
            if !self.props[c].entailed(&mut ctx) {
                return false;
            }
        }
        true
    }

    /// After a failure: the propagators' pending work is dropped, from the
    /// one that failed and from every queued one.
    pub(crate) fn forget_queued(&mut self, failed: u32) {
        let merged_slot = self.model.num_constraints() as u32;
        let forget = |search: &mut Self, slot: u32| {
            if slot == merged_slot {
                search.fixed_pending.clear();
            } else if let Some(prop) = search.props.get_mut(slot as usize) {
                // (Past the merged slot: the objective's bound, which keeps
                // no pending work.)
                prop.clear();
            }
        };
        forget(self, failed);
        let mut queued = std::mem::take(&mut self.drained);
        queued.clear();
        self.queue.drain(|slot| queued.push(slot));
        for &slot in &queued {
            forget(self, slot);
        }
        self.drained = queued;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_over_a_repeated_variable_is_still_filtered_exactly() {
        // x counted twice can never make exactly one 1: arc consistency
        // must see it at the root, as forward checking's last filter would.
        let mut m = crate::Model::new();
        let x = m.int_var(0..3).unwrap();
        m.count_eq([x, x], 1, 1).unwrap();
        let outcome = crate::Solver::new(&m)
            .strategy(crate::Strategy::ArcConsistency)
            .count();
        assert_eq!(
            (
                outcome.solutions(),
                outcome.stats.nodes,
                outcome.stats.failures
            ),
            (0, 1, 0)
        );
    }

    /// The search tree's node count under `strategy` (input order).
    fn nodes(model: &crate::Model, strategy: crate::Strategy) -> u64 {
        crate::Solver::new(model)
            .strategy(strategy)
            .count()
            .stats
            .nodes
    }

    #[test]
    fn a_count_over_a_repeated_variable_wakes_when_any_variable_is_fixed() {
        // The shrunk case of the differential nesting property: x in {0,1},
        // y in {0,3}, exactly one 3 among [y, y, x] (impossible: y counts
        // twice). Once x is assigned, forward checking's last-variable filter
        // empties y; arc consistency ignored x's assignment (x never takes
        // 3), so it searched deeper than forward checking.
        let mut m = crate::Model::new();
        let x = m.int_var([0, 1]).unwrap();
        let y = m.int_var([0, 3]).unwrap();
        m.count_eq([y, y, x], 3, 1).unwrap();
        let fc = nodes(&m, crate::Strategy::ForwardChecking);
        let ac = nodes(&m, crate::Strategy::ArcConsistency);
        assert!(ac <= fc, "arc consistency {ac} > forward checking {fc}");
    }

    /// The slots that removing `gone` from `x` (leaving `last`, if one
    /// value) queues; the removal is undone after.
    fn queued_by_removal(
        search: &mut Search<'_, crate::NoObserver>,
        x: u32,
        gone: i64,
        last: Option<i64>,
    ) -> Vec<u32> {
        let mark = search.store.mark();
        search.store.remove(x, gone).unwrap();
        let change = Change::Removed {
            value: gone,
            upto: gone,
        };
        search.wake(x, change, last, None);
        let queued = search.queue.queued().collect();
        search.queue.drain(|_| {});
        search.store.undo(mark);
        queued
    }

    #[test]
    fn linear_sums_wake_on_the_bound_they_read_and_disequations_on_fixing() {
        // x in 0..=4 in x + y <= 6 (its lower bound) and x + y != 3
        // (fixing only).
        let mut m = crate::Model::new();
        let x = m.int_var(0..=4).unwrap();
        let y = m.int_var(0..=4).unwrap();
        m.less_equal(x + y, 6).unwrap();
        m.not_equal(x + y, 3).unwrap();
        let solver = crate::Solver::new(&m).strategy(crate::Strategy::ArcConsistency);
        let mut search = solver.search();
        let x = x.index;
        let none = Vec::<u32>::new();
        // A hole inside the domain: nobody. The lower bound moving: the
        // sum (`<=` reads its terms' least values only); the upper bound
        // moving: nobody.
        for (gone, woken) in [(2, &none), (0, &vec![0]), (4, &none)] {
            assert_eq!(&queued_by_removal(&mut search, x, gone, None), woken);
            search.store.remove(x, gone).unwrap();
        }
        // Of {1, 3}, a removal that fixes by the lower bound: both; by
        // the upper bound: the disequation alone.
        assert_eq!(queued_by_removal(&mut search, x, 1, Some(3)), vec![0, 1]);
        assert_eq!(queued_by_removal(&mut search, x, 3, Some(1)), vec![1]);
    }

    #[test]
    fn an_entailed_sum_sleeps_until_the_search_backtracks_past_it() {
        // Over 0..=4, x + y <= 10 holds whatever x and y become; x + y <= 6
        // does not yet.
        let mut m = crate::Model::new();
        let x = m.int_var(0..=4).unwrap();
        let y = m.int_var(0..=4).unwrap();
        m.less_equal(x + y, 10).unwrap();
        m.less_equal(x + y, 6).unwrap();
        let solver = crate::Solver::new(&m).strategy(crate::Strategy::ArcConsistency);
        let mut search = solver.search();
        let before = search.store.mark();
        assert!(search.root_fixpoint());
        assert!(search.store.is_entailed(0) && !search.store.is_entailed(1));
        // x's lower bound rising concerns both; the entailed one sleeps.
        assert_eq!(queued_by_removal(&mut search, x.index, 0, None), vec![1]);
        search.store.undo(before);
        assert!(!search.store.is_entailed(0));
        assert_eq!(queued_by_removal(&mut search, x.index, 0, None), vec![0, 1]);
    }

    #[test]
    fn bound_watches_read_an_assignment_against_the_old_bounds() {
        use crate::propagators::Watch;
        let mut m = crate::Model::new();
        let x = m.int_var(0..=4).unwrap();
        let search = crate::Solver::new(&m).search();
        let wakes =
            |w: Watch, value| w.wakes(Change::Assigning { value }, None, &search.store, x.index);
        assert!(!wakes(Watch::LowerBound, 0) && wakes(Watch::UpperBound, 0));
        assert!(wakes(Watch::LowerBound, 4) && !wakes(Watch::UpperBound, 4));
        assert!(wakes(Watch::Bounds, 2) && wakes(Watch::Bounds, 0));
    }

    #[test]
    fn arc_consistency_wakes_counts_only_for_their_value() {
        // Four cells, each digit 0..4 exactly once: removing digit 3 from
        // one cell must not rerun the counts of digits 0, 1 and 2.
        let mut m = crate::Model::new();
        let x = m.int_vars(4, 0..4).unwrap();
        for d in 0..4 {
            m.count_eq(&x, d, 1).unwrap();
        }
        let solver = crate::Solver::new(&m).strategy(crate::Strategy::ArcConsistency);
        let mut search = solver.search();
        search.wake(
            x[0].index,
            Change::Removed { value: 3, upto: 3 },
            None,
            None,
        );
        assert_eq!(search.queue.queued().collect::<Vec<_>>(), vec![3]);
    }

    #[test]
    fn a_removal_wakes_the_one_value_watchers_of_the_values_it_took() {
        // `b[v] <-> x = v` for v in 0..6 (posted in a shuffled order, so
        // the lists' sorting by value is what the lookup relies on), and
        // a sum over x that hears every bound move.
        let mut m = crate::Model::new();
        let x = m.int_var(0..6).unwrap();
        let b = m.int_vars(6, 0..2).unwrap();
        for v in [4, 1, 5, 0, 3, 2] {
            let body = crate::Condition::linear([(1, x)], crate::Cmp::Eq, v);
            m.reify(b[v as usize], body).unwrap();
        }
        let sum = m.linear([(1, x), (1, b[0])], crate::Cmp::Le, 9).unwrap();
        let slot = |v: i64| [4, 1, 5, 0, 3, 2].iter().position(|&w| w == v).unwrap() as u32;
        let solver = crate::Solver::new(&m).strategy(crate::Strategy::ArcConsistency);
        let queued = |change, last, running| {
            let mut search = solver.search();
            search.wake(x.index, change, last, running);
            let mut q: Vec<u32> = search.queue.queued().collect();
            q.sort_unstable();
            q
        };
        let sorted = |mut v: Vec<u32>| {
            v.sort_unstable();
            v
        };
        // Values 2..=3 gone from the middle: their two (the sum's bounds
        // stay).
        let middle = Change::Removed { value: 2, upto: 3 };
        assert_eq!(queued(middle, None, None), sorted(vec![slot(2), slot(3)]));
        // 1..=5 gone and 0 the last value: every one (the store, not
        // changed here, shows the sum no bound moved).
        let down = Change::Removed { value: 1, upto: 5 };
        assert_eq!(
            queued(down, Some(0), None),
            sorted((0..6).map(slot).collect())
        );
        // 5 gone and 3 the last: those two.
        let last = Change::Removed { value: 5, upto: 5 };
        assert_eq!(queued(last, Some(3), None), sorted(vec![slot(3), slot(5)]));
        // The running propagator is not queued again.
        let one = Change::Removed { value: 4, upto: 4 };
        assert_eq!(queued(one, None, Some(slot(4))), Vec::<u32>::new());
        // An assignment wakes those whose value it takes away or keeps,
        // and the sum.
        let assign = Change::Assigning { value: 5 };
        let all = sorted((0..6).map(slot).chain([sum.index() as u32]).collect());
        assert_eq!(queued(assign, None, None), all);
    }
}
