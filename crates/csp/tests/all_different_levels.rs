//! The all-different levels (value elimination, bounds, domain) against
//! brute force, in the style of `differential.rs`: random small models of
//! all-different constraints over offset views (repeated variables too),
//! mixed with not-equal and linear constraints, solved by every strategy,
//! variable order and value order, with restarts, at every level, chosen
//! per constraint and as the solver's default. Under static orders the
//! stronger levels' trees nest in the weaker ones'.

#[path = "common/search.rs"]
mod search_helpers;
use search_helpers::{cases, model_specs, solutions, Shape};

use csp::{
    AllDifferentLevel, Cmp, Model, Solver, Strategy as Pruning, ValueOrder, VarId, VarOrder, View,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

const LEVELS: [AllDifferentLevel; 3] = [
    AllDifferentLevel::Value,
    AllDifferentLevel::Bounds,
    AllDifferentLevel::Domain,
];

#[derive(Clone, Debug)]
enum Spec {
    /// Views, and the level chosen (`None`: the solver's default).
    AllDifferent(Vec<(usize, i32)>, Option<AllDifferentLevel>),
    NotEqual(usize, usize, i32),
    Linear(Vec<(i64, usize)>, Cmp, i64),
}

type ModelSpec = search_helpers::ModelSpec<Spec>;

fn level() -> impl Strategy<Value = Option<AllDifferentLevel>> {
    proptest::option::of(proptest::sample::select(LEVELS.to_vec()))
}

fn spec(nvars: usize) -> impl Strategy<Value = Spec> {
    let cmp = prop_oneof![Just(Cmp::Eq), Just(Cmp::Ne), Just(Cmp::Le), Just(Cmp::Ge)];
    prop_oneof![
        4 => (proptest::collection::vec((0..nvars, -2..=2i32), 1..=6), level())
            .prop_map(|(views, level)| Spec::AllDifferent(views, level)),
        1 => (0..nvars, 0..nvars, -2..=2i32).prop_map(|(a, b, c)| Spec::NotEqual(a, b, c)),
        1 => (proptest::collection::vec((-2..=2i64, 0..nvars), 1..=3), cmp, -6..=6i64)
            .prop_map(|(t, c, r)| Spec::Linear(t, c, r)),
    ]
}

fn model_spec() -> impl Strategy<Value = ModelSpec> {
    let shape = Shape {
        vars: 1..=6,
        values: 1..=6,
        wide: 0.2,
        constraints: 1..=4,
    };
    model_specs(shape, spec)
}

/// The model; `every` overrides each all-different's own choice.
fn build(spec: &ModelSpec, every: Option<Option<AllDifferentLevel>>) -> Model {
    let mut m = Model::new();
    let x: Vec<VarId> = spec
        .domains
        .iter()
        .map(|d| m.int_var(d.clone()).unwrap())
        .collect();
    for c in &spec.constraints {
        match c {
            Spec::AllDifferent(views, chosen) => {
                let views = views.iter().map(|&(i, off)| x[i] + off);
                match every.unwrap_or(*chosen) {
                    Some(level) => m.all_different_with(views, level),
                    None => m.all_different(views),
                }
                .unwrap();
            }
            Spec::NotEqual(a, b, off) => {
                m.not_equal(x[*a], x[*b] + *off).unwrap();
            }
            Spec::Linear(terms, cmp, rhs) => {
                let terms: Vec<(i64, View)> =
                    terms.iter().map(|&(a, i)| (a, View::from(x[i]))).collect();
                m.linear(terms, *cmp, *rhs).unwrap();
            }
        }
    }
    m
}

/// Every assignment of the declared domains the model accepts.
fn brute_force(spec: &ModelSpec, model: &Model) -> BTreeSet<Vec<i32>> {
    let mut out = BTreeSet::new();
    csp::each_combination(&spec.domains, |values| {
        if model.is_solution(values) {
            out.insert(values.to_vec());
        }
    });
    out
}

/// (nodes, solutions) of a complete count.
fn tree(solver: Solver) -> (u64, BTreeSet<Vec<i32>>) {
    let nodes = solver.count().stats.nodes;
    (nodes, solutions(&solver))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// The constraints' own choices, under each solver default: every
    /// strategy, order and restarts find exactly the brute-force solutions.
    #[test]
    fn every_level_matches_brute_force(spec in model_spec(), seed in 0..1000u64) {
        let model = build(&spec, None);
        let expected = brute_force(&spec, &model);
        for default in LEVELS {
            for &strategy in Pruning::ALL {
                for &var_order in VarOrder::ALL {
                    for &value_order in ValueOrder::ALL {
                        let solver = Solver::new(&model)
                            .strategy(strategy)
                            .var_order(var_order)
                            .value_order(value_order)
                            .all_different_level(default)
                            .seed(seed);
                        prop_assert_eq!(
                            &solutions(&solver),
                            &expected,
                            "default {} {} {} {}",
                            default,
                            strategy,
                            var_order,
                            value_order
                        );
                        prop_assert_eq!(solver.count().solutions(), expected.len() as u64);
                    }
                }
                let restarted = Solver::new(&model)
                    .strategy(strategy)
                    .var_order(VarOrder::DomWDeg)
                    .restarts(spec.restarts())
                    .all_different_level(default)
                    .seed(seed);
                prop_assert_eq!(
                    &solutions(&restarted),
                    &expected,
                    "default {} {} with restarts",
                    default,
                    strategy
                );
            }
        }
    }

    /// Under the input order (ascending or descending values), each level's
    /// tree has at most the nodes of the weaker one's, with the same
    /// solutions; a level chosen per constraint and the same level as the
    /// solver's default search the same tree.
    #[test]
    fn node_counts_nest_under_static_orders(spec in model_spec()) {
        let defaulted = build(&spec, Some(None));
        let expected = brute_force(&spec, &defaulted);
        // Clause learning's tree follows its conflicts, not the orders:
        // no nesting to expect of it.
        let static_trees = Pruning::ALL.iter().filter(|&&s| s != Pruning::ClauseLearning);
        for &strategy in static_trees {
            for value_order in [ValueOrder::Ascending, ValueOrder::Descending] {
                let mut previous: Option<(AllDifferentLevel, u64)> = None;
                for level in LEVELS {
                    let chosen = build(&spec, Some(Some(level)));
                    let base = |model| Solver::new(model).strategy(strategy).value_order(value_order);
                    let (nodes, found) = tree(base(&chosen));
                    let (by_default, found_by_default) =
                        tree(base(&defaulted).all_different_level(level));
                    let label = format!("{level} {strategy} {value_order}");
                    prop_assert_eq!(&found, &expected, "{}", label);
                    prop_assert_eq!(&found_by_default, &expected, "{} (default)", label);
                    prop_assert_eq!(nodes, by_default, "{}: chosen vs default", label);
                    if let Some((weaker, before)) = previous {
                        prop_assert!(
                            nodes <= before,
                            "{}: {} nodes, {} had {}",
                            label,
                            nodes,
                            weaker,
                            before
                        );
                    }
                    previous = Some((level, nodes));
                }
            }
        }
    }
}

/// Four pigeons over three holes with gaps ({0, 2, 4}), beside a free
/// variable: value elimination finds out when a pigeon has no hole left,
/// bounds as soon as more pigeons than values share a range, matching at
/// the root. The counts are the searches', compared, never written down.
#[test]
fn stronger_levels_search_strictly_fewer_nodes_on_pigeons_over_gaps() {
    let nodes = |level| {
        let mut m = Model::new();
        let free = m.int_var(0..=1).unwrap();
        let pigeons = m.int_vars(4, vec![0, 2, 4]).unwrap();
        m.all_different_with(std::iter::once(free).chain(pigeons), level)
            .unwrap();
        let outcome = Solver::new(&m).strategy(Pruning::ArcConsistency).count();
        assert_eq!(outcome.solutions(), 0);
        outcome.stats.nodes
    };
    let (value, bounds, domain) = (
        nodes(AllDifferentLevel::Value),
        nodes(AllDifferentLevel::Bounds),
        nodes(AllDifferentLevel::Domain),
    );
    assert!(
        value > bounds && bounds > domain && domain == 1,
        "nodes: value {value} bounds {bounds} domain {domain}"
    );
}
