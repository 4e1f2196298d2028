//! The JSON rendering: one compact object per placement.

use super::text::row_columns;
use crate::model::placement::Placement;
use serde::Serialize;

/// One compact JSON object:
/// `{"rows":4,"cols":4,"columns":[1,3,0,2],"queens":[[0,1],[1,3],[2,0],[3,2]]}`.
/// `columns` is [`row_columns`]: `null` for a row without a queen (boards
/// with more rows than columns).
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::json;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(
///     json(&p),
///     r#"{"rows":4,"cols":4,"columns":[1,3,0,2],"queens":[[0,1],[1,3],[2,0],[3,2]]}"#
/// );
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn json(placement: &Placement) -> String {
    #[derive(Serialize)]
    struct Json<'a> {
        rows: usize,
        cols: usize,
        columns: Vec<Option<usize>>,
        queens: &'a [(usize, usize)],
    }
    let value = Json {
        rows: placement.rows(),
        cols: placement.cols(),
        columns: row_columns(placement),
        queens: placement.queens(),
    };
    serde_json::to_string(&value).expect("integers and arrays always serialise")
}
