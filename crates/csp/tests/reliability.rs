//! Contradictions, overflow, limits, cancellation and determinism: the
//! engine never panics, never gives a wrong answer, and says honestly
//! whether a search was complete.

mod common;

use csp::{
    Cmp, Limits, Model, ModelError, Restarts, Solver, Status, StopReason, Strategy, ValueOrder,
    VarOrder,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[test]
fn an_empty_domain_is_an_unsatisfiable_model_not_an_error() {
    let mut model = Model::new();
    let x = model.int_vars(2, 0..3).unwrap();
    model.not_equal(x[0], x[1]).unwrap();
    model.int_var(5..5).unwrap();
    for &strategy in Strategy::ALL {
        for &var_order in csp::VarOrder::ALL {
            let outcome = Solver::new(&model)
                .strategy(strategy)
                .var_order(var_order)
                .count();
            assert!(outcome.is_unsatisfiable(), "{strategy} {var_order}");
        }
    }
    // An all-different over nothing holds trivially.
    let mut trivial = Model::new();
    trivial.all_different(Vec::<csp::VarId>::new()).unwrap();
    trivial.int_var(0..2).unwrap();
    assert_eq!(Solver::new(&trivial).count().solutions(), 2);
}

#[test]
fn a_constraint_over_no_variables_is_an_error() {
    let mut model = Model::new();
    let none: Vec<csp::VarId> = Vec::new();
    for result in [
        model.linear(none.clone(), Cmp::Eq, 0),
        model.table(none.clone(), Vec::<Vec<i32>>::new()),
        model.predicate(none.clone(), |_| true),
        model.count_eq(none, 0, 0),
    ] {
        assert!(matches!(result, Err(ModelError::EmptyScope { .. })));
    }
}

#[test]
fn a_root_contradiction_gives_zero_solutions_under_every_strategy() {
    let mut model = Model::new();
    let x = model.int_vars(3, 0..2).unwrap();
    model.all_different(&x).unwrap(); // three pigeons, two holes
    let y = model.int_var(0..3).unwrap();
    model.linear([(1, y)], Cmp::Ge, 10).unwrap(); // y >= 10: wiped out at the root
    for &strategy in Strategy::ALL {
        let outcome = Solver::new(&model).strategy(strategy).count();
        assert_eq!(outcome.solutions(), 0, "{strategy}");
        assert_eq!(outcome.status, Status::Complete, "{strategy}");
    }
}

#[test]
fn duplicate_variables_in_an_all_different_mean_no_solution() {
    let mut model = Model::new();
    let x = model.int_vars(2, 0..5).unwrap();
    model.all_different([x[0], x[1], x[0]]).unwrap();
    for &strategy in Strategy::ALL {
        assert_eq!(
            Solver::new(&model).strategy(strategy).count().solutions(),
            0
        );
    }
    // The same variable through different offsets is fine: x and x + 1 always differ.
    let mut model = Model::new();
    let x = model.int_var(0..5).unwrap();
    model.all_different([x + 0, x + 1]).unwrap();
    for &strategy in Strategy::ALL {
        assert_eq!(
            Solver::new(&model).strategy(strategy).count().solutions(),
            5
        );
    }
}

#[test]
fn linear_arithmetic_that_overflows_i32_and_i64_is_exact() {
    let mut model = Model::new();
    let x = model.int_var([i32::MAX - 1, i32::MAX]).unwrap();
    let y = model.int_var([i32::MAX]).unwrap();
    // x + y = 2 * i32::MAX overflows i32; the coefficients below overflow i64 products.
    model
        .linear([(1, x), (1, y)], Cmp::Eq, 2 * i32::MAX as i64)
        .unwrap();
    let mut big = Model::new();
    let z = big.int_var(1..3).unwrap();
    big.linear([(i64::MAX, z)], Cmp::Ge, i64::MAX).unwrap(); // every z >= 1 works
    big.linear([(i64::MAX, z + i32::MAX)], Cmp::Le, i64::MAX)
        .unwrap(); // none: z + MAX > 1
    for &strategy in Strategy::ALL {
        let sols: Vec<_> = Solver::new(&model).strategy(strategy).search().collect();
        assert_eq!(sols.len(), 1, "{strategy}");
        assert_eq!(sols[0].values(), &[i32::MAX, i32::MAX]);
        assert_eq!(
            Solver::new(&big).strategy(strategy).count().solutions(),
            0,
            "{strategy}"
        );
    }
}

#[test]
fn every_limit_stops_the_search_and_keeps_what_it_found() {
    let model = queens(10);
    let cases: [(Limits, StopReason); 4] = [
        (
            Limits {
                nodes: Some(500),
                ..Limits::default()
            },
            StopReason::Nodes,
        ),
        (
            Limits {
                failures: Some(100),
                ..Limits::default()
            },
            StopReason::Failures,
        ),
        (
            Limits {
                solutions: Some(7),
                ..Limits::default()
            },
            StopReason::Solutions,
        ),
        (
            Limits {
                backtracks: Some(3),
                ..Limits::default()
            },
            StopReason::Backtracks,
        ),
    ];
    for &strategy in &Strategy::ALL[1..] {
        for (limits, reason) in cases.clone() {
            let mut search = Solver::new(&model)
                .strategy(strategy)
                .limits(limits)
                .search();
            let found: Vec<_> = search.by_ref().collect();
            let outcome = search.outcome();
            assert_eq!(
                outcome.status,
                Status::Stopped(reason),
                "{strategy} {reason}"
            );
            assert_eq!(outcome.stats.solutions, found.len() as u64);
            assert!(found.iter().all(|s| model.is_solution(s.values())));
            assert!(found.len() < 724);
        }
    }
}

#[test]
fn a_time_limit_and_a_cancel_flag_stop_a_long_search() {
    let model = queens(30);
    let outcome = Solver::new(&model)
        .limits(Limits {
            time: Some(Duration::from_millis(50)),
            ..Limits::default()
        })
        .count();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Time));

    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let mut search = Solver::new(&model)
        .limits(Limits {
            cancel: Some(cancel),
            ..Limits::default()
        })
        .search();
    let found = search
        .by_ref()
        .filter(|s| model.is_solution(s.values()))
        .count() as u64;
    stopper.join().unwrap();
    let outcome = search.outcome();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Cancelled));
    assert_eq!(
        outcome.solutions(),
        found,
        "what was found before the stop is kept"
    );
}

#[test]
fn the_same_settings_give_the_same_solutions_and_statistics() {
    let model = queens(9);
    for &value_order in ValueOrder::ALL {
        for &var_order in VarOrder::ALL {
            let run = || {
                let solver = Solver::new(&model)
                    .var_order(var_order)
                    .value_order(value_order)
                    .seed(1234)
                    .restarts(Restarts::Luby { scale: 2 });
                let mut search = solver.search();
                let sols: Vec<Vec<i32>> = search.by_ref().map(|s| s.into_values()).collect();
                let mut stats = search.outcome().stats;
                stats.elapsed = Duration::ZERO;
                (sols, stats)
            };
            assert_eq!(run(), run(), "{var_order} {value_order}");
        }
    }
}

#[test]
fn a_model_too_large_for_bit_sets_says_so() {
    // Domains declared with holes are held as bits from the start.
    let mut model = Model::new();
    model.int_vars(3_000, [0, 100_000]).unwrap(); // 3e8 bits of domains
    let outcome = Solver::new(&model).count();
    assert_eq!(outcome.status, Status::Stopped(StopReason::TooLarge));
    assert_eq!(outcome.solutions(), 0);
}

#[test]
fn wide_ranges_are_held_by_their_bounds_and_search() {
    // 2e9 values of ranges: bounds, with bits only where holes appear
    // (past the bit budget, sorted holes), so this searches.
    let mut model = Model::new();
    let x = model.int_vars(2_000, 0..1_000_000).unwrap();
    model.all_different(&x[..3]).unwrap();
    model.less(x[3], x[4]).unwrap();
    for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
        let (first, outcome) = Solver::new(&model).strategy(strategy).first();
        let first = first.expect("a solution");
        assert_eq!(outcome.solutions(), 1, "{strategy:?}");
        assert_eq!(
            (first[x[0]], first[x[1]], first[x[2]]),
            (0, 1, 2),
            "{strategy:?}"
        );
        assert_eq!((first[x[3]], first[x[4]]), (0, 1), "{strategy:?}");
        assert!(model.is_solution(first.values()));
    }
}

#[test]
fn streaming_many_solutions_keeps_memory_flat() {
    // 3^12 = 531441 solutions, enumerated and dropped one by one.
    let mut model = Model::new();
    model.int_vars(12, 0..3).unwrap();
    let mut search = Solver::new(&model).search();
    let mut n = 0u64;
    while let Some(values) = search.next_values() {
        n += values.len() as u64;
    }
    assert_eq!(n, 531_441 * 12);
}

/// The n-queens model alone.
fn queens(n: usize) -> Model {
    common::queens(n).0
}

/// An empty domain (or any root contradiction) is a model with zero
/// solutions for every entry point: local search, parts and parallel
/// counting finish without a solution and without panicking.
#[test]
fn unsatisfiable_models_have_zero_solutions_everywhere() {
    let mut empty = Model::new();
    let x = empty.int_vars(4, 0..4).unwrap();
    empty.all_different(&x).unwrap();
    empty.int_var(Vec::new()).unwrap();
    let mut pigeons = Model::new();
    let y = pigeons.int_vars(3, 0..2).unwrap();
    pigeons.all_different(&y).unwrap();
    for model in [&empty, &pigeons] {
        let local = csp::MinConflicts::new(model).max_steps(1000).solve();
        assert!(local.solution.is_none());
        let solver = Solver::new(model);
        let mut parts = 0;
        for i in 0..3 {
            parts += csp::count_part(&solver, i, 3).unwrap().solutions();
        }
        assert_eq!(parts, 0);
        #[cfg(feature = "parallel")]
        assert!(csp::count_parallel(&solver, Some(2))
            .unwrap()
            .is_unsatisfiable());
    }
}

#[test]
fn a_misused_expression_is_a_typed_error_naming_its_constraint() {
    let mut model = Model::new();
    let x = model.int_vars(2, 0..1_000_000).unwrap();
    // 4000 * 999_999 + 999_999 leaves 32 bits: no variable can hold it.
    assert_eq!(
        model.all_different([4000 * x[0] + x[1], 2 * x[0]]).err(),
        Some(ModelError::ExpressionTooLarge {
            constraint: "all-different",
            bits: 32
        })
    );
    assert_eq!(
        model.expr_var(4000 * x[0] - x[1]).err(),
        Some(ModelError::ExpressionTooLarge {
            constraint: "expression",
            bits: 32
        })
    );
    // A constant where a view of a variable is made.
    let err = model.expr_var(7).unwrap_err();
    assert_eq!(
        err,
        ModelError::ConstantOperand {
            constraint: "expression"
        }
    );
    assert!(err.to_string().starts_with("expression needs a variable"));
    // Nothing was added by the refused calls.
    assert_eq!((model.num_vars(), model.num_constraints()), (2, 0));
}
