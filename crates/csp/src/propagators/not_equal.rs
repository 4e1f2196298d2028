//! `a != b` over two offset views: an all-different of two views, so it is
//! posted as the same pairwise propagator (`all_different.rs`).

use super::Posted;
use crate::propagators::Constraint;

/// Do the two view values differ?
pub(crate) fn holds(vals: &[i64]) -> bool {
    vals[0] != vals[1]
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    super::all_different::post(con, crate::AllDifferentLevel::Value)
}
