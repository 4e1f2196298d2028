//! The reified all-different (`b <-> all_different(x)`, `b -> ...`)
//! against brute force: every strategy and order finds exactly the
//! solutions of its meaning (views with offsets, repeated variables, `b`
//! open or fixed); the root is sound, decides `b` when two fixed views
//! share a value (0) or the domains are pairwise disjoint (1, full
//! reification only), and with `b` fixed to 1 filters at least as the
//! plain all-different's value level.

#[path = "common/search.rs"]
mod search_helpers;
#[path = "common/supports.rs"]
mod supports;
use search_helpers::{cases, every_search, solutions};
use supports::{root, Root};

use csp::{Model, Solver, Strategy as Pruning, VarId};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Views as data: the variables' domains (the last is `b`'s), per view
/// its variable and offset; full or half reification.
#[derive(Clone, Debug)]
struct Spec {
    domains: Vec<Vec<i32>>,
    views: Vec<(usize, i32)>,
    full: bool,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1..=4usize).prop_flat_map(|n| {
        let domain = proptest::collection::btree_set(0..=4i32, 1..=3)
            .prop_map(|s| s.into_iter().collect::<Vec<i32>>());
        let b = prop_oneof![Just(vec![0, 1]), Just(vec![0]), Just(vec![1])];
        let view = prop_oneof![4 => (0..n).prop_map(|v| (v, 0)), 1 => (0..n, -1..=1i32)];
        (
            proptest::collection::vec(domain, n),
            b,
            proptest::collection::vec(view, 0..=4),
            any::<bool>(),
        )
            .prop_map(|(mut domains, b, views, full)| {
                domains.push(b);
                Spec {
                    domains,
                    views,
                    full,
                }
            })
    })
}

impl Spec {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let views = self.views.iter().map(|&(v, off)| x[v] + off);
        let b = x[x.len() - 1];
        if self.full {
            model.all_different_reif(views, b).unwrap();
        } else {
            model.all_different_imp(views, b).unwrap();
        }
        (model, x)
    }

    fn distinct(&self, values: &[i32]) -> bool {
        let v: Vec<i32> = self.views.iter().map(|&(i, off)| values[i] + off).collect();
        (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i] != v[j]))
    }

    fn holds(&self, values: &[i32]) -> bool {
        let on = values[values.len() - 1] == 1;
        let distinct = self.distinct(values);
        if self.full {
            on == distinct
        } else {
            !on || distinct
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Every strategy and order finds exactly brute force's solutions.
    #[test]
    fn reified_all_different_matches_brute_force(spec in spec()) {
        let (model, _) = spec.build();
        let mut expected = BTreeSet::new();
        csp::each_combination(&spec.domains, |v| {
            if spec.holds(v) {
                expected.insert(v.to_vec());
            }
        });
        for (label, solver) in every_search(&Solver::new(&model)) {
            prop_assert_eq!(&solutions(&solver), &expected, "{}", label);
        }
    }

    /// The root is sound, decides `b` as claimed, and with `b` fixed to 1
    /// leaves no more than the plain all-different's value level leaves.
    #[test]
    fn reified_all_different_root_decides_as_claimed(spec in spec()) {
        let (model, _) = spec.build();
        let Some(left) = supports::sound(&model, &spec.domains)? else {
            return Ok(());
        };
        let b = spec.domains.len() - 1;
        let view_values = |&(v, off): &(usize, i32)| -> Vec<i32> {
            spec.domains[v].iter().map(|&u| u + off).collect()
        };
        let fixed: Vec<i32> = spec
            .views
            .iter()
            .filter(|&&(v, _)| spec.domains[v].len() == 1)
            .map(|&(v, off)| spec.domains[v][0] + off)
            .collect();
        let clash = (0..fixed.len()).any(|i| fixed[i + 1..].contains(&fixed[i]));
        let all: Vec<i32> = spec.views.iter().flat_map(view_values).collect();
        let disjoint = (0..all.len()).all(|i| !all[i + 1..].contains(&all[i]));
        if clash {
            prop_assert!(!left[b].contains(&1), "a clash leaves b {:?}", left[b]);
        }
        if disjoint && spec.full {
            prop_assert!(!left[b].contains(&0), "disjoint domains leave b {:?}", left[b]);
        }
        if spec.domains[b] == [1] && !spec.views.is_empty() {
            let mut plain = Model::new();
            let x: Vec<VarId> = spec.domains[..b]
                .iter()
                .map(|d| plain.int_var(d.clone()).unwrap())
                .collect();
            plain
                .all_different(spec.views.iter().map(|&(v, off)| x[v] + off))
                .unwrap();
            if let Root::Domains(want) = root(&plain, &spec.domains[..b]) {
                for (l, w) in left.iter().zip(&want) {
                    prop_assert!(l.iter().all(|v| w.contains(v)), "{:?} beyond {:?}", l, w);
                }
            }
        }
    }
}

/// Three pigeons, two holes: with `b` open, value elimination alone does
/// not decide it (the rule is disentailment by fixed values, not
/// matching), but every search finds `b = 0` in every solution.
#[test]
fn pigeons_leave_b_open_at_the_root_and_zero_in_every_solution() {
    let mut model = Model::new();
    let x = model.int_vars(3, 0..2).unwrap();
    let b = model.int_var(0..=1).unwrap();
    model.all_different_reif(&x, b).unwrap();
    let declared = vec![vec![0, 1]; 4];
    assert_eq!(root(&model, &declared), Root::Domains(declared.clone()));
    let solver = Solver::new(&model).strategy(Pruning::ArcConsistency);
    assert_eq!(solver.count().solutions(), 8);
    assert!(solver.search().all(|s| s.values()[3] == 0));
}
