//! All-different over offset views, at the level the constraint (or the
//! solver) chose ([`AllDifferentLevel`]).
//!
//! Value elimination, as pairwise disequalities (a not-equal is the
//! two-view case: `not_equal.rs`):
//!
//! * check: the views' values are pairwise distinct;
//! * backtracking: the new assignment's view values against every assigned
//!   view (pair by pair, so a conflict is seen as soon as both are set);
//! * forward checking: the new view values leave the unassigned views;
//! * arc consistency: value elimination, each newly fixed variable's view
//!   values removed from the other views (the propagator keeps the fixed
//!   variables it has yet to process);
//! * explanations: `[y != w]` because another view's variable is fixed
//!   so that its view takes the value `y`'s view would take at `w` (the
//!   stronger levels do not explain yet).
//!
//! The stronger levels ([`Stronger`]) check the same way, and filter at
//! forward checking and arc consistency alike, each run to the
//! constraint's own fixpoint:
//!
//! * bounds: value elimination of every fixed view, then Hall intervals
//!   (`all_different_bounds.rs`), until neither removes anything (a hole
//!   can move a bound further than the intervals asked); in arc
//!   consistency's runs a fixed view whose value has left the others is
//!   set aside (`set_aside.rs`), so each value is eliminated once per
//!   branch, not at every run;
//! * domain: the matching filter (`all_different_domain.rs`), which
//!   removes everything the other two would; repeated only when a variable
//!   occurs in several views (each view is then matched as if it were
//!   alone, so removals through one view can enable more through another).

use super::all_different_bounds::HallIntervals;
use super::all_different_domain::Matching;
use super::explain::conjunction;
use super::set_aside::SetAside;
use super::{Ctx, Domains, Inferred, Lit, Posted, Priority, Prop, Propagator};
use crate::literal::Relation;
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;
use crate::AllDifferentLevel;

/// Are the values pairwise distinct? (Sorts them.)
pub(crate) fn holds(vals: &mut [i64]) -> bool {
    vals.sort_unstable();
    vals.windows(2).all(|w| w[0] != w[1])
}

/// Does a view of `var` take the value of another view of `con` whose
/// variable is `assigned`? `value` gives the variables' values; each
/// comparison is counted in `checks`. (Backtracking's check, and the
/// partition's prefix walk.)
pub(crate) fn clashes(
    con: &Constraint,
    var: u32,
    value: impl Fn(u32) -> i32,
    assigned: impl Fn(u32) -> bool,
    checks: &mut u64,
) -> bool {
    each_clash(con, var, value, assigned, checks, |_| true)
}

/// Calls `found` with the variable of each assigned view of `con` whose
/// value a view of `var` takes (`var` itself when two of its own views
/// meet), until `found` returns true (then true: a clash stopped it).
/// Each comparison is counted in `checks`. (The clashes one by one, for
/// backjumping's conflict sets.)
pub(crate) fn each_clash(
    con: &Constraint,
    var: u32,
    value: impl Fn(u32) -> i32,
    assigned: impl Fn(u32) -> bool,
    checks: &mut u64,
    mut found: impl FnMut(u32) -> bool,
) -> bool {
    let scope = &con.scope;
    for (i, a) in scope.iter().enumerate() {
        if a.var.index != var {
            continue;
        }
        let t = a.value_of(value(var));
        for (j, b) in scope.iter().enumerate() {
            if j != i && assigned(b.var.index) {
                *checks += 1;
                if b.value_of(value(b.var.index)) == t && found(b.var.index) {
                    return true;
                }
            }
        }
    }
    false
}

/// [`clashes`] against the search's assignment.
fn clashes_assigned(con: &Constraint, ctx: &mut Ctx<'_>, var: u32) -> bool {
    let (values, assigned) = (ctx.values, ctx.assigned);
    clashes(
        con,
        var,
        |x| values[x as usize],
        |x| assigned[x as usize],
        &mut ctx.checks,
    )
}

pub(super) fn post(con: &Constraint, level: AllDifferentLevel) -> Posted<'_> {
    match level {
        AllDifferentLevel::Value => Box::new(Disequalities {
            con,
            newly_fixed: Vec::new(),
        }),
        _ => Box::new(Stronger {
            con,
            level,
            hall: HallIntervals::default(),
            matching: Matching::default(),
            order: (0..con.scope.len() as u32).collect(),
            aside: SetAside::default(),
        }),
    }
}

/// Pairwise disequality of the views of one constraint.
pub(crate) struct Disequalities<'m> {
    con: &'m Constraint,
    /// Variables that became fixed and whose value has not yet been
    /// eliminated from the other views.
    newly_fixed: Vec<u32>,
}

impl Propagator for Disequalities<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Pairwise
    }

    /// Compares `var`'s view values with every assigned view in the scope.
    fn consistent_so_far(&mut self, ctx: &mut Ctx<'_>, var: u32, _c: u32) -> bool {
        !clashes_assigned(self.con, ctx, var)
    }

    /// Walks the views, skipping assigned variables (the merged
    /// propagator does this for one-word models).
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, x: u32, _open: u32) -> Option<Prop> {
        let v = ctx.values[x as usize];
        let scope = &self.con.scope;
        for own in scope.iter().filter(|view| view.var.index == x) {
            let t = own.value_of(v);
            for other in scope {
                let y = other.var.index;
                if y == x || ctx.assigned[y as usize] {
                    continue;
                }
                ctx.count_check();
                if let Err(e) = ctx.remove(y, t - other.offset) {
                    return Some(Err(e));
                }
            }
        }
        Some(Ok(()))
    }

    /// Value elimination: each fixed variable costs one pass over the
    /// scope; variables these removals fix are processed in turn.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let scope = &self.con.scope;
        while let Some(x) = self.newly_fixed.pop() {
            let Some(s) = ctx.store.single(x) else {
                continue;
            };
            for (i, a) in scope.iter().enumerate() {
                if a.var.index != x {
                    continue;
                }
                let t = s + a.offset;
                for (j, b) in scope.iter().enumerate() {
                    let y = b.var.index;
                    if j == i || y == x {
                        continue;
                    }
                    ctx.count_check();
                    let before = ctx.pruned;
                    if let Err(e) = ctx.remove(y, t - b.offset) {
                        self.newly_fixed.clear();
                        return Err(e);
                    }
                    if ctx.pruned != before && ctx.store.size(y) == 1 {
                        self.newly_fixed.push(y);
                    }
                }
            }
        }
        Ok(())
    }

    fn fixed(&mut self, var: u32) {
        self.newly_fixed.push(var);
    }

    fn clear(&mut self) {
        self.newly_fixed.clear();
    }

    /// `[y != w]` because another view's variable is fixed so that its
    /// view takes the value `y`'s view would take at `w`; a failure because
    /// two views of distinct variables are fixed to the same value (or a
    /// view repeats: the constraint alone fails).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let scope = &self.con.scope;
        // The value of `var` that puts view `a` at `target`, if `var` is fixed there.
        // (`contains` first: a cheaper read than the bounds, and false for
        // most views.)
        let fixed_at = |a: &crate::var::View, target: i64| {
            let s = target.checked_sub(a.offset)?;
            let at = d.contains(a.var.index, s) && d.single(a.var.index) == Some(s);
            at.then(|| Lit::equal(a.var.index, s))
        };
        match what {
            Inferred::Lit(Lit {
                var: y,
                relation: Relation::NotEqual,
                value: w,
            }) => scope
                .iter()
                .filter(|b| b.var.index == y)
                .filter_map(|b| w.checked_add(b.offset))
                .find_map(|t| {
                    (scope.iter())
                        .filter(|a| a.var.index != y)
                        .find_map(|a| fixed_at(a, t))
                })
                .map(|lit| vec![lit]),
            Inferred::Lit(_) => None,
            Inferred::Failure if self.con.self_conflict => Some(Vec::new()),
            Inferred::Failure => scope.iter().enumerate().find_map(|(i, a)| {
                let t = d.single(a.var.index)?.checked_add(a.offset)?;
                let b = (scope[i + 1..].iter())
                    .filter(|b| b.var.index != a.var.index)
                    .find_map(|b| fixed_at(b, t))?;
                Some(conjunction(vec![Lit::equal(a.var.index, t - a.offset), b]))
            }),
        }
    }
}

/// All-different at bounds or domain consistency.
pub(crate) struct Stronger<'m> {
    con: &'m Constraint,
    level: AllDifferentLevel,
    hall: HallIntervals,
    matching: Matching,
    /// The bounds level's views by scope position, those whose fixed value
    /// has not yet left the others first: `order[..open]`, `open` read
    /// from [`Stronger::aside`] (arc consistency's runs only).
    order: Vec<u32>,
    aside: SetAside,
}

impl Stronger<'_> {
    /// Filters to the constraint's own fixpoint at its level; `aside`:
    /// a fixed view whose value has left the others is set aside (arc
    /// consistency's fixpoint, on the trail), else every fixed view's
    /// value is eliminated again.
    fn filter(&mut self, ctx: &mut Ctx<'_>, aside: bool) -> Prop {
        loop {
            let before = ctx.pruned;
            match self.level {
                AllDifferentLevel::Domain => self.matching.filter(ctx, self.con)?,
                _ => {
                    if aside {
                        self.eliminate_newly_fixed(ctx)?;
                    } else {
                        eliminate_fixed(ctx, self.con)?;
                    }
                    self.narrow_bounds(ctx)?;
                }
            }
            let again = self.level != AllDifferentLevel::Domain || self.con.has_repeated_vars();
            if ctx.pruned == before || !again {
                return Ok(());
            }
        }
    }

    /// Value elimination from the views fixed since their last run, each
    /// then set aside: below this node its value has left the others for
    /// good, so a deep node does not eliminate every fixed value again.
    fn eliminate_newly_fixed(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let (mut open, _) = self.aside.read(ctx.store, self.order.len());
        let mut k = 0;
        while k < open {
            let a = self.con.scope[self.order[k] as usize];
            let Some(s) = ctx.fixed_value(a.var.index) else {
                k += 1;
                continue;
            };
            eliminate_value(ctx, self.con, a, s + a.offset)?;
            open -= 1;
            self.order.swap(k, open);
        }
        self.aside.write(ctx.store, open, 0);
        Ok(())
    }

    /// One Hall interval pass over the views' current bounds.
    fn narrow_bounds(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.hall.clear();
        for view in &self.con.scope {
            let (lo, hi) = view_bounds(ctx, view.var.index).ok_or(Wipeout)?;
            self.hall.push(lo + view.offset, hi + view.offset);
        }
        ctx.count_check();
        self.hall.narrow()?;
        for (i, view) in self.con.scope.iter().enumerate() {
            let x = view.var.index;
            if !ctx.assigned[x as usize] {
                let (lo, hi) = (self.hall.lo[i] - view.offset, self.hall.hi[i] - view.offset);
                ctx.restrict_bounds(x, lo as i128, hi as i128)?;
            }
        }
        Ok(())
    }
}

/// A variable's least and greatest value (its value once assigned).
fn view_bounds(ctx: &Ctx<'_>, x: u32) -> Option<(i64, i64)> {
    if ctx.assigned[x as usize] {
        let v = ctx.values[x as usize] as i64;
        return Some((v, v));
    }
    Some((ctx.store.min(x)?, ctx.store.max(x)?))
}

/// Value elimination from every fixed view: its value leaves the views of
/// the other variables (an assigned one that takes it is a conflict).
fn eliminate_fixed(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    for &a in &con.scope {
        if let Some(s) = ctx.fixed_value(a.var.index) {
            eliminate_value(ctx, con, a, s + a.offset)?;
        }
    }
    Ok(())
}

/// Value `t`, which view `a` is fixed to, leaves the views of the other
/// variables.
fn eliminate_value(ctx: &mut Ctx<'_>, con: &Constraint, a: View, t: i64) -> Prop {
    for b in &con.scope {
        let y = b.var.index;
        if b.var == a.var {
            continue;
        }
        ctx.count_check();
        if !ctx.assigned[y as usize] {
            ctx.remove(y, t - b.offset)?;
        } else if ctx.values[y as usize] as i64 + b.offset == t {
            return Err(Wipeout);
        }
    }
    Ok(())
}

impl Propagator for Stronger<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        match self.level {
            AllDifferentLevel::Domain => Priority::Table,
            _ => Priority::Linear,
        }
    }

    /// The pairwise check, as value elimination's: backtracking judges
    /// the assigned views only.
    fn consistent_so_far(&mut self, ctx: &mut Ctx<'_>, var: u32, _c: u32) -> bool {
        !clashes_assigned(self.con, ctx, var)
    }

    /// Forward checking runs the whole filter after each assignment in the
    /// scope (so it removes at least what value elimination would).
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, _open: u32) -> Option<Prop> {
        Some(self.filter(ctx, false))
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.filter(ctx, true)
    }
}

#[cfg(test)]
mod tests {
    use crate::{AllDifferentLevel, Model, Solver, Strategy, VarId};

    const LEVELS: [AllDifferentLevel; 3] = [
        AllDifferentLevel::Value,
        AllDifferentLevel::Bounds,
        AllDifferentLevel::Domain,
    ];

    /// (solutions, nodes, failures) of `vars` all different at `level`
    /// under arc consistency, input order.
    fn run(domains: &[&[i32]], level: AllDifferentLevel) -> (u64, u64, u64) {
        let mut m = Model::new();
        let x: Vec<VarId> = domains
            .iter()
            .map(|d| m.int_var(d.to_vec()).unwrap())
            .collect();
        m.all_different_with(&x, level).unwrap();
        let outcome = Solver::new(&m).strategy(Strategy::ArcConsistency).count();
        let s = &outcome.stats;
        (outcome.solutions(), s.nodes, s.failures)
    }

    #[test]
    fn pigeonhole_fails_at_the_root_under_bounds_and_domain_only() {
        let three_over_two: &[&[i32]] = &[&[1, 2], &[1, 2], &[1, 2]];
        let value = run(three_over_two, AllDifferentLevel::Value);
        assert_eq!(value.0, 0);
        assert!(
            value.1 > 0 && value.2 > 0,
            "value elimination searches: {value:?}"
        );
        for level in [AllDifferentLevel::Bounds, AllDifferentLevel::Domain] {
            // The root is the only node.
            assert_eq!(run(three_over_two, level), (0, 1, 0), "{level}");
        }
    }

    #[test]
    fn a_hall_interval_prunes_before_search() {
        // z first: {1, 2} is x's and y's, so z = 3 at the root.
        let case: &[&[i32]] = &[&[1, 2, 3], &[1, 2], &[1, 2]];
        let value = run(case, AllDifferentLevel::Value);
        assert_eq!((value.0, value.2 > 0), (2, true), "{value:?}");
        for level in [AllDifferentLevel::Bounds, AllDifferentLevel::Domain] {
            assert_eq!(run(case, level).2, 0, "{level}: no failure");
        }
    }

    #[test]
    fn matching_prunes_what_bounds_miss() {
        // x, y in {1, 3} are a Hall set but not an interval: only the
        // matching leaves z = 2 alone.
        let case: &[&[i32]] = &[&[1, 2, 3], &[1, 3], &[1, 3]];
        let (value, bounds, domain) = (
            run(case, AllDifferentLevel::Value),
            run(case, AllDifferentLevel::Bounds),
            run(case, AllDifferentLevel::Domain),
        );
        assert_eq!((value.0, bounds.0, domain.0), (2, 2, 2));
        assert!(bounds.2 > 0, "bounds fails on z = 1 and z = 3: {bounds:?}");
        assert_eq!(domain.2, 0, "{domain:?}");
    }

    #[test]
    fn value_elimination_is_part_of_every_level() {
        // A fixed view in the middle of another's range: bounds alone keep
        // 2 in the others, value elimination removes it.
        let case: &[&[i32]] = &[&[2], &[1, 2, 3], &[1, 2, 3]];
        for level in LEVELS {
            let (solutions, _, failures) = run(case, level);
            assert_eq!((solutions, failures), (2, 0), "{level}");
        }
    }

    #[test]
    fn offset_views_and_repeated_variables_are_filtered_soundly() {
        // x, x + 1 and y over {0, 1, 2}: x + 1 != x always, y differs from both.
        for level in LEVELS {
            let mut m = Model::new();
            let x = m.int_var(0..=2).unwrap();
            let y = m.int_var(0..=2).unwrap();
            m.all_different_with([x.into(), x + 1, y.into()], level)
                .unwrap();
            for strategy in Strategy::ALL.iter().copied() {
                let mut found: Vec<Vec<i32>> = Solver::new(&m)
                    .strategy(strategy)
                    .search()
                    .map(|s| s.values().to_vec())
                    .collect();
                found.sort();
                assert_eq!(
                    found,
                    vec![vec![0, 2], vec![1, 0], vec![2, 0], vec![2, 1]],
                    "{level} {strategy}"
                );
            }
        }
    }

    #[test]
    fn a_solver_default_reaches_the_constraints_that_did_not_choose() {
        let mut m = Model::new();
        let x = m.int_vars(3, 1..=2).unwrap();
        m.all_different(&x).unwrap();
        let solver = Solver::new(&m).strategy(Strategy::ArcConsistency);
        assert!(solver.clone().count().stats.nodes > 0);
        let strong = solver
            .all_different_level(AllDifferentLevel::Bounds)
            .count();
        assert_eq!((strong.solutions(), strong.stats.nodes), (0, 1));
        // A constraint that chose value elimination keeps it.
        let mut chose = Model::new();
        let y = chose.int_vars(3, 1..=2).unwrap();
        chose
            .all_different_with(&y, AllDifferentLevel::Value)
            .unwrap();
        let kept = Solver::new(&chose)
            .strategy(Strategy::ArcConsistency)
            .all_different_level(AllDifferentLevel::Domain)
            .count();
        assert!(kept.stats.nodes > 0);
    }

    #[test]
    fn local_search_counts_conflicts_of_every_level_pairwise() {
        // 60 queens with matching-level constraints: min-conflicts repairs
        // them pair by pair as it does value-level ones (checked whole, a
        // violated all-different would say nothing of which queens clash).
        let n = 60;
        let mut m = Model::new();
        let q = m.int_vars(n, 0..n as i32).unwrap();
        let level = AllDifferentLevel::Domain;
        m.all_different_with(&q, level).unwrap();
        m.all_different_with(q.iter().enumerate().map(|(i, &x)| x + i as i32), level)
            .unwrap();
        m.all_different_with(q.iter().enumerate().map(|(i, &x)| x - i as i32), level)
            .unwrap();
        let outcome = crate::MinConflicts::new(&m).seed(1).solve();
        assert!(outcome.status.is_solved(), "{:?}", outcome.status);
        assert!(m.is_solution(outcome.solution.unwrap().values()));
    }
}
