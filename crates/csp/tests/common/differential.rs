//! The differential harness of the globals' tests (`globals.rs`,
//! `globals_values.rs`, which include this file with `#[path]` beside
//! `supports.rs`): brute force's solution set, every search compared with
//! it, and arc consistency's root checked to keep every supported value.
#![allow(dead_code)]

use crate::common::search::solutions;
use crate::supports;
use csp::Strategy as Pruning;
use csp::{Model, Solver, ValueOrder, VarId, VarOrder, View};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every assignment of `domains` that `ok` accepts.
pub fn brute_force(domains: &[Vec<i32>], ok: &dyn Fn(&[i32]) -> bool) -> BTreeSet<Vec<i32>> {
    let mut out = BTreeSet::new();
    if domains.iter().any(|d| d.is_empty()) {
        return out;
    }
    let mut digits = vec![0usize; domains.len()];
    loop {
        let values: Vec<i32> = digits.iter().zip(domains).map(|(&d, v)| v[d]).collect();
        if ok(&values) {
            out.insert(values);
        }
        let mut i = 0;
        loop {
            if i == digits.len() {
                return out;
            }
            digits[i] += 1;
            if digits[i] < domains[i].len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// Every strategy, variable order and value order finds exactly `expected`.
pub fn every_search_finds(
    model: &Model,
    expected: &BTreeSet<Vec<i32>>,
) -> Result<(), TestCaseError> {
    for &strategy in Pruning::ALL {
        for &var_order in VarOrder::ALL {
            for &value_order in ValueOrder::ALL {
                let solver = Solver::new(model)
                    .strategy(strategy)
                    .var_order(var_order)
                    .value_order(value_order);
                prop_assert_eq!(
                    &solutions(&solver),
                    expected,
                    "{} {} {}",
                    strategy,
                    var_order,
                    value_order
                );
                prop_assert_eq!(solver.count().solutions(), expected.len() as u64);
            }
        }
    }
    Ok(())
}

/// Arc consistency's root propagation: the domains it leaves, or `None`
/// when the search finds no solution at all.
pub fn root_domains(model: &Model, domains: &[Vec<i32>]) -> Option<Vec<Vec<i32>>> {
    let (first, _) = Solver::new(model).strategy(Pruning::ArcConsistency).first();
    first?;
    match supports::root(model, domains) {
        supports::Root::Domains(left) => Some(left),
        supports::Root::Failed => None,
    }
}

/// Every value some solution uses is still there (the propagation is
/// sound); returns the root's domains (`None`: no solution).
pub fn root_keeps_supports(
    model: &Model,
    domains: &[Vec<i32>],
    solutions: &BTreeSet<Vec<i32>>,
) -> Result<Option<Vec<Vec<i32>>>, TestCaseError> {
    let left = root_domains(model, domains);
    match &left {
        None => prop_assert!(solutions.is_empty()),
        Some(left) => {
            for s in solutions {
                for (i, v) in s.iter().enumerate() {
                    prop_assert!(left[i].contains(v), "x{} = {} has a support", i, v);
                }
            }
        }
    }
    Ok(left)
}

pub fn domain(
    values: std::ops::RangeInclusive<i32>,
    size: usize,
) -> impl Strategy<Value = Vec<i32>> {
    proptest::collection::btree_set(values, 1..=size).prop_map(|s| s.into_iter().collect())
}

/// Views as data: per scope position a variable and an offset; now and
/// then a position shares an earlier variable (through an offset view).
pub fn views(n: usize, vars: usize) -> impl Strategy<Value = Vec<(usize, i32)>> {
    let view = (
        prop_oneof![4 => Just(None), 1 => (0..vars).prop_map(Some)],
        -1..=1i32,
    );
    proptest::collection::vec(view, n).prop_map(|raw| {
        raw.into_iter()
            .enumerate()
            .map(|(i, (shared, off))| shared.map_or((i, 0), |v| (v, off)))
            .collect()
    })
}

/// One variable per domain.
pub fn variables(model: &mut Model, domains: &[Vec<i32>]) -> Vec<VarId> {
    domains
        .iter()
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect()
}

/// The view a scope position stands for.
pub fn view_of(x: &[VarId], &(v, off): &(usize, i32)) -> View {
    x[v] + off
}

/// A scope position's value in an assignment of the variables.
pub fn value_of(values: &[i32], &(v, off): &(usize, i32)) -> i32 {
    values[v] + off
}

/// Does the scope name each variable once?
pub fn distinct(scope: &[(usize, i32)]) -> bool {
    scope.iter().map(|s| s.0).collect::<BTreeSet<_>>().len() == scope.len()
}

/// Domain consistency of the root: the variables in `used` keep exactly
/// the values some solution gives them, the others their domains.
pub fn exactly_supported(
    left: &[Vec<i32>],
    declared: &[Vec<i32>],
    used: &BTreeSet<usize>,
    expected: &BTreeSet<Vec<i32>>,
) -> Result<(), TestCaseError> {
    for (i, d) in left.iter().enumerate() {
        let want: BTreeSet<i32> = if used.contains(&i) {
            expected.iter().map(|s| s[i]).collect()
        } else {
            declared[i].iter().copied().collect()
        };
        prop_assert_eq!(
            &d.iter().copied().collect::<BTreeSet<i32>>(),
            &want,
            "x{}",
            i
        );
    }
    Ok(())
}
