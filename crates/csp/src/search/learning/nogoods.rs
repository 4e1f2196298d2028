//! The nogood database: clauses over atomic literals (learned ones, and
//! the blocking clauses of enumeration), each with two watched literals.
//!
//! A clause's first two literals are watched, each listed under its
//! variable with the literal itself: a change to the variable (any literal
//! on it, a bound's move included) tests the listed literal against the
//! store, and reads the clause only when that literal became false. The watched literals are kept non-false while
//! another literal can take their place; when none can, the clause is unit
//! (its other watched literal is implied) or in conflict. Learned clauses
//! carry an activity (bumped when they take part in a conflict) and their
//! LBD (how many decision levels they span): the database is cut at
//! restarts, keeping glue clauses (LBD at most 2), blocking clauses and
//! the more active half of the rest.

use super::trail::Trail;
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
    /// Per variable and kind of literal ([`kind_of`]): its watched
    /// literals and their clauses.
    watches: Vec<[Vec<(u32, Lit)>; KINDS]>,
    /// The trail position up to which changes were looked at.
    pub head: u32,
    bump: f64,
    /// Learned clauses kept before the next cut.
    pub limit: usize,
    /// Per variable: the pass of [`Nogoods::next`] that last looked at its
    /// watches, and the kinds it looked at (one look sees all of its
    /// literals on the trail so far).
    visited: Vec<(u32, u8)>,
    pass: u32,
}

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

/// Kinds of watched literal, by the change that can make one false.
const KINDS: usize = 4;
/// `[x >= v]`: false once the upper bound drops below `v`.
const GE: usize = 0;
/// `[x <= v]`: false once the lower bound rises above `v`.
const LE: usize = 1;
/// `[x = v]`: false once `v` goes.
const EQ: usize = 2;
/// `[x != v]`: false once `x` is fixed to `v`.
const NE: usize = 3;

fn kind_of(lit: Lit) -> usize {
    match lit.relation {
        Relation::AtLeast => GE,
        Relation::AtMost => LE,
        Relation::Equal => EQ,
        Relation::NotEqual => NE,
    }
}

/// The kinds of watched literal on `lit`'s variable that the trail
/// literal `lit` may have made false (as a bit set), judged with the
/// store as it is now (a removed value at the edge moved a bound).
fn falsifiable(lit: Lit, store: &Store) -> u8 {
    let x = lit.var;
    if store.size(x) <= 1 {
        return 0b1111; // fixed (or emptied): any kind
    }
    match lit.relation {
        Relation::AtLeast => 1 << LE | 1 << EQ,
        Relation::AtMost => 1 << GE | 1 << EQ,
        Relation::Equal => 0b1111,
        Relation::NotEqual => {
            let mut kinds = 1 << EQ;
            if store.min(x).is_none_or(|m| m > lit.value) {
                kinds |= 1 << LE;
            }
            if store.max(x).is_none_or(|m| m < lit.value) {
                kinds |= 1 << GE;
            }
            kinds
        }
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
            watches: (0..vars).map(|_| Default::default()).collect(),
            head: 0,
            bump: 1.0,
            limit: FIRST_LIMIT,
            visited: vec![(0, 0); vars],
            pass: 0,
        }
    }

    /// How many learned clauses the database holds.
    pub fn learned(&self) -> usize {
        self.clauses.iter().filter(|c| c.learned).count()
    }

    /// Adds a clause whose first literal is the one to assert and whose
    /// second (if any) became false last; returns its number.
    pub fn add(&mut self, lits: Vec<Lit>, lbd: u32, learned: bool) -> u32 {
        let k = self.clauses.len() as u32;
        self.watch(k, &lits);
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
            self.watches[l.var as usize][kind_of(l)].push((k, l));
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
            // The store holds every literal on the trail: a variable's
            // watches of one kind need one look per pass, however many its
            // literals.
            let (pass, done) = self.visited[x as usize];
            let done = if pass == self.pass { done } else { 0 };
            let todo = falsifiable(lit, store) & !done;
            let mut done = done;
            for kind in 0..KINDS {
                if todo & (1 << kind) == 0 {
                    continue;
                }
                let found = self.visit(x, kind, store);
                if !matches!(found, Found::Nothing) {
                    self.visited[x as usize] = (self.pass, done);
                    return found;
                }
                done |= 1 << kind;
            }
            self.visited[x as usize] = (self.pass, done);
            self.head += 1;
        }
        Found::Nothing
    }

    /// The clauses watching a literal of `kind` on `x`: moves the watches
    /// off false literals, stops at the first unit or conflict. A watch
    /// whose literal is not false is passed over without reading its
    /// clause.
    fn visit(&mut self, x: u32, kind: usize, store: &Store) -> Found {
        let mut list = std::mem::take(&mut self.watches[x as usize][kind]);
        let mut kept = 0;
        let mut found = Found::Nothing;
        // The bounds once for the whole list (a bound's kind reads them).
        let (lo, hi) = (store.min(x), store.max(x));
        let is_false = |l: Lit| match l.relation {
            Relation::AtLeast => hi.is_none_or(|m| m < l.value),
            Relation::AtMost => lo.is_none_or(|m| m > l.value),
            _ => falsified(l, store),
        };
        for i in 0..list.len() {
            let (k, watched) = list[i];
            if !matches!(found, Found::Nothing) || !is_false(watched) {
                list[kept] = (k, watched);
                kept += 1;
                continue;
            }
            let lits = &mut self.clauses[k as usize].lits;
            let Some(w) = lits.iter().take(2).position(|&l| l == watched) else {
                continue; // a stale watch: the literal moved on
            };
            let other = lits.get(1 - w).copied();
            if other.is_some_and(|o| satisfied(o, store)) {
                list[kept] = (k, watched);
                kept += 1;
                continue;
            }
            if let Some(r) = (2..lits.len()).find(|&r| !falsified(lits[r], store)) {
                lits.swap(w, r);
                let moved = lits[w];
                if moved.var == x && kind_of(moved) == kind {
                    list[kept] = (k, moved);
                    kept += 1;
                } else {
                    self.watches[moved.var as usize][kind_of(moved)].push((k, moved));
                }
                continue;
            }
            list[kept] = (k, watched);
            kept += 1;
            found = match other {
                Some(o) if !falsified(o, store) => Found::Unit(k, o),
                _ => Found::Conflict(k),
            };
        }
        list.truncate(kept);
        // Nothing else pushes onto this list while it is out.
        debug_assert!(self.watches[x as usize][kind].is_empty());
        self.watches[x as usize][kind] = list;
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
        for lists in &mut self.watches {
            lists.iter_mut().for_each(Vec::clear);
        }
        for k in 0..self.clauses.len() {
            let lits = std::mem::take(&mut self.clauses[k].lits);
            self.watch(k as u32, &lits);
            self.clauses[k].lits = lits;
        }
        self.limit += self.limit / 10;
    }
}
