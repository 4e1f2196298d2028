//! How many variables of each constraint are still unassigned: what the
//! backtracking check (is the scope assigned?), forward checking's exact
//! filter (is one variable left?) and the degree-based variable orders
//! read.

/// Per constraint: its unassigned distinct variables.
pub(crate) struct Occupancy {
    /// Per constraint: how many of its distinct variables are unassigned
    /// (kept only when something reads it: see `counting`).
    pub unassigned_vars: Vec<u32>,
    /// False when no n-ary constraint and no degree-based variable order
    /// needs `unassigned_vars`, so the hot loop skips its upkeep.
    counting: bool,
}

impl Occupancy {
    /// The counts for `constraints`, all unassigned; kept up to date only
    /// when some constraint is not pairwise or `degree_order` reads them.
    pub fn new(constraints: &[crate::propagators::Constraint], degree_order: bool) -> Occupancy {
        Occupancy {
            counting: degree_order || constraints.iter().any(|c| !c.is_pairwise()),
            unassigned_vars: constraints.iter().map(|c| c.vars.len() as u32).collect(),
        }
    }

    /// Marks a variable assigned; `distinct` lists its constraints once each.
    #[inline]
    pub fn assign(&mut self, distinct: &[u32]) {
        if !self.counting {
            return;
        }
        for &c in distinct {
            self.unassigned_vars[c as usize] -= 1;
        }
    }

    /// Undoes `assign`.
    #[inline]
    pub fn unassign(&mut self, distinct: &[u32]) {
        if !self.counting {
            return;
        }
        for &c in distinct {
            self.unassigned_vars[c as usize] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn counters_follow_assignments() {
        let mut m = Model::new();
        let x = m.int_var(3..6).unwrap();
        let y = m.int_var(-2..2).unwrap();
        m.all_different([x + 1, y - 1]).unwrap();
        let mut o = Occupancy::new(m.constraints(), true);
        o.assign(&[0]);
        assert_eq!(o.unassigned_vars[0], 1);
        o.unassign(&[0]);
        assert_eq!(o.unassigned_vars[0], 2);
    }
}
