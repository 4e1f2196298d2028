//! The symmetries of the board, used to group solutions into classes.
//!
//! A square board has eight symmetries (the dihedral group: identity, three
//! rotations, four reflections); a non-square board keeps only four
//! (identity, the two mirrors and the half turn), because a quarter turn or a
//! diagonal reflection would change its shape. Each symmetry maps a solution
//! to a solution, so solutions fall into classes, each represented by its
//! least member under [`Placement`]'s ordering.

use crate::model::placement::Placement;

/// One geometric transform of a board.
///
/// Applied to a `rows × cols` placement, the transforms that turn the board a
/// quarter or reflect it in a diagonal produce a `cols × rows` placement; the
/// others keep the shape. [`Transform::for_board`] lists the ones that map
/// a board onto itself.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::symmetry::Transform;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(Transform::MirrorColumns.apply(&p).columns(), vec![2, 0, 3, 1]);
/// assert_eq!(Transform::Rotate90.apply(&p), p); // this solution is rotation-symmetric
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transform {
    /// Leaves every queen where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Horizontal mirror: reflects left to right, so column `c` becomes `cols - 1 - c`.
    MirrorColumns,
    /// Vertical mirror: reflects top to bottom, so row `r` becomes `rows - 1 - r`.
    MirrorRows,
    /// Reflection in the main (top-left to bottom-right) diagonal.
    Transpose,
    /// Reflection in the anti-diagonal (top-right to bottom-left).
    AntiTranspose,
}

impl Transform {
    /// All eight transforms: the symmetry group of a square board.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::symmetry::Transform;
    ///
    /// assert_eq!(Transform::ALL.len(), 8);
    /// assert_eq!(Transform::ALL[0], Transform::Identity);
    /// ```
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rotate90,
        Transform::Rotate180,
        Transform::Rotate270,
        Transform::MirrorColumns,
        Transform::MirrorRows,
        Transform::Transpose,
        Transform::AntiTranspose,
    ];

    /// The four transforms that keep a non-square board's shape.
    const SHAPE_PRESERVING: [Transform; 4] = [
        Transform::Identity,
        Transform::MirrorColumns,
        Transform::MirrorRows,
        Transform::Rotate180,
    ];

    /// The symmetry group of a `rows × cols` board: all eight transforms when
    /// it is square, otherwise the four that keep its shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::symmetry::Transform;
    ///
    /// assert_eq!(Transform::for_board(8, 8).len(), 8);
    /// assert_eq!(Transform::for_board(5, 7).len(), 4);
    /// assert!(!Transform::for_board(5, 7).contains(&Transform::Rotate90));
    /// ```
    pub fn for_board(rows: usize, cols: usize) -> &'static [Transform] {
        if rows == cols {
            &Transform::ALL
        } else {
            &Transform::SHAPE_PRESERVING
        }
    }

    /// The image of `placement` under this transform.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::placement::Placement;
    /// use nqueens::symmetry::Transform;
    ///
    /// // A 2 × 3 board turned a quarter becomes a 3 × 2 board.
    /// let p = Placement::new(2, 3, vec![(0, 0), (1, 2)])?;
    /// let q = Transform::Rotate90.apply(&p);
    /// assert_eq!((q.rows(), q.cols()), (3, 2));
    /// assert_eq!(q.queens(), &[(0, 1), (2, 0)]);
    /// # Ok::<(), nqueens::placement::PlacementError>(())
    /// ```
    pub fn apply(self, placement: &Placement) -> Placement {
        let (rows, cols) = (placement.rows(), placement.cols());
        let (image_rows, image_cols) = if self.swaps_axes() {
            (cols, rows)
        } else {
            (rows, cols)
        };
        placement.map_squares(image_rows, image_cols, |r, c| {
            self.map_square(rows, cols, r, c)
        })
    }

    /// Whether rows become columns (a quarter turn or a diagonal reflection).
    fn swaps_axes(self) -> bool {
        matches!(
            self,
            Transform::Rotate90
                | Transform::Rotate270
                | Transform::Transpose
                | Transform::AntiTranspose
        )
    }

    /// Where the square `(r, c)` of a `rows × cols` board goes under this
    /// transform.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::symmetry::Transform;
    ///
    /// // A quarter turn takes the top-left corner to the top-right.
    /// assert_eq!(Transform::Rotate90.map_square(8, 8, 0, 0), (0, 7));
    /// assert_eq!(Transform::MirrorRows.map_square(5, 7, 0, 3), (4, 3));
    /// ```
    ///
    /// # Panics
    /// If `(r, c)` is not a square of the board.
    pub fn map_square(self, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
        assert!(
            r < rows && c < cols,
            "({r}, {c}) is off a {rows} × {cols} board"
        );
        match self {
            Transform::Identity => (r, c),
            Transform::Rotate90 => (c, rows - 1 - r),
            Transform::Rotate180 => (rows - 1 - r, cols - 1 - c),
            Transform::Rotate270 => (cols - 1 - c, r),
            Transform::MirrorColumns => (r, cols - 1 - c),
            Transform::MirrorRows => (rows - 1 - r, c),
            Transform::Transpose => (c, r),
            Transform::AntiTranspose => (cols - 1 - c, rows - 1 - r),
        }
    }
}

/// The distinct images of `placement` under its board's symmetry group,
/// sorted ascending. The placement itself is always among them.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::symmetry::images;
///
/// // The 4-queens solution is unchanged by a quarter turn: only 2 images.
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(images(&p).len(), 2);
/// // A typical 8-queens solution has 8.
/// let q = Placement::from_columns(&[0, 4, 7, 5, 2, 6, 1, 3], 8)?;
/// assert_eq!(images(&q).len(), 8);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn images(placement: &Placement) -> Vec<Placement> {
    let mut all: Vec<Placement> = Transform::for_board(placement.rows(), placement.cols())
        .iter()
        .map(|t| t.apply(placement))
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The representative of `placement`'s symmetry class: its least image.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::symmetry::canonical;
///
/// let a = Placement::from_columns(&[2, 0, 3, 1], 4)?;
/// let b = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(canonical(&a), b);
/// assert_eq!(canonical(&b), b);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn canonical(placement: &Placement) -> Placement {
    Transform::for_board(placement.rows(), placement.cols())
        .iter()
        .map(|t| t.apply(placement))
        .min()
        .expect("every symmetry group contains the identity")
}

/// Whether `placement` is the representative of its symmetry class, i.e. no
/// image of it is smaller.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::symmetry::is_canonical;
///
/// assert!(is_canonical(&Placement::from_columns(&[1, 3, 0, 2], 4)?));
/// assert!(!is_canonical(&Placement::from_columns(&[2, 0, 3, 1], 4)?));
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn is_canonical(placement: &Placement) -> bool {
    let (rows, cols) = (placement.rows(), placement.cols());
    let queens = placement.queens();
    let transforms = Transform::for_board(rows, cols);
    // One queen in each row (row i holds queens[i], as they are sorted),
    // the common case (every solution handed over for `--unique`): an
    // image with one queen in each row compares as its column list, built
    // on the stack with no sort. A quarter turn or a diagonal reflection
    // keeps that only when the columns are distinct too.
    let per_row = rows <= FAST_ROWS
        && queens.len() == rows
        && queens.iter().enumerate().all(|(i, &(r, _))| r == i);
    if !per_row {
        return transforms.iter().all(|t| t.apply(placement) >= *placement);
    }
    let mut columns = [0; FAST_ROWS];
    let mut seen = 0u64;
    for (i, &(_, c)) in queens.iter().enumerate() {
        columns[i] = c;
        seen |= 1u64.checked_shl(c as u32).unwrap_or(0);
    }
    let distinct = cols <= FAST_ROWS && seen.count_ones() as usize == rows;
    transforms.iter().all(|&t| {
        if t.swaps_axes() && !distinct {
            return t.apply(placement) >= *placement;
        }
        let mut image = [0; FAST_ROWS];
        for &(r, c) in queens {
            let (image_row, image_col) = t.map_square(rows, cols, r, c);
            image[image_row] = image_col;
        }
        image[..rows] >= columns[..rows]
    })
}

/// Boards of at most this many rows take [`is_canonical`]'s fast path.
const FAST_ROWS: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of an `n × n` board, by plain recursion over one
    /// column per row, checked with [`Placement::is_legal`].
    fn brute_force(n: usize) -> Vec<Placement> {
        fn extend(n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Placement>) {
            if prefix.len() == n {
                // Every prefix was checked on the way down, this one included.
                out.push(Placement::from_columns(prefix, n).unwrap());
                return;
            }
            for c in 0..n {
                prefix.push(c);
                // Prune as soon as the prefix, read as a narrower board, is illegal.
                let rows = prefix.len();
                let partial = Placement::new(rows, n, prefix.iter().copied().enumerate().collect());
                if partial.unwrap().is_legal() {
                    extend(n, prefix, out);
                }
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        extend(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn brute_force_matches_known_totals() {
        let totals: Vec<usize> = (1..=8).map(|n| brute_force(n).len()).collect();
        assert_eq!(totals, [1, 0, 0, 2, 10, 4, 40, 92]);
    }

    #[test]
    fn canonical_solution_counts() {
        let counts: Vec<usize> = (1..=8)
            .map(|n| brute_force(n).iter().filter(|p| is_canonical(p)).count())
            .collect();
        assert_eq!(counts, [1, 0, 0, 1, 2, 1, 6, 12]);
    }

    #[test]
    fn classes_partition_the_solutions() {
        for n in 1..=8 {
            let solutions = brute_force(n);
            let mut class_sizes = 0;
            for p in solutions.iter().filter(|p| is_canonical(p)) {
                let imgs = images(p);
                assert!(imgs.iter().all(|q| q.is_legal() && canonical(q) == *p));
                assert_eq!(imgs[0], *p);
                class_sizes += imgs.len();
            }
            assert_eq!(class_sizes, solutions.len(), "n = {n}");
        }
    }

    #[test]
    fn group_is_closed_and_rotations_compose() {
        let p = Placement::from_columns(&[0, 4, 7, 5, 2, 6, 1, 3], 8).unwrap();
        let r90 = Transform::Rotate90.apply(&p);
        assert_eq!(
            Transform::Rotate90.apply(&r90),
            Transform::Rotate180.apply(&p)
        );
        assert_eq!(Transform::Rotate270.apply(&r90), p);
        assert_eq!(
            Transform::MirrorColumns.apply(&Transform::Transpose.apply(&p)),
            Transform::Rotate90.apply(&p)
        );
        assert_eq!(
            Transform::Rotate180.apply(&Transform::Transpose.apply(&p)),
            Transform::AntiTranspose.apply(&p)
        );
        for t in Transform::ALL {
            let image = t.apply(&p);
            assert!(image.is_legal());
            assert_eq!(images(&image), images(&p));
        }
    }

    #[test]
    fn non_square_boards_keep_their_shape() {
        let p = Placement::new(2, 4, vec![(0, 0), (1, 2)]).unwrap();
        let imgs = images(&p);
        assert!(imgs.iter().all(|q| (q.rows(), q.cols()) == (2, 4)));
        assert_eq!(
            imgs.iter().map(Placement::queens).collect::<Vec<_>>(),
            vec![
                &[(0, 0), (1, 2)][..],
                &[(0, 1), (1, 3)][..],
                &[(0, 2), (1, 0)][..],
                &[(0, 3), (1, 1)][..],
            ]
        );
        assert!(is_canonical(&p));
        assert_eq!(canonical(&imgs[3]), p);
    }

    #[test]
    fn is_canonical_agrees_with_the_least_image() {
        // Every placement of one queen per row on small boards (square and
        // not, columns repeated or not), and a few with empty rows: the
        // fast path against the definition.
        let mut placements = Vec::new();
        for (rows, cols) in [(1, 1), (2, 3), (3, 3), (3, 2), (4, 4), (2, 5)] {
            let mut columns = vec![0; rows];
            loop {
                placements.push(Placement::from_columns(&columns, cols).unwrap());
                let Some(i) = columns.iter().rposition(|&c| c + 1 < cols) else {
                    break;
                };
                columns[i] += 1;
                columns[i + 1..].fill(0);
            }
            placements.push(Placement::new(rows, cols, vec![(rows - 1, 0)]).unwrap());
        }
        for p in &placements {
            assert_eq!(is_canonical(p), canonical(p) == *p, "{p:?}");
        }
        let wide = Placement::from_columns(&[70, 3], 80).unwrap();
        assert_eq!(is_canonical(&wide), canonical(&wide) == wide);
    }

    #[test]
    fn empty_and_single_square_boards() {
        let empty = Placement::new(0, 0, vec![]).unwrap();
        assert_eq!(images(&empty), vec![empty.clone()]);
        let one = Placement::from_columns(&[0], 1).unwrap();
        assert_eq!(images(&one), vec![one.clone()]);
        assert!(is_canonical(&one));
    }
}
