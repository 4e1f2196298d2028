//! The precedences a model already states between two variables (its
//! two-variable rows `x - y <= c`, `x < y`, `x = y + c`, ...), read when
//! the model introduces a helper for a difference `x - y`, so that the
//! helper's declared domain starts as tight as they make it: the marks of
//! a ruler posted ascending give `x[j] - x[i] >= j - i` before any search,
//! which bounds reasoning over the rows themselves never derives.

use super::Model;
use crate::comparison::Cmp;
use crate::propagators::Kind;
use std::collections::{HashMap, VecDeque};

/// The most edges one query relaxes: a longest path through a large (or
/// cyclic) precedence graph costs at most this per helper. Stopping early
/// is sound, every path found is a proof; it only leaves the gap smaller.
const RELAXATIONS: usize = 4096;

impl Model {
    /// The greatest `w` found such that the rows posted so far prove
    /// `to - from >= w`: the longest path of precedences from `from` to
    /// `to` (`None` without one).
    pub(super) fn implied_gap(&self, from: u32, to: u32) -> Option<i128> {
        let mut best: HashMap<u32, i128> = HashMap::from([(from, 0)]);
        let mut queue = VecDeque::from([from]);
        let mut budget = RELAXATIONS;
        while let Some(v) = queue.pop_front() {
            let here = best[&v];
            for &c in &self.var_constraints[v as usize] {
                for (next, w) in self.precedence_edges(c, v) {
                    if budget == 0 {
                        return best.get(&to).copied();
                    }
                    budget -= 1;
                    let reach = here.saturating_add(w);
                    if best.get(&next).is_none_or(|&b| reach > b) {
                        best.insert(next, reach);
                        queue.push_back(next);
                    }
                }
            }
        }
        best.get(&to).copied()
    }

    /// The precedences constraint `c` states out of variable `v`: each
    /// `(y, w)` with `y - v >= w`, when `c` is a row `p - q cmp rhs`.
    fn precedence_edges(&self, c: u32, v: u32) -> impl Iterator<Item = (u32, i128)> {
        let con = &self.constraints[c as usize];
        let edges = match (&con.kind, &con.scope[..]) {
            (Kind::Linear { coefs, cmp, rhs }, [a, b]) if coefs[0] == -coefs[1] => {
                // p - q cmp rhs, p the variable with coefficient 1.
                let (p, q) = match coefs[0] {
                    1 => (a.var.index, b.var.index),
                    -1 => (b.var.index, a.var.index),
                    _ => (v, v),
                };
                // `p - q <= rhs`: q - p >= -rhs; `p - q >= rhs`: p - q >= rhs.
                let up = matches!(cmp, Cmp::Le | Cmp::Eq).then_some((p, q, -rhs));
                let down = matches!(cmp, Cmp::Ge | Cmp::Eq).then_some((q, p, *rhs));
                [up, down]
            }
            _ => [None, None],
        };
        edges
            .into_iter()
            .flatten()
            .filter(move |&(from, to, _)| from == v && to != v)
            .map(|(_, to, w)| (to, w))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Model, Solver};

    /// Brute force over the model's solutions: the least and greatest
    /// value of `x[j] - x[i]`.
    fn spread(model: &Model, i: usize, j: usize) -> (i32, i32) {
        let mut lo = i32::MAX;
        let mut hi = i32::MIN;
        for s in Solver::new(model).search() {
            let d = s.values()[j] - s.values()[i];
            lo = lo.min(d);
            hi = hi.max(d);
        }
        (lo, hi)
    }

    #[test]
    fn a_chain_of_less_bounds_each_difference_by_its_length() {
        let mut m = Model::new();
        let x = m.int_vars(5, 0..9).unwrap();
        for i in 1..5 {
            m.less(x[i - 1], x[i]).unwrap();
        }
        for j in 0..5 {
            for i in 0..j {
                assert_eq!(m.implied_gap(x[i].index, x[j].index), Some((j - i) as i128));
                assert_eq!(m.implied_gap(x[j].index, x[i].index), None);
                let (lo, _) = spread(&m, i, j);
                assert!(i128::from(lo) >= (j - i) as i128);
            }
        }
    }

    #[test]
    fn equalities_and_offsets_give_exact_gaps_both_ways() {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..20).unwrap();
        m.equal(x[1], x[0] + 3).unwrap();
        m.greater_equal(x[2] - x[1], 2).unwrap();
        assert_eq!(m.implied_gap(x[0].index, x[1].index), Some(3));
        assert_eq!(m.implied_gap(x[1].index, x[0].index), Some(-3));
        assert_eq!(m.implied_gap(x[0].index, x[2].index), Some(5));
        assert_eq!(m.implied_gap(x[2].index, x[0].index), None);
    }

    #[test]
    fn a_cycle_stops_within_the_budget() {
        // x0 < x1 < x0: unsatisfiable; the search for a path ends anyway.
        let mut m = Model::new();
        let x = m.int_vars(2, 0..5).unwrap();
        m.less(x[0], x[1]).unwrap();
        m.less(x[1], x[0]).unwrap();
        assert!(m.implied_gap(x[0].index, x[1].index).is_some());
        assert!(Solver::new(&m).count().is_unsatisfiable());
    }

    #[test]
    fn difference_helpers_start_within_the_stated_precedences() {
        let mut m = Model::new();
        let x = m.int_vars(4, 0..12).unwrap();
        for i in 1..4 {
            m.less(x[i - 1], x[i]).unwrap();
        }
        let d = m.expr_var(x[3] - x[0]).unwrap();
        assert_eq!(m.domain(d.var).min(), Some(3));
        let e = m.expr_var(x[0] - x[2]).unwrap();
        assert_eq!(m.domain(e.var).max(), Some(-2));
        // The helpers change no solution: as many as the chain alone has.
        let mut plain = Model::new();
        let y = plain.int_vars(4, 0..12).unwrap();
        for i in 1..4 {
            plain.less(y[i - 1], y[i]).unwrap();
        }
        assert_eq!(
            Solver::new(&m).count().solutions(),
            Solver::new(&plain).count().solutions()
        );
    }
}
