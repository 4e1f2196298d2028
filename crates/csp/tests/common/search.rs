//! Helpers the property tests share: their case count and a search's
//! whole solution set. Not every test binary uses every helper.
#![allow(dead_code)]

use csp::Solver;
use std::collections::BTreeSet;

/// `PROPTEST_CASES` when set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Every solution of a complete search, each seen once (a repeated
/// solution fails the test).
pub fn solutions(solver: &Solver) -> BTreeSet<Vec<i32>> {
    let mut seen = BTreeSet::new();
    let mut search = solver.search();
    while let Some(values) = search.next_values() {
        assert!(
            seen.insert(values.to_vec()),
            "duplicate solution {values:?}"
        );
    }
    assert!(search.outcome().status.is_complete());
    seen
}
