//! What each fuzz target checks, as plain functions: the libFuzzer targets
//! in `fuzz_targets/` call them on nightly, and the root package's
//! `tests/reliability.rs` includes this file and calls them from proptests
//! on stable, so CI runs the very same checks on random and mutated input.
//!
//! Each function takes arbitrary bytes (read as UTF-8, invalid sequences
//! replaced) and panics only if something is wrong: the parser panicked,
//! rejected input with an empty or multi-line message, accepted input its
//! own output does not round-trip, or a bounded search on what it accepted
//! returned something that is not a solution.

use csp::{Limits, Solver, Status, Strategy};
use csp_workspace::coloring::{ColoringModel, Symmetry};
use csp_workspace::cryptarithm::Cryptarithm;
use csp_workspace::dimacs;
use csp_workspace::sudoku::{Grid, SudokuModel};
use std::collections::HashMap;
use std::fmt::Display;

/// Node budget of each bounded search: small inputs finish, the rest stop
/// quickly, so a fuzz case stays well under a millisecond or so.
pub const NODE_LIMIT: u64 = 2_000;

/// Graphs with more vertices are parsed and round-tripped but not coloured.
pub const MAX_COLOURED_VERTICES: usize = 200;

fn bounded(solutions: u64) -> Limits {
    Limits {
        nodes: Some(NODE_LIMIT),
        solutions: Some(solutions),
        ..Limits::default()
    }
}

/// A rejection must say something, on one line.
fn assert_one_line(error: &impl Display) {
    let text = error.to_string();
    assert!(!text.trim().is_empty(), "empty error message");
    assert!(
        !text.contains(['\n', '\r']),
        "multi-line error message: {text:?}"
    );
}

/// A stopped or finished search, never one left running.
fn assert_finished(status: Status) {
    assert_ne!(status, Status::Running, "a search returned while running");
}

/// Sudoku puzzles: parse; what parses round-trips through `to_line`,
/// always models, and every solution found solves the puzzle.
pub fn sudoku(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let puzzle = match text.parse::<Grid>() {
        Ok(puzzle) => puzzle,
        Err(e) => return assert_one_line(&e),
    };
    assert_eq!(puzzle.to_line().parse::<Grid>(), Ok(puzzle));
    let model = SudokuModel::new(&puzzle).expect("a parsed puzzle always has a model");
    let mut search = Solver::new(model.model())
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(2))
        .search();
    while let Some(values) = search.next_values() {
        assert!(model.grid(values).solves(&puzzle), "not a solution");
    }
    assert_finished(search.outcome().status);
}

/// Cryptarithms: parse; what parses round-trips through `Display`, always
/// models, and every solution found is checked by redoing the sum in
/// `i128` from the rendered digits (no leading zeros, one digit per letter).
pub fn cryptarithm(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let puzzle = match text.parse::<Cryptarithm>() {
        Ok(puzzle) => puzzle,
        Err(e) => return assert_one_line(&e),
    };
    assert_eq!(
        puzzle.to_string().parse::<Cryptarithm>(),
        Ok(puzzle.clone())
    );
    let model = puzzle
        .model()
        .expect("a parsed cryptarithm always has a model");
    let mut search = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(4))
        .search();
    while let Some(values) = search.next_values() {
        check_sum(&puzzle, values);
    }
    assert_finished(search.outcome().status);
}

/// Redoes a cryptarithm's arithmetic independently of the model.
fn check_sum(puzzle: &Cryptarithm, values: &[i32]) {
    let mut digit_of: HashMap<char, i32> = HashMap::new();
    for (&letter, &digit) in puzzle.letters().iter().zip(values) {
        assert!((0..=9).contains(&digit), "{letter} = {digit}");
        assert!(
            !digit_of.values().any(|&d| d == digit),
            "two letters share {digit}"
        );
        digit_of.insert(letter, digit);
    }
    let number = |word: &str| -> i128 {
        let digits: Vec<i32> = word.chars().map(|c| digit_of[&c]).collect();
        assert!(
            digits.len() == 1 || digits[0] != 0,
            "{word} has a leading zero"
        );
        digits.iter().fold(0, |n, &d| n * 10 + i128::from(d))
    };
    let sum: i128 = puzzle.addends().iter().map(|w| number(w)).sum();
    assert_eq!(sum, number(puzzle.result()), "{}", puzzle.render(values));
}

/// DIMACS `.col` graphs: parse; what parses round-trips through
/// `dimacs::write`, and for small graphs a 3-colouring found by a bounded
/// search gives neighbours different colours.
pub fn dimacs(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let graph = match dimacs::parse(&text) {
        Ok(graph) => graph,
        Err(e) => return assert_one_line(&e),
    };
    let written = dimacs::write(&graph, &["round trip"]);
    assert_eq!(dimacs::parse(&written).as_ref(), Ok(&graph));
    if graph.len() > MAX_COLOURED_VERTICES {
        return;
    }
    let colouring = ColoringModel::new(&graph, 3, Symmetry::Break).expect("a graph always models");
    let (found, outcome) = Solver::new(colouring.model()).limits(bounded(1)).first();
    if let Some(solution) = found {
        let colour = solution.values();
        for &(u, v) in graph.edges() {
            assert_ne!(colour[u], colour[v], "edge {u}-{v} has one colour");
        }
    }
    assert_finished(outcome.status);
}
