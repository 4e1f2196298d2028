//! Nogood learning's store: each dead end's conflict set kept as a nogood
//! (assignments that hold together in no solution), and the check that
//! rejects an assignment completing one.
//!
//! Bounded learning: a nogood of more than [`MAX_NOGOOD_SIZE`] assignments
//! is not kept (long ones seldom recur and each costs a check), and the
//! store stops growing at [`MAX_NOGOODS`]. Each nogood is listed under each
//! of its variables; an assignment reads its variable's list only.

/// Nogoods of more assignments than this are not kept (bounded learning:
/// a long nogood seldom recurs, and each one costs a check whenever one of
/// its assignments is made).
///
/// ```
/// assert_eq!(csp::MAX_NOGOOD_SIZE, 8);
/// ```
pub const MAX_NOGOOD_SIZE: usize = 8;

/// A search keeps at most this many nogoods; later dead ends learn nothing
/// (the search stays complete, it only stops learning).
///
/// ```
/// assert!(csp::MAX_NOGOODS >= 1000);
/// ```
pub const MAX_NOGOODS: usize = 20_000;

/// The learned nogoods of one search.
pub(crate) struct Nogoods {
    /// Every nogood's assignments `(variable, value)`, one nogood after
    /// another.
    literals: Vec<(u32, i32)>,
    /// Where each nogood starts in `literals` (it ends where the next
    /// starts, the last at the end).
    starts: Vec<u32>,
    /// Per variable: the nogoods that assign it, with the value they give it.
    by_var: Vec<Vec<(i32, u32)>>,
}

impl Nogoods {
    /// An empty store for a model of `vars` variables.
    pub fn new(vars: usize) -> Nogoods {
        Nogoods {
            literals: Vec::new(),
            starts: Vec::new(),
            by_var: (0..vars).map(|_| Vec::new()).collect(),
        }
    }

    /// Forgets every nogood (a fresh search: other assumptions may hold).
    pub fn clear(&mut self) {
        self.literals.clear();
        self.starts.clear();
        self.by_var.iter_mut().for_each(Vec::clear);
    }

    /// Keeps `nogood` (distinct variables) unless it is too long or the
    /// store is full; whether it was kept.
    pub fn record(&mut self, nogood: &[(u32, i32)]) -> bool {
        if nogood.len() > MAX_NOGOOD_SIZE || self.starts.len() >= MAX_NOGOODS {
            return false;
        }
        let id = self.starts.len() as u32;
        self.starts.push(self.literals.len() as u32);
        self.literals.extend_from_slice(nogood);
        for &(var, value) in nogood {
            self.by_var[var as usize].push((value, id));
        }
        true
    }

    /// The assignments of nogood `id`.
    pub fn literals(&self, id: u32) -> &[(u32, i32)] {
        let start = self.starts[id as usize] as usize;
        let end = self
            .starts
            .get(id as usize + 1)
            .map_or(self.literals.len(), |&e| e as usize);
        &self.literals[start..end]
    }

    /// Calls `found` with each nogood that `var = value` completes (every
    /// other assignment of it holds in `values` and `assigned`) until
    /// `found` returns true; true if it did. Each nogood read counts in
    /// `checks`.
    pub fn each_violated(
        &self,
        var: u32,
        value: i32,
        values: &[i32],
        assigned: &[bool],
        checks: &mut u64,
        mut found: impl FnMut(u32) -> bool,
    ) -> bool {
        for &(v, id) in &self.by_var[var as usize] {
            if v != value {
                continue;
            }
            *checks += 1;
            let holds = self
                .literals(id)
                .iter()
                .all(|&(x, u)| x == var || (assigned[x as usize] && values[x as usize] == u));
            if holds && found(id) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nogood_is_violated_only_when_its_last_assignment_completes_it() {
        let mut store = Nogoods::new(3);
        assert!(store.record(&[(0, 1), (2, 5)]));
        let mut checks = 0;
        let mut values = vec![1, 0, 5];
        let mut assigned = vec![true, false, true];
        let mut seen = Vec::new();
        let violated = store.each_violated(2, 5, &values, &assigned, &mut checks, |id| {
            seen.push(id);
            true
        });
        assert!(violated && seen == [0] && checks == 1);
        // Another value of the first variable, or it unassigned: no violation.
        values[0] = 2;
        assert!(!store.each_violated(2, 5, &values, &assigned, &mut checks, |_| true));
        values[0] = 1;
        assigned[0] = false;
        assert!(!store.each_violated(2, 5, &values, &assigned, &mut checks, |_| true));
        // Another value of the variable assigned: not even read.
        let before = checks;
        assert!(!store.each_violated(2, 4, &values, &assigned, &mut checks, |_| true));
        assert_eq!(checks, before);
    }

    #[test]
    fn learning_is_bounded_in_length_and_number() {
        let mut store = Nogoods::new(MAX_NOGOOD_SIZE + 1);
        let long: Vec<(u32, i32)> = (0..=MAX_NOGOOD_SIZE as u32).map(|x| (x, 0)).collect();
        assert!(!store.record(&long));
        assert!(store.record(&long[..MAX_NOGOOD_SIZE]));
        for _ in 1..MAX_NOGOODS {
            assert!(store.record(&[(0, 1)]));
        }
        assert!(!store.record(&[(0, 2)]));
        assert_eq!(store.literals(0), &long[..MAX_NOGOOD_SIZE]);
        store.clear();
        assert!(store.record(&[(0, 2)]));
        assert_eq!(store.literals(0), &[(0, 2)]);
    }
}
