//! A solution: one value per variable.

use crate::var::VarId;
use std::ops::Index;

/// One value per variable of the model, in variable order.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_var(3..4).unwrap();
/// let s = Solver::new(&model).first().0.unwrap();
/// assert_eq!(s[x], 3);
/// assert_eq!(s.value(x), 3);
/// assert_eq!(s.values(), &[3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    model: u32,
    values: Vec<i32>,
}

impl Solution {
    pub(crate) fn new(model: u32, values: Vec<i32>) -> Solution {
        Solution { model, values }
    }

    /// The value of `var`.
    ///
    /// # Panics
    /// If `var` belongs to another model.
    pub fn value(&self, var: VarId) -> i32 {
        assert_eq!(var.model, self.model, "variable from another model");
        self.values[var.index()]
    }

    /// All values, in variable order.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The values, by move.
    pub fn into_values(self) -> Vec<i32> {
        self.values
    }
}

impl Index<VarId> for Solution {
    type Output = i32;
    fn index(&self, var: VarId) -> &i32 {
        assert_eq!(var.model, self.model, "variable from another model");
        &self.values[var.index()]
    }
}
