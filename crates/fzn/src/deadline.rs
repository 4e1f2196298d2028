//! The time limit (`-t`) as the phases before the search see it: parsing,
//! resolving and building poll it between items, so a huge file stops
//! within the limit (the engine polls it while posting, propagating and
//! searching).

use crate::error::FznError;
use std::time::Instant;

/// Items between two looks at the clock.
const POLL: u32 = 1024;

/// A deadline polled every 1,024 items (and at the first), or none.
///
/// ```
/// use csp_fzn::deadline::Deadline;
/// use std::time::Instant;
/// let mut none = Deadline::none();
/// assert!(none.check().is_ok());
/// let mut past = Deadline::at(Some(Instant::now()));
/// assert!(past.check().unwrap_err().is_time_limit());
/// ```
#[derive(Clone, Debug)]
pub struct Deadline {
    at: Option<Instant>,
    count: u32,
}

impl Deadline {
    /// No time limit.
    pub fn none() -> Deadline {
        Deadline::at(None)
    }

    /// The limit `at`, if any.
    pub fn at(at: Option<Instant>) -> Deadline {
        Deadline { at, count: 0 }
    }

    /// One more item: the time-limit error once the deadline has passed
    /// (looked at on the first call and every 1,024 calls).
    pub fn check(&mut self) -> Result<(), FznError> {
        let Some(at) = self.at else {
            return Ok(());
        };
        let look = self.count.is_multiple_of(POLL);
        self.count = self.count.wrapping_add(1);
        if look && Instant::now() >= at {
            return Err(FznError::time_limit());
        }
        Ok(())
    }
}
