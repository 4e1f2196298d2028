//! The n-queens model, shared by the integration tests (`mod.rs`) and the
//! crate's own unit tests (`src/branching/tests.rs` includes this file
//! with `#[path]`): each parent imports `Model` and `VarId`, from `csp`
//! or from `crate`.

use super::{Model, VarId};

/// The n-queens model: one variable per row, columns as values, and the
/// two diagonals as all-different constraints over offset views.
pub fn queens(n: usize) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let q = model.int_vars(n, 0..n as i32).unwrap();
    model.all_different(&q).unwrap();
    model
        .all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))
        .unwrap();
    model
        .all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))
        .unwrap();
    (model, q)
}
