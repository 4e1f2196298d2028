//! The learning search's loop: decide on the most active variable at its
//! saved phase (`x = v`, or `x <= v` for a value inside its domain:
//! `activity.rs`), or what the solver's branching decides while it is
//! followed (`follow.rs`), propagate (arc consistency and the clauses, to
//! a common fixpoint), and on a conflict analyse it, jump back to the
//! level where the learned clause asserts its literal, and assert it (so
//! `x != v` or `x > v` is the other branch, implied rather than decided).
//! Luby restarts, or Glucose's on the LBD (`restarts.rs`; while following the
//! branching, by default none). The clause database is cut where the
//! search stands once it outgrows its limit (the clauses that are reasons
//! on the trail kept, renumbered there).
//!
//! Solutions: in enumeration, each found solution's decisions are blocked
//! by a clause kept for good (so no solution comes twice, none is lost:
//! every other clause is implied by the model and these); in branch and
//! bound, the tightened objective bound fails the solution's node and is
//! analysed like any conflict.
//!
//! Observers see a choose event per decision, a fail event per conflict
//! (on the current decision), an unchoose per level jumped over, restarts
//! and solutions; the asserted literals are not events.

use super::analysis::{analyze, decisions, top_level, Explainer};
use super::nogoods::{negated, Found};
use super::trail::Reason;
use super::Learning;
use crate::observer::Observer;
use crate::propagators::{Change, Lit};
use crate::search::Search;
use crate::stats::Status;
use crate::Relation;

/// What propagation came to.
enum Step {
    /// A fixpoint without conflict.
    Quiet,
    /// A conflict, its trail positions in `Learning::conflict`.
    Conflict,
    /// The clock or the cancel flag stopped it.
    Halted,
}

/// The learning state of a search that runs clause learning.
macro_rules! learning {
    ($s:expr) => {
        $s.learning.as_deref_mut().expect("a learning search")
    };
}

/// Where a search's reasons are read from (a borrow of other fields than
/// `learning!`'s, so both can be held at once).
macro_rules! explainer {
    ($s:expr) => {
        Explainer {
            props: &$s.props,
            objective: $s.objective.as_ref(),
            domains: $s.model.domains(),
        }
    };
}

/// Runs the learning search until the next solution (`true`, values in
/// `s.values`) or its end (`false`, status set). Resumes after a solution.
pub(crate) fn run<O: Observer>(s: &mut Search<'_, O>) -> bool {
    let l = learning!(s);
    if std::mem::take(&mut l.at_solution) && s.objective.is_none() {
        // Enumeration: block the solution's decisions, and go on from that
        // conflict (the bound's failure does it in branch and bound).
        if !s.block_solution() || !s.resolve() {
            return s.end();
        }
    }
    // A decision whose propagation succeeds is a node.
    let mut decided = false;
    loop {
        match s.propagate_learning() {
            Step::Quiet => {
                if std::mem::take(&mut decided) {
                    s.stats.nodes += 1;
                }
            }
            Step::Halted => {
                // Counted as complete, it reads as stopped for the reason.
                s.finish(Status::Complete);
                return false;
            }
            Step::Conflict => {
                decided = false;
                if !s.resolve() {
                    return s.end();
                }
                continue;
            }
        }
        if let Some(reason) = s.limit_reached() {
            s.finish(Status::Stopped(reason));
            return false;
        }
        if s.learning_restart_due() {
            s.learning_restart();
            continue;
        }
        let l = learning!(s);
        let followed = match &mut l.follow {
            Some(follow) => {
                follow.decision(s.model, &s.store, &mut s.branching, &mut s.rng, &s.weights)
            }
            None => None,
        };
        // The branching's decision while followed, else activity's.
        match followed.or_else(|| l.activity.decision(&s.store)) {
            Some(lit) if lit.relation == Relation::Equal => s.decide(lit.var, lit.value),
            Some(lit) => s.decide_bound(lit),
            None => return s.learned_solution(),
        }
        decided = true;
    }
}

impl<O: Observer> Search<'_, O> {
    /// The search is over: complete, unless a limit stopped it already.
    fn end(&mut self) -> bool {
        if self.outcome().status == Status::Running {
            self.finish(Status::Complete);
        }
        false
    }

    /// Every variable is fixed: reports the solution.
    fn learned_solution(&mut self) -> bool {
        for x in 0..self.values.len() {
            self.values[x] = self.store.single(x as u32).expect("a fixed variable") as i32;
        }
        debug_assert!(self.model.is_solution(&self.values));
        let l = learning!(self);
        if let Some(check) = &mut l.check {
            check.found(&self.values);
        }
        l.at_solution = true;
        let depth = l.trail.level() as usize;
        self.stats.max_depth = self.stats.max_depth.max(depth as u64);
        let n = self.values.len();
        self.record_solution(n)
    }

    /// Opens a level with the decision `x = v`.
    fn decide(&mut self, x: u32, v: i64) {
        let l = learning!(self);
        l.marks.push(self.store.mark());
        l.trail.decide(Lit::equal(x, v));
        let level = l.trail.level();
        self.stats.max_depth = self.stats.max_depth.max(level as u64);
        let id = self.var_id(x);
        self.observer.choose(id, v as i32, level as usize);
        self.wake(x, Change::Assigning { value: v }, None, None);
        self.store.assign(x, v);
        self.note_fixed(x, None);
    }

    /// Opens a level with the decision `lit`, a bound (`x <= mid` or `x >=
    /// mid + 1` of a split order, or activity's `x <= v` at a saved value
    /// inside the domain). No event: a bisection assigns nothing
    /// (as in the other searches).
    fn decide_bound(&mut self, lit: Lit) {
        let l = learning!(self);
        l.marks.push(self.store.mark());
        l.trail.decide(lit);
        let level = l.trail.level();
        l.deciding = true;
        let by = self.model.num_constraints() as u32;
        let narrowed = self.impose(lit, by);
        debug_assert!(narrowed, "a split leaves both halves");
        learning!(self).deciding = false;
        self.stats.max_depth = self.stats.max_depth.max(level as u64);
    }

    /// Arc consistency and the clauses to a common fixpoint.
    fn propagate_learning(&mut self) -> Step {
        if let Some((k, lit)) = learning!(self).pending_unit.take()
            && !self.assert_clause(k, lit)
        {
            return self.conflict_after_failure();
        }
        loop {
            // A portfolio's better value found by another search (one
            // relaxed load): the fixpoint below propagates it.
            if let Some(objective) = &mut self.objective {
                objective.sync();
            }
            if !self.arc_consistency() {
                if self.halted.is_some() {
                    return Step::Halted;
                }
                return self.conflict_after_failure();
            }
            let l = learning!(self);
            match l.nogoods.next(&l.trail, &self.store) {
                Found::Nothing => return Step::Quiet,
                Found::Unit(k, lit) => {
                    self.stats.clause_propagations += 1;
                    if !self.assert_clause(k, lit) {
                        return self.conflict_after_failure();
                    }
                }
                Found::Conflict(k) => {
                    let ex = explainer!(self);
                    l.conflict.clear();
                    ex.clause_false(&l.trail, &l.nogoods, k, &mut l.conflict);
                    return Step::Conflict;
                }
            }
        }
    }

    /// Makes clause `k`'s literal `lit` true; false on a wipe-out.
    fn assert_clause(&mut self, k: u32, lit: Lit) -> bool {
        let l = learning!(self);
        l.pending_clause = k;
        let by = l.clause_by;
        self.impose(lit, by)
    }

    /// A propagation failed: the conflict's trail positions, from the
    /// domain it emptied or from the failing propagator's explanation.
    fn conflict_after_failure(&mut self) -> Step {
        let l = learning!(self);
        let ex = explainer!(self);
        l.conflict.clear();
        let wiped = l.wiped_by.take();
        let failed = l.failed_by.take();
        let last = l.trail.len().checked_sub(1);
        let emptied = last.filter(|&p| {
            let x = l.trail.entries[p as usize].lit.var;
            self.store.size(x) == 0
        });
        match (wiped, emptied) {
            (None, Some(p)) => {
                // The last literal emptied its variable: its reasons, and
                // what made the domain before it lie within its negation
                // (the literal itself never held: it is no UIP).
                ex.reasons(&l.trail, &l.nogoods, p, &mut l.conflict);
                let before = negated(l.trail.entries[p as usize].lit);
                (l.trail).support(before, p, ex.domains, &mut l.conflict);
            }
            _ => match wiped.or(failed) {
                Some(by) => {
                    let clause = l.pending_clause;
                    ex.failure(&l.trail, &l.nogoods, by, clause, &mut l.conflict);
                }
                None => decisions(&l.trail, l.trail.level(), &mut l.conflict),
            },
        }
        Step::Conflict
    }

    /// The solution just reported, blocked: a clause of its decisions'
    /// negations (kept for good), and the conflict it makes. False at the
    /// root (no decision: nothing else to find).
    fn block_solution(&mut self) -> bool {
        let l = learning!(self);
        let level = l.trail.level();
        if let Some(mut lits) = l.projection.take() {
            // The projected variables' values: the latest fixed first, so
            // the watched literals are the last to have become false.
            let last_fixed = |lit: &Lit| {
                let mut out = Vec::new();
                let domains = self.model.domains();
                l.trail
                    .support(negated(*lit), l.trail.len(), domains, &mut out);
                std::cmp::Reverse(out.into_iter().max())
            };
            lits.sort_by_cached_key(last_fixed);
            if lits.is_empty() {
                return false;
            }
            let k = l.nogoods.add(lits, level, false);
            let ex = explainer!(self);
            l.conflict.clear();
            ex.clause_false(&l.trail, &l.nogoods, k, &mut l.conflict);
            return true;
        }
        if level == 0 {
            return false;
        }
        let lits: Vec<Lit> = (1..=level)
            .rev()
            .map(|lv| negated(l.trail.entries[l.trail.decision_at(lv) as usize].lit))
            .collect();
        l.nogoods.add(lits, level, false);
        l.conflict.clear();
        decisions(&l.trail, level, &mut l.conflict);
        true
    }

    /// Analyses the conflict in `Learning::conflict`, jumps back, learns
    /// and asserts the clause. False when the conflict is the root's (the
    /// search is over) or the backtrack limit stops the search.
    fn resolve(&mut self) -> bool {
        self.stats.failures += 1;
        self.stats.conflicts += 1;
        let l = learning!(self);
        let top = top_level(&l.trail, &l.conflict);
        if top == 0 {
            return false;
        }
        let level = l.trail.level();
        let decision = l.trail.entries[l.trail.decision_at(level) as usize].lit;
        if decision.relation == Relation::Equal {
            let id = self.var_id(decision.var);
            self.observer
                .fail(id, decision.value as i32, level as usize);
        }
        if top < level {
            // Nothing of the current levels took part: go where it did.
            self.backjump(top);
        }
        let l = learning!(self);
        let ex = explainer!(self);
        let Learning {
            trail,
            nogoods,
            activity,
            conflict,
            scratch,
            ..
        } = l;
        let learned = analyze(&ex, trail, nogoods, conflict, scratch, |x| activity.bump(x));
        if let Some(check) = &l.check {
            check.verify(&learned.lits, self.objective.as_ref());
        }
        let from = l.trail.level();
        self.backjump(learned.level);
        if from - learned.level > 1 {
            self.stats.backjumps += 1;
        }
        self.stats.learned += 1;
        if !self.record_backtrack(1) {
            return false; // the backtrack limit (its status set)
        }
        let l = learning!(self);
        let asserted = learned.lits[0];
        l.restarts.conflict(learned.lbd, l.trail.len());
        let k = l.nogoods.add(learned.lits, learned.lbd, true);
        l.activity.decay();
        l.nogoods.decay();
        l.conflicts_in_run += 1;
        // Asserted by the next propagation (its watches would see it only
        // once its variables change).
        l.pending_unit = Some((k, asserted));
        true
    }

    /// Undoes every level above `level`, saving the phases of what goes.
    fn backjump(&mut self, level: u32) {
        let l = learning!(self);
        let from = l.trail.level();
        if level >= from {
            return;
        }
        for lv in (level + 1..=from).rev() {
            let d = l.trail.entries[l.trail.decision_at(lv) as usize].lit;
            if d.relation != Relation::Equal {
                continue; // a bound decision: no event
            }
            let id = crate::VarId {
                model: self.model.id(),
                index: d.var,
            };
            self.observer.unchoose(id, d.value as i32, lv as usize);
        }
        let store = &self.store;
        let activity = &mut l.activity;
        let nogoods = &mut l.nogoods;
        l.trail.backjump(level, |x| {
            if let Some(v) = store.single(x) {
                activity.save(x, v);
            }
            activity.reinsert(x);
            nogoods.undoing(x);
        });
        l.scratch.cache.truncate(l.trail.len());
        self.store.undo(l.marks[level as usize]);
        l.marks.truncate(level as usize);
        l.nogoods.undone(l.trail.len(), &self.store);
        if let Some(objective) = &mut self.objective {
            objective.undone(0);
        }
        self.forget_queued(u32::MAX);
    }

    fn learning_restart_due(&mut self) -> bool {
        if learning!(self).nogoods.over_limit() {
            // Cut where the search stands: a restart for it would change
            // a followed search.
            self.cut_clauses();
        }
        let l = learning!(self);
        l.trail.level() > 0 && l.restarts.due(l.run, l.conflicts_in_run)
    }

    /// Back to the root.
    fn learning_restart(&mut self) {
        self.backjump(0);
        self.stats.restarts += 1;
        self.observer.restart();
        let l = learning!(self);
        l.run += 1;
        l.conflicts_in_run = 0;
        l.restarts.restarted();
    }

    /// Cuts the clause database (`Nogoods::reduce`), keeping the clauses
    /// that are reasons on the trail; at a fixpoint, between propagations,
    /// at any level.
    fn cut_clauses(&mut self) {
        let l = learning!(self);
        let mut locked = vec![false; l.nogoods.clauses.len()];
        for e in &l.trail.entries {
            if let Reason::Clause(k) = e.reason {
                locked[k as usize] = true;
            }
        }
        if let Some(map) = l.nogoods.reduce(&locked) {
            l.trail.renumber_clauses(&map);
        }
    }
}
