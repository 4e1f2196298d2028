//! Whether a plan can run on a board, and why not ([`ApproachError`]).

use super::catalogue::Backend;
use super::{Approach, Plan};
use crate::approach::combinations::CombinationError;
use crate::approach::reference::ReferenceError;
use crate::model::board::Board;
use std::fmt;

/// Why a plan cannot run on a board.
///
/// ```
/// use nqueens::approach::{Approach, ApproachError, Goal, Plan};
/// use nqueens::board::Board;
/// let err = Plan::new(Approach::Reference, Goal::All).validate(Board::square(8)?).unwrap_err();
/// assert!(matches!(err, ApproachError::Unsupported { .. }));
/// assert!(err.to_string().contains("--count"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApproachError {
    /// The approach cannot do what was asked.
    Unsupported {
        /// The approach.
        approach: Approach,
        /// What it cannot do, and what it can.
        reason: &'static str,
    },
    /// The combination search refused the board.
    Combinations(CombinationError),
    /// The reference counter refused the board.
    Reference(ReferenceError),
}

impl fmt::Display for ApproachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApproachError::Unsupported { approach, reason } => {
                write!(f, "the {approach} strategy {reason}")
            }
            ApproachError::Combinations(e) => e.fmt(f),
            ApproachError::Reference(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ApproachError {}

/// True when the engine's systematic search accepts `board`: its model's
/// domains hold at most [`csp::MAX_TOTAL_VALUES`] values in all (a square
/// board of side 16,384 at most). Checked before any work, so a larger
/// board is refused at once instead of being built and then not searched.
///
/// ```
/// use nqueens::approach::fits_systematic_search;
/// use nqueens::board::Board;
/// assert!(fits_systematic_search(Board::square(16_384)?));
/// assert!(!fits_systematic_search(Board::square(16_385)?));
/// assert!(fits_systematic_search(Board::new(1, 1_000_000)?));
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub fn fits_systematic_search(board: Board) -> bool {
    let (lines, values) = board.model_shape();
    (lines as u128) * (values as u128) <= csp::MAX_TOTAL_VALUES as u128
}

/// The largest board side the systematic engine handles comfortably
/// (n = 10,000 needs about 2 GB).
pub(super) const MAX_COMFORTABLE_SYSTEMATIC: usize = 10_000;

impl Plan {
    /// Checks that the approach can do what the plan asks on `board`.
    ///
    /// ```
    /// use nqueens::approach::{Approach, Goal, Plan};
    /// use nqueens::board::Board;
    /// let board = Board::square(8)?;
    /// assert!(Plan::new(Approach::Combinations, Goal::First).validate(board).is_ok());
    /// assert!(Plan::new(Approach::Combinations, Goal::All).validate(board).is_err());
    /// assert!(Plan::new(Approach::Reference, Goal::Count).validate(Board::new(4, 5)?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, board: Board) -> Result<(), ApproachError> {
        if self.threads == Some(0) {
            return Err(self.unsupported("needs at least one thread"));
        }
        match self.approach.backend() {
            Backend::Engine(_) => self.check_engine(board),
            Backend::Combinations => self.check_combinations(board),
            Backend::Reference => self.check_reference(board),
            Backend::MinConflicts => self.check_local(),
        }
    }

    /// The error saying that this plan's approach cannot do what was asked.
    pub(super) fn unsupported(&self, reason: &'static str) -> ApproachError {
        ApproachError::Unsupported {
            approach: self.approach,
            reason,
        }
    }
}
