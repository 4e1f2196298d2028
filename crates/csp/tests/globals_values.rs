//! The routing, packing and element globals against brute force: every
//! strategy and order finds exactly the solutions an independent check
//! enumerates (differential), and arc consistency's root propagation keeps
//! every supported value and reaches the consistency (or the named rule)
//! each claims (strength).

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::cases;
use differential::{
    brute_force, distinct, domain, every_search_finds, exactly_supported, root_keeps_supports,
    value_of, variables, view_of, views,
};

use csp::{Model, VarId, View};
use proptest::prelude::*;

// ------------------------------------------------------------------- element

/// `array[index] = result` over views: scope[0] the index, scope[1] the
/// result, the rest the array.
#[derive(Clone, Debug)]
struct ElementSpec {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
}

fn element() -> impl Strategy<Value = ElementSpec> {
    (3..=6usize).prop_flat_map(|n| {
        (proptest::collection::vec(domain(-1..=4, 4), n), views(n, n))
            .prop_map(|(domains, scope)| ElementSpec { domains, scope })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Element over views: solution sets equal brute force's under every
    /// search; the root keeps every supported value and, over distinct
    /// variables, only those (domain consistency).
    #[test]
    fn element_var_matches_brute_force_and_is_domain_consistent(spec in element()) {
        let mut model = Model::new();
        let x = variables(&mut model, &spec.domains);
        let v: Vec<View> = spec.scope.iter().map(|s| view_of(&x, s)).collect();
        model.element_var(v[2..].iter().copied(), v[0], v[1]).unwrap();
        let ok = |values: &[i32]| {
            let i = value_of(values, &spec.scope[0]);
            let array = &spec.scope[2..];
            usize::try_from(i).ok().and_then(|i| array.get(i)).is_some_and(|e| {
                value_of(values, e) == value_of(values, &spec.scope[1])
            })
        };
        let expected = brute_force(&spec.domains, &ok);
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, distinct(&spec.scope)) {
            let used = spec.scope.iter().map(|s| s.0).collect();
            exactly_supported(&left, &spec.domains, &used, &expected)?;
        }
    }
}

/// An index fixed to a position leaves its entry only the result's values.
#[test]
fn a_fixed_index_narrows_its_entry_to_the_result() {
    let mut model = Model::new();
    let i = model.int_var(1..=1).unwrap();
    let z = model.int_var([2, 4]).unwrap();
    let x = model.int_vars(3, 0..6).unwrap();
    model.element_var(&x, i, z).unwrap();
    let declared: Vec<Vec<i32>> = model
        .vars()
        .map(|v| model.domain(v).values().collect())
        .collect();
    let supports::Root::Domains(left) = supports::root(&model, &declared) else {
        panic!("the root fails")
    };
    assert_eq!(left[3], vec![2, 4]);
    assert_eq!(left[2], (0..6).collect::<Vec<_>>());
}

// ---------------------------------------------------------------- subcircuit

#[derive(Clone, Debug)]
struct Successors {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
}

fn successors() -> impl Strategy<Value = Successors> {
    (1..=5usize).prop_flat_map(|n| {
        (proptest::collection::vec(domain(-1..=5, 4), n), views(n, n))
            .prop_map(|(domains, scope)| Successors { domains, scope })
    })
}

/// The meaning, independently: a permutation whose nodes that are not
/// fixed points form at most one cycle.
fn subcircuit_holds(succ: &[i32]) -> bool {
    let n = succ.len() as i32;
    let mut sorted = succ.to_vec();
    sorted.sort_unstable();
    if sorted != (0..n).collect::<Vec<_>>() {
        return false;
    }
    // Count the cycles of length at least 2.
    let mut seen = vec![false; succ.len()];
    let mut cycles = 0;
    for start in 0..succ.len() {
        if seen[start] || succ[start] == start as i32 {
            continue;
        }
        cycles += 1;
        let mut node = start;
        while !seen[node] {
            seen[node] = true;
            node = succ[node] as usize;
        }
    }
    cycles <= 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Subcircuit: solution sets equal brute force's under every search;
    /// the root keeps every supported value, and over distinct variables
    /// applies value elimination (a fixed successor is in no other
    /// domain) and puts a fixed successor in (it keeps no self-loop).
    #[test]
    fn subcircuit_matches_brute_force_and_eliminates_values(spec in successors()) {
        let mut model = Model::new();
        let x = variables(&mut model, &spec.domains);
        model.subcircuit(spec.scope.iter().map(|s| view_of(&x, s))).unwrap();
        let ok = |values: &[i32]| {
            let succ: Vec<i32> = spec.scope.iter().map(|s| value_of(values, s)).collect();
            subcircuit_holds(&succ)
        };
        let expected = brute_force(&spec.domains, &ok);
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, distinct(&spec.scope)) {
            let succ = |p: usize| -> Vec<i32> {
                let (v, off) = spec.scope[p];
                left[v].iter().map(|&u| u + off).collect()
            };
            for p in 0..spec.scope.len() {
                let d = succ(p);
                prop_assert!(d.iter().all(|&w| (0..spec.scope.len() as i32).contains(&w)));
                let &[w] = d.as_slice() else { continue };
                for q in (0..spec.scope.len()).filter(|&q| q != p) {
                    prop_assert!(!succ(q).contains(&w), "node {} keeps {}, node {}'s", q, w, p);
                }
                if w != p as i32 {
                    prop_assert!(!succ(w as usize).contains(&w), "node {} follows {} yet may be out", w, p);
                }
            }
        }
    }
}

/// A closed cycle puts every other node out.
#[test]
fn a_closed_cycle_puts_the_other_nodes_out() {
    let mut model = Model::new();
    let a = model.int_var(1..=1).unwrap();
    let b = model.int_var(0..=0).unwrap();
    let rest = model.int_vars(2, 0..4).unwrap();
    model.subcircuit([a, b, rest[0], rest[1]]).unwrap();
    let declared: Vec<Vec<i32>> = model
        .vars()
        .map(|v| model.domain(v).values().collect())
        .collect();
    let supports::Root::Domains(left) = supports::root(&model, &declared) else {
        panic!("the root fails")
    };
    assert_eq!(left[2..], [vec![2], vec![3]]);
}

// --------------------------------------------------------------- bin packing

/// Items into bins: the loads' domains (none: the capacities), the items'
/// bins' domains (after the loads' in `domains`), weights.
#[derive(Clone, Debug)]
struct Packing {
    domains: Vec<Vec<i32>>,
    bins: usize,
    capacities: Option<Vec<i64>>,
    weights: Vec<i32>,
}

fn packing(capacities: bool) -> impl Strategy<Value = Packing> {
    (1..=3usize, 1..=3usize).prop_flat_map(move |(m, k)| {
        let loads = if capacities { 0 } else { m };
        (
            proptest::collection::vec(domain(0..=5, 3), loads),
            proptest::collection::vec(domain(-1..=3, 3), k),
            proptest::collection::vec(0..=4i64, m),
            proptest::collection::vec(0..=3i32, k),
        )
            .prop_map(move |(mut domains, items, caps, weights)| {
                domains.extend(items);
                Packing {
                    domains,
                    bins: m,
                    capacities: capacities.then_some(caps),
                    weights,
                }
            })
    })
}

impl Packing {
    fn first_item(&self) -> usize {
        if self.capacities.is_some() {
            0
        } else {
            self.bins
        }
    }

    fn build(&self) -> Model {
        let mut model = Model::new();
        let x = variables(&mut model, &self.domains);
        let (loads, items) = x.split_at(self.first_item());
        match &self.capacities {
            Some(c) => model.bin_packing_capacity(c.clone(), items, self.weights.clone()),
            None => model.bin_packing_load(loads, items, self.weights.clone()),
        }
        .unwrap();
        model
    }

    /// Each bin's load from the assignment: `None` if an item is in no bin.
    fn loads(&self, values: &[i32]) -> Option<Vec<i64>> {
        let mut load = vec![0i64; self.bins];
        for (&b, &w) in values[self.first_item()..].iter().zip(&self.weights) {
            *load.get_mut(usize::try_from(b).ok()?)? += w as i64;
        }
        Some(load)
    }

    fn holds(&self, values: &[i32]) -> bool {
        let Some(load) = self.loads(values) else {
            return false;
        };
        match &self.capacities {
            Some(c) => load.iter().zip(c).all(|(l, c)| l <= c),
            None => load.iter().zip(values).all(|(&l, &v)| l == v as i64),
        }
    }

    /// The rule on the root's domains: each load between the sure and
    /// the possible weight of its bin, and no item keeps a bin it would
    /// overflow.
    fn rule_holds(&self, left: &[Vec<i32>]) -> Result<(), TestCaseError> {
        let items = &left[self.first_item()..];
        let (mut sure, mut possible) = (vec![0i64; self.bins], vec![0i64; self.bins]);
        for (d, &w) in items.iter().zip(&self.weights) {
            prop_assert!(d.iter().all(|&b| (0..self.bins as i32).contains(&b)));
            for &b in d {
                possible[b as usize] += w as i64;
            }
            if let &[b] = d.as_slice() {
                sure[b as usize] += w as i64;
            }
        }
        let most = |b: usize| -> i64 {
            match &self.capacities {
                Some(c) => c[b],
                None => *left[b].last().unwrap() as i64,
            }
        };
        for b in 0..self.bins {
            if self.capacities.is_none() {
                prop_assert!(
                    left[b][0] as i64 >= sure[b],
                    "bin {} below its sure weight",
                    b
                );
                prop_assert!(
                    most(b) <= possible[b],
                    "bin {} above its possible weight",
                    b
                );
            }
        }
        for (d, &w) in items.iter().zip(&self.weights) {
            if d.len() > 1 {
                for &b in d {
                    prop_assert!(
                        sure[b as usize] + w as i64 <= most(b as usize),
                        "bin {} overflows",
                        b
                    );
                }
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Bin packing with load variables: solution sets equal brute force's
    /// under every search; the root keeps every supported value and
    /// satisfies the load and overflow rule.
    #[test]
    fn bin_packing_load_matches_brute_force_and_bounds_the_loads(spec in packing(false)) {
        let model = spec.build();
        let expected = brute_force(&spec.domains, &|v| spec.holds(v));
        every_search_finds(&model, &expected)?;
        if let Some(left) = root_keeps_supports(&model, &spec.domains, &expected)? {
            spec.rule_holds(&left)?;
        }
    }

    /// Bin packing with capacities: the same.
    #[test]
    fn bin_packing_capacity_matches_brute_force_and_removes_overflows(spec in packing(true)) {
        let model = spec.build();
        let expected = brute_force(&spec.domains, &|v| spec.holds(v));
        every_search_finds(&model, &expected)?;
        if let Some(left) = root_keeps_supports(&model, &spec.domains, &expected)? {
            spec.rule_holds(&left)?;
        }
    }
}

/// The builders refuse what makes no sense, with typed errors.
#[test]
fn builders_refuse_bad_input() {
    let mut model = Model::new();
    let x = model.int_vars(2, 0..2).unwrap();
    let none: [VarId; 0] = [];
    assert!(model.bin_packing_load(none, &x, [1, 1]).is_err());
    assert!(model.bin_packing_capacity([], &x, [1, 1]).is_err());
    assert!(model.bin_packing_capacity([2], &x, [1]).is_err());
    assert!(model.bin_packing_capacity([2], &x, [1, -2]).is_err());
    assert!(model.subcircuit(none).is_err());
}
