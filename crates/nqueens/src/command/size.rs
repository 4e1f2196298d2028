//! Board sizes on the command line: `N`, `R C` or `RxC`.

use crate::model::board::{Board, MAX_SIDE};

/// One size argument as typed: a single number, or `RxC`.
///
/// ```
/// use nqueens::size::{parse_size_part, SizePart};
/// assert_eq!(parse_size_part("8"), Ok(SizePart::Number(8)));
/// assert_eq!(parse_size_part("5x7"), Ok(SizePart::Rect(5, 7)));
/// assert!(parse_size_part("8x").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizePart {
    /// `N`.
    Number(usize),
    /// `RxC`.
    Rect(usize, usize),
}

/// What sizes are accepted, for error messages.
pub const ACCEPTED: &str = "a board size is N, R C or RxC with whole numbers from 1 to \
                            16777216, such as 8, 5 7 or 5x7";

/// Parses one size argument (the clap value parser of `<SIZE>`).
///
/// ```
/// use nqueens::size::parse_size_part;
/// assert!(parse_size_part("0").unwrap_err().contains("at least one row"));
/// assert!(parse_size_part("-1").unwrap_err().contains("positive"));
/// assert!(parse_size_part("99999999999999999999").unwrap_err().contains("too large"));
/// assert!(parse_size_part("abc").unwrap_err().contains("N, R C or RxC"));
/// ```
pub fn parse_size_part(text: &str) -> Result<SizePart, String> {
    let t = text.trim();
    let split = t
        .char_indices()
        .find(|&(_, c)| matches!(c, 'x' | 'X' | '×'))
        .map(|(i, c)| (&t[..i], &t[i + c.len_utf8()..]));
    match split {
        Some((r, c)) => Ok(SizePart::Rect(side(r)?, side(c)?)),
        None => Ok(SizePart::Number(side(t)?)),
    }
}

/// One side: a whole number in `1..=MAX_SIDE`.
fn side(digits: &str) -> Result<usize, String> {
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!("sizes are positive; {ACCEPTED}"));
    }
    if digits.is_empty() {
        return Err(format!("a number is missing; {ACCEPTED}"));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("not a whole number; {ACCEPTED}"));
    }
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        return Err("a board needs at least one row and one column".to_string());
    }
    match trimmed.parse::<usize>() {
        Ok(n) if n <= MAX_SIDE => Ok(n),
        _ => Err(format!("too large: a side has at most {MAX_SIDE} squares")),
    }
}

/// Combines the size arguments (one or two) into a board.
///
/// ```
/// use nqueens::size::{board_from_parts, SizePart};
/// let b = board_from_parts(&[SizePart::Number(5), SizePart::Number(7)]).unwrap();
/// assert_eq!((b.rows(), b.cols()), (5, 7));
/// assert!(board_from_parts(&[SizePart::Rect(2, 3), SizePart::Number(4)]).is_err());
/// ```
pub fn board_from_parts(parts: &[SizePart]) -> Result<Board, String> {
    let (rows, cols) = match parts {
        [SizePart::Number(n)] => (*n, *n),
        [SizePart::Rect(r, c)] => (*r, *c),
        [SizePart::Number(r), SizePart::Number(c)] => (*r, *c),
        _ => {
            return Err(
                "invalid size: give N, R C or RxC, not RxC together with another number".into(),
            )
        }
    };
    Board::new(rows, cols).map_err(|e| format!("invalid size: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_forms() {
        assert_eq!(parse_size_part(" 12 "), Ok(SizePart::Number(12)));
        assert_eq!(parse_size_part("007"), Ok(SizePart::Number(7)));
        assert_eq!(parse_size_part("3X4"), Ok(SizePart::Rect(3, 4)));
        assert_eq!(parse_size_part("3×4"), Ok(SizePart::Rect(3, 4)));
        assert_eq!(parse_size_part("16777216"), Ok(SizePart::Number(MAX_SIDE)));
    }

    #[test]
    fn rejected_forms() {
        for bad in [
            "", "x", "8x", "x8", "8x8x8", "1.5", "+3", "8 8", "0x5", "5x0", "16777217", "-0",
        ] {
            assert!(parse_size_part(bad).is_err(), "{bad:?}");
        }
    }
}
