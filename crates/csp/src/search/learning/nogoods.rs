//! The nogood database: clauses over atomic literals (learned ones, and
//! the blocking clauses of enumeration), each with two watched literals.
//!
//! A clause's first two literals are watched, each listed under its
//! variable and kind in value order (`watches.rs`): a trail literal reads
//! only the watches whose literals it made false (a bound's move the
//! values it newly passed, see [`Frontier`]; a removed value its own),
//! and each such clause is skipped if its watch's blocker (a literal of
//! the clause) holds, else moves its watch to a literal that is not
//! false, or is unit (its other watched literal is implied) or in
//! conflict. Learned clauses
//! carry an activity (bumped when they take part in a conflict) and their
//! LBD (how many decision levels they span): past its limit the database
//! is cut where the search stands, keeping glue clauses (LBD at most 2),
//! blocking clauses, the reasons of literals on the trail (renumbered
//! there and in the watches) and the more active half of the rest.

use super::trail::Trail;
#[cfg(test)]
use super::watches::NE;
use super::watches::{falsified, kind_of, lit_of, spans, Span, Watch, WatchLists, EQ, GE, LE};
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
    head: u32,
    bump: f64,
    /// Learned clauses kept before the next cut.
    limit: usize,
    /// How many of the clauses are learned (read before each decision).
    learned: usize,
    /// Per variable: the pass of [`Nogoods::next`] that last looked at its
    /// watches, and the spans it read (one read of a bound's span sees
    /// every literal the trail so far made false there).
    visited: Vec<(u32, u8)>,
    pass: u32,
    /// Per variable: how far its bound lists were read (see [`Frontier`]).
    frontiers: Vec<Frontier>,
    /// The variables whose literals the backjump under way undoes.
    undone_vars: Vec<u32>,
}

/// How far a variable's lists were read past its bounds: every watch on a
/// literal false below `below` (`[x <= v]`, `[x = v]`) or above `above`
/// (`[x >= v]`, `[x = v]`) was seen once it became false, so a bound's
/// move reads only the values it newly passed, not every false literal
/// again (a clause left watching a false literal has its other watched
/// literal or its blocker true since, as in a SAT solver's watches). A
/// backjump moves the frontier back to the bounds restored.
#[derive(Clone, Copy)]
struct Frontier {
    /// Per kind `<=` and `=`: the values below it were read.
    below: [i64; 2],
    /// Per kind `>=` and `=`: the values above it were read.
    above: [i64; 2],
}

impl Frontier {
    const NONE: Frontier = Frontier {
        below: [i64::MIN; 2],
        above: [i64::MAX; 2],
    };

    /// The part of `span` (of a list of `kind`) not read yet, if any.
    fn unread(&self, kind: usize, span: Span) -> Option<Span> {
        match (span, side(kind)) {
            (Span::Below(b), Some(i)) => {
                let from = self.below[i];
                (from < b).then(|| Span::Within(from, b - 1))
            }
            (Span::Above(b), Some(i)) => {
                let to = self.above[i];
                (to > b).then(|| Span::Within(b + 1, to))
            }
            _ => Some(span),
        }
    }

    /// `span` of a list of `kind` was read in full.
    fn read(&mut self, kind: usize, span: Span) {
        match (span, side(kind)) {
            (Span::Below(b), Some(i)) => self.below[i] = self.below[i].max(b),
            (Span::Above(b), Some(i)) => self.above[i] = self.above[i].min(b),
            _ => {}
        }
    }

    /// The bounds are `lo` and `hi` again (`None`: emptied).
    fn undone(&mut self, lo: Option<i64>, hi: Option<i64>) {
        for b in &mut self.below {
            *b = (*b).min(lo.unwrap_or(i64::MIN));
        }
        for a in &mut self.above {
            *a = (*a).max(hi.unwrap_or(i64::MAX));
        }
    }
}

/// The slot of a bound's list of `kind` in a [`Frontier`]: `<=` and `>=`
/// are 0, `=` is 1; `!=` has none (it is read at one value).
fn side(kind: usize) -> Option<usize> {
    match kind {
        LE | GE => Some(0),
        EQ => Some(1),
        _ => None,
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

/// The blocker of the watch on `lits[i]`, one of a clause's first two: the
/// other one (itself in a clause of one literal).
fn blocker(lits: &[Lit], i: usize) -> Lit {
    lits.get(1 - i).copied().unwrap_or(lits[i])
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

/// Learned clauses kept before the first cut: as many as Pumpkin keeps
/// of its high-LBD tier (at 2,000, search_stress 08_08 needed 2.5 times
/// the conflicts: the cuts lost clauses it used again).
const FIRST_LIMIT: usize = 20_000;

impl Nogoods {
    /// The database over `vars` variables, cut first past `limit`
    /// learned clauses ([`FIRST_LIMIT`] unless set).
    pub fn new(vars: usize, limit: Option<usize>) -> Nogoods {
        Nogoods {
            clauses: Vec::new(),
            watches: WatchLists::new(vars),
            moved_here: Vec::new(),
            head: 0,
            bump: 1.0,
            limit: limit.unwrap_or(FIRST_LIMIT),
            learned: 0,
            visited: vec![(0, 0); vars],
            pass: 0,
            frontiers: vec![Frontier::NONE; vars],
            undone_vars: Vec::new(),
        }
    }

    /// How many learned clauses the database holds.
    pub fn learned(&self) -> usize {
        self.learned
    }

    /// The database outgrew its limit: time for a cut ([`Nogoods::reduce`]).
    pub fn over_limit(&self) -> bool {
        self.learned > self.limit
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
        for (i, &l) in lits.iter().take(2).enumerate() {
            self.watches.add(l, k, blocker(lits, i));
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
                let Some(unread) = self.frontiers[x as usize].unread(kind, span) else {
                    done |= bit;
                    continue;
                };
                let found = self.visit(x, kind, unread, store);
                if !matches!(found, Found::Nothing) {
                    self.visited[x as usize] = (self.pass, done);
                    return found;
                }
                self.frontiers[x as usize].read(kind, span);
                done |= bit;
            }
            self.visited[x as usize] = (self.pass, done);
            self.head += 1;
        }
        Found::Nothing
    }

    /// A literal on `x` is being undone by a backjump.
    pub fn undoing(&mut self, x: u32) {
        self.undone_vars.push(x);
    }

    /// Backjumped: the trail now ends at `len`, and each variable a
    /// literal of which went has only its literals past its bounds in
    /// `store` (as they are again) read.
    pub fn undone(&mut self, len: u32, store: &Store) {
        self.head = self.head.min(len);
        for x in self.undone_vars.drain(..) {
            self.frontiers[x as usize].undone(store.min(x), store.max(x));
        }
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
            let stopped = !matches!(found, Found::Nothing);
            if stopped || !is_false(watched) || satisfied(w.blocker, store) {
                list[kept] = w;
                kept += 1;
                continue;
            }
            let lits = &mut self.clauses[w.clause as usize].lits;
            let Some(at) = lits.iter().take(2).position(|&l| l == watched) else {
                continue; // a stale watch: the literal moved on
            };
            let other = lits.get(1 - at).copied();
            if let Some(o) = other.filter(|&o| satisfied(o, store)) {
                list[kept] = Watch { blocker: o, ..w };
                kept += 1;
                continue;
            }
            if let Some(r) = (2..lits.len()).find(|&r| !falsified(lits[r], store)) {
                lits.swap(at, r);
                let moved = lits[at];
                let blocker = other.unwrap_or(moved);
                let to = Watch {
                    clause: w.clause,
                    value: moved.value,
                    blocker,
                };
                if moved.var == x && kind_of(moved) == kind {
                    self.moved_here.push(to);
                } else {
                    self.watches.add(moved, w.clause, blocker);
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
    /// of the rest, keeping every clause `locked` marks (the reasons of
    /// literals on the trail: a cut may come at any level, so the search
    /// it interrupts goes on as it was). Blocking clauses stay. Returns
    /// each clause's new number (`u32::MAX`: cut), for the trail's
    /// reasons, or `None` if none could be cut; the watches keep their
    /// order and blockers. Either way the limit rises past what stays.
    pub fn reduce(&mut self, locked: &[bool]) -> Option<Vec<u32>> {
        let map = self.cut(locked);
        // Past what stays, so that the next cut is some conflicts away
        // (glue clauses and reasons alone may outnumber the limit), and
        // by at least one: a limit that never grows lets restarts and
        // cuts forget forever, and the search need not end.
        let step = (self.limit / 10).max(1);
        self.limit = (self.limit + step).max(self.learned() + step);
        map
    }

    /// [`Nogoods::reduce`]'s cut, without the new limit.
    fn cut(&mut self, locked: &[bool]) -> Option<Vec<u32>> {
        let cuttable = |k: usize, c: &Clause| c.learned && c.lbd > 2 && !locked[k];
        let mut activities: Vec<f64> = (self.clauses.iter().enumerate())
            .filter(|&(k, c)| cuttable(k, c))
            .map(|(_, c)| c.activity)
            .collect();
        if activities.is_empty() {
            return None;
        }
        activities.sort_unstable_by(f64::total_cmp);
        let median = activities[activities.len() / 2];
        let mut map = vec![0; self.clauses.len()];
        let mut next = 0;
        for (k, c) in self.clauses.iter().enumerate() {
            if cuttable(k, c) && c.activity < median {
                map[k] = u32::MAX;
            } else {
                map[k] = next;
                next += 1;
            }
        }
        let mut k = 0;
        self.clauses.retain(|_| {
            k += 1;
            map[k - 1] != u32::MAX
        });
        self.learned = self.clauses.iter().filter(|c| c.learned).count();
        self.watches.renumber(&map);
        Some(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;
    use crate::search::learning::trail::Reason;

    /// Makes `lit` true in the store (one-word domains: value by value)
    /// and puts it on the trail.
    fn impose(store: &mut Store, trail: &mut Trail, lit: Lit, reason: Reason) {
        let x = lit.var;
        let (lo, hi) = (store.min(x).unwrap(), store.max(x).unwrap());
        let gone: Vec<i64> = match lit.relation {
            Relation::AtLeast => (lo..lit.value).collect(),
            Relation::AtMost => (lit.value + 1..=hi).collect(),
            Relation::Equal => (lo..=hi).filter(|&v| v != lit.value).collect(),
            Relation::NotEqual => vec![lit.value],
        };
        for v in gone {
            if store.contains(x, v) {
                store.remove(x, v).unwrap();
            }
        }
        if reason == Reason::Decision {
            trail.decide(lit);
        } else {
            trail.push(lit, reason);
        }
    }

    #[test]
    fn units_are_given_in_turn_and_a_unit_made_false_is_a_conflict() {
        // x0 in 0..=1, x1 and x2 in 0..=3. Fixing x0 to 1 makes three
        // clauses unit at once: the first two are given in turn, the third
        // asks for x1 <= 0 after the first made x1 >= 1.
        let domains = [Domain::from(0..2), Domain::from(0..4), Domain::from(0..4)];
        let (mut store, mut trail) = (Store::new(&domains), Trail::new(&domains));
        let mut db = Nogoods::new(3, None);
        let c0 = db.add(vec![Lit::not_equal(0, 1), Lit::at_least(1, 1)], 2, true);
        let c1 = db.add(vec![Lit::not_equal(0, 1), Lit::at_least(2, 2)], 2, true);
        let c2 = db.add(vec![Lit::not_equal(0, 1), Lit::at_most(1, 0)], 2, true);
        assert!(matches!(db.next(&trail, &store), Found::Nothing));
        impose(&mut store, &mut trail, Lit::equal(0, 1), Reason::Decision);
        let mut units = Vec::new();
        let conflict = loop {
            match db.next(&trail, &store) {
                Found::Unit(k, lit) => {
                    units.push(k);
                    impose(&mut store, &mut trail, lit, Reason::Clause(k));
                }
                Found::Conflict(k) => break Some(k),
                Found::Nothing => break None,
            }
        };
        assert_eq!(units, [c0, c1]);
        assert_eq!(conflict, Some(c2));
    }

    #[test]
    fn a_cut_keeps_the_reasons_and_renumbers_the_watches() {
        // Six learned clauses over x0..x2 in 0..=3, LBD 3, activities
        // growing with their number; clause 0 is locked (a reason).
        let domains = [Domain::from(0..4), Domain::from(0..4), Domain::from(0..4)];
        let (mut store, mut trail) = (Store::new(&domains), Trail::new(&domains));
        let mut db = Nogoods::new(3, Some(4));
        for v in 0..6 {
            db.add(
                vec![Lit::not_equal(0, v % 4), Lit::at_least(1, 1 + v / 4)],
                3,
                true,
            );
            db.decay();
        }
        let mut locked = vec![false; 6];
        locked[0] = true;
        let map = db.reduce(&locked).expect("five clauses may be cut");
        // Of the five cuttable, the more active half stays (3, 4, 5), and
        // the locked one, numbered in order.
        assert_eq!(map, [0, u32::MAX, u32::MAX, 1, 2, 3]);
        assert_eq!((db.learned(), db.clauses.len()), (4, 4));
        assert!(db.limit >= db.learned() && !db.over_limit());
        // The kept clauses' watches answer to their new numbers: x0 = 3
        // makes the old clause 3 (now 1), `x0 != 3 or x1 >= 1`, unit.
        impose(&mut store, &mut trail, Lit::equal(0, 3), Reason::Decision);
        match db.next(&trail, &store) {
            Found::Unit(k, lit) => assert_eq!((k, lit), (1, Lit::at_least(1, 1))),
            _ => panic!("the kept clause is unit"),
        }
    }

    #[test]
    fn every_cut_raises_the_limit_even_a_tiny_one() {
        // A limit of 1 (a tenth of it is nothing): each cut must still
        // raise it, or cuts and restarts could forget forever.
        let mut db = Nogoods::new(2, Some(1));
        let mut limits = vec![db.limit];
        for v in 0..4 {
            // Clauses learned until the database is over its limit, each
            // more active than the last (so the cut has a lower half).
            while !db.over_limit() {
                db.add(vec![Lit::not_equal(0, v), Lit::at_least(1, 1)], 3, true);
                db.decay();
            }
            db.reduce(&vec![false; db.clauses.len()]);
            limits.push(db.limit);
        }
        assert!(limits.windows(2).all(|w| w[1] > w[0]), "{limits:?}");
    }

    #[test]
    fn a_literal_false_again_after_a_backjump_is_read_again() {
        // (x0 <= 2 or x1 >= 1), x0 in 0..=9: x0 >= 3 at level 1 makes it
        // unit; after the backjump, x0 >= 5 (a bound past the first, whose
        // values were read) must find it unit again.
        let domains = [Domain::from(0..10), Domain::from(0..2)];
        let (mut store, mut trail) = (Store::new(&domains), Trail::new(&domains));
        let mut db = Nogoods::new(2, None);
        let c = db.add(vec![Lit::at_most(0, 2), Lit::at_least(1, 1)], 2, true);
        for bound in [3, 5] {
            let mark = store.mark();
            impose(
                &mut store,
                &mut trail,
                Lit::at_least(0, bound),
                Reason::Decision,
            );
            match db.next(&trail, &store) {
                Found::Unit(k, lit) => assert_eq!((k, lit), (c, Lit::at_least(1, 1))),
                _ => panic!("x0 >= {bound}: the clause is unit"),
            }
            trail.backjump(0, |x| db.undoing(x));
            store.undo(mark);
            db.undone(trail.len(), &store);
        }
    }

    #[test]
    fn a_frontier_leaves_out_what_was_read_until_a_backjump() {
        let mut f = Frontier::NONE;
        assert_eq!(
            f.unread(LE, Span::Below(4)),
            Some(Span::Within(i64::MIN, 3))
        );
        f.read(LE, Span::Below(4));
        assert_eq!(f.unread(LE, Span::Below(4)), None);
        assert_eq!(f.unread(LE, Span::Below(7)), Some(Span::Within(4, 6)));
        // `=` literals have their own frontier; `!=` are read at a value.
        assert_eq!(
            f.unread(EQ, Span::Below(4)),
            Some(Span::Within(i64::MIN, 3))
        );
        assert_eq!(f.unread(NE, Span::At(2)), Some(Span::At(2)));
        f.read(GE, Span::Above(8));
        assert_eq!(f.unread(GE, Span::Above(6)), Some(Span::Within(7, 8)));
        f.undone(Some(1), Some(9));
        assert_eq!(f.unread(LE, Span::Below(4)), Some(Span::Within(1, 3)));
        assert_eq!(f.unread(GE, Span::Above(6)), Some(Span::Within(7, 9)));
    }
}
