//! The merged pairwise propagator: every pairwise disequality (not-equal,
//! all-different over offset views) of a model whose domains fit one word,
//! merged into per-variable *neighbour lists*.
//!
//! For each variable `x`, its neighbours `y` are grouped, each with the bit
//! offsets (`delta`) such that `x = v` removes bit `v + delta` from `y`'s
//! domain. For n-queens that is three bits per neighbour (column and both
//! diagonals), cleared in one word operation: the work a bit-mask counter
//! does, computed from the model. Forward checking clears them from the
//! unassigned neighbours of the assigned variable; arc consistency (value
//! elimination, all it does for disequalities) clears them from every
//! neighbour of each variable that becomes fixed, to a fixpoint.
//!
//! It is the per-constraint propagator (`all_different.rs`) on another
//! data structure: the same values go, so the same tree is searched; the
//! counts of checks differ (one per delta here, one per pair of views
//! there). Huge scopes (an all-different over thousands of variables)
//! would make the lists quadratic, so they are built only below a size
//! bound, and only for one-word domains.

use super::{Ctx, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// Neighbour lists are built only while they stay below this many entries.
const NEIGHBOUR_LIMIT: usize = 1 << 22;

/// A neighbour `y` of a variable, with its run of deltas. When the deltas
/// span less than a word, `pattern` holds them as bits relative to `low`
/// (the smallest delta), so `x = v` rules out `pattern` shifted by `v + low`:
/// one shift for all of them.
#[derive(Clone, Copy)]
pub(crate) struct Group {
    pub y: u32,
    pub first: u32,
    pub len: u32,
    pub low: i64,
    /// 0 when the deltas span a word or more (walk them one by one).
    pub pattern: u64,
}

impl Group {
    /// The bits of `y`'s domain that `x = v` rules out, for one-word domains.
    #[inline(always)]
    pub fn mask(&self, v: i64, deltas: &[Delta]) -> usize {
        if self.pattern != 0 {
            return shifted(self.pattern, self.low, v);
        }
        let mut mask: usize = 0;
        for d in deltas {
            let bit = v.wrapping_add(d.delta) as u64;
            if bit < usize::BITS as u64 {
                mask |= 1 << bit;
            }
        }
        mask
    }
}

/// `pattern` (bit `i` standing for delta `low + i`) moved to where `x = v`
/// puts it: bit `v + low + i`, the bits outside a word dropped.
#[inline(always)]
pub(crate) fn shifted(pattern: u64, low: i64, v: i64) -> usize {
    // Branch-free for shifts of either sign: the pattern sits in the high
    // half of a double word, which shifts right by 64 - s.
    let s = v.wrapping_add(low);
    if !(-63..64).contains(&s) {
        return 0;
    }
    (((pattern as u128) << 64) >> (64 - s)) as usize
}

/// Calls `f(bit, constraint)` once per bit of `removed` (the bits that
/// `x = v` cleared in a group's word), naming the first of the group's
/// `deltas` that rules the bit out: the constraint a prune event blames.
#[inline]
pub(crate) fn each_removal(deltas: &[Delta], v: i64, removed: usize, mut f: impl FnMut(i64, u32)) {
    let mut left = removed;
    for d in deltas {
        let bit = v.wrapping_add(d.delta) as u64;
        if bit < usize::BITS as u64 && left & (1 << bit) != 0 {
            left &= !(1 << bit);
            f(bit as i64, d.constraint);
        }
    }
}

/// `x = v` rules out bit `v + delta` of the group's variable, on behalf of `constraint`.
#[derive(Clone, Copy)]
pub(crate) struct Delta {
    pub delta: i64,
    pub constraint: u32,
}

pub(crate) struct Neighbours {
    group_start: Vec<u32>,
    pub groups: Vec<Group>,
    pub deltas: Vec<Delta>,
}

impl Neighbours {
    /// `x`'s neighbour groups.
    #[inline(always)]
    pub fn of(&self, x: u32) -> &[Group] {
        &self.groups[self.range(x)]
    }

    /// Where `x`'s neighbour groups are in `groups` (sorted by neighbour).
    #[inline(always)]
    pub fn range(&self, x: u32) -> std::ops::Range<usize> {
        self.group_start[x as usize] as usize..self.group_start[x as usize + 1] as usize
    }

    /// A group's deltas.
    #[inline(always)]
    pub fn deltas_of(&self, group: &Group) -> &[Delta] {
        &self.deltas[group.first as usize..(group.first + group.len) as usize]
    }

    /// The bits of `group`'s variable that `x = v` rules out (one-word
    /// domains): its pattern shifted, or its deltas walked when they span
    /// a word or more.
    #[inline(always)]
    pub fn mask(&self, group: &Group, v: i64) -> usize {
        if group.pattern != 0 {
            group.mask(v, &[])
        } else {
            group.mask(v, self.deltas_of(group))
        }
    }
}

impl Neighbours {
    fn new(bases: &[i64], constraints: &[Constraint], entries: usize) -> Neighbours {
        // (x, y, delta, constraint) for every ordered pair of positions of a
        // pairwise constraint with different variables: x = v makes view
        // value v + off_x, which y must not take: y != v + off_x - off_y.
        let mut pairs: Vec<(u32, u32, i64, u32)> = Vec::with_capacity(entries);
        for (c, con) in constraints.iter().enumerate() {
            if !con.is_pairwise() {
                continue;
            }
            for a in &con.scope {
                for b in &con.scope {
                    if a.var != b.var {
                        let delta = a.offset - b.offset - bases[b.var.index()];
                        pairs.push((a.var.index, b.var.index, delta, c as u32));
                    }
                }
            }
        }
        let mut pairs = sorted_pairs(pairs, bases.len());
        pairs.dedup_by_key(|p| (p.0, p.1, p.2));
        let mut group_start = vec![0u32; bases.len() + 1];
        let mut groups: Vec<Group> = Vec::new();
        let mut deltas = Vec::with_capacity(pairs.len());
        let mut x_next = 0usize;
        for &(x, y, delta, constraint) in &pairs {
            while x_next <= x as usize {
                group_start[x_next] = groups.len() as u32;
                x_next += 1;
            }
            let new_group = groups.last().is_none_or(|g| g.y != y)
                || group_start[x as usize] as usize == groups.len();
            if new_group {
                groups.push(Group {
                    y,
                    first: deltas.len() as u32,
                    len: 0,
                    low: delta,
                    pattern: 0,
                });
            }
            groups.last_mut().expect("group").len += 1;
            deltas.push(Delta { delta, constraint });
        }
        while x_next <= bases.len() {
            group_start[x_next] = groups.len() as u32;
            x_next += 1;
        }
        // Deltas are sorted within a group, so the first is the lowest.
        for g in &mut groups {
            let run = &deltas[g.first as usize..(g.first + g.len) as usize];
            let span = run.last().map_or(0, |d: &Delta| d.delta - g.low);
            if span < 64 {
                g.pattern = run.iter().fold(0u64, |p, d| p | 1 << (d.delta - g.low));
            }
        }
        Neighbours {
            group_start,
            groups,
            deltas,
        }
    }
}

impl Neighbours {
    /// The lists for `constraints`' pairwise disequalities, where they pay:
    /// one-word domains (`bases[v]`: variable `v`'s lowest declared value)
    /// and a bounded size; `None` otherwise.
    pub fn build(bases: &[i64], constraints: &[Constraint], one_word: bool) -> Option<Neighbours> {
        let pair_entries: usize = constraints
            .iter()
            .filter(|c| c.is_pairwise())
            .map(|c| c.scope.len() * c.scope.len())
            .sum();
        (one_word && pair_entries <= NEIGHBOUR_LIMIT)
            .then(|| Neighbours::new(bases, constraints, pair_entries))
    }

    /// Records each value of `y` (bit 0 standing for its base) in
    /// `removed`, which `x = v` just ruled out through `group`'s deltas,
    /// with the constraint behind it.
    #[inline(always)]
    fn note_removed(&self, ctx: &mut Ctx<'_>, group: &Group, v: i64, removed: usize) {
        if !ctx.record {
            ctx.pruned += removed.count_ones() as u64;
            return;
        }
        let base = ctx.store.base(group.y);
        each_removal(self.deltas_of(group), v, removed, |bit, constraint| {
            ctx.note(group.y, base + bit, constraint)
        });
    }

    /// After `x = v` (the merged disequalities' one-pass filter, as
    /// `Propagator::filter_assigned`): one pass over `x`'s unassigned
    /// neighbours, the values each loses cleared at once. On a wipe-out,
    /// `ctx.by` names the constraint.
    #[inline(always)]
    pub fn filter_assigned(&self, ctx: &mut Ctx<'_>, x: u32, v: i64) -> Prop {
        debug_assert!(
            ctx.store.one_word(),
            "neighbour lists serve one-word domains"
        );
        for group in self.of(x) {
            let y = group.y;
            if ctx.assigned[y as usize] {
                continue;
            }
            ctx.checks += group.len as u64;
            let (removed, wiped) = ctx.store.remove_mask(y, self.mask(group, v));
            if removed != 0 {
                self.note_removed(ctx, group, v, removed);
            }
            if wiped {
                ctx.by = self.deltas_of(group)[0].constraint;
                return Err(Wipeout);
            }
        }
        Ok(())
    }

    /// The merged disequalities' own fixpoint (as `Propagator::fixpoint`):
    /// value elimination from every neighbour of each fixed variable in
    /// `pending` (a stack), and of the variables these removals fix, until
    /// none is left.
    pub fn fixpoint(&self, ctx: &mut Ctx<'_>, pending: &mut Vec<u32>) -> Prop {
        while let Some(x) = pending.pop() {
            let Some(v) = ctx.store.single(x) else {
                continue;
            };
            for group in self.of(x) {
                let y = group.y;
                ctx.checks += group.len as u64;
                let (removed, wiped) = ctx.store.remove_mask(y, self.mask(group, v));
                if removed != 0 {
                    self.note_removed(ctx, group, v, removed);
                }
                if wiped {
                    ctx.by = self.deltas_of(group)[0].constraint;
                    pending.clear();
                    return Err(Wipeout);
                }
                if removed != 0 && ctx.store.size(y) == 1 {
                    pending.push(y);
                }
            }
        }
        Ok(())
    }
}

/// `pairs` sorted by `(x, y, delta, constraint)`, as `sort_unstable` would
/// sort them, in time linear in their number: a solver is built for every
/// unit of a split count, so this runs thousands of times per count. Two
/// stable counting passes (by `y`, then by `x`) group the `(x, y)` runs in
/// order; sorting each short run by `(delta, constraint)` finishes it.
fn sorted_pairs(pairs: Vec<(u32, u32, i64, u32)>, vars: usize) -> Vec<(u32, u32, i64, u32)> {
    let by_y = counting_sort(&pairs, vars, |p| p.1);
    let mut sorted = counting_sort(&by_y, vars, |p| p.0);
    let mut start = 0;
    while start < sorted.len() {
        let (x, y) = (sorted[start].0, sorted[start].1);
        let end = start + sorted[start..].partition_point(|p| (p.0, p.1) == (x, y));
        sorted[start..end].sort_unstable_by_key(|p| (p.2, p.3));
        start = end;
    }
    sorted
}

/// A stable sort of `items` by `key`, a variable index below `vars`.
fn counting_sort<T: Copy>(items: &[T], vars: usize, key: impl Fn(&T) -> u32) -> Vec<T> {
    let mut next = vec![0u32; vars + 1];
    for item in items {
        next[key(item) as usize + 1] += 1;
    }
    for v in 1..next.len() {
        next[v] += next[v - 1];
    }
    let mut out = items.to_vec();
    for &item in items {
        let slot = &mut next[key(&item) as usize];
        out[*slot as usize] = item;
        *slot += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn neighbour_lists_group_the_deltas_per_neighbour() {
        let mut m = Model::new();
        let q = m.int_vars(3, 0..3).unwrap();
        m.all_different(&q).unwrap();
        m.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))
            .unwrap();
        m.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))
            .unwrap();
        let nb = Neighbours::build(&[0, 0, 0], m.constraints(), true).unwrap();
        assert_eq!(nb.of(0).len(), 2, "row 0 has two neighbours");
        let g = nb.of(0)[0];
        assert_eq!(g.y, 1);
        let mut deltas: Vec<i64> = nb.deltas_of(&g).iter().map(|d| d.delta).collect();
        deltas.sort();
        // Row 0 in column v attacks row 1 in columns v - 1, v and v + 1.
        assert_eq!(deltas, vec![-1, 0, 1]);
        let run = nb.deltas_of(&g);
        assert_eq!(g.mask(1, run), 0b111);
        assert_eq!(g.mask(0, run), 0b11);
        assert_eq!(g.mask(70, run), 0);
    }

    #[test]
    fn deltas_carry_offsets_and_bases() {
        let mut m = Model::new();
        let x = m.int_var(3..6).unwrap();
        let y = m.int_var(-2..2).unwrap();
        m.all_different([x + 1, y - 1]).unwrap();
        let nb = Neighbours::build(&[3, -2], m.constraints(), true).unwrap();
        let g = nb.of(0)[0];
        // x = v makes x + 1 = v + 1, so y != v + 2: bit v + 2 - (-2) = v + 4.
        assert_eq!((g.y, nb.deltas_of(&g)[0].delta), (1, 4));
        assert!(Neighbours::build(&[3, -2], m.constraints(), false).is_none());
    }
}

#[cfg(test)]
mod same_tree {
    use super::sorted_pairs;
    use crate::{Cmp, Model, Solver, Strategy as Pruning, ValueOrder, VarOrder};
    use proptest::prelude::*;

    /// A one-word model as data: domains; disequalities as lists of
    /// (variable, offset) views (two: a not-equal); and linear sums
    /// `x[a] + x[b] <= bound` beside them.
    type Spec = (
        Vec<Vec<i32>>,
        Vec<Vec<(usize, i32)>>,
        Vec<(usize, usize, i64)>,
    );

    fn spec() -> impl Strategy<Value = Spec> {
        (1..=6usize).prop_flat_map(|n| {
            let domain = proptest::collection::btree_set(-4..=40i32, 1..=6)
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            (
                proptest::collection::vec(domain, n),
                proptest::collection::vec(
                    proptest::collection::vec((0..n, -5..=5i32), 1..=5),
                    0..=6,
                ),
                proptest::collection::vec((0..n, 0..n, -4..=60i64), 0..=2),
            )
        })
    }

    fn build((domains, pairwise, sums): &Spec) -> Model {
        let mut m = Model::new();
        let x: Vec<_> = domains
            .iter()
            .map(|d| m.int_var(d.clone()).unwrap())
            .collect();
        for views in pairwise {
            if let [(a, p), (b, q)] = views[..] {
                m.not_equal(x[a] + p, x[b] + q).unwrap();
            } else {
                m.all_different(views.iter().map(|&(v, c)| x[v] + c))
                    .unwrap();
            }
        }
        for &(a, b, bound) in sums {
            m.linear([(1, x[a] + 0), (1, x[b] + 0)], Cmp::Le, bound)
                .unwrap();
        }
        m
    }

    /// The tree a search makes: its solutions in order, and its counts of
    /// nodes, failures, backtracks and depth. (Checks are counted per
    /// delta by the merged propagator and per pair of views by the
    /// constraints' own; arc consistency may also meet the same fixpoint
    /// in another order.)
    fn tree(solver: &Solver<'_>) -> (Vec<Vec<i32>>, [u64; 4]) {
        let mut search = solver.search();
        let solutions = search.by_ref().map(|s| s.into_values()).collect();
        let s = search.outcome().stats;
        (solutions, [s.nodes, s.failures, s.backtracks, s.max_depth])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(300)))]

        /// The linear-time order of the neighbour pairs is the order a
        /// comparison sort gives them (so the deltas and the constraint a
        /// removal blames do not depend on how they were sorted).
        #[test]
        fn pairs_sort_as_a_comparison_sort_would(
            pairs in proptest::collection::vec((0..6u32, 0..6u32, -3..3i64, 0..4u32), 0..80),
        ) {
            let mut expected = pairs.clone();
            expected.sort_unstable();
            prop_assert_eq!(sorted_pairs(pairs, 6), expected);
        }

        /// The merged pairwise propagator removes what the constraints' own
        /// propagators remove, at forward checking and at arc consistency,
        /// under every value order and every variable order but
        /// dom/wdeg: the same tree. (Dom/wdeg weighs the constraint blamed
        /// for a wipe-out, which depends on the order the removals are
        /// made in; the differential tests cover it against brute force.)
        #[test]
        fn merged_pairwise_makes_the_per_constraint_tree(spec in spec(), seed in 0..100u64) {
            let model = build(&spec);
            for strategy in [Pruning::ForwardChecking, Pruning::ArcConsistency] {
                for &var_order in VarOrder::ALL.iter().filter(|&&o| o != VarOrder::DomWDeg) {
                    for &value_order in ValueOrder::ALL {
                        let solver = Solver::new(&model)
                            .strategy(strategy)
                            .var_order(var_order)
                            .value_order(value_order)
                            .seed(seed);
                        let own = solver.clone().without_merged();
                        prop_assert_eq!(
                            tree(&solver),
                            tree(&own),
                            "{} {} {}", strategy, var_order, value_order
                        );
                    }
                }
            }
        }
    }
}
