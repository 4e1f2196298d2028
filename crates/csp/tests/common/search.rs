//! Helpers the property tests share: their case count and a search's
//! whole solution set. Not every test binary uses every helper.
#![allow(dead_code)]

use csp::{Restarts, Solver, Strategy, ValueOrder, VarOrder};
use std::collections::BTreeSet;

/// `PROPTEST_CASES` when set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `base` under every strategy, variable order and value order, each
/// with its label for a failing assertion.
pub fn every_search<'a, 'm>(
    base: &'a Solver<'m>,
) -> impl Iterator<Item = (String, Solver<'m>)> + 'a {
    Strategy::ALL.iter().flat_map(move |&strategy| {
        VarOrder::ALL.iter().flat_map(move |&var_order| {
            ValueOrder::ALL.iter().map(move |&value_order| {
                let solver = base
                    .clone()
                    .strategy(strategy)
                    .var_order(var_order)
                    .value_order(value_order);
                (format!("{strategy} {var_order} {value_order}"), solver)
            })
        })
    })
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

/// A small random model as data: per variable its domain, and the
/// constraints as each test describes them (`S`).
#[derive(Clone, Debug)]
pub struct ModelSpec<S> {
    pub domains: Vec<Vec<i32>>,
    pub constraints: Vec<S>,
}

impl<S> ModelSpec<S> {
    /// Luby restarts whose unit grows with the model's search space, so a
    /// search restarts a few hundred times at most: with a unit of one
    /// failure, an unsatisfiable model of 10^5 leaves restarts over a
    /// million times before a run is long enough to finish, and that is
    /// what a restarted test case would spend its time on.
    pub fn restarts(&self) -> Restarts {
        let leaves = self
            .domains
            .iter()
            .fold(1u64, |n, d| n.saturating_mul(d.len() as u64));
        Restarts::Luby {
            scale: (leaves / 256).max(1),
        }
    }
}

/// A variable whose domain spans more than a machine word, appended to
/// some models so the engine's multi-word domain paths are compared too.
pub const WIDE: [i32; 3] = [-70, 0, 130];

/// The sizes of the models [`model_specs`] draws.
pub struct Shape {
    /// How many variables (before the wide one).
    pub vars: std::ops::RangeInclusive<usize>,
    /// How many values each domain has, drawn from -2..=4.
    pub values: std::ops::RangeInclusive<usize>,
    /// The chance that a [`WIDE`] variable is appended.
    pub wide: f64,
    /// How many constraints.
    pub constraints: std::ops::RangeInclusive<usize>,
}

/// Random models of `shape`, each constraint drawn by `constraint` from
/// the number of (non-wide) variables.
pub fn model_specs<S, G>(
    shape: Shape,
    constraint: fn(usize) -> G,
) -> impl proptest::strategy::Strategy<Value = ModelSpec<S>>
where
    S: Clone + std::fmt::Debug,
    G: proptest::strategy::Strategy<Value = S>,
{
    use proptest::prelude::*;
    let Shape {
        vars,
        values,
        wide,
        constraints,
    } = shape;
    (vars, proptest::bool::weighted(wide)).prop_flat_map(move |(n, wide)| {
        let domain = proptest::collection::btree_set(-2..=4i32, values.clone())
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(constraint(n), constraints.clone()),
        )
            .prop_map(move |(mut domains, constraints)| {
                if wide {
                    domains.push(WIDE.to_vec());
                }
                ModelSpec {
                    domains,
                    constraints,
                }
            })
    })
}
