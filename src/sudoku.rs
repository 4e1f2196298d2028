//! Sudoku: parsing 81-character puzzles, checking their clues, and the
//! model (81 cells with values 1..=9, one all-different per row, column and
//! box, plus "each digit once" counts per unit; clues are single-value
//! domains).

use csp::{Model, ModelError, VarId};
use std::fmt;
use std::str::FromStr;

/// A 9x9 grid, row by row; 0 is a blank.
///
/// ```
/// use csp_workspace::sudoku::Grid;
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let grid: Grid = line.parse().unwrap();
/// assert_eq!(grid.get(0, 0), 5);
/// assert_eq!(grid.clues(), 30);
/// assert_eq!(grid.to_line(), line);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

/// A row, column or box (each numbered 1..=9 from the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row `n`.
    Row(usize),
    /// Column `n`.
    Column(usize),
    /// Box `n`, counted left to right, top to bottom.
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(n) => write!(f, "row {n}"),
            Unit::Column(n) => write!(f, "column {n}"),
            Unit::Box(n) => write!(f, "box {n}"),
        }
    }
}

/// Why a puzzle line was rejected.
///
/// ```
/// use csp_workspace::sudoku::{Grid, SudokuError};
/// assert_eq!("123".parse::<Grid>(), Err(SudokuError::Length { found: 3 }));
/// let e = "11".to_string() + &".".repeat(79);
/// assert_eq!(
///     e.parse::<Grid>().unwrap_err().to_string(),
///     "the clue 1 at r1c2 repeats the 1 at r1c1 in row 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SudokuError {
    /// Not 81 characters (after trimming surrounding whitespace).
    Length {
        /// Characters found.
        found: usize,
    },
    /// A character that is neither a digit nor `.`.
    BadChar {
        /// The character.
        ch: char,
        /// Its position (1-based).
        position: usize,
    },
    /// Two equal clues in one row, column or box.
    Conflict {
        /// The repeated digit.
        digit: u8,
        /// The earlier cell (row, column; 1-based).
        first: (usize, usize),
        /// The later cell.
        second: (usize, usize),
        /// Where they clash.
        unit: Unit,
    },
}

impl fmt::Display for SudokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SudokuError::Length { found } => {
                write!(f, "expected 81 characters, found {found}")
            }
            SudokuError::BadChar { ch, position } => write!(
                f,
                "bad character {ch:?} at position {position} (expected digits 1-9, and . or 0 for a blank)"
            ),
            SudokuError::Conflict {
                digit,
                first,
                second,
                unit,
            } => write!(
                f,
                "the clue {digit} at r{}c{} repeats the {digit} at r{}c{} in {unit}",
                second.0, second.1, first.0, first.1
            ),
        }
    }
}

impl std::error::Error for SudokuError {}

/// The 27 units and the 9 cell indices (0..81) of each.
///
/// ```
/// let units: Vec<_> = csp_workspace::sudoku::units().collect();
/// assert_eq!(units.len(), 27);
/// assert_eq!(units[18].1, [0, 1, 2, 9, 10, 11, 18, 19, 20]); // box 1
/// ```
pub fn units() -> impl Iterator<Item = (Unit, [usize; 9])> {
    (0..27).map(|u| {
        let (kind, n) = (u / 9, u % 9);
        let cells = std::array::from_fn(|i| match kind {
            0 => n * 9 + i,
            1 => i * 9 + n,
            _ => (n / 3 * 3 + i / 3) * 9 + n % 3 * 3 + i % 3,
        });
        let unit = match kind {
            0 => Unit::Row(n + 1),
            1 => Unit::Column(n + 1),
            _ => Unit::Box(n + 1),
        };
        (unit, cells)
    })
}

impl Grid {
    /// A grid from 81 digits (0 for blank), without checking the rules.
    /// Digits above 9 are taken as blanks.
    ///
    /// ```
    /// let g = csp_workspace::sudoku::Grid::from_digits([0; 81]);
    /// assert_eq!(g.clues(), 0);
    /// ```
    pub fn from_digits(digits: [u8; 81]) -> Grid {
        Grid {
            cells: digits.map(|d| if d > 9 { 0 } else { d }),
        }
    }

    /// The digit at `row`, `col` (0-based), 0 if blank.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * 9 + col]
    }

    /// The 81 cells, row by row.
    pub fn digits(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The number of filled cells.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The first pair of equal digits in one unit, if any.
    ///
    /// ```
    /// let mut d = [0; 81];
    /// d[0] = 4;
    /// d[80] = 4;
    /// assert!(csp_workspace::sudoku::Grid::from_digits(d).conflict().is_none());
    /// d[10] = 4;
    /// assert!(csp_workspace::sudoku::Grid::from_digits(d).conflict().is_some());
    /// ```
    pub fn conflict(&self) -> Option<SudokuError> {
        let at = |i: usize| (i / 9 + 1, i % 9 + 1);
        for (unit, cells) in units() {
            let mut seen = [None; 10];
            for i in cells {
                let d = self.cells[i];
                if d == 0 {
                    continue;
                }
                if let Some(j) = seen[d as usize] {
                    return Some(SudokuError::Conflict {
                        digit: d,
                        first: at(j),
                        second: at(i),
                        unit,
                    });
                }
                seen[d as usize] = Some(i);
            }
        }
        None
    }

    /// True when every cell is filled, no unit repeats a digit, and every
    /// clue of `puzzle` is kept: the independent check of a solver's answer.
    ///
    /// ```
    /// use csp_workspace::sudoku::Grid;
    /// let solved: Grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642".parse().unwrap();
    /// let puzzle: Grid = ("1".to_string() + &".".repeat(80)).parse().unwrap();
    /// assert!(solved.solves(&puzzle));
    /// assert!(!puzzle.solves(&puzzle));
    /// ```
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.clues() == 81
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The grid as an 81-character line, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }

    /// The grid as 11 lines with box borders.
    ///
    /// ```
    /// let g = csp_workspace::sudoku::Grid::from_digits([0; 81]);
    /// assert!(g.render().starts_with(". . . | . . . | . . .\n"));
    /// assert_eq!(g.render().lines().count(), 11);
    /// ```
    pub fn render(&self) -> String {
        let mut s = String::new();
        for r in 0..9 {
            if r == 3 || r == 6 {
                s.push_str("------+-------+------\n");
            }
            let line = self.to_line();
            let row = &line[r * 9..r * 9 + 9];
            let spaced = |b: &str| b.chars().map(String::from).collect::<Vec<_>>().join(" ");
            s.push_str(&format!(
                "{} | {} | {}\n",
                spaced(&row[0..3]),
                spaced(&row[3..6]),
                spaced(&row[6..9])
            ));
        }
        s
    }
}

impl FromStr for Grid {
    type Err = SudokuError;

    /// Parses 81 characters: `1`-`9` for clues, `.` or `0` for blanks
    /// (surrounding whitespace ignored); clues that break a rule are an error.
    fn from_str(s: &str) -> Result<Grid, SudokuError> {
        let s = s.trim();
        let found = s.chars().count();
        if found != 81 {
            return Err(SudokuError::Length { found });
        }
        let mut cells = [0u8; 81];
        for (i, ch) in s.chars().enumerate() {
            cells[i] = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    return Err(SudokuError::BadChar {
                        ch,
                        position: i + 1,
                    })
                }
            };
        }
        let grid = Grid { cells };
        match grid.conflict() {
            Some(e) => Err(e),
            None => Ok(grid),
        }
    }
}

/// The sudoku model of a grid: one variable per cell, row by row.
///
/// ```
/// use csp_workspace::sudoku::{Grid, SudokuModel};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let model = SudokuModel::new(&puzzle).unwrap();
/// let (solution, _) = csp::Solver::new(model.model()).strategy(csp::Strategy::ArcConsistency).first();
/// let solved = model.grid(solution.unwrap().values());
/// assert!(solved.solves(&puzzle));
/// ```
#[derive(Debug)]
pub struct SudokuModel {
    model: Model,
    cells: Vec<VarId>,
}

impl SudokuModel {
    /// Builds the model: all-different and one count per digit for each
    /// unit, clues as fixed domains.
    pub fn new(puzzle: &Grid) -> Result<SudokuModel, ModelError> {
        let mut model = Model::new();
        let cells = puzzle
            .cells
            .iter()
            .map(|&d| match d {
                0 => model.int_var(1..=9),
                d => model.int_var(d as i32..=d as i32),
            })
            .collect::<Result<Vec<VarId>, ModelError>>()?;
        for (_, unit) in units() {
            let vars = unit.map(|i| cells[i]);
            model.all_different(vars)?;
            // Redundant but strong: "each digit exactly once" lets arc
            // consistency place a digit that fits only one cell of a unit
            // (a hidden single), which all-different alone never does.
            for digit in 1..=9 {
                model.count_eq(vars, digit, 1)?;
            }
        }
        Ok(SudokuModel { model, cells })
    }

    /// The model to search.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The variables, one per cell, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// A solution's values as a grid.
    pub fn grid(&self, values: &[i32]) -> Grid {
        let mut digits = [0u8; 81];
        for (d, &var) in digits.iter_mut().zip(&self.cells) {
            *d = u8::try_from(values[var.index()]).unwrap_or(0);
        }
        Grid::from_digits(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn every_error_names_what_is_wrong() {
        let long = ".".repeat(82);
        assert_eq!(
            long.parse::<Grid>().unwrap_err().to_string(),
            "expected 81 characters, found 82"
        );
        let bad = ".".repeat(40) + "x" + &".".repeat(40);
        assert_eq!(
            bad.parse::<Grid>(),
            Err(SudokuError::BadChar {
                ch: 'x',
                position: 41
            })
        );
        // Same digit twice in column 1 (rows 1 and 5).
        let mut col = ".".repeat(81).into_bytes();
        col[0] = b'7';
        col[36] = b'7';
        let col = String::from_utf8(col).unwrap();
        assert_eq!(
            col.parse::<Grid>().unwrap_err().to_string(),
            "the clue 7 at r5c1 repeats the 7 at r1c1 in column 1"
        );
        // Same digit in box 9 but different rows and columns.
        let mut bx = ".".repeat(81).into_bytes();
        bx[60] = b'2';
        bx[80] = b'2';
        let bx = String::from_utf8(bx).unwrap();
        assert!(matches!(
            bx.parse::<Grid>(),
            Err(SudokuError::Conflict {
                unit: Unit::Box(9),
                ..
            })
        ));
    }

    #[test]
    fn zeros_and_dots_are_both_blanks_and_whitespace_is_trimmed() {
        let a: Grid = format!("  {}\r\n", "0".repeat(81)).parse().unwrap();
        let b: Grid = ".".repeat(81).parse().unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_solved_grid_solves_itself_and_a_changed_one_does_not() {
        let g: Grid = SOLVED.parse().unwrap();
        assert!(g.solves(&g));
        let mut d = *g.digits();
        d.swap(0, 1);
        assert!(!Grid::from_digits(d).solves(&Grid::from_digits([0; 81])));
    }

    #[test]
    fn the_model_accepts_a_solution_and_rejects_a_broken_one() {
        let g: Grid = SOLVED.parse().unwrap();
        let m = SudokuModel::new(&Grid::from_digits([0; 81])).unwrap();
        let values: Vec<i32> = g.digits().iter().map(|&d| d as i32).collect();
        assert!(m.model().is_solution(&values));
        let mut broken = values.clone();
        broken.swap(0, 9);
        assert!(!m.model().is_solution(&broken));
        assert_eq!(m.grid(&values), g);
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,100}") {
            let _ = s.parse::<Grid>();
        }

        #[test]
        fn near_valid_text_never_panics(s in "[0-9.x ]{79,83}") {
            let _ = s.parse::<Grid>();
        }

        /// Clue subsets of a solved grid parse and print back unchanged.
        #[test]
        fn valid_puzzles_round_trip(mask in proptest::collection::vec(any::<bool>(), 81)) {
            let line: String = SOLVED
                .chars()
                .zip(&mask)
                .map(|(c, &keep)| if keep { c } else { '.' })
                .collect();
            let grid: Grid = line.parse().unwrap();
            prop_assert_eq!(grid.to_line(), line);
            prop_assert_eq!(grid.to_line().parse::<Grid>().unwrap(), grid);
        }
    }
}
