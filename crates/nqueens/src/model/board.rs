//! The n-queens model on the engine: rows are variables, columns are values.
//!
//! An `r × c` board holds `min(r, c)` queens. A wide board (`r <= c`) gets
//! one variable per row; a tall board is modelled on its transpose (one
//! variable per column) and solutions are mapped back, so the model always
//! has as few variables as possible. The three attack rules are three
//! all-different constraints over offset views: columns `q[i]`, diagonals
//! `q[i] + i` and anti-diagonals `q[i] - i`. Nothing here is special-cased
//! in the engine.

use crate::model::placement::Placement;
use crate::model::symmetry::Transform;
use csp::{Model, ModelError, VarId};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest side length accepted (the engine's domain width limit).
pub const MAX_SIDE: usize = 1 << 24;

/// Why a board size was refused.
///
/// ```
/// use nqueens::board::{Board, BoardError};
/// assert_eq!(Board::new(0, 8).unwrap_err(), BoardError::Empty);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side of length zero.
    Empty,
    /// A side longer than [`MAX_SIDE`].
    TooLarge {
        /// The offending side length.
        side: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "a board needs at least one row and one column"),
            BoardError::TooLarge { side } => write!(
                f,
                "a side of {side} squares is too large (at most {MAX_SIDE})"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// An `rows × cols` n-queens board.
///
/// ```
/// use nqueens::board::Board;
/// use csp::Solver;
/// let board = Board::square(8)?;
/// let queens = board.model();
/// assert_eq!(Solver::new(&queens.model).count().solutions(), 92);
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
}

/// The engine model of a board, plus what is needed to read its solutions.
pub struct QueensModel {
    /// The engine model: one variable per line of the shorter side.
    pub model: Model,
    /// The variables, in line order (rows of the board, or columns of a
    /// tall board).
    pub lines: Vec<VarId>,
    board: Board,
}

impl Board {
    /// A board of `rows × cols` squares.
    ///
    /// ```
    /// let b = nqueens::board::Board::new(2, 3).unwrap();
    /// assert_eq!(b.queens(), 2);
    /// assert!(nqueens::board::Board::new(1 << 30, 1).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty);
        }
        if let Some(side) = [rows, cols].into_iter().find(|&s| s > MAX_SIDE) {
            return Err(BoardError::TooLarge { side });
        }
        Ok(Board { rows, cols })
    }

    /// An `n × n` board.
    ///
    /// ```
    /// assert_eq!(nqueens::board::Board::square(8).unwrap().rows(), 8);
    /// ```
    pub fn square(n: usize) -> Result<Board, BoardError> {
        Board::new(n, n)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of queens to place: `min(rows, cols)`.
    ///
    /// ```
    /// assert_eq!(nqueens::board::Board::new(5, 3).unwrap().queens(), 3);
    /// ```
    pub fn queens(&self) -> usize {
        self.rows.min(self.cols)
    }

    /// True when `rows == cols`.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// True when the board is modelled on its transpose (more rows than columns).
    pub fn is_tall(&self) -> bool {
        self.rows > self.cols
    }

    /// The `(lines, values)` shape of the model: the shorter side, then the longer.
    pub fn model_shape(&self) -> (usize, usize) {
        (self.queens(), self.rows.max(self.cols))
    }

    /// Builds the declarative model: one variable per line of the shorter
    /// side with the longer side as its domain, and three all-different
    /// constraints over offset views.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// let q = Board::new(3, 2).unwrap().model();
    /// assert_eq!(q.lines.len(), 2);
    /// assert_eq!(q.model.num_constraints(), 3);
    /// ```
    pub fn model(&self) -> QueensModel {
        self.try_model()
            .expect("board sizes are validated when the board is made")
    }

    /// [`Board::model`], unless `cancel` is set before it is done: the flag
    /// is read between the building phases (the variables, then each of the
    /// three constraints, each linear in the board's side), so Ctrl-C stops
    /// even a million-queens build within a fraction of a second. `None`
    /// when cancelled.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use std::sync::atomic::AtomicBool;
    /// let board = Board::square(8).unwrap();
    /// assert!(board.model_unless_cancelled(&AtomicBool::new(false)).is_some());
    /// assert!(board.model_unless_cancelled(&AtomicBool::new(true)).is_none());
    /// ```
    pub fn model_unless_cancelled(&self, cancel: &AtomicBool) -> Option<QueensModel> {
        self.build(|| cancel.load(Ordering::Relaxed))
            .expect("board sizes are validated when the board is made")
    }

    fn try_model(&self) -> Result<QueensModel, ModelError> {
        self.build(|| false)
            .map(|built| built.expect("never cancelled"))
    }

    /// Builds the model, asking `stop` between phases (`Ok(None)`: stopped).
    fn build(&self, stop: impl Fn() -> bool) -> Result<Option<QueensModel>, ModelError> {
        let (lines, values) = self.model_shape();
        let mut model = Model::new();
        if stop() {
            return Ok(None);
        }
        let q = model.int_vars(lines, 0..values as i32)?;
        let offsets: [fn(usize) -> i32; 3] = [|_| 0, |i| i as i32, |i| -(i as i32)];
        for offset in offsets {
            if stop() {
                return Ok(None);
            }
            model.all_different(q.iter().enumerate().map(|(i, &x)| x + offset(i)))?;
        }
        Ok(Some(QueensModel {
            model,
            lines: q,
            board: *self,
        }))
    }

    /// Reads a solution of the model (values in variable order) as a
    /// placement on this board, transposing back for tall boards.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// let tall = Board::new(3, 2).unwrap();
    /// let p = tall.placement(&[0, 2]); // column 0 -> row 0, column 1 -> row 2
    /// assert_eq!(p.queens(), &[(0, 0), (2, 1)]);
    /// assert_eq!((p.rows(), p.cols()), (3, 2));
    /// ```
    pub fn placement(&self, values: &[i32]) -> Placement {
        let (_, long) = self.model_shape();
        let columns: Vec<usize> = values.iter().map(|&v| v as usize).collect();
        let wide =
            Placement::from_columns(&columns, long).expect("solution values lie on the board");
        if self.is_tall() {
            wide.transposed()
        } else {
            wide
        }
    }
}

impl QueensModel {
    /// The board this model was built for.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Adds `line cmp bound` on one line's value: how symmetric searches
    /// restrict the first lines to half of the board.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// let mut q = Board::square(4).unwrap().model();
    /// q.restrict_line(0, csp::Cmp::Le, 1);
    /// assert_eq!(csp::Solver::new(&q.model).count().solutions(), 1);
    /// ```
    ///
    /// # Panics
    /// If `line` is not a line of the board.
    pub fn restrict_line(&mut self, line: usize, cmp: csp::Cmp, bound: i64) {
        self.model
            .linear([(1, self.lines[line])], cmp, bound)
            .expect("the line variable belongs to the model");
    }

    /// Keeps only placements whose first row's queen is in a column no
    /// larger than in any of their symmetric images: every fundamental
    /// solution (the least of its class, see
    /// [`is_canonical`](crate::model::symmetry::is_canonical)) is one, most of the
    /// others are not. The images' first rows come from the first row
    /// itself (its mirror image), the last row (the vertical mirror and the
    /// half turn) and, on a square board, the first and last columns (the
    /// quarter turns and diagonal reflections), so this adds one constraint
    /// per row over that row's queen and the first row's. On square boards
    /// the search for fundamental solutions visits a quarter to a third of
    /// the plain search's nodes (the mirror alone would leave half). Does
    /// nothing on a tall board (its model's variables are the columns).
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::symmetry::is_canonical;
    /// let mut q = Board::square(8).unwrap().model();
    /// q.keep_least_first_queens();
    /// let kept: Vec<Vec<i32>> = csp::Solver::new(&q.model)
    ///     .search()
    ///     .map(|s| s.into_values())
    ///     .collect();
    /// let fundamental = kept.iter().filter(|v| is_canonical(&q.placement(v))).count();
    /// assert_eq!(fundamental, 12); // all 12 classes of 8-queens...
    /// assert_eq!(kept.len(), 18); // ...among 18 of the 92 solutions
    /// ```
    pub fn keep_least_first_queens(&mut self) {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        if self.board.is_tall() {
            return;
        }
        for row in 0..rows {
            // limit[v]: the largest column the first row's queen may take
            // when this row's queen is in column v (no limit: cols - 1).
            let mut limit = vec![cols - 1; cols];
            for &t in Transform::for_board(rows, cols) {
                for (v, bound) in limit.iter_mut().enumerate() {
                    let (image_row, image_col) = t.map_square(rows, cols, row, v);
                    if image_row == 0 {
                        *bound = (*bound).min(image_col);
                    }
                }
            }
            if limit.iter().all(|&l| l == cols - 1) {
                continue;
            }
            // Views are columns on the board: indexes into `limit`.
            let within =
                move |first: i64, v: i64| limit.get(v as usize).is_none_or(|&l| first <= l as i64);
            let added = if row == 0 {
                self.model
                    .predicate([self.lines[0]], move |vals| within(vals[0], vals[0]))
            } else {
                self.model
                    .predicate([self.lines[0], self.lines[row]], move |vals| {
                        within(vals[0], vals[1])
                    })
            };
            added.expect("the line variables belong to the model");
        }
    }

    /// A solution of the model as a placement on the board.
    pub fn placement(&self, values: &[i32]) -> Placement {
        self.board.placement(values)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{Solver, Strategy};

    #[test]
    fn known_counts_for_n_1_to_12() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &count) in expected.iter().enumerate() {
            let q = Board::square(i + 1).unwrap().model();
            let outcome = Solver::new(&q.model).count();
            assert_eq!(outcome.solutions(), count, "n = {}", i + 1);
        }
    }

    #[test]
    fn rectangles_have_solutions_where_squares_do_not() {
        let count = |r, c| {
            let q = Board::new(r, c).unwrap().model();
            Solver::new(&q.model).count().solutions()
        };
        assert_eq!(count(2, 2), 0);
        assert_eq!(count(3, 3), 0);
        assert!(count(2, 3) > 0);
        assert_eq!(count(2, 3), count(3, 2));
    }

    #[test]
    fn tall_boards_map_back_to_legal_placements() {
        for (r, c) in [(3, 2), (5, 3), (7, 4), (1, 5), (6, 1)] {
            let board = Board::new(r, c).unwrap();
            let q = board.model();
            let mut search = Solver::new(&q.model)
                .strategy(Strategy::Backtracking)
                .search();
            let mut n = 0;
            while let Some(values) = search.next_values() {
                let p = q.placement(values);
                assert_eq!((p.rows(), p.cols()), (r, c));
                assert!(p.is_legal(), "{r}x{c}: {p:?}");
                n += 1;
            }
            assert!(n > 0, "{r}x{c} has solutions");
        }
    }
}
