//! Domains over hundreds of millions of values, up to the full 32-bit
//! range: ordinary variables, searched by their bounds (issue 24). Where a
//! part of the engine would list such a domain value by value, it either
//! reasons on its bounds or stops with `StopReason::TooLarge`; never an
//! allocation of gigabytes.

use csp::{
    Cmp, Condition, LocalStatus, MinConflicts, Model, OptimizeStatus, Outcome, Solution, Solver,
    Status, StopReason, Strategy, ValueOrder, VarOrder,
};

const WIDE: i32 = 300_000_000;
const FULL: std::ops::RangeInclusive<i32> = -i32::MAX..=i32::MAX;

/// The strategies that propagate (backtracking only checks complete
/// assignments, so it walks a wide domain value by value: hopeless here as
/// anywhere).
const STRATEGIES: [Strategy; 2] = [Strategy::ForwardChecking, Strategy::ArcConsistency];

/// Every solution, in order, and how the search ended.
fn all(solver: Solver<'_>) -> (Vec<Solution>, Outcome) {
    let mut search = solver.search();
    let solutions: Vec<Solution> = search.by_ref().collect();
    (solutions, search.outcome())
}

#[test]
fn a_wide_variable_is_searched_by_its_bounds() {
    // x + y = 300,000,000 and x >= 299,999,998: three solutions.
    let mut model = Model::new();
    let x = model.int_var(0..=WIDE).unwrap();
    let y = model.int_var(0..=WIDE).unwrap();
    model
        .linear([(1, x), (1, y)], Cmp::Eq, WIDE as i64)
        .unwrap();
    model.less_equal(WIDE - 2, x).unwrap();
    for strategy in STRATEGIES {
        let (solutions, outcome) = all(Solver::new(&model).strategy(strategy));
        assert_eq!(outcome.status, Status::Complete, "{strategy}");
        let pairs: Vec<(i32, i32)> = solutions.iter().map(|s| (s[x], s[y])).collect();
        assert_eq!(
            pairs,
            [(WIDE - 2, 2), (WIDE - 1, 1), (WIDE, 0)],
            "{strategy}"
        );
    }
}

#[test]
fn the_full_range_is_searched_in_both_orders() {
    for strategy in STRATEGIES {
        let mut model = Model::new();
        let x = model.int_var(FULL).unwrap();
        let y = model.int_var(FULL).unwrap();
        model.less(x, y).unwrap();
        let (first, _) = Solver::new(&model).strategy(strategy).first();
        let first = first.expect("a solution");
        assert_eq!(
            (first[x], first[y]),
            (-i32::MAX, -i32::MAX + 1),
            "{strategy}"
        );
        let (last, _) = Solver::new(&model)
            .strategy(strategy)
            .value_order(ValueOrder::Descending)
            .first();
        let last = last.expect("a solution");
        // x = MAX has no larger y: x takes MAX - 1 after failing there.
        assert_eq!((last[x], last[y]), (i32::MAX - 1, i32::MAX), "{strategy}");
    }
}

#[test]
fn a_wide_domain_is_enumerated_where_constraints_make_it_small() {
    // x in 0..=300,000,000 with x = 3 * k + 1 and x >= 299,999,990: the
    // values 299,999,992, 299,999,995 and 299,999,998 (k from the table).
    let mut model = Model::new();
    let x = model.int_var(0..=WIDE).unwrap();
    let k = model.int_var(0..=WIDE / 3).unwrap();
    model.linear([(1, x), (-3, k)], Cmp::Eq, 1).unwrap();
    model.less_equal(299_999_990, x).unwrap();
    for strategy in STRATEGIES {
        let (solutions, outcome) = all(Solver::new(&model).strategy(strategy));
        assert_eq!(outcome.status, Status::Complete, "{strategy}");
        let xs: Vec<i32> = solutions.iter().map(|s| s[x]).collect();
        assert_eq!(xs, [299_999_992, 299_999_995, 299_999_998], "{strategy}");
    }
}

#[test]
fn an_objective_over_hundreds_of_millions_is_minimised() {
    // The Challenge shape: an objective over 207..=300,000,000, tied to a
    // few small decisions; the optimum is 207 + 1,000 * 3 + 7 * 2 with
    // a + b >= 5, a <= 3.
    let mut model = Model::new();
    let obj = model.int_var(207..=WIDE).unwrap();
    let a = model.int_var(0..=3).unwrap();
    let b = model.int_var(0..=100).unwrap();
    model.linear([(1, a), (1, b)], Cmp::Ge, 5).unwrap();
    model
        .linear([(1, obj), (-1_000, a), (-7, b)], Cmp::Eq, 207)
        .unwrap();
    let mut opt = Solver::new(&model).minimize(obj).unwrap();
    let best = opt.by_ref().last().expect("a solution");
    assert_eq!(best.value, 207 + 7 * 5);
    assert_eq!(opt.status(), OptimizeStatus::Optimal);
    let mut opt = Solver::new(&model).maximize(obj).unwrap();
    let best = opt.by_ref().last().expect("a solution");
    assert_eq!(best.value, 207 + 3_000 + 700);
    assert_eq!(opt.status(), OptimizeStatus::Optimal);
}

#[test]
fn enumerating_filters_leave_wide_domains_to_their_bounds() {
    // A product, a reified membership and a table over variables of the
    // full range: each narrows them by bounds or leaves them to the check
    // once assigned, and the solutions are exactly the right ones.
    let mut model = Model::new();
    let x = model.int_var(FULL).unwrap();
    let y = model.int_var(0..=3).unwrap();
    let z = model.int_var(FULL).unwrap();
    model.times(x, y, z).unwrap();
    model.assign(z, 2_999_979).unwrap();
    for strategy in STRATEGIES {
        let solver = Solver::new(&model)
            .strategy(strategy)
            .var_order(VarOrder::SmallestDomain);
        let (solutions, outcome) = all(solver);
        assert_eq!(outcome.status, Status::Complete, "{strategy}");
        let xy: Vec<(i32, i32)> = solutions.iter().map(|s| (s[x], s[y])).collect();
        assert_eq!(xy, [(2_999_979, 1), (999_993, 3)], "{strategy}");
    }
    let mut model = Model::new();
    let x = model.int_var(0..=WIDE).unwrap();
    let b = model.bool_var().unwrap();
    model.reify(b, Condition::member(x, [5, 7])).unwrap();
    model.assign(b, 1).unwrap();
    // (Forward checking filters only after an assignment: it would try
    // x's values one by one.)
    let (solutions, outcome) = all(Solver::new(&model).strategy(Strategy::ArcConsistency));
    assert_eq!(outcome.status, Status::Complete);
    let xs: Vec<i32> = solutions.iter().map(|s| s[x]).collect();
    assert_eq!(xs, [5, 7]);
    // A table cuts a domain too wide to list to the rows' values.
    let mut model = Model::new();
    let x = model.int_var(FULL).unwrap();
    model
        .table([x], vec![vec![-7], vec![5], vec![1_000_000]])
        .unwrap();
    assert_eq!(model.domain(x).size(), 3);
    for strategy in STRATEGIES {
        let solver = Solver::new(&model)
            .strategy(strategy)
            .value_order(ValueOrder::Descending);
        let (solutions, outcome) = all(solver);
        assert_eq!(outcome.status, Status::Complete, "{strategy}");
        let xs: Vec<i32> = solutions.iter().map(|s| s[x]).collect();
        assert_eq!(xs, [1_000_000, 5, -7], "{strategy}");
    }
}

#[test]
fn values_spread_over_the_full_range_with_holes_stop_with_too_large() {
    // A set, not a range, over 2^32 - 1 values: the store would need its
    // bits (half a gigabyte), so the search refuses instead.
    let mut model = Model::new();
    model.int_var([-i32::MAX, 5, i32::MAX]).unwrap();
    let outcome = Solver::new(&model).count();
    assert_eq!(outcome.status, Status::Stopped(StopReason::TooLarge));
}

#[test]
fn an_order_that_must_list_a_wide_domain_stops_with_too_large() {
    for order in [ValueOrder::Random, ValueOrder::MiddleOut] {
        let mut model = Model::new();
        model.int_var(0..=WIDE).unwrap();
        let outcome = Solver::new(&model).value_order(order).count();
        assert_eq!(
            outcome.status,
            Status::Stopped(StopReason::TooLarge),
            "{order}"
        );
    }
    // Below the listing bound the same orders run.
    let mut model = Model::new();
    model.int_var(0..=100_000).unwrap();
    let outcome = Solver::new(&model).value_order(ValueOrder::Random).count();
    assert_eq!(outcome.solutions(), 100_001);
}

#[test]
fn local_search_solves_a_wide_model() {
    let mut model = Model::new();
    let x = model.int_vars(20, 0..=WIDE).unwrap();
    model.all_different(&x).unwrap();
    model.not_equal(x[0], x[1] + 1).unwrap();
    let outcome = MinConflicts::new(&model).seed(1).solve();
    assert_eq!(outcome.status, LocalStatus::Solved);
    assert!(model.is_solution(outcome.solution.unwrap().values()));
}
