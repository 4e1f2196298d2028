//! The SVG renderings: one chessboard picture, or a sheet of many boards
//! written board by board.

use super::is_dark;
use super::text::columns;
use crate::model::placement::Placement;
use std::io::{self, Write};

/// Side of one square in a single-board picture, in SVG user units.
const SQUARE: u32 = 48;
/// Side of one square on a sheet of many boards.
const SHEET_SQUARE: u32 = 24;
/// Space around a board (and between boards on a sheet).
const MARGIN: u32 = 16;
/// Height reserved under each board on a sheet for its index label.
const LABEL: u32 = 22;

const LIGHT: &str = "#f0d9b5";
pub(super) const DARK: &str = "#b58863";
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
