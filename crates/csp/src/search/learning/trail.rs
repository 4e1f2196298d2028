//! The trail of atomic literals: every domain change of a learning search,
//! in order, with its decision level and its cause.
//!
//! A propagator's removal of one value is `[x != v]`; a bound's move over
//! a multi-word domain is `[x >= v]` or `[x <= v]`; a decision is `[x = v]`.
//! Per variable the trail keeps the positions of its literals, so the
//! domains *as they were* before any position ([`At`]) are read back from
//! the declared domain and the earlier literals: that is what a
//! propagator's lazy explanation reads (`propagators/explain.rs`).

use crate::domain::Domain;
use crate::literal::Relation;
use crate::propagators::{Domains, Lit, Removal};

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
}

/// One literal on the trail.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub lit: Lit,
    pub level: u32,
    pub reason: Reason,
}

/// The trail: literals in order, per variable their positions, per level
/// where it starts.
pub(crate) struct Trail {
    pub entries: Vec<Entry>,
    by_var: Vec<Vec<u32>>,
    /// `starts[l]`: the position of level `l + 1`'s decision.
    starts: Vec<u32>,
}

impl Trail {
    pub fn new(vars: usize) -> Trail {
        Trail {
            entries: Vec::new(),
            by_var: vec![Vec::new(); vars],
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
        self.by_var[lit.var as usize].push(pos);
        self.entries.push(Entry { lit, level, reason });
    }

    /// Back to the end of `level`: every later literal goes. Each variable
    /// whose literals go is passed to `undone` (once per literal).
    pub fn backjump(&mut self, level: u32, mut undone: impl FnMut(u32)) {
        if level >= self.level() {
            return;
        }
        let cut = self.starts[level as usize];
        for e in &self.entries[cut as usize..] {
            self.by_var[e.lit.var as usize].pop();
            undone(e.lit.var);
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
            self.push(Lit::not_equal(r.var, r.value), reason);
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
        true
    }

    /// The domains as they were before position `pos`.
    pub fn at<'a>(&'a self, pos: u32, domains: &'a [Domain]) -> At<'a> {
        At {
            trail: self,
            pos,
            domains,
        }
    }

    /// `x`'s literal positions before `pos`.
    fn before(&self, x: u32, pos: u32) -> &[u32] {
        let all = &self.by_var[x as usize];
        &all[..all.partition_point(|&p| p < pos)]
    }

    /// The literals before `pos` that make `lit` hold (pushed onto `out`;
    /// none for what the declared domain says already). `lit` must hold
    /// in the domains before `pos`.
    pub fn support(&self, lit: Lit, pos: u32, domains: &[Domain], out: &mut Vec<u32>) {
        let x = lit.var;
        let declared = &domains[x as usize];
        let list = self.before(x, pos);
        let lower = |p: u32| lower_of(self.entries[p as usize].lit);
        let upper = |p: u32| upper_of(self.entries[p as usize].lit);
        match lit.relation {
            Relation::Equal => {
                self.support(Lit::at_least(x, lit.value), pos, domains, out);
                self.support(Lit::at_most(x, lit.value), pos, domains, out);
            }
            Relation::AtLeast => {
                if declared.min().is_none_or(|m| m as i64 >= lit.value) {
                    return;
                }
                if let Some(&p) = list.iter().find(|&&p| lower(p) >= Some(lit.value)) {
                    out.push(p);
                    return;
                }
                // The greatest lower bound, then the holes up to the value.
                let best = list.iter().copied().max_by_key(|&p| lower(p));
                let from = best.and_then(lower).unwrap_or(i64::MIN);
                out.extend(best.filter(|&p| lower(p).is_some()));
                out.extend(list.iter().copied().filter(|&p| {
                    let l = self.entries[p as usize].lit;
                    l.relation == Relation::NotEqual && l.value >= from && l.value < lit.value
                }));
            }
            Relation::AtMost => {
                if declared.max().is_none_or(|m| m as i64 <= lit.value) {
                    return;
                }
                if let Some(&p) = list.iter().find(|&&p| upper(p) <= Some(lit.value))
                    && upper(p).is_some()
                {
                    out.push(p);
                    return;
                }
                let best = list
                    .iter()
                    .copied()
                    .filter(|&p| upper(p).is_some())
                    .min_by_key(|&p| upper(p));
                let to = best.and_then(upper).unwrap_or(i64::MAX);
                out.extend(best);
                out.extend(list.iter().copied().filter(|&p| {
                    let l = self.entries[p as usize].lit;
                    l.relation == Relation::NotEqual && l.value <= to && l.value > lit.value
                }));
            }
            Relation::NotEqual => {
                if lit.value < i32::MIN as i64
                    || lit.value > i32::MAX as i64
                    || !declared.contains(lit.value as i32)
                {
                    return;
                }
                let v = lit.value;
                let found = list.iter().copied().find(|&p| {
                    let l = self.entries[p as usize].lit;
                    (l.relation == Relation::NotEqual && l.value == v)
                        || lower(p).is_some_and(|b| b > v)
                        || upper(p).is_some_and(|b| b < v)
                });
                out.extend(found);
            }
        }
    }
}

/// The lower bound a literal sets, if it sets one.
fn lower_of(l: Lit) -> Option<i64> {
    matches!(l.relation, Relation::AtLeast | Relation::Equal).then_some(l.value)
}

/// The upper bound a literal sets, if it sets one.
fn upper_of(l: Lit) -> Option<i64> {
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
    /// The bounds the declared domain and the bound literals give (holes
    /// aside).
    fn bounds(&self, x: u32) -> (i64, i64) {
        let d = &self.domains[x as usize];
        let mut lo = d.min().map_or(i64::MAX, i64::from);
        let mut hi = d.max().map_or(i64::MIN, i64::from);
        for &p in self.trail.before(x, self.pos) {
            let l = self.trail.entries[p as usize].lit;
            if let Some(b) = lower_of(l) {
                lo = lo.max(b);
            }
            if let Some(b) = upper_of(l) {
                hi = hi.min(b);
            }
        }
        (lo, hi)
    }

    fn member(&self, x: u32, v: i64) -> bool {
        let declared = v >= i32::MIN as i64
            && v <= i32::MAX as i64
            && self.domains[x as usize].contains(v as i32);
        declared
            && !self.trail.before(x, self.pos).iter().any(|&p| {
                let l = self.trail.entries[p as usize].lit;
                l.relation == Relation::NotEqual && l.value == v
            })
    }

    /// The first member walking from `from` by `step` within the bounds.
    fn walk(&self, x: u32, from: i64, step: i64) -> Option<i64> {
        let (lo, hi) = self.bounds(x);
        let declared = &self.domains[x as usize];
        let mut v = from;
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
        let (lo, _) = self.bounds(x);
        self.walk(x, lo, 1)
    }

    fn max(&self, x: u32) -> Option<i64> {
        let (_, hi) = self.bounds(x);
        self.walk(x, hi, -1)
    }

    fn contains(&self, x: u32, value: i64) -> bool {
        let (lo, hi) = self.bounds(x);
        lo <= value && value <= hi && self.member(x, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x` in 0..=9 with `[x >= 3]`, `[x != 3]`, `[x <= 7]` at level 1.
    fn trail() -> (Trail, Vec<Domain>) {
        let mut t = Trail::new(1);
        t.decide(Lit::at_least(0, 3));
        t.push(Lit::not_equal(0, 3), Reason::Prop(0));
        t.push(Lit::at_most(0, 7), Reason::Prop(0));
        (t, vec![Domain::from(0..=9)])
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
    fn a_jump_back_forgets_the_later_literals() {
        let (mut t, d) = trail();
        let mut undone = Vec::new();
        t.backjump(0, |x| undone.push(x));
        assert_eq!((t.len(), t.level(), undone.len()), (0, 0, 3));
        assert_eq!(t.at(0, &d).min(0), Some(0));
    }
}
