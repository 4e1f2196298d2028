//! The gallery's idiomatic models (`src/gallery.rs`) at the sizes,
//! searched with the solver's default (fitted to the model), side by side
//! in one run with the hand-tuned baseline of the family
//! (`src/gallery/hand_tuned.rs`: the model an expert writes for today's
//! engine, with the settings chosen by trying them; its docs say what each
//! baseline is). Both count every solution (Golomb: branch and bound to
//! the optimum, 10 marks below 100).
//!
//! Run: `cargo bench --bench gallery -- --warm-up-time 1
//! --measurement-time 5` (add a group name to filter: `-- costas`). Every
//! group takes ten samples (criterion's minimum, `common::config`); Costas
//! 11 and Golomb 10 take seconds per iteration, so criterion samples them
//! flat (one iteration a sample) and the whole run takes about 8 minutes
//! on a loaded machine, most of it those two.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::{Model, Solver};
use csp_workspace::gallery::{self, hand_tuned::HandTuned};

fn side_by_side(c: &mut Criterion, name: &str, model: &Model, hand: &HandTuned) {
    let mut group = c.benchmark_group(name);
    group.bench_function("idiomatic", |b| {
        b.iter(|| Solver::new(model).count().solutions())
    });
    group.bench_function("hand-tuned", |b| b.iter(|| hand.count()));
    group.finish();
}

fn families(c: &mut Criterion) {
    use gallery::hand_tuned as hand;
    side_by_side(
        c,
        "costas-11",
        &gallery::costas(11).unwrap(),
        &hand::costas(11).unwrap(),
    );
    side_by_side(
        c,
        "langford-12",
        &gallery::langford(12).unwrap(),
        &hand::langford(12).unwrap(),
    );
    for n in [13, 17] {
        let model = gallery::toroidal_queens(n).unwrap();
        let name = format!("toroidal-queens-{n}");
        side_by_side(c, &name, &model, &hand::toroidal_queens(n).unwrap());
    }
    let latin = gallery::reduced_latin(6).unwrap();
    side_by_side(
        c,
        "reduced-latin-6",
        &latin,
        &hand::reduced_latin(6).unwrap(),
    );
    let magic = gallery::magic_square(4).unwrap();
    side_by_side(c, "magic-square-4", &magic, &hand::magic_square(4).unwrap());
    // Branch and bound to the optimum (55), not a decision loop.
    let hand = hand::golomb(10, 100).unwrap();
    let mut group = c.benchmark_group("golomb-10");
    group.sample_size(10);
    group.bench_function("idiomatic", |b| {
        b.iter(|| gallery::golomb_length(10, 100).unwrap())
    });
    group.bench_function("hand-tuned", |b| b.iter(|| hand.shortest()));
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = families
}
criterion_main!(benches);
