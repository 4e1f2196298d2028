//! The cumulative levels (time-tabling, edge finding) against brute force:
//! random small resources (shared start variables through offset views,
//! idle tasks, variable amounts) solved by every strategy and order at
//! edge finding, chosen per constraint and as the solver's default; the
//! root at edge finding keeps every supported start, removes at least what
//! time-tabling removes, and leaves no edge-finding rule to apply (checked
//! over every set of tasks); and the textbook cases where edge finding
//! prunes what time-tabling cannot.

#[path = "common/search.rs"]
mod search_helpers;
#[path = "common/supports.rs"]
mod supports;
use search_helpers::{cases, every_search, solutions};
use supports::{root, Root};

use csp::{CumulativeLevel, Model, Solver, Strategy as Pruning, ValueOrder, VarId, VarOrder};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A resource as data: the start variables' domains, per task its start
/// variable with an offset, its duration and demand; the capacity.
#[derive(Clone, Debug)]
struct Resource {
    domains: Vec<Vec<i32>>,
    tasks: Vec<(usize, i32, i32, i32)>,
    capacity: i32,
}

fn resource() -> impl Strategy<Value = Resource> {
    (2..=5usize).prop_flat_map(|n| {
        let domain = prop_oneof![
            3 => (0..=4i32, 0..=4i32).prop_map(|(lo, w)| (lo..=lo + w).collect::<Vec<i32>>()),
            1 => proptest::collection::btree_set(0..=7i32, 1..=4)
                .prop_map(|s| s.into_iter().collect::<Vec<i32>>()),
        ];
        let task = (
            prop_oneof![5 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
            0..=4i32,
            0..=3i32,
        );
        (
            proptest::collection::vec(domain, n),
            proptest::collection::vec(task, n),
            1..=4i32,
        )
            .prop_map(|(domains, raw, capacity)| Resource {
                tasks: raw
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off, d, r))| {
                        let (var, off) = shared.map_or((i, 0), |v| (v, off));
                        (var, off, d, r)
                    })
                    .collect(),
                domains,
                capacity,
            })
    })
}

/// Busy tasks crowding a resource, where edge finding has most to do:
/// interval windows that overlap, no idle task.
fn crowded() -> impl Strategy<Value = Resource> {
    (3..=6usize).prop_flat_map(|n| {
        let window = (0..=3i32, 0..=4i32).prop_map(|(lo, w)| (lo..=lo + w).collect::<Vec<i32>>());
        (
            proptest::collection::vec(window, n),
            proptest::collection::vec((1..=4i32, 1..=3i32), n),
            2..=5i32,
        )
            .prop_map(|(domains, amounts, capacity)| Resource {
                tasks: (amounts.iter().enumerate())
                    .map(|(i, &(d, r))| (i, 0, d, r))
                    .collect(),
                domains,
                capacity,
            })
    })
}

impl Resource {
    /// The model, at `level` if one is given (else the solver's default).
    fn build(&self, level: Option<CumulativeLevel>) -> Model {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let starts: Vec<_> = self.tasks.iter().map(|t| x[t.0] + t.1).collect();
        let durations = self.tasks.iter().map(|t| t.2);
        let demands = self.tasks.iter().map(|t| t.3);
        let capacity = self.capacity as i64;
        match level {
            Some(level) => model.cumulative_with(starts, durations, demands, capacity, level),
            None => model.cumulative(starts, durations, demands, capacity),
        }
        .unwrap();
        model
    }

    /// The meaning, time point by time point.
    fn holds(&self, values: &[i32]) -> bool {
        let busy: Vec<_> = self.tasks.iter().filter(|t| t.2 > 0 && t.3 > 0).collect();
        (-2..=14).all(|time| {
            let load: i32 = busy
                .iter()
                .filter(|t| {
                    let s = values[t.0] + t.1;
                    s <= time && time < s + t.2
                })
                .map(|t| t.3)
                .sum();
            load <= self.capacity
        })
    }

    fn brute_force(&self) -> BTreeSet<Vec<i32>> {
        let mut out = BTreeSet::new();
        csp::each_combination(&self.domains, |values| {
            if self.holds(values) {
                out.insert(values.to_vec());
            }
        });
        out
    }

    /// Does the model take the resource as unary (every busy task asks
    /// more than half the capacity)? Then the unary rules run instead.
    fn unary(&self) -> bool {
        let c = self.capacity;
        self.tasks
            .iter()
            .filter(|t| t.2 > 0 && t.3 > 0)
            .all(|t| 2 * t.3 > c && t.3 <= c)
    }

    /// No edge-finding rule applies to the bounds `left` leaves (both
    /// ways in time), checked over every set Ω of busy tasks and every
    /// task `i` outside it: if `Env(Ω ∪ {i}) > C lct_Ω` (some subset with
    /// `i` overflows Ω's window), `i` already starts after
    /// `est_Ω' + ceil(rest(Ω', c_i) / c_i)` for every Ω' ⊆ Ω whose rest
    /// is positive; and no Ω overflows its own window.
    fn edge_finding_consistent(&self, left: &[Vec<i32>]) -> Result<(), TestCaseError> {
        let c = self.capacity as i64;
        // (est, lct, energy, demand) of each busy task, and mirrored.
        let forward: Vec<(i64, i64, i64, i64)> = self
            .tasks
            .iter()
            .filter(|t| t.2 > 0 && t.3 > 0)
            .map(|t| {
                let d = &left[t.0];
                let (lo, hi) = (d[0] + t.1, d[d.len() - 1] + t.1);
                (lo as i64, (hi + t.2) as i64, (t.2 * t.3) as i64, t.3 as i64)
            })
            .collect();
        let mirror: Vec<_> = forward.iter().map(|&(e, l, w, r)| (-l, -e, w, r)).collect();
        let n = forward.len();
        for tasks in [&forward, &mirror] {
            let members = |set: u32| (0..n).filter(move |k| set >> k & 1 == 1);
            let est = |set: u32| members(set).map(|k| tasks[k].0).min().unwrap();
            let lct = |set: u32| members(set).map(|k| tasks[k].1).max().unwrap();
            let energy = |set: u32| members(set).map(|k| tasks[k].2).sum::<i64>();
            for set in 1..1u32 << n {
                prop_assert!(
                    energy(set) <= c * (lct(set) - est(set)),
                    "overload {:b}",
                    set
                );
            }
            for (i, &(est_i, _, _, ci)) in tasks.iter().enumerate() {
                for omega in (1..1u32 << n).filter(|s| s >> i & 1 == 0) {
                    let with_i = omega | 1 << i;
                    let overflows = (1..=with_i)
                        .filter(|&s| s & !with_i == 0 && s >> i & 1 == 1)
                        .any(|s| c * est(s) + energy(s) > c * lct(omega));
                    if !overflows {
                        continue;
                    }
                    for sub in (1..=omega).filter(|&s| s & !omega == 0) {
                        let rest = energy(sub) - (c - ci) * (lct(sub) - est(sub));
                        if rest > 0 {
                            let bound = est(sub) + (rest + ci - 1) / ci;
                            prop_assert!(
                                est_i >= bound,
                                "task {} could start at {}, before {} ({:b} after {:b})",
                                i,
                                est_i,
                                bound,
                                omega,
                                sub
                            );
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The root's domains, or `None` when it failed.
fn root_domains(model: &Model, declared: &[Vec<i32>]) -> Option<Vec<Vec<i32>>> {
    match root(model, declared) {
        Root::Domains(left) => Some(left),
        Root::Failed => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), ..ProptestConfig::default() })]

    /// Edge finding, chosen per constraint or as the solver's default:
    /// every strategy and order finds exactly brute force's solutions.
    #[test]
    fn edge_finding_matches_brute_force(spec in resource()) {
        let expected = spec.brute_force();
        let chosen = spec.build(Some(CumulativeLevel::EdgeFinding));
        let by_default = spec.build(None);
        let bases = [
            Solver::new(&chosen),
            Solver::new(&by_default).cumulative_level(CumulativeLevel::EdgeFinding),
        ];
        for base in &bases {
            for (label, solver) in every_search(base) {
                prop_assert_eq!(&solutions(&solver), &expected, "{}", label);
            }
        }
    }

    /// The root at edge finding keeps every supported start, is within
    /// time-tabling's root, and is edge-finding consistent.
    #[test]
    fn edge_finding_is_sound_at_least_time_tabling_and_at_its_fixpoint(
        spec in prop_oneof![resource(), crowded()],
    ) {
        let edge = spec.build(Some(CumulativeLevel::EdgeFinding));
        let table = spec.build(Some(CumulativeLevel::TimeTable));
        let left = supports::sound(&edge, &spec.domains)?;
        let weaker = root_domains(&table, &spec.domains);
        match (&left, &weaker) {
            (Some(left), Some(weaker)) => {
                for (l, w) in left.iter().zip(weaker) {
                    prop_assert!(l.iter().all(|v| w.contains(v)), "{:?} beyond {:?}", l, w);
                }
            }
            (Some(left), None) => prop_assert!(false, "time-tabling failed, not {:?}", left),
            (None, _) => {}
        }
        if let (Some(left), false) = (&left, spec.unary()) {
            spec.edge_finding_consistent(left)?;
        }
    }

    /// Under the input order, edge finding's tree has at most
    /// time-tabling's nodes.
    #[test]
    fn edge_finding_searches_no_more_nodes(spec in resource()) {
        for value_order in [ValueOrder::Ascending, ValueOrder::Descending] {
            let nodes = |level| {
                Solver::new(&spec.build(Some(level)))
                    .strategy(Pruning::ArcConsistency)
                    .var_order(VarOrder::Input)
                    .value_order(value_order)
                    .count()
                    .stats
                    .nodes
            };
            let (edge, table) = (nodes(CumulativeLevel::EdgeFinding), nodes(CumulativeLevel::TimeTable));
            prop_assert!(edge <= table, "{} nodes against {}", edge, table);
        }
    }

    /// Variable durations, demands and capacity at edge finding (the
    /// solver's default): every strategy finds brute force's solutions.
    #[test]
    fn edge_finding_over_variable_amounts_matches_brute_force(
        starts in proptest::collection::vec((0..=3i32, 0..=3i32), 2..=3),
        durations in proptest::collection::vec((0..=3i32, 0..=1i32), 3),
        demands in proptest::collection::vec((0..=2i32, 0..=1i32), 3),
        capacity in (1..=3i32, 0..=1i32),
    ) {
        let n = starts.len();
        let mut domains: Vec<Vec<i32>> = starts.iter().map(|&(lo, w)| (lo..=lo + w).collect()).collect();
        let amount = |&(lo, w): &(i32, i32)| (lo..=lo + w).collect::<Vec<i32>>();
        domains.extend(durations[..n].iter().map(amount));
        domains.extend(demands[..n].iter().map(amount));
        domains.push(amount(&capacity));
        let mut model = Model::new();
        let x: Vec<VarId> = domains.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        model
            .cumulative_vars(&x[..n], &x[n..2 * n], &x[2 * n..3 * n], x[3 * n])
            .unwrap();
        let mut expected = BTreeSet::new();
        csp::each_combination(&domains, |v| {
            let (s, d, r, cap) = (&v[..n], &v[n..2 * n], &v[2 * n..3 * n], v[3 * n]);
            let fits = (-2..=12).all(|time| {
                (0..n)
                    .filter(|&k| s[k] <= time && time < s[k] + d[k])
                    .map(|k| r[k])
                    .sum::<i32>()
                    <= cap
            });
            if fits {
                expected.insert(v.to_vec());
            }
        });
        for &strategy in Pruning::ALL {
            for &var_order in VarOrder::ALL {
                let solver = Solver::new(&model)
                    .strategy(strategy)
                    .var_order(var_order)
                    .cumulative_level(CumulativeLevel::EdgeFinding);
                prop_assert_eq!(&solutions(&solver), &expected, "{} {}", strategy, var_order);
            }
        }
    }
}

/// The root's domains of `spec` at `level`.
fn root_at(spec: &Resource, level: CumulativeLevel) -> Option<Vec<Vec<i32>>> {
    root_domains(&spec.build(Some(level)), &spec.domains)
}

/// Two tasks fill a capacity of 2 for 4 of the 5 units of `[0, 5)`; a
/// third (demand 1, duration 3) cannot end before them, since
/// `8 + 3 > 2 * 5`: edge finding starts it at 3 at the earliest
/// (`rest = 8 - (2 - 1) * 5 = 3`). No task has a compulsory part, so
/// time-tabling removes nothing.
#[test]
fn edge_finding_pushes_a_task_after_a_set_that_time_tabling_misses() {
    let spec = Resource {
        domains: vec![(0..=3).collect(), (0..=3).collect(), (0..=7).collect()],
        tasks: vec![(0, 0, 2, 2), (1, 0, 2, 2), (2, 0, 3, 1)],
        capacity: 2,
    };
    let table = root_at(&spec, CumulativeLevel::TimeTable).unwrap();
    assert_eq!(table, spec.domains);
    let edge = root_at(&spec, CumulativeLevel::EdgeFinding).unwrap();
    assert_eq!(edge[2], (3..=7).collect::<Vec<i32>>());
    assert_eq!(edge[..2], spec.domains[..2]);
}

/// The same with time reversed: the third task must end by 7.
#[test]
fn edge_finding_pulls_a_task_before_a_set() {
    let spec = Resource {
        domains: vec![(5..=8).collect(), (5..=8).collect(), (0..=7).collect()],
        tasks: vec![(0, 0, 2, 2), (1, 0, 2, 2), (2, 0, 3, 1)],
        capacity: 2,
    };
    assert_eq!(
        root_at(&spec, CumulativeLevel::TimeTable).unwrap(),
        spec.domains
    );
    let edge = root_at(&spec, CumulativeLevel::EdgeFinding).unwrap();
    // It ends by 10 - 3 = 7 at the latest: starts by 4.
    assert_eq!(edge[2], (0..=4).collect::<Vec<i32>>());
}

/// Three tasks whose energy (11) exceeds what their common window gives
/// (2 * 5): edge finding fails at the root, time-tabling searches.
#[test]
fn edge_finding_fails_an_overload_time_tabling_searches() {
    let spec = Resource {
        domains: vec![(0..=3).collect(), (0..=3).collect(), (0..=2).collect()],
        tasks: vec![(0, 0, 2, 2), (1, 0, 2, 2), (2, 0, 3, 1)],
        capacity: 2,
    };
    assert!(spec.brute_force().is_empty());
    assert!(root_at(&spec, CumulativeLevel::TimeTable).is_some());
    let count = |level| {
        Solver::new(&spec.build(Some(level)))
            .strategy(Pruning::ArcConsistency)
            .count()
    };
    let (edge, table) = (
        count(CumulativeLevel::EdgeFinding),
        count(CumulativeLevel::TimeTable),
    );
    assert_eq!((edge.solutions(), table.solutions()), (0, 0));
    // Edge finding fails the root; time-tabling tries values below it.
    assert_eq!((edge.stats.nodes, edge.stats.failures), (1, 0));
    assert!(table.stats.failures > 0);
}
