//! The hand-written bit-mask n-queens counter: the **speed reference**.
//!
//! This is the classic specialised method (one queen per row; three bit masks
//! record the columns and the two diagonal directions already attacked;
//! `avail = !(cols | ld | rd) & mask` gives the free squares of the next row,
//! taken lowest set bit first). It knows nothing of the generic engine and is
//! not the crate's main path: it exists so that benchmarks and tests have a
//! fast, independent answer to compare the engine's counts and speed against.
//!
//! Board sizes `1..=32` are accepted. Counting is exponential, so in practice
//! only sizes up to the high teens finish in reasonable time.

use std::error::Error;
use std::fmt;

/// The largest board side the counter accepts: the masks are `u64`, and one
/// spare bit above the board keeps the diagonal shift well defined.
///
/// # Examples
///
/// ```
/// use nqueens::reference::{count, MAX_N};
///
/// assert!(count(MAX_N + 1).is_err());
/// ```
pub const MAX_N: usize = 32;

/// A board size the reference counter does not accept.
///
/// # Examples
///
/// ```
/// use nqueens::reference::{count, ReferenceError};
///
/// assert_eq!(count(0), Err(ReferenceError::InvalidSize { n: 0 }));
/// assert_eq!(
///     count(33).unwrap_err().to_string(),
///     "board size 33 is not supported by the reference counter (expected 1..=32)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceError {
    /// `n` was 0 or larger than [`MAX_N`].
    InvalidSize {
        /// The rejected board size.
        n: usize,
    },
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReferenceError::InvalidSize { n } => write!(
                f,
                "board size {n} is not supported by the reference counter (expected 1..={MAX_N})"
            ),
        }
    }
}

impl Error for ReferenceError {}

fn check(n: usize) -> Result<u64, ReferenceError> {
    if (1..=MAX_N).contains(&n) {
        Ok((1u64 << n) - 1)
    } else {
        Err(ReferenceError::InvalidSize { n })
    }
}

/// Attack masks after some rows have been filled: columns taken, and the
/// diagonals that reach the next row going left (`ld`) and right (`rd`).
#[derive(Clone, Copy, Default)]
struct Masks {
    cols: u64,
    ld: u64,
    rd: u64,
}

impl Masks {
    fn free(self, mask: u64) -> u64 {
        !(self.cols | self.ld | self.rd) & mask
    }

    /// The masks for the next row after placing a queen on `bit`.
    fn place(self, bit: u64, mask: u64) -> Masks {
        Masks {
            cols: self.cols | bit,
            ld: ((self.ld | bit) << 1) & mask,
            rd: (self.rd | bit) >> 1,
        }
    }
}

/// Counts the completions of a board whose rows `0..row` are already filled
/// (attacks in `masks`), with the queen of `row` restricted to `first`.
/// Returns `(solutions, queens placed)`.
///
/// Iterative depth-first search over an explicit stack of per-row state.
fn complete(n: usize, mask: u64, row: usize, masks: Masks, first: u64) -> (u64, u64) {
    let mut solutions = 0;
    let mut nodes = 0;
    let mut stack = [Masks::default(); MAX_N];
    let mut avail = [0u64; MAX_N];
    let base = row;
    let mut row = row;
    stack[row] = masks;
    avail[row] = first;
    loop {
        let free = avail[row];
        if free == 0 {
            if row == base {
                return (solutions, nodes);
            }
            row -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        avail[row] = free ^ bit;
        nodes += 1;
        if row + 1 == n {
            solutions += 1;
            continue;
        }
        let next = stack[row].place(bit, mask);
        row += 1;
        stack[row] = next;
        avail[row] = next.free(mask);
    }
}

/// The number of solutions of the `n × n` n-queens puzzle.
///
/// Fails for `n == 0` or `n > 32`.
///
/// # Examples
///
/// ```
/// use nqueens::reference::count;
///
/// assert_eq!(count(8), Ok(92));
/// assert!(count(0).is_err());
/// ```
pub fn count(n: usize) -> Result<u64, ReferenceError> {
    count_with_nodes(n).map(|(solutions, _)| solutions)
}

/// The number of solutions together with the number of search nodes, i.e.
/// queens placed (every non-attacking partial placement of `1..=n` rows in
/// the first rows counts once). Useful to compare search effort with the
/// engine's.
///
/// # Examples
///
/// ```
/// use nqueens::reference::count_with_nodes;
///
/// assert_eq!(count_with_nodes(1), Ok((1, 1)));
/// // 4 + 6 + 4 + 2 non-attacking placements in rows 0, 0..=1, 0..=2, 0..=3.
/// assert_eq!(count_with_nodes(4), Ok((2, 16)));
/// ```
pub fn count_with_nodes(n: usize) -> Result<(u64, u64), ReferenceError> {
    let mask = check(n)?;
    Ok(complete(n, mask, 0, Masks::default(), mask))
}

/// [`count`] using the left-right mirror symmetry to search about half the
/// tree: the first row's queen is only tried in the left half and the count
/// doubled. For odd `n` the middle column of the first row is its own mirror
/// image, so there the second row's queen is restricted to the left half
/// instead (it cannot be in the middle column), again doubled; `n == 1`,
/// whose single solution is its own mirror image, is the one exception.
///
/// # Examples
///
/// ```
/// use nqueens::reference::{count, count_mirror};
///
/// assert_eq!(count_mirror(9), Ok(352));
/// assert_eq!(count_mirror(10), count(10));
/// ```
pub fn count_mirror(n: usize) -> Result<u64, ReferenceError> {
    let mask = check(n)?;
    if n == 1 {
        return Ok(1);
    }
    let half = n / 2;
    let left = (1u64 << half) - 1;
    let mut total = 2 * complete(n, mask, 0, Masks::default(), left).0;
    if n % 2 == 1 {
        let middle = 1u64 << half;
        let after = Masks::default().place(middle, mask);
        total += 2 * complete(n, mask, 1, after, after.free(mask) & left).0;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::placement::Placement;

    const KNOWN: [u64; 13] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];

    #[test]
    fn known_counts() {
        for (i, &expected) in KNOWN.iter().enumerate() {
            assert_eq!(count(i + 1), Ok(expected), "n = {}", i + 1);
        }
    }

    #[test]
    fn mirror_agrees_with_plain_count() {
        for n in 1..=13 {
            assert_eq!(count_mirror(n), count(n), "n = {n}");
        }
    }

    #[test]
    fn rejects_bad_sizes() {
        for n in [0, 33, 64, usize::MAX] {
            let err = ReferenceError::InvalidSize { n };
            assert_eq!(count(n), Err(err));
            assert_eq!(count_with_nodes(n), Err(err));
            assert_eq!(count_mirror(n), Err(err));
        }
    }

    #[test]
    fn largest_size_starts_cleanly() {
        // A full count of n = 32 is far out of reach; the mask arithmetic at
        // the top size must still be sound, so search just the first levels
        // by hand through the same helpers.
        let mask = check(MAX_N).unwrap();
        assert_eq!(mask, u32::MAX as u64);
        let after = Masks::default().place(1 << 31, mask);
        assert_eq!(after.free(mask), mask & !(1 << 31) & !(1 << 30));
    }

    /// Non-attacking partial placements of the first k rows, k = 1..=n,
    /// counted by naive recursion: the node count the bit-mask search must match.
    fn naive_nodes(n: usize, cols: &mut Vec<usize>) -> u64 {
        let row = cols.len();
        if row == n {
            return 0;
        }
        let mut nodes = 0;
        for c in 0..n {
            cols.push(c);
            // The first `row + 1` rows read as a narrower board.
            if Placement::from_columns(cols, n).unwrap().is_legal() {
                nodes += 1 + naive_nodes(n, cols);
            }
            cols.pop();
        }
        nodes
    }

    #[test]
    fn node_counts_match_naive_search() {
        for n in 1..=8 {
            let (solutions, nodes) = count_with_nodes(n).unwrap();
            assert_eq!(solutions, KNOWN[n - 1]);
            assert_eq!(nodes, naive_nodes(n, &mut Vec::new()), "n = {n}");
        }
    }
}
