//! The debugging check of [`Solver::check_nogoods`](crate::Solver::check_nogoods):
//! every learned clause is implied by the model, which on a small model
//! means every solution (brute force) satisfies it, but those already
//! found (enumeration blocks them) and, in branch and bound, those the
//! bound excludes.

use crate::model::Model;
use crate::propagators::objective::Objective;
use crate::propagators::Lit;
use std::collections::HashSet;

/// Models with more assignments than this are not checked.
const MAX_ASSIGNMENTS: u64 = 1 << 20;

/// A model's solutions, and those the search reported.
pub(crate) struct Check {
    solutions: Vec<Vec<i32>>,
    found: HashSet<Vec<i32>>,
}

impl Check {
    /// Every solution of `model` by brute force; `None` if it has more
    /// than [`MAX_ASSIGNMENTS`] assignments.
    pub fn new(model: &Model) -> Option<Check> {
        let mut size = 1u64;
        for d in model.domains() {
            size = size.saturating_mul(d.size());
        }
        if size > MAX_ASSIGNMENTS {
            return None;
        }
        let choices: Vec<Vec<i32>> = model
            .domains()
            .iter()
            .map(|d| d.values().collect())
            .collect();
        let mut solutions = Vec::new();
        crate::each_combination(&choices, |values| {
            if model.is_solution(values) {
                solutions.push(values.to_vec());
            }
        });
        Some(Check {
            solutions,
            found: HashSet::new(),
        })
    }

    /// The search reported `values`.
    pub fn found(&mut self, values: &[i32]) {
        self.found.insert(values.to_vec());
    }

    /// Panics unless every solution not yet found and within the bound
    /// satisfies `clause`.
    pub fn verify(&self, clause: &[Lit], objective: Option<&Objective>) {
        for s in &self.solutions {
            if self.found.contains(s) || objective.is_some_and(|o| !o.holds(s)) {
                continue;
            }
            let holds = clause.iter().any(|l| l.holds(s[l.var as usize] as i64));
            assert!(holds, "learned clause {clause:?} excludes solution {s:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_implied_clause_passes() {
        let mut m = Model::new();
        let x = m.int_vars(2, 0..3).unwrap();
        m.less(x[0], x[1]).unwrap();
        let check = Check::new(&m).unwrap();
        // x0 < x1 over 0..3: x0 is at most 1, x1 at least 1.
        check.verify(&[Lit::at_most(x[0].index, 1)], None);
        check.verify(&[Lit::not_equal(x[1].index, 0)], None);
    }

    #[test]
    #[should_panic(expected = "excludes solution")]
    fn a_clause_excluding_a_solution_panics() {
        let mut m = Model::new();
        let x = m.int_vars(2, 0..3).unwrap();
        m.less(x[0], x[1]).unwrap();
        let check = Check::new(&m).unwrap();
        check.verify(&[Lit::equal(x[0].index, 0)], None); // (1, 2) is one
    }

    #[test]
    fn found_solutions_may_be_excluded() {
        let mut m = Model::new();
        let x = m.int_var(0..2).unwrap();
        let mut check = Check::new(&m).unwrap();
        check.found(&[1]);
        check.verify(&[Lit::equal(x.index, 0)], None);
    }
}
