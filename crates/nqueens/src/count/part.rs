//! `I/K`: which part of how many (of a count split for a cluster: the
//! split is the counting machinery's, the part files are [`crate::command::parts`]).

use std::fmt;
use std::str::FromStr;

/// The most parts a search may be split into. Choosing the split walks the
/// prefix tree until it has `8 × K` prefixes, and every part walks it
/// again to find its own, so the work outside the search grows with `K`.
pub const MAX_PARTS: usize = 1_000_000;

/// Part `index` of `parts`, counted from 0 (`0 <= index < parts`).
///
/// ```
/// use nqueens::parts::Part;
/// let part: Part = "3/64".parse()?;
/// assert_eq!((part.index(), part.parts()), (3, 64));
/// assert_eq!(part.to_string(), "3/64");
/// assert!("64/64".parse::<Part>().is_err());
/// # Ok::<(), nqueens::parts::ParsePartError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    index: usize,
    parts: usize,
}

/// Why a part specification was refused.
///
/// ```
/// use nqueens::parts::{ParsePartError, Part};
/// assert_eq!(Part::new(8, 8), Err(ParsePartError::OutOfRange { index: 8, parts: 8 }));
/// assert!("x".parse::<Part>().unwrap_err().to_string().contains("I/K"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePartError {
    /// Not of the form `I/K` with whole numbers.
    Syntax {
        /// The text given.
        input: String,
    },
    /// `K` is 0.
    NoParts,
    /// `K` is more than [`MAX_PARTS`].
    TooManyParts {
        /// The number of parts asked for.
        parts: usize,
    },
    /// `I >= K`.
    OutOfRange {
        /// The part asked for.
        index: usize,
        /// The number of parts.
        parts: usize,
    },
}

impl fmt::Display for ParsePartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePartError::Syntax { input } => write!(
                f,
                "'{input}' is not a part: expected I/K, part I of K counted from 0, such as 3/64"
            ),
            ParsePartError::NoParts => write!(f, "a search splits into at least 1 part (K >= 1)"),
            ParsePartError::TooManyParts { parts } => {
                write!(f, "{parts} parts is too many: at most {MAX_PARTS}")
            }
            ParsePartError::OutOfRange { index, parts } => write!(
                f,
                "part {index} of {parts} does not exist: parts are counted from 0, so I is 0 to {}",
                parts - 1
            ),
        }
    }
}

impl std::error::Error for ParsePartError {}

impl Part {
    /// Part `index` of `parts`, checked.
    ///
    /// ```
    /// use nqueens::parts::{ParsePartError, Part};
    /// assert!(Part::new(0, 1).is_ok());
    /// assert_eq!(Part::new(0, 0), Err(ParsePartError::NoParts));
    /// ```
    pub fn new(index: usize, parts: usize) -> Result<Part, ParsePartError> {
        if parts == 0 {
            return Err(ParsePartError::NoParts);
        }
        if parts > MAX_PARTS {
            return Err(ParsePartError::TooManyParts { parts });
        }
        if index >= parts {
            return Err(ParsePartError::OutOfRange { index, parts });
        }
        Ok(Part { index, parts })
    }

    /// The part, from 0.
    ///
    /// ```
    /// assert_eq!(nqueens::parts::Part::new(2, 5).unwrap().index(), 2);
    /// ```
    pub fn index(self) -> usize {
        self.index
    }

    /// The number of parts.
    ///
    /// ```
    /// assert_eq!(nqueens::parts::Part::new(2, 5).unwrap().parts(), 5);
    /// ```
    pub fn parts(self) -> usize {
        self.parts
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.parts)
    }
}

impl FromStr for Part {
    type Err = ParsePartError;

    /// Parses `I/K`, allowing spaces around the numbers.
    fn from_str(s: &str) -> Result<Part, ParsePartError> {
        let syntax = || ParsePartError::Syntax {
            input: s.to_string(),
        };
        let (i, k) = s.split_once('/').ok_or_else(syntax)?;
        let number = |t: &str| {
            let t = t.trim();
            // `parse` would accept a leading `+`.
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            // All digits: the only failure left is overflow, which is too many.
            Ok(t.parse::<usize>().unwrap_or(usize::MAX))
        };
        Part::new(number(i)?, number(k)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!("0/1".parse(), Ok(Part { index: 0, parts: 1 }));
        assert_eq!(" 7 / 8 ".parse(), Ok(Part { index: 7, parts: 8 }));
        for bad in ["", "3", "3/", "/3", "-1/3", "+1/3", "1/2/3", "a/b", "1.5/3"] {
            assert!(
                matches!(bad.parse::<Part>(), Err(ParsePartError::Syntax { .. })),
                "{bad}"
            );
        }
        assert_eq!("0/0".parse::<Part>(), Err(ParsePartError::NoParts));
        assert_eq!(
            "3/3".parse::<Part>(),
            Err(ParsePartError::OutOfRange { index: 3, parts: 3 })
        );
        assert_eq!(
            "0/99999999999999999999999".parse::<Part>(),
            Err(ParsePartError::TooManyParts { parts: usize::MAX })
        );
        assert!("99999999999999999999999/5".parse::<Part>().is_err());
    }
}
