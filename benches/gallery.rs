//! The gallery's idiomatic models (`src/gallery.rs`) searched with the
//! solver's default (fitted to the model), side by side with the same model
//! under the old default (forward checking, input order) and, where the
//! repository has one, the hand-tuned model of the family (`src/latin.rs`).
//!
//! Run: `cargo bench --bench gallery` (add `-- costas` to filter).

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
    both_defaults(c, "costas-9", &gallery::costas(9).unwrap());
    both_defaults(c, "langford-10", &gallery::langford(10).unwrap());
    both_defaults(
        c,
        "toroidal-queens-11",
        &gallery::toroidal_queens(11).unwrap(),
    );
    both_defaults(c, "magic-square-3", &gallery::magic_square(3).unwrap());
    let latin = gallery::reduced_latin(5).unwrap();
    both_defaults(c, "reduced-latin-5", &latin);
    let hand = csp_workspace::latin::LatinSquare::new(5, true).unwrap();
    c.bench_function("reduced-latin-5/hand-tuned", |b| {
        b.iter(|| Solver::new(hand.model()).count().solutions())
    });
    c.bench_function("golomb-7/fitted-default", |b| {
        b.iter(|| gallery::golomb_length(7, 30).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = families
}
criterion_main!(benches);
