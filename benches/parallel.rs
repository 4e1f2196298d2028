//! Parallel counting of n-queens: the plain one-thread search, the split
//! into sub-problems run on one thread (the cost of splitting alone) and on
//! two threads, with the bit-mask reference alongside for ratios. All use
//! forward checking, the `nqueens` command's default.
//!
//! Then the `nqueens --count` defaults (whole symmetry group) against the
//! reference with its mirror, side by side.
//!
//! Run: `cargo bench --bench parallel` (add `-- /14` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{Parallel, Solver, Strategy};
use nqueens::approach::{Goal, Plan};
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

/// Issue 17's comparison: every solution with the `nqueens --count`
/// defaults (the board's whole symmetry group, forward checking) on two
/// threads and on one, against the bit-mask reference with its mirror
/// symmetry on one thread. Run: `cargo bench --bench parallel -- symmetric`
/// (n = 16: about a minute per benchmark on a quiet machine).
fn symmetric(c: &mut Criterion) {
    let mut group = c.benchmark_group("symmetric-count");
    for n in [14usize, 16] {
        let board = Board::square(n).expect("valid size");
        group.bench_with_input(
            BenchmarkId::new("reference-mirror-1-thread", n),
            &n,
            |b, &n| b.iter(|| reference::count_mirror(n).expect("valid size")),
        );
        for (name, threads) in [("default-1-thread", 1), ("default-2-threads", 2)] {
            let plan = Plan {
                threads: Some(threads),
                ..Plan::recommended(Goal::Count)
            };
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                b.iter(|| plan.count(board).expect("a valid plan").solutions)
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = count, symmetric
}
criterion_main!(benches);
