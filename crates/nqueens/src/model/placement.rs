//! A set of queens on a rectangular board, independent of how it was found.
//!
//! A [`Placement`] is the common currency between the solvers, the
//! renderers ([`crate::command::render`]) and the symmetry tools
//! ([`crate::model::symmetry`]). An `r × c` board is solved by `min(r, c)`
//! mutually non-attacking queens; [`Placement::is_legal`] is the single place
//! where that rule is checked.

use std::error::Error;
use std::fmt;

/// Queens on an `rows × cols` board, stored as `(row, col)` pairs sorted by
/// row, then column.
///
/// The type does not insist on legality, so that a partial or wrong board can
/// still be rendered or inspected; ask [`Placement::is_legal`] for that. It
/// does insist that every queen stands on the board.
///
/// The derived ordering compares `rows`, then `cols`, then the sorted queen
/// list lexicographically; [`crate::model::symmetry::canonical`] relies on it.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(p.queens(), &[(0, 1), (1, 3), (2, 0), (3, 2)]);
/// assert!(p.is_legal());
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    rows: usize,
    cols: usize,
    queens: Vec<(usize, usize)>,
}

/// Why a [`Placement`] could not be built.
///
/// # Examples
///
/// ```
/// use nqueens::placement::{Placement, PlacementError};
///
/// let err = Placement::new(2, 3, vec![(0, 3)]).unwrap_err();
/// assert_eq!(err, PlacementError::OffBoard { row: 0, col: 3, rows: 2, cols: 3 });
/// assert_eq!(err.to_string(), "queen at row 0, column 3 is off the 2 × 3 board");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// A queen's square lies outside the board.
    OffBoard {
        /// The queen's row.
        row: usize,
        /// The queen's column.
        col: usize,
        /// The board's number of rows.
        rows: usize,
        /// The board's number of columns.
        cols: usize,
    },
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementError::OffBoard {
                row,
                col,
                rows,
                cols,
            } => write!(
                f,
                "queen at row {row}, column {col} is off the {rows} × {cols} board"
            ),
        }
    }
}

impl Error for PlacementError {}

/// The two diagonal lines through `(row, col)` on a board `cols` wide,
/// numbered `0..rows + cols - 1`: the first is constant along `↙↗`
/// diagonals, the second along `↖↘` diagonals.
///
/// Shared by [`Placement::is_legal`] and the combination search so that the
/// numbering of diagonals is defined once.
pub(crate) fn diagonals(row: usize, col: usize, cols: usize) -> (usize, usize) {
    (row + col, row + (cols - 1 - col))
}

impl Placement {
    /// Builds a placement from arbitrary squares on a `rows × cols` board.
    ///
    /// The queens are sorted; duplicates are kept (and make the placement
    /// illegal). Fails if any square is off the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// let p = Placement::new(3, 2, vec![(2, 1), (0, 0)])?;
    /// assert_eq!(p.queens(), &[(0, 0), (2, 1)]);
    /// assert!(p.is_legal());
    /// assert!(Placement::new(3, 2, vec![(3, 0)]).is_err());
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        queens: Vec<(usize, usize)>,
    ) -> Result<Placement, PlacementError> {
        if let Some(&(row, col)) = queens.iter().find(|&&(r, c)| r >= rows || c >= cols) {
            return Err(PlacementError::OffBoard {
                row,
                col,
                rows,
                cols,
            });
        }
        Ok(Placement::from_squares(rows, cols, queens))
    }

    /// Builds a placement with one queen per row: row `i` holds a queen in
    /// column `columns_per_row[i]`, on a board with
    /// `columns_per_row.len()` rows and `cols` columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// let p = Placement::from_columns(&[0, 2], 3)?;
    /// assert_eq!((p.rows(), p.cols()), (2, 3));
    /// assert_eq!(p.queens(), &[(0, 0), (1, 2)]);
    /// assert!(Placement::from_columns(&[0, 3], 3).is_err());
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn from_columns(
        columns_per_row: &[usize],
        cols: usize,
    ) -> Result<Placement, PlacementError> {
        let queens = columns_per_row.iter().copied().enumerate().collect();
        Placement::new(columns_per_row.len(), cols, queens)
    }

    /// Trusted constructor for squares already known to be on the board:
    /// only sorts.
    pub(crate) fn from_squares(rows: usize, cols: usize, mut queens: Vec<(usize, usize)>) -> Self {
        debug_assert!(queens.iter().all(|&(r, c)| r < rows && c < cols));
        queens.sort_unstable();
        Placement { rows, cols, queens }
    }

    /// Maps every queen through `f` onto a `rows × cols` board. `f` must map
    /// the old board onto the new one (as the board's symmetries do).
    pub(crate) fn map_squares(
        &self,
        rows: usize,
        cols: usize,
        f: impl Fn(usize, usize) -> (usize, usize),
    ) -> Self {
        let queens = self.queens.iter().map(|&(r, c)| f(r, c)).collect();
        Placement::from_squares(rows, cols, queens)
    }

    /// The number of rows of the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// assert_eq!(Placement::from_columns(&[0, 2], 3)?.rows(), 2);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns of the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// assert_eq!(Placement::from_columns(&[0, 2], 3)?.cols(), 3);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The queens as `(row, col)` pairs, sorted by row, then column.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// let p = Placement::new(4, 4, vec![(3, 2), (0, 1), (2, 0), (1, 3)])?;
    /// assert_eq!(p.queens(), &[(0, 1), (1, 3), (2, 0), (3, 2)]);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn queens(&self) -> &[(usize, usize)] {
        &self.queens
    }

    /// The column of each queen, in row order.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// let p = Placement::new(4, 4, vec![(3, 2), (0, 1), (2, 0), (1, 3)])?;
    /// assert_eq!(p.columns(), vec![1, 3, 0, 2]);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn columns(&self) -> Vec<usize> {
        self.queens.iter().map(|&(_, c)| c).collect()
    }

    /// Whether this is a solution: exactly `min(rows, cols)` queens, no two
    /// sharing a row, a column or a diagonal.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// assert!(Placement::from_columns(&[1, 3, 0, 2], 4)?.is_legal());
    /// // Queens on (0, 0) and (1, 1) share a diagonal.
    /// assert!(!Placement::from_columns(&[0, 1, 3, 2], 4)?.is_legal());
    /// // Too few queens for a 4 × 4 board...
    /// assert!(!Placement::new(4, 4, vec![(0, 1), (1, 3)])?.is_legal());
    /// // ...but the right number for a 2 × 4 board.
    /// assert!(Placement::from_columns(&[1, 3], 4)?.is_legal());
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn is_legal(&self) -> bool {
        if self.queens.len() != self.rows.min(self.cols) {
            return false;
        }
        if self.queens.is_empty() {
            return true;
        }
        let mut rows = vec![false; self.rows];
        let mut cols = vec![false; self.cols];
        let lines = self.rows + self.cols - 1;
        let mut rising = vec![false; lines];
        let mut falling = vec![false; lines];
        for &(r, c) in &self.queens {
            let (up, down) = diagonals(r, c, self.cols);
            // `replace` marks the line and reports whether it was already taken.
            if std::mem::replace(&mut rows[r], true)
                || std::mem::replace(&mut cols[c], true)
                || std::mem::replace(&mut rising[up], true)
                || std::mem::replace(&mut falling[down], true)
            {
                return false;
            }
        }
        true
    }

    /// The same queens with rows and columns swapped, on a `cols × rows`
    /// board. Used to map solutions of a wide model back to a tall board.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    ///
    /// let wide = Placement::from_columns(&[0, 2], 3)?;
    /// let tall = wide.transposed();
    /// assert_eq!((tall.rows(), tall.cols()), (3, 2));
    /// assert_eq!(tall.queens(), &[(0, 0), (2, 1)]);
    /// assert_eq!(tall.transposed(), wide);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn transposed(&self) -> Placement {
        self.map_squares(self.cols, self.rows, |r, c| (c, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_sorts_and_validates() {
        let p = Placement::new(3, 3, vec![(2, 2), (0, 0), (1, 2)]).unwrap();
        assert_eq!(p.queens(), &[(0, 0), (1, 2), (2, 2)]);
        assert_eq!(
            Placement::new(3, 3, vec![(0, 0), (3, 1)]),
            Err(PlacementError::OffBoard {
                row: 3,
                col: 1,
                rows: 3,
                cols: 3
            })
        );
    }

    #[test]
    fn from_columns_reports_bad_column() {
        let err = Placement::from_columns(&[0, 5], 4).unwrap_err();
        assert_eq!(
            err,
            PlacementError::OffBoard {
                row: 1,
                col: 5,
                rows: 2,
                cols: 4
            }
        );
        assert!(err.to_string().contains("off the 2 × 4 board"));
    }

    #[test]
    fn legality_checks_every_line() {
        let legal = |rows, cols, q: &[(usize, usize)]| {
            Placement::new(rows, cols, q.to_vec()).unwrap().is_legal()
        };
        assert!(legal(4, 4, &[(0, 1), (1, 3), (2, 0), (3, 2)]));
        assert!(legal(1, 1, &[(0, 0)]));
        assert!(legal(0, 3, &[]));
        assert!(legal(2, 3, &[(0, 0), (1, 2)]));
        assert!(legal(3, 2, &[(0, 0), (2, 1)]));
        // same row, same column, both diagonals, duplicate square
        assert!(!legal(2, 3, &[(0, 0), (0, 2)]));
        assert!(!legal(3, 2, &[(0, 0), (2, 0)]));
        assert!(!legal(2, 2, &[(0, 0), (1, 1)]));
        assert!(!legal(2, 2, &[(0, 1), (1, 0)]));
        assert!(!legal(2, 3, &[(0, 0), (0, 0)]));
        // wrong number of queens
        assert!(!legal(4, 4, &[(0, 1), (1, 3), (2, 0)]));
        assert!(!legal(1, 3, &[(0, 0), (0, 2)]));
    }

    #[test]
    fn transposed_round_trips_and_keeps_legality() {
        let p = Placement::new(3, 5, vec![(0, 0), (1, 2), (2, 4)]).unwrap();
        let t = p.transposed();
        assert_eq!((t.rows(), t.cols()), (5, 3));
        assert_eq!(t.queens(), &[(0, 0), (2, 1), (4, 2)]);
        assert_eq!(t.is_legal(), p.is_legal());
        assert_eq!(t.transposed(), p);
        assert_eq!(t.columns(), vec![0, 1, 2]);
    }

    #[test]
    fn ordering_is_by_size_then_queens() {
        let a = Placement::from_columns(&[1, 3, 0, 2], 4).unwrap();
        let b = Placement::from_columns(&[2, 0, 3, 1], 4).unwrap();
        assert!(a < b);
        let small = Placement::from_columns(&[0], 1).unwrap();
        assert!(small < a);
    }
}
