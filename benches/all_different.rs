//! The three all-different levels side by side (value elimination, bounds,
//! domain), as the solver's default, on puzzles made of all-differents:
//!
//! * quasigroup completion: Latin squares of order 12 with 58% of the
//!   cells erased (near the hard region), built from a shuffled cyclic
//!   square so each has a solution; first solution, arc consistency,
//!   dom/wdeg (smallest-domain-first meets a heavy tail on the fourth:
//!   value and bounds pass 300,000 nodes where domain needs 145);
//! * the hard sudokus of `tests/data/sudoku_hard.txt`, first solution,
//!   same settings.
//!
//! After criterion, a table of nodes, failures and the median of a few
//! timed runs per puzzle and level: the node counts nest (value ≥ bounds ≥
//! domain), the times say whether the stronger filter pays.
//!
//! Run: `cargo bench --bench all_different` (add `-- quasigroup` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{AllDifferentLevel, Model, Outcome, Solver, SplitMix64, Strategy, VarOrder};
use csp_workspace::sudoku::SudokuModel;
use std::time::{Duration, Instant};

const LEVELS: [AllDifferentLevel; 3] = [
    AllDifferentLevel::Value,
    AllDifferentLevel::Bounds,
    AllDifferentLevel::Domain,
];

/// Timed runs per puzzle and level for the summary table.
const SUMMARY_RUNS: usize = 5;

const SUDOKUS: &str = include_str!("../tests/data/sudoku_hard.txt");

/// A quasigroup completion instance: order `n`, `holes` cells erased, the
/// rest given; a shuffled cyclic square underneath, so it has a solution.
fn quasigroup(n: usize, holes: usize, seed: u64) -> Model {
    let mut rng = SplitMix64::new(seed);
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<i32> = (0..n as i32).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut symbols);
    let mut erased: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut erased);
    erased.truncate(holes);
    let mut m = Model::new();
    let cells = m.int_vars(n * n, 0..n as i32).unwrap();
    for (cell, &x) in cells.iter().enumerate() {
        if !erased.contains(&cell) {
            let (r, c) = (cell / n, cell % n);
            let value = symbols[(rows[r] + cols[c]) % n];
            m.assign(x, value.into()).unwrap();
        }
    }
    for i in 0..n {
        m.all_different((0..n).map(|j| cells[i * n + j])).unwrap();
        m.all_different((0..n).map(|j| cells[j * n + i])).unwrap();
    }
    m
}

fn solve(model: &Model, level: AllDifferentLevel) -> Outcome {
    let (solution, outcome) = Solver::new(model)
        .strategy(Strategy::ArcConsistency)
        .var_order(VarOrder::DomWDeg)
        .all_different_level(level)
        .first();
    assert!(solution.is_some(), "every puzzle here has a solution");
    outcome
}

/// Puzzles of one kind, named.
type Named<T> = Vec<(String, T)>;

/// The quasigroups and the sudokus.
fn puzzles() -> (Named<Model>, Named<SudokuModel>) {
    let quasigroups = (1..=4)
        .map(|seed| (format!("quasigroup-12-{seed}"), quasigroup(12, 84, seed)))
        .collect();
    let sudokus = SUDOKUS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let grid = line.parse().expect("the data file holds valid puzzles");
            let model = SudokuModel::new(&grid).expect("a valid model");
            (format!("sudoku-{}", i + 1), model)
        })
        .collect();
    (quasigroups, sudokus)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn levels(c: &mut Criterion) {
    let (quasigroups, sudokus) = puzzles();
    let puzzles: Vec<(&str, &Model)> = quasigroups
        .iter()
        .map(|(name, m)| (name.as_str(), m))
        .chain(sudokus.iter().map(|(name, s)| (name.as_str(), s.model())))
        .collect();
    let mut group = c.benchmark_group("all-different");
    let mut ran = false;
    for &(name, model) in &puzzles {
        for level in LEVELS {
            group.bench_function(BenchmarkId::new(level.name(), name), |b| {
                ran = true;
                b.iter(|| solve(model, level))
            });
        }
    }
    group.finish();
    if !ran {
        return;
    }
    println!("\nall-different levels: nodes, failures, median of {SUMMARY_RUNS} runs");
    println!(
        "{:<16} {:>8} {:>9} {:>11} {:>8} {:>9} {:>11} {:>8} {:>9} {:>11}",
        "puzzle", "value", "fails", "time", "bounds", "fails", "time", "domain", "fails", "time"
    );
    for &(name, model) in &puzzles {
        print!("{name:<16}");
        for level in LEVELS {
            let outcome = solve(model, level);
            let time = median(
                (0..SUMMARY_RUNS)
                    .map(|_| {
                        let start = Instant::now();
                        solve(model, level);
                        start.elapsed()
                    })
                    .collect(),
            );
            print!(
                " {:>8} {:>9} {:>8.3} ms",
                outcome.stats.nodes,
                outcome.stats.failures,
                time.as_secs_f64() * 1e3
            );
        }
        println!();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = levels
}
criterion_main!(benches);
