//! The idiomatic model of each classic family, written the obvious way
//! with the obvious builders and searched with the solver's default (see
//! `Solver`'s docs): `examples/gallery.rs` runs them, `benches/gallery.rs`
//! times them against the hand-tuned models of [`hand_tuned`].
//!
//! ```
//! use csp_workspace::gallery;
//! let model = gallery::costas(5).unwrap();
//! assert_eq!(csp::Solver::new(&model).count().solutions(), 40);
//! ```

use csp::{Expr, Model, ModelError, Solver};

pub mod hand_tuned;

/// Costas arrays of order `n`: a permutation whose displacement vectors
/// are all distinct, i.e. for each gap `d` the differences
/// `p[i + d] - p[i]` are all different.
pub fn costas(n: usize) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let p = m.int_vars(n, 0..n as i32)?;
    m.all_different(&p)?;
    for d in 1..n.saturating_sub(1) {
        m.all_different((0..n - d).map(|i| p[i + d] - p[i]))?;
    }
    Ok(m)
}

/// A Golomb ruler with `marks` marks, all below `length`: marks ascending
/// from 0, every difference between two marks distinct. Minimise the last
/// mark with [`golomb_length`].
pub fn golomb(marks: usize, length: i32) -> Result<(Model, csp::VarId), ModelError> {
    let mut m = Model::new();
    let x = m.int_vars(marks, 0..length)?;
    m.assign(x[0], 0)?;
    for i in 1..marks {
        m.less(x[i - 1], x[i])?;
    }
    let diffs = (0..marks).flat_map(|j| (0..j).map(move |i| (i, j)));
    m.all_different(diffs.map(|(i, j)| x[j] - x[i]))?;
    Ok((m, x[marks - 1]))
}

/// The shortest Golomb ruler with `marks` marks below `length`, by branch
/// and bound on the last mark (`None` if there is none).
pub fn golomb_length(marks: usize, length: i32) -> Result<Option<i64>, ModelError> {
    let (model, last) = golomb(marks, length)?;
    let best = Solver::new(&model).minimize(last)?.last();
    Ok(best.map(|i| i.value))
}

/// Langford pairs L(2, n): the sequence 1, 1, 2, 2, ..., n, n with the two
/// `k`s `k` numbers apart. `first[k - 1]` is where the first `k` sits; its
/// twin is the view `first[k - 1] + k + 1`, and the `2n` positions differ.
pub fn langford(n: usize) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let first = m.int_vars(n, 0..2 * n as i32)?;
    let twins = first.iter().zip(1..).map(|(&f, k)| f + (k + 1));
    let all: Vec<_> = first.iter().map(|&f| f + 0).chain(twins).collect();
    m.all_different(all)?;
    for (&f, k) in first.iter().zip(1..) {
        m.less(f, 2 * n as i64 - k - 1)?; // the twin fits
    }
    Ok(m)
}

/// Toroidal (modular) n-queens: the diagonals wrap around the board, so
/// `(q[i] + i) mod n` and `(q[i] - i) mod n` are all different.
pub fn toroidal_queens(n: usize) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let q = m.int_vars(n, 0..n as i32)?;
    m.all_different(&q)?;
    for sign in [1, -1] {
        m.all_different((0..n).map(|i| (q[i] + sign * i as i64).rem_euclid(n as i64)))?;
    }
    Ok(m)
}

/// Reduced Latin squares of order `n`: each symbol once per row and
/// column, the first row and column in natural order.
pub fn reduced_latin(n: usize) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let cell = m.int_vars(n * n, 0..n as i32)?;
    for k in 0..n {
        m.all_different(&cell[k * n..(k + 1) * n])?;
        m.all_different((0..n).map(|r| cell[r * n + k]))?;
        m.assign(cell[k], k as i64)?;
        m.assign(cell[k * n], k as i64)?;
    }
    Ok(m)
}

/// Magic squares of order `n`: `1..=n^2` once each, every row, column and
/// both diagonals summing to `n (n^2 + 1) / 2`.
pub fn magic_square(n: usize) -> Result<Model, ModelError> {
    let mut m = Model::new();
    let cell = m.int_vars(n * n, 1..=(n * n) as i32)?;
    m.all_different(&cell)?;
    let total = (n * (n * n + 1) / 2) as i64;
    let lines = (0..n)
        .flat_map(|k| [(k * n, 1), (k, n)])
        .chain([(0, n + 1), (n - 1, n - 1)]);
    for (start, step) in lines {
        let line: Expr = (0..n).map(|i| cell[start + i * step]).sum();
        m.equal(line, total)?;
    }
    Ok(m)
}
