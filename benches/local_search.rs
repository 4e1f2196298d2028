//! Min-conflicts local search on large n-queens boards. The model is built
//! once per size, outside the timed loop (its cost is a benchmark of its
//! own); each timed run uses the next seed, so the figure is an average
//! over seeds rather than one lucky or unlucky start.
//!
//! Run: `cargo bench --bench local_search` (add `-- 100000` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::MinConflicts;
use nqueens::board::Board;

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

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

fn model(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens-model");
    for n in SIZES {
        group.bench_with_input(BenchmarkId::new("build", n), &n, |b, &n| {
            b.iter(|| Board::square(n).expect("valid size").model())
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = min_conflicts, model
}
criterion_main!(benches);
