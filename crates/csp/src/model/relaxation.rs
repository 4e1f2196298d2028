//! The linear relaxation a model can add over its arithmetic
//! (`propagators/relaxation.rs` checks it).

use super::Model;
use crate::error::ModelError;
use crate::propagators::relaxation::Relaxation;
use crate::ConstraintId;

impl Model {
    /// Adds one redundant constraint that checks the linear constraints
    /// and products posted so far *together*, as a linear relaxation
    /// over the reals, where each one's own propagator reads it alone: a
    /// product `x * y = z` joins as the linear row `z = v * y` once `x` is
    /// fixed to `v` (or the other way round). Under arc consistency and
    /// clause learning a search then fails wherever the domains' bounds
    /// leave no real point satisfying all the rows at once (an exact
    /// integer certificate is checked first, so rounding never cuts a
    /// solution); it removes no value, and the other strategies ignore
    /// it. The solutions are the same; the search can be far smaller
    /// where bounds reasoning row by row misses an empty intersection
    /// (template design), and a little slower where it does not.
    ///
    /// `None` (nothing added) when fewer than two rows would take part, or
    /// when its simplex's dense tableau would pass 4M entries (rows times
    /// variables and rows: a model of thousands of rows).
    /// Constraints posted afterwards are not in it.
    ///
    /// ```
    /// use csp::{Cmp, Model, Solver, Strategy};
    /// // Any two of three sum to at most 2, all three to at least 4: each
    /// // row alone leaves every bound, together they need 2 * sum <= 6.
    /// let triangle = |relax: bool| {
    ///     let mut model = Model::new();
    ///     let v = model.int_vars(3, 0..=2).unwrap();
    ///     for (a, b) in [(0, 1), (1, 2), (0, 2)] {
    ///         model.linear([(1, v[a]), (1, v[b])], Cmp::Le, 2).unwrap();
    ///     }
    ///     model.linear([(1, v[0]), (1, v[1]), (1, v[2])], Cmp::Ge, 4).unwrap();
    ///     if relax {
    ///         assert!(model.linear_relaxation().unwrap().is_some());
    ///     }
    ///     Solver::new(&model).strategy(Strategy::ArcConsistency).count()
    /// };
    /// let (rows, together) = (triangle(false), triangle(true));
    /// assert_eq!((rows.solutions(), together.solutions()), (0, 0));
    /// assert!(rows.stats.failures > 0);
    /// assert_eq!(together.stats.failures, 0); // refuted before any choice
    /// ```
    pub fn linear_relaxation(&mut self) -> Result<Option<ConstraintId>, ModelError> {
        let Some((relaxation, scope)) = Relaxation::gather(&self.constraints) else {
            return Ok(None);
        };
        self.add(relaxation, scope).map(Some)
    }
}
