//! The nogood database: clauses over atomic literals (learned ones, and
//! the blocking clauses of enumeration), each with two watched literals.
//!
//! A clause's first two literals are watched, each listed under its
//! variable and kind in value order (`watches.rs`): a trail literal reads
//! only the watches whose literals it made false (a bound's move the
//! values past the bound, a removed value its own), and each such clause
//! moves its watch to a literal that is not false, or is unit (its other
//! watched literal is implied) or in conflict. Learned clauses
//! carry an activity (bumped when they take part in a conflict) and their
//! LBD (how many decision levels they span): the database is cut at
//! restarts, keeping glue clauses (LBD at most 2), blocking clauses and
//! the more active half of the rest.

use super::trail::Trail;
use super::watches::{falsified, kind_of, lit_of, spans, Span, Watch, WatchLists};
use crate::literal::Relation;
use crate::propagators::Lit;
use crate::store::Store;

/// One clause: at least one of `lits` holds.
pub(crate) struct Clause {
    pub lits: Vec<Lit>,
    pub activity: f64,
    pub lbd: u32,
    /// Learned from conflicts (implied by the model and the bound);
    /// otherwise a blocking clause of a solution found.
    pub learned: bool,
}

/// What the watches found.
pub(crate) enum Found {
    /// Every clause is satisfied or has two literals open.
    Nothing,
    /// Clause `k`'s literal is implied (all its others are false).
    Unit(u32, Lit),
    /// Clause `k` has every literal false.
    Conflict(u32),
}

/// The clauses and their watches.
pub(crate) struct Nogoods {
    pub clauses: Vec<Clause>,
    /// The watched literals and their clauses, by variable, kind and
    /// value.
    watches: WatchLists,
    /// The watches that move to another value of the list being read.
    moved_here: Vec<Watch>,
    /// The trail position up to which changes were looked at.
    pub head: u32,
    bump: f64,
    /// Learned clauses kept before the next cut.
    pub limit: usize,
    /// How many of the clauses are learned (read before each decision).
    learned: usize,
    /// Per variable: the pass of [`Nogoods::next`] that last looked at its
    /// watches, and the spans it read (one read of a bound's span sees
    /// every literal the trail so far made false there).
    visited: Vec<(u32, u8)>,
    pass: u32,
}

/// Does `lit` hold for every value the store leaves its variable?
fn satisfied(lit: Lit, store: &Store) -> bool {
    let x = lit.var;
    match lit.relation {
        Relation::AtLeast => store.min(x).is_some_and(|m| m >= lit.value),
        Relation::AtMost => store.max(x).is_some_and(|m| m <= lit.value),
        Relation::Equal => store.single(x) == Some(lit.value),
        Relation::NotEqual => !store.contains(x, lit.value) && store.size(x) > 0,
    }
}

/// The literal that holds exactly when `lit` does not.
pub(crate) fn negated(lit: Lit) -> Lit {
    match lit.relation {
        Relation::AtLeast => Lit::at_most(lit.var, lit.value - 1),
        Relation::AtMost => Lit::at_least(lit.var, lit.value + 1),
        Relation::Equal => Lit::not_equal(lit.var, lit.value),
        Relation::NotEqual => Lit::equal(lit.var, lit.value),
    }
}

/// Learned clauses kept before the first cut.
const FIRST_LIMIT: usize = 2000;

impl Nogoods {
    pub fn new(vars: usize) -> Nogoods {
        Nogoods {
            clauses: Vec::new(),
            watches: WatchLists::new(vars),
            moved_here: Vec::new(),
            head: 0,
            bump: 1.0,
            limit: FIRST_LIMIT,
            learned: 0,
            visited: vec![(0, 0); vars],
            pass: 0,
        }
    }

    /// How many learned clauses the database holds.
    pub fn learned(&self) -> usize {
        self.learned
    }

    /// Adds a clause whose first literal is the one to assert and whose
    /// second (if any) became false last; returns its number.
    pub fn add(&mut self, lits: Vec<Lit>, lbd: u32, learned: bool) -> u32 {
        let k = self.clauses.len() as u32;
        self.watch(k, &lits);
        self.learned += usize::from(learned);
        self.clauses.push(Clause {
            lits,
            activity: self.bump,
            lbd,
            learned,
        });
        k
    }

    fn watch(&mut self, k: u32, lits: &[Lit]) {
        for &l in lits.iter().take(2) {
            self.watches.add(l, k);
        }
    }

    /// Clause `k` took part in a conflict.
    pub fn bump(&mut self, k: u32) {
        let c = &mut self.clauses[k as usize];
        c.activity += self.bump;
        if c.activity > 1e100 {
            for c in &mut self.clauses {
                c.activity *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// After each conflict: later bumps weigh more.
    pub fn decay(&mut self) {
        self.bump /= 0.999;
    }

    /// Looks at the clauses watched on the variables changed since `head`
    /// (the trail's literals), up to the first unit or conflict.
    pub fn next(&mut self, trail: &Trail, store: &Store) -> Found {
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            self.visited.fill((0, 0));
            self.pass = 1;
        }
        while self.head < trail.len() {
            let lit = trail.entries[self.head as usize].lit;
            let x = lit.var;
            // The store holds every literal on the trail: a bound's span
            // needs one read per pass, however many literals moved it.
            let (pass, done) = self.visited[x as usize];
            let mut done = if pass == self.pass { done } else { 0 };
            for (kind, span, bit) in spans(lit, store) {
                if done & bit != 0 {
                    continue;
                }
                let found = self.visit(x, kind, span, store);
                if !matches!(found, Found::Nothing) {
                    self.visited[x as usize] = (self.pass, done);
                    return found;
                }
                done |= bit;
            }
            self.visited[x as usize] = (self.pass, done);
            self.head += 1;
        }
        Found::Nothing
    }

    /// The clauses watching a literal of `kind` on `x` with a value in
    /// `span`: moves the watches off false literals, stops at the first
    /// unit or conflict. (A span holds false literals only; the test
    /// costs little and keeps a wider span sound.)
    fn visit(&mut self, x: u32, kind: usize, span: Span, store: &Store) -> Found {
        let mut list = self.watches.take(x, kind);
        let range = span.range(&list);
        let mut kept = range.start;
        let mut found = Found::Nothing;
        // The bounds once for the whole span (a bound's kind reads them).
        let (lo, hi) = (store.min(x), store.max(x));
        let is_false = |l: Lit| match l.relation {
            Relation::AtLeast => hi.is_none_or(|m| m < l.value),
            Relation::AtMost => lo.is_none_or(|m| m > l.value),
            _ => falsified(l, store),
        };
        for i in range.clone() {
            let w = list[i];
            let watched = lit_of(x, kind, w.value);
            if !matches!(found, Found::Nothing) || !is_false(watched) {
                list[kept] = w;
                kept += 1;
                continue;
            }
            let lits = &mut self.clauses[w.clause as usize].lits;
            let Some(at) = lits.iter().take(2).position(|&l| l == watched) else {
                continue; // a stale watch: the literal moved on
            };
            let other = lits.get(1 - at).copied();
            if other.is_some_and(|o| satisfied(o, store)) {
                list[kept] = w;
                kept += 1;
                continue;
            }
            if let Some(r) = (2..lits.len()).find(|&r| !falsified(lits[r], store)) {
                lits.swap(at, r);
                let moved = lits[at];
                let to = Watch {
                    clause: w.clause,
                    value: moved.value,
                };
                if moved.var == x && kind_of(moved) == kind {
                    self.moved_here.push(to);
                } else {
                    self.watches.add(moved, w.clause);
                }
                continue;
            }
            list[kept] = w;
            kept += 1;
            found = match other {
                Some(o) if !falsified(o, store) => Found::Unit(w.clause, o),
                _ => Found::Conflict(w.clause),
            };
        }
        list.drain(kept..range.end);
        for to in self.moved_here.drain(..) {
            let at = list.partition_point(|w| w.value <= to.value);
            list.insert(at, to);
        }
        self.watches.put(x, kind, list);
        found
    }

    /// Cuts the learned clauses to the glue ones and the more active half
    /// of the rest (at the root only: no clause is then the reason of a
    /// literal above it). Blocking clauses stay.
    pub fn reduce(&mut self) {
        let mut activities: Vec<f64> = (self.clauses.iter())
            .filter(|c| c.learned && c.lbd > 2)
            .map(|c| c.activity)
            .collect();
        if activities.is_empty() {
            return;
        }
        activities.sort_unstable_by(f64::total_cmp);
        let median = activities[activities.len() / 2];
        self.clauses
            .retain(|c| !c.learned || c.lbd <= 2 || c.activity >= median);
        self.learned = self.clauses.iter().filter(|c| c.learned).count();
        self.watches.clear();
        for (k, c) in self.clauses.iter().enumerate() {
            for &l in c.lits.iter().take(2) {
                self.watches.push_unsorted(l, k as u32);
            }
        }
        self.watches.sort();
        // Past what stays, so that the next cut is some conflicts away
        // (glue clauses alone may outnumber the limit).
        self.limit = (self.limit + self.limit / 10).max(self.learned() + self.limit / 10);
    }
}
