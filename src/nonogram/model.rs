//! The engine's model of a nonogram: a boolean per cell, a start per
//! clue block, reified membership and clauses.

use super::{Nonogram, Picture};
use csp::{Condition, Model, ModelError, VarId};

/// A nonogram's model: the model and its cell variables, row by row (the
/// first `width * height` variables, 1 for black).
#[derive(Debug)]
pub struct NonogramModel {
    model: Model,
    cells: Vec<VarId>,
    width: usize,
}

impl NonogramModel {
    /// The model of `puzzle` (see the module's documentation).
    ///
    /// ```
    /// use csp_workspace::nonogram::{Nonogram, NonogramModel};
    /// let p: Nonogram = "rows\n1\n1\ncolumns\n1\n1".parse()?;
    /// let m = NonogramModel::new(&p)?;
    /// assert_eq!(csp::Solver::new(m.model()).count().solutions(), 2); // the two diagonals
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: &Nonogram) -> Result<NonogramModel, ModelError> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut model = Model::new();
        let cells = model.bool_vars(width * height)?;
        for (r, clue) in puzzle.rows.iter().enumerate() {
            post_line(&mut model, &cells[r * width..(r + 1) * width], clue)?;
        }
        for (c, clue) in puzzle.columns.iter().enumerate() {
            let column: Vec<VarId> = (0..height).map(|r| cells[r * width + c]).collect();
            post_line(&mut model, &column, clue)?;
        }
        Ok(NonogramModel {
            model,
            cells,
            width,
        })
    }

    /// The model.
    ///
    /// ```
    /// # use csp_workspace::nonogram::{Nonogram, NonogramModel};
    /// # let m = NonogramModel::new(&"rows\n1\ncolumns\n1".parse::<Nonogram>().unwrap()).unwrap();
    /// assert_eq!(m.model().num_vars(), 1 + 1 + 1 + 2); // a cell, and per line a start and a cover
    /// ```
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The cells, row by row.
    ///
    /// ```
    /// # use csp_workspace::nonogram::{Nonogram, NonogramModel};
    /// # let m = NonogramModel::new(&"rows\n1 1\ncolumns\n1\n0\n1".parse::<Nonogram>().unwrap()).unwrap();
    /// assert_eq!(m.cells().len(), 3);
    /// ```
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The picture a solution's values paint.
    ///
    /// ```
    /// # use csp_workspace::nonogram::{Nonogram, NonogramModel};
    /// # let m = NonogramModel::new(&"rows\n1 1\ncolumns\n1\n0\n1".parse::<Nonogram>().unwrap()).unwrap();
    /// let (solution, _) = csp::Solver::new(m.model()).first();
    /// assert_eq!(m.picture(solution.unwrap().values()), vec![vec![true, false, true]]);
    /// ```
    pub fn picture(&self, values: &[i32]) -> Picture {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|c| values[c.index()] == 1).collect())
            .collect()
    }
}

/// One line's clue over its `cells`: a start variable per block, in order
/// with a gap between blocks, and each cell black exactly when a block
/// covers it. The clue fits (checked by [`Nonogram::new`]).
pub(super) fn post_line(
    model: &mut Model,
    cells: &[VarId],
    clue: &[usize],
) -> Result<(), ModelError> {
    let n = cells.len();
    let need = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
    let slack = n - need;
    let mut earliest = Vec::with_capacity(clue.len());
    let mut at = 0;
    for &len in clue {
        earliest.push(at);
        at += len + 1;
    }
    // Sizes are at most MAX_SIDE: every number here fits an i32.
    let starts = earliest
        .iter()
        .map(|&e| model.int_var(e as i32..=(e + slack) as i32))
        .collect::<Result<Vec<_>, _>>()?;
    for k in 1..clue.len() {
        model.less(starts[k - 1] + clue[k - 1] as i32, starts[k])?;
    }
    for (c, &cell) in cells.iter().enumerate() {
        let mut covers = Vec::new();
        for (k, (&len, &e)) in clue.iter().zip(&earliest).enumerate() {
            // The starts from which block k covers cell c.
            let (lo, hi) = ((c + 1).saturating_sub(len).max(e), c.min(e + slack));
            if lo > hi {
                continue;
            }
            let b = model.bool_var()?;
            model.reify(b, Condition::member(starts[k], (lo..=hi).map(|s| s as i64)))?;
            model.clause([cell], [b])?;
            covers.push(b);
        }
        if covers.is_empty() {
            model.assign(cell, 0)?;
        } else {
            model.clause(covers, [cell])?;
        }
    }
    Ok(())
}
