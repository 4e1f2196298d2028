//! The text renderings: one-line lists of columns or coordinates, and the
//! board drawn with dots and `Q`s or as a Unicode chessboard.

use super::is_dark;
use crate::model::placement::Placement;

/// The column of the queen in each row, as `[1, 3, 0, 2]`. A board with
/// more rows than columns leaves some rows empty: they show as `-`
/// (`[0, -, 1, -, 2]` on 5 × 3), so every solution reads back unambiguously.
/// A row holding several queens (only on illegal placements) shows the
/// first; [`coords`] lists every queen of any placement.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::columns;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(columns(&p), "[1, 3, 0, 2]");
/// let tall = Placement::new(5, 3, vec![(0, 0), (2, 1), (4, 2)])?;
/// assert_eq!(columns(&tall), "[0, -, 1, -, 2]");
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn columns(placement: &Placement) -> String {
    let cells: Vec<String> = row_columns(placement)
        .into_iter()
        .map(|col| col.map_or_else(|| "-".to_string(), |c| c.to_string()))
        .collect();
    format!("[{}]", cells.join(", "))
}

/// The column of the queen in each row, `None` for a row without a queen
/// (the first queen of a row holding several): what [`columns`] prints and
/// the `columns` field of [`json`](super::json) holds (`null` for `None`).
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::row_columns;
///
/// let tall = Placement::new(3, 2, vec![(0, 0), (2, 1)])?;
/// assert_eq!(row_columns(&tall), vec![Some(0), None, Some(1)]);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn row_columns(placement: &Placement) -> Vec<Option<usize>> {
    let mut cols = vec![None; placement.rows()];
    // Queens are sorted by row, then column: the first of a row comes first.
    for &(row, col) in placement.queens().iter().rev() {
        cols[row] = Some(col);
    }
    cols
}

/// The queens as `[row, col]` pairs, as `[[0, 1], [1, 3], [2, 0], [3, 2]]`.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::coords;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(coords(&p), "[[0, 1], [1, 3], [2, 0], [3, 2]]");
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn coords(placement: &Placement) -> String {
    let pairs: Vec<[usize; 2]> = placement.queens().iter().map(|&(r, c)| [r, c]).collect();
    format!("{pairs:?}")
}

/// One text line per row, squares separated by spaces: `Q` for a queen,
/// `.` for an empty square.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::board;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(board(&p), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn board(placement: &Placement) -> String {
    text_grid(placement, |_, _, queen| if queen { "Q" } else { "." })
}

/// The board drawn with Unicode, one line per row: `♛` for a queen, `□` for
/// an empty light square and `■` for an empty dark square (the top-left
/// square is light, as on a chessboard).
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::unicode;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(unicode(&p), "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ □\n");
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn unicode(placement: &Placement) -> String {
    text_grid(placement, |row, col, queen| {
        match (queen, is_dark(row, col)) {
            (true, _) => "♛",
            (false, false) => "□",
            (false, true) => "■",
        }
    })
}

/// The board as text, one `'\n'`-terminated line per row, each square drawn
/// by `square(row, col, has_queen)` and separated by single spaces.
fn text_grid(placement: &Placement, square: impl Fn(usize, usize, bool) -> &'static str) -> String {
    let mut queens = placement.queens().iter().peekable();
    let mut out = String::new();
    for row in 0..placement.rows() {
        for col in 0..placement.cols() {
            // Queens are sorted by (row, col), the order squares are visited in.
            let queen = queens.next_if(|&&q| q == (row, col)).is_some();
            // A duplicated square would otherwise shift later queens.
            while queens.next_if(|&&q| q == (row, col)).is_some() {}
            if col > 0 {
                out.push(' ');
            }
            out.push_str(square(row, col, queen));
        }
        out.push('\n');
    }
    out
}
