//! Expressions everywhere a view is accepted: each builder takes
//! variables, views, constants and expressions (`5 - x`, `x + 1i64`,
//! `2 * x + y`, `.sum()`), and gives the brute-force answer. Channelled
//! variables are functions of the model's own, so counting solutions over
//! all variables counts the assignments of the original ones.

#[path = "common/search.rs"]
mod search_helpers;

use csp::{AllDifferentLevel, Expr, IntoExpr, Model, Solver, Strategy as Pruning};
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// Operands all negated (`c - x`) in an all-different (of expressions
    /// or of residues by one modulus), a disequality, a distance or a
    /// lexicographic order (sides swapped): the
    /// same constraint over the views `x - c`, so no helper variable,
    /// against brute force. One operand not negated (`last_plain`) keeps
    /// the channelled helpers, with the same answers. And an
    /// all-different over `a x + c` with one coefficient `a` throughout
    /// needs no helper either.
    #[test]
    fn negated_operands_throughout_need_no_helpers(
        v in values(),
        cs in prop::collection::vec(-4..=4i64, 3),
        last_plain in any::<bool>(),
        modulus in 1..5i64,
        d in 0..4i64,
        scale in prop::sample::select(vec![-3i64, -2, -1, 2, 3]),
        level in prop::sample::select(vec![AllDifferentLevel::Value, AllDifferentLevel::Bounds, AllDifferentLevel::Domain]),
    ) {
        let sign = |i: usize| if last_plain && i == 2 { 1 } else { -1 };
        let f = |a: &[i64]| -> Vec<i64> { (0..3).map(|i| cs[i] + sign(i) * a[i]).collect() };
        let ops = |x: &[csp::VarId]| -> Vec<Expr> { (0..3).map(|i| cs[i] + sign(i) * x[i]).collect() };
        let helpers = |m: &Model, used: usize| {
            let plain = last_plain && used == 3;
            assert_eq!(m.num_vars() > 3, plain, "helpers only for an operand not negated");
        };
        check(3, &v, |m, x| { m.all_different(ops(x)).unwrap(); helpers(m, 3); },
            |a| { let e = f(a); e[0] != e[1] && e[0] != e[2] && e[1] != e[2] });
        // (Residues over wide domains by a small modulus get helpers either
        // way: as many as the same residues of `x - c` get.)
        let mut views = Model::new();
        let y = views.int_vars(3, v.clone()).unwrap();
        views.all_different((0..3).map(|i| (y[i] - cs[i]).rem_euclid(modulus))).unwrap();
        check(3, &v, |m, x| {
            m.all_different(ops(x).into_iter().map(|e| e.rem_euclid(modulus))).unwrap();
            if !last_plain { assert_eq!(m.num_vars(), views.num_vars()); }
        }, |a| { let e: Vec<i64> = f(a).iter().map(|e| e.rem_euclid(modulus)).collect();
                 e[0] != e[1] && e[0] != e[2] && e[1] != e[2] });
        check(3, &v, |m, x| { let o = ops(x); m.not_equal(o[0].clone(), o[1].clone()).unwrap(); helpers(m, 2); },
            |a| { let e = f(a); e[0] != e[1] });
        check(3, &v, |m, x| { let o = ops(x); m.distance(o[0].clone(), o[1].clone(), d).unwrap(); },
            |a| { let e = f(a); (e[0] - e[1]).abs() == d });
        for strict in [false, true] {
            check(3, &v, |m, x| {
                let o = ops(x);
                let (u, w) = (vec![o[0].clone(), o[1].clone()], vec![o[2].clone(), o[0].clone()]);
                if strict { m.lex_less(u, w).unwrap(); } else { m.lex_less_equal(u, w).unwrap(); }
                helpers(m, 3);
            }, |a| { let e = f(a); let (u, w) = ([e[0], e[1]], [e[2], e[0]]); if strict { u < w } else { u <= w } });
        }
        // One coefficient throughout an all-different: all-differents over
        // views, one per class of constants modulo the coefficient.
        let g = |a: &[i64]| -> Vec<i64> { (0..3).map(|i| scale * a[i] + cs[i]).collect() };
        check(3, &v, |m, x| {
            m.all_different_with((0..3).map(|i| scale * x[i] + cs[i]), level).unwrap();
            assert_eq!(m.num_vars(), 3);
        }, |a| { let e = g(a); e[0] != e[1] && e[0] != e[2] && e[1] != e[2] });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// A table's columns over `a x + c` are read back onto `x`, an
    /// element's index lists the positions it reaches, and a count's
    /// operands become views of `x` equal to its value where `a x + c` is:
    /// no helper variable (but for an index that reaches no position, or a
    /// count's operand that never takes the value), and the brute force's
    /// answers, whatever the rows (values no `x` gives included).
    #[test]
    fn table_element_and_count_operands_over_one_variable_need_no_helpers(
        v in values(),
        maps in prop::collection::vec((-3..=3i64, -4..=4i64), 2),
        rows in prop::collection::vec(prop::collection::vec(-8..=8i32, 2), 0..6),
        value in -6..=6i32,
        times in 0..=2usize,
    ) {
        let ops = |x: &[csp::VarId]| -> Vec<Expr> { maps.iter().zip(x).map(|(&(k, c), &y)| k * y + c).collect() };
        // An element's index over `a x + c`: the positions it reaches.
        let array = [3i64, -1, 4, 1, -5, 9, 2];
        let (k, c) = maps[0];
        let reaches = k == 1 || (k != 0 && (-20..20).any(|y| (0..7).contains(&(k * y + c))));
        check(2, &v, |m, x| {
            m.element(array, ops(x)[0].clone(), x[1]).unwrap();
            assert_eq!(m.num_vars(), if reaches { 2 } else { 3 });
        }, |a| { let i = k * a[0] + c; (0..7).contains(&i) && array[i as usize] == a[1] });
        check(3, &v, |m, x| {
            m.element_var([x[1] + 0, x[2] + 0, x[1] + 1], ops(x)[0].clone(), 1).unwrap();
        }, |a| { let i = k * a[0] + c; (0..3).contains(&i) && [a[1], a[2], a[1] + 1][i as usize] == 1 });
        check(2, &v, |m, x| {
            m.count_eq(ops(x), value, times).unwrap();
            let never = |&&(k, c): &&(i64, i64)| k == 0 || (k != 1 && (value as i64 - c) % k != 0);
            assert_eq!(m.num_vars(), 2 + maps.iter().filter(never).count());
        }, |a| maps.iter().zip(a).filter(|&(&(k, c), &y)| k * y + c == value as i64).count() == times);
        let f = |a: &[i64]| -> Vec<i64> { maps.iter().zip(a).map(|(&(k, c), &y)| k * y + c).collect() };
        check(2, &v, |m, x| {
            m.table(maps.iter().zip(x).map(|(&(k, c), &y)| k * y + c), &rows).unwrap();
            // (A coefficient 0 makes a constant: one fixed variable.)
            let constants = maps.iter().filter(|&&(k, _)| k == 0).count();
            assert_eq!(m.num_vars(), 2 + constants);
        }, |a| { let e = f(a); rows.iter().any(|r| r[0] as i64 == e[0] && r[1] as i64 == e[1]) });
    }
}

/// The anti-diagonals written `i - q[i]` post the pairwise constraint
/// `q[i] - i` does: the n-queens fast path, no helper variables, the
/// same tree.
#[test]
fn negated_diagonals_keep_the_queens_fast_path() {
    let queens = |negated: bool| {
        let mut m = Model::new();
        let q = m.int_vars(8, 0..8).unwrap();
        m.all_different(&q).unwrap();
        m.all_different(q.iter().zip(0..).map(|(&x, i)| x + i))
            .unwrap();
        if negated {
            m.all_different(q.iter().zip(0..).map(|(&x, i)| i as i64 - x))
                .unwrap();
        } else {
            m.all_different(q.iter().zip(0..).map(|(&x, i)| x - i))
                .unwrap();
        }
        let outcome = Solver::new(&m).count();
        (
            m.num_vars(),
            outcome.solutions(),
            outcome.stats.nodes,
            outcome.stats.path.unwrap().slot_backend,
        )
    };
    assert_eq!(queens(true), queens(false));
    assert_eq!(queens(true), (8, 92, queens(false).2, true));
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
