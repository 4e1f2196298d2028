//! A nonogram's picture as text.

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
