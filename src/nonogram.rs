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

use csp::{Condition, Model, ModelError, VarId};
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

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

/// A picture as text: one line per row, `#` for black, `.` for white.
///
/// ```
/// let picture = vec![vec![true, false], vec![false, true]];
/// assert_eq!(csp_workspace::nonogram::render(&picture), "#.\n.#\n");
/// ```
pub fn render(picture: &[Vec<bool>]) -> String {
    let mut text = String::new();
    for row in picture {
        text.extend(row.iter().map(|&black| if black { '#' } else { '.' }));
        text.push('\n');
    }
    text
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

    /// Reads the text format line by line (see the module's documentation),
    /// holding at most [`MAX_LINE_BYTES`](crate::lines::MAX_LINE_BYTES) of
    /// a line; errors name their line.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p = Nonogram::read(&b"rows\n1\ncolumns\n1\n"[..]).unwrap();
    /// assert_eq!(p.width(), 1);
    /// let e = Nonogram::read(&b"rows\n1\ncolumns\n\xff\n"[..]).unwrap_err();
    /// assert_eq!(e, "line 4: not valid UTF-8");
    /// ```
    pub fn read(input: impl BufRead) -> Result<Nonogram, String> {
        let mut reader = Reader::default();
        crate::lines::each_line(input, |number, text| reader.line(number, text))?;
        reader.finish()
    }
}

impl FromStr for Nonogram {
    type Err = String;

    /// Parses the text format; errors name the line.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// assert_eq!("rows\n1\n".parse::<Nonogram>().unwrap_err(), "no 'columns' section");
    /// assert_eq!(
    ///     "rows\n1\ncolums\n1".parse::<Nonogram>().unwrap_err(),
    ///     "line 3: unknown keyword 'colums' (did you mean 'columns'?)"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<Nonogram, String> {
        Nonogram::read(text.as_bytes())
    }
}

impl fmt::Display for Nonogram {
    /// The text format, which reads back as the same puzzle.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p: Nonogram = "rows\n1,1\n0\ncolumns\n1\n0\n1".parse().unwrap();
    /// assert_eq!(p.to_string(), "width 3\nheight 2\nrows\n1 1\n0\ncolumns\n1\n0\n1\n");
    /// assert_eq!(p.to_string().parse::<Nonogram>(), Ok(p));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "width {}\nheight {}", self.width(), self.height())?;
        for (side, lines) in [(Side::Row, &self.rows), (Side::Column, &self.columns)] {
            writeln!(f, "{}", side.section())?;
            for clue in lines {
                writeln!(f, "{}", clue_text(clue))?;
            }
        }
        Ok(())
    }
}

/// The keywords of `.non` files that say nothing about the grid.
const IGNORED: [&str; 6] = ["title", "by", "copyright", "license", "catalogue", "goal"];

/// Every keyword, for "did you mean".
const KEYWORDS: [&str; 10] = [
    "rows",
    "columns",
    "width",
    "height",
    "title",
    "by",
    "copyright",
    "license",
    "catalogue",
    "goal",
];

/// Clue lines, each with its line number in the file.
type NumberedClues = Vec<(usize, Vec<usize>)>;

/// The puzzle read so far: one line at a time, then [`Reader::finish`].
#[derive(Default)]
struct Reader {
    /// The section clue lines go to, if one has begun.
    section: Option<usize>,
    /// Each section's line number and clues, each with its line number.
    sections: [Option<(usize, NumberedClues)>; 2],
    /// `width` and `height`, with their line numbers.
    declared: [Option<(usize, usize)>; 2],
}

const SIDES: [Side; 2] = [Side::Row, Side::Column];

impl Reader {
    fn line(&mut self, number: usize, raw: &str) -> Result<(), String> {
        let text = raw.split('#').next().unwrap_or("").trim();
        let Some(first) = text.split_whitespace().next() else {
            return Ok(());
        };
        if !first.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return self.clue(number, text);
        }
        let keyword = first.to_ascii_lowercase();
        let rest: Vec<&str> = text.split_whitespace().skip(1).collect();
        match keyword.as_str() {
            "rows" | "columns" => {
                let side = usize::from(keyword == "columns");
                if !rest.is_empty() {
                    return Err(format!(
                        "'{keyword}' stands alone on its line, its clues on the lines below"
                    ));
                }
                if self.sections[side].is_some() {
                    return Err(format!("a second '{keyword}' section"));
                }
                self.sections[side] = Some((number, Vec::new()));
                self.section = Some(side);
            }
            "width" | "height" => {
                let side = usize::from(keyword == "width");
                let size = match rest.as_slice() {
                    [n] => n
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_SIDE).contains(n)),
                    _ => None,
                };
                let size = size
                    .ok_or_else(|| format!("expected '{keyword} N' with N from 1 to {MAX_SIDE}"))?;
                if self.declared[side].is_some() {
                    return Err(format!("a second '{keyword}' line"));
                }
                self.declared[side] = Some((number, size));
            }
            k if IGNORED.contains(&k) => {}
            _ => {
                let hint = csp::cli::closest(first, &KEYWORDS)
                    .map(csp::cli::did_you_mean)
                    .unwrap_or_default();
                return Err(format!("unknown keyword '{first}'{hint}"));
            }
        }
        Ok(())
    }

    /// A clue line of the current section.
    fn clue(&mut self, number: usize, text: &str) -> Result<(), String> {
        let Some(side) = self.section else {
            return Err("a clue before the 'rows' or 'columns' line".to_owned());
        };
        let (_, lines) = self.sections[side].as_mut().expect("a section begun");
        if lines.len() == MAX_SIDE {
            return Err(format!("more than {MAX_SIDE} {}", SIDES[side].section()));
        }
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let clue = if words == ["0"] {
            Vec::new()
        } else {
            words
                .iter()
                .map(|w| {
                    w.parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_SIDE).contains(n))
                        .ok_or_else(|| {
                            format!(
                                "'{w}' is not a run length from 1 to {MAX_SIDE} \
                                 (a line of its own '0' is an empty {})",
                                SIDES[side].noun()
                            )
                        })
                })
                .collect::<Result<_, _>>()?
        };
        lines.push((number, clue));
        Ok(())
    }

    fn finish(self) -> Result<Nonogram, String> {
        let mut clues: [NumberedClues; 2] = Default::default();
        for (side, section) in self.sections.into_iter().enumerate() {
            let name = SIDES[side].section();
            let (number, lines) = section.ok_or_else(|| format!("no '{name}' section"))?;
            if lines.is_empty() {
                return Err(format!("line {number}: the '{name}' section has no clues"));
            }
            clues[side] = lines;
        }
        for side in 0..2 {
            // The rows' lines are as long as there are columns.
            let len = clues[1 - side].len();
            if let Some((number, size)) = self.declared[1 - side] {
                if size != len {
                    let key = ["height", "width"][1 - side];
                    let name = SIDES[1 - side].section();
                    return Err(format!(
                        "line {number}: '{key} {size}' but the '{name}' section has {len} clues"
                    ));
                }
            }
            for (number, clue) in &clues[side] {
                if let Some(why) = misfit(SIDES[side], clue, len) {
                    return Err(format!("line {number}: {why}"));
                }
            }
        }
        let [rows, columns] = clues.map(|lines| lines.into_iter().map(|(_, c)| c).collect());
        Nonogram::new(rows, columns)
    }
}

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
fn post_line(model: &mut Model, cells: &[VarId], clue: &[usize]) -> Result<(), ModelError> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
