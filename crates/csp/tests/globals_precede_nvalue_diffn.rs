//! Value precedence, nvalue and diffn against brute force: every strategy
//! and order finds exactly the solutions an independent check enumerates
//! (differential), and arc consistency's root propagation keeps every
//! supported value and reaches the consistency each claims (strength).

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::cases;
use differential::{
    brute_force, distinct, domain, every_search_finds, root_keeps_supports, value_of, variables,
    view_of, views,
};

use csp::{Model, View};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The values some solution gives variable `i`.
fn used(expected: &BTreeSet<Vec<i32>>, i: usize) -> BTreeSet<i32> {
    expected.iter().map(|s| s[i]).collect()
}

fn set(d: &[i32]) -> BTreeSet<i32> {
    d.iter().copied().collect()
}

/// A domain of consecutive values (`interval`) or any small set.
fn some_domain(
    values: std::ops::RangeInclusive<i32>,
    size: usize,
) -> impl Strategy<Value = Vec<i32>> {
    let (lo, hi) = (*values.start(), *values.end());
    prop_oneof![
        (lo..=hi, 0..size as i32).prop_map(move |(a, w)| (a..=(a + w).min(hi)).collect()),
        domain(values, size),
    ]
}

fn is_interval(d: &[i32]) -> bool {
    d.windows(2).all(|w| w[1] == w[0] + 1)
}

// ---------------------------------------------------------- value precedence

/// A chain of values (they may repeat) over a sequence of views.
#[derive(Clone, Debug)]
struct Precede {
    chain: Vec<i64>,
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
}

fn precede() -> impl Strategy<Value = Precede> {
    (1..=5usize).prop_flat_map(|n| {
        (
            proptest::collection::vec(-1..=3i64, 1..=4),
            proptest::collection::vec(domain(-1..=3, 4), n),
            views(n, n),
        )
            .prop_map(|(chain, domains, scope)| Precede {
                chain,
                domains,
                scope,
            })
    })
}

/// The meaning, independently: for each pair of neighbours `s, t` of the
/// chain, every `t` has an `s` somewhere before it.
fn precedes(chain: &[i64], seq: &[i64]) -> bool {
    chain
        .windows(2)
        .all(|st| (0..seq.len()).all(|p| seq[p] != st[1] || seq[..p].contains(&st[0])))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Value precedence (chains with repeats too): solution sets equal
    /// brute force's under every search; the root keeps every supported
    /// value and, over distinct variables, only those (domain consistency).
    #[test]
    fn value_precede_chain_matches_brute_force_and_is_domain_consistent(spec in precede()) {
        let mut model = Model::new();
        let x = variables(&mut model, &spec.domains);
        let v: Vec<View> = spec.scope.iter().map(|s| view_of(&x, s)).collect();
        if let [s, t] = spec.chain[..] {
            model.value_precede(s, t, v).unwrap();
        } else {
            model.value_precede_chain(spec.chain.clone(), v).unwrap();
        }
        let ok = |values: &[i32]| {
            let seq: Vec<i64> = spec.scope.iter().map(|s| value_of(values, s) as i64).collect();
            precedes(&spec.chain, &seq)
        };
        let expected = brute_force(&spec.domains, &ok);
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, distinct(&spec.scope)) {
            for (i, d) in left.iter().enumerate() {
                prop_assert_eq!(set(d), used(&expected, i), "x{}", i);
            }
        }
    }
}

/// The symmetry-breaking use: colours in order of first use.
#[test]
fn a_chain_orders_the_first_uses() {
    let mut model = Model::new();
    let x = model.int_vars(4, 1..=4).unwrap();
    model.value_precede_chain([1, 2, 3, 4], &x).unwrap();
    // Restricted growth strings of length 4: the Bell number B4.
    assert_eq!(csp::Solver::new(&model).count().solutions(), 15);
}

// -------------------------------------------------------------------- nvalue

/// `scope[0]` counts the distinct values of the other views.
#[derive(Clone, Debug)]
struct Nvalue {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
}

fn nvalue() -> impl Strategy<Value = Nvalue> {
    (1..=5usize).prop_flat_map(|n| {
        (
            some_domain(0..=4, 5),
            proptest::collection::vec(some_domain(-1..=3, 4), n),
            views(n + 1, n + 1),
        )
            .prop_map(|(count, mut domains, scope)| {
                domains.insert(0, count);
                Nvalue { domains, scope }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Nvalue: solution sets equal brute force's under every search; the
    /// root keeps every supported value; over distinct variables the count
    /// keeps only supported values when the views' domains are intervals,
    /// and a count that admits no new value leaves the views only
    /// supported values.
    #[test]
    fn nvalue_matches_brute_force_and_bounds_the_count_exactly(spec in nvalue()) {
        let mut model = Model::new();
        let x = variables(&mut model, &spec.domains);
        let v: Vec<View> = spec.scope.iter().map(|s| view_of(&x, s)).collect();
        model.nvalue(v[0], v[1..].iter().copied()).unwrap();
        let ok = |values: &[i32]| {
            let seen: BTreeSet<i32> = spec.scope[1..].iter().map(|s| value_of(values, s)).collect();
            value_of(values, &spec.scope[0]) == seen.len() as i32
        };
        let expected = brute_force(&spec.domains, &ok);
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        let (Some(left), true) = (left, distinct(&spec.scope)) else {
            return Ok(());
        };
        let views = &spec.scope[1..];
        if views.iter().all(|&(v, _)| is_interval(&left[v])) {
            prop_assert_eq!(set(&left[spec.scope[0].0]), used(&expected, spec.scope[0].0));
        }
        let fixed: BTreeSet<i32> = views
            .iter()
            .filter(|&&(v, _)| left[v].len() == 1)
            .map(|&(v, off)| left[v][0] + off)
            .collect();
        let count_max = left[spec.scope[0].0].iter().max().map(|&m| m + spec.scope[0].1);
        if count_max == Some(fixed.len() as i32) {
            for &(i, _) in &spec.scope[1..] {
                prop_assert_eq!(set(&left[i]), used(&expected, i), "x{}", i);
            }
        }
    }
}

// --------------------------------------------------------------------- diffn

/// Rectangles: per rectangle four views (scope: the `x`s, `y`s, `dx`s,
/// `dy`s), strict or not.
#[derive(Clone, Debug)]
struct Rectangles {
    n: usize,
    nonstrict: bool,
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
}

fn rectangles() -> impl Strategy<Value = Rectangles> {
    (2..=3usize, any::<bool>()).prop_flat_map(|(n, nonstrict)| {
        (
            proptest::collection::vec(some_domain(0..=3, 3), 2 * n),
            proptest::collection::vec(some_domain(0..=2, 2), 2 * n),
            views(4 * n, 4 * n),
        )
            .prop_map(move |(mut domains, sizes, scope)| {
                domains.extend(sizes);
                Rectangles {
                    n,
                    nonstrict,
                    domains,
                    scope,
                }
            })
    })
}

impl Rectangles {
    /// Do rectangles `a` and `b` (`[x, y, dx, dy]`) not overlap?
    fn apart(&self, a: [i32; 4], b: [i32; 4]) -> bool {
        let zero = a[2] == 0 || a[3] == 0 || b[2] == 0 || b[3] == 0;
        (self.nonstrict && zero)
            || a[0] + a[2] <= b[0]
            || b[0] + b[2] <= a[0]
            || a[1] + a[3] <= b[1]
            || b[1] + b[3] <= a[1]
    }

    fn rect(&self, values: &[i32], i: usize) -> [i32; 4] {
        [0, 1, 2, 3].map(|c| value_of(values, &self.scope[c * self.n + i]))
    }

    fn holds(&self, values: &[i32]) -> bool {
        let n = self.n;
        (0..n).all(|i| (i + 1..n).all(|j| self.apart(self.rect(values, i), self.rect(values, j))))
    }

    /// Bounds(Z) consistency of each pair (distinct variables): each bound
    /// of each of its eight views has a support in which the other seven
    /// take any integer between their bounds.
    fn pairs_bounds_z(&self, left: &[Vec<i32>]) -> Result<(), TestCaseError> {
        let n = self.n;
        let range = |p: usize| {
            let (v, off) = self.scope[p];
            (left[v][0] + off, left[v][left[v].len() - 1] + off)
        };
        for i in 0..n {
            for j in i + 1..n {
                let positions: Vec<usize> = (0..4).flat_map(|c| [c * n + i, c * n + j]).collect();
                let ranges: Vec<(i32, i32)> = positions.iter().map(|&p| range(p)).collect();
                for k in 0..8 {
                    for bound in [ranges[k].0, ranges[k].1] {
                        let mut box_ = ranges.clone();
                        box_[k] = (bound, bound);
                        let domains: Vec<Vec<i32>> =
                            box_.iter().map(|&(a, b)| (a..=b).collect()).collect();
                        // Values in `positions` order: x_i, x_j, y_i, y_j, ...
                        let supported = !brute_force(&domains, &|v: &[i32]| {
                            self.apart([v[0], v[2], v[4], v[6]], [v[1], v[3], v[5], v[7]])
                        })
                        .is_empty();
                        prop_assert!(
                            supported,
                            "pair {} {}: view {} = {} has no support",
                            i,
                            j,
                            positions[k],
                            bound
                        );
                    }
                }
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(150)))]

    /// Diffn, strict and not: solution sets equal brute force's under
    /// every search; the root keeps every supported value and, over
    /// distinct variables, leaves every pair bounds(Z) consistent.
    #[test]
    fn diffn_matches_brute_force_and_each_pair_is_bounds_z_consistent(spec in rectangles()) {
        let mut model = Model::new();
        let x = variables(&mut model, &spec.domains);
        let v: Vec<View> = spec.scope.iter().map(|s| view_of(&x, s)).collect();
        let n = spec.n;
        model
            .diffn(v[..n].to_vec(), v[n..2 * n].to_vec(), v[2 * n..3 * n].to_vec(), v[3 * n..].to_vec(), spec.nonstrict)
            .unwrap();
        let expected = brute_force(&spec.domains, &|values: &[i32]| spec.holds(values));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, distinct(&spec.scope)) {
            spec.pairs_bounds_z(&left)?;
        }
    }
}

/// Two squares whose compulsory parts overlap fail at the root; with one
/// way left apart (the second to the right), the second starts past the
/// first's earliest end.
#[test]
fn diffn_fails_on_overlap_and_pushes_apart() {
    let mut model = Model::new();
    let x = [model.int_var(0..=1).unwrap(), model.int_var(0..=1).unwrap()];
    let y = [model.int_var(0..=0).unwrap(), model.int_var(0..=0).unwrap()];
    let two = model.int_var(2..=2).unwrap();
    model.diffn(x, y, [two, two], [two, two], false).unwrap();
    let declared: Vec<Vec<i32>> = model
        .vars()
        .map(|v| model.domain(v).values().collect())
        .collect();
    assert_eq!(supports::root(&model, &declared), supports::Root::Failed);

    let mut model = Model::new();
    let x = [model.int_var(0..=1).unwrap(), model.int_var(0..=6).unwrap()];
    let y = [model.int_var(0..=0).unwrap(), model.int_var(0..=0).unwrap()];
    let w = model.int_var(3..=3).unwrap();
    let h = model.int_var(1..=1).unwrap();
    model.diffn(x, y, [w, w], [h, h], false).unwrap();
    let declared: Vec<Vec<i32>> = model
        .vars()
        .map(|v| model.domain(v).values().collect())
        .collect();
    let supports::Root::Domains(left) = supports::root(&model, &declared) else {
        panic!("the root fails")
    };
    assert_eq!(left[1], vec![3, 4, 5, 6]);
}

/// Non-strict: two ways apart left, the first rectangle to the left of the
/// second or of width 0, so its width is at most the room before the
/// second (the loosest of the two ways), not only when one way is left.
#[test]
fn diffn_nonstrict_joins_the_ways_apart() {
    let mut model = Model::new();
    let zero = model.int_var(0..=0).unwrap();
    let one = model.int_var(1..=1).unwrap();
    let two = model.int_var(2..=2).unwrap();
    let width = model.int_var(0..=5).unwrap();
    model
        .diffn([zero, two], [zero, zero], [width, one], [one, one], true)
        .unwrap();
    let declared: Vec<Vec<i32>> = model
        .vars()
        .map(|v| model.domain(v).values().collect())
        .collect();
    let supports::Root::Domains(left) = supports::root(&model, &declared) else {
        panic!("the root fails")
    };
    assert_eq!(left[3], vec![0, 1, 2]);
}
