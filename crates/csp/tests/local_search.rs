//! Min-conflicts local search: solutions are checked by the model's own
//! brute-force oracle (`Model::is_solution`).

use csp::{Cmp, Limits, LocalStatus, MinConflicts, Model, VarId};
use std::time::Duration;

mod common;
use common::queens;

fn assert_solves(model: &Model, search: MinConflicts<'_>) -> u64 {
    let outcome = search.solve();
    assert_eq!(outcome.status, LocalStatus::Solved);
    let solution = outcome.solution.expect("a solved search has a solution");
    assert!(model.is_solution(solution.values()));
    outcome.steps
}

#[test]
fn solves_n_queens_of_several_sizes() {
    for n in [8, 50, 1000] {
        let (model, _) = queens(n);
        for seed in 0..3 {
            assert_solves(&model, MinConflicts::new(&model).seed(seed));
        }
    }
}

#[test]
fn solves_a_hundred_thousand_queens() {
    let (model, _) = queens(100_000);
    assert_solves(&model, MinConflicts::new(&model).seed(1));
}

#[test]
fn the_greedy_start_leaves_a_vanishing_share_of_queens_to_repair() {
    // What keeps huge boards near-linear: the start leaves few conflicts
    // and the repair takes few steps, far fewer than one per hundred queens
    // (the greedy start's sweep lays the queens in knight's-move lines: at
    // most a few conflicted at any size, where random samples left about
    // 30 here and 100 at a million; the work per queen is then a bounded
    // number of tries, next to the previous queen's in memory).
    for n in [100_000, 100_003, 100_004] {
        let (model, _) = queens(n);
        for seed in 1..=3 {
            let outcome = MinConflicts::new(&model).seed(seed).solve();
            assert!(outcome.status.is_solved(), "{n} seed {seed}");
            let (start, steps) = (outcome.initial_conflicted, outcome.steps);
            assert!(start < n / 100, "{n} seed {seed}: {start} conflicted");
            assert!(steps < n as u64 / 100, "{n} seed {seed}: {steps} steps");
        }
    }
}

#[test]
fn four_queens_needs_repair_steps_and_gets_them() {
    // The greedy start cannot solve 4-queens in input order from every
    // seed; the repair phase must do the rest.
    let (model, _) = queens(4);
    let steps: Vec<u64> = (0..20)
        .map(|seed| assert_solves(&model, MinConflicts::new(&model).seed(seed)))
        .collect();
    assert!(steps.iter().any(|&s| s > 0), "{steps:?}");
}

/// The Petersen graph: 3-colourable, not 2-colourable.
fn petersen(colours: i32) -> Model {
    let mut model = Model::new();
    let v = model.int_vars(10, 0..colours).unwrap();
    for i in 0..5 {
        model.not_equal(v[i], v[(i + 1) % 5]).unwrap(); // outer cycle
        model.not_equal(v[5 + i], v[5 + (i + 2) % 5]).unwrap(); // inner star
        model.not_equal(v[i], v[5 + i]).unwrap(); // spokes
    }
    model
}

#[test]
fn colours_a_graph() {
    let model = petersen(3);
    for seed in 0..10 {
        assert_solves(&model, MinConflicts::new(&model).seed(seed));
    }
}

/// `n + 1` variables over `n` values, pairwise different: unsatisfiable,
/// and for `n >= 64` too large (over 4096 values) for the bounded proof, so
/// only a limit ends the repair.
fn pigeons(n: i32) -> Model {
    let mut model = Model::new();
    let x = model.int_vars(n as usize + 1, 0..n).unwrap();
    model.all_different(&x).unwrap();
    model
}

#[test]
fn an_uncolourable_graph_is_proved_so_without_repairing() {
    let model = petersen(2);
    let outcome = MinConflicts::new(&model).seed(3).max_steps(5_000).solve();
    assert_eq!(outcome.status, LocalStatus::NoSolution);
    assert_eq!(outcome.steps, 0);
    assert!(outcome.solution.is_none());
}

#[test]
fn an_unsatisfiable_model_too_large_to_prove_stops_at_the_step_limit() {
    let model = pigeons(64);
    let outcome = MinConflicts::new(&model).seed(3).max_steps(5_000).solve();
    assert_eq!(outcome.status, LocalStatus::StepLimit);
    assert_eq!(outcome.steps, 5_000);
    assert!(outcome.solution.is_none());
}

#[test]
fn two_and_three_queens_are_proved_unsolvable_at_once() {
    for n in [2, 3] {
        let (model, _) = queens(n);
        for seed in 0..3 {
            let outcome = MinConflicts::new(&model).seed(seed).solve();
            assert_eq!(outcome.status, LocalStatus::NoSolution, "{n} queens");
            assert_eq!(outcome.steps, 0, "{n} queens");
            assert!(outcome.solution.is_none());
        }
    }
}

#[test]
fn the_default_step_limit_is_scaled_to_the_model() {
    let model = pigeons(64);
    let search = MinConflicts::new(&model);
    let limit = 65 * csp::STEPS_PER_VARIABLE;
    assert_eq!(search.step_limit(), limit);
    let outcome = search.seed(1).solve();
    assert_eq!(outcome.status, LocalStatus::StepLimit);
    assert_eq!(outcome.steps, limit);
    let (big, _) = queens(2_000);
    assert_eq!(
        MinConflicts::new(&big).step_limit(),
        2_000 * csp::STEPS_PER_VARIABLE
    );
    let (huge, _) = queens(100_000);
    assert_eq!(
        MinConflicts::new(&huge).step_limit(),
        csp::DEFAULT_MAX_STEPS
    );
}

/// A 4×4 sudoku (rows, columns and 2×2 boxes all different) whose rows and
/// columns are also stated as linear sums, with two givens and a linear
/// clue: the linear constraints take the slow generic path.
fn sudoku_with_sums() -> Model {
    let mut model = Model::new();
    let cell = model.int_vars(16, 1..=4).unwrap();
    let at = |r: usize, c: usize| cell[4 * r + c];
    for i in 0..4 {
        let row: Vec<VarId> = (0..4).map(|c| at(i, c)).collect();
        let col: Vec<VarId> = (0..4).map(|r| at(r, i)).collect();
        let bx: Vec<VarId> = (0..4)
            .map(|k| at(2 * (i / 2) + k / 2, 2 * (i % 2) + k % 2))
            .collect();
        model.all_different(&row).unwrap();
        model.all_different(&col).unwrap();
        model.all_different(&bx).unwrap();
        model
            .linear(row.iter().map(|&x| (1, x)), Cmp::Eq, 10)
            .unwrap();
        model
            .linear(col.iter().map(|&x| (1, x)), Cmp::Eq, 10)
            .unwrap();
    }
    // Givens as tables, and a clue: the top-left cell plus twice the
    // bottom-right cell is 9.
    model.table([at(0, 0)], vec![vec![1]]).unwrap();
    model.table([at(1, 2)], vec![vec![1]]).unwrap();
    model
        .linear([(1, at(0, 0)), (2, at(3, 3))], Cmp::Eq, 9)
        .unwrap();
    model
}

#[test]
fn solves_a_small_sudoku_with_linear_and_table_constraints() {
    let model = sudoku_with_sums();
    for seed in 0..5 {
        assert_solves(&model, MinConflicts::new(&model).seed(seed));
    }
}

#[test]
fn same_seed_same_steps_and_solution() {
    let (model, _) = queens(300);
    let a = MinConflicts::new(&model).seed(11).solve();
    let b = MinConflicts::new(&model).seed(11).solve();
    assert!(a.status.is_solved());
    assert_eq!(
        (a.solution.clone(), a.steps, a.initial_conflicted),
        (b.solution, b.steps, b.initial_conflicted)
    );
    let c = MinConflicts::new(&model).seed(12).solve();
    assert_ne!(a.solution, c.solution, "another seed explores differently");
}

#[test]
fn a_step_limit_reports_an_incomplete_search() {
    let (model, _) = queens(1000);
    let full = MinConflicts::new(&model).seed(5).solve();
    assert!(
        full.steps > 0,
        "the greedy start alone solved it; pick another seed"
    );
    let cut = MinConflicts::new(&model)
        .seed(5)
        .max_steps(full.steps - 1)
        .solve();
    assert_eq!(cut.status, LocalStatus::StepLimit);
    assert_eq!(cut.steps, full.steps - 1);
    assert!(cut.solution.is_none());
}

#[test]
fn an_unsatisfiable_model_never_claims_a_solution() {
    let model = pigeons(64);
    for seed in 0..3 {
        let outcome = MinConflicts::new(&model)
            .seed(seed)
            .max_steps(10_000)
            .solve();
        assert_eq!(outcome.status, LocalStatus::StepLimit);
        assert!(outcome.solution.is_none());
        assert!(outcome.initial_conflicted >= 2);
    }
}

#[test]
fn a_time_limit_stops_an_unsatisfiable_search() {
    let model = pigeons(64);
    let outcome = MinConflicts::new(&model)
        .max_steps(u64::MAX)
        .limits(Limits {
            time: Some(Duration::from_millis(50)),
            ..Limits::default()
        })
        .solve();
    assert_eq!(outcome.status, LocalStatus::TimeLimit);
    assert!(outcome.steps > 0 && outcome.solution.is_none());
}

#[test]
fn a_repeated_view_is_an_unremovable_conflict() {
    // Domains too wide for the bounded proof: the repeated view alone says
    // there is no solution.
    let mut model = Model::new();
    let x = model.int_var(0..5000).unwrap();
    let y = model.int_var(0..5000).unwrap();
    model.all_different([x, y, x]).unwrap();
    let outcome = MinConflicts::new(&model).max_steps(100).solve();
    assert_eq!(outcome.status, LocalStatus::NoSolution);
    assert_eq!(outcome.steps, 0);
}

#[test]
fn wide_sparse_domains_and_offsets_use_the_sparse_tables() {
    // Views spread far apart make the value range much wider than the scope.
    let mut model = Model::new();
    let x = model
        .int_vars(4, vec![0, 1_000_000, 2_000_000, 3_000_000])
        .unwrap();
    model
        .all_different([x[0] + 0, x[1] + 5_000_000, x[2] - 7, x[3] + 1])
        .unwrap();
    model.all_different(&x).unwrap();
    for seed in 0..5 {
        assert_solves(&model, MinConflicts::new(&model).seed(seed));
    }
}

#[test]
fn predicates_and_counts_are_respected() {
    let mut model = Model::new();
    let x = model.int_vars(6, 0..3).unwrap();
    model.count_eq(&x, 2, 2).unwrap(); // exactly two 2s
    model.predicate([x[0], x[5]], |v| v[0] + v[1] == 1).unwrap();
    for i in 0..5 {
        model.not_equal(x[i], x[i + 1]).unwrap();
    }
    for seed in 0..5 {
        assert_solves(&model, MinConflicts::new(&model).seed(seed));
    }
}

#[test]
fn models_without_variables_or_constraints_are_solved_at_once() {
    let empty = Model::new();
    let outcome = MinConflicts::new(&empty).solve();
    assert_eq!(outcome.solution.unwrap().values(), &[] as &[i32]);
    let mut free = Model::new();
    free.int_vars(5, -3..=3).unwrap();
    let outcome = MinConflicts::new(&free).solve();
    assert!(free.is_solution(outcome.solution.unwrap().values()));
    assert_eq!(outcome.steps, 0);
}
