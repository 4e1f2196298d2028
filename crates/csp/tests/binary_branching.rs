//! Binary branching (`Solver::binary_branching`: `x = v`, then `x != v`
//! propagated and the variable chosen again; under the split value orders
//! `x <= mid`, then `x > mid`) against brute force: every
//! strategy, variable order and value order finds exactly the satisfying
//! assignments, each once, and branch and bound the enumerated optimum.
//! (That a dynamic order moves to another variable after a refutation, as
//! Gecode's does, `crates/fzn/tests/gecode_tree.rs` checks against Gecode.)

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::{cases, every_search, solutions};
use differential::brute_force;

use csp::Strategy as Pruning;
use csp::{Cmp, Model, OptimizeStatus, Solver, ValueOrder, VarOrder};
use proptest::prelude::*;

/// A random model: domains, then binary linear rows `a x + b y cmp k`
/// and disequalities `x != y + c`.
#[derive(Clone, Debug)]
struct Case {
    domains: Vec<Vec<i32>>,
    rows: Vec<(usize, usize, i64, i64, Cmp, i64)>,
    weights: Vec<i64>,
}

fn case() -> impl Strategy<Value = Case> {
    (2usize..=5)
        .prop_flat_map(|n| {
            let domain = proptest::collection::btree_set(-2i32..=5, 1..=5)
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            let row = (
                0..n,
                0..n,
                -3i64..=3,
                -3i64..=3,
                prop_oneof![Just(Cmp::Le), Just(Cmp::Ge), Just(Cmp::Ne), Just(Cmp::Eq)],
                -6i64..=6,
            );
            (
                proptest::collection::vec(domain, n),
                proptest::collection::vec(row, 0..=5),
                proptest::collection::vec(-3i64..=3, n),
            )
        })
        .prop_map(|(domains, rows, weights)| Case {
            domains,
            rows,
            weights,
        })
}

fn holds(c: &Case, v: &[i32]) -> bool {
    c.rows.iter().all(|&(i, j, a, b, cmp, k)| {
        let s = if i == j {
            (a + b) * v[i] as i64
        } else {
            a * v[i] as i64 + b * v[j] as i64
        };
        match cmp {
            Cmp::Le => s <= k,
            Cmp::Ge => s >= k,
            Cmp::Ne => s != k,
            _ => s == k,
        }
    })
}

fn build(c: &Case) -> (Model, Vec<csp::VarId>) {
    let mut model = Model::new();
    let x: Vec<_> = (c.domains.iter())
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect();
    for &(i, j, a, b, cmp, k) in &c.rows {
        if i == j {
            model.linear([(a + b, x[i])], cmp, k).unwrap();
        } else {
            model.linear([(a, x[i]), (b, x[j])], cmp, k).unwrap();
        }
    }
    (model, x)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(150)))]

    #[test]
    fn every_binary_search_finds_the_brute_force_solutions(c in case()) {
        let (model, _) = build(&c);
        let expected = brute_force(&c.domains, &|v| holds(&c, v));
        for (label, solver) in every_search(&Solver::new(&model).binary_branching(true)) {
            prop_assert_eq!(&solutions(&solver), &expected, "{}", label);
        }
    }

    #[test]
    fn binary_branch_and_bound_finds_the_enumerated_optimum(c in case()) {
        let (model, x) = build(&c);
        let value = |v: &Vec<i32>| c.weights.iter().zip(v).map(|(w, &x)| w * x as i64).sum::<i64>();
        let best = brute_force(&c.domains, &|v| holds(&c, v)).iter().map(value).min();
        let terms: Vec<(i64, csp::VarId)> = c.weights.iter().copied().zip(x.iter().copied()).collect();
        for &strategy in Pruning::ALL {
            for &var_order in VarOrder::ALL {
                for value_order in [ValueOrder::Ascending, ValueOrder::Split, ValueOrder::ReverseSplit] {
                    let solver = Solver::new(&model)
                        .strategy(strategy)
                        .var_order(var_order)
                        .value_order(value_order)
                        .binary_branching(true);
                    let mut opt = solver.minimize(terms.clone()).unwrap();
                    let found = opt.by_ref().last().map(|i| i.value);
                    prop_assert_eq!(found, best, "{} {} {}", strategy, var_order, value_order);
                    let status = if best.is_some() { OptimizeStatus::Optimal } else { OptimizeStatus::Unsatisfiable };
                    prop_assert_eq!(opt.status(), status);
                }
            }
        }
    }
}

#[test]
fn a_users_selector_is_offered_the_refuted_variable_again() {
    // After `x != 0` the level chooses again: the selector must see x (the
    // only variable) among the unassigned ones, at the level's depth.
    let mut model = Model::new();
    model.int_var(0..4).unwrap();
    let solver = Solver::new(&model)
        .var_order_fn(|view: &mut csp::SearchView<'_>| {
            assert_eq!(view.depth(), 0);
            view.unassigned().next().expect("x is open")
        })
        .binary_branching(true);
    assert_eq!(solver.count().solutions(), 4);
}

#[test]
fn bisection_halves_at_gecodes_midpoint_and_assigns_each_value_once() {
    // One variable: the leaves come in the order the halves are visited
    // (ascending for split, descending for reverse split), each value once.
    // The midpoint of -5..=-2 is -3 (truncated towards zero, as Gecode's
    // C division): `x <= -3` holds three values, then `x > -3` one.
    let mut model = Model::new();
    let x = model.int_var(-5..=-2).unwrap();
    for (order, expected) in [
        (ValueOrder::Split, vec![-5, -4, -3, -2]),
        (ValueOrder::ReverseSplit, vec![-2, -3, -4, -5]),
    ] {
        let solver = Solver::new(&model)
            .strategy(Pruning::ArcConsistency)
            .value_order(order)
            .binary_branching(true);
        let found: Vec<i32> = solver.search().map(|s| s[x]).collect();
        assert_eq!(found, expected, "{order}");
        // Split: <=-3 {<=-4 {-5 | -4} | -3} | -2: the root, 3 bisections
        // of 2 halves each, 4 assignments.
        assert_eq!(solver.count().stats.nodes, 1 + 6 + 4, "{order}");
    }
}

#[test]
fn a_variable_propagation_fixed_is_not_refuted() {
    // y = x: once x is chosen, propagation fixes y, and y's level has one
    // value. Refuting it would be a failure that is no choice (Gecode
    // never branches on a fixed variable); the search fails nowhere.
    let mut model = Model::new();
    let x = model.int_var(0..=1).unwrap();
    let y = model.int_var(0..=1).unwrap();
    model.linear([(1, x), (-1, y)], Cmp::Eq, 0).unwrap();
    let solver = Solver::new(&model)
        .strategy(Pruning::ArcConsistency)
        .var_order(VarOrder::Input)
        .binary_branching(true);
    let outcome = solver.count();
    assert_eq!(outcome.solutions(), 2);
    assert_eq!(outcome.stats.failures, 0);
}
