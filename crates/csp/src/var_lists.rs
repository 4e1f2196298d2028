//! Per variable, what a change to it concerns, listed once per search so
//! that propagation reads a short slice instead of testing every
//! constraint over the variable: the queue slots arc consistency wakes
//! ([`wake_lists`]) and the filters forward checking runs
//! ([`forward_lists`]).

use crate::model::Model;
use crate::propagators::Watch;

/// A list per variable, stored end to end.
pub(crate) struct VarLists<T> {
    /// `entries[start[v]..start[v + 1]]` are variable `v`'s.
    start: Vec<u32>,
    entries: Vec<T>,
}

impl<T> VarLists<T> {
    /// The lists of `n` variables: `fill(v, list)` appends variable `v`'s
    /// entries to `list`, whose earlier entries are other variables'
    /// (`list[from..]` are `v`'s so far, with `from` given).
    fn new(n: usize, mut fill: impl FnMut(u32, &mut Vec<T>, usize)) -> VarLists<T> {
        let mut start = Vec::with_capacity(n + 1);
        let mut entries = Vec::new();
        for var in 0..n as u32 {
            let from = entries.len();
            start.push(from as u32);
            fill(var, &mut entries, from);
        }
        start.push(entries.len() as u32);
        VarLists { start, entries }
    }

    /// No lists: every variable's is empty (a search that never reads
    /// them).
    pub fn none() -> VarLists<T> {
        VarLists {
            start: Vec::new(),
            entries: Vec::new(),
        }
    }

    /// Variable `var`'s list.
    #[inline(always)]
    pub fn of(&self, var: u32) -> &[T] {
        &self.entries[self.range(var)]
    }

    /// Where variable `var`'s list is, for [`VarLists::at`] (a caller that
    /// changes the search between entries cannot hold the slice).
    #[inline(always)]
    pub fn range(&self, var: u32) -> std::ops::Range<usize> {
        match self.start.get(var as usize..var as usize + 2) {
            Some(&[a, b]) => a as usize..b as usize,
            _ => 0..0,
        }
    }

    /// Entry `i` of the lists (an index of a [`VarLists::range`]).
    #[inline(always)]
    pub fn at(&self, i: usize) -> T
    where
        T: Copy,
    {
        self.entries[i]
    }
}

/// Arc consistency's wake-ups ([`wake_lists`]): per variable its
/// `(slot, watch)` pairs grouped by what they hear, so that a change
/// reads the bound watches it concerns as one run, testing none: those
/// on the lower bound, then either bound, then the upper bound, then the
/// others (tested one by one), the one-value watches last, by value.
pub(crate) struct WakeLists {
    lists: VarLists<(u32, Watch)>,
    /// Per variable: where its either-bound group, its upper-bound group,
    /// the rest and the one-value watches begin in its list.
    groups: Vec<[u32; 4]>,
}

/// A variable's wake-up list and its groups (see [`WakeLists`]).
pub(crate) struct WakeList<'a> {
    pub list: &'a [(u32, Watch)],
    /// Where the either-bound group, the upper-bound group, the rest and
    /// the one-value watches begin.
    pub groups: [usize; 4],
}

impl WakeList<'_> {
    /// The bound watches that a change moving the lower bound (`lower`)
    /// and/or the upper bound (`upper`) concerns, as one run.
    #[inline(always)]
    pub fn on_bounds(&self, lower: bool, upper: bool) -> &[(u32, Watch)] {
        let [either, up, rest, _] = self.groups;
        match (lower, upper) {
            (true, true) => &self.list[..rest],
            (true, false) => &self.list[..up],
            (false, true) => &self.list[either..rest],
            (false, false) => &[],
        }
    }

    /// The watches neither on a bound nor on one value, in the model's
    /// order.
    #[inline(always)]
    pub fn general(&self) -> &[(u32, Watch)] {
        &self.list[self.groups[2]..self.groups[3]]
    }

    /// The one-value watches, by value.
    #[inline(always)]
    pub fn valued(&self) -> &[(u32, Watch)] {
        &self.list[self.groups[3]..]
    }

    /// Whether any watch is on a bound.
    #[inline(always)]
    pub fn hears_bounds(&self) -> bool {
        self.groups[2] > 0
    }
}

impl WakeLists {
    /// No lists (a search that never wakes).
    pub fn none() -> WakeLists {
        WakeLists {
            lists: VarLists::none(),
            groups: Vec::new(),
        }
    }

    /// Variable `var`'s list.
    #[inline(always)]
    pub fn of(&self, var: u32) -> WakeList<'_> {
        let groups = self.groups.get(var as usize).copied().unwrap_or([0; 4]);
        WakeList {
            list: self.lists.of(var),
            groups: groups.map(|g| g as usize),
        }
    }
}

/// A watch's group in a [`WakeLists`] list.
fn group(watch: Watch) -> (u8, i64) {
    match watch {
        Watch::LowerBound => (0, 0),
        Watch::Bounds => (1, 0),
        Watch::UpperBound => (2, 0),
        Watch::Value(w) => (4, w),
        _ => (3, 0),
    }
}

/// Arc consistency's wake-ups: per variable the `(slot, watch)` pairs to
/// test when it changes, constraint `c` being queued in `slots[c]` and
/// hearing every change when `hears_all(c)` (an all-different following a
/// stronger default level: its watch is widened here, so waking reads no
/// per-constraint flag). A slot shared by several constraints (the merged
/// pairwise propagator's) is listed once per watch: a queen in three
/// all-differents wakes it through one entry, not three, in the same
/// order (the queue would take it once anyway).
pub(crate) fn wake_lists(
    model: &Model,
    slots: &[u32],
    hears_all: impl Fn(u32) -> bool,
) -> WakeLists {
    let lists = VarLists::new(model.num_vars(), |var, entries, from| {
        let watches = model.watches_of(var);
        for (&c, &watch) in model.constraints_of(var).iter().zip(watches) {
            let slot = slots[c as usize];
            let watch = if hears_all(c) && watch == Watch::Fixed {
                Watch::Any
            } else {
                watch
            };
            // A constraint's own slot is its alone; only a shared one
            // repeats, with few watches.
            if slot == c || !entries[from..].contains(&(slot, watch)) {
                entries.push((slot, watch));
            }
        }
        // Grouped (the model's order kept within a group); the one-value
        // watches by value, so that a removal finds the ones it concerns
        // by bisection.
        entries[from..].sort_by_key(|e| group(e.1));
    });
    let groups = (0..model.num_vars() as u32)
        .map(|var| {
            let list = lists.of(var);
            let end = |g: u8| list.partition_point(|e| group(e.1).0 < g) as u32;
            [end(1), end(2), end(3), end(4)]
        })
        .collect();
    WakeLists { lists, groups }
}

/// Forward checking's filters: per variable the constraints over it, in
/// the model's order, that `wanted(c)` keeps (the disequalities, or the
/// others).
pub(crate) fn forward_lists(model: &Model, wanted: impl Fn(u32) -> bool) -> VarLists<u32> {
    VarLists::new(model.num_vars(), |var, entries, _| {
        entries.extend(model.constraints_of(var).iter().filter(|&&c| wanted(c)));
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x0, x1, x2 in two all-differents and a sum.
    fn model() -> (Model, Vec<crate::VarId>) {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..3).unwrap();
        m.all_different(&x[..2]).unwrap();
        m.all_different(&x[1..]).unwrap();
        m.less_equal(x[1] + x[2], 3).unwrap();
        (m, x)
    }

    #[test]
    fn a_shared_slot_is_listed_once_per_watch_and_own_slots_each() {
        // The all-differents share slot 3 (merged), the sum has its own.
        let (m, x) = model();
        let lists = wake_lists(&m, &[3, 3, 2], |_| false);
        let slots = |v: usize| {
            lists
                .of(x[v].index)
                .list
                .iter()
                .map(|e| e.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(slots(0), vec![3]);
        // The sum's lower-bound watch first (its group), then the rest.
        assert_eq!(slots(1), vec![2, 3]);
        assert_eq!(slots(2), vec![2, 3]);
        // Hearing every change widens a fixed watch.
        let all = wake_lists(&m, &[0, 1, 2], |c| c < 2);
        assert!(all
            .of(x[1].index)
            .general()
            .iter()
            .all(|e| e.1 == Watch::Any));
        assert_eq!(all.of(x[1].index).general().len(), 2);
        assert!(all.of(x[1].index).valued().is_empty());
        assert!(VarLists::<u32>::none().of(0).is_empty());
    }

    #[test]
    fn a_change_reads_the_bound_watches_it_concerns_as_one_run() {
        // x0 under, in this order: a disequality (fixed), x0 - x1 <= 2
        // (its lower bound), a count of value 1 (that value), x0 + 2 x1 = 3
        // (either bound), x1 - x0 <= 2 (its upper bound).
        let mut m = Model::new();
        let x = m.int_vars(2, 0..4).unwrap();
        m.all_different(&x).unwrap();
        m.less_equal(x[0] - x[1], 2).unwrap();
        m.count_eq([x[0], x[1]], 1, 1).unwrap();
        m.equal(x[0] + 2 * x[1], 3).unwrap();
        m.less_equal(x[1] - x[0], 2).unwrap();
        let lists = wake_lists(&m, &[0, 1, 2, 3, 4], |_| false);
        let wake = lists.of(x[0].index);
        let slots = |run: &[(u32, Watch)]| run.iter().map(|e| e.0).collect::<Vec<_>>();
        assert!(wake.hears_bounds());
        assert_eq!(slots(wake.on_bounds(true, false)), vec![1, 3]);
        assert_eq!(slots(wake.on_bounds(false, true)), vec![3, 4]);
        assert_eq!(slots(wake.on_bounds(true, true)), vec![1, 3, 4]);
        assert!(wake.on_bounds(false, false).is_empty());
        // The rest in the model's order, the one-value watches apart.
        assert_eq!(slots(wake.general()), vec![0]);
        assert_eq!(wake.valued(), &[(2, Watch::Value(1))]);
        assert!(!WakeLists::none().of(0).hears_bounds());
    }

    #[test]
    fn forward_lists_keep_the_models_order() {
        let (m, x) = model();
        let others = forward_lists(&m, |c| c == 2);
        let pairs = forward_lists(&m, |c| c != 2);
        assert_eq!(others.of(x[0].index), &[] as &[u32]);
        assert_eq!(others.of(x[2].index), &[2]);
        assert_eq!(pairs.of(x[1].index), &[0, 1]);
    }
}
