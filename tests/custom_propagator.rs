//! A propagator written with `csp`'s public API only (this file is another
//! crate; `csp_workspace::product` is the root package's library): `x * y
//! = z` by bounds, checked against brute force under every strategy and
//! order, for its claimed strength (bounds(Z) consistency), for pruning,
//! and for its prune events; and `examples/custom_propagator.rs` run.

mod common;
#[path = "../crates/csp/tests/common/supports.rs"]
mod supports;

use common::{example, proptest_config, stdout_of};
use csp::{ConstraintId, Limits, Model, Observer, Solver, Strategy, ValueOrder, VarId, VarOrder};
use csp_workspace::product::Product;
use proptest::prelude::*;
use supports::{bounds_consistent, domains, model_over, Bounds};

/// `x * y = z` over `declared` (three domains), with `x + y <= 4` as well
/// when `linear` (so the propagator meets others in the queue).
fn product_model(declared: &[Vec<i32>], linear: bool) -> (Model, Vec<VarId>, ConstraintId) {
    let (mut m, x) = model_over(declared);
    let c = m.post(Product::new(x[0], x[1], x[2])).expect("posted");
    if linear {
        m.less_equal(x[0] + x[1], 4).expect("a linear constraint");
    }
    (m, x, c)
}

/// The brute-force solution count of `model` over `declared`.
fn brute_force(model: &Model, declared: &[Vec<i32>]) -> u64 {
    supports::solutions(model, declared).len() as u64
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn every_strategy_and_order_counts_what_brute_force_counts(
        declared in domains(3, -6..=6, 1..=6),
        linear in any::<bool>(),
        seed in 0..100u64,
    ) {
        let (model, _, _) = product_model(&declared, linear);
        let expected = brute_force(&model, &declared);
        for &strategy in Strategy::ALL {
            for &var_order in VarOrder::ALL {
                for &value_order in ValueOrder::ALL {
                    let outcome = Solver::new(&model)
                        .strategy(strategy)
                        .var_order(var_order)
                        .value_order(value_order)
                        .seed(seed)
                        .count();
                    prop_assert_eq!(
                        outcome.solutions(), expected, "{} {} {}", strategy, var_order, value_order
                    );
                }
            }
        }
    }

    #[test]
    fn the_root_is_bounds_z_consistent(declared in domains(3, -12..=12, 1..=8)) {
        let build = |d: &[Vec<i32>]| product_model(d, false).0;
        bounds_consistent(build, &declared, 0..3, Bounds::Z)?;
    }
}

/// Counts prune events (and which constraint made them).
#[derive(Default)]
struct Prunes {
    events: u64,
    by: Vec<ConstraintId>,
}

impl Observer for Prunes {
    fn prune(&mut self, _var: VarId, _value: i32, by: ConstraintId) {
        self.events += 1;
        if !self.by.contains(&by) {
            self.by.push(by);
        }
    }
}

/// The example's model: x in -10..=30, y in 3..=30, z in 100..=120, a
/// product of domains far over what a predicate filters.
fn wide() -> Vec<Vec<i32>> {
    vec![
        (-10..=30).collect(),
        (3..=30).collect(),
        (100..=120).collect(),
    ]
}

#[test]
fn it_prunes_the_tree_below_generate_and_test() {
    let (model, _, _) = product_model(&wide(), false);
    let nodes = |strategy| Solver::new(&model).strategy(strategy).count().stats.nodes;
    let leaves = nodes(Strategy::GenerateAndTest);
    let forward = nodes(Strategy::ForwardChecking);
    let arc = nodes(Strategy::ArcConsistency);
    assert!(forward < leaves, "{forward} >= {leaves}");
    assert!(arc <= forward, "{arc} > {forward}");
}

/// The bounds of each of the domains arc consistency's root leaves.
fn root_bounds(declared: &[Vec<i32>]) -> Vec<(i32, i32)> {
    let (model, _, _) = product_model(declared, false);
    let supports::Root::Domains(left) = supports::root(&model, declared) else {
        panic!("the root failed");
    };
    left.iter().map(|d| (d[0], d[d.len() - 1])).collect()
}

#[test]
fn root_propagation_narrows_to_the_supported_bounds() {
    // y >= 3 and z > 0 make x positive; 30 * x >= 100 makes it at least 4,
    // and then y too.
    assert_eq!(root_bounds(&wide()), [(4, 30), (4, 30), (100, 120)]);
    // Within -30..=30, no product of two integers is in 880..=899: interval
    // reasoning keeps them (29.4 * 30 = 882), the integer supports do not.
    let tight = [
        (-30..=30).collect(),
        (-30..=30).collect(),
        (880..=900).collect(),
    ];
    assert_eq!(root_bounds(&tight), [(-30, 30), (-30, 30), (900, 900)]);
}

#[test]
fn its_prune_events_reach_the_observer_with_its_id() {
    let (model, _, c) = product_model(&wide(), false);
    for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
        let mut search = Solver::new(&model)
            .strategy(strategy)
            .search_with(Prunes::default());
        while search.next_values().is_some() {}
        let stats = search.outcome().stats;
        let seen = search.observer();
        assert!(seen.events > 0, "{strategy}: no prune event");
        assert_eq!(seen.events, stats.pruned, "{strategy}");
        assert_eq!(seen.by, [c], "{strategy}");
    }
}

#[test]
fn a_propagator_of_another_model_is_refused() {
    let (other, x) = model_over(&[vec![0, 1], vec![0, 1], vec![0, 1]]);
    let mut model = Model::new();
    let err = model.post(Product::new(x[0], x[1], x[2])).unwrap_err();
    assert!(
        matches!(err, csp::ModelError::ForeignVariable { .. }),
        "{err}"
    );
    assert_eq!(other.num_constraints(), 0);
}

#[test]
fn limits_stop_it_like_any_search() {
    let (model, _, _) = product_model(&wide(), false);
    let limits = Limits {
        nodes: Some(5),
        ..Limits::default()
    };
    let outcome = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .limits(limits)
        .count();
    assert!(!outcome.status.is_complete());
}

#[test]
fn the_example_shows_the_root_domains_and_no_more_nodes_than_a_predicate() {
    let out = stdout_of(&mut example("custom_propagator"));
    assert!(out.contains("z in 100..=120"), "{out}");
    assert!(out.contains("by [\"product\"]"), "{out}");
    let mut rows = 0;
    for line in out.lines().filter(|l| l.contains(" solutions, ")) {
        // "  arc-consistency: 48 / 48 solutions, 95 / 3661 nodes"
        let numbers: Vec<u64> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        let [sa, sb, na, nb] = numbers[..] else {
            panic!("four figures in {line}");
        };
        assert_eq!(sa, sb, "{line}");
        assert!(na <= nb, "{line}");
        rows += 1;
    }
    assert_eq!(rows, Strategy::ALL.len(), "{out}");
}
