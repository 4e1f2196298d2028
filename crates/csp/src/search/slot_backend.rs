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
//!   neighbour groups, walked without testing "assigned"; with smallest
//!   domain first over at most 64 variables they are the intersection of
//!   two bit sets (its neighbours, the unassigned), and beyond that every
//!   group is walked and the assigned skipped;
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
use crate::model::ConstraintId;
use crate::observer::Observer;
use crate::propagators::merged::{each_removal, shifted};
use crate::propagators::Constraint;
use crate::propagators::Neighbours;
use crate::store::Store;
use crate::var::VarId;

type Word = usize;

pub(crate) struct SlotBackend {
    /// Per variable `x`: where its neighbour groups whose variable comes
    /// after `x` are (a suffix: the groups are sorted by neighbour); with a
    /// dynamic order, all its groups.
    later: Vec<(u32, u32)>,
    /// The variable order is dynamic (smallest domain first): the
    /// unassigned neighbours are found by testing, not by position.
    dynamic: bool,
    /// Per neighbour group (same index), what the loop over a variable's
    /// neighbours reads and writes, side by side.
    slots: Vec<Slot>,
    /// Some constraint is not pairwise: its forward filter runs on the
    /// store, which needs the assigned flags and the unassigned counts.
    nary: bool,
    descending: bool,
    /// With a dynamic order over at most one word of variables: per
    /// variable, its neighbours as a bit set (empty otherwise).
    neighbour_set: Vec<u64>,
    /// The unassigned variables as a bit set (kept when `neighbour_set` is).
    unassigned: u64,
}

impl SlotBackend {
    /// The backend for these neighbour lists over `n` variables.
    pub fn new(
        nb: &Neighbours,
        constraints: &[Constraint],
        n: usize,
        descending: bool,
        dynamic: bool,
        sets: bool,
    ) -> SlotBackend {
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
        // A dynamic order finds the unassigned neighbours by intersecting
        // bit sets where the variables fit a word: no test per assigned
        // neighbour, no mispredicted skip (about 2.5 times faster on
        // n-queens with smallest-domain-first).
        let neighbour_set = if dynamic && sets && n <= u64::BITS as usize {
            (0..n as u32)
                .map(|x| nb.of(x).iter().fold(0u64, |set, g| set | 1 << g.y))
                .collect()
        } else {
            Vec::new()
        };
        SlotBackend {
            later,
            dynamic,
            nary,
            slots: nb
                .groups
                .iter()
                .map(|g| Slot {
                    y: g.y,
                    checks: g.len,
                    low: g.low,
                    pattern: g.pattern,
                    saved: 0,
                })
                .collect(),
            descending,
            neighbour_set,
            unassigned: (0..n.min(u64::BITS as usize)).fold(0, |set, x| set | 1 << x),
        }
    }

    /// Runs the search loop on this backend (see `search_loop::run`),
    /// monomorphised for the static or the dynamic order, with or without
    /// constraints that are not pairwise.
    pub fn run<O: Observer>(&mut self, s: &mut Search<'_, O>, nb: &Neighbours) -> bool {
        let set = !self.neighbour_set.is_empty();
        match (self.dynamic, set, self.nary) {
            (false, _, false) => {
                search_loop::run(s, &mut Slots::<false, false, false> { k: self, nb })
            }
            (false, _, true) => {
                search_loop::run(s, &mut Slots::<false, false, true> { k: self, nb })
            }
            (true, false, false) => {
                search_loop::run(s, &mut Slots::<true, false, false> { k: self, nb })
            }
            (true, false, true) => {
                search_loop::run(s, &mut Slots::<true, false, true> { k: self, nb })
            }
            (true, true, false) => {
                search_loop::run(s, &mut Slots::<true, true, false> { k: self, nb })
            }
            (true, true, true) => {
                search_loop::run(s, &mut Slots::<true, true, true> { k: self, nb })
            }
        }
    }

    /// Restores the unassigned neighbours of `x` from their slots, for the
    /// first `count` later groups (all of them when `count` is `None`).
    #[inline(always)]
    fn restore<const DYNAMIC: bool>(
        &self,
        store: &mut Store,
        assigned: &[bool],
        x: u32,
        count: Option<usize>,
    ) {
        let (start, end) = self.later[x as usize];
        let start = start as usize;
        let end = count.map_or(end as usize, |c| start + c);
        let (words, _) = store.words_and_bases();
        for slot in &self.slots[start..end] {
            if DYNAMIC && assigned[slot.y as usize] {
                continue;
            }
            words[slot.y as usize] = slot.saved;
        }
    }

    /// Restores every unassigned neighbour of `x` from its slot, by the
    /// bit sets (`SET`) or by the groups.
    #[inline(always)]
    fn restore_unassigned<const DYNAMIC: bool, const SET: bool>(
        &self,
        store: &mut Store,
        assigned: &[bool],
        x: u32,
    ) {
        if SET {
            let todo = self.neighbour_set[x as usize] & self.unassigned;
            self.restore_set(store, x, todo);
        } else {
            self.restore::<DYNAMIC>(store, assigned, x, None);
        }
    }

    /// Restores from their slots the neighbours of `x` in `done` (a bit
    /// set of variables; a dynamic order over at most one word of them).
    #[inline(always)]
    fn restore_set(&self, store: &mut Store, x: u32, done: u64) {
        let start = self.later[x as usize].0 as usize;
        let neighbours = self.neighbour_set[x as usize];
        let (words, _) = store.words_and_bases();
        let mut left = done;
        while left != 0 {
            let y = left.trailing_zeros() as usize;
            left &= left - 1;
            let i = start + (neighbours & ((1 << y) - 1)).count_ones() as usize;
            words[y] = self.slots[i].saved;
        }
    }
}

/// The backend for one run of the loop: the slot backend's slots and the
/// neighbour lists, borrowed apart from the search; `DYNAMIC` when the
/// variable order is smallest-domain-first, `SET` when the unassigned
/// neighbours come from bit sets (a dynamic order over at most one word of
/// variables), `NARY` when some constraint is not pairwise.
struct Slots<'a, const DYNAMIC: bool, const SET: bool, const NARY: bool> {
    k: &'a mut SlotBackend,
    nb: &'a Neighbours,
}

impl<const DYNAMIC: bool, const SET: bool, const NARY: bool> Slots<'_, DYNAMIC, SET, NARY> {
    /// The assigned flags are kept where they are read: by the other
    /// constraints' filters, and by a dynamic order's walk over the
    /// neighbours without the bit sets.
    const TRACK: bool = (DYNAMIC && !SET) || NARY;
}

impl<'m, O: Observer, const DYNAMIC: bool, const SET: bool, const NARY: bool> Backend<'m, O>
    for Slots<'_, DYNAMIC, SET, NARY>
{
    /// An assigned variable's word keeps the values its propagation did
    /// not need to remove.
    const FIXES_DOMAINS: bool = false;
    /// `Solver::slot_backend_applies` excludes restarts.
    const RESTARTS: bool = false;
    /// It serves forward checking only.
    const LOOKS_BACK: bool = false;
    const BISECTS: bool = false;

    #[inline(always)]
    fn open(&mut self, s: &mut Search<'m, O>, depth: usize) {
        let (var, left) = if DYNAMIC {
            let (at, var, word) = smallest_domain(&s.order[depth..], s.store.words());
            let best = depth + at;
            debug_assert_eq!(
                best,
                crate::branching::select_var(s, depth),
                "the branching code's choice"
            );
            s.order[best] = s.order[depth];
            s.order[depth] = var;
            (var, word)
        } else {
            (depth as u32, s.store.word(depth as u32))
        };
        s.frames.push(Frame {
            var,
            mark: 0,
            cursor: 0,
            end: 0,
            start: 0,
            left,
            decision: super::Decision::Assign,
            done: 0.0,
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
        if SET {
            self.k.unassigned &= !(1 << x);
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
        self.k
            .restore_unassigned::<DYNAMIC, SET>(&mut s.store, &s.assigned, x);
        self.unassign(s, top, x);
    }

    #[inline(always)]
    fn retract(&mut self, s: &mut Search<'m, O>, top: usize) {
        // The slots were restored when the propagation failed.
        let x = s.frames[top].var;
        self.unassign(s, top, x);
    }
}

impl<const DYNAMIC: bool, const SET: bool, const NARY: bool> Slots<'_, DYNAMIC, SET, NARY> {
    /// Marks `x` (level `top`) unassigned again, after its words are back.
    #[inline(always)]
    fn unassign<O: Observer>(&mut self, s: &mut Search<'_, O>, top: usize, x: u32) {
        if Self::TRACK {
            s.assigned[x as usize] = false;
            s.occupancy.unassign(s.model.constraints_of(x));
        }
        if SET {
            self.k.unassigned |= 1 << x;
        }
        let id = s.var_id(x);
        s.observer.unchoose(id, s.values[x as usize], top + 1);
    }

    /// Forward checking of `x = v` at level `top`: each unassigned
    /// neighbour's word is saved and masked, then the other constraints
    /// filter as on the trail backend; on a wipe-out everything is put back
    /// at once.
    #[inline(always)]
    fn propagate<O: Observer>(
        &mut self,
        s: &mut Search<'_, O>,
        top: usize,
        x: u32,
        v: i64,
    ) -> bool {
        let k = &mut *self.k;
        let nb = self.nb;
        let (start, end) = k.later[x as usize];
        let (start, end) = (start as usize, end as usize);
        // The fields borrowed apart: the loops run over plain slices.
        let Search {
            store,
            stats,
            observer,
            assigned,
            model,
            ..
        } = s;
        let mut filter = Filter {
            observer: &mut *observer,
            stats: &mut *stats,
            model_id: model.id(),
            nb,
            v,
        };
        let (words, bases) = store.words_and_bases();
        if SET {
            // The unassigned neighbours in increasing order, as the groups
            // are sorted; a neighbour's group is found by counting the
            // neighbours before it.
            let neighbours = k.neighbour_set[x as usize];
            let todo = neighbours & k.unassigned;
            let mut left = todo;
            while left != 0 {
                let y = left.trailing_zeros() as usize;
                left &= left - 1;
                let i = start + (neighbours & ((1 << y) - 1)).count_ones() as usize;
                if filter.slot(&mut k.slots[i], i, &mut words[y], bases) {
                    k.restore_set(store, x, todo & !left);
                    return false;
                }
            }
        } else {
            for (i, slot) in k.slots[start..end].iter_mut().enumerate() {
                let y = slot.y as usize;
                if DYNAMIC && assigned[y] {
                    continue;
                }
                if filter.slot(slot, start + i, &mut words[y], bases) {
                    // (No culprit: no order this backend serves reads weights.)
                    k.restore::<DYNAMIC>(store, assigned, x, Some(i + 1));
                    return false;
                }
            }
        }
        if NARY {
            let mark = s.store.mark();
            s.frames[top].mark = mark;
            if !s.forward_others(x) {
                s.store.undo(mark);
                k.restore_unassigned::<DYNAMIC, SET>(&mut s.store, &s.assigned, x);
                return false;
            }
        }
        true
    }
}

/// What masking one neighbour's word needs besides the word: the value
/// assigned, the statistics and the observer.
struct Filter<'a, O: Observer> {
    observer: &'a mut O,
    stats: &'a mut crate::Stats,
    model_id: u32,
    nb: &'a Neighbours,
    v: i64,
}

impl<O: Observer> Filter<'_, O> {
    /// Saves `word` (the domain of `slot`'s variable, whose bit 0 stands
    /// for its entry in `bases`) in `slot` and clears from it the values
    /// that the assignment rules out through group `i`, counting and
    /// reporting them; true on a wipe-out.
    #[inline(always)]
    fn slot(&mut self, slot: &mut Slot, i: usize, word: &mut Word, bases: &[i64]) -> bool {
        let old = *word;
        slot.saved = old;
        let mask = if slot.pattern != 0 {
            shifted(slot.pattern, slot.low, self.v)
        } else {
            self.nb.mask(&self.nb.groups[i], self.v)
        };
        let new = old & !mask;
        *word = new;
        self.stats.checks += slot.checks as u64;
        let removed = old & mask;
        // Branch-free: whether a value goes is as good as random.
        self.stats.pruned += removed.count_ones() as u64;
        if O::WANTS_PRUNES && removed != 0 {
            let id = VarId {
                model: self.model_id,
                index: slot.y,
            };
            let deltas = self.nb.deltas_of(&self.nb.groups[i]);
            let (observer, base) = (&mut *self.observer, bases[slot.y as usize]);
            each_removal(deltas, self.v, removed, |bit, constraint| {
                observer.prune(id, (base + bit) as i32, ConstraintId(constraint))
            });
        }
        new == 0
    }
}

/// A neighbour group as the loop over a variable's neighbours uses it:
/// the neighbour, its number of deltas (checks), its pattern (as in the
/// merged propagator's groups) and the slot for its word.
struct Slot {
    y: u32,
    checks: u32,
    low: i64,
    pattern: u64,
    saved: Word,
}

/// Smallest domain first, ties to the earliest: the position in `vars` of
/// the first variable of least size, what the branching code's ranking
/// picks (debug builds compare them), read straight from the domain words,
/// with that variable and its word (already in registers: the level needs
/// both, and reading them again from `order` and the store after the swap
/// put two loads on the path from one level's propagation to the next).
/// An unassigned variable's domain is never empty here (a wipe-out fails at
/// once, and declared domains are not empty), so the first variable with
/// one value ends the scan.
#[inline(always)]
fn smallest_domain(vars: &[u32], words: &[Word]) -> (usize, u32, Word) {
    let mut best = (0, 0, 0);
    let mut least = u32::MAX;
    for (i, &x) in vars.iter().enumerate() {
        let word = words[x as usize];
        if word & word.wrapping_sub(1) == 0 {
            return (i, x, word);
        }
        let size = word.count_ones();
        if size < least {
            best = (i, x, word);
            least = size;
        }
    }
    best
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
            let generic = run(&solver.clone().without_slot_backend());
            let flags = run(&solver.clone().without_neighbour_sets());
            prop_assert_eq!(&fast, &generic);
            prop_assert_eq!(flags, generic);
        }
    }

    /// Rings of 63, 64 and 65 variables in three colours under
    /// smallest-domain-first: the neighbour sets (up to a word of
    /// variables) and the flags beyond make the trail backend's search.
    #[test]
    fn neighbour_sets_end_at_a_word_of_variables() {
        for n in [63, 64, 65] {
            let mut m = Model::new();
            let x = m.int_vars(n, 0..3).unwrap();
            for i in 0..n {
                m.not_equal(x[i], x[(i + 7) % n] + (i % 2) as i32).unwrap();
                m.not_equal(x[i], x[(i + 1) % n]).unwrap();
            }
            let solver = Solver::new(&m)
                .var_order(crate::VarOrder::SmallestDomain)
                .limits(Limits {
                    nodes: Some(5000),
                    ..Limits::default()
                });
            assert_eq!(
                solver
                    .search()
                    .slot_backend
                    .as_ref()
                    .map(|k| !k.neighbour_set.is_empty()),
                Some(n <= 64)
            );
            let fast = run(&solver);
            assert!(fast.1.len() > 10, "{n} variables: some solutions");
            assert_eq!(
                fast,
                run(&solver.clone().without_slot_backend()),
                "{n} variables"
            );
        }
    }

    #[test]
    fn the_slot_backend_serves_pairwise_one_word_models_only() {
        let mut m = Model::new();
        let q = m.int_vars(8, 0..8).unwrap();
        m.all_different(&q).unwrap();
        let uses_slot_backend = |s: &Solver<'_>| s.search().slot_backend.is_some();
        assert!(uses_slot_backend(&Solver::new(&m)));
        assert!(!uses_slot_backend(&Solver::new(&m).without_slot_backend()));
        assert!(!uses_slot_backend(
            &Solver::new(&m).value_order(ValueOrder::MiddleOut)
        ));
        assert!(uses_slot_backend(
            &Solver::new(&m).var_order(crate::VarOrder::SmallestDomain)
        ));
        assert!(!uses_slot_backend(
            &Solver::new(&m).var_order(crate::VarOrder::DomDeg)
        ));
        let wide = m.int_var(0..100).unwrap();
        m.not_equal(wide, q[0]).unwrap();
        assert!(!uses_slot_backend(&Solver::new(&m)), "a two-word domain");
        let mut n = Model::new();
        let y = n.int_vars(3, 0..3).unwrap();
        n.linear([(1, y[0] + 0), (1, y[1] + 0)], crate::Cmp::Le, 3)
            .unwrap();
        // Forward checking by name: the default is arc consistency here.
        fn forward(m: &Model) -> Solver<'_> {
            Solver::new(m).strategy(crate::Strategy::ForwardChecking)
        }
        assert!(uses_slot_backend(&forward(&n)), "an n-ary constraint");
        assert!(
            !uses_slot_backend(&Solver::new(&n).strategy(crate::Strategy::ArcConsistency)),
            "forward checking only"
        );
        let mut u = Model::new();
        let z = u.int_vars(3, 0..3).unwrap();
        u.all_different(&z).unwrap();
        u.linear([(1, z[0] + 0)], crate::Cmp::Le, 1).unwrap();
        assert!(uses_slot_backend(&forward(&u)), "a unary bound");
    }
}
