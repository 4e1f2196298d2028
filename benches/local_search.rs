//! Min-conflicts local search on large n-queens boards, and what scales
//! with the board before it: building the model. Three groups, each at
//! 10^4, 10^5 and 10^6 queens, to show that time grows near-linearly:
//!
//! * `queens-model/build`: `Board::model` (the three all-different
//!   constraints over a million views each);
//! * `min-conflicts/solve`: the local search alone, on a model built once
//!   per size outside the timed loop; each timed run uses the next seed, so
//!   the figure is a mean over seeds rather than one lucky or unlucky start;
//! * `first-min-conflicts/run`: what `nqueens N --first --strategy
//!   min-conflicts` does apart from printing (build, then search, seed 0).
//!
//! Ten samples each (criterion's least); a million queens takes about a
//! second a sample, so the whole bench runs in about a minute.
//!
//! Run: `cargo bench --bench local_search` (add `-- 1000000` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::MinConflicts;
use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use std::ops::ControlFlow;

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

fn model(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens-model");
    for n in SIZES {
        group.bench_with_input(BenchmarkId::new("build", n), &n, |b, &n| {
            b.iter(|| Board::square(n).expect("valid size").model())
        });
    }
    group.finish();
}

fn min_conflicts(c: &mut Criterion) {
    let mut group = c.benchmark_group("min-conflicts");
    for n in SIZES {
        let queens = Board::square(n).expect("valid size").model();
        let mut seed = 0u64;
        group.bench_with_input(BenchmarkId::new("solve", n), &n, |b, _| {
            b.iter(|| {
                seed += 1;
                let outcome = MinConflicts::new(&queens.model).seed(seed).solve();
                // Unsolved runs would time a give-up, not a solve.
                assert!(
                    outcome.status.is_solved(),
                    "seed {seed}: {}",
                    outcome.status
                );
                outcome.steps
            })
        });
    }
    group.finish();
}

fn first_solution(c: &mut Criterion) {
    let mut group = c.benchmark_group("first-min-conflicts");
    let plan = Plan::new(Approach::MinConflicts, Goal::First);
    for n in SIZES {
        let board = Board::square(n).expect("valid size");
        group.bench_with_input(BenchmarkId::new("run", n), &n, |b, _| {
            b.iter(|| {
                let report = plan
                    .for_each(board, |_| ControlFlow::Continue(()))
                    .expect("min-conflicts finds a first solution");
                assert_eq!(report.solutions, 1);
                report.solutions
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = model, min_conflicts, first_solution
}
criterion_main!(benches);
