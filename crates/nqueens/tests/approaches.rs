//! Known answers, reproduced by running every applicable approach.

use csp::{Status, StopReason, ValueOrder, VarOrder};
use nqueens::approach::{Approach, ApproachError, Goal, Plan, Report};
use nqueens::board::Board;
use nqueens::symmetry::is_canonical;
use std::ops::ControlFlow;

/// Solutions of the n × n puzzle for n = 1..=12 (OEIS A000170).
const TOTALS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// Fundamental solutions for n = 1..=12 (OEIS A002562).
const FUNDAMENTAL: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

fn square(n: usize) -> Board {
    Board::square(n).unwrap()
}

fn count(approach: Approach, board: Board) -> Report {
    let report = Plan::new(approach, Goal::Count).count(board).unwrap();
    assert!(report.is_complete(), "{approach} on {board}: {report:?}");
    report
}

#[test]
fn every_engine_strategy_counts_n_1_to_10() {
    for approach in [
        Approach::Backtracking,
        Approach::ThreeSets,
        Approach::ForwardChecking,
        Approach::ArcConsistency,
    ] {
        for n in 1..=10 {
            let report = count(approach, square(n));
            assert_eq!(report.solutions, TOTALS[n - 1], "{approach}, n = {n}");
            assert_eq!(report.stats.unwrap().solutions, TOTALS[n - 1]);
        }
    }
}

#[test]
fn forward_checking_counts_n_11_and_12() {
    for n in 11..=12 {
        assert_eq!(
            count(Approach::ForwardChecking, square(n)).solutions,
            TOTALS[n - 1]
        );
    }
}

#[test]
fn recommended_settings_count_n_1_to_12() {
    for n in 1..=12 {
        let report = Plan::recommended(Goal::Count).count(square(n)).unwrap();
        assert_eq!(report.solutions, TOTALS[n - 1], "n = {n}");
    }
}

#[test]
fn reference_counter_counts_n_1_to_12() {
    for n in 1..=12 {
        let report = count(Approach::Reference, square(n));
        assert_eq!(report.solutions, TOTALS[n - 1], "n = {n}");
        assert!(report.work[0].1 >= report.solutions);
    }
}

#[test]
fn generate_and_test_and_product_count_n_1_to_8_building_every_board() {
    for approach in [Approach::GenerateAndTest, Approach::Product] {
        for n in 1..=8 {
            let report = count(approach, square(n));
            assert_eq!(report.solutions, TOTALS[n - 1], "{approach}, n = {n}");
            assert_eq!(
                report.work,
                vec![("boards built", (n as u64).pow(n as u32))]
            );
        }
    }
}

#[test]
fn product_builds_256_boards_of_4x4_and_16_777_216_of_8x8() {
    let four = count(Approach::Product, square(4));
    assert_eq!((four.solutions, four.work[0].1), (2, 256));
    let eight = count(Approach::Product, square(8));
    assert_eq!((eight.solutions, eight.work[0].1), (92, 16_777_216));
}

#[test]
fn combinations_first_solution_after_741_5_and_433_354_409() {
    for (rows, cols, examined) in [(4, 4, 741), (2, 3, 5), (8, 8, 433_354_409)] {
        let board = Board::new(rows, cols).unwrap();
        let mut first = None;
        let report = Plan::new(Approach::Combinations, Goal::First)
            .for_each(board, |found| {
                first = Some(found.placement());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(report.work, vec![("combinations examined", examined)]);
        assert_eq!(report.solutions, 1);
        let first = first.expect("a first solution was handed over");
        assert!(first.is_legal() && first.rows() == rows && first.cols() == cols);
    }
}

#[test]
fn combinations_count_like_the_engine_up_to_7x7() {
    for n in 1..=7 {
        assert_eq!(
            count(Approach::Combinations, square(n)).solutions,
            TOTALS[n - 1]
        );
    }
    for (r, c) in [(2, 3), (3, 2), (3, 5), (4, 6)] {
        let board = Board::new(r, c).unwrap();
        assert_eq!(
            count(Approach::Combinations, board).solutions,
            count(Approach::ForwardChecking, board).solutions,
            "{r}x{c}"
        );
    }
}

#[test]
fn combinations_node_limit_stops_the_search() {
    let mut plan = Plan::new(Approach::Combinations, Goal::First);
    plan.limits.nodes = Some(100);
    let report = plan.count(square(4)).unwrap();
    assert_eq!(report.solutions, 0);
    assert_eq!(report.status, Status::Stopped(StopReason::Nodes));
    assert_eq!(report.work[0].1, 100);
}

#[test]
fn greedy_on_4x4_places_0_2_and_is_stuck_in_row_2() {
    let report = Plan::new(Approach::Greedy, Goal::First)
        .count(square(4))
        .unwrap();
    assert_eq!(report.solutions, 0);
    assert_eq!(report.status, Status::Stopped(StopReason::Backtracks));
    let stuck = report.stuck.unwrap();
    assert_eq!(stuck.values, vec![0, 2]);
    assert_eq!(stuck.placed, vec![(0, 0), (1, 2)]);
    assert_eq!(stuck.next_line, Some(2));
    assert_eq!(report.stats.unwrap().backtracks, 0);
}

#[test]
fn greedy_finds_the_5x5_staircase_without_undoing_anything() {
    let mut found = Vec::new();
    let report = Plan::new(Approach::Greedy, Goal::First)
        .for_each(square(5), |f| {
            found.push(f.placement().columns());
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(found, vec![vec![0, 2, 4, 1, 3]]);
    assert!(report.stuck.is_none());
}

#[test]
fn greedy_on_a_tall_board_reports_columns() {
    let report = Plan::new(Approach::Greedy, Goal::First)
        .count(Board::new(4, 3).unwrap())
        .unwrap();
    // Column 0 takes row 0, column 1 row 2; every row of column 2 is attacked.
    let stuck = report.stuck.expect("greedy gets stuck on 4 x 3");
    assert!(stuck.lines_are_columns);
    assert_eq!(stuck.placed, vec![(0, 0), (2, 1)]);
    assert_eq!(stuck.next_line, Some(2));
    assert!(stuck.to_string().contains("stuck in column 2"));
}

#[test]
fn three_sets_is_the_textbook_backtracking() {
    let report = count(Approach::ThreeSets, square(8));
    let stats = report.stats.unwrap();
    assert_eq!(stats.nodes, 2057);
    assert_eq!(stats.pruned, 0, "no propagation in plain backtracking");
    let mut plain = count(Approach::Backtracking, square(8)).stats.unwrap();
    plain.elapsed = stats.elapsed;
    assert_eq!(stats, plain, "three-sets runs the engine's backtracking");
}

#[test]
fn fundamental_counts_n_1_to_12_and_checked_against_the_totals() {
    for n in 1..=12 {
        let board = square(n);
        let plan = Plan {
            unique: true,
            ..Plan::new(Approach::ForwardChecking, Goal::All)
        };
        let mut fundamental = Vec::new();
        let report = plan
            .for_each(board, |found| {
                fundamental.push(found.placement());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(report.solutions, FUNDAMENTAL[n - 1], "n = {n}");
        // Each class contributes its images: together they are every solution.
        let class_sizes: usize = fundamental
            .iter()
            .map(|p| {
                assert!(is_canonical(p) && p.is_legal());
                nqueens::symmetry::images(p).len()
            })
            .sum();
        assert_eq!(class_sizes as u64, TOTALS[n - 1], "n = {n}");
    }
}

#[test]
fn unique_works_under_every_engine_strategy_for_small_boards() {
    for approach in [
        Approach::GenerateAndTest,
        Approach::Backtracking,
        Approach::ArcConsistency,
        Approach::Greedy,
    ] {
        let plan = Plan {
            unique: true,
            ..Plan::new(approach, Goal::Count)
        };
        let report = plan.count(square(6)).unwrap();
        let expected = if approach == Approach::Greedy { 0 } else { 1 };
        assert_eq!(report.solutions, expected, "{approach}");
    }
}

#[test]
fn rectangles_have_solutions_where_squares_do_not() {
    for approach in [
        Approach::ForwardChecking,
        Approach::Product,
        Approach::ArcConsistency,
    ] {
        assert_eq!(count(approach, square(2)).solutions, 0);
        assert_eq!(count(approach, square(3)).solutions, 0);
        let wide = count(approach, Board::new(2, 3).unwrap()).solutions;
        let tall = count(approach, Board::new(3, 2).unwrap()).solutions;
        assert!(wide > 0 && wide == tall, "{approach}");
    }
}

#[test]
fn first_solution_of_large_boards_with_the_recommended_plan() {
    for n in [200, 1000] {
        let mut legal = false;
        let report = Plan::recommended(Goal::First)
            .for_each(square(n), |found| {
                legal = found.placement().is_legal();
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(report.solutions, 1);
        assert!(legal, "n = {n}");
        assert_eq!(report.status, Status::Stopped(StopReason::Solutions));
    }
}

#[test]
fn min_conflicts_finds_a_legal_first_solution() {
    for n in [1, 4, 8, 300] {
        let plan = Plan {
            seed: 5,
            ..Plan::new(Approach::MinConflicts, Goal::First)
        };
        let all = plan.solutions(square(n)).unwrap();
        assert_eq!(all.len(), 1, "n = {n}");
        assert!(all[0].is_legal());
    }
    // Three queens have no solution, which the local search proves (the
    // model is small) before any repair step: a complete answer.
    let mut plan = Plan::new(Approach::MinConflicts, Goal::First);
    plan.limits.nodes = Some(1000);
    let report = plan.count(square(3)).unwrap();
    assert_eq!(report.solutions, 0);
    assert_eq!(report.status, Status::Complete);
}

#[test]
fn limits_and_orders_are_honoured() {
    let mut plan = Plan::new(Approach::ForwardChecking, Goal::All);
    plan.limits.solutions = Some(5);
    plan.var_order = VarOrder::DomWDeg;
    plan.value_order = ValueOrder::Random;
    plan.seed = 3;
    let all = plan.solutions(square(8)).unwrap();
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|p| p.is_legal()));

    let mut plan = Plan::new(Approach::Backtracking, Goal::Count);
    plan.limits.nodes = Some(50);
    let report = plan.count(square(8)).unwrap();
    assert_eq!(report.status, Status::Stopped(StopReason::Nodes));

    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut plan = Plan::new(Approach::ForwardChecking, Goal::Count);
    plan.limits.cancel = Some(cancel);
    let report = plan.count(square(10)).unwrap();
    assert_eq!(report.status, Status::Stopped(StopReason::Cancelled));
}

#[test]
fn unsupported_requests_are_typed_errors() {
    let board = square(8);
    let cases = [
        Plan::new(Approach::Combinations, Goal::All),
        Plan {
            unique: true,
            ..Plan::new(Approach::Combinations, Goal::Count)
        },
        Plan::new(Approach::Reference, Goal::First),
        Plan::new(Approach::MinConflicts, Goal::Count),
    ];
    for plan in cases {
        let err = plan.count(board).unwrap_err();
        assert!(matches!(err, ApproachError::Unsupported { .. }), "{err}");
    }
    assert!(matches!(
        Plan::new(Approach::Reference, Goal::Count).count(square(33)),
        Err(ApproachError::Reference(_))
    ));
    assert!(matches!(
        Plan::new(Approach::Combinations, Goal::First).count(square(30)),
        Err(ApproachError::Combinations(_))
    ));
}

#[test]
fn slow_sizes_are_flagged_before_running() {
    let warn = |approach, goal, n| Plan::new(approach, goal).slow_warning(square(n));
    assert!(warn(Approach::ForwardChecking, Goal::All, 40).is_some());
    assert!(warn(Approach::ForwardChecking, Goal::Count, 12).is_none());
    assert!(warn(Approach::GenerateAndTest, Goal::Count, 12).is_some());
    assert!(warn(Approach::Combinations, Goal::Count, 10).is_some());
    assert!(warn(Approach::Greedy, Goal::All, 5000).is_none());
    // A bounded run is the user's informed choice.
    let mut plan = Plan::new(Approach::ForwardChecking, Goal::All);
    plan.limits.solutions = Some(3);
    assert!(plan.slow_warning(square(40)).is_none());
}

#[test]
fn estimates_follow_the_measured_figures() {
    // 16 queens count in well under a minute; 17 in minutes, not hours
    // (one thread, no symmetry).
    let count = Plan::new(Approach::ForwardChecking, Goal::Count);
    assert!(count.slow_warning(square(16)).is_none());
    let warning = count.slow_warning(square(17)).unwrap();
    assert!(
        warning.contains("minutes") && !warning.contains("hour"),
        "{warning}"
    );
    assert!(count.slow_warning(square(20)).unwrap().contains("hours"));
    // The default count's whole symmetry group takes about a fifth of that.
    let symmetric = Plan {
        threads: Some(1),
        ..Plan::recommended(Goal::Count)
    };
    assert!(symmetric.slow_warning(square(17)).is_none());
    assert!(symmetric
        .slow_warning(square(18))
        .unwrap()
        .contains("minutes"));
    for m in nqueens::approach::MEASURED {
        let plan = Plan::new(m.approach, Goal::Count);
        let at = |n| plan.estimated_seconds(square(n)).unwrap();
        assert!((at(m.n) - m.seconds).abs() < 1e-9, "{}", m.approach);
        assert!((at(m.n + 1) / at(m.n) - m.per_queen).abs() < 1e-9);
        // A warning exactly when the estimate passes a minute.
        for n in 4..=24 {
            assert_eq!(
                plan.slow_warning(square(n)).is_some(),
                at(n) >= 60.0,
                "{} {n}",
                m.approach
            );
        }
    }
}
