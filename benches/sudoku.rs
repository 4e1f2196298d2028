//! The hard sudoku puzzles of `tests/data/sudoku_hard.txt`, each solved
//! with arc consistency and smallest-domain-first (the model has
//! all-different plus "each digit once" counts per unit).
//!
//! Criterion times each puzzle; afterwards the bench solves every puzzle it
//! benchmarked 20 more times, timing each run alone, and prints a table of
//! per-puzzle median and worst times, then the median and worst over all
//! puzzles (criterion reports means of batches, which hide the worst run).
//!
//! Run: `cargo bench --bench sudoku` (add `-- 17clues` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{Solver, Strategy, VarOrder};
use csp_workspace::sudoku::{Grid, SudokuModel};
use std::cell::Cell;
use std::time::{Duration, Instant};

const PUZZLES: &str = include_str!("../tests/data/sudoku_hard.txt");

/// Timed runs per puzzle for the median/worst summary.
const SUMMARY_RUNS: usize = 20;

/// A puzzle of the data file, named by the comment paragraph above it
/// (puzzles listed one after another share their paragraph's name).
struct Puzzle {
    name: String,
    grid: Grid,
}

fn puzzles() -> Vec<Puzzle> {
    let (mut paragraph, mut name) = (Vec::new(), String::new());
    let mut after_puzzle = false;
    let mut found = Vec::new();
    for line in PUZZLES.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line.strip_prefix('#').map(str::trim) {
            Some(comment) => {
                // An empty comment line or a puzzle ends a paragraph.
                if after_puzzle || comment.is_empty() {
                    paragraph.clear();
                }
                if !comment.is_empty() {
                    paragraph.push(comment);
                }
                after_puzzle = false;
            }
            None => {
                if !after_puzzle {
                    name = paragraph.join(" ");
                }
                found.push(Puzzle {
                    name: name.clone(),
                    grid: line.parse().expect("the data file holds valid puzzles"),
                });
                after_puzzle = true;
            }
        }
    }
    found
}

fn solver(model: &SudokuModel) -> Solver<'_> {
    Solver::new(model.model())
        .strategy(Strategy::ArcConsistency)
        .var_order(VarOrder::SmallestDomain)
}

/// Solves once; panics if no solution, so a broken model cannot pass for a fast one.
fn solve(model: &SudokuModel) -> csp::Outcome {
    let (solution, outcome) = solver(model).first();
    assert!(
        solution.is_some(),
        "every puzzle in the file has a solution"
    );
    outcome
}

fn median_and_worst(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort_unstable();
    (times[times.len() / 2], times[times.len() - 1])
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn hard(c: &mut Criterion) {
    let puzzles = puzzles();
    let models: Vec<SudokuModel> = puzzles
        .iter()
        .map(|p| SudokuModel::new(&p.grid).expect("a valid model"))
        .collect();
    let mut group = c.benchmark_group("sudoku-hard");
    // Iterations criterion ran per puzzle: 0 when filtered out, 1 under
    // `cargo test --benches`, more when actually benchmarking.
    let iterations: Vec<Cell<u64>> = puzzles.iter().map(|_| Cell::new(0)).collect();
    for (i, (puzzle, model)) in puzzles.iter().zip(&models).enumerate() {
        let id = format!("{}-{}clues", i + 1, puzzle.grid.clues());
        group.bench_function(BenchmarkId::new("ac-smallest-domain", id), |b| {
            b.iter(|| {
                iterations[i].set(iterations[i].get() + 1);
                solve(model)
            })
        });
    }
    group.finish();

    let benchmarked: Vec<usize> = (0..puzzles.len())
        .filter(|&i| iterations[i].get() > 1)
        .collect();
    if benchmarked.is_empty() {
        return;
    }
    println!("\nsudoku-hard summary: {SUMMARY_RUNS} timed runs per puzzle");
    println!(
        "{:>2} {:>5} {:>7} {:>8} {:>11} {:>11}  name",
        "#", "clues", "nodes", "failures", "median", "worst"
    );
    let (mut medians, mut worst_all) = (Vec::new(), Duration::ZERO);
    for i in benchmarked {
        let outcome = solve(&models[i]);
        let times = (0..SUMMARY_RUNS)
            .map(|_| {
                let start = Instant::now();
                solve(&models[i]);
                start.elapsed()
            })
            .collect();
        let (median, worst) = median_and_worst(times);
        medians.push(median);
        worst_all = worst_all.max(worst);
        println!(
            "{:>2} {:>5} {:>7} {:>8} {:>11} {:>11}  {}",
            i + 1,
            puzzles[i].grid.clues(),
            outcome.stats.nodes,
            outcome.stats.failures,
            ms(median),
            ms(worst),
            puzzles[i].name
        );
    }
    let (median_of_medians, _) = median_and_worst(medians);
    println!(
        "puzzles above: median of medians {}, worst run {}\n",
        ms(median_of_medians),
        ms(worst_all)
    );
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = hard
}
criterion_main!(benches);
