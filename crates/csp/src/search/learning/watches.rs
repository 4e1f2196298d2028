//! The watch lists of the nogood database, indexed by literal: per
//! variable and kind of literal (`>=`, `<=`, `=`, `!=`), the watched
//! literals' values in ascending order with their clauses. A change to a
//! variable makes false only the literals of a value range (`[x >= v]`
//! for every `v` above the new upper bound, `[x = v]` for the removed
//! value, ...), which [`Span`] names and a binary search finds, so a
//! change reads none of the watches that it left true.

use crate::literal::Relation;
use crate::propagators::Lit;
use crate::store::Store;
use std::ops::Range;

/// Does `lit` fail for every value the store leaves its variable?
pub(crate) fn falsified(lit: Lit, store: &Store) -> bool {
    let x = lit.var;
    match lit.relation {
        Relation::AtLeast => store.max(x).is_none_or(|m| m < lit.value),
        Relation::AtMost => store.min(x).is_none_or(|m| m > lit.value),
        Relation::Equal => !store.contains(x, lit.value),
        Relation::NotEqual => store.single(x) == Some(lit.value) || store.size(x) == 0,
    }
}

/// Kinds of watched literal, by the change that can make one false.
pub(super) const KINDS: usize = 4;
/// `[x >= v]`: false once the upper bound drops below `v`.
pub(super) const GE: usize = 0;
/// `[x <= v]`: false once the lower bound rises above `v`.
pub(super) const LE: usize = 1;
/// `[x = v]`: false once `v` goes.
pub(super) const EQ: usize = 2;
/// `[x != v]`: false once `x` is fixed to `v`.
pub(super) const NE: usize = 3;

pub(super) fn kind_of(lit: Lit) -> usize {
    match lit.relation {
        Relation::AtLeast => GE,
        Relation::AtMost => LE,
        Relation::Equal => EQ,
        Relation::NotEqual => NE,
    }
}

/// The literal of `kind` on `x` with `value`.
pub(super) fn lit_of(x: u32, kind: usize, value: i64) -> Lit {
    match kind {
        GE => Lit::at_least(x, value),
        LE => Lit::at_most(x, value),
        EQ => Lit::equal(x, value),
        _ => Lit::not_equal(x, value),
    }
}

/// One watch: clause `clause` watches the literal of its list's variable
/// and kind with `value`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub clause: u32,
    pub value: i64,
    /// A literal of the clause (its other watched one when the watch was
    /// set): while it holds, the clause is satisfied and need not be read.
    pub blocker: Lit,
}

/// The values of a list whose literals a change made false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Span {
    /// Every value below this one.
    Below(i64),
    /// Every value above this one.
    Above(i64),
    /// This value only.
    At(i64),
    /// Every value from the first to the second, both included.
    Within(i64, i64),
    /// Every value (the domain emptied).
    All,
}

impl Span {
    /// The positions of the span's values in an ascending `list`.
    pub fn range(self, list: &[Watch]) -> Range<usize> {
        let below = |b: i64| list.partition_point(|w| w.value < b);
        let to = |b: i64| list.partition_point(|w| w.value <= b);
        match self {
            Span::Below(b) => 0..below(b),
            Span::Above(b) => to(b)..list.len(),
            Span::At(b) => below(b)..to(b),
            Span::Within(a, b) => below(a)..to(b),
            Span::All => 0..list.len(),
        }
    }
}

/// A list to read after a trail literal: its kind, its span, and the bit
/// that marks it read for the store as it is (0: never marked, a hole's
/// value, cheap to look up again).
pub(super) type Look = (usize, Span, u8);

/// The lists' spans whose literals the trail literal `lit` may have made
/// false, judged with the store as it is now (which holds every literal
/// on the trail: a removed value at the edge moved a bound, a later
/// literal may have fixed the variable). At most five.
pub(super) fn spans(lit: Lit, store: &Store) -> impl Iterator<Item = Look> {
    let x = lit.var;
    let (lo, hi) = (store.min(x), store.max(x));
    let mut out: [Option<Look>; 5] = [None; 5];
    let (below_eq, above_eq) = (4, 8);
    match (lo, hi) {
        (Some(lo), Some(hi)) if lo == hi => {
            out[0] = Some((GE, Span::Above(hi), 1));
            out[1] = Some((LE, Span::Below(lo), 2));
            out[2] = Some((EQ, Span::Below(lo), below_eq));
            out[3] = Some((EQ, Span::Above(hi), above_eq));
            out[4] = Some((NE, Span::At(lo), 16));
        }
        (Some(lo), Some(hi)) => match lit.relation {
            Relation::AtLeast => {
                out[0] = Some((LE, Span::Below(lo), 2));
                out[1] = Some((EQ, Span::Below(lo), below_eq));
            }
            Relation::AtMost => {
                out[0] = Some((GE, Span::Above(hi), 1));
                out[1] = Some((EQ, Span::Above(hi), above_eq));
            }
            // `x = v` on the trail leaves `x` fixed; should the store
            // differ, every list that may hold a false literal.
            Relation::Equal => {
                out[0] = Some((GE, Span::Above(hi), 1));
                out[1] = Some((LE, Span::Below(lo), 2));
                out[2] = Some((EQ, Span::All, 0));
            }
            Relation::NotEqual if lit.value < lo => {
                out[0] = Some((LE, Span::Below(lo), 2));
                out[1] = Some((EQ, Span::Below(lo), below_eq));
            }
            Relation::NotEqual if lit.value > hi => {
                out[0] = Some((GE, Span::Above(hi), 1));
                out[1] = Some((EQ, Span::Above(hi), above_eq));
            }
            Relation::NotEqual => out[0] = Some((EQ, Span::At(lit.value), 0)),
        },
        // Emptied: every literal on the variable is false.
        _ => {
            for (slot, kind) in out.iter_mut().zip(0..KINDS) {
                *slot = Some((kind, Span::All, 1 << kind));
            }
        }
    }
    out.into_iter().flatten()
}

/// No unsorted tail: the list is in order.
const SORTED: u32 = u32::MAX;

/// Per variable and kind: its watches, values ascending (equal values in
/// the order they came), once sorted.
pub(super) struct WatchLists {
    lists: Vec<[Vec<Watch>; KINDS]>,
    /// Per list, where its unsorted tail begins ([`SORTED`]: none): a
    /// watch that does not belong at the end is appended and put in its
    /// place when the list is next read, with whatever came after it
    /// (inserting each in place moved the list's tail every time: a fifth
    /// of clause learning's time on template design).
    tails: Vec<[u32; KINDS]>,
    /// The tail being merged in.
    scratch: Vec<Watch>,
}

impl WatchLists {
    pub fn new(vars: usize) -> WatchLists {
        WatchLists {
            lists: (0..vars).map(|_| Default::default()).collect(),
            tails: vec![[SORTED; KINDS]; vars],
            scratch: Vec::new(),
        }
    }

    /// Clause `clause` watches `lit` (in its place among the values once
    /// the list is read).
    pub fn add(&mut self, lit: Lit, clause: u32, blocker: Lit) {
        let (x, kind) = (lit.var as usize, kind_of(lit));
        let list = &mut self.lists[x][kind];
        let tail = &mut self.tails[x][kind];
        if *tail == SORTED && list.last().is_some_and(|w| w.value > lit.value) {
            *tail = list.len() as u32;
        }
        list.push(Watch {
            clause,
            value: lit.value,
            blocker,
        });
    }

    /// Puts the list's unsorted tail in place: sorted (stably) and merged
    /// from the back, an equal value after those already there, as if
    /// each watch had been inserted after the equal ones when it came.
    fn settle(&mut self, x: usize, kind: usize) {
        let from = std::mem::replace(&mut self.tails[x][kind], SORTED);
        if from == SORTED {
            return;
        }
        let list = &mut self.lists[x][kind];
        let from = from as usize;
        let tail = &mut self.scratch;
        tail.clear();
        tail.extend_from_slice(&list[from..]);
        tail.sort_by_key(|w| w.value);
        let (mut i, mut j, mut at) = (from, tail.len(), list.len());
        while j > 0 {
            at -= 1;
            if i > 0 && list[i - 1].value > tail[j - 1].value {
                list[at] = list[i - 1];
                i -= 1;
            } else {
                list[at] = tail[j - 1];
                j -= 1;
            }
        }
    }

    /// Clause `k` is now `map[k]` (`u32::MAX`: its watches go), each
    /// list keeping its order and its blockers.
    pub fn renumber(&mut self, map: &[u32]) {
        for x in 0..self.lists.len() {
            for kind in 0..KINDS {
                self.settle(x, kind);
            }
        }
        for lists in &mut self.lists {
            for list in lists {
                list.retain_mut(|w| {
                    w.clause = map[w.clause as usize];
                    w.clause != u32::MAX
                });
            }
        }
    }

    /// The list of `kind` on `x`, taken out (an empty one in its place,
    /// which allocates nothing) while its clauses move their watches.
    pub fn take(&mut self, x: u32, kind: usize) -> Vec<Watch> {
        self.settle(x as usize, kind);
        std::mem::take(&mut self.lists[x as usize][kind])
    }

    /// Puts back a list taken out (nothing was added to it meanwhile).
    pub fn put(&mut self, x: u32, kind: usize, list: Vec<Watch>) {
        debug_assert!(self.lists[x as usize][kind].is_empty());
        debug_assert_eq!(self.tails[x as usize][kind], SORTED);
        debug_assert!(list.windows(2).all(|w| w[0].value <= w[1].value));
        self.lists[x as usize][kind] = list;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(values: &[i64]) -> Vec<Watch> {
        (values.iter())
            .map(|&value| Watch {
                clause: 0,
                value,
                blocker: Lit::equal(0, value),
            })
            .collect()
    }

    #[test]
    fn watches_added_out_of_order_are_read_in_their_place() {
        // Clause k watches [x0 >= values[k]]: read after each batch, the
        // list is by value, equal values in the order they came (what
        // inserting each in its place gave), and a cut keeps that order.
        let mut lists = WatchLists::new(1);
        let batches: [&[i64]; 3] = [&[5, 2, 5, 9, 2], &[7, 1, 5], &[9, 0, 2, 2]];
        let mut expected: Vec<(i64, u32)> = Vec::new();
        let mut k = 0;
        for batch in batches {
            for &v in batch {
                lists.add(Lit::at_least(0, v), k, Lit::equal(0, v));
                let at = expected.partition_point(|&(w, _)| w <= v);
                expected.insert(at, (v, k));
                k += 1;
            }
            let list = lists.take(0, GE);
            let read: Vec<(i64, u32)> = list.iter().map(|w| (w.value, w.clause)).collect();
            assert_eq!(read, expected);
            lists.put(0, GE, list);
        }
        // A cut of the odd clauses, with an unsorted tail pending.
        lists.add(Lit::at_least(0, 3), k, Lit::equal(0, 3));
        let at = expected.partition_point(|&(w, _)| w <= 3);
        expected.insert(at, (3, k));
        let map: Vec<u32> = (0..=k)
            .map(|c| if c % 2 == 1 { u32::MAX } else { c / 2 })
            .collect();
        lists.renumber(&map);
        let kept: Vec<(i64, u32)> = (expected.iter())
            .filter(|&&(_, c)| c % 2 == 0)
            .map(|&(v, c)| (v, c / 2))
            .collect();
        let read: Vec<(i64, u32)> = lists
            .take(0, GE)
            .iter()
            .map(|w| (w.value, w.clause))
            .collect();
        assert_eq!(read, kept);
    }

    #[test]
    fn a_span_finds_exactly_its_values() {
        let l = list(&[1, 3, 3, 5, 7]);
        let values = |s: Span| -> Vec<i64> { l[s.range(&l)].iter().map(|w| w.value).collect() };
        assert_eq!(values(Span::Below(3)), [1]);
        assert_eq!(values(Span::Above(3)), [5, 7]);
        assert_eq!(values(Span::At(3)), [3, 3]);
        assert_eq!(values(Span::At(4)), [] as [i64; 0]);
        assert_eq!(values(Span::Below(0)), [] as [i64; 0]);
        assert_eq!(values(Span::Above(7)), [] as [i64; 0]);
        assert_eq!(values(Span::All), [1, 3, 3, 5, 7]);
        assert_eq!(values(Span::Within(2, 5)), [3, 3, 5]);
        assert_eq!(values(Span::Within(i64::MIN, 1)), [1]);
        assert_eq!(values(Span::Within(4, 4)), [] as [i64; 0]);
    }

    #[test]
    fn the_spans_after_a_change_cover_every_literal_it_made_false() {
        // x in 0..100 (wider than a word), with holes: after each change,
        // every literal with a value in -1..=7 that it made false lies in
        // one of its spans, and every literal in a span is false.
        use crate::domain::Domain;
        let domains = [Domain::from(0..100)];
        let changes = [
            Lit::not_equal(0, 3),
            Lit::at_least(0, 1),
            Lit::at_most(0, 5),
            Lit::not_equal(0, 5),
            Lit::not_equal(0, 1),
            Lit::equal(0, 2),
        ];
        let mut store = Store::new(&domains);
        let false_now = |store: &Store| -> Vec<(usize, i64)> {
            (0..KINDS)
                .flat_map(|k| (-1..=7).map(move |v| (k, v)))
                .filter(|&(k, v)| falsified(lit_of(0, k, v), store))
                .collect()
        };
        let mut before = false_now(&store);
        for change in changes {
            match change.relation {
                Relation::AtLeast => {
                    store.set_min(0, change.value);
                }
                Relation::AtMost => {
                    store.set_max(0, change.value);
                }
                Relation::NotEqual => {
                    store.remove(0, change.value).unwrap();
                }
                Relation::Equal => store.assign(0, change.value),
            }
            let looks: Vec<Look> = spans(change, &store).collect();
            for kind in 0..KINDS {
                for v in -1..=7 {
                    let lit = lit_of(0, kind, v);
                    let is_false = falsified(lit, &store);
                    let covered = (looks.iter())
                        .any(|&(k, s, _)| k == kind && !s.range(&list(&[v])).is_empty());
                    assert!(!covered || is_false, "{lit:?} after {change:?}");
                    let newly = is_false && !before.contains(&(kind, v));
                    assert!(!newly || covered, "{lit:?} after {change:?}");
                }
            }
            before = false_now(&store);
        }
    }
}
