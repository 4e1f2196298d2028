//! Operands `a x + c` that need no helper variable (`crates/csp/src/model/operands.rs`),
//! side by side in one run with the same model forced through channelled
//! helpers (`Model::expr_var`, what such an operand became before), all
//! solutions under the solver's default:
//!
//! * n-queens 12 with the anti-diagonals written `i - q[i]`: posted over
//!   the views `q[i] - i`, so the model stays pairwise (forward checking
//!   on the slot backend) instead of arc consistency over 12 helpers;
//! * toroidal queens 13 with `(i - q[i]) mod 13`: the residues of
//!   `q[i] - i`, posted as disequalities;
//! * a permutation of 9 whose costs are read at `8 - p[i]` (`element`),
//!   under a bound on their sum: the reversed positions, indexed by
//!   `p[i]`;
//! * a table over `2 * x + 1` columns (a chain of 8 variables, 7 such tables): the
//!   rows read back onto the variables.
//!
//! Run: `cargo bench --bench operands` (add a group name to filter:
//! `-- queens`).

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::{Expr, IntoExpr, Model, ModelError, Solver, VarId};

/// How the benchmarked operands are posted.
#[derive(Clone, Copy)]
enum Posting {
    /// As written: the builders post them over views.
    AsWritten,
    /// Each through a helper of its own (`expr_var`).
    Helpers,
}

impl Posting {
    fn operand(self, model: &mut Model, e: Expr) -> Result<Expr, ModelError> {
        Ok(match self {
            Posting::AsWritten => e,
            Posting::Helpers => model.expr_var(e)?.into_expr(),
        })
    }
}

/// n-queens with the anti-diagonals written `i - q[i]`.
fn queens(n: usize, posting: Posting) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let q = m.int_vars(n, 0..n as i32)?;
    m.all_different(&q)?;
    m.all_different(q.iter().zip(0..).map(|(&x, i)| x + i))?;
    let anti = (0..n)
        .map(|i| posting.operand(&mut m, i as i64 - q[i]))
        .collect::<Result<Vec<_>, _>>()?;
    m.all_different(anti)?;
    Ok(m)
}

/// Toroidal queens with the anti-diagonals written `(i - q[i]) mod n`.
fn toroidal(n: usize, posting: Posting) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let q = m.int_vars(n, 0..n as i32)?;
    m.all_different(&q)?;
    let n64 = n as i64;
    m.all_different((0..n).map(|i| (q[i] + i as i64).rem_euclid(n64)))?;
    let anti = (0..n)
        .map(|i| Ok(posting.operand(&mut m, i as i64 - q[i])?.rem_euclid(n64)))
        .collect::<Result<Vec<_>, ModelError>>()?;
    m.all_different(anti)?;
    Ok(m)
}

/// A permutation `p` of `0..n` whose costs `cost_i[n - 1 - p[i]]` sum to
/// at most `2 n + 7`.
fn reversed_costs(n: usize, posting: Posting) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let p = m.int_vars(n, 0..n as i32)?;
    m.all_different(&p)?;
    let mut costs = Vec::with_capacity(n);
    for (i, &x) in p.iter().enumerate() {
        let cost = (0..n).map(|k| ((i * 7 + k * 13) % 11) as i64);
        let z = m.int_var(0..11)?;
        let index = posting.operand(&mut m, n as i64 - 1 - x)?;
        m.element(cost, index, z)?;
        costs.push(z);
    }
    m.less_equal(costs.iter().sum::<Expr>(), 2 * n as i64 + 7)?;
    Ok(m)
}

/// A chain of `n` variables over 0..8, each neighbouring pair's `2 x + 1`
/// values in a table of odd pairs at distance 2 or 4.
fn odd_chain(n: usize, posting: Posting) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let x: Vec<VarId> = m.int_vars(n, 0..8)?;
    let rows: Vec<[i32; 2]> = (1..17)
        .step_by(2)
        .flat_map(|a| [2, 4, -2, -4].map(move |d| [a, a + d]))
        .collect();
    for w in x.windows(2) {
        let pair = [
            posting.operand(&mut m, 2 * w[0] + 1)?,
            posting.operand(&mut m, 2 * w[1] + 1)?,
        ];
        m.table(pair, &rows)?;
    }
    Ok(m)
}

fn side_by_side(
    c: &mut Criterion,
    name: &str,
    build: fn(usize, Posting) -> Result<Model, ModelError>,
    n: usize,
) {
    let (written, helpers) = (
        build(n, Posting::AsWritten).unwrap(),
        build(n, Posting::Helpers).unwrap(),
    );
    let count = |m: &Model| Solver::new(m).count().solutions();
    assert_eq!(
        count(&written),
        count(&helpers),
        "{name}: the same solutions"
    );
    let mut group = c.benchmark_group(name);
    group.bench_function("as-written", |b| b.iter(|| count(&written)));
    group.bench_function("helpers", |b| b.iter(|| count(&helpers)));
    group.finish();
}

fn operands(c: &mut Criterion) {
    side_by_side(c, "queens-12-anti-diagonals", queens, 12);
    side_by_side(c, "toroidal-queens-13-anti-diagonals", toroidal, 13);
    side_by_side(c, "reversed-costs-9-element", reversed_costs, 9);
    side_by_side(c, "odd-chain-8-tables", odd_chain, 8);
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = operands
}
criterion_main!(benches);
