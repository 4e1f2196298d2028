//! Counting every solution of a board on every core and through the board's
//! symmetry group.
//!
//! # How
//!
//! Every solution has a *frame*: its queens on the border of the board
//! (the first and last rows, the first and last columns; see [`Frame`]).
//! A symmetry of the board maps the border onto itself, so it maps the
//! solutions with frame `F` one to one onto the solutions with frame
//! `g(F)`. The count is therefore the sum, over one frame of each class
//! (the least of its images), of the class's size times the number of
//! solutions with that frame. Each such frame is a sub-problem: its queens
//! placed, the squares they attack and the rest of the border struck from
//! the other rows' domains, searched by the engine with the plan's
//! settings. With the whole group of a square board, that searches about
//! an eighth of the solutions, and each search starts with four queens
//! already placed on the border, which prunes hard; this is how the fast
//! published counters restrict the first and last rows and columns.
//!
//! The mirror alone is used differently: the first line is bounded to
//! the lower half of the board and the count doubled (with the middle of
//! an odd side halved by the second line), as the bit-mask reference does.
//!
//! The sub-problems (split further by the engine's [`csp::Partition`]
//! prefixes when there are few of them) form a [`Split`] that depends
//! only on the board, the [`Symmetry`] and how many units were asked
//! for; [`Split::count`] runs its units on any number of threads, so the
//! count and the merged statistics are the same whatever the thread count.
//!
//! ```
//! use nqueens::board::Board;
//! use nqueens::count::{Split, Symmetry};
//!
//! let board = Board::square(10)?;
//! let split = Split::new(board, Symmetry::Full, 64);
//! let counted = split.count(&|m| csp::Solver::new(m), &Default::default());
//! assert_eq!(counted.count, 724);
//! // Far fewer solutions searched than counted.
//! assert!(counted.outcome.stats.solutions * 4 < 724);
//! # Ok::<(), nqueens::board::BoardError>(())
//! ```

mod frame;
mod part;
mod run;
mod split;

pub use frame::{frames, Frame};
pub use part::{ParsePartError, Part, MAX_PARTS};
pub use run::{Counted, RunOptions, SolverFor};
pub use split::{Split, SubProblem, Unit, MAX_FRAMED_SIDE};

use std::fmt;
use std::str::FromStr;

/// Which symmetries of the board a count uses.
///
/// ```
/// use nqueens::count::Symmetry;
/// let s: Symmetry = "full".parse()?;
/// assert_eq!(s, Symmetry::Full);
/// assert_eq!(Symmetry::Mirror.to_string(), "mirror");
/// # Ok::<(), nqueens::count::ParseSymmetryError>(())
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Search every solution.
    #[default]
    None,
    /// The left-right mirror (of the model's rows: top-bottom on a board
    /// with more rows than columns): about half the search.
    Mirror,
    /// The board's whole group: 8 symmetries of a square board, 4 of a
    /// rectangle.
    Full,
}

impl Symmetry {
    /// Every setting, in the order help texts list them.
    ///
    /// ```
    /// assert_eq!(nqueens::count::Symmetry::ALL.len(), 3);
    /// ```
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Mirror, Symmetry::Full];

    /// The name used on command lines and in part files.
    ///
    /// ```
    /// assert_eq!(nqueens::count::Symmetry::None.name(), "none");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Mirror => "mirror",
            Symmetry::Full => "full",
        }
    }

    /// How many symmetries of a `rows × cols` board this setting uses (the
    /// largest class size, and the most a count can exceed the solutions
    /// it searched by).
    ///
    /// ```
    /// use nqueens::count::Symmetry;
    /// assert_eq!(Symmetry::Full.group_size(8, 8), 8);
    /// assert_eq!(Symmetry::Full.group_size(5, 7), 4);
    /// assert_eq!(Symmetry::Mirror.group_size(8, 8), 2);
    /// assert_eq!(Symmetry::None.group_size(8, 8), 1);
    /// ```
    pub fn group_size(self, rows: usize, cols: usize) -> u64 {
        match self {
            Symmetry::None => 1,
            Symmetry::Mirror => 2,
            Symmetry::Full => crate::model::symmetry::Transform::for_board(rows, cols).len() as u64,
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that [`Symmetry`]'s `FromStr` does not know.
///
/// ```
/// let err = "half".parse::<nqueens::count::Symmetry>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown symmetry 'half' (expected one of: none, mirror, full)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSymmetryError {
    /// The text that was not recognised.
    pub input: String,
}

impl fmt::Display for ParseSymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown symmetry '{}' (expected one of: {})",
            self.input,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseSymmetryError {}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// Parses a name, ignoring case and surrounding spaces.
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        let wanted = s.trim().to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == wanted)
            .ok_or_else(|| ParseSymmetryError {
                input: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert_eq!(" FULL ".parse::<Symmetry>(), Ok(Symmetry::Full));
    }
}
