//! Text, JSON and SVG renderings of a [`Placement`].
//!
//! Rendering only reads a placement; it never searches or checks legality,
//! so partial or wrong boards render too. Single-line formats
//! ([`columns`], [`coords`], [`json`]) carry no trailing newline; multi-line
//! formats ([`board`], [`unicode`], [`svg`], [`svg_sheet`]) end every line
//! with `'\n'`. [`Format::is_multiline`] tells which is which.

use std::error::Error;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use serde::Serialize;

use crate::placement::Placement;

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
/// the `columns` field of [`json`] holds (`null` for `None`).
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

/// Side of one square in a single-board picture, in SVG user units.
const SQUARE: u32 = 48;
/// Side of one square on a sheet of many boards.
const SHEET_SQUARE: u32 = 24;
/// Space around a board (and between boards on a sheet).
const MARGIN: u32 = 16;
/// Height reserved under each board on a sheet for its index label.
const LABEL: u32 = 22;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const FRAME: &str = "#5d4030";

/// A chessboard picture as a standalone SVG document: alternating light and
/// dark squares, a drawn crown on every queen's square and a `<title>`.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::svg;
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// let picture = svg(&p);
/// assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(picture.contains("<title>4 × 4 board, queens in columns [1, 3, 0, 2]</title>"));
/// assert_eq!(picture.matches("class=\"queen\"").count(), 4);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn svg(placement: &Placement) -> String {
    let width = placement.cols() as u32 * SQUARE + 2 * MARGIN;
    let height = placement.rows() as u32 * SQUARE + 2 * MARGIN;
    let title = format!(
        "{} × {} board, queens in columns {}",
        placement.rows(),
        placement.cols(),
        columns(placement)
    );
    let mut out = Vec::new();
    let written = out
        .write_all(svg_open(width, height, &title).as_bytes())
        .and_then(|()| draw_board(&mut out, placement, MARGIN, MARGIN, SQUARE))
        .and_then(|()| out.write_all(b"</svg>\n"));
    written.expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the picture is UTF-8")
}

/// Many boards on one SVG document, `columns_per_row` boards to a row (0 is
/// treated as 1), each labelled under it with its 1-based index (`#1`,
/// `#2`, ...). Every cell is sized for the largest board given.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::svg_sheet;
///
/// let boards = [
///     Placement::from_columns(&[1, 3, 0, 2], 4)?,
///     Placement::from_columns(&[2, 0, 3, 1], 4)?,
/// ];
/// let sheet = svg_sheet(&boards, 5);
/// assert!(sheet.contains("<title>2 boards</title>"));
/// assert!(sheet.contains(">#2</text>"));
/// assert_eq!(sheet.matches("class=\"queen\"").count(), 8);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn svg_sheet(placements: &[Placement], columns_per_row: usize) -> String {
    let mut out = Vec::new();
    write_svg_sheet(&mut out, placements, columns_per_row).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the sheet is UTF-8")
}

/// Writes the sheet of [`svg_sheet`] to `out` board by board, so the
/// document is never held in memory whole.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::{svg_sheet, write_svg_sheet};
///
/// let boards = [Placement::from_columns(&[1, 3, 0, 2], 4)?];
/// let mut out = Vec::new();
/// write_svg_sheet(&mut out, &boards, 3)?;
/// assert_eq!(String::from_utf8(out).unwrap(), svg_sheet(&boards, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_svg_sheet(
    out: &mut dyn io::Write,
    placements: &[Placement],
    columns_per_row: usize,
) -> io::Result<()> {
    let per_row = columns_per_row.max(1).min(placements.len().max(1));
    let grid_rows = placements.len().div_ceil(per_row).max(1);
    let max_rows = placements.iter().map(Placement::rows).max().unwrap_or(0) as u32;
    let max_cols = placements.iter().map(Placement::cols).max().unwrap_or(0) as u32;
    let cell_width = max_cols * SHEET_SQUARE + MARGIN;
    let cell_height = max_rows * SHEET_SQUARE + LABEL + MARGIN;
    // At least wide enough for the "no boards" note of an empty sheet.
    let width = (per_row as u32 * cell_width + MARGIN).max(160);
    let height = grid_rows as u32 * cell_height + MARGIN;
    let title = match placements.len() {
        1 => "1 board".to_string(),
        n => format!("{n} boards"),
    };
    out.write_all(svg_open(width, height, &title).as_bytes())?;
    if placements.is_empty() {
        out.write_all(label(width / 2, height / 2 + 4, "no boards").as_bytes())?;
    }
    for (index, placement) in placements.iter().enumerate() {
        let x = MARGIN + (index % per_row) as u32 * cell_width;
        let y = MARGIN + (index / per_row) as u32 * cell_height;
        draw_board(out, placement, x, y, SHEET_SQUARE)?;
        let board_width = placement.cols() as u32 * SHEET_SQUARE;
        let board_height = placement.rows() as u32 * SHEET_SQUARE;
        let text = format!("#{}", index + 1);
        out.write_all(label(x + board_width / 2, y + board_height + 16, &text).as_bytes())?;
    }
    out.write_all(b"</svg>\n")
}

/// An output format for a placement.
///
/// # Examples
///
/// ```
/// use nqueens::render::Format;
///
/// let format: Format = "board".parse()?;
/// assert_eq!(format, Format::Board);
/// assert_eq!(format.to_string(), "board");
/// assert!("yaml".parse::<Format>().is_err());
/// # Ok::<(), nqueens::render::ParseFormatError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// [`columns`]: `[1, 3, 0, 2]`.
    Columns,
    /// [`coords`]: `[[0, 1], [1, 3], [2, 0], [3, 2]]`.
    Coords,
    /// [`board`]: dots and `Q`s.
    Board,
    /// [`unicode`]: a Unicode chessboard.
    Unicode,
    /// [`json`]: one compact JSON object.
    Json,
    /// [`svg`]: an SVG picture.
    Svg,
}

impl Format {
    /// Every format, in the order of their names in help texts.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::render::Format;
    ///
    /// let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    /// assert_eq!(names, ["columns", "coords", "board", "unicode", "json", "svg"]);
    /// ```
    pub const ALL: [Format; 6] = [
        Format::Columns,
        Format::Coords,
        Format::Board,
        Format::Unicode,
        Format::Json,
        Format::Svg,
    ];

    /// The name the format is parsed from and displayed as.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::render::Format;
    ///
    /// assert_eq!(Format::Unicode.name(), "unicode");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Columns => "columns",
            Format::Coords => "coords",
            Format::Board => "board",
            Format::Unicode => "unicode",
            Format::Json => "json",
            Format::Svg => "svg",
        }
    }

    /// Whether the rendering spans several lines (and then ends with a
    /// newline); single-line renderings have no trailing newline.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::render::Format;
    ///
    /// assert!(Format::Board.is_multiline());
    /// assert!(!Format::Json.is_multiline());
    /// ```
    pub fn is_multiline(self) -> bool {
        matches!(self, Format::Board | Format::Unicode | Format::Svg)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that [`Format`]'s `FromStr` does not know.
///
/// # Examples
///
/// ```
/// use nqueens::render::Format;
///
/// let err = "yaml".parse::<Format>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown format `yaml`; expected one of: columns, coords, board, unicode, json, svg"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFormatError {
    /// The text that failed to parse.
    pub input: String,
}

impl fmt::Display for ParseFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown format `{}`; expected one of: {}",
            self.input,
            names.join(", ")
        )
    }
}

impl Error for ParseFormatError {}

impl FromStr for Format {
    type Err = ParseFormatError;

    /// Parses a format name, ignoring ASCII case and surrounding spaces.
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        let wanted = s.trim();
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| ParseFormatError {
                input: s.to_string(),
            })
    }
}

/// Renders `placement` in `format`.
///
/// # Examples
///
/// ```
/// use nqueens::placement::Placement;
/// use nqueens::render::{render, Format};
///
/// let p = Placement::from_columns(&[1, 3, 0, 2], 4)?;
/// assert_eq!(render(Format::Columns, &p), "[1, 3, 0, 2]");
/// assert_eq!(render(Format::Board, &p).lines().count(), 4);
/// # Ok::<(), nqueens::placement::PlacementError>(())
/// ```
pub fn render(format: Format, placement: &Placement) -> String {
    match format {
        Format::Columns => columns(placement),
        Format::Coords => coords(placement),
        Format::Board => board(placement),
        Format::Unicode => unicode(placement),
        Format::Json => json(placement),
        Format::Svg => svg(placement),
    }
}

/// Square colours follow the chessboard: the top-left square is light.
fn is_dark(row: usize, col: usize) -> bool {
    (row + col) % 2 == 1
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

fn svg_open(width: u32, height: u32, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\">\n<title>{title}</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"
    )
}

fn label(x: u32, y: u32, text: &str) -> String {
    format!(
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" font-family=\"sans-serif\" \
         font-size=\"13\" fill=\"#333333\">{text}</text>\n"
    )
}

/// The queen's crown, drawn in a 48 × 48 box and scaled to the square.
const CROWN: &str = "<path d=\"M11 37 L6 17 L15 28 L15.5 13 L21.5 27 L24 10 L26.5 27 \
     L32.5 13 L33 28 L42 17 L37 37 Z\"/>\
     <rect x=\"10\" y=\"37\" width=\"28\" height=\"5\" rx=\"2\"/>\
     <circle cx=\"6\" cy=\"15\" r=\"2.6\"/><circle cx=\"15.5\" cy=\"11\" r=\"2.6\"/>\
     <circle cx=\"24\" cy=\"8\" r=\"2.6\"/><circle cx=\"32.5\" cy=\"11\" r=\"2.6\"/>\
     <circle cx=\"42\" cy=\"15\" r=\"2.6\"/>";

/// Appends one framed board with its top-left corner at `(x, y)`.
fn draw_board(
    out: &mut dyn io::Write,
    placement: &Placement,
    x: u32,
    y: u32,
    square: u32,
) -> io::Result<()> {
    let (rows, cols) = (placement.rows() as u32, placement.cols() as u32);
    let (width, height) = (cols * square, rows * square);
    let frame = (square / 12).max(1);
    writeln!(
        out,
        "<g transform=\"translate({x} {y})\">\n\
         <rect x=\"-{frame}\" y=\"-{frame}\" width=\"{}\" height=\"{}\" fill=\"{FRAME}\"/>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"{LIGHT}\"/>",
        width + 2 * frame,
        height + 2 * frame,
    )?;
    for row in 0..placement.rows() {
        for col in (0..placement.cols()).filter(|&col| is_dark(row, col)) {
            writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{square}\" height=\"{square}\" fill=\"{DARK}\"/>",
                col as u32 * square,
                row as u32 * square,
            )?;
        }
    }
    let scale = f64::from(square) / 48.0;
    for &(row, col) in placement.queens() {
        writeln!(
            out,
            "<g class=\"queen\" transform=\"translate({} {}) scale({scale})\" fill=\"#fbfbfb\" \
             stroke=\"#1c1c1c\" stroke-width=\"2\" stroke-linejoin=\"round\">{CROWN}</g>",
            col as u32 * square,
            row as u32 * square,
        )?;
    }
    out.write_all(b"</g>\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Placement {
        Placement::from_columns(&[1, 3, 0, 2], 4).unwrap()
    }

    fn eight() -> Placement {
        Placement::from_columns(&[0, 4, 7, 5, 2, 6, 1, 3], 8).unwrap()
    }

    /// Parses an SVG document and returns its root element's tag name.
    fn parse_svg(text: &str) -> roxmltree::Document<'_> {
        let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert_eq!(
            doc.root_element().tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        doc
    }

    fn count_elements(
        doc: &roxmltree::Document<'_>,
        pred: impl Fn(roxmltree::Node<'_, '_>) -> bool,
    ) -> usize {
        doc.descendants()
            .filter(|n| n.is_element() && pred(*n))
            .count()
    }

    #[test]
    fn text_formats() {
        let p = four();
        assert_eq!(columns(&p), "[1, 3, 0, 2]");
        assert_eq!(coords(&p), "[[0, 1], [1, 3], [2, 0], [3, 2]]");
        assert_eq!(board(&p), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
        assert_eq!(unicode(&p), "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ □\n");
        assert_eq!(
            json(&p),
            r#"{"rows":4,"cols":4,"columns":[1,3,0,2],"queens":[[0,1],[1,3],[2,0],[3,2]]}"#
        );
    }

    #[test]
    fn partial_and_rectangular_boards_render() {
        let tall = Placement::new(3, 2, vec![(0, 0), (2, 1)]).unwrap();
        assert_eq!(board(&tall), "Q .\n. .\n. Q\n");
        // The empty middle row shows: [0, 1] would also read as (0, 0), (1, 1).
        assert_eq!(columns(&tall), "[0, -, 1]");
        assert!(json(&tall).contains(r#""columns":[0,null,1]"#));
        assert_eq!(coords(&tall), "[[0, 0], [2, 1]]");
        let dup = Placement::new(2, 2, vec![(0, 1), (0, 1), (1, 0)]).unwrap();
        assert_eq!(board(&dup), ". Q\nQ .\n");
        let empty = Placement::new(0, 0, vec![]).unwrap();
        assert_eq!(board(&empty), "");
        assert_eq!(
            json(&empty),
            r#"{"rows":0,"cols":0,"columns":[],"queens":[]}"#
        );
        parse_svg(&svg(&empty));
    }

    #[test]
    fn json_round_trips_through_serde() {
        let value: serde_json::Value = serde_json::from_str(&json(&eight())).unwrap();
        assert_eq!(value["rows"], 8);
        assert_eq!(
            value["columns"],
            serde_json::json!([0, 4, 7, 5, 2, 6, 1, 3])
        );
        assert_eq!(value["queens"][2], serde_json::json!([2, 7]));
    }

    #[test]
    fn svg_is_a_well_formed_chessboard() {
        let text = svg(&eight());
        let doc = parse_svg(&text);
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(
            title.text(),
            Some("8 × 8 board, queens in columns [0, 4, 7, 5, 2, 6, 1, 3]")
        );
        assert_eq!(
            count_elements(&doc, |n| n.attribute("fill") == Some(DARK)),
            32
        );
        assert_eq!(
            count_elements(&doc, |n| n.attribute("class") == Some("queen")),
            8
        );
        assert_eq!(doc.root_element().attribute("width"), Some("416"));
        // Queens sit on their squares: (2, 7) is at x = 7 * 48, y = 2 * 48.
        assert!(text.contains("translate(336 96) scale(1)"));
    }

    #[test]
    fn sheet_lays_boards_out_in_a_grid() {
        let boards: Vec<Placement> = (0..5).map(|_| eight()).collect();
        let text = svg_sheet(&boards, 2);
        let doc = parse_svg(&text);
        let labels: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(labels, ["#1", "#2", "#3", "#4", "#5"]);
        assert_eq!(
            count_elements(&doc, |n| n.attribute("class") == Some("queen")),
            40
        );
        // 2 columns, 3 rows of 8 × 24 + 16 wide and 8 × 24 + 22 + 16 high cells.
        assert_eq!(doc.root_element().attribute("width"), Some("432"));
        assert_eq!(doc.root_element().attribute("height"), Some("706"));
        // Board 4 (index 3) starts the second row's second cell.
        assert!(text.contains("<g transform=\"translate(224 246)\">"));
    }

    #[test]
    fn sheet_edge_cases() {
        let doc_text = svg_sheet(&[], 4);
        let doc = parse_svg(&doc_text);
        assert_eq!(count_elements(&doc, |n| n.has_tag_name("text")), 1);
        // Zero columns per row is treated as one; mixed sizes share a cell size.
        let mixed = [four(), Placement::new(2, 5, vec![(0, 0), (1, 2)]).unwrap()];
        let doc_text = svg_sheet(&mixed, 0);
        let doc = parse_svg(&doc_text);
        assert_eq!(count_elements(&doc, |n| n.has_tag_name("text")), 2);
        assert!(doc_text.contains("<title>2 boards</title>"));
        assert!(svg_sheet(&mixed[..1], 3).contains("<title>1 board</title>"));
    }

    #[test]
    fn formats_parse_display_and_render() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
            assert_eq!(format.to_string(), format.name());
            let text = render(format, &four());
            assert_eq!(text.ends_with('\n'), format.is_multiline(), "{format}");
        }
        assert_eq!(" JSON ".parse::<Format>(), Ok(Format::Json));
        let err = "png".parse::<Format>().unwrap_err();
        assert_eq!(err.input, "png");
        for format in Format::ALL {
            assert!(err.to_string().contains(format.name()));
        }
        assert_eq!(render(Format::Svg, &four()), svg(&four()));
    }
}
