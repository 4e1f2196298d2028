//! The gallery's idiomatic models (`src/gallery.rs`) at the sizes,
//! searched with the solver's default (fitted to the model), side by side
//! in one run with the same model under the old default (forward checking,
//! input order) and, where the repository has one, the hand-tuned model of
//! the family (`src/latin.rs` for Latin squares; the other families have
//! none, so the old default is their baseline).
//!
//! Run: `cargo bench --bench gallery` (add `-- costas` to filter; on a
//! loaded machine `-- --warm-up-time 1 --measurement-time 5`).

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::{Model, Solver, Strategy};
use csp_workspace::gallery;

fn both_defaults(c: &mut Criterion, name: &str, model: &Model) {
    let mut group = c.benchmark_group(name);
    group.bench_function("fitted-default", |b| {
        b.iter(|| Solver::new(model).count().solutions())
    });
    group.bench_function("old-default", |b| {
        b.iter(|| {
            Solver::new(model)
                .strategy(Strategy::ForwardChecking)
                .count()
                .solutions()
        })
    });
    group.finish();
}

fn families(c: &mut Criterion) {
    both_defaults(c, "costas-11", &gallery::costas(11).unwrap());
    both_defaults(c, "langford-12", &gallery::langford(12).unwrap());
    for n in [13, 17] {
        let model = gallery::toroidal_queens(n).unwrap();
        both_defaults(c, &format!("toroidal-queens-{n}"), &model);
    }
    both_defaults(c, "magic-square-4", &gallery::magic_square(4).unwrap());
    let latin = gallery::reduced_latin(6).unwrap();
    let hand = csp_workspace::latin::LatinSquare::new(6, true).unwrap();
    let mut group = c.benchmark_group("reduced-latin-6");
    group.bench_function("fitted-default", |b| {
        b.iter(|| Solver::new(&latin).count().solutions())
    });
    group.bench_function("hand-tuned", |b| {
        b.iter(|| Solver::new(hand.model()).count().solutions())
    });
    group.finish();
    // Branch and bound to the optimum (55), not a decision loop.
    let mut group = c.benchmark_group("golomb-10");
    group.sample_size(10);
    group.bench_function("fitted-default", |b| {
        b.iter(|| gallery::golomb_length(10, 100).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = families
}
criterion_main!(benches);
