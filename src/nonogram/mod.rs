//! Nonograms (paint by numbers): a grid whose every row and column comes
//! with a clue, the lengths of its runs of black cells in order, separated
//! by at least one white cell. The text format:
//!
//! ```text
//! # comments and blank lines are ignored
//! width 5          # optional: checked against the clues
//! height 3         # optional
//! rows
//! 1 1 1            # one clue per line, top to bottom: run lengths
//! 5                #   separated by spaces or commas
//! 0                # 0: an empty row
//! columns
//! 2                # left to right
//! 1
//! 2
//! 1
//! 2
//! ```
//!
//! The keywords of the common `.non` files are read too: `width`,
//! `height`, `rows` and `columns` as above (comma-separated clues
//! included), and `title`, `by`, `copyright`, `license`, `catalogue` and
//! `goal`, which are ignored.
//!
//! The model ([`NonogramModel`]): a boolean per cell; per clue block `k` of
//! a line a start variable `s_k`, with `s_k + len_k < s_(k+1)`; a boolean
//! `b_(k,c) <-> s_k in [c - len_k + 1, c]` (reified membership) per block
//! and cell it can cover; and clauses `b_(k,c) -> cell_c` and
//! `cell_c -> OR_k b_(k,c)`, so a cell is black exactly when a block
//! covers it.
//!
//! ```
//! use csp_workspace::nonogram::{render, Nonogram, NonogramModel};
//! let puzzle: Nonogram = "rows\n1 1 1\n5\n0\ncolumns\n2\n1\n2\n1\n2".parse()?;
//! let model = NonogramModel::new(&puzzle)?;
//! let (solution, _) = csp::Solver::new(model.model()).first();
//! let picture = model.picture(solution.unwrap().values());
//! assert!(puzzle.solves(&picture));
//! assert_eq!(render(&picture), "#.#.#\n#####\n.....\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The parts: `format.rs` reads and writes the text format, `model.rs`
//! builds the engine's model, `render.rs` draws a picture as text.

mod format;
mod model;
mod render;

pub use model::NonogramModel;
pub use render::render;

/// The most rows or columns a puzzle may have: far beyond published
/// puzzles, and a model the engine still builds in moments.
pub const MAX_SIDE: usize = 100;

/// A picture: rows of cells, `true` for black.
pub type Picture = Vec<Vec<bool>>;

/// A nonogram: the clues of its rows (top to bottom) and columns (left to
/// right), each a list of run lengths (empty for an empty line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    rows: Vec<Vec<usize>>,
    columns: Vec<Vec<usize>>,
}

/// The lengths of the runs of black cells in `line`, in order: its clue.
///
/// ```
/// use csp_workspace::nonogram::runs;
/// assert_eq!(runs(&[true, true, false, true]), vec![2, 1]);
/// assert!(runs(&[false, false]).is_empty());
/// ```
pub fn runs(line: &[bool]) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut run = 0;
    for &black in line.iter().chain([&false]) {
        if black {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    runs
}

/// What a line is called in messages.
#[derive(Clone, Copy)]
enum Side {
    Row,
    Column,
}

impl Side {
    fn noun(self) -> &'static str {
        match self {
            Side::Row => "row",
            Side::Column => "column",
        }
    }

    fn section(self) -> &'static str {
        match self {
            Side::Row => "rows",
            Side::Column => "columns",
        }
    }
}

/// Why `clue` cannot fit a line of `len` cells, if it cannot.
fn misfit(side: Side, clue: &[usize], len: usize) -> Option<String> {
    let need = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
    (need > len).then(|| {
        format!(
            "the clue '{}' needs {need} cells but a {} has {len}",
            clue_text(clue),
            side.noun()
        )
    })
}

/// A clue as its line in the text format (`0` when empty).
fn clue_text(clue: &[usize]) -> String {
    if clue.is_empty() {
        return "0".to_owned();
    }
    let words: Vec<String> = clue.iter().map(usize::to_string).collect();
    words.join(" ")
}

impl Nonogram {
    /// A puzzle from its clues: 1 to [`MAX_SIDE`] rows and columns, every
    /// clue fitting its line.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p = Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).unwrap();
    /// assert_eq!((p.width(), p.height()), (2, 2));
    /// let e = Nonogram::new(vec![vec![3]], vec![vec![1], vec![1]]).unwrap_err();
    /// assert_eq!(e, "row 1: the clue '3' needs 3 cells but a row has 2");
    /// ```
    pub fn new(rows: Vec<Vec<usize>>, columns: Vec<Vec<usize>>) -> Result<Nonogram, String> {
        for (side, lines) in [(Side::Row, &rows), (Side::Column, &columns)] {
            if lines.is_empty() || lines.len() > MAX_SIDE {
                return Err(format!(
                    "{} {}: expected 1 to {MAX_SIDE}",
                    lines.len(),
                    side.section()
                ));
            }
        }
        let puzzle = Nonogram { rows, columns };
        for (side, i, clue, len) in puzzle.lines() {
            if let Some(why) = misfit(side, clue, len) {
                return Err(format!("{} {}: {why}", side.noun(), i + 1));
            }
        }
        Ok(puzzle)
    }

    /// The puzzle whose solution `picture` is (its clues), if the picture
    /// is a rectangle of 1 to [`MAX_SIDE`] rows and columns.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p = Nonogram::from_picture(&[vec![true, true], vec![false, true]]).unwrap();
    /// assert_eq!(p.rows(), &[vec![2], vec![1]]);
    /// assert_eq!(p.columns(), &[vec![1], vec![2]]);
    /// ```
    pub fn from_picture(picture: &[Vec<bool>]) -> Result<Nonogram, String> {
        let width = picture.first().map_or(0, Vec::len);
        if picture.iter().any(|row| row.len() != width) {
            return Err("the picture is not a rectangle".to_owned());
        }
        let rows = picture.iter().map(|row| runs(row)).collect();
        let columns = (0..width)
            .map(|c| runs(&picture.iter().map(|row| row[c]).collect::<Vec<_>>()))
            .collect();
        Nonogram::new(rows, columns)
    }

    /// The rows' clues, top to bottom.
    ///
    /// ```
    /// let p: csp_workspace::nonogram::Nonogram = "rows\n2\ncolumns\n1\n1".parse().unwrap();
    /// assert_eq!(p.rows(), &[vec![2]]);
    /// ```
    pub fn rows(&self) -> &[Vec<usize>] {
        &self.rows
    }

    /// The columns' clues, left to right.
    ///
    /// ```
    /// let p: csp_workspace::nonogram::Nonogram = "rows\n2\ncolumns\n1\n1".parse().unwrap();
    /// assert_eq!(p.columns(), &[vec![1], vec![1]]);
    /// ```
    pub fn columns(&self) -> &[Vec<usize>] {
        &self.columns
    }

    /// The number of columns.
    ///
    /// ```
    /// let p: csp_workspace::nonogram::Nonogram = "rows\n2\ncolumns\n1\n1".parse().unwrap();
    /// assert_eq!(p.width(), 2);
    /// ```
    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// The number of rows.
    ///
    /// ```
    /// let p: csp_workspace::nonogram::Nonogram = "rows\n2\ncolumns\n1\n1".parse().unwrap();
    /// assert_eq!(p.height(), 1);
    /// ```
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Every line: which side, its index, its clue and its length.
    fn lines(&self) -> impl Iterator<Item = (Side, usize, &[usize], usize)> {
        let rows = self.rows.iter().enumerate();
        let columns = self.columns.iter().enumerate();
        rows.map(|(i, c)| (Side::Row, i, c.as_slice(), self.width()))
            .chain(columns.map(|(i, c)| (Side::Column, i, c.as_slice(), self.height())))
    }

    /// Whether `picture` has this puzzle's size and clues.
    ///
    /// ```
    /// let p: csp_workspace::nonogram::Nonogram = "rows\n1\ncolumns\n1\n0".parse().unwrap();
    /// assert!(p.solves(&[vec![true, false]]));
    /// assert!(!p.solves(&[vec![false, true]]));
    /// ```
    pub fn solves(&self, picture: &[Vec<bool>]) -> bool {
        Nonogram::from_picture(picture).is_ok_and(|p| p == *self)
    }
}

#[cfg(test)]
mod tests {
    use super::model::post_line;
    use super::*;
    use csp::Model;

    fn parse_err(text: &str) -> String {
        text.parse::<Nonogram>().unwrap_err()
    }

    #[test]
    fn errors_name_their_line() {
        assert_eq!(
            parse_err("1 2\n"),
            "line 1: a clue before the 'rows' or 'columns' line"
        );
        assert_eq!(
            parse_err("rows\n1 x\n"),
            "line 2: 'x' is not a run length from 1 to 100 (a line of its own '0' is an empty row)"
        );
        assert_eq!(
            parse_err("rows\n0 1\n"),
            "line 2: '0' is not a run length from 1 to 100 (a line of its own '0' is an empty row)"
        );
        assert_eq!(
            parse_err("rows\n1\nrows\n"),
            "line 3: a second 'rows' section"
        );
        assert_eq!(
            parse_err("rows\n3\ncolumns\n1\n1\n"),
            "line 2: the clue '3' needs 3 cells but a row has 2"
        );
        assert_eq!(
            parse_err("width 3\nrows\n1\ncolumns\n1\n1\n"),
            "line 1: 'width 3' but the 'columns' section has 2 clues"
        );
        assert_eq!(
            parse_err("height 0\n"),
            "line 1: expected 'height N' with N from 1 to 100"
        );
        assert_eq!(
            parse_err("rows\ncolumns\n1\n"),
            "line 1: the 'rows' section has no clues"
        );
        assert_eq!(parse_err("columns\n1\n"), "no 'rows' section");
        assert_eq!(
            parse_err("rows 3\n"),
            "line 1: 'rows' stands alone on its line, its clues on the lines below"
        );
        let many = format!("rows\n{}", "1\n".repeat(MAX_SIDE + 1));
        assert_eq!(
            parse_err(&many),
            format!("line {}: more than 100 rows", MAX_SIDE + 2)
        );
    }

    #[test]
    fn non_files_are_read() {
        let text = "catalogue \"x\"\ntitle \"Dot\"\nwidth 2\nheight 1\n\nrows\n1\n\ncolumns\n1\n0\ngoal \"10\"\n";
        let p: Nonogram = text.parse().unwrap();
        assert_eq!(
            (p.rows(), p.columns()),
            (&[vec![1]][..], &[vec![1], vec![]][..])
        );
    }

    #[test]
    fn every_picture_of_a_line_has_one_solution_of_its_clue() {
        for n in 1..=6usize {
            for bits in 0u32..1 << n {
                let line: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                let mut model = Model::new();
                let cells = model.bool_vars(n).unwrap();
                post_line(&mut model, &cells, &runs(&line)).unwrap();
                for (c, &black) in cells.iter().zip(&line) {
                    model.assign(*c, i64::from(black)).unwrap();
                }
                assert_eq!(csp::Solver::new(&model).count().solutions(), 1, "{line:?}");
            }
        }
    }
}
