//! Expressions everywhere a view is accepted: each builder takes
//! variables, views, constants and expressions (`5 - x`, `x + 1i64`,
//! `2 * x + y`, `.sum()`), and gives the brute-force answer. Channelled
//! variables are functions of the model's own, so counting solutions over
//! all variables counts the assignments of the original ones.

#[path = "common/search.rs"]
mod search_helpers;

use csp::{Expr, IntoExpr, Model, Solver, Strategy as Pruning};
use proptest::prelude::*;
use search_helpers::cases;

/// Every assignment of `n` variables over `values`.
fn assignments(n: usize, values: &[i32]) -> Vec<Vec<i64>> {
    (0..n).fold(vec![Vec::new()], |acc, _| {
        acc.iter()
            .flat_map(|a| values.iter().map(move |&v| [&a[..], &[v as i64]].concat()))
            .collect()
    })
}

/// Solutions of `build`'s model over its first `n` variables, every
/// strategy agreeing, against the brute force of `holds`.
fn check(
    n: usize,
    values: &[i32],
    build: impl Fn(&mut Model, &[csp::VarId]),
    holds: impl Fn(&[i64]) -> bool,
) {
    let mut m = Model::new();
    let x = m.int_vars(n, values.to_vec()).unwrap();
    build(&mut m, &x);
    let expected = assignments(n, values)
        .into_iter()
        .filter(|a| holds(a))
        .count() as u64;
    for strategy in Pruning::ALL {
        let mut projected: Vec<Vec<i32>> = Solver::new(&m)
            .strategy(*strategy)
            .search()
            .map(|s| s.values()[..n].to_vec())
            .collect();
        let found = projected.len() as u64;
        projected.sort();
        projected.dedup();
        assert_eq!(
            found,
            projected.len() as u64,
            "{strategy}: channelled values are functions"
        );
        assert_eq!(found, expected, "{strategy}");
    }
    assert_eq!(Solver::new(&m).count().solutions(), expected, "the default");
}

fn values() -> impl Strategy<Value = Vec<i32>> {
    prop::collection::btree_set(-3..4i32, 1..5).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn not_equal_takes_expressions_and_constants(v in values(), c in -4..5i64) {
        check(2, &v, |m, x| { m.not_equal(5 - x[0], x[1]).unwrap(); }, |a| 5 - a[0] != a[1]);
        check(2, &v, |m, x| { m.not_equal(x[0] + 1i64, 2 * x[1]).unwrap(); }, |a| a[0] + 1 != 2 * a[1]);
        check(2, &v, |m, x| { m.not_equal(c, x[0] - x[1]).unwrap(); }, |a| c != a[0] - a[1]);
        check(1, &v, |m, x| { m.not_equal(x[0], c).unwrap(); }, |a| a[0] != c);
    }

    #[test]
    fn all_different_takes_expressions(v in values(), c in -4..5i64) {
        check(3, &v, |m, x| { m.all_different([x[0] + x[1], x[1] - x[2], -x[0], x[2] * 2]).unwrap(); },
            |a| { let e = [a[0] + a[1], a[1] - a[2], -a[0], 2 * a[2]];
                  (0..4).all(|i| (0..i).all(|j| e[i] != e[j])) });
        check(2, &v, |m, x| { m.all_different([x[0].into_expr(), (x[1] + c).into_expr(), c.into_expr()]).unwrap(); },
            |a| a[0] != a[1] + c && a[0] != c && a[1] + c != c);
    }

    #[test]
    fn arithmetic_takes_expressions_and_constants(v in values(), c in 1..4i64) {
        check(2, &v, |m, x| { m.distance(x[0], 1, x[1]).unwrap(); }, |a| (a[0] - 1).abs() == a[1]);
        check(2, &v, |m, x| { m.distance(x[0] + x[1], 0, c).unwrap(); }, |a| (a[0] + a[1]).abs() == c);
        check(2, &v, |m, x| { m.modulo(x[0] + 4i64, c, x[1]).unwrap(); }, |a| (a[0] + 4) % c == a[1]);
        check(2, &v, |m, x| { m.times(x[0], 3 - x[1], 2).unwrap(); }, |a| a[0] * (3 - a[1]) == 2);
        check(2, &v, |m, x| { m.abs(x[0] - x[1], x[1] + 1).unwrap(); }, |a| (a[0] - a[1]).abs() == a[1] + 1);
        check(3, &v, |m, x| { m.maximum([x[0] + x[1], -x[2]], 1).unwrap(); },
            |a| (a[0] + a[1]).max(-a[2]) == 1);
        check(2, &v, |m, x| { m.element([3, 1, 4, 1, 5], x[0] + 1, x[1] * 2).unwrap(); },
            |a| (0..5).contains(&(a[0] + 1)) && [3, 1, 4, 1, 5][(a[0] + 1) as usize] == 2 * a[1]);
    }

    #[test]
    fn comparisons_and_sums_over_expressions(v in values(), c in -6..7i64) {
        check(3, &v, |m, x| { m.less(x.iter().sum::<Expr>(), c).unwrap(); }, |a| a.iter().sum::<i64>() < c);
        check(3, &v, |m, x| { m.equal(x.iter().zip(1..).map(|(&y, k)| k * y).sum::<Expr>(), c).unwrap(); },
            |a| a[0] + 2 * a[1] + 3 * a[2] == c);
        check(2, &v, |m, x| { m.greater_equal(5 - x[0], x[1] * 2 + 1).unwrap(); }, |a| 5 - a[0] > 2 * a[1]);
        check(2, &v, |m, x| { m.count_eq([x[0] + x[1], 1 - x[0]], 1, 1).unwrap(); },
            |a| [a[0] + a[1], 1 - a[0]].iter().filter(|&&e| e == 1).count() == 1);
        check(2, &v, |m, x| { m.table([x[0] - x[1], x[1].into_expr()], [[0, 0], [1, 2], [-1, 1]]).unwrap(); },
            |a| [[0, 0], [1, 2], [-1, 1]].contains(&[a[0] - a[1], a[1]]));
        check(2, &v, |m, x| { m.lex_less([x[0] * 2], [(x[1] + 1).into_expr()]).unwrap(); }, |a| 2 * a[0] < a[1] + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// Random affine operands `a * x + c` (a constant for `a = 0`, a view
    /// for `a = 1`, a channelled helper otherwise) in each builder that
    /// takes operands, every strategy against brute force.
    #[test]
    fn random_affine_operands_in_every_builder(
        v in values(),
        maps in prop::collection::vec((-3..=3i64, -4..=4i64), 3),
        value in -6..=6i64,
    ) {
        let f = |a: &[i64]| -> Vec<i64> { maps.iter().zip(a).map(|(&(k, c), &y)| k * y + c).collect() };
        let ops = |x: &[csp::VarId]| -> Vec<Expr> { maps.iter().zip(x).map(|(&(k, c), &y)| k * y + c).collect() };
        check(3, &v, |m, x| { m.all_different(ops(x)).unwrap(); },
            |a| { let e = f(a); e[0] != e[1] && e[0] != e[2] && e[1] != e[2] });
        check(3, &v, |m, x| { let o = ops(x); m.not_equal(o[0].clone(), o[1].clone()).unwrap(); },
            |a| { let e = f(a); e[0] != e[1] });
        check(3, &v, |m, x| { let o = ops(x); m.less(o[0].clone(), o[2].clone()).unwrap(); },
            |a| { let e = f(a); e[0] < e[2] });
        let rows = [[0, 0], [1, -2], [-3, 3], [value as i32, 2]];
        check(3, &v, |m, x| { m.table(ops(x)[..2].to_vec(), rows).unwrap(); },
            |a| { let e = f(a); rows.contains(&[e[0] as i32, e[1] as i32]) });
        let array = [3, -1, 4, 1, -5, 9, 2];
        check(3, &v, |m, x| { let o = ops(x); m.element(array, o[0].clone(), o[1].clone()).unwrap(); },
            |a| { let e = f(a); (0..7).contains(&e[0]) && array[e[0] as usize] == e[1] });
        check(3, &v, |m, x| { m.count_eq(ops(x), value as i32, 1).unwrap(); },
            |a| f(a).iter().filter(|&&e| e == value).count() == 1);
        check(3, &v, |m, x| { let o = ops(x); m.abs(o[0].clone(), o[1].clone()).unwrap(); },
            |a| { let e = f(a); e[0].abs() == e[1] });
    }
}

/// Beyond a million values the channel prunes by bounds, both ways: the
/// search never walks the wide domain.
#[test]
fn a_wide_affine_channel_prunes_by_bounds() {
    let mut m = Model::new();
    let x = m.int_var(0..3_000_000).unwrap();
    let y = m.int_var(0..=3).unwrap();
    // |5 - 2x| = y <= 3: x in 1..=4, each with its y.
    m.abs(5 - 2 * x, y).unwrap();
    let outcome = Solver::new(&m).count();
    assert_eq!(outcome.solutions(), 4);
    assert!(outcome.stats.nodes < 100, "{} nodes", outcome.stats.nodes);
    // And through all-different: -x and 2x + 1 over a wide x and small y.
    let mut m = Model::new();
    let x = m.int_var(0..3_000_000).unwrap();
    let y = m.int_var(-4..=0).unwrap();
    m.all_different([-x, y * 2 + 1]).unwrap();
    m.equal(-x, y).unwrap();
    let outcome = Solver::new(&m).count();
    assert_eq!(outcome.solutions(), 4); // y = -1 gives -x = 2y + 1
    assert!(outcome.stats.nodes < 100, "{} nodes", outcome.stats.nodes);
}

#[test]
fn views_stay_views_and_single_variable_expressions_get_exact_domains() {
    let mut m = Model::new();
    let x = m.int_var([0, 2, 5]).unwrap();
    assert_eq!(m.expr_var(x + 1i64).unwrap(), x + 1);
    assert_eq!(m.expr_var(2 * x - x).unwrap(), x + 0);
    let y = m.expr_var(5 - x).unwrap();
    assert_eq!(m.domain(y.var).values().collect::<Vec<_>>(), [0, 3, 5]);
    assert_eq!(m.num_constraints(), 1); // the affine channel
    let channel = m.constraint_ids().next().unwrap();
    assert_eq!(m.constraint_name(channel), "affine");
}
