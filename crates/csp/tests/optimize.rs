//! Branch and bound: each status it reports, streaming, and limits that
//! hold for the whole optimisation.

use csp::{Cmp, Limits, Model, OptimizeStatus, Restarts, Solver, StopReason, Strategy, View};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Ten items, weights and values, capacity 25: a knapsack whose optimum
/// the test finds by enumerating the 1024 subsets.
fn knapsack() -> (Model, Vec<(i64, View)>, i64) {
    let weights = [5, 7, 3, 9, 4, 6, 8, 2, 7, 5];
    let values = [8, 9, 4, 12, 5, 8, 10, 3, 9, 7];
    let mut model = Model::new();
    let take = model.int_vars(10, 0..=1).unwrap();
    let load: Vec<(i64, View)> = take
        .iter()
        .zip(weights)
        .map(|(&t, w)| (w, t.into()))
        .collect();
    model.linear(load, Cmp::Le, 25).unwrap();
    let gain = take
        .iter()
        .zip(values)
        .map(|(&t, v)| (v, t.into()))
        .collect();
    let best = (0u32..1 << 10)
        .filter(|s| {
            (0..10)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| weights[i])
                .sum::<i64>()
                <= 25
        })
        .map(|s| {
            (0..10)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| values[i])
                .sum::<i64>()
        })
        .max()
        .unwrap();
    (model, gain, best)
}

#[test]
fn a_completed_search_proves_the_optimum() {
    let (model, gain, best) = knapsack();
    for &strategy in Strategy::ALL {
        let mut opt = Solver::new(&model)
            .strategy(strategy)
            .maximize(gain.clone())
            .unwrap();
        let last = opt.by_ref().last().unwrap();
        assert_eq!(last.value, best, "{strategy}");
        assert_eq!(opt.status(), OptimizeStatus::Optimal, "{strategy}");
    }
}

#[test]
fn no_solution_is_reported_as_unsatisfiable() {
    let mut model = Model::new();
    let x = model.int_vars(3, 0..2).unwrap();
    model.all_different(&x).unwrap();
    let mut opt = Solver::new(&model).minimize(x[0]).unwrap();
    assert!(opt.next().is_none());
    assert_eq!(opt.status(), OptimizeStatus::Unsatisfiable);
    assert!(opt.best().is_none());
}

#[test]
fn a_limit_after_a_solution_reports_the_best_found() {
    let (model, gain, best) = knapsack();
    let limits = Limits {
        nodes: Some(12),
        ..Limits::default()
    };
    let mut opt = Solver::new(&model)
        .strategy(Strategy::Backtracking)
        .limits(limits)
        .maximize(gain)
        .unwrap();
    let found: Vec<i64> = opt.by_ref().map(|i| i.value).collect();
    assert!(!found.is_empty());
    assert!(
        *found.last().unwrap() < best,
        "12 nodes do not reach the optimum"
    );
    assert_eq!(
        opt.status(),
        OptimizeStatus::BestBeforeLimit(StopReason::Nodes)
    );
    assert_eq!(opt.best().unwrap().value, *found.last().unwrap());
}

#[test]
fn a_limit_before_any_solution_reports_none() {
    let (model, gain, _) = knapsack();
    let limits = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let mut opt = Solver::new(&model).limits(limits).maximize(gain).unwrap();
    assert!(opt.next().is_none());
    assert_eq!(
        opt.status(),
        OptimizeStatus::NoneBeforeLimit(StopReason::Time)
    );
}

#[test]
fn a_caller_can_stop_with_the_best_so_far() {
    let (model, gain, _) = knapsack();
    let mut opt = Solver::new(&model).maximize(gain).unwrap();
    let first = opt.next().unwrap();
    assert_eq!(opt.status(), OptimizeStatus::Running);
    assert_eq!(opt.best(), Some(&first));
    assert!(model.is_solution(first.solution.values()));
}

#[test]
fn the_bound_tightens_inside_one_search() {
    // One search: its node count is far below one search per bound, and
    // the solutions' count is the number of improvements.
    let (model, gain, best) = knapsack();
    let mut opt = Solver::new(&model)
        .strategy(Strategy::ForwardChecking)
        .maximize(gain)
        .unwrap();
    let improvements = opt.by_ref().count() as u64;
    let stats = opt.outcome().stats;
    assert_eq!(stats.solutions, improvements);
    assert!(stats.nodes < 2 * 1024, "{} nodes", stats.nodes);
    assert_eq!(opt.best().unwrap().value, best);
}

#[test]
fn a_time_limit_is_one_deadline_across_restarts() {
    // Eleven pigeons, ten holes: unsatisfiable, and restarts make it no
    // easier. A deadline from the start stops it, restarted or not.
    let mut model = Model::new();
    let x = model.int_vars(11, 0..10).unwrap();
    model.all_different(&x).unwrap();
    let limits = Limits {
        time: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let mut opt = Solver::new(&model)
        .strategy(Strategy::Backtracking)
        .restarts(Restarts::Luby { scale: 1 })
        .limits(limits)
        .minimize(x[0])
        .unwrap();
    assert!(opt.next().is_none());
    assert_eq!(
        opt.status(),
        OptimizeStatus::NoneBeforeLimit(StopReason::Time)
    );
    assert!(opt.outcome().stats.restarts > 1);
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_variable_of_another_model_is_an_error() {
    let model = Model::new();
    let mut other = Model::new();
    let y = other.int_var(0..3).unwrap();
    assert!(Solver::new(&model).minimize(y).is_err());
}

/// The best value of `f` over every solution of `model` (by enumeration).
fn brute_best(model: &Model, f: impl Fn(&[i32]) -> i64, maximise: bool) -> Option<i64> {
    let values = Solver::new(model).search().map(|s| f(s.values()));
    if maximise {
        values.max()
    } else {
        values.min()
    }
}

#[test]
fn an_expression_objective_finds_the_enumerated_optimum() {
    // x - 2y + 3 over x != y, x + y <= 5.
    let mut model = Model::new();
    let x = model.int_var(-2..=4).unwrap();
    let y = model.int_var(-1..=3).unwrap();
    model.not_equal(x, y).unwrap();
    model.less_equal(x + y, 5).unwrap();
    let f = |v: &[i32]| v[0] as i64 - 2 * v[1] as i64 + 3;
    for &strategy in Strategy::ALL {
        let solver = Solver::new(&model).strategy(strategy);
        let best = solver.maximize(x - 2 * y + 3).unwrap().last().unwrap();
        assert_eq!(Some(best.value), brute_best(&model, f, true), "{strategy}");
        assert_eq!(best.value, f(best.solution.values()));
        let best = solver.minimize(x - 2 * y + 3).unwrap().last().unwrap();
        assert_eq!(Some(best.value), brute_best(&model, f, false), "{strategy}");
    }
}

#[test]
fn terms_views_variables_and_expressions_are_the_same_objective() {
    let (model, gain, best) = knapsack();
    // The same total value four ways: (i64, View) pairs, (i64, VarId)
    // pairs, one expression, and (for a sub-sum) plain variables.
    let pairs: Vec<(i64, csp::VarId)> = gain.iter().map(|&(a, v)| (a, v.var)).collect();
    let expr = pairs
        .iter()
        .fold(csp::Expr::default(), |e, &(a, x)| e + a * x);
    let runs = |opt: csp::Optimize| opt.map(|i| i.value).collect::<Vec<_>>();
    let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
    let from_views = runs(solver.maximize(gain.clone()).unwrap());
    assert_eq!(from_views.last(), Some(&best));
    assert_eq!(runs(solver.maximize(&pairs).unwrap()), from_views);
    assert_eq!(runs(solver.maximize(&expr).unwrap()), from_views);
    // Plain variables: the number of items taken (at most 6 fit: the six
    // lightest weigh 2 + 3 + 4 + 5 + 5 + 6 = 25, seven at least 32).
    let take: Vec<csp::VarId> = pairs.iter().map(|&(_, x)| x).collect();
    assert_eq!(solver.maximize(&take).unwrap().last().unwrap().value, 6);
    assert_eq!(solver.maximize(take[0]).unwrap().last().unwrap().value, 1);
}

#[test]
fn an_objective_that_overflowed_while_built_is_an_error() {
    let mut model = Model::new();
    let x = model.int_var(0..3).unwrap();
    let e = x - x + i64::MAX + 1;
    assert_eq!(
        Solver::new(&model).minimize(e).err(),
        Some(csp::ModelError::ConstantOverflow)
    );
    let e = i64::MAX * x + i64::MAX * x; // the merged coefficient leaves 64 bits
    assert!(matches!(
        Solver::new(&model).maximize(e).err(),
        Some(csp::ModelError::CoefficientOverflow { var: 0 })
    ));
}

#[test]
fn an_objective_beyond_64_bits_is_a_typed_error_naming_it() {
    let mut model = Model::new();
    let x = model.int_vars(2, -1000..1000).unwrap();
    let wide = (i64::MAX / 4) * x[0] + (i64::MAX / 4) * x[1];
    let err = Solver::new(&model).minimize(wide).err();
    assert_eq!(
        err,
        Some(csp::ModelError::ExpressionTooLarge {
            constraint: "objective",
            bits: 64
        })
    );
    assert!(err.unwrap().to_string().starts_with("objective: "));
    // Just within 64 bits: accepted, and the value is exact.
    let near = (i64::MAX / 1000) * x[0];
    let best = Solver::new(&model).maximize(near).unwrap().last().unwrap();
    assert_eq!(best.value, (i64::MAX / 1000) * 999);
}

/// Golomb rulers: `marks` marks below `span`, all differences distinct,
/// the last mark minimised (the gallery's model, rebuilt here).
fn golomb(marks: usize, span: i32) -> (Model, csp::VarId) {
    let mut m = Model::new();
    let x = m.int_vars(marks, 0..span).unwrap();
    m.assign(x[0], 0).unwrap();
    for i in 1..marks {
        m.less(x[i - 1], x[i]).unwrap();
    }
    let diffs = (0..marks).flat_map(|j| (0..j).map(move |i| (i, j)));
    m.all_different(diffs.map(|(i, j)| x[j] - x[i])).unwrap();
    (m, x[marks - 1])
}

#[test]
fn a_cancel_flag_stops_branch_and_bound_between_improvements() {
    // Raised after the first improvement: the search stops at its next
    // poll of the flag with that improvement as the best.
    let (model, last) = golomb(8, 64);
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        cancel: Some(Arc::clone(&cancel)),
        ..Limits::default()
    };
    let mut opt = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .limits(limits)
        .minimize(last)
        .unwrap();
    let first = opt.next().unwrap();
    cancel.store(true, Ordering::Relaxed);
    let rest: Vec<_> = opt.by_ref().collect();
    // The optimum is 34: the first ruler found is longer, and nothing
    // after the flag runs to the end.
    assert!(first.value > 34);
    assert!(rest.iter().all(|i| i.value < first.value));
    assert_eq!(
        opt.status(),
        OptimizeStatus::BestBeforeLimit(StopReason::Cancelled)
    );
    assert_eq!(
        opt.outcome().status,
        csp::Status::Stopped(StopReason::Cancelled)
    );
}

#[test]
fn a_raised_cancel_flag_stops_before_the_root() {
    let (model, last) = golomb(6, 40);
    let limits = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let (best, outcome) = Solver::new(&model)
        .limits(limits)
        .minimize(last)
        .unwrap()
        .run();
    assert!(best.is_none());
    assert_eq!(outcome.status, csp::Status::Stopped(StopReason::Cancelled));
    assert_eq!(outcome.stats.nodes, 0);
}

#[test]
fn the_bound_propagates_by_bounds_at_every_propagating_strategy() {
    // Golomb 6 below 20: the optimum 17 under each strategy, with the
    // propagating ones visiting far fewer nodes than backtracking (the
    // bound prunes the last mark and, through the order, every mark).
    let (model, last) = golomb(6, 20);
    let run = |strategy| {
        let (best, outcome) = Solver::new(&model)
            .strategy(strategy)
            .minimize(last)
            .unwrap()
            .run();
        assert!(outcome.status.is_complete());
        (best.unwrap().value, outcome.stats.nodes)
    };
    let (bt, bt_nodes) = run(Strategy::Backtracking);
    let (fc, fc_nodes) = run(Strategy::ForwardChecking);
    let (ac, ac_nodes) = run(Strategy::ArcConsistency);
    assert_eq!((bt, fc, ac), (17, 17, 17));
    assert!(
        ac_nodes <= fc_nodes && fc_nodes < bt_nodes,
        "{bt_nodes} {fc_nodes} {ac_nodes}"
    );
    let (fitted, outcome) = Solver::new(&model).minimize(last).unwrap().run();
    assert_eq!(fitted.unwrap().value, 17);
    assert!(outcome.stats.path.unwrap().fitted);
}
