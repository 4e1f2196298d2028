//! Text, JSON and SVG renderings of a [`Placement`].
//!
//! Rendering only reads a placement; it never searches or checks legality,
//! so partial or wrong boards render too. Single-line formats
//! ([`columns`], [`coords`], [`json`]) carry no trailing newline; multi-line
//! formats ([`board`], [`unicode`], [`svg`], [`svg_sheet`]) end every line
//! with `'\n'`. [`Format::is_multiline`] tells which is which.
//!
//! One module per kind of output: `text.rs` (columns, coordinates,
//! dot-and-Q, Unicode), `json.rs`, `svg.rs` (a board and a sheet of
//! boards); [`Format`] names them for `--format` and [`render`] dispatches.

mod json;
mod svg;
mod text;

pub use json::json;
pub use svg::{svg, svg_sheet, write_svg_sheet};
pub use text::{board, columns, coords, row_columns, unicode};

use crate::model::placement::Placement;
use std::error::Error;
use std::fmt;
use std::str::FromStr;

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

#[cfg(test)]
mod tests {
    use super::svg::DARK;
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
