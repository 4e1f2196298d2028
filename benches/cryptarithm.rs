//! Cryptarithms: counting every solution (which proves the answer unique)
//! with each pruning strategy, from eight to ten letters and from two to
//! forty addends. The model is one all-different and one linear equation.
//!
//! Run: `cargo bench --bench cryptarithm` (add `-- DONALD` to filter).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use csp::{Solver, Strategy};
use csp_workspace::cryptarithm::Cryptarithm;

/// Label and puzzle; the labels keep benchmark names short.
const PUZZLES: &[(&str, &str)] = &[
    ("SEND", "SEND+MORE=MONEY"),
    ("CROSS", "CROSS+ROADS=DANGER"),
    ("DONALD", "DONALD+GERALD=ROBERT"),
    (
        "SO-MANY",
        "SO+MANY+MORE+MEN+SEEM+TO+SAY+THAT+THEY+MAY+SOON+TRY+TO+STAY+AT+HOME\
         +SO+AS+TO+SEE+OR+HEAR+THE+SAME+ONE+MAN+TRY+TO+MEET+THE+TEAM+ON+THE\
         +MOON+AS+HE+HAS+AT+THE+OTHER+TEN=TESTS",
    ),
];

const STRATEGIES: [Strategy; 3] = [
    Strategy::Backtracking,
    Strategy::ForwardChecking,
    Strategy::ArcConsistency,
];

fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("cryptarithm-count");
    for &(label, text) in PUZZLES {
        let puzzle: Cryptarithm = text.parse().expect("a valid puzzle");
        let model = puzzle.model().expect("a valid model");
        for strategy in STRATEGIES {
            let solver = Solver::new(&model).strategy(strategy);
            group.bench_function(BenchmarkId::new(strategy.name(), label), |b| {
                b.iter(|| solver.count().solutions())
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
