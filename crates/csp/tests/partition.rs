//! Deterministic partitions: the parts' solutions are disjoint and together
//! are exactly the whole solution set, checked against the unsplit search.

use csp::{
    count_part, search_part, Cmp, Model, Partition, PartitionError, Restarts, Solver, Stats,
    Strategy, ValueOrder, VarId, VarOrder,
};
use std::collections::HashSet;

mod common;
use common::queens;

#[test]
fn part_counts_sum_to_the_full_count() {
    for n in 8..=12 {
        let (model, _) = queens(n);
        let solver = Solver::new(&model);
        let full = solver.count();
        for k in [1, 2, 7, 64] {
            let mut total = 0;
            for i in 0..k {
                let part = count_part(&solver, i, k).unwrap();
                assert!(part.status.is_complete());
                total += part.solutions();
            }
            assert_eq!(total, full.solutions(), "n = {n}, k = {k}");
        }
    }
}

/// Every part's solutions, as sets, for one solver.
fn parts_solutions(solver: &Solver<'_>, k: usize) -> Vec<HashSet<Vec<i32>>> {
    (0..k)
        .map(|i| {
            let mut part = search_part(solver, i, k).unwrap();
            let mut set = HashSet::new();
            while let Some(values) = part.next_values() {
                assert!(set.insert(values.to_vec()), "a part repeats a solution");
            }
            assert_eq!(part.outcome().solutions(), set.len() as u64);
            set
        })
        .collect()
}

fn assert_exact_cover(model: &Model, solver: &Solver<'_>, k: usize) {
    let all: HashSet<Vec<i32>> = solver.search().map(|s| s.into_values()).collect();
    let parts = parts_solutions(solver, k);
    let mut union = HashSet::new();
    for part in &parts {
        for values in part {
            assert!(model.is_solution(values));
            assert!(union.insert(values.clone()), "two parts share a solution");
        }
    }
    assert_eq!(union, all, "k = {k}");
}

#[test]
fn parts_are_disjoint_and_cover_every_solution() {
    for n in [6, 8] {
        let (model, _) = queens(n);
        for strategy in [Strategy::Backtracking, Strategy::ArcConsistency] {
            let solver = Solver::new(&model)
                .strategy(strategy)
                .var_order(VarOrder::SmallestDomain);
            for k in [1, 2, 7, 64] {
                assert_exact_cover(&model, &solver, k);
            }
        }
    }
}

#[test]
fn parts_are_balanced_by_round_robin() {
    let (model, _) = queens(10);
    let solver = Solver::new(&model);
    let counts: Vec<u64> = (0..4)
        .map(|i| count_part(&solver, i, 4).unwrap().solutions())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 724);
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn prefixes_are_split_round_robin_and_deterministically() {
    let (model, q) = queens(9);
    let a = Partition::new(&model, 7).unwrap();
    let b = Partition::new(&model, 7).unwrap();
    assert!(a.prefixes().count() >= 8 * 7);
    let all: Vec<Vec<(VarId, i32)>> = a.prefixes().collect();
    for i in 0..7 {
        let part = a.part(i).unwrap();
        assert_eq!(part, b.part(i).unwrap());
        let expected: Vec<_> = all.iter().skip(i).step_by(7).cloned().collect();
        assert_eq!(part, expected);
        for prefix in &part {
            assert_eq!(prefix.len(), a.depth());
            let vars: Vec<VarId> = prefix.iter().map(|&(v, _)| v).collect();
            assert_eq!(vars, q[..a.depth()].to_vec());
        }
    }
}

/// A model with linear, table and predicate constraints: a magic-square
/// like puzzle over 0..4 with a table on the first two cells.
fn mixed_model() -> Model {
    let mut model = Model::new();
    let x = model.int_vars(6, 0..4).unwrap();
    model
        .linear(x[..3].iter().map(|&v| (1, v)), Cmp::Eq, 6)
        .unwrap();
    model
        .linear(x[3..].iter().map(|&v| (2, v)), Cmp::Le, 10)
        .unwrap();
    model
        .table(
            [x[0], x[1]],
            vec![vec![0, 3], vec![1, 2], vec![2, 1], vec![3, 3], vec![2, 2]],
        )
        .unwrap();
    model
        .predicate([x[2], x[5]], |v| (v[0] + v[1]) % 2 == 0)
        .unwrap();
    model.not_equal(x[3], x[4] + 1).unwrap();
    model
}

#[test]
fn partitions_work_for_any_constraint_kind() {
    let model = mixed_model();
    let solver = Solver::new(&model);
    let full = solver.count().solutions();
    assert!(full > 0);
    for k in [1, 2, 3, 7, 64] {
        assert_exact_cover(&model, &solver, k);
        let total: u64 = (0..k)
            .map(|i| count_part(&solver, i, k).unwrap().solutions())
            .sum();
        assert_eq!(total, full);
    }
}

#[test]
fn bad_part_numbers_are_typed_errors() {
    let (model, _) = queens(6);
    let solver = Solver::new(&model);
    assert_eq!(
        count_part(&solver, 0, 0).unwrap_err(),
        PartitionError::NoParts
    );
    assert_eq!(
        count_part(&solver, 3, 3).unwrap_err(),
        PartitionError::PartOutOfRange { part: 3, parts: 3 }
    );
    assert!(search_part(&solver, 9, 2).is_err());
    let error = Partition::new(&model, 2).unwrap().part(5).unwrap_err();
    assert_eq!(
        error.to_string(),
        "part 5 does not exist: parts are numbered 0 to 1"
    );
    assert_eq!(
        PartitionError::NoParts.to_string(),
        "the number of parts must be at least 1"
    );
    let (other, _) = queens(6);
    let partition = Partition::new(&other, 2).unwrap();
    assert_eq!(
        partition.count(&solver, 0).unwrap_err(),
        PartitionError::ForeignSolver
    );
}

#[test]
fn more_parts_than_prefixes_leaves_some_parts_empty() {
    let mut model = Model::new();
    model.int_vars(2, 0..2).unwrap();
    let solver = Solver::new(&model);
    let k = 10;
    let counts: Vec<u64> = (0..k)
        .map(|i| count_part(&solver, i, k).unwrap().solutions())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 4);
    assert_eq!(counts.iter().filter(|&&c| c == 0).count(), 6);
}

#[test]
fn a_limit_inside_a_part_stops_it_and_says_so() {
    let (model, _) = queens(8);
    let solver = Solver::new(&model).limits(csp::Limits {
        solutions: Some(1),
        ..csp::Limits::default()
    });
    let part = count_part(&solver, 0, 1).unwrap();
    assert_eq!(part.solutions(), 1);
    assert_eq!(
        part.status,
        csp::Status::Stopped(csp::StopReason::Solutions)
    );
}

#[test]
fn an_unsatisfiable_model_has_empty_parts() {
    let mut model = Model::new();
    let x = model.int_vars(3, 0..2).unwrap();
    model.all_different(&x).unwrap();
    let solver = Solver::new(&model);
    for i in 0..3 {
        let part = count_part(&solver, i, 3).unwrap();
        assert_eq!(part.solutions(), 0);
        assert!(part.status.is_complete());
    }
}

/// A part run prefix by prefix with a fresh search each: what a part's one
/// reused search must match exactly (solutions in order, and statistics).
fn part_by_fresh_searches(
    partition: &Partition<'_>,
    solver: &Solver<'_>,
    i: usize,
) -> (Vec<Vec<i32>>, Stats) {
    let mut solutions = Vec::new();
    let mut stats = Stats::default();
    for prefix in partition.part_prefixes(i).unwrap() {
        let mut search = solver.clone().assume(prefix).unwrap().search();
        while let Some(values) = search.next_values() {
            solutions.push(values.to_vec());
        }
        let outcome = search.outcome();
        assert!(outcome.status.is_complete());
        stats.merge(&outcome.stats);
    }
    stats.elapsed = Default::default();
    (solutions, stats)
}

#[test]
fn a_part_reusing_one_search_matches_fresh_searches_under_every_setting() {
    let (queens6, _) = queens(6);
    let models = [queens6, mixed_model()];
    for model in &models {
        let partition = Partition::new(model, 3).unwrap();
        for &strategy in Strategy::ALL {
            for &var_order in VarOrder::ALL {
                for &value_order in ValueOrder::ALL {
                    for restarts in [None, Some(Restarts::luby(1).unwrap())] {
                        let mut solver = Solver::new(model)
                            .strategy(strategy)
                            .var_order(var_order)
                            .value_order(value_order)
                            .seed(7);
                        if let Some(r) = restarts {
                            solver = solver.restarts(r);
                        }
                        for i in 0..3 {
                            let expected = part_by_fresh_searches(&partition, &solver, i);
                            let mut part = partition.search(&solver, i).unwrap();
                            let mut got = Vec::new();
                            while let Some(values) = part.next_values() {
                                got.push(values.to_vec());
                            }
                            let mut stats = part.outcome().stats;
                            stats.elapsed = Default::default();
                            let setting = format!(
                                "{strategy} {var_order} {value_order} {restarts:?} part {i}"
                            );
                            assert_eq!(got, expected.0, "{setting}");
                            assert_eq!(stats, expected.1, "{setting}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_part_of_one_wide_variable_costs_its_prefixes_not_a_search_each() {
    // One row of two million columns, as `nqueens 1x2000000 --part 0/4`
    // models it: half a million prefixes of one value each in a part. Each
    // used to build a whole search with a two-million-value domain (well
    // over a minute); one search reused costs a few operations per prefix.
    let mut model = Model::new();
    let x = model.int_var(0..2_000_000).unwrap();
    model.all_different([x]).unwrap();
    model.all_different([x + 0]).unwrap();
    model.all_different([x - 0]).unwrap();
    let partition = Partition::new(&model, 4).unwrap();
    for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
        let solver = Solver::new(&model).strategy(strategy);
        let part = partition.count(&solver, 0).unwrap();
        assert!(part.status.is_complete(), "{strategy}");
        assert_eq!(part.solutions(), 500_000, "{strategy}");
    }
}
