//! Propagation strength against brute force: the domains arc consistency's
//! root propagation leaves (read through the observer's prune events), and
//! the consistency levels a propagator can claim, each checked by
//! enumerating supports over small domains.
//!
//! * sound: no value that some solution uses was removed, and the root
//!   fails only when there is no solution;
//! * domain consistency (generalised arc consistency): every remaining
//!   value of every variable has a support, a solution within the
//!   remaining domains;
//! * bounds(D): each variable's least and greatest remaining value has a
//!   support within the remaining domains;
//! * bounds(Z): the same, the other variables taking any integer between
//!   their remaining bounds.
#![allow(dead_code)]

use csp::{Limits, Model, Observer, Solver, Status, Strategy as Pruning, VarId};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The values pruned before the first choice: the root propagation.
#[derive(Default)]
struct RootPrunes {
    pruned: BTreeSet<(usize, i32)>,
    chose: bool,
}

impl Observer for RootPrunes {
    fn choose(&mut self, _var: VarId, _value: i32, _depth: usize) {
        self.chose = true;
    }

    fn prune(&mut self, var: VarId, value: i32, _c: csp::ConstraintId) {
        if !self.chose {
            self.pruned.insert((var.index(), value));
        }
    }
}

/// What arc consistency's root propagation made of the declared domains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// A domain was wiped out.
    Failed,
    /// The remaining domains, per variable.
    Domains(Vec<Vec<i32>>),
}

/// Arc consistency's root propagation of `model`, whose variables were
/// declared over `declared`: the search stops after the root node (a root
/// that fails completes the search at once, with no solution).
pub fn root(model: &Model, declared: &[Vec<i32>]) -> Root {
    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let mut search = Solver::new(model)
        .strategy(Pruning::ArcConsistency)
        .limits(limits)
        .search_with(RootPrunes::default());
    let found = search.next().is_some();
    let outcome = search.outcome();
    if !found && !search.observer().chose && outcome.status == Status::Complete {
        return Root::Failed;
    }
    let pruned = &search.observer().pruned;
    Root::Domains(
        declared
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.iter()
                    .copied()
                    .filter(|&v| !pruned.contains(&(i, v)))
                    .collect()
            })
            .collect(),
    )
}

/// Every solution of `model` within `domains`.
pub fn solutions(model: &Model, domains: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let mut out = Vec::new();
    csp::each_combination(domains, |values| {
        if model.is_solution(values) {
            out.push(values.to_vec());
        }
    });
    out
}

/// Per variable, the values some solution within `domains` uses.
pub fn supported(model: &Model, domains: &[Vec<i32>]) -> Vec<BTreeSet<i32>> {
    let mut out = vec![BTreeSet::new(); domains.len()];
    for s in solutions(model, domains) {
        for (i, v) in s.into_iter().enumerate() {
            out[i].insert(v);
        }
    }
    out
}

/// The root propagation of `model` is sound: it removed no value a
/// solution within `declared` uses, and failed only without solutions.
/// Returns the remaining domains (`None` after a failure).
pub fn sound(model: &Model, declared: &[Vec<i32>]) -> Result<Option<Vec<Vec<i32>>>, TestCaseError> {
    let support = supported(model, declared);
    match root(model, declared) {
        Root::Failed => {
            prop_assert!(
                support.iter().all(BTreeSet::is_empty),
                "the root failed, yet there are solutions"
            );
            Ok(None)
        }
        Root::Domains(left) => {
            for (i, s) in support.iter().enumerate() {
                for v in s {
                    prop_assert!(
                        left[i].contains(v),
                        "x{} = {} has a support but was removed (left {:?})",
                        i,
                        v,
                        left
                    );
                }
            }
            Ok(Some(left))
        }
    }
}

/// Domain consistency: the root leaves exactly the supported values, and
/// fails when there are none.
pub fn domain_consistent(model: &Model, declared: &[Vec<i32>]) -> Result<(), TestCaseError> {
    let Some(left) = sound(model, declared)? else {
        return Ok(());
    };
    let support = supported(model, &left);
    prop_assert!(
        !solutions(model, &left).is_empty(),
        "no solution within the remaining domains {:?}",
        left
    );
    for (i, d) in left.iter().enumerate() {
        for v in d {
            prop_assert!(
                support[i].contains(v),
                "x{} = {} has no support in {:?}",
                i,
                v,
                left
            );
        }
    }
    Ok(())
}

/// Does `x[var] = value` have a support in `model`, every other variable
/// within its domain there?
pub fn has_support(model: &Model, var: usize, value: i32) -> bool {
    let mut choices: Vec<Vec<i32>> = model
        .vars()
        .map(|x| model.domain(x).values().collect())
        .collect();
    choices[var] = vec![value];
    let mut found = false;
    csp::each_combination(&choices, |values| {
        found = found || model.is_solution(values);
    });
    found
}

/// Every integer between each domain's least and greatest value.
pub fn hulls(domains: &[Vec<i32>]) -> Vec<Vec<i32>> {
    domains
        .iter()
        .map(|d| match (d.first(), d.last()) {
            (Some(&lo), Some(&hi)) => (lo..=hi).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// Which support a bound needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// Within the other variables' remaining domains.
    D,
    /// Within the integer intervals of their remaining bounds.
    Z,
}

/// Bounds consistency of the variables `vars` of the model `build` makes
/// over `declared`: the root is sound, and each variable's least and
/// greatest remaining value has a support (bounds(D): in the model over
/// the remaining domains; bounds(Z): over their hulls).
pub fn bounds_consistent(
    build: impl Fn(&[Vec<i32>]) -> Model,
    declared: &[Vec<i32>],
    vars: impl IntoIterator<Item = usize>,
    level: Bounds,
) -> Result<(), TestCaseError> {
    let Some(left) = sound(&build(declared), declared)? else {
        return Ok(());
    };
    let within = build(&match level {
        Bounds::D => left.clone(),
        Bounds::Z => hulls(&left),
    });
    for i in vars {
        let (lo, hi) = (left[i][0], *left[i].last().expect("not empty"));
        for v in [lo, hi] {
            prop_assert!(
                has_support(&within, i, v),
                "bounds({:?}): x{} = {} has no support in {:?}",
                level,
                i,
                v,
                left
            );
        }
    }
    Ok(())
}

/// The product of the domains' sizes.
pub fn product(domains: &[Vec<i32>]) -> u64 {
    domains
        .iter()
        .fold(1u64, |p, d| p.saturating_mul(d.len() as u64))
}

/// `n` domains, each a non-empty set of `sizes` values in `values` (holes
/// allowed), ascending.
pub fn domains(
    n: impl Into<proptest::sample::SizeRange>,
    values: std::ops::RangeInclusive<i32>,
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<Vec<i32>>> {
    let domain = proptest::collection::btree_set(values, sizes)
        .prop_map(|s| s.into_iter().collect::<Vec<i32>>());
    proptest::collection::vec(domain, n)
}

/// A model with one variable per domain.
pub fn model_over(domains: &[Vec<i32>]) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let x = domains
        .iter()
        .map(|d| model.int_var(d.clone()).expect("a small domain"))
        .collect();
    (model, x)
}

/// `n` domains, each an interval of `widths` + 1 values starting in
/// `starts`, less up to `holes` of them: large, with bounds that can be
/// far apart or barely meet.
pub fn interval_domains(
    n: impl Into<proptest::sample::SizeRange>,
    starts: std::ops::RangeInclusive<i32>,
    widths: std::ops::RangeInclusive<i32>,
    holes: usize,
) -> impl Strategy<Value = Vec<Vec<i32>>> {
    let max_width = *widths.end();
    let domain = (
        starts,
        widths,
        proptest::collection::btree_set(0..=max_width, 0..=holes),
    )
        .prop_map(|(lo, w, gone)| {
            (0..=w)
                .filter(|k| !gone.contains(k))
                .map(|k| lo + k)
                .collect::<Vec<i32>>()
        });
    proptest::collection::vec(domain, n)
}
