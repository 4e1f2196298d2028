//! Which parts of each constraint are still open (unassigned), kept
//! incrementally as variables are assigned and unassigned.
//!
//! Forward checking visits only the unassigned positions of a pairwise
//! constraint, and the n-ary rules need each constraint's number of
//! unassigned variables; both are updated in O(occurrences of the variable)
//! per assignment instead of being recounted per node.

use crate::constraint::Constraint;

#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub pos: u32,
    pub var: u32,
    pub shift: i64,
}

pub(crate) struct Occupancy {
    /// For variable `v`: `occ[occ_start[v]..occ_start[v + 1]]` are the
    /// (constraint, scope position) pairs where it appears.
    occ_start: Vec<u32>,
    occ: Vec<(u32, u32)>,
    /// Per constraint: how many of its distinct variables are unassigned.
    pub unassigned_vars: Vec<u32>,
    /// Per constraint: its scope positions, unassigned ones first
    /// (`order[start[c]..start[c] + open[c]]`), each with its variable and
    /// `shift` = view offset + the variable's lowest declared value, so a
    /// view value `t` is bit `t - shift` of the variable's domain.
    start: Vec<u32>,
    order: Vec<Entry>,
    /// Where each (constraint, position) currently sits in `order`.
    slot: Vec<u32>,
    open: Vec<u32>,
}

impl Occupancy {
    /// `bases[v]` is variable `v`'s lowest declared value.
    pub fn new(bases: &[i64], constraints: &[Constraint]) -> Occupancy {
        let num_vars = bases.len();
        let mut count = vec![0u32; num_vars + 1];
        for con in constraints {
            for view in &con.scope {
                count[view.var.index()] += 1;
            }
        }
        let mut occ_start = Vec::with_capacity(num_vars + 1);
        let mut total = 0u32;
        for &k in &count[..num_vars] {
            occ_start.push(total);
            total += k;
        }
        occ_start.push(total);
        let mut fill = occ_start.clone();
        let mut occ = vec![(0, 0); total as usize];
        let mut start = Vec::with_capacity(constraints.len() + 1);
        let mut order = Vec::new();
        for (c, con) in constraints.iter().enumerate() {
            start.push(order.len() as u32);
            for (p, view) in con.scope.iter().enumerate() {
                let v = view.var.index();
                occ[fill[v] as usize] = (c as u32, p as u32);
                fill[v] += 1;
                order.push(Entry {
                    pos: p as u32,
                    var: v as u32,
                    shift: view.offset.saturating_add(bases[v]),
                });
            }
        }
        start.push(order.len() as u32);
        Occupancy {
            occ_start,
            occ,
            unassigned_vars: constraints.iter().map(|c| c.vars.len() as u32).collect(),
            slot: order.iter().map(|e| e.pos).collect(),
            order,
            start,
            open: constraints.iter().map(|c| c.scope.len() as u32).collect(),
        }
    }

    /// The (constraint, position) pairs where `var` appears.
    #[inline]
    pub fn of(&self, var: u32) -> &[(u32, u32)] {
        &self.occ[self.occ_start[var as usize] as usize..self.occ_start[var as usize + 1] as usize]
    }

    /// The unassigned scope positions of constraint `c`.
    #[cfg(test)]
    pub fn open_positions(&self, c: u32) -> Vec<u32> {
        let s = self.start[c as usize] as usize;
        self.order[s..s + self.open[c as usize] as usize]
            .iter()
            .map(|e| e.pos)
            .collect()
    }

    /// `(first, count)`: the unassigned positions of `c` are
    /// `order_at(first..first + count)` (index-based, so the caller may
    /// mutate other state while walking them).
    #[inline]
    pub fn open_range(&self, c: u32) -> (usize, usize) {
        (
            self.start[c as usize] as usize,
            self.open[c as usize] as usize,
        )
    }

    #[inline(always)]
    pub fn entry(&self, k: usize) -> Entry {
        self.order[k]
    }

    /// Marks `var` assigned. `distinct` lists its constraints once each.
    #[inline]
    pub fn assign(&mut self, var: u32, distinct: &[u32]) {
        for &c in distinct {
            self.unassigned_vars[c as usize] -= 1;
        }
        let (a, b) = self.occurrence_range(var);
        for &(c, p) in &self.occ[a..b] {
            let s = self.start[c as usize] as usize;
            let open = &mut self.open[c as usize];
            *open -= 1;
            let last = s + *open as usize;
            let here = s + self.slot[s + p as usize] as usize;
            // Swap this position with the last open one, which takes its slot.
            let moved = self.order[last].pos;
            self.order.swap(here, last);
            self.slot[s + moved as usize] = (here - s) as u32;
            self.slot[s + p as usize] = (last - s) as u32;
        }
    }

    /// Undoes `assign(var)`; assignments must be undone in reverse order.
    /// The positions closed last sit just beyond the open part, so growing
    /// the open part back restores the exact same layout.
    #[inline]
    pub fn unassign(&mut self, var: u32, distinct: &[u32]) {
        for &c in distinct {
            self.unassigned_vars[c as usize] += 1;
        }
        let (a, b) = self.occurrence_range(var);
        for &(c, _) in &self.occ[a..b] {
            self.open[c as usize] += 1;
        }
    }

    #[inline(always)]
    fn occurrence_range(&self, var: u32) -> (usize, usize) {
        (
            self.occ_start[var as usize] as usize,
            self.occ_start[var as usize + 1] as usize,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn open_positions_follow_assignments() {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..3).unwrap();
        m.all_different([x[0] + 0, x[1] + 0, x[2] + 0, x[0] + 1])
            .unwrap();
        let mut o = Occupancy::new(&[0, 0, 0], m.constraints());
        let sorted = |o: &Occupancy| {
            let mut v = o.open_positions(0);
            v.sort();
            v
        };
        assert_eq!(sorted(&o), vec![0, 1, 2, 3]);
        o.assign(0, &[0]);
        assert_eq!(sorted(&o), vec![1, 2]);
        assert_eq!(o.unassigned_vars[0], 2);
        o.assign(2, &[0]);
        assert_eq!(sorted(&o), vec![1]);
        o.unassign(2, &[0]);
        assert_eq!(sorted(&o), vec![1, 2]);
        o.unassign(0, &[0]);
        assert_eq!(sorted(&o), vec![0, 1, 2, 3]);
        assert_eq!(o.unassigned_vars[0], 3);
    }
}
