//! Parallel counting of n-queens: the plain one-thread search, the split
//! into sub-problems run on one thread (the cost of splitting alone) and on
//! two threads, with the bit-mask reference alongside for ratios. All use
//! forward checking, the `nqueens` command's default.
//!
//! Run: `cargo bench --bench parallel` (add `-- /14` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{Parallel, Solver, Strategy};
use nqueens::board::Board;
use nqueens::reference;

fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("parallel-count");
    for n in [13usize, 14] {
        let queens = Board::square(n).expect("valid size").model();
        let solver = Solver::new(&queens.model).strategy(Strategy::ForwardChecking);
        group.bench_with_input(BenchmarkId::new("bitmask-reference", n), &n, |b, &n| {
            b.iter(|| reference::count(n).expect("valid size"))
        });
        group.bench_with_input(BenchmarkId::new("sequential", n), &n, |b, _| {
            b.iter(|| solver.count().solutions())
        });
        for (name, threads) in [("split-1-thread", 1), ("split-2-threads", 2)] {
            let run = Parallel::new(&solver).threads(Some(threads));
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                b.iter(|| run.count().expect("threads start").solutions())
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = count
}
criterion_main!(benches);
