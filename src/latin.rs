//! Latin squares of order `n`: an `n` x `n` grid of symbols `1..=n`, each
//! once per row and once per column. One variable per cell, one
//! all-different per row and per column; the reduced squares (first row
//! and column in natural order) fix those cells' domains.

use csp::{Model, ModelError};

/// The Latin square model of order `n`, cells row by row.
///
/// ```
/// use csp_workspace::latin::LatinSquare;
/// let square = LatinSquare::new(3, false).unwrap();
/// assert_eq!(csp::Solver::new(square.model()).count().solutions(), 12);
/// let reduced = LatinSquare::new(4, true).unwrap();
/// assert_eq!(csp::Solver::new(reduced.model()).count().solutions(), 4);
/// ```
#[derive(Debug)]
pub struct LatinSquare {
    model: Model,
    order: usize,
}

impl LatinSquare {
    /// Builds the model of order `n` (`n = 0` has the one empty square);
    /// `reduced` fixes the first row and column to `1, 2, ..., n`.
    pub fn new(n: usize, reduced: bool) -> Result<LatinSquare, ModelError> {
        let mut model = Model::new();
        let top = i32::try_from(n).map_err(|_| ModelError::TooManyVariables)?;
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                match (reduced, r, c) {
                    (true, 0, c) => model.int_var([c as i32 + 1]),
                    (true, r, 0) => model.int_var([r as i32 + 1]),
                    _ => model.int_var(1..=top),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        for k in 0..n {
            model.all_different(cells[k * n..(k + 1) * n].iter())?;
            model.all_different((0..n).map(|r| cells[r * n + k]))?;
        }
        Ok(LatinSquare { model, order: n })
    }

    /// The model to search.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The model, taken out of the square.
    ///
    /// ```
    /// let square = csp_workspace::latin::LatinSquare::new(3, false).unwrap();
    /// assert_eq!(square.into_model().num_vars(), 9);
    /// ```
    pub fn into_model(self) -> Model {
        self.model
    }

    /// The order `n`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// A solution as `n` lines: digits side by side for `n <= 9`, numbers
    /// separated by spaces beyond.
    ///
    /// ```
    /// let square = csp_workspace::latin::LatinSquare::new(2, false).unwrap();
    /// assert_eq!(square.render(&[1, 2, 2, 1]), "12\n21\n");
    /// ```
    pub fn render(&self, values: &[i32]) -> String {
        let sep = if self.order <= 9 { "" } else { " " };
        let mut s = String::new();
        for row in values.chunks(self.order.max(1)) {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            s.push_str(&cells.join(sep));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{Solver, Strategy};

    fn count(n: usize, reduced: bool, strategy: Strategy) -> u64 {
        let m = LatinSquare::new(n, reduced).unwrap();
        let outcome = Solver::new(m.model()).strategy(strategy).count();
        assert!(outcome.status.is_complete());
        outcome.solutions()
    }

    #[test]
    fn small_orders_agree_across_strategies() {
        for &s in &[
            Strategy::Backtracking,
            Strategy::ForwardChecking,
            Strategy::ArcConsistency,
        ] {
            assert_eq!(count(1, false, s), 1);
            assert_eq!(count(2, false, s), 2);
            assert_eq!(count(3, false, s), 12);
            assert_eq!(count(4, false, s), 576);
        }
    }

    #[test]
    fn all_squares_are_reduced_squares_times_n_factorial_times_n_minus_1_factorial() {
        // Permuting columns (n!) and then the rows after the first ((n-1)!)
        // maps the reduced squares onto all squares, one to one.
        for (n, f) in [(3, 6 * 2), (4, 24 * 6), (5, 120 * 24)] {
            assert_eq!(
                count(n, false, Strategy::ForwardChecking),
                count(n, true, Strategy::ForwardChecking) * f
            );
        }
    }

    #[test]
    fn every_listed_square_is_latin() {
        let m = LatinSquare::new(3, false).unwrap();
        for s in Solver::new(m.model()).search() {
            let v = s.values();
            for k in 0..3 {
                let mut row: Vec<i32> = v[k * 3..k * 3 + 3].to_vec();
                let mut col: Vec<i32> = (0..3).map(|r| v[r * 3 + k]).collect();
                row.sort();
                col.sort();
                assert_eq!(row, [1, 2, 3]);
                assert_eq!(col, [1, 2, 3]);
            }
        }
    }
}
