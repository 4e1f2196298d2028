//! N-queens: the declarative engine model against the bit-mask reference
//! counter, side by side in one run, so the report reads as ratios.
//!
//! Run: `cargo bench --bench nqueens` (add `-- count/13` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{Restarts, Solver, Strategy, VarOrder};
use nqueens::board::Board;
use nqueens::reference;

/// Counting all solutions: every engine strategy at sizes where it finishes
/// in about a second, next to the reference at the same size.
fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    let runs: &[(Strategy, &[usize])] = &[
        (Strategy::Backtracking, &[10, 11, 12]),
        (Strategy::ForwardChecking, &[10, 11, 12, 13, 14]),
        (Strategy::ArcConsistency, &[10, 11, 12]),
    ];
    for n in [10usize, 11, 12, 13, 14] {
        group.bench_with_input(BenchmarkId::new("bitmask-reference", n), &n, |b, &n| {
            b.iter(|| reference::count(n).expect("valid size"))
        });
    }
    for (strategy, sizes) in runs {
        for &n in *sizes {
            let queens = Board::square(n).expect("valid size").model();
            group.bench_with_input(BenchmarkId::new(strategy.name(), n), &n, |b, _| {
                b.iter(|| {
                    Solver::new(&queens.model)
                        .strategy(*strategy)
                        .count()
                        .solutions()
                })
            });
        }
    }
    group.finish();
}

/// The first solution of large boards: smallest-domain-first with forward
/// checking and Luby restarts (the command's default for `--first`).
fn first(c: &mut Criterion) {
    let mut group = c.benchmark_group("first");
    for n in [100usize, 1000] {
        let queens = Board::square(n).expect("valid size").model();
        group.bench_with_input(
            BenchmarkId::new("fc-smallest-domain-luby", n),
            &n,
            |b, _| {
                b.iter(|| {
                    Solver::new(&queens.model)
                        .var_order(VarOrder::SmallestDomain)
                        .restarts(Restarts::Luby { scale: 100 })
                        .first()
                        .0
                        .is_some()
                })
            },
        );
    }
    group.finish();
}

/// The searches that ran off the forward-checking fast path before the
/// one-loop engine: smallest-domain-first (n = 13), arc consistency
/// (n = 12, also in `count`) and the `--unique` model (n = 12: the first
/// queens restricted to the least of their class, searched by forward
/// checking; the command then keeps the fundamental solutions).
fn off_fast_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("off-fast-path");
    let thirteen = Board::square(13).expect("valid size").model();
    group.bench_function("fc-smallest-domain/13", |b| {
        b.iter(|| {
            Solver::new(&thirteen.model)
                .var_order(VarOrder::SmallestDomain)
                .count()
                .solutions()
        })
    });
    let twelve = Board::square(12).expect("valid size").model();
    group.bench_function("arc-consistency/12", |b| {
        b.iter(|| {
            Solver::new(&twelve.model)
                .strategy(Strategy::ArcConsistency)
                .count()
                .solutions()
        })
    });
    let mut least = Board::square(12).expect("valid size").model();
    least.keep_least_first_queens();
    group.bench_function("unique-model/12", |b| {
        b.iter(|| Solver::new(&least.model).count().solutions())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = count, first, off_fast_path
}
criterion_main!(benches);
