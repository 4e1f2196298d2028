//! `I/K`: which part of how many (of a count split for a cluster: the
//! split is the counting machinery's, the part files are
//! [`crate::command::parts`]). The engine's, shared with `fzn-csp --part`.

pub use csp::{ParsePartError, Part, MAX_PARTS};
