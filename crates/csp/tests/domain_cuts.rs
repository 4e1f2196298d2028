//! Unary constraints are domain cuts: `assign`, `forbid`, `member` and a
//! comparison of one variable with a constant restrict the declared domain
//! at model building and leave no constraint for the search. Checked
//! against brute force, and against the same condition posted as a linear
//! constraint (the old way), whose solutions they must keep.

use csp::{Cmp, Model, Solver, Strategy as Pruning};
use proptest::prelude::*;

/// The comparison builders, by number: `a * (x + offset) cmp c`.
fn post(m: &mut Model, which: u8, a: i64, x: csp::VarId, offset: i32, c: i64) {
    let lhs = a * (x + offset);
    match which % 5 {
        0 => m.equal(lhs, c).map(drop),
        1 => m.less(lhs, c).map(drop),
        2 => m.less_equal(c, lhs).map(drop),
        3 => m.greater(lhs, c).map(drop),
        _ => m.greater_equal(lhs, c).map(drop),
    }
    .unwrap();
}

fn holds(which: u8, lhs: i64, c: i64) -> bool {
    match which % 5 {
        0 => lhs == c,
        1 => lhs < c,
        2 => c <= lhs,
        3 => lhs > c,
        _ => lhs >= c,
    }
}

/// A cut applied to a model's view.
type Cut<'a> = dyn Fn(&mut Model, csp::View) + 'a;

fn domain() -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec(-6..6i32, 1..8)
}

fn solutions(m: &Model) -> Vec<Vec<i32>> {
    let mut all: Vec<Vec<i32>> = Solver::new(m)
        .strategy(Pruning::ArcConsistency)
        .search()
        .map(|s| s.into_values())
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn comparisons_with_a_constant_cut_exactly_the_brute_force_values(
        values in domain(), which in 0..5u8, a in -3..=3i64, offset in -3..=3i32, c in -12..12i64,
    ) {
        let mut m = Model::new();
        let x = m.int_var(values.clone()).unwrap();
        post(&mut m, which, a, x, offset, c);
        let mut expected: Vec<Vec<i32>> = values.iter().copied()
            .filter(|&v| holds(which, a * (v as i64 + offset as i64), c))
            .map(|v| vec![v]).collect();
        expected.sort();
        expected.dedup();
        prop_assert_eq!(solutions(&m), expected.clone());
        // A cut, never a constraint, unless nothing is left.
        prop_assert_eq!(m.num_constraints(), usize::from(expected.is_empty()));
        prop_assert!(Solver::new(&m).count().status.is_complete());
    }

    #[test]
    fn assign_forbid_and_member_cut_exactly_the_brute_force_values(
        values in domain(), offset in -3..=3i32, v in -8..8i64, set in prop::collection::vec(-8..8i64, 0..5),
    ) {
        let brute = |keep: &dyn Fn(i64) -> bool| {
            let mut e: Vec<Vec<i32>> = values.iter().copied()
                .filter(|&w| keep(w as i64 + offset as i64)).map(|w| vec![w]).collect();
            e.sort();
            e.dedup();
            e
        };
        let cases: [(&Cut<'_>, Vec<Vec<i32>>); 3] = [
            (&|m, x| m.assign(x, v).unwrap(), brute(&|w| w == v)),
            (&|m, x| m.forbid(x, v).unwrap(), brute(&|w| w != v)),
            (&|m, x| m.member(x, set.iter().copied()).unwrap(), brute(&|w| set.contains(&w))),
        ];
        for (cut, expected) in cases {
            let mut m = Model::new();
            let x = m.int_var(values.clone()).unwrap();
            cut(&mut m, x + offset);
            prop_assert_eq!(solutions(&m), expected.clone());
            prop_assert_eq!(m.num_constraints(), usize::from(expected.is_empty()));
        }
    }
}

#[test]
fn a_cut_that_empties_a_domain_leaves_an_unsatisfiable_model_not_a_panic() {
    let mut m = Model::new();
    let x = m.int_vars(3, 0..3).unwrap();
    m.all_different(&x).unwrap();
    m.assign(x[0], 7).unwrap();
    m.less(x[1], 2).unwrap();
    let outcome = Solver::new(&m).count();
    assert!(outcome.is_unsatisfiable());
    for strategy in Pruning::ALL {
        assert!(Solver::new(&m)
            .strategy(*strategy)
            .count()
            .is_unsatisfiable());
    }
    let mut m = Model::new();
    let y = m.int_var(0..5).unwrap();
    m.member(y, []).unwrap();
    assert_eq!(m.num_constraints(), 1);
    assert!(Solver::new(&m).count().is_unsatisfiable());
}

#[test]
fn comparisons_over_two_variables_stay_constraints() {
    let mut m = Model::new();
    let x = m.int_vars(2, 0..4).unwrap();
    assert!(m.less(x[0], x[1]).unwrap().is_some());
    assert!(m.less(x[0] - x[0], 1).unwrap().is_none()); // one variable, coefficient 0
    assert_eq!(m.num_constraints(), 1);
}

/// The reduced Latin square of order 5 with its first row and column
/// fixed either way: the same 56 squares, fewer propagations with cuts
/// (the fixed cells' linear constraints are gone), and the model left
/// pairwise, so the fast path serves it.
#[test]
fn cuts_save_the_propagations_the_old_unary_constraints_cost() {
    let n = 5;
    let build = |cut: bool| {
        let mut m = Model::new();
        let cells = m.int_vars(n * n, 1..=n as i32).unwrap();
        for k in 0..n {
            m.all_different(&cells[k * n..(k + 1) * n]).unwrap();
            m.all_different((0..n).map(|r| cells[r * n + k])).unwrap();
        }
        for k in 0..n {
            for cell in [cells[k], cells[k * n]] {
                if cut {
                    m.assign(cell, k as i64 + 1).unwrap();
                } else {
                    m.linear([(1, cell)], Cmp::Eq, k as i64 + 1).unwrap();
                }
            }
        }
        m
    };
    let (new, old) = (build(true), build(false));
    assert_eq!(new.num_constraints(), 2 * n);
    for strategy in [Pruning::ForwardChecking, Pruning::ArcConsistency] {
        let a = Solver::new(&new).strategy(strategy).count();
        let b = Solver::new(&old).strategy(strategy).count();
        assert_eq!((a.solutions(), b.solutions()), (56, 56));
        assert!(a.stats.nodes <= b.stats.nodes, "{strategy}: {a:?} {b:?}");
        assert!(
            a.stats.propagations < b.stats.propagations,
            "{strategy}: {:?} {:?}",
            a.stats,
            b.stats
        );
    }
}
