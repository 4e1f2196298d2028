//! Consistency checks and propagation, per strategy.
//!
//! * generate-and-test: `check_all` on complete assignments;
//! * backtracking: `check_new_assignment` (pairwise constraints against the
//!   assigned variables, others once their whole scope is assigned);
//! * forward checking: `forward_check` (remove values conflicting with the
//!   new assignment; n-ary constraints filter their last unassigned variable);
//! * arc consistency: `arc_consistency` (an AC-3 queue of constraints, each
//!   filtering to its own fixpoint: value elimination for all-different,
//!   bounds for linear, support search for table, predicate and count).
//!
//! Arc consistency always does at least what forward checking does, and
//! forward checking never keeps a value backtracking would reject, so with
//! the same static orders their trees nest.

use crate::constraint::{Cmp, Constraint, Kind};
use crate::model::Watch;
use crate::observer::Observer;
use crate::occupancy::report_prunes;
use crate::search::Search;
use crate::store::Wipeout;

/// Predicates are filtered by enumerating their domains' product only up
/// to this many tuples; larger ones wait until one variable is left.
const SUPPORT_ENUMERATION_LIMIT: u64 = 4096;

type Prop = Result<(), Wipeout>;

/// What happened to a variable's domain, for waking its constraints.
#[derive(Clone, Copy)]
pub(crate) enum Change {
    /// `value` was removed by constraint `by`.
    Removed { value: i64, by: u32 },
    /// The variable is about to be assigned.
    Assigning,
}

impl<O: Observer> Search<'_, O> {
    /// Root propagation: forward checking filters unary constraints, arc
    /// consistency runs to a fixpoint. False if the model is inconsistent.
    pub(crate) fn propagate_root(&mut self) -> bool {
        let model = self.model;
        match self.strategy {
            crate::Strategy::GenerateAndTest | crate::Strategy::Backtracking => true,
            crate::Strategy::ForwardChecking => {
                if model.constraints().iter().any(|c| c.self_conflict) {
                    return false;
                }
                for (c, con) in model.constraints().iter().enumerate() {
                    if con.vars.len() == 1 && self.filter_last(c as u32, con).is_err() {
                        return false;
                    }
                }
                true
            }
            crate::Strategy::ArcConsistency => {
                if model.constraints().iter().any(|c| c.self_conflict) {
                    return false;
                }
                for var in 0..model.num_vars() as u32 {
                    if self.store.size(var) == 1 {
                        self.note_fixed(var);
                    }
                }
                for c in 0..model.num_constraints() as u32 {
                    self.enqueue(c);
                }
                self.arc_consistency()
            }
        }
    }

    /// Generate-and-test: every constraint on the complete assignment.
    pub(crate) fn check_all(&mut self) -> bool {
        let model = self.model;
        for (c, con) in model.constraints().iter().enumerate() {
            self.stats.checks += 1;
            let values = &self.values;
            if !con.check(|i| values[i as usize], &mut self.scratch) {
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
            let con = &model.constraints()[c as usize];
            let ok = if con.is_pairwise() {
                self.pairwise_consistent(con, var)
            } else if self.occupancy.unassigned_vars[c as usize] == 0 {
                self.stats.checks += 1;
                let values = &self.values;
                con.check(|i| values[i as usize], &mut self.scratch)
            } else {
                true
            };
            if !ok {
                self.culprit = Some(c);
                return false;
            }
        }
        true
    }

    /// Compares `var`'s view values with every assigned view in the scope.
    fn pairwise_consistent(&mut self, con: &Constraint, var: u32) -> bool {
        let v = self.values[var as usize];
        for (i, a) in con.scope.iter().enumerate() {
            if a.var.index != var {
                continue;
            }
            let t = a.value_of(v);
            for (j, b) in con.scope.iter().enumerate() {
                if j != i && self.assigned[b.var.index()] {
                    self.stats.checks += 1;
                    if b.value_of(self.values[b.var.index()]) == t {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Forward checking after assigning `var`: each pairwise constraint
    /// removes the values its new view value rules out from the unassigned
    /// variables; an n-ary constraint with one unassigned variable left
    /// filters it exactly. Assigned variables need no test: their values were
    /// removed from `var`'s domain when they were assigned.
    pub(crate) fn forward_check(&mut self, var: u32) -> bool {
        let model = self.model;
        let value = self.values[var as usize] as i64;
        let pairwise_ok = if self.occupancy.neighbours.is_some() {
            self.forward_check_neighbours(var, value)
        } else {
            self.forward_check_scopes(var, value)
        };
        if !pairwise_ok {
            return false;
        }
        for &c in model.constraints_of(var) {
            let con = &model.constraints()[c as usize];
            if con.is_pairwise() || self.occupancy.unassigned_vars[c as usize] > 1 {
                continue;
            }
            if !self.quiet {
                self.stats.propagations += 1;
            }
            if self.filter_last(c, con).is_err() {
                self.culprit = Some(c);
                return false;
            }
        }
        true
    }

    /// The fast path (one-word domains, where the neighbour lists exist):
    /// one pass over `x`'s neighbours, the values a neighbour loses gathered
    /// into a mask and cleared at once. The fields are borrowed apart so the
    /// loop runs over plain slices.
    fn forward_check_neighbours(&mut self, x: u32, v: i64) -> bool {
        let model_id = self.model.id();
        let Search {
            occupancy,
            store,
            assigned,
            stats,
            observer,
            quiet,
            trial_pruned,
            culprit,
            ..
        } = self;
        let nb = occupancy.neighbours.as_ref().expect("neighbour lists");
        debug_assert!(store.one_word(), "neighbour lists serve one-word domains");
        for group in nb.of(x) {
            let y = group.y;
            if assigned[y as usize] {
                continue;
            }
            if !*quiet {
                stats.checks += group.len as u64;
            }
            let deltas = nb.deltas_of(group);
            let mask = nb.mask(group, v);
            let (removed, wiped) = store.remove_mask(y, mask);
            if removed != 0 {
                let count = removed.count_ones() as u64;
                if *quiet {
                    *trial_pruned += count;
                } else {
                    stats.pruned += count;
                    if O::WANTS_PRUNES {
                        let id = crate::VarId {
                            model: model_id,
                            index: y,
                        };
                        report_prunes(observer, id, store.base(y), v, removed, deltas);
                    }
                }
            }
            if wiped {
                *culprit = Some(deltas[0].constraint);
                return false;
            }
        }
        true
    }

    /// The path without neighbour lists (multi-word domains, or scopes too
    /// large for them): walk each pairwise constraint's views, skipping
    /// assigned variables.
    fn forward_check_scopes(&mut self, x: u32, v: i64) -> bool {
        let model = self.model;
        for &c in model.constraints_of(x) {
            let con = &model.constraints()[c as usize];
            if !con.is_pairwise() {
                continue;
            }
            if !self.quiet {
                self.stats.propagations += 1;
            }
            for own in con.scope.iter().filter(|view| view.var.index == x) {
                // x's view value in this position.
                let t = own.value_of(v as i32);
                for other in &con.scope {
                    let y = other.var.index;
                    if y == x || self.assigned[y as usize] {
                        continue;
                    }
                    self.count_check();
                    if self.remove(y, t - other.offset, c).is_err() {
                        self.culprit = Some(c);
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Exact filtering once at most one variable of `con` is not fixed:
    /// keep the values of that variable that satisfy the constraint (or, if
    /// none is left, check it).
    fn filter_last(&mut self, c: u32, con: &Constraint) -> Prop {
        let mut open = None;
        for &x in &con.vars {
            if self.assigned[x as usize] || self.store.size(x) == 1 {
                continue;
            }
            if open.is_some() {
                return Ok(()); // two open variables: nothing exact to do
            }
            open = Some(x);
        }
        let Some(x) = open else {
            self.count_check();
            return if self.check_fixed(con, None) {
                Ok(())
            } else {
                Err(Wipeout)
            };
        };
        let mut vals = std::mem::take(&mut self.scratch_vals);
        vals.clear();
        self.store.values_into(x, &mut vals);
        let mut result = Ok(());
        for &u in &vals {
            self.count_check();
            if !self.check_fixed(con, Some((x, u))) {
                if let Err(e) = self.remove(x, u as i64, c) {
                    result = Err(e);
                    break;
                }
            }
        }
        self.scratch_vals = vals;
        result
    }

    /// Checks `con` with every variable at its single value, except `x`
    /// which takes `u` when given.
    fn check_fixed(&mut self, con: &Constraint, trial: Option<(u32, i32)>) -> bool {
        let store = &self.store;
        let values = &self.values;
        let assigned = &self.assigned;
        con.check(
            |i| match trial {
                Some((x, u)) if x == i => u,
                _ if assigned[i as usize] => values[i as usize],
                _ => store.single(i).unwrap_or(0) as i32,
            },
            &mut self.scratch,
        )
    }

    #[inline]
    fn count_check(&mut self) {
        if !self.quiet {
            self.stats.checks += 1;
        }
    }

    /// Removes `value` from `var` on behalf of constraint `c`, reporting it.
    #[inline(always)]
    pub(crate) fn remove(&mut self, var: u32, value: i64, c: u32) -> Prop {
        let removed = self.store.remove(var, value);
        if let Ok(false) = removed {
            return Ok(());
        }
        self.report_removal(var, value, c);
        removed.map(|_| ())
    }

    /// Counts and reports a value that was just removed.
    #[inline(always)]
    fn report_removal(&mut self, var: u32, value: i64, c: u32) {
        if self.quiet {
            self.trial_pruned += 1;
        } else {
            self.stats.pruned += 1;
            let id = self.var_id(var);
            self.observer
                .prune(id, value as i32, crate::ConstraintId(c));
            if self.strategy == crate::Strategy::ArcConsistency {
                if self.store.size(var) == 1 {
                    self.note_fixed(var);
                }
                self.wake(var, Change::Removed { value, by: c });
            }
        }
    }

    /// Removes every value of `var` outside `lo..=hi`.
    fn restrict_bounds(&mut self, var: u32, lo: i128, hi: i128, c: u32) -> Result<bool, Wipeout> {
        let mut changed = false;
        while let Some(m) = self.store.min(var) {
            if (m as i128) >= lo {
                break;
            }
            self.remove(var, m, c)?;
            changed = true;
        }
        while let Some(m) = self.store.max(var) {
            if (m as i128) <= hi {
                break;
            }
            self.remove(var, m, c)?;
            changed = true;
        }
        Ok(changed)
    }

    pub(crate) fn enqueue(&mut self, c: u32) {
        if !self.in_queue[c as usize] {
            self.in_queue[c as usize] = true;
            self.queue.push_back(c);
        }
    }

    /// Records that `var` became fixed, for value elimination in each
    /// pairwise constraint over it.
    pub(crate) fn note_fixed(&mut self, var: u32) {
        let model = self.model;
        for &c in model.constraints_of(var) {
            if model.constraints()[c as usize].is_pairwise() {
                self.newly_fixed[c as usize].push(var);
            }
        }
    }

    /// Queues the constraints over `var` that a change to its domain can
    /// affect (but the one that made the change): a pairwise constraint
    /// only when `var` is fixed, a constraint watching one value (a count)
    /// only if that value went, or became `var`'s last, or (for an
    /// assignment, called before it is made) is still possible; the others
    /// always. The skipped ones would find nothing to do.
    ///
    /// A count over a repeated variable is the exception: its cardinality
    /// reasoning is not exact there, so it relies on the last-variable
    /// filter, which any variable becoming fixed can enable.
    pub(crate) fn wake(&mut self, var: u32, change: Change) {
        let model = self.model;
        let last = self.store.single(var);
        let cause = match change {
            Change::Removed { by, .. } => Some(by),
            Change::Assigning => None,
        };
        for (&c, &watch) in model.constraints_of(var).iter().zip(model.watches_of(var)) {
            let affected = match (watch, change) {
                (Watch::Any | Watch::ValueOrFixed(_), Change::Assigning)
                | (Watch::Any, _)
                | (Watch::Fixed, Change::Assigning) => true,
                (Watch::Fixed, Change::Removed { .. }) => last.is_some(),
                (Watch::Value(w), Change::Removed { value, .. }) => w == value || Some(w) == last,
                (Watch::Value(w), Change::Assigning) => self.store.contains(var, w),
                (Watch::ValueOrFixed(w), Change::Removed { value, .. }) => {
                    w == value || last.is_some()
                }
            };
            if affected && Some(c) != cause {
                self.enqueue(c);
            }
        }
    }

    /// AC-3: run queued constraints until nothing changes.
    pub(crate) fn arc_consistency(&mut self) -> bool {
        let model = self.model;
        while let Some(c) = self.queue.pop_front() {
            self.in_queue[c as usize] = false;
            self.stats.propagations += 1;
            let con = &model.constraints()[c as usize];
            if self.arc_filter(c, con).is_err() {
                self.culprit = Some(c);
                self.newly_fixed[c as usize].clear();
                for q in self.queue.drain(..) {
                    self.in_queue[q as usize] = false;
                    self.newly_fixed[q as usize].clear();
                }
                return false;
            }
        }
        true
    }

    fn arc_filter(&mut self, c: u32, con: &Constraint) -> Prop {
        match &con.kind {
            // Value elimination is all arc consistency does for pairwise
            // constraints (repeated views were rejected at the root).
            Kind::NotEqual | Kind::AllDifferent => return self.eliminate_singletons(c, con),
            Kind::Linear { coefs, cmp, rhs } => self.linear_bounds(c, con, coefs, *cmp, *rhs)?,
            Kind::Table { rows } => self.table_supports(c, con, rows)?,
            Kind::Predicate(_) => self.enumerated_supports(c, con)?,
            Kind::CountEq { value, count } => {
                self.count_filter(c, con, *value, *count)?;
                if !con.has_repeated_vars() {
                    // Over distinct variables the count filter is already
                    // exact once one variable is open.
                    return Ok(());
                }
            }
        }
        // Whatever the kind did, once one variable is open filter it exactly,
        // so arc consistency never does less than forward checking.
        self.filter_last(c, con)
    }

    /// Value elimination: each newly fixed variable's view values are
    /// removed from the other views; variables fixed by these removals are
    /// processed in turn, so each fixed variable costs one pass over the scope.
    fn eliminate_singletons(&mut self, c: u32, con: &Constraint) -> Prop {
        while let Some(x) = self.newly_fixed[c as usize].pop() {
            let Some(s) = self.store.single(x) else {
                continue;
            };
            for (i, a) in con.scope.iter().enumerate() {
                if a.var.index != x {
                    continue;
                }
                let t = s + a.offset;
                for (j, b) in con.scope.iter().enumerate() {
                    if j != i && b.var.index != x {
                        self.count_check();
                        if let Err(e) = self.remove(b.var.index, t - b.offset, c) {
                            self.newly_fixed[c as usize].clear();
                            return Err(e);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Bounds consistency for `sum coefs[i] * x[i] cmp rhs`.
    fn linear_bounds(
        &mut self,
        c: u32,
        con: &Constraint,
        coefs: &[i64],
        cmp: Cmp,
        rhs: i128,
    ) -> Prop {
        if cmp == Cmp::Ne {
            return Ok(()); // only the exact last-variable filter applies
        }
        loop {
            let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
            for (view, &a) in con.scope.iter().zip(coefs) {
                let (lo, hi) = self.term_range(view.var.index, a);
                lo_sum += lo;
                hi_sum += hi;
            }
            self.count_check();
            if (matches!(cmp, Cmp::Le | Cmp::Eq) && lo_sum > rhs)
                || (matches!(cmp, Cmp::Ge | Cmp::Eq) && hi_sum < rhs)
            {
                return Err(Wipeout);
            }
            let mut changed = false;
            for (view, &a) in con.scope.iter().zip(coefs) {
                if a == 0 {
                    continue;
                }
                let x = view.var.index;
                let (lo, hi) = self.term_range(x, a);
                let a = a as i128;
                // Bounds on a * x implied by the other terms.
                let mut term_hi = i128::MAX;
                let mut term_lo = i128::MIN;
                if matches!(cmp, Cmp::Le | Cmp::Eq) {
                    term_hi = rhs - (lo_sum - lo);
                }
                if matches!(cmp, Cmp::Ge | Cmp::Eq) {
                    term_lo = rhs - (hi_sum - hi);
                }
                let (x_lo, x_hi) = if a > 0 {
                    (div_ceil(term_lo, a), div_floor(term_hi, a))
                } else {
                    (div_ceil(term_hi, a), div_floor(term_lo, a))
                };
                changed |= self.restrict_bounds(x, x_lo, x_hi, c)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The smallest and largest value of `a * x` over `x`'s domain.
    fn term_range(&self, x: u32, a: i64) -> (i128, i128) {
        let lo = self.store.min(x).unwrap_or(0) as i128 * a as i128;
        let hi = self.store.max(x).unwrap_or(0) as i128 * a as i128;
        (lo.min(hi), lo.max(hi))
    }

    /// Generalised arc consistency for a table: keep the values that appear
    /// in some row whose every value is still possible.
    fn table_supports(&mut self, c: u32, con: &Constraint, rows: &[i64]) -> Prop {
        let mut supports = std::mem::take(&mut self.supports);
        supports.clear();
        let arity = con.scope.len();
        let mut tuple: smallvec::SmallVec<[i64; 8]> = smallvec::smallvec![0; con.vars.len()];
        for row in rows.chunks_exact(arity) {
            self.count_check();
            if self.row_is_possible(con, row, &mut tuple) {
                for (k, &x) in tuple.iter().enumerate() {
                    supports.push((k as u32, x as i32));
                }
            }
        }
        let result = self.remove_unsupported(c, con, &mut supports);
        self.supports = supports;
        result
    }

    /// Is every value of `row` (view values) possible, consistently for
    /// repeated variables? Fills `tuple` with the distinct variables' values.
    fn row_is_possible(&self, con: &Constraint, row: &[i64], tuple: &mut [i64]) -> bool {
        let mut set: u64 = 0;
        for (view, &val) in con.scope.iter().zip(row) {
            let x = val - view.offset;
            let k = con
                .vars
                .iter()
                .position(|&v| v == view.var.index)
                .unwrap_or(0);
            if k < 64 && set & (1 << k) != 0 {
                if tuple[k] != x {
                    return false;
                }
                continue;
            }
            if !self.store.contains(view.var.index, x) {
                return false;
            }
            tuple[k] = x;
            if k < 64 {
                set |= 1 << k;
            }
        }
        true
    }

    /// Generalised arc consistency by enumerating every combination of the
    /// current domains (when their product is small enough).
    fn enumerated_supports(&mut self, c: u32, con: &Constraint) -> Prop {
        let mut product = 1u64;
        for &x in &con.vars {
            product = product.saturating_mul(self.store.size(x) as u64);
        }
        if product > SUPPORT_ENUMERATION_LIMIT {
            return Ok(());
        }
        let k = con.vars.len();
        // Flat lists of each variable's values, and an odometer over them.
        let mut vals = std::mem::take(&mut self.scratch_vals);
        vals.clear();
        let mut starts: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
        for &x in &con.vars {
            starts.push(vals.len());
            self.store.values_into(x, &mut vals);
        }
        starts.push(vals.len());
        let mut digits: smallvec::SmallVec<[usize; 8]> = smallvec::smallvec![0; k];
        let mut supports = std::mem::take(&mut self.supports);
        supports.clear();
        'outer: loop {
            self.count_check();
            let holds = {
                let value_of = |i: u32| {
                    let p = con.vars.iter().position(|&v| v == i).unwrap_or(0);
                    vals[starts[p] + digits[p]]
                };
                con.check(value_of, &mut self.scratch)
            };
            if holds {
                for p in 0..k {
                    supports.push((p as u32, vals[starts[p] + digits[p]]));
                }
            }
            for p in (0..k).rev() {
                digits[p] += 1;
                if starts[p] + digits[p] < starts[p + 1] {
                    continue 'outer;
                }
                digits[p] = 0;
            }
            break;
        }
        self.scratch_vals = vals;
        let result = self.remove_unsupported(c, con, &mut supports);
        self.supports = supports;
        result
    }

    /// Removes every value of the constraint's variables that is not in
    /// `supports` (pairs of variable position and value).
    fn remove_unsupported(
        &mut self,
        c: u32,
        con: &Constraint,
        supports: &mut Vec<(u32, i32)>,
    ) -> Prop {
        supports.sort_unstable();
        supports.dedup();
        let mut vals = std::mem::take(&mut self.scratch_vals);
        for (p, &x) in con.vars.iter().enumerate() {
            vals.clear();
            self.store.values_into(x, &mut vals);
            for &u in &vals {
                if supports.binary_search(&(p as u32, u)).is_err() {
                    if let Err(e) = self.remove(x, u as i64, c) {
                        self.scratch_vals = vals;
                        return Err(e);
                    }
                }
            }
        }
        self.scratch_vals = vals;
        Ok(())
    }

    /// Cardinality reasoning for "exactly `count` views take `value`".
    ///
    /// Once every view that can take `value` is fixed to it, the count holds
    /// for the rest of the branch: the store records that, so later wakes
    /// cost nothing instead of a pass over the scope (n identical items
    /// would otherwise make a permutation search quadratic).
    fn count_filter(&mut self, c: u32, con: &Constraint, value: i64, count: usize) -> Prop {
        if self.store.is_entailed(c) {
            return Ok(());
        }
        loop {
            let (mut fixed, mut possible) = (0usize, 0usize);
            for view in &con.scope {
                let x = value - view.offset;
                if self.store.contains(view.var.index, x) {
                    possible += 1;
                    if self.store.size(view.var.index) == 1 {
                        fixed += 1;
                    }
                }
            }
            self.count_check();
            if fixed > count || possible < count {
                return Err(Wipeout);
            }
            if fixed == possible {
                self.store.entail(c);
                return Ok(());
            }
            let mut changed = false;
            for view in &con.scope {
                let var = view.var.index;
                let x = value - view.offset;
                if self.store.size(var) <= 1 || !self.store.contains(var, x) {
                    continue;
                }
                if fixed == count {
                    self.remove(var, x, c)?;
                } else if possible == count {
                    self.restrict_bounds(var, x as i128, x as i128, c)?;
                } else {
                    continue;
                }
                changed = true;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// `i128::MAX` / `i128::MIN` stand for an unbounded side; dividing keeps
/// them unbounded, with the sign of the quotient.
fn unbounded_quotient(a: i128, b: i128) -> Option<i128> {
    let q = if (a > 0) == (b > 0) {
        i128::MAX
    } else {
        i128::MIN
    };
    (a == i128::MAX || a == i128::MIN).then_some(q)
}

/// `a / b` rounded towards minus infinity.
fn div_floor(a: i128, b: i128) -> i128 {
    if let Some(q) = unbounded_quotient(a, b) {
        return q;
    }
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded towards plus infinity.
fn div_ceil(a: i128, b: i128) -> i128 {
    match unbounded_quotient(a, b) {
        Some(q) => q,
        None => -div_floor(-a, b),
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
            Change::Removed {
                value: 3,
                by: u32::MAX,
            },
        );
        assert_eq!(search.queue.iter().copied().collect::<Vec<_>>(), vec![3]);
    }

    #[test]
    fn rounding_division() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(7, 2), 4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_ceil(7, -2), -3);
        assert_eq!(div_floor(i128::MAX, -3), i128::MIN);
    }
}
