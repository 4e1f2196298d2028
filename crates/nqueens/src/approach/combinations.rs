//! The tutorial's brute force: try every way of choosing `min(rows, cols)`
//! squares of the board and test each choice as a board.
//!
//! Squares are numbered row-major (`row * cols + col`) and the choices are
//! visited in lexicographic order, so the number of choices examined before
//! the first solution is a fixed, reproducible figure (741 for 4 × 4,
//! 433,354,409 for 8 × 8): the point of this module is to show how hopeless
//! blind enumeration is next to a real search, so every choice really is
//! visited and counted, none is skipped by reasoning.
//!
//! To keep the enumeration itself fast, each square has a precomputed bit
//! mask of the four lines through it (row, column, two diagonals), and the
//! union of the masks of the chosen squares is kept per prefix: when the
//! next choice changes only its last few squares, only those are re-tested.

use std::error::Error;
use std::fmt;

use crate::model::placement::{diagonals, Placement};

/// Line masks are `u128`: a board needs `rows + cols` bits for its rows and
/// columns and `2 * (rows + cols - 1)` for its diagonals.
type Lines = u128;

/// The largest `rows + cols` supported (`3 * 43 - 2 = 127` line bits), e.g.
/// any board up to 21 × 22.
///
/// # Examples
///
/// ```
/// use nqueens::combinations::{first_by_combinations, MAX_ROWS_PLUS_COLS};
///
/// assert!(first_by_combinations(MAX_ROWS_PLUS_COLS - 1, 1, None).is_ok());
/// assert!(first_by_combinations(MAX_ROWS_PLUS_COLS, 1, None).is_err());
/// ```
pub const MAX_ROWS_PLUS_COLS: usize = 43;

/// The most queens a supported board can need.
const MAX_QUEENS: usize = MAX_ROWS_PLUS_COLS / 2;

/// What a combination search found.
///
/// # Examples
///
/// ```
/// use nqueens::combinations::count_by_combinations;
///
/// let report = count_by_combinations(4, 4, None)?;
/// assert_eq!((report.examined, report.solutions, report.complete), (1820, 2, true));
/// assert_eq!(report.solution.unwrap().columns(), vec![1, 3, 0, 2]);
/// # Ok::<(), nqueens::combinations::CombinationError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombinationReport {
    /// Combinations examined, the last one included (so a solution found on
    /// the 741st combination reports 741).
    pub examined: u64,
    /// Solutions among the examined combinations.
    pub solutions: u64,
    /// The first solution in lexicographic order, if one was examined.
    pub solution: Option<Placement>,
    /// Whether the search did its whole job: found the first solution (for
    /// [`first_by_combinations`]) or examined every combination (for
    /// [`count_by_combinations`]), rather than stopping at the limit.
    pub complete: bool,
}

/// A board the combination search does not accept.
///
/// # Examples
///
/// ```
/// use nqueens::combinations::{first_by_combinations, CombinationError};
///
/// assert_eq!(
///     first_by_combinations(0, 5, None),
///     Err(CombinationError::EmptyBoard { rows: 0, cols: 5 })
/// );
/// assert!(matches!(
///     first_by_combinations(30, 30, None),
///     Err(CombinationError::TooLarge { .. })
/// ));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombinationError {
    /// The board has no rows or no columns.
    EmptyBoard {
        /// The requested number of rows.
        rows: usize,
        /// The requested number of columns.
        cols: usize,
    },
    /// `rows + cols` exceeds [`MAX_ROWS_PLUS_COLS`].
    TooLarge {
        /// The requested number of rows.
        rows: usize,
        /// The requested number of columns.
        cols: usize,
    },
}

impl fmt::Display for CombinationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombinationError::EmptyBoard { rows, cols } => {
                write!(f, "a {rows} × {cols} board has no squares")
            }
            CombinationError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} × {cols} board is too large for the combination search \
                 (rows + cols must be at most {MAX_ROWS_PLUS_COLS})"
            ),
        }
    }
}

impl Error for CombinationError {}

/// Examines combinations in lexicographic order until the first solution, or
/// until `limit` combinations have been examined.
///
/// # Examples
///
/// ```
/// use nqueens::combinations::first_by_combinations;
///
/// let report = first_by_combinations(4, 4, None)?;
/// assert_eq!(report.examined, 741);
/// assert_eq!(report.solution.unwrap().columns(), vec![1, 3, 0, 2]);
///
/// let cut = first_by_combinations(4, 4, Some(100))?;
/// assert_eq!((cut.examined, cut.solution, cut.complete), (100, None, false));
/// # Ok::<(), nqueens::combinations::CombinationError>(())
/// ```
pub fn first_by_combinations(
    rows: usize,
    cols: usize,
    limit: Option<u64>,
) -> Result<CombinationReport, CombinationError> {
    search(rows, cols, limit, true)
}

/// Examines every combination (or the first `limit`) and counts the
/// solutions.
///
/// # Examples
///
/// ```
/// use nqueens::combinations::count_by_combinations;
///
/// let report = count_by_combinations(3, 3, None)?;
/// assert_eq!((report.examined, report.solutions, report.complete), (84, 0, true));
/// # Ok::<(), nqueens::combinations::CombinationError>(())
/// ```
pub fn count_by_combinations(
    rows: usize,
    cols: usize,
    limit: Option<u64>,
) -> Result<CombinationReport, CombinationError> {
    search(rows, cols, limit, false)
}

/// The bit mask of the four lines through every square, in row-major order.
fn line_masks(rows: usize, cols: usize) -> Vec<Lines> {
    let diagonal_lines = rows + cols - 1;
    (0..rows * cols)
        .map(|square| {
            let (row, col) = (square / cols, square % cols);
            let (up, down) = diagonals(row, col, cols);
            let one: Lines = 1;
            one << row
                | one << (rows + col)
                | one << (rows + cols + up)
                | one << (rows + cols + diagonal_lines + down)
        })
        .collect()
}

fn search(
    rows: usize,
    cols: usize,
    limit: Option<u64>,
    stop_at_first: bool,
) -> Result<CombinationReport, CombinationError> {
    if rows == 0 || cols == 0 {
        return Err(CombinationError::EmptyBoard { rows, cols });
    }
    if rows + cols > MAX_ROWS_PLUS_COLS {
        return Err(CombinationError::TooLarge { rows, cols });
    }
    let masks = line_masks(rows, cols);
    let squares = masks.len();
    let k = rows.min(cols);
    let limit = limit.unwrap_or(u64::MAX);

    // pick[..k] is the current combination (strictly increasing squares).
    let mut pick = [0usize; MAX_QUEENS];
    for (i, p) in pick.iter_mut().enumerate().take(k) {
        *p = i;
    }
    // occupied[j] is the union of the masks of pick[..j], valid for j <= good,
    // where pick[..good] is the longest prefix of mutually safe squares.
    let mut occupied: [Lines; MAX_QUEENS + 1] = [0; MAX_QUEENS + 1];
    let mut good = 0;

    let mut report = CombinationReport {
        examined: 0,
        solutions: 0,
        solution: None,
        complete: false,
    };
    loop {
        if report.examined == limit {
            return Ok(report);
        }
        report.examined += 1;
        while good < k {
            let lines = masks[pick[good]];
            if occupied[good] & lines != 0 {
                break;
            }
            occupied[good + 1] = occupied[good] | lines;
            good += 1;
        }
        if good == k {
            report.solutions += 1;
            if report.solution.is_none() {
                let queens = pick[..k].iter().map(|&s| (s / cols, s % cols)).collect();
                let found = Placement::from_squares(rows, cols, queens);
                debug_assert!(found.is_legal());
                report.solution = Some(found);
                if stop_at_first {
                    report.complete = true;
                    return Ok(report);
                }
            }
        }
        // Next combination: bump the rightmost square that can still move,
        // and pack the ones after it right behind it.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < squares - k + i) else {
            report.complete = true;
            return Ok(report);
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
        good = good.min(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_solutions_known_answers() {
        let r = first_by_combinations(4, 4, None).unwrap();
        assert_eq!((r.examined, r.solutions, r.complete), (741, 1, true));
        assert_eq!(
            r.solution.unwrap().queens(),
            &[(0, 1), (1, 3), (2, 0), (3, 2)]
        );

        let r = first_by_combinations(2, 3, None).unwrap();
        assert_eq!((r.examined, r.complete), (5, true));
        assert_eq!(r.solution.unwrap().queens(), &[(0, 0), (1, 2)]);
    }

    #[test]
    fn first_solution_of_eight_queens_after_433_354_409() {
        let r = first_by_combinations(8, 8, None).unwrap();
        assert_eq!(r.examined, 433_354_409);
        assert!(r.complete);
        assert_eq!(r.solution.unwrap().columns(), vec![0, 4, 7, 5, 2, 6, 1, 3]);
    }

    #[test]
    fn counts_over_all_combinations() {
        let r = count_by_combinations(4, 4, None).unwrap();
        assert_eq!((r.examined, r.solutions, r.complete), (1820, 2, true));
        for n in [2, 3] {
            let r = count_by_combinations(n, n, None).unwrap();
            assert_eq!((r.solutions, r.solution, r.complete), (0, None, true));
        }
        // C(4, 2) and C(9, 3)
        assert_eq!(count_by_combinations(2, 2, None).unwrap().examined, 6);
        assert_eq!(count_by_combinations(3, 3, None).unwrap().examined, 84);
        // C(25, 5) and C(36, 6)
        let r = count_by_combinations(5, 5, None).unwrap();
        assert_eq!((r.examined, r.solutions), (53_130, 10));
        let r = count_by_combinations(6, 6, None).unwrap();
        assert_eq!((r.examined, r.solutions), (1_947_792, 4));
    }

    #[test]
    fn rectangular_boards_agree_with_their_transpose() {
        for (rows, cols) in [(1, 1), (1, 4), (2, 3), (2, 5), (3, 4), (3, 5), (4, 6)] {
            let wide = count_by_combinations(rows, cols, None).unwrap();
            let tall = count_by_combinations(cols, rows, None).unwrap();
            assert_eq!(wide.solutions, tall.solutions, "{rows} × {cols}");
            assert_eq!(wide.examined, tall.examined);
            assert!(wide.solution.is_some_and(|p| p.is_legal()));
        }
        assert_eq!(count_by_combinations(1, 4, None).unwrap().solutions, 4);
    }

    #[test]
    fn every_counted_solution_is_legal_by_brute_reckoning() {
        // Cross-check the incremental masks against Placement::is_legal on
        // every combination of a small board.
        let (rows, cols) = (3, 4);
        let mut legal = 0;
        let squares = rows * cols;
        for a in 0..squares {
            for b in a + 1..squares {
                for c in b + 1..squares {
                    let queens = [a, b, c].iter().map(|&s| (s / cols, s % cols)).collect();
                    legal += u64::from(Placement::new(rows, cols, queens).unwrap().is_legal());
                }
            }
        }
        let r = count_by_combinations(rows, cols, None).unwrap();
        assert_eq!(r.solutions, legal);
        assert_eq!(r.examined, 220); // C(12, 3)
    }

    #[test]
    fn limit_stops_the_search() {
        let r = first_by_combinations(4, 4, Some(741)).unwrap();
        assert!(r.complete && r.solution.is_some());
        let r = first_by_combinations(4, 4, Some(740)).unwrap();
        assert_eq!(
            (r.examined, r.solution.is_none(), r.complete),
            (740, true, false)
        );
        // The second solution, (2, 4, 11, 13), is combination 932.
        let r = count_by_combinations(4, 4, Some(931)).unwrap();
        assert_eq!((r.examined, r.solutions, r.complete), (931, 1, false));
        let r = count_by_combinations(4, 4, Some(932)).unwrap();
        assert_eq!((r.solutions, r.complete), (2, false));
        let r = count_by_combinations(4, 4, Some(1820)).unwrap();
        assert_eq!((r.solutions, r.complete), (2, true));
        let r = count_by_combinations(4, 4, Some(0)).unwrap();
        assert_eq!((r.examined, r.complete), (0, false));
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert_eq!(
            count_by_combinations(3, 0, None),
            Err(CombinationError::EmptyBoard { rows: 3, cols: 0 })
        );
        let err = first_by_combinations(22, 22, None).unwrap_err();
        assert_eq!(err, CombinationError::TooLarge { rows: 22, cols: 22 });
        assert!(err.to_string().contains("at most 43"));
        // The largest boards are accepted (and stopped by the limit).
        let r = first_by_combinations(21, 22, Some(10)).unwrap();
        assert_eq!((r.examined, r.complete), (10, false));
        let r = first_by_combinations(16, 16, Some(1)).unwrap();
        assert_eq!(r.examined, 1);
    }
}
