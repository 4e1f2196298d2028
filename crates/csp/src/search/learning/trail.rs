//! The trail of atomic literals: every domain change of a learning search,
//! in order, with its decision level and its cause.
//!
//! A propagator's removal of one value is `[x != v]`, followed, when the
//! value was a bound, by the bound it moves (`[x >= v + 1]`, resting on
//! the trail before it: [`Reason::Bound`]); a bound's move over a
//! multi-word domain is `[x >= v]` or `[x <= v]`; a removal that leaves
//! one value adds `[x = v]` (also [`Reason::Bound`]), so that what rests
//! on the value rests on one position; a decision is `[x = v]`.
//! Per variable the trail keeps the positions of its literals, so the
//! domains *as they were* before any position ([`At`]) are read back from
//! the declared domain and the earlier literals: that is what a
//! propagator's lazy explanation reads (`propagators/explain.rs`).

use crate::domain::Domain;
use crate::literal::Relation;
use crate::propagators::{Domains, Lit, Removal};
use std::collections::HashMap;

/// Why a literal holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// A decision of the search.
    Decision,
    /// Constraint `c`'s propagator inferred it.
    Prop(u32),
    /// The objective's bound (branch and bound) inferred it.
    Objective,
    /// Learned (or blocking) clause `k` became unit.
    Clause(u32),
    /// A removed value was at a bound, which moved, or the variable was
    /// left one value: the literal rests on the trail before it (the
    /// previous bounds and the holes they pass).
    Bound,
}

/// One literal on the trail.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub lit: Lit,
    pub level: u32,
    pub reason: Reason,
}

/// The trail: literals in order, per variable its history, per level
/// where it starts.
pub(crate) struct Trail {
    pub entries: Vec<Entry>,
    vars: Vec<History>,
    /// `starts[l]`: the position of level `l + 1`'s decision.
    starts: Vec<u32>,
}

/// One variable's literals on the trail, kept so that the domain before
/// any position is read in logarithmic time: its bounds' moves (each
/// with the bound it gives from then on, so monotone), its removed
/// values' positions, and its declared bounds.
struct History {
    /// `(position, lower bound from it on)`, both increasing.
    lows: Vec<(u32, i64)>,
    /// `(position, upper bound from it on)`, the bound decreasing.
    highs: Vec<(u32, i64)>,
    /// The positions of its `[x != v]` literals, increasing.
    holes: Vec<u32>,
    /// Where each removed value's `[x != v]` stands.
    removed: Removed,
    /// The declared bounds (`lo > hi` when empty).
    lo: i64,
    hi: i64,
    /// The declared domain is the whole interval `lo..=hi`.
    interval: bool,
    /// The position of the `[x = v]` that fixed it (a decision, or the
    /// entry a removal leaving one value adds), if it is on the trail.
    fixed: u32,
}

/// A value's `[x != v]` position: a slot per value over a narrow declared
/// domain, a map over a wide one.
enum Removed {
    Dense(Vec<u32>),
    Sparse(HashMap<i64, u32>),
}

/// Declared domains at most this wide get a slot per value...
const DENSE_WIDTH: i64 = 1 << 16;
/// ...while the slots of all variables stay within this many (64 MiB);
/// the rest get maps. (A de Bruijn model's 16,384 variables over 16,384
/// values took a GiB of slots before its first conflict.)
const DENSE_BUDGET: i64 = 1 << 24;

/// No literal: past every position.
const NONE: u32 = u32::MAX;

impl History {
    /// The history of a variable declared `d`, with a slot per value if
    /// `d` is narrow and `budget` (slots still to give) allows; the
    /// budget is charged.
    fn new(d: &Domain, budget: &mut i64) -> History {
        let (lo, hi) = match (d.min(), d.max()) {
            (Some(lo), Some(hi)) => (lo as i64, hi as i64),
            _ => (1, 0),
        };
        let width = (hi - lo + 1).max(0);
        let removed = if width <= DENSE_WIDTH && width <= *budget {
            *budget -= width;
            Removed::Dense(vec![NONE; width as usize])
        } else {
            Removed::Sparse(HashMap::new())
        };
        History {
            lows: Vec::new(),
            highs: Vec::new(),
            holes: Vec::new(),
            removed,
            lo,
            hi,
            interval: d.size() as i64 == (hi - lo + 1).max(0),
            fixed: NONE,
        }
    }

    /// The position of `[x != v]`, if it is on the trail.
    fn removed_at(&self, v: i64) -> u32 {
        match &self.removed {
            Removed::Dense(at) => usize::try_from(v - self.lo)
                .ok()
                .and_then(|i| at.get(i).copied())
                .unwrap_or(NONE),
            Removed::Sparse(map) => map.get(&v).copied().unwrap_or(NONE),
        }
    }

    fn set_removed(&mut self, v: i64, pos: u32) {
        match &mut self.removed {
            Removed::Dense(at) => {
                if let Some(slot) = usize::try_from(v - self.lo)
                    .ok()
                    .and_then(|i| at.get_mut(i))
                {
                    *slot = pos;
                }
            }
            Removed::Sparse(map) => {
                if pos == NONE {
                    map.remove(&v);
                } else {
                    map.insert(v, pos);
                }
            }
        }
    }

    /// The bounds before `pos`: the declared ones narrowed by the moves.
    fn bounds(&self, pos: u32) -> (i64, i64) {
        let before = |list: &[(u32, i64)]| {
            // The latest move is the usual answer: tried before searching.
            match list.last() {
                Some(&(p, b)) if p < pos => Some(b),
                _ => Self::last_before(list, pos).map(|(_, b)| b),
            }
        };
        let lo = before(&self.lows).map_or(self.lo, |b| b.max(self.lo));
        let hi = before(&self.highs).map_or(self.hi, |b| b.min(self.hi));
        (lo, hi)
    }

    /// The first move before `pos` that sets the lower bound to `v` or
    /// more.
    fn first_low(&self, v: i64, pos: u32) -> Option<(u32, i64)> {
        let i = self.lows.partition_point(|&(_, b)| b < v);
        self.lows.get(i).copied().filter(|&(p, _)| p < pos)
    }

    /// The first move before `pos` that sets the upper bound to `v` or
    /// less.
    fn first_high(&self, v: i64, pos: u32) -> Option<(u32, i64)> {
        let i = self.highs.partition_point(|&(_, b)| b > v);
        self.highs.get(i).copied().filter(|&(p, _)| p < pos)
    }

    /// Pushes the positions before `pos` of the `[x != v]` literals with
    /// `v` in `lo..=hi`: by value over a narrow range, else by literal.
    fn holes_within(&self, lo: i64, hi: i64, pos: u32, entries: &[Entry], out: &mut Vec<u32>) {
        let holes = &self.holes[..self.holes.partition_point(|&p| p < pos)];
        if hi.saturating_sub(lo) < holes.len() as i64 {
            for v in lo..=hi {
                let p = self.removed_at(v);
                if p < pos {
                    out.push(p);
                }
            }
            return;
        }
        out.extend(holes.iter().copied().filter(|&p| {
            let v = entries[p as usize].lit.value;
            lo <= v && v <= hi
        }));
    }

    /// The last move before `pos` of a list.
    fn last_before(list: &[(u32, i64)], pos: u32) -> Option<(u32, i64)> {
        let i = list.partition_point(|&(p, _)| p < pos);
        i.checked_sub(1).map(|i| list[i])
    }
}

impl Trail {
    pub fn new(domains: &[Domain]) -> Trail {
        Trail {
            entries: Vec::new(),
            vars: {
                let mut budget = DENSE_BUDGET;
                domains
                    .iter()
                    .map(|d| History::new(d, &mut budget))
                    .collect()
            },
            starts: Vec::new(),
        }
    }

    /// The current decision level (0: the root).
    pub fn level(&self) -> u32 {
        self.starts.len() as u32
    }

    pub fn len(&self) -> u32 {
        self.entries.len() as u32
    }

    /// The position of level `l`'s decision (`l >= 1`).
    pub fn decision_at(&self, l: u32) -> u32 {
        self.starts[l as usize - 1]
    }

    /// Opens a level with the decision `lit`.
    pub fn decide(&mut self, lit: Lit) {
        self.starts.push(self.len());
        self.push(lit, Reason::Decision);
    }

    /// Appends `lit` at the current level.
    pub fn push(&mut self, lit: Lit, reason: Reason) {
        let level = self.level();
        let pos = self.len();
        let h = &mut self.vars[lit.var as usize];
        if let Some(b) = lower_of(lit) {
            let b = h.lows.last().map_or(b, |&(_, was)| was.max(b));
            h.lows.push((pos, b));
        }
        if let Some(b) = upper_of(lit) {
            let b = h.highs.last().map_or(b, |&(_, was)| was.min(b));
            h.highs.push((pos, b));
        }
        if lit.relation == Relation::NotEqual {
            h.holes.push(pos);
            if h.removed_at(lit.value) == NONE {
                h.set_removed(lit.value, pos);
            }
        }
        if lit.relation == Relation::Equal && h.fixed == NONE {
            h.fixed = pos;
        }
        self.entries.push(Entry { lit, level, reason });
    }

    /// Back to the end of `level`: every later literal goes. Each variable
    /// whose literals go is passed to `undone` (once per literal).
    pub fn backjump(&mut self, level: u32, mut undone: impl FnMut(u32)) {
        if level >= self.level() {
            return;
        }
        let cut = self.starts[level as usize];
        for (pos, e) in self.entries.iter().enumerate().skip(cut as usize) {
            let lit = e.lit;
            let h = &mut self.vars[lit.var as usize];
            if lower_of(lit).is_some() {
                h.lows.pop();
            }
            if upper_of(lit).is_some() {
                h.highs.pop();
            }
            if lit.relation == Relation::NotEqual {
                h.holes.pop();
                if h.removed_at(lit.value) == pos as u32 {
                    h.set_removed(lit.value, NONE);
                }
            }
            if h.fixed == pos as u32 {
                h.fixed = NONE;
            }
            undone(lit.var);
        }
        self.entries.truncate(cut as usize);
        self.starts.truncate(level as usize);
    }

    /// Records a propagator's removal `r` as a literal (`reason` its
    /// cause). A single value is `[x != v]`; a range is a bound's move,
    /// lower when it starts at the minimum. A range that empties the
    /// domain is not recorded (its direction is unknown): false then, and
    /// the failure is its propagator's.
    pub fn note(&mut self, r: &Removal, reason: Reason, domains: &[Domain]) -> bool {
        if r.value == r.upto {
            let (x, v) = (r.var, r.value);
            let before = self.at(self.len(), domains);
            let (lo, hi) = self.vars[x as usize].bounds(self.len());
            // At a bound only if every value from the bound's last move to
            // `v` is gone (one lookup rules most removals out).
            let at_min = (v == lo || !before.member(x, lo)) && before.min(x) == Some(v);
            let at_max = !at_min && (v == hi || !before.member(x, hi)) && before.max(x) == Some(v);
            // The bound the hole moves gets an entry of its own, so that
            // what rests on it (an equality, once the bounds meet) is one
            // position, where conflict analysis can find a unique
            // implication point (as Pumpkin's trail does), and the clauses
            // watching that bound hear it. It is the next member past `v`
            // in the domain before the hole.
            let bound = match (at_min, at_max) {
                (true, _) => before
                    .walk(x, (lo, hi), v + 1, 1)
                    .map(|b| Lit::at_least(x, b)),
                (_, true) => before
                    .walk(x, (lo, hi), v - 1, -1)
                    .map(|b| Lit::at_most(x, b)),
                _ => None,
            };
            self.push(Lit::not_equal(x, v), reason);
            if let Some(b) = bound {
                self.push(b, Reason::Bound);
            }
            self.note_fixed(r);
            return true;
        }
        let now = self.at(self.len(), domains);
        let (Some(lo), Some(hi)) = (now.min(r.var), now.max(r.var)) else {
            return false;
        };
        if r.value <= lo && r.upto >= hi {
            return false;
        }
        let lit = if r.value <= lo {
            Lit::at_least(r.var, r.upto + 1)
        } else {
            Lit::at_most(r.var, r.value - 1)
        };
        self.push(lit, reason);
        self.note_fixed(r);
        true
    }

    /// A removal that left its variable one value `v` adds `[x = v]`,
    /// resting on the bounds before it: what rests on the variable's value
    /// (a disequality's removal, an equality in a clause) is then one
    /// position, which conflict analysis may take as the unique
    /// implication point, as Pumpkin's analysis takes the predicate
    /// `[x == v]`, where the two bounds' entries would count twice.
    fn note_fixed(&mut self, r: &Removal) {
        if let Some(v) = r.last {
            self.push(Lit::equal(r.var, v), Reason::Bound);
        }
    }

    /// The clauses were renumbered (clause `k` is now `map[k]`; none
    /// that is a reason here was cut).
    pub fn renumber_clauses(&mut self, map: &[u32]) {
        for e in &mut self.entries {
            if let Reason::Clause(k) = &mut e.reason {
                *k = map[*k as usize];
                debug_assert!(*k != u32::MAX, "a reason on the trail was cut");
            }
        }
    }

    /// The domains as they were before position `pos`.
    pub fn at<'a>(&'a self, pos: u32, domains: &'a [Domain]) -> At<'a> {
        At {
            trail: self,
            pos,
            domains,
        }
    }

    /// The literals before `pos` that make `lit` hold (pushed onto `out`;
    /// none for what the declared domain says already). `lit` must hold
    /// in the domains before `pos`.
    pub fn support(&self, lit: Lit, pos: u32, domains: &[Domain], out: &mut Vec<u32>) {
        let x = lit.var;
        let declared = &domains[x as usize];
        let h = &self.vars[x as usize];
        match lit.relation {
            Relation::Equal if h.fixed < pos && self.entries[h.fixed as usize].lit == lit => {
                out.push(h.fixed);
            }
            Relation::Equal => {
                self.support(Lit::at_least(x, lit.value), pos, domains, out);
                self.support(Lit::at_most(x, lit.value), pos, domains, out);
            }
            Relation::AtLeast => {
                if h.lo >= lit.value {
                    return;
                }
                if let Some((p, _)) = h.first_low(lit.value, pos) {
                    out.push(p);
                    return;
                }
                // The greatest lower bound, then the holes up to the value.
                let best = History::last_before(&h.lows, pos);
                let from = best.map_or(h.lo, |(_, b)| b);
                out.extend(best.map(|(p, _)| p));
                h.holes_within(from, lit.value - 1, pos, &self.entries, out);
            }
            Relation::AtMost => {
                if h.hi <= lit.value {
                    return;
                }
                if let Some((p, _)) = h.first_high(lit.value, pos) {
                    out.push(p);
                    return;
                }
                let best = History::last_before(&h.highs, pos);
                let to = best.map_or(h.hi, |(_, b)| b);
                out.extend(best.map(|(p, _)| p));
                h.holes_within(lit.value + 1, to, pos, &self.entries, out);
            }
            Relation::NotEqual => {
                let v = lit.value;
                if v < h.lo || v > h.hi || !declared.contains(v as i32) {
                    return;
                }
                let removed = h.removed_at(v);
                let found = if removed < pos {
                    Some(removed)
                } else if let Some((p, _)) = h.first_low(v + 1, pos) {
                    Some(p)
                } else {
                    h.first_high(v - 1, pos).map(|(p, _)| p)
                };
                out.extend(found);
            }
        }
    }
}

/// The lower bound a literal sets, if it sets one.
pub(super) fn lower_of(l: Lit) -> Option<i64> {
    matches!(l.relation, Relation::AtLeast | Relation::Equal).then_some(l.value)
}

/// The upper bound a literal sets, if it sets one.
pub(super) fn upper_of(l: Lit) -> Option<i64> {
    matches!(l.relation, Relation::AtMost | Relation::Equal).then_some(l.value)
}

/// The domains before a trail position: the declared domains narrowed by
/// the literals before it.
pub(crate) struct At<'a> {
    trail: &'a Trail,
    pos: u32,
    domains: &'a [Domain],
}

impl At<'_> {
    fn member(&self, x: u32, v: i64) -> bool {
        let h = &self.trail.vars[x as usize];
        v >= h.lo
            && v <= h.hi
            && self.domains[x as usize].contains(v as i32)
            && h.removed_at(v) >= self.pos
    }

    /// The first member walking from `from` by `step` within `lo..=hi`
    /// (the bounds before the position).
    fn walk(&self, x: u32, (lo, hi): (i64, i64), from: i64, step: i64) -> Option<i64> {
        let h = &self.trail.vars[x as usize];
        let mut v = from;
        if h.interval {
            // Every value between the bounds was declared: only the
            // removed ones are skipped.
            while lo <= v && v <= hi {
                if h.removed_at(v) >= self.pos {
                    return Some(v);
                }
                v += step;
            }
            return None;
        }
        let declared = &self.domains[x as usize];
        while lo <= v && v <= hi {
            v = declared.member_from(v, step > 0)?;
            if !(lo <= v && v <= hi) {
                return None;
            }
            if self.member(x, v) {
                return Some(v);
            }
            v += step;
        }
        None
    }
}

impl Domains for At<'_> {
    fn min(&self, x: u32) -> Option<i64> {
        let bounds = self.trail.vars[x as usize].bounds(self.pos);
        self.walk(x, bounds, bounds.0, 1)
    }

    fn max(&self, x: u32) -> Option<i64> {
        let bounds = self.trail.vars[x as usize].bounds(self.pos);
        self.walk(x, bounds, bounds.1, -1)
    }

    fn contains(&self, x: u32, value: i64) -> bool {
        let (lo, hi) = self.trail.vars[x as usize].bounds(self.pos);
        lo <= value && value <= hi && self.member(x, value)
    }

    /// The least member, then whether a second follows it: one walk
    /// that stops at the second member, where the least and the greatest
    /// would each walk past their ends' removed values.
    fn single(&self, x: u32) -> Option<i64> {
        let bounds = self.trail.vars[x as usize].bounds(self.pos);
        let least = self.walk(x, bounds, bounds.0, 1)?;
        self.walk(x, bounds, least + 1, 1)
            .is_none()
            .then_some(least)
    }

    /// The bounds at the position read once for both ends' walks.
    fn bounds(&self, x: u32) -> Option<(i64, i64)> {
        let bounds = self.trail.vars[x as usize].bounds(self.pos);
        let lo = self.walk(x, bounds, bounds.0, 1)?;
        Some((lo, self.walk(x, bounds, bounds.1, -1)?))
    }

    fn declared(&self, x: u32) -> Option<(i64, i64)> {
        let h = &self.trail.vars[x as usize];
        (h.lo <= h.hi).then_some((h.lo, h.hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x` in 0..=9 with `[x >= 3]`, `[x != 3]`, `[x <= 7]` at level 1.
    fn trail() -> (Trail, Vec<Domain>) {
        let d = vec![Domain::from(0..=9)];
        let mut t = Trail::new(&d);
        t.decide(Lit::at_least(0, 3));
        t.push(Lit::not_equal(0, 3), Reason::Prop(0));
        t.push(Lit::at_most(0, 7), Reason::Prop(0));
        (t, d)
    }

    #[test]
    fn the_domains_before_each_position() {
        let (t, d) = trail();
        let at = |p| {
            let a = t.at(p, &d);
            (a.min(0), a.max(0), a.contains(0, 3))
        };
        assert_eq!(at(0), (Some(0), Some(9), true));
        assert_eq!(at(1), (Some(3), Some(9), true));
        assert_eq!(at(2), (Some(4), Some(9), false));
        assert_eq!(at(3), (Some(4), Some(7), false));
    }

    #[test]
    fn a_domain_before_a_position_is_single_exactly_when_its_bounds_meet() {
        // x in 0..=4 loses 0, 2, 4 and 3 in turn: one value, 1, is left
        // only before the end; the shortcut agrees with min == max.
        let d = vec![Domain::from(0..=4)];
        let mut t = Trail::new(&d);
        t.decide(Lit::not_equal(0, 0));
        for v in [2, 4, 3] {
            t.push(Lit::not_equal(0, v), Reason::Prop(0));
        }
        for p in 0..=4 {
            let at = t.at(p, &d);
            let by_bounds = at.min(0).filter(|&lo| at.max(0) == Some(lo));
            assert_eq!(at.single(0), by_bounds, "before position {p}");
            assert_eq!(at.single(0), (p == 4).then_some(1), "before position {p}");
        }
        // With declared holes: {0, 2, 5, 7} loses 0, 7 and 5.
        let d = vec![Domain::from(vec![0, 2, 5, 7])];
        let mut t = Trail::new(&d);
        t.decide(Lit::not_equal(0, 0));
        t.push(Lit::at_most(0, 6), Reason::Prop(0));
        t.push(Lit::not_equal(0, 5), Reason::Prop(0));
        let singles: Vec<_> = (0..=3).map(|p| t.at(p, &d).single(0)).collect();
        assert_eq!(singles, [None, None, None, Some(2)]);
    }

    #[test]
    fn support_finds_the_literals_a_literal_rests_on() {
        let (t, d) = trail();
        let support = |lit| {
            let mut out = Vec::new();
            t.support(lit, 3, &d, &mut out);
            out.sort_unstable();
            out
        };
        assert_eq!(support(Lit::at_least(0, 4)), vec![0, 1]);
        assert_eq!(support(Lit::at_least(0, 2)), vec![0]);
        assert_eq!(support(Lit::at_most(0, 8)), vec![2]);
        assert_eq!(support(Lit::not_equal(0, 3)), vec![1]);
        assert_eq!(support(Lit::not_equal(0, 1)), vec![0]);
        assert_eq!(support(Lit::at_least(0, 0)), Vec::<u32>::new());
    }

    #[test]
    fn a_hole_at_a_bound_moves_the_bound_on_the_trail() {
        // x in 0..=9 after `[x >= 3]`, `[x != 3]`, `[x <= 7]`: 4..=7.
        let (mut t, d) = trail();
        let removal = |value, upto| Removal {
            var: 0,
            value,
            upto,
            by: 0,
            last: None,
        };
        // Inside: the hole alone.
        assert!(t.note(&removal(5, 5), Reason::Prop(0), &d));
        assert_eq!(t.len(), 4);
        // At the top: the hole, then `[x <= 6]` resting on it and `[x <= 7]`.
        assert!(t.note(&removal(7, 7), Reason::Prop(0), &d));
        assert_eq!(t.entries[5].lit, Lit::at_most(0, 6));
        assert_eq!(t.entries[5].reason, Reason::Bound);
        let mut out = Vec::new();
        t.support(Lit::at_most(0, 6), 5, &d, &mut out);
        out.sort_unstable();
        assert_eq!(out, vec![2, 4]);
        // At the bottom, across the earlier hole (5): 4 goes, so `[x >= 6]`.
        assert!(t.note(&removal(4, 4), Reason::Prop(0), &d));
        assert_eq!(t.entries[7].lit, Lit::at_least(0, 6));
        // `[x = 6]` now rests on the two bound entries alone.
        let mut out = Vec::new();
        t.support(Lit::equal(0, 6), t.len(), &d, &mut out);
        out.sort_unstable();
        assert_eq!(out, vec![5, 7]);
    }

    #[test]
    fn a_removal_that_leaves_one_value_adds_the_equality() {
        // x in 0..=9 after `[x >= 3]`, `[x != 3]`, `[x <= 7]`: 4..=7; the
        // removal of 5..=7 leaves 4.
        let (mut t, d) = trail();
        let fixing = Removal {
            var: 0,
            value: 5,
            upto: 7,
            by: 0,
            last: Some(4),
        };
        assert!(t.note(&fixing, Reason::Prop(0), &d));
        assert_eq!(t.entries[3].lit, Lit::at_most(0, 4));
        assert_eq!(
            (t.entries[4].lit, t.entries[4].reason),
            (Lit::equal(0, 4), Reason::Bound)
        );
        // After it, `[x = 4]` rests on that one position; before it, on
        // the bounds and the hole the bounds pass.
        let support = |t: &Trail, lit, pos| {
            let mut out = Vec::new();
            t.support(lit, pos, &d, &mut out);
            out.sort_unstable();
            out
        };
        assert_eq!(support(&t, Lit::equal(0, 4), 5), vec![4]);
        assert_eq!(support(&t, Lit::equal(0, 4), 4), vec![0, 1, 3]);
        // After a backjump past it, the same domain reached again in
        // other steps (a hole at the top adds its bound, then the range)
        // has its equality at its new place.
        t.backjump(0, |_| ());
        t.decide(Lit::at_least(0, 4));
        t.push(Lit::at_most(0, 8), Reason::Prop(0));
        assert!(t.note(
            &Removal {
                value: 8,
                upto: 8,
                last: None,
                ..fixing
            },
            Reason::Prop(0),
            &d
        ));
        assert!(t.note(&fixing, Reason::Prop(0), &d));
        assert_eq!(t.entries[5].lit, Lit::equal(0, 4));
        assert_eq!(support(&t, Lit::equal(0, 4), 6), vec![5]);
    }

    #[test]
    fn a_jump_back_forgets_the_later_literals() {
        let (mut t, d) = trail();
        let mut undone = Vec::new();
        t.backjump(0, |x| undone.push(x));
        assert_eq!((t.len(), t.level(), undone.len()), (0, 0, 3));
        assert_eq!(t.at(0, &d).min(0), Some(0));
    }

    #[test]
    fn slots_per_value_stop_at_the_budget_and_maps_answer_the_same() {
        // Two variables over 0..=9 with room for one's slots: the second
        // gets a map, and both say where a removed value went.
        let d = Domain::from(0..=9);
        let mut budget = 15;
        let mut dense = History::new(&d, &mut budget);
        let mut sparse = History::new(&d, &mut budget);
        assert!(matches!(dense.removed, Removed::Dense(_)));
        assert!(matches!(sparse.removed, Removed::Sparse(_)));
        assert_eq!(budget, 5);
        for h in [&mut dense, &mut sparse] {
            h.set_removed(4, 7);
            assert_eq!((h.removed_at(4), h.removed_at(5)), (7, NONE));
            h.set_removed(4, NONE);
            assert_eq!(h.removed_at(4), NONE);
        }
    }
}
