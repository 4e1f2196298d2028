//! The nogood database: clauses over atomic literals (learned ones, and
//! the blocking clauses of enumeration), each with two watched literals.
//!
//! A clause is watched through the variables of its first two literals: a
//! change to such a variable (any literal on it, a bound's move included)
//! looks at the clause. The watched literals are kept non-false while
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
    /// Per variable: the clauses with a watched literal on it.
    watches: Vec<Vec<u32>>,
    /// The trail position up to which changes were looked at.
    pub head: u32,
    bump: f64,
    /// Learned clauses kept before the next cut.
    pub limit: usize,
    /// Per variable: the pass of [`Nogoods::next`] that last looked at its
    /// clauses (one look sees all of its literals on the trail so far).
    visited: Vec<u32>,
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
            watches: vec![Vec::new(); vars],
            head: 0,
            bump: 1.0,
            limit: FIRST_LIMIT,
            visited: vec![0; vars],
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
        self.watches[lits[0].var as usize].push(k);
        if let Some(second) = lits.get(1)
            && second.var != lits[0].var
        {
            self.watches[second.var as usize].push(k);
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
            self.visited.fill(0);
            self.pass = 1;
        }
        while self.head < trail.len() {
            let x = trail.entries[self.head as usize].lit.var;
            // The store holds every literal on the trail: a variable's
            // clauses need one look per pass, however many its literals.
            if self.visited[x as usize] != self.pass {
                let found = self.visit(x, store);
                if !matches!(found, Found::Nothing) {
                    return found;
                }
                self.visited[x as usize] = self.pass;
            }
            self.head += 1;
        }
        Found::Nothing
    }

    /// The clauses watched on `x`: moves the watches off false literals,
    /// stops at the first unit or conflict.
    fn visit(&mut self, x: u32, store: &Store) -> Found {
        let mut list = std::mem::take(&mut self.watches[x as usize]);
        let mut kept = 0;
        let mut found = Found::Nothing;
        for i in 0..list.len() {
            let k = list[i];
            if !matches!(found, Found::Nothing) {
                list[kept] = k;
                kept += 1;
                continue;
            }
            let lits = &mut self.clauses[k as usize].lits;
            let on_x = |lits: &[Lit]| lits.iter().take(2).any(|l| l.var == x);
            if !on_x(lits) {
                continue; // a stale watch: the literal moved on
            }
            if lits.iter().take(2).any(|&l| satisfied(l, store)) {
                list[kept] = k;
                kept += 1;
                continue;
            }
            for w in 0..lits.len().min(2) {
                if !falsified(lits[w], store) {
                    continue;
                }
                let Some(r) = (2..lits.len()).find(|&r| !falsified(lits[r], store)) else {
                    continue;
                };
                lits.swap(w, r);
                let y = lits[w].var;
                let other = lits[1 - w].var;
                if y != x && y != other {
                    self.watches[y as usize].push(k);
                }
            }
            let lits = &self.clauses[k as usize].lits;
            if on_x(lits) {
                list[kept] = k;
                kept += 1;
            }
            let false0 = falsified(lits[0], store);
            let false1 = lits.get(1).is_none_or(|&l| falsified(l, store));
            found = match (false0, false1) {
                (true, true) => Found::Conflict(k),
                (false, true) if !satisfied(lits[0], store) => Found::Unit(k, lits[0]),
                (true, false) if !satisfied(lits[1], store) => Found::Unit(k, lits[1]),
                _ => Found::Nothing,
            };
        }
        list.truncate(kept);
        // Nothing else pushes onto `x`'s list while it is out.
        self.watches[x as usize] = list;
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
        for list in &mut self.watches {
            list.clear();
        }
        for k in 0..self.clauses.len() {
            let lits = std::mem::take(&mut self.clauses[k].lits);
            self.watch(k as u32, &lits);
            self.clauses[k].lits = lits;
        }
        self.limit += self.limit / 10;
    }
}
