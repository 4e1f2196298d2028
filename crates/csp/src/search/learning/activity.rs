//! Which variable a learning search decides next, and on which value:
//! variable activity (VSIDS: bumped for each variable in a conflict's
//! analysis, every bump worth more than the last, so old conflicts fade)
//! and phase saving (a variable takes again the value it last had). A
//! saved value strictly inside the domain is decided as the bound `x <=
//! v` rather than `x = v`: the branch refuted is then learned as the
//! bound's move `x > v`, which the scheduling and arithmetic propagators
//! use, not the one hole `x != v`, which on a wide domain refutes almost
//! nothing (at either end of the domain the two are the same). The
//! variables are kept in a binary heap by activity, so a decision pops
//! the fixed ones off its top rather than scanning every variable; a
//! variable goes back in when a jump back undoes one of its literals.

use crate::propagators::Lit;
use crate::store::Store;

/// Activities and saved phases.
pub(crate) struct Activity {
    score: Vec<f64>,
    phase: Vec<Option<i64>>,
    bump: f64,
    /// The variables by activity (the most active first, then the lower
    /// index), a binary heap.
    heap: Vec<u32>,
    /// Each variable's place in the heap, `OUT` when it is not there.
    place: Vec<u32>,
}

/// Not in the heap.
const OUT: u32 = u32::MAX;

/// How fast old bumps fade (each conflict divides the weight of all
/// earlier ones by this).
const DECAY: f64 = 0.95;

impl Activity {
    pub fn new(vars: usize) -> Activity {
        Activity {
            score: vec![0.0; vars],
            phase: vec![None; vars],
            bump: 1.0,
            // Equal scores: index order is a heap.
            heap: (0..vars as u32).collect(),
            place: (0..vars as u32).collect(),
        }
    }

    /// Is `a` to be decided before `b`?
    fn before(&self, a: u32, b: u32) -> bool {
        let (sa, sb) = (self.score[a as usize], self.score[b as usize]);
        sa > sb || (sa == sb && a < b)
    }

    fn set(&mut self, i: usize, x: u32) {
        self.heap[i] = x;
        self.place[x as usize] = i as u32;
    }

    fn sift_up(&mut self, mut i: usize) {
        let x = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if !self.before(x, p) {
                break;
            }
            self.set(i, p);
            i = parent;
        }
        self.set(i, x);
    }

    fn sift_down(&mut self, mut i: usize) {
        let x = self.heap[i];
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.before(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if !self.before(c, x) {
                break;
            }
            self.set(i, c);
            i = child;
        }
        self.set(i, x);
    }

    /// `x` may be decided again (a jump back undid one of its literals).
    pub fn reinsert(&mut self, x: u32) {
        if self.place[x as usize] == OUT {
            self.heap.push(x);
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// Takes the heap's top out.
    fn pop(&mut self) {
        let top = self.heap[0];
        self.place[top as usize] = OUT;
        let last = self.heap.pop().expect("a top");
        if !self.heap.is_empty() {
            self.set(0, last);
            self.sift_down(0);
        }
    }

    /// Variable `x` took part in a conflict.
    pub fn bump(&mut self, x: u32) {
        self.score[x as usize] += self.bump;
        if self.score[x as usize] > 1e100 {
            // Scaling keeps the order (the heap stays one).
            for s in &mut self.score {
                *s *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        let i = self.place[x as usize];
        if i != OUT {
            self.sift_up(i as usize);
        }
    }

    /// After each conflict.
    pub fn decay(&mut self) {
        self.bump /= DECAY;
    }

    /// Remembers `x`'s value (it is being undone).
    pub fn save(&mut self, x: u32, value: i64) {
        self.phase[x as usize] = Some(value);
    }

    /// The decision on the most active variable with more than one value
    /// left (the first of equals), at the value to try: its saved phase if
    /// still there, else its least; `x <= v` for a value strictly inside
    /// the domain, `x = v` at either end. `None` when every variable is
    /// fixed. The fixed variables on the heap's top leave it.
    pub fn decision(&mut self, store: &Store) -> Option<Lit> {
        let x = loop {
            let &x = self.heap.first()?;
            if store.size(x) > 1 {
                break x;
            }
            self.pop();
        };
        let (min, max) = (store.min(x)?, store.max(x)?);
        let value = match self.phase[x as usize] {
            Some(v) if store.contains(x, v) => v,
            _ => min,
        };
        Some(match min < value && value < max {
            true => Lit::at_most(x, value),
            false => Lit::equal(x, value),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    /// A saved value inside the domain is decided as a bound, one at an
    /// end (or none saved) as an equality.
    #[test]
    fn inside_values_are_decided_as_bounds() {
        let domains = [Domain::from(0..=9)];
        let mut store = Store::new(&domains);
        let mut a = Activity::new(1);
        assert_eq!(a.decision(&store), Some(Lit::equal(0, 0)));
        a.save(0, 4);
        assert_eq!(a.decision(&store), Some(Lit::at_most(0, 4)));
        a.save(0, 9);
        assert_eq!(a.decision(&store), Some(Lit::equal(0, 9)));
        store.assign(0, 9);
        assert_eq!(a.decision(&store), None);
    }

    /// The heap gives what a scan of every variable gives: the most active
    /// open variable, the lower index among equals, after bumps, fixes and
    /// reinsertions.
    #[test]
    fn the_heap_picks_what_a_scan_picks() {
        let domains: Vec<Domain> = (0..12).map(|_| Domain::from(0..=3)).collect();
        let mut store = Store::new(&domains);
        let mut a = Activity::new(12);
        let scan = |a: &Activity, store: &Store| {
            (0..12u32).filter(|&x| store.size(x) > 1).max_by(|&x, &y| {
                a.score[x as usize]
                    .total_cmp(&a.score[y as usize])
                    .then(y.cmp(&x))
            })
        };
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut marks = Vec::new();
        for step in 0..400 {
            match next(4) {
                0 | 1 => a.bump(next(12) as u32),
                2 => a.decay(),
                _ if marks.len() < 6 => {
                    if let Some(lit) = a.decision(&store) {
                        marks.push((store.mark(), lit.var));
                        store.assign(lit.var, lit.value);
                    }
                }
                _ => {
                    let (mark, x) = marks.pop().expect("a mark");
                    store.undo(mark);
                    a.reinsert(x);
                }
            }
            let expected = scan(&a, &store);
            assert_eq!(a.decision(&store).map(|l| l.var), expected, "step {step}");
        }
    }
}
