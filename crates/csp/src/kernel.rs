//! The slot backend of the search loop: forward checking on the models
//! where it is pure bit arithmetic.
//!
//! It serves forward checking with the input or smallest-domain-first
//! variable order and ascending or descending values, no restarts, on models whose domains fit one word,
//! where the merged pairwise propagator (neighbour lists) exists: n-queens,
//! its symmetry-restricted searches (the `--unique` model's predicates),
//! Latin squares, colouring. The loop is the one in `search_loop.rs`
//! (frames, events, statistics, limits); this backend supplies the levels'
//! variables and values and the propagation. The other constraints run
//! their own forward filters exactly as on the trail backend, on the store,
//! with its trail. For the disequalities the trail is not needed:
//!
//! * with the input order, the unassigned neighbours of the variable at
//!   depth `d` are exactly its neighbours after it: a suffix of its
//!   neighbour groups, walked without testing "assigned" (with smallest
//!   domain first, every group is walked and the assigned skipped);
//! * the candidates of a level are its live domain word, taken bit by bit;
//! * each neighbour's word is saved in a fixed slot (one per neighbour
//!   group) before it is masked, so undoing is copying the slots back: no
//!   trail, no per-value bookkeeping, no counters (the other constraints'
//!   removals go on the trail, undone first).
//!
//! Per tried value that is, per later neighbour, one shift, one masked
//! write and one zero test: what a bit-mask n-queens counter computes per
//! row, computed from the model. The tree, the statistics and the observer
//! events are the trail backend's, event for event (tests compare the two).

use super::search_loop::{self, Backend};
use super::{Frame, Search};
use crate::constraint::Constraint;
use crate::model::ConstraintId;
use crate::observer::Observer;
use crate::propagators::{Delta, Neighbours};
use crate::store::Store;
use crate::var::VarId;

type Word = usize;

pub(crate) struct Kernel {
    /// Per variable `x`: where its neighbour groups whose variable comes
    /// after `x` are (a suffix: the groups are sorted by neighbour); with a
    /// dynamic order, all its groups.
    later: Vec<(u32, u32)>,
    /// The variable order is dynamic (smallest domain first): the
    /// unassigned neighbours are found by testing, not by position.
    dynamic: bool,
    /// Per neighbour group: its neighbour's domain before the group's
    /// variable was assigned.
    saved: Vec<Word>,
    /// Some constraint is not pairwise: its forward filter runs on the
    /// store, which needs the assigned flags and the unassigned counts.
    nary: bool,
    descending: bool,
}

impl Kernel {
    /// The backend for these neighbour lists over `n` variables.
    pub fn new(
        nb: &Neighbours,
        constraints: &[Constraint],
        n: usize,
        descending: bool,
        dynamic: bool,
    ) -> Kernel {
        let later = (0..n as u32)
            .map(|x| {
                let range = nb.range(x);
                let after = if dynamic {
                    0
                } else {
                    nb.groups[range.clone()].partition_point(|g| g.y < x)
                };
                ((range.start + after) as u32, range.end as u32)
            })
            .collect();
        let nary = constraints.iter().any(|c| !c.is_pairwise());
        Kernel {
            later,
            dynamic,
            nary,
            saved: vec![0; nb.groups.len()],
            descending,
        }
    }

    /// Runs the search loop on this backend (see `search_loop::run`),
    /// monomorphised for the static or the dynamic order, with or without
    /// constraints that are not pairwise.
    pub fn run<O: Observer>(&mut self, s: &mut Search<'_, O>, nb: &Neighbours) -> bool {
        match (self.dynamic, self.nary) {
            (false, false) => search_loop::run(s, &mut Slots::<false, false> { k: self, nb }),
            (false, true) => search_loop::run(s, &mut Slots::<false, true> { k: self, nb }),
            (true, false) => search_loop::run(s, &mut Slots::<true, false> { k: self, nb }),
            (true, true) => search_loop::run(s, &mut Slots::<true, true> { k: self, nb }),
        }
    }

    /// Restores the unassigned neighbours of `x` from their slots, for the
    /// first `count` later groups (all of them when `count` is `None`).
    #[inline(always)]
    fn restore<const DYNAMIC: bool>(
        &self,
        store: &mut Store,
        nb: &Neighbours,
        assigned: &[bool],
        x: u32,
        count: Option<usize>,
    ) {
        let (start, end) = self.later[x as usize];
        let start = start as usize;
        let end = count.map_or(end as usize, |c| start + c);
        let (words, _) = store.words_and_bases();
        for (group, &old) in nb.groups[start..end].iter().zip(&self.saved[start..end]) {
            if DYNAMIC && assigned[group.y as usize] {
                continue;
            }
            words[group.y as usize] = old;
        }
    }
}

/// The backend for one run of the loop: the kernel's slots and the
/// neighbour lists, borrowed apart from the search; `DYNAMIC` when the
/// variable order is smallest-domain-first, `NARY` when some constraint is
/// not pairwise.
struct Slots<'a, const DYNAMIC: bool, const NARY: bool> {
    k: &'a mut Kernel,
    nb: &'a Neighbours,
}

impl<const DYNAMIC: bool, const NARY: bool> Slots<'_, DYNAMIC, NARY> {
    /// The assigned flags are kept: a dynamic order reads them, and so do
    /// the other constraints' filters.
    const TRACK: bool = DYNAMIC || NARY;
}

impl<'m, O: Observer, const DYNAMIC: bool, const NARY: bool> Backend<'m, O>
    for Slots<'_, DYNAMIC, NARY>
{
    /// An assigned variable's word keeps the values its propagation did
    /// not need to remove.
    const FIXES_DOMAINS: bool = false;
    /// `Solver::kernel_applies` excludes restarts.
    const RESTARTS: bool = false;

    #[inline(always)]
    fn open(&mut self, s: &mut Search<'m, O>, depth: usize) {
        let var = if DYNAMIC {
            let best = depth + smallest_domain(&s.order[depth..], s.store.words());
            debug_assert_eq!(
                best,
                crate::branching::select_var(s, depth),
                "the branching code's choice"
            );
            s.order.swap(depth, best);
            s.order[depth]
        } else {
            depth as u32
        };
        s.frames.push(Frame {
            var,
            mark: 0,
            cursor: 0,
            end: 0,
            start: 0,
            left: s.store.word(var),
        });
    }

    #[inline(always)]
    fn next_value(&mut self, s: &mut Search<'m, O>, top: usize) -> Option<(u32, i32)> {
        let frame = &mut s.frames[top];
        let left = frame.left;
        if left == 0 {
            return None;
        }
        let bit = if self.k.descending {
            Word::BITS - 1 - left.leading_zeros()
        } else {
            left.trailing_zeros()
        };
        frame.left = left & !(1 << bit);
        let var = frame.var;
        Some((var, (s.store.base(var) + bit as i64) as i32))
    }

    #[inline(always)]
    fn close(&mut self, s: &mut Search<'m, O>, _top: usize) {
        s.frames.pop();
    }

    #[inline(always)]
    fn assign(&mut self, s: &mut Search<'m, O>, top: usize, x: u32, value: i32) -> bool {
        let id = s.var_id(x);
        s.observer.choose(id, value, top + 1);
        s.values[x as usize] = value;
        if Self::TRACK {
            s.assigned[x as usize] = true;
            s.occupancy.assign(s.model.constraints_of(x));
        }
        self.propagate(s, top, x, value as i64)
    }

    #[inline(always)]
    fn undo(&mut self, s: &mut Search<'m, O>, top: usize) {
        let frame = s.frames[top];
        let x = frame.var;
        if NARY {
            s.store.undo(frame.mark);
        }
        if Self::TRACK {
            s.assigned[x as usize] = false;
            s.occupancy.unassign(s.model.constraints_of(x));
        }
        self.k
            .restore::<DYNAMIC>(&mut s.store, self.nb, &s.assigned, x, None);
        let id = s.var_id(x);
        s.observer.unchoose(id, s.values[x as usize], top + 1);
    }

    #[inline(always)]
    fn retract(&mut self, s: &mut Search<'m, O>, top: usize) {
        // The slots were restored when the propagation failed.
        let x = s.frames[top].var;
        if Self::TRACK {
            s.assigned[x as usize] = false;
            s.occupancy.unassign(s.model.constraints_of(x));
        }
        let id = s.var_id(x);
        s.observer.unchoose(id, s.values[x as usize], top + 1);
    }
}

impl<const DYNAMIC: bool, const NARY: bool> Slots<'_, DYNAMIC, NARY> {
    /// Forward checking of `x = v` at level `top`: each later neighbour's
    /// word is saved and masked, then the other constraints filter as on
    /// the trail backend; on a wipe-out everything is put back at once.
    #[inline(always)]
    fn propagate<O: Observer>(
        &mut self,
        s: &mut Search<'_, O>,
        top: usize,
        x: u32,
        v: i64,
    ) -> bool {
        let (k, nb) = (&mut *self.k, self.nb);
        let (start, end) = k.later[x as usize];
        let (start, end) = (start as usize, end as usize);
        let groups = &nb.groups[start..end];
        // The fields borrowed apart: the loop runs over plain slices.
        let Search {
            store,
            stats,
            observer,
            assigned,
            model,
            ..
        } = s;
        let model_id = model.id();
        let (words, bases) = store.words_and_bases();
        for (i, (group, saved)) in groups.iter().zip(&mut k.saved[start..end]).enumerate() {
            let y = group.y as usize;
            if DYNAMIC && assigned[y] {
                continue;
            }
            let old = words[y];
            *saved = old;
            let mask = nb.mask(group, v);
            let new = old & !mask;
            words[y] = new;
            stats.checks += group.len as u64;
            let removed = old & mask;
            // Branch-free: whether a value goes is as good as random.
            stats.pruned += removed.count_ones() as u64;
            if O::WANTS_PRUNES && removed != 0 {
                let id = VarId {
                    model: model_id,
                    index: group.y,
                };
                report_prunes(observer, id, bases[y], v, removed, nb.deltas_of(group));
            }
            if new == 0 {
                // (No culprit: no order this backend serves reads weights.)
                k.restore::<DYNAMIC>(store, nb, assigned, x, Some(i + 1));
                return false;
            }
        }
        if NARY {
            let mark = s.store.mark();
            s.frames[top].mark = mark;
            if !s.forward_others(x) {
                s.store.undo(mark);
                k.restore::<DYNAMIC>(&mut s.store, nb, &s.assigned, x, None);
                return false;
            }
        }
        true
    }
}

/// Smallest domain first, ties to the earliest: the position in `vars` of
/// the first variable of least size, what the branching code's ranking
/// picks (debug builds compare them), read straight from the domain words.
/// An unassigned variable's domain is never empty here (a wipe-out fails at
/// once, and declared domains are not empty), so the first variable with
/// one value ends the scan.
#[inline(always)]
fn smallest_domain(vars: &[u32], words: &[Word]) -> usize {
    let mut best = 0;
    let mut least = u32::MAX;
    for (i, &x) in vars.iter().enumerate() {
        let word = words[x as usize];
        if word & word.wrapping_sub(1) == 0 {
            return i;
        }
        let size = word.count_ones();
        if size < least {
            best = i;
            least = size;
        }
    }
    best
}

/// Reports to `observer` each value of `y` (bit 0 standing for `base`) in
/// `removed`, which `x = v` just ruled out through `deltas` (a group's
/// run), naming the constraint behind it.
#[inline(always)]
fn report_prunes<O: Observer>(
    observer: &mut O,
    y: VarId,
    base: i64,
    v: i64,
    removed: usize,
    deltas: &[Delta],
) {
    let mut left = removed;
    for d in deltas {
        let bit = v.wrapping_add(d.delta) as u64;
        if bit < usize::BITS as u64 && left & (1 << bit) != 0 {
            left &= !(1 << bit);
            let value = (base + bit as i64) as i32;
            observer.prune(y, value, ConstraintId(d.constraint));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Limits, Model, Solver, Tracer, ValueOrder};
    use proptest::prelude::*;

    /// A pairwise model as data: per variable a domain, and constraints as
    /// lists of (variable, offset) views (two views: a not-equal).
    #[derive(Clone, Debug)]
    struct Spec {
        domains: Vec<Vec<i32>>,
        constraints: Vec<Vec<(usize, i32)>>,
        /// `x[v] <= bound` (an n-ary kind of constraint on one variable).
        bounds: Vec<(usize, i64)>,
        /// Binary constraints of the other kinds: `x[a] + x[b] <= bound`
        /// (linear) and `(x[a] - x[b]) mod 3 != r` (a predicate, as the
        /// `--unique` n-queens model adds).
        binary: Vec<(usize, usize, i64, bool)>,
    }

    fn spec() -> impl Strategy<Value = Spec> {
        (1..=7usize).prop_flat_map(|n| {
            // Values up to 80 apart: some domains span more than a word,
            // which must leave the model to the generic loop.
            let domain = proptest::collection::btree_set(-8..=72i32, 1..=7)
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            let view = (0..n, -9..=9i32);
            (
                proptest::collection::vec(domain, n),
                proptest::collection::vec(proptest::collection::vec(view, 1..=5), 0..=6),
                proptest::collection::vec((0..n, -8..=72i64), 0..=2),
                proptest::collection::vec((0..n, 0..n, -8..=100i64, any::<bool>()), 0..=2),
            )
                .prop_map(|(domains, constraints, bounds, binary)| Spec {
                    domains,
                    constraints,
                    bounds,
                    binary,
                })
        })
    }

    fn build(spec: &Spec) -> (Model, Vec<crate::VarId>) {
        let mut m = Model::new();
        let x: Vec<_> = spec
            .domains
            .iter()
            .map(|d| m.int_var(d.clone()).unwrap())
            .collect();
        for views in &spec.constraints {
            let scope = views.iter().map(|&(v, c)| x[v] + c);
            if views.len() == 2 {
                let (a, b) = (views[0], views[1]);
                m.not_equal(x[a.0] + a.1, x[b.0] + b.1).unwrap();
            } else {
                m.all_different(scope).unwrap();
            }
        }
        for &(v, bound) in &spec.bounds {
            m.linear([(1, x[v] + 0)], crate::Cmp::Le, bound).unwrap();
        }
        for &(a, b, bound, linear) in &spec.binary {
            if linear {
                m.linear([(1, x[a] + 0), (1, x[b] + 0)], crate::Cmp::Le, bound)
                    .unwrap();
            } else {
                let r = bound.rem_euclid(3);
                m.predicate([x[a], x[b]], move |v| (v[0] - v[1]).rem_euclid(3) != r)
                    .unwrap();
            }
        }
        (m, x)
    }

    /// Everything a caller can see of a search: the traced events (prunes
    /// included), the solutions, the path where it stopped, and the outcome.
    type Seen = (String, Vec<Vec<i32>>, Vec<(crate::VarId, i32)>, String);

    fn run(solver: &Solver<'_>) -> Seen {
        let mut search = solver.search_with(Tracer::new(Vec::new()).with_prunes());
        let solutions: Vec<Vec<i32>> = search.by_ref().map(|s| s.into_values()).collect();
        let path = search.path();
        let mut outcome = search.outcome();
        outcome.stats.elapsed = Default::default();
        // The one thing allowed to differ: which path ran.
        outcome.stats.path = None;
        let events = String::from_utf8(search.into_observer().into_inner()).unwrap();
        (events, solutions, path, format!("{outcome:?}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(400)))]

        /// The slot backend and the trail backend are the same search: same
        /// events in the same order, same solutions, same statistics, same
        /// place to stop under every kind of limit.
        #[test]
        fn the_slot_backend_makes_the_trail_backends_search(
            spec in spec(),
            descending in any::<bool>(),
            smallest in any::<bool>(),
            limit in 0..6usize,
            amount in 0..40u64,
            assume in proptest::option::of((0..7usize, -8..=72i32)),
        ) {
            let (model, x) = build(&spec);
            let limits = match limit {
                0 => Limits { nodes: Some(amount), ..Limits::default() },
                1 => Limits { failures: Some(amount), ..Limits::default() },
                2 => Limits { backtracks: Some(amount), ..Limits::default() },
                3 => Limits { solutions: Some(amount.max(1)), ..Limits::default() },
                _ => Limits::default(),
            };
            let order = if descending { ValueOrder::Descending } else { ValueOrder::Ascending };
            let var_order = if smallest { crate::VarOrder::SmallestDomain } else { crate::VarOrder::Input };
            let mut solver = Solver::new(&model)
                .value_order(order)
                .var_order(var_order)
                .limits(limits);
            if let Some((v, value)) = assume.filter(|&(v, _)| v < x.len()) {
                solver = solver.assume([(x[v], value)]).unwrap();
            }
            let fast = run(&solver);
            let generic = run(&solver.clone().without_kernel());
            prop_assert_eq!(fast, generic);
        }
    }

    #[test]
    fn the_slot_backend_serves_pairwise_one_word_models_only() {
        let mut m = Model::new();
        let q = m.int_vars(8, 0..8).unwrap();
        m.all_different(&q).unwrap();
        let uses_kernel = |s: &Solver<'_>| s.search().kernel.is_some();
        assert!(uses_kernel(&Solver::new(&m)));
        assert!(!uses_kernel(&Solver::new(&m).without_kernel()));
        assert!(!uses_kernel(
            &Solver::new(&m).value_order(ValueOrder::MiddleOut)
        ));
        assert!(uses_kernel(
            &Solver::new(&m).var_order(crate::VarOrder::SmallestDomain)
        ));
        assert!(!uses_kernel(
            &Solver::new(&m).var_order(crate::VarOrder::DomDeg)
        ));
        let wide = m.int_var(0..100).unwrap();
        m.not_equal(wide, q[0]).unwrap();
        assert!(!uses_kernel(&Solver::new(&m)), "a two-word domain");
        let mut n = Model::new();
        let y = n.int_vars(3, 0..3).unwrap();
        n.linear([(1, y[0] + 0), (1, y[1] + 0)], crate::Cmp::Le, 3)
            .unwrap();
        assert!(uses_kernel(&Solver::new(&n)), "an n-ary constraint");
        assert!(
            !uses_kernel(&Solver::new(&n).strategy(crate::Strategy::ArcConsistency)),
            "forward checking only"
        );
        let mut u = Model::new();
        let z = u.int_vars(3, 0..3).unwrap();
        u.all_different(&z).unwrap();
        u.linear([(1, z[0] + 0)], crate::Cmp::Le, 1).unwrap();
        assert!(uses_kernel(&Solver::new(&u)), "a unary bound");
    }
}
