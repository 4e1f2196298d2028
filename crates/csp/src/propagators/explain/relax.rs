//! Explanations by greedy relaxation: start from every bound a propagator
//! read, leave each open in turn (at ±[`FAR`]), and keep open those the
//! propagator's own reasoning does without. What stays is the
//! explanation: the conjunction of the bounds that must hold.
//!
//! The question "do these domains still imply the literal (or fail)?" is
//! the caller's, asked of the same code its propagator runs, so the result
//! is sound whenever that code is (its inferences hold for every assignment
//! within the domains it reads, opened ones included). Bounds are opened a
//! run at a time, the run doubling while whole runs can be left open and
//! falling back to one bound after a run that cannot: for a question
//! monotone in the domains the result is the one-at-a-time greedy's, with
//! far fewer questions when the likely irrelevant bounds come first.

use super::{conjunction, Domains, Lit};
use crate::word_hash::WordHashSet;

/// A side of a variable's domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    Lower,
    Upper,
}

/// Far enough that no sum of views reaches it, near enough for `i128` and
/// for sums of a few dozen `i64` terms.
pub(crate) const FAR: i64 = 1 << 40;

/// The domains `d` with some bounds left open: what an explanation may
/// leave out. Holes are `d`'s (the relaxation is of bounds only).
pub(crate) struct Open<'a> {
    d: &'a dyn Domains,
    open: WordHashSet<(u32, Side)>,
}

impl Open<'_> {
    fn is_open(&self, x: u32, side: Side) -> bool {
        !self.open.is_empty() && self.open.contains(&(x, side))
    }
}

impl Domains for Open<'_> {
    fn min(&self, x: u32) -> Option<i64> {
        let min = self.d.min(x)?;
        Some(if self.is_open(x, Side::Lower) {
            -FAR
        } else {
            min
        })
    }

    fn max(&self, x: u32) -> Option<i64> {
        let max = self.d.max(x)?;
        Some(if self.is_open(x, Side::Upper) {
            FAR
        } else {
            max
        })
    }

    fn contains(&self, x: u32, value: i64) -> bool {
        self.d.contains(x, value)
    }
}

/// The bounds of `candidates` (in the order given: the likely irrelevant
/// first) that `implies` still needs, as literals holding in `d`, once
/// `open` (always left open, e.g. the explained literal's variable on its
/// other side) and every bound it does without are open. `None` when
/// `implies` does not hold even with only `open` open: the caller falls
/// back on a coarser reason.
pub(crate) fn relax(
    d: &dyn Domains,
    open: impl IntoIterator<Item = (u32, Side)>,
    candidates: impl IntoIterator<Item = (u32, Side)>,
    mut implies: impl FnMut(&dyn Domains) -> bool,
) -> Option<Vec<Lit>> {
    let mut opened = Open {
        d,
        open: open.into_iter().collect(),
    };
    if !implies(&opened) {
        return None;
    }
    let candidates: Vec<(u32, Side)> = {
        let mut seen = WordHashSet::default();
        (candidates.into_iter())
            .filter(|c| !opened.open.contains(c) && seen.insert(*c))
            .collect()
    };
    let mut why = Vec::new();
    let (mut at, mut run) = (0, 1);
    while at < candidates.len() {
        let end = (at + run).min(candidates.len());
        let batch = &candidates[at..end];
        opened.open.extend(batch.iter().copied());
        if implies(&opened) {
            at = end;
            run *= 2;
            continue;
        }
        for c in batch {
            opened.open.remove(c);
        }
        if batch.len() > 1 {
            run = 1;
            continue;
        }
        // One bound that cannot be left open: it stays.
        let (x, side) = batch[0];
        why.push(match side {
            Side::Lower => Lit::at_least(x, d.min(x)?),
            Side::Upper => Lit::at_most(x, d.max(x)?),
        });
        at = end;
    }
    Some(conjunction(why))
}

/// A task's start window, for [`far_first`]: its start's variable and
/// view offset, earliest start, latest completion and duration.
pub(crate) struct Window {
    pub var: u32,
    pub offset: i64,
    pub est: i64,
    pub lct: i64,
    pub duration: i64,
}

/// The scheduling kinds' candidates: every task's two bounds, the likely
/// irrelevant first. For a literal, the tasks whose windows lie farthest
/// from the time it speaks of (its task run from the literal's value);
/// for a failure, the tasks with the most slack.
pub(crate) fn far_first(windows: &[Window], lit: Option<Lit>) -> Vec<(u32, Side)> {
    let at = lit.and_then(|lit| {
        let w = windows.iter().find(|w| w.var == lit.var)?;
        let start = lit.value + w.offset;
        Some((start, start + w.duration))
    });
    let far = |w: &Window| match at {
        Some((from, to)) => (w.est - to).max(from - w.lct).max(0),
        None => w.lct - w.est - w.duration,
    };
    let mut order: Vec<&Window> = windows.iter().collect();
    order.sort_by_key(|w| std::cmp::Reverse(far(w)));
    (order.into_iter())
        .flat_map(|w| [(w.var, Side::Lower), (w.var, Side::Upper)])
        .collect()
}

/// The bounds of `x` a literal over it does not rest on: for a bound's
/// move, its other side; for a value, both.
pub(crate) fn own_sides(lit: Lit) -> impl Iterator<Item = (u32, Side)> {
    use crate::literal::Relation;
    let sides: &[Side] = match lit.relation {
        Relation::AtLeast => &[Side::Upper],
        Relation::AtMost => &[Side::Lower],
        _ => &[Side::Lower, Side::Upper],
    };
    sides.iter().map(move |&s| (lit.var, s))
}

/// Does the view `var + offset` with bounds `[lo, hi]` (already shifted
/// by the offset) make `lit` (over `var`) true?
pub(crate) fn bounds_imply(lit: Lit, offset: i128, lo: i128, hi: i128) -> bool {
    use crate::literal::Relation;
    let (lo, hi, v) = (lo - offset, hi - offset, lit.value as i128);
    match lit.relation {
        Relation::AtLeast => lo >= v,
        Relation::AtMost => hi <= v,
        Relation::NotEqual => v < lo || v > hi,
        Relation::Equal => lo == v && hi == v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two variables' bounds as the domains.
    struct Boxes(Vec<(i64, i64)>);

    impl Domains for Boxes {
        fn min(&self, x: u32) -> Option<i64> {
            Some(self.0[x as usize].0)
        }
        fn max(&self, x: u32) -> Option<i64> {
            Some(self.0[x as usize].1)
        }
        fn contains(&self, x: u32, v: i64) -> bool {
            let (lo, hi) = self.0[x as usize];
            lo <= v && v <= hi
        }
    }

    /// "Two variables are at least 4", implied by the lower bounds: those
    /// of the last two such variables stay, no upper bound.
    #[test]
    fn keeps_only_the_bounds_the_question_needs() {
        let d = Boxes(vec![(5, 9), (6, 9), (1, 9), (4, 9)]);
        let two_at_least_4 =
            |o: &dyn Domains| (0..4).filter(|&x| o.min(x).unwrap() >= 4).count() >= 2;
        let candidates = (0..4).flat_map(|x| [(x, Side::Upper), (x, Side::Lower)]);
        let why = relax(&d, [], candidates, two_at_least_4).unwrap();
        assert_eq!(why, vec![Lit::at_least(1, 6), Lit::at_least(3, 4)]);
    }

    /// A question that fails with only the always-open bounds open.
    #[test]
    fn declines_what_it_cannot_imply() {
        let d = Boxes(vec![(0, 9)]);
        let upper_small = |o: &dyn Domains| o.max(0).unwrap() <= 9;
        assert_eq!(relax(&d, [(0, Side::Upper)], [], upper_small), None);
        assert_eq!(relax(&d, [], [], upper_small), Some(vec![]));
    }
}
