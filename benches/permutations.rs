//! Counting permutations with the engine, next to a hand-written recursive
//! counter that walks the same tree (one item per position, in order), so
//! the report reads as the engine's overhead per node.
//!
//! Run: `cargo bench --bench permutations` (add `-- distinct/` to filter).

mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::Solver;
use csp_workspace::permutations::Permutations;

/// The permutations of a multiset given by how many copies of each item
/// are left, counted by plain recursion: the reference the engine is
/// compared with (distinct items are the case of all counts 1).
fn reference_count(left: &mut [usize], positions: usize) -> u64 {
    if positions == 0 {
        return 1;
    }
    let mut total = 0;
    for item in 0..left.len() {
        if left[item] > 0 {
            left[item] -= 1;
            total += reference_count(left, positions - 1);
            left[item] += 1;
        }
    }
    total
}

/// The engine (with the model's suggested strategy) and the reference on
/// one list of items.
fn bench_items(c: &mut Criterion, group: &str, label: &str, items: &[String]) {
    let perms = Permutations::new(items).expect("a valid list");
    let mut group = c.benchmark_group(group);
    let engine = Solver::new(perms.model()).strategy(perms.suggested_strategy());
    group.bench_function(
        BenchmarkId::new(perms.suggested_strategy().name(), label),
        |b| b.iter(|| engine.count().solutions()),
    );
    group.bench_function(BenchmarkId::new("reference", label), |b| {
        b.iter(|| {
            let mut left = perms.multiplicity().to_vec();
            reference_count(black_box(&mut left), items.len())
        })
    });
    // Streaming every solution through the iterator, against counting.
    if items.len() <= 9 {
        group.bench_function(BenchmarkId::new("iterate", label), |b| {
            b.iter(|| engine.search().count())
        });
    }
    group.finish();
}

/// `n` distinct items: one all-different, forward checking.
fn distinct(c: &mut Criterion) {
    for n in [8usize, 9, 10] {
        let items: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        bench_items(c, "permutations-distinct", &n.to_string(), &items);
    }
}

/// Repeated items: one count per item, arc consistency.
fn repeated(c: &mut Criterion) {
    for word in ["AABBCCDDEE", "AAAABBBBCCCC", "MISSISSIPPI"] {
        let items: Vec<String> = word.chars().map(String::from).collect();
        bench_items(c, "permutations-repeated", word, &items);
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = distinct, repeated
}
criterion_main!(benches);
