//! Bounds reasoning over a long horizon: 1,000 tasks over `0..1_000_000`
//! with 5,000 random precedences `start[a] + d <= start[b]`
//! (`csp_workspace::precedences`), under arc consistency.
//!
//! * `root`: building the search and propagating at the root (the first
//!   node; a node limit of 1 stops it right after);
//! * `first`: the first solution, input order, smallest value first (the
//!   earliest-start schedule: 1,000 decisions, no failure).
//!
//! Each bound moves in one step however far it goes (the store keeps
//! bounds explicitly), so both stay in milliseconds; a store that removed
//! values one at a time would do up to 10^6 removals per bound move.
//!
//! Run: `cargo bench --bench precedences`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::{Limits, Solver, Strategy};
use csp_workspace::precedences::Precedences;

fn bench(c: &mut Criterion) {
    let net = Precedences::random(1_000, 5_000, 1_000_000, 1);
    let (model, _) = net.model().expect("a valid model");
    let mut group = c.benchmark_group("precedences 1000x5000 over 10^6");
    group.bench_function("root", |b| {
        b.iter(|| {
            let limits = Limits {
                nodes: Some(1),
                ..Limits::default()
            };
            let outcome = Solver::new(&model)
                .strategy(Strategy::ArcConsistency)
                .limits(limits)
                .count();
            assert_eq!(outcome.solutions(), 0);
            outcome.stats.propagations
        })
    });
    group.bench_function("first", |b| {
        b.iter(|| {
            let (first, _) = Solver::new(&model)
                .strategy(Strategy::ArcConsistency)
                .first();
            first.expect("a schedule")
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench
}
criterion_main!(benches);
