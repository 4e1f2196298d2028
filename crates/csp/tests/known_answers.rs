//! Known answers, reproduced by running the real search through the public API.

mod common;

use common::queens;
use csp::{Limits, Model, Solver, Strategy, ValueOrder, VarOrder};

#[test]
fn eight_queens_has_92_solutions_under_every_strategy_and_order() {
    let (model, _) = queens(8);
    for &strategy in Strategy::ALL {
        for &var_order in VarOrder::ALL {
            for &value_order in ValueOrder::ALL {
                if strategy == Strategy::GenerateAndTest
                    && (var_order != VarOrder::Input || value_order != ValueOrder::Ascending)
                {
                    continue; // 16.7M leaves each: one configuration is enough
                }
                let outcome = Solver::new(&model)
                    .strategy(strategy)
                    .var_order(var_order)
                    .value_order(value_order)
                    .seed(7)
                    .count();
                assert_eq!(
                    outcome.solutions(),
                    92,
                    "{strategy} {var_order} {value_order}"
                );
                assert!(outcome.status.is_complete());
            }
        }
    }
}

#[test]
fn generate_and_test_builds_every_board() {
    let (model, _) = queens(8);
    let stats = Solver::new(&model)
        .strategy(Strategy::GenerateAndTest)
        .count()
        .stats;
    // Boards built = complete assignments tested = failures + solutions.
    assert_eq!(stats.failures + stats.solutions, 16_777_216);
    assert_eq!(stats.solutions, 92);
}

#[test]
fn backtracking_reproduces_the_textbook_call_counts() {
    for (n, calls) in [(8, 2057), (9, 8394), (10, 35539)] {
        let (model, _) = queens(n);
        let stats = Solver::new(&model)
            .strategy(Strategy::Backtracking)
            .count()
            .stats;
        assert_eq!(stats.nodes, calls, "n = {n}");
    }
}

#[test]
fn known_counts_for_n_1_to_10() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (i, &count) in expected.iter().enumerate() {
        let (model, _) = queens(i + 1);
        for &strategy in &Strategy::ALL[1..] {
            let outcome = Solver::new(&model).strategy(strategy).count();
            assert_eq!(outcome.solutions(), count, "n = {} {strategy}", i + 1);
        }
    }
}

#[test]
fn greedy_is_a_zero_backtrack_limit() {
    let (model, q) = queens(4);
    let mut search = Solver::new(&model)
        .strategy(Strategy::Backtracking)
        .limits(Limits {
            backtracks: Some(0),
            ..Limits::default()
        })
        .search();
    assert!(search.next().is_none());
    assert_eq!(search.path(), vec![(q[0], 0), (q[1], 2)]);
    assert!(!search.outcome().status.is_complete());
}

#[test]
fn a_chain_of_100_000_variables_searches_without_overflowing_the_stack() {
    let mut model = Model::new();
    let x = model.int_vars(100_000, 0..3).unwrap();
    for w in x.windows(2) {
        model.not_equal(w[0], w[1]).unwrap();
    }
    for &strategy in &Strategy::ALL[1..] {
        let (first, outcome) = Solver::new(&model).strategy(strategy).first();
        let first = first.expect("a chain over three values is satisfiable");
        assert!(model.is_solution(first.values()));
        assert_eq!(outcome.stats.max_depth, 100_000);
    }
}
