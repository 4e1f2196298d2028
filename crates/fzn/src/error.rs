//! One error type for everything that can go wrong with a FlatZinc file:
//! reading, parsing, or mapping it onto the engine. Every error carries the
//! line of the item it concerns, so a message always points somewhere.

use std::fmt;

/// A mistake in (or a limit reached by) a FlatZinc file, at a line.
///
/// ```
/// let err = csp_fzn::parse("var 1..3: x;\nconstraint int_eq(x, );\nsolve satisfy;").unwrap_err();
/// assert_eq!(err.line, 2);
/// assert!(err.to_string().starts_with("line 2: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FznError {
    /// The 1-based line the error concerns (0: the file as a whole).
    pub line: usize,
    /// What is wrong, on one line.
    pub message: String,
}

impl FznError {
    /// An error at `line`.
    ///
    /// ```
    /// let e = csp_fzn::FznError::new(3, "unknown builtin 'foo'");
    /// assert_eq!(e.to_string(), "line 3: unknown builtin 'foo'");
    /// ```
    pub fn new(line: usize, message: impl Into<String>) -> FznError {
        let message: String = message.into();
        FznError {
            line,
            // Messages quote the input; keep them on one line whatever it held.
            message: message.replace(['\n', '\r'], " "),
        }
    }
}

/// The message of [`FznError::time_limit`].
const TIME_LIMIT: &str = "time limit reached";

impl FznError {
    /// The time limit passed before the search (while parsing, resolving
    /// or building): not a mistake; `fzn-csp` prints `=====UNKNOWN=====`.
    ///
    /// ```
    /// let e = csp_fzn::FznError::time_limit();
    /// assert!(e.is_time_limit() && !csp_fzn::FznError::new(0, "x").is_time_limit());
    /// ```
    pub fn time_limit() -> FznError {
        FznError::new(0, TIME_LIMIT)
    }

    /// Is this [`FznError::time_limit`]?
    pub fn is_time_limit(&self) -> bool {
        self.line == 0 && self.message == TIME_LIMIT
    }
}

impl fmt::Display for FznError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for FznError {}
