//! The model shared by the examples.

use csp::{Model, ModelError};

/// The n-queens model: one variable per row, columns as values, and the
/// two diagonals as all-different constraints over offset views.
pub fn queens(n: usize) -> Result<Model, ModelError> {
    let mut model = Model::new();
    let q = model.int_vars(n, 0..n as i32)?;
    model.all_different(&q)?;
    model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))?;
    model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))?;
    Ok(model)
}
