//! Differential tests in the style of Gecode's propagator tests: random
//! small models, solved by every strategy and order, must give exactly the
//! solution set found by brute-force enumeration of all assignments.

mod common;
use common::search::{cases, model_specs, solutions, Shape};

use csp::Strategy as Pruning;
use csp::{
    Candidates, Cmp, Condition, Expr, IntoExpr, Limits, Model, OptimizeStatus, SearchView, Solver,
    ValueOrder, VarId, VarOrder, View,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A constraint as plain data, so proptest can generate and shrink it.
#[derive(Clone, Debug)]
enum Spec {
    NotEqual(usize, usize, i32),
    AllDifferent(Vec<(usize, i32)>),
    Linear(Vec<(i64, usize)>, Cmp, i64),
    Table(Vec<usize>, Vec<Vec<i32>>),
    Predicate(Vec<usize>, Vec<i64>, i64),
    Count(Vec<(usize, i32)>, i32, usize),
    /// Pairs of views `(x[i], y[i])`; strict or not.
    Lex(Vec<((usize, i32), (usize, i32))>, bool),
    /// Views, and (value, least, most) counts.
    Cardinality(Vec<(usize, i32)>, Vec<(i32, usize, usize)>),
    /// Views `x` then `y` (the same number), channelled.
    Inverse(Vec<(usize, i32)>),
    /// Successor views forming one cycle.
    Circuit(Vec<(usize, i32)>),
    /// `x[a] + off  (=, <, <=, >, >=)  x[b]`, or against a constant.
    Compare(usize, i32, u8, Option<usize>, i64),
    /// `x = v` (assign) or `x != v` (forbid).
    Fix(usize, i64, bool),
    /// All-different over auxiliary views of `a * x[i] - x[j]`.
    ExprAllDifferent(Vec<(i64, usize, usize)>),
    Abs(usize, usize),
    Distance(usize, usize, usize),
    /// Times, div, mod (0, 1, 2) over three views.
    Arith(u8, (usize, i32), (usize, i32), (usize, i32)),
    Extremum(Vec<(usize, i32)>, usize, bool),
    Element(Vec<i64>, usize, usize),
    ElementVar(Vec<(usize, i32)>, (usize, i32), usize),
    Clause(Vec<usize>, Vec<usize>),
    ReifyLinear(usize, Vec<(i64, usize)>, Cmp, i64, bool),
    ReifyMember(usize, (usize, i32), Vec<i64>, bool),
}

type ModelSpec = common::search::ModelSpec<Spec>;

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![Just(Cmp::Eq), Just(Cmp::Ne), Just(Cmp::Le), Just(Cmp::Ge)]
}

fn spec(nvars: usize) -> impl Strategy<Value = Spec> {
    let var = 0..nvars;
    let scope = proptest::collection::vec(0..nvars, 1..=4);
    prop_oneof![
        (var.clone(), var.clone(), -2..=2i32).prop_map(|(a, b, c)| Spec::NotEqual(a, b, c)),
        proptest::collection::vec((0..nvars, -2..=2i32), 1..=4).prop_map(Spec::AllDifferent),
        (
            proptest::collection::vec((-3..=3i64, 0..nvars), 1..=4),
            cmp(),
            -8..=8i64
        )
            .prop_map(|(t, c, r)| Spec::Linear(t, c, r)),
        scope
            .clone()
            .prop_flat_map(|s| {
                let k = s.len();
                (
                    Just(s),
                    proptest::collection::vec(proptest::collection::vec(-2..=4i32, k), 0..8),
                )
            })
            .prop_map(|(s, rows)| Spec::Table(s, rows)),
        (
            scope.clone(),
            proptest::collection::vec(-3..=3i64, 4),
            2..=4i64
        )
            .prop_map(|(s, w, m)| Spec::Predicate(s, w, m)),
        (
            proptest::collection::vec((0..nvars, -1..=1i32), 1..=4),
            -1..=3i32,
            0..=3usize
        )
            .prop_map(|(s, v, k)| Spec::Count(s, v, k)),
        (
            proptest::collection::vec(((0..nvars, -1..=1i32), (0..nvars, -1..=1i32)), 1..=3),
            any::<bool>()
        )
            .prop_map(|(pairs, strict)| Spec::Lex(pairs, strict)),
        (
            proptest::collection::vec((0..nvars, -1..=1i32), 1..=4),
            proptest::collection::vec((-1..=3i32, 0..=2usize, 0..=3usize), 1..=3)
        )
            .prop_map(|(s, counts)| Spec::Cardinality(s, counts)),
        proptest::collection::vec((0..nvars, -1..=1i32), 1..=3).prop_flat_map(move |x| {
            let k = x.len();
            proptest::collection::vec((0..nvars, -1..=1i32), k).prop_map(move |y| {
                let mut both = x.clone();
                both.extend(y);
                Spec::Inverse(both)
            })
        }),
        proptest::collection::vec((0..nvars, -1..=1i32), 1..=4).prop_map(Spec::Circuit),
        vocabulary(nvars),
        vocabulary(nvars),
    ]
}

/// The modelling vocabulary beyond the six basic kinds.
fn vocabulary(nvars: usize) -> impl Strategy<Value = Spec> {
    let var = 0..nvars;
    let view = (0..nvars, -1..=1i32);
    prop_oneof![
        (
            var.clone(),
            -2..=2i32,
            0..5u8,
            proptest::option::of(var.clone()),
            -2..=3i64
        )
            .prop_map(|(a, off, c, b, k)| Spec::Compare(a, off, c, b, k)),
        (var.clone(), -2..=4i64, any::<bool>()).prop_map(|(a, v, f)| Spec::Fix(a, v, f)),
        proptest::collection::vec((-2..=2i64, var.clone(), var.clone()), 1..=2)
            .prop_map(Spec::ExprAllDifferent),
        (var.clone(), var.clone()).prop_map(|(a, b)| Spec::Abs(a, b)),
        (var.clone(), var.clone(), var.clone()).prop_map(|(a, b, c)| Spec::Distance(a, b, c)),
        (0..3u8, view.clone(), view.clone(), view.clone())
            .prop_map(|(k, a, b, c)| Spec::Arith(k, a, b, c)),
        (
            proptest::collection::vec(view.clone(), 1..=3),
            var.clone(),
            any::<bool>()
        )
            .prop_map(|(s, r, m)| Spec::Extremum(s, r, m)),
        (
            proptest::collection::vec(-2..=4i64, 1..=5),
            var.clone(),
            var.clone()
        )
            .prop_map(|(a, i, r)| Spec::Element(a, i, r)),
        (
            proptest::collection::vec(view.clone(), 1..=4),
            view.clone(),
            var.clone()
        )
            .prop_map(|(a, i, r)| Spec::ElementVar(a, i, r)),
        (
            proptest::collection::vec(var.clone(), 0..=3),
            proptest::collection::vec(var.clone(), 0..=3)
        )
            .prop_filter("a literal", |(p, n)| !p.is_empty() || !n.is_empty())
            .prop_map(|(p, n)| Spec::Clause(p, n)),
        (
            var.clone(),
            proptest::collection::vec((-2..=2i64, var.clone()), 1..=3),
            cmp(),
            -3..=3i64,
            any::<bool>()
        )
            .prop_map(|(b, t, c, r, f)| Spec::ReifyLinear(b, t, c, r, f)),
        (
            var.clone(),
            view,
            proptest::collection::vec(-2..=4i64, 0..=4),
            any::<bool>()
        )
            .prop_map(|(b, x, s, f)| Spec::ReifyMember(b, x, s, f)),
    ]
}

fn model_spec() -> impl Strategy<Value = ModelSpec> {
    let shape = Shape {
        vars: 1..=6,
        values: 1..=6,
        wide: 0.25,
        constraints: 0..=5,
    };
    model_specs(shape, spec)
}

/// The model, its variables, and per auxiliary variable (made after the
/// declared ones, in order) the terms `(a, i, j)` of `a * x[i] - x[j]`.
type Aux = Vec<(i64, usize, usize)>;

/// Models of the new vocabulary alone (fewer, smaller variables, so the
/// long runs spend their cases on those kinds).
fn vocabulary_model_spec() -> impl Strategy<Value = ModelSpec> {
    let shape = Shape {
        vars: 1..=4,
        values: 1..=5,
        wide: 0.0,
        constraints: 1..=4,
    };
    model_specs(shape, vocabulary)
}

fn build(spec: &ModelSpec) -> (Model, Vec<VarId>, Aux) {
    let mut m = Model::new();
    let x: Vec<VarId> = spec
        .domains
        .iter()
        .map(|d| m.int_var(d.clone()).unwrap())
        .collect();
    let view = |(i, off): &(usize, i32)| x[*i] + *off;
    let mut aux = Vec::new();
    for c in &spec.constraints {
        match c {
            Spec::NotEqual(a, b, off) => {
                m.not_equal(x[*a], x[*b] + *off).unwrap();
            }
            Spec::AllDifferent(vs) => {
                m.all_different(vs.iter().map(view)).unwrap();
            }
            Spec::Linear(terms, cmp, rhs) => {
                let terms: Vec<(i64, View)> =
                    terms.iter().map(|&(a, i)| (a, View::from(x[i]))).collect();
                m.linear(terms, *cmp, *rhs).unwrap();
            }
            Spec::Table(s, rows) => {
                m.table(s.iter().map(|&i| x[i]), rows.clone()).unwrap();
            }
            Spec::Predicate(s, w, modulus) => {
                let (w, modulus) = (w.clone(), *modulus);
                m.predicate(s.iter().map(|&i| x[i]), move |v| {
                    let sum: i64 = v.iter().zip(&w).map(|(a, b)| a * b).sum();
                    sum.rem_euclid(modulus) != 0
                })
                .unwrap();
            }
            Spec::Count(vs, value, count) => {
                m.count_eq(vs.iter().map(view), *value, *count).unwrap();
            }
            Spec::Lex(pairs, strict) => {
                let xs = pairs.iter().map(|(a, _)| view(a));
                let ys = pairs.iter().map(|(_, b)| view(b));
                if *strict {
                    m.lex_less(xs, ys).unwrap();
                } else {
                    m.lex_less_equal(xs, ys).unwrap();
                }
            }
            Spec::Cardinality(vs, counts) => {
                let counts = counts.iter().map(|&(v, lo, hi)| (v, lo..=hi));
                m.global_cardinality(vs.iter().map(view), counts).unwrap();
            }
            Spec::Inverse(vs) => {
                let (xs, ys) = vs.split_at(vs.len() / 2);
                m.inverse(xs.iter().map(view), ys.iter().map(view)).unwrap();
            }
            Spec::Circuit(vs) => {
                m.circuit(vs.iter().map(view)).unwrap();
            }
            Spec::Compare(a, off, kind, b, k) => {
                let lhs = x[*a] + *off;
                let rhs = match b {
                    Some(b) => x[*b].into_expr(),
                    None => k.into_expr(),
                };
                match kind {
                    0 => m.equal(lhs, rhs),
                    1 => m.less(lhs, rhs),
                    2 => m.less_equal(lhs, rhs),
                    3 => m.greater(lhs, rhs),
                    _ => m.greater_equal(lhs, rhs),
                }
                .unwrap();
            }
            Spec::Fix(a, v, assign) => {
                if *assign {
                    m.assign(x[*a], *v).unwrap();
                } else {
                    m.forbid(x[*a], *v).unwrap();
                }
            }
            Spec::ExprAllDifferent(diffs) => {
                let mut views = Vec::new();
                for &(a, i, j) in diffs {
                    let before = m.num_vars();
                    views.push(m.expr_var(a * x[i] - x[j]).unwrap());
                    if m.num_vars() > before {
                        aux.push((a, i, j));
                    }
                }
                m.all_different(views).unwrap();
            }
            Spec::Abs(a, b) => {
                m.abs(x[*a], x[*b]).unwrap();
            }
            Spec::Distance(a, b, c) => {
                m.distance(x[*a], x[*b], x[*c]).unwrap();
            }
            Spec::Arith(kind, a, b, c) => {
                let (a, b, c) = (view(a), view(b), view(c));
                match kind {
                    0 => m.times(a, b, c),
                    1 => m.div(a, b, c),
                    _ => m.modulo(a, b, c),
                }
                .unwrap();
            }
            Spec::Extremum(vs, r, max) => {
                let vs = vs.iter().map(view);
                if *max {
                    m.maximum(vs, x[*r]).unwrap();
                } else {
                    m.minimum(vs, x[*r]).unwrap();
                }
            }
            Spec::Element(array, i, r) => {
                m.element(array.clone(), x[*i], x[*r]).unwrap();
            }
            Spec::ElementVar(array, i, r) => {
                m.element_var(array.iter().map(view), view(i), x[*r])
                    .unwrap();
            }
            Spec::Clause(p, n) => {
                m.clause(p.iter().map(|&i| x[i]), n.iter().map(|&i| x[i]))
                    .unwrap();
            }
            Spec::ReifyLinear(b, terms, cmp, rhs, full) => {
                let c = Condition::linear(terms.iter().map(|&(a, i)| (a, x[i])), *cmp, *rhs);
                if *full {
                    m.reify(x[*b], c).unwrap();
                } else {
                    m.implies(x[*b], c).unwrap();
                }
            }
            Spec::ReifyMember(b, v, set, full) => {
                let c = Condition::member(view(v), set.clone());
                if *full {
                    m.reify(x[*b], c).unwrap();
                } else {
                    m.implies(x[*b], c).unwrap();
                }
            }
        }
    }
    (m, x, aux)
}

/// Every assignment of the declared domains that the model accepts (the
/// auxiliary variables take their expressions' values).
fn brute_force(spec: &ModelSpec, model: &Model, aux: &Aux) -> BTreeSet<Vec<i32>> {
    let mut out = BTreeSet::new();
    csp::each_combination(&spec.domains, |declared| {
        let mut values = declared.to_vec();
        for &(a, i, j) in aux {
            values.push((a * values[i] as i64 - values[j] as i64) as i32);
        }
        if model.is_solution(&values) {
            out.insert(values);
        }
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(500), ..ProptestConfig::default() })]

    #[test]
    fn every_strategy_and_order_matches_brute_force(spec in model_spec(), seed in 0..1000u64) {
        matches_brute_force(&spec, seed)?;
    }

    #[test]
    fn the_vocabulary_matches_brute_force(spec in vocabulary_model_spec(), seed in 0..1000u64) {
        matches_brute_force(&spec, seed)?;
        let (model, _, _) = build(&spec);
        let nodes = |strategy| Solver::new(&model).strategy(strategy).count().stats.nodes;
        let (bt, fc, ac) = (
            nodes(Pruning::Backtracking),
            nodes(Pruning::ForwardChecking),
            nodes(Pruning::ArcConsistency),
        );
        prop_assert!(fc <= bt && ac <= fc, "nodes: bt {} fc {} ac {}", bt, fc, ac);
    }

    #[test]
    fn pruning_trees_nest_under_static_orders(spec in model_spec()) {
        let (model, _, _) = build(&spec);
        let nodes = |strategy| {
            Solver::new(&model).strategy(strategy).count().stats.nodes
        };
        let (bt, fc, ac) = (
            nodes(Pruning::Backtracking),
            nodes(Pruning::ForwardChecking),
            nodes(Pruning::ArcConsistency),
        );
        prop_assert!(fc <= bt, "forward checking {} > backtracking {}", fc, bt);
        prop_assert!(ac <= fc, "arc consistency {} > forward checking {}", ac, fc);
    }

    #[test]
    fn first_solution_is_a_solution_and_limits_are_honest(spec in model_spec(), limit in 1..20u64) {
        let (model, _, aux) = build(&spec);
        let expected = brute_force(&spec, &model, &aux);
        for &strategy in Pruning::ALL {
            let (first, outcome) = Solver::new(&model).strategy(strategy).first();
            match first {
                Some(s) => prop_assert!(expected.contains(s.values())),
                None => {
                    prop_assert!(expected.is_empty());
                    prop_assert!(outcome.status.is_complete());
                }
            }
            let limited = Solver::new(&model)
                .strategy(strategy)
                .limits(Limits { nodes: Some(limit), ..Limits::default() })
                .count();
            prop_assert!(limited.solutions() <= expected.len() as u64);
            if limited.status.is_complete() {
                prop_assert_eq!(limited.solutions(), expected.len() as u64);
            } else {
                prop_assert!(limited.stats.nodes >= limit);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Conflict-directed backjumping and nogood learning only skip
    /// subtrees without solutions: the same count, never more nodes than
    /// backtracking under the same orders (orders whose choice at a node
    /// depends on its path only: not dom/wdeg's weights or the random
    /// order's generator).
    #[test]
    fn look_back_trees_are_inside_backtracking_trees(spec in model_spec()) {
        let (model, _, _) = build(&spec);
        for var_order in [VarOrder::Input, VarOrder::SmallestDomain, VarOrder::DomDeg] {
            for value_order in [ValueOrder::Ascending, ValueOrder::Descending, ValueOrder::MiddleOut] {
                let run = |strategy| {
                    Solver::new(&model)
                        .strategy(strategy)
                        .var_order(var_order)
                        .value_order(value_order)
                        .count()
                };
                let bt = run(Pruning::Backtracking);
                for strategy in [Pruning::Backjumping, Pruning::NogoodLearning] {
                    let lb = run(strategy);
                    prop_assert_eq!(lb.solutions(), bt.solutions(), "{} {} {}", strategy, var_order, value_order);
                    prop_assert!(
                        lb.stats.nodes <= bt.stats.nodes,
                        "{} {} {}: {} nodes > backtracking's {}",
                        strategy, var_order, value_order, lb.stats.nodes, bt.stats.nodes
                    );
                }
            }
        }
    }

    /// Every nogood learned is implied by the model: no solution (brute
    /// force's, auxiliary variables included) has all its assignments.
    #[test]
    fn learned_nogoods_are_implied_by_the_model(spec in model_spec(), seed in 0..1000u64) {
        use csp::replay::{record, Event};
        let (model, _, aux) = build(&spec);
        let expected = brute_force(&spec, &model, &aux);
        for var_order in VarOrder::ALL {
            let solver = Solver::new(&model)
                .strategy(Pruning::NogoodLearning)
                .var_order(*var_order)
                .value_order(ValueOrder::Random)
                .seed(seed);
            let (recording, outcome) = record(&solver, REPLAY_CHECK_EVENTS);
            let mut learned = 0;
            for event in recording.events() {
                if let Event::Learn { first, len } = *event {
                    learned += 1;
                    let nogood = recording.nogood(first, len);
                    prop_assert!(!nogood.is_empty() && nogood.len() <= csp::MAX_NOGOOD_SIZE);
                    prop_assert!(
                        !expected.iter().any(|s| nogood.iter().all(|&(x, v)| s[x as usize] == v)),
                        "nogood {:?} holds in a solution", nogood
                    );
                }
            }
            if recording.truncation().is_none() {
                prop_assert_eq!(learned, outcome.stats.nogoods);
            }
        }
    }
}

/// Every strategy, variable order and value order (and restarts) finds
/// exactly the brute-force solution set.
fn matches_brute_force(spec: &ModelSpec, seed: u64) -> Result<(), TestCaseError> {
    let (model, _, aux) = build(spec);
    let expected = brute_force(spec, &model, &aux);
    for &strategy in Pruning::ALL {
        for &var_order in VarOrder::ALL {
            for &value_order in ValueOrder::ALL {
                let solver = Solver::new(&model)
                    .strategy(strategy)
                    .var_order(var_order)
                    .value_order(value_order)
                    .seed(seed);
                let found = solutions(&solver);
                prop_assert_eq!(
                    &found,
                    &expected,
                    "{} {} {}",
                    strategy,
                    var_order,
                    value_order
                );
                let counted = solver.count();
                prop_assert_eq!(counted.solutions(), expected.len() as u64);
            }
        }
        let restarted = Solver::new(&model)
            .strategy(strategy)
            .var_order(VarOrder::DomWDeg)
            .restarts(spec.restarts())
            .seed(seed);
        prop_assert_eq!(
            &solutions(&restarted),
            &expected,
            "{} with restarts",
            strategy
        );
    }
    Ok(())
}

/// The subset relation itself, on the tree nodes (not only their counts):
/// every assignment path forward checking visits is one backtracking visits.
#[test]
fn forward_checking_paths_are_backtracking_paths() {
    use csp::Observer;
    #[derive(Default)]
    struct Paths {
        path: Vec<(usize, i32)>,
        failed: bool,
        seen: BTreeSet<Vec<(usize, i32)>>,
    }
    impl Observer for Paths {
        fn choose(&mut self, var: VarId, value: i32, _depth: usize) {
            self.path.push((var.index(), value));
            self.failed = false;
        }
        fn fail(&mut self, _var: VarId, _value: i32, _depth: usize) {
            self.failed = true;
        }
        fn unchoose(&mut self, _var: VarId, _value: i32, _depth: usize) {
            if !self.failed {
                self.seen.insert(self.path.clone());
            }
            self.failed = false;
            self.path.pop();
        }
    }
    let (model, _) = common::queens(6);
    let paths = |strategy| {
        let mut search = Solver::new(&model)
            .strategy(strategy)
            .search_with(Paths::default());
        search.by_ref().for_each(drop);
        search.into_observer().seen
    };
    let bt = paths(Pruning::Backtracking);
    let fc = paths(Pruning::ForwardChecking);
    let ac = paths(Pruning::ArcConsistency);
    assert!(fc.is_subset(&bt));
    assert!(ac.is_subset(&fc));
    assert!(ac.len() < fc.len() && fc.len() < bt.len());
    // Look-back only skips subtrees of backtracking's.
    for strategy in [Pruning::Backjumping, Pruning::NogoodLearning] {
        assert!(paths(strategy).is_subset(&bt), "{strategy}");
    }
}

/// The most events a replay check records (generate-and-test on the
/// models with a wide variable makes millions; those are left out).
const REPLAY_CHECK_EVENTS: usize = 100_000;

/// `solver`'s search, replayed from its recording: the replay's counters
/// at the end are the search's statistics, its solutions (read off the
/// assignments at each solution event) are the search's, in order, and a
/// value is never chosen or pruned while the replay has it pruned (so
/// taking back a choice restores exactly what it pruned).
fn check_replay(model: &Model, solver: &Solver) -> Result<(), TestCaseError> {
    use csp::replay::{record, CellState, Event, Replay};
    let (recording, outcome) = record(solver, REPLAY_CHECK_EVENTS);
    if recording.truncation().is_some() {
        return Ok(());
    }
    let mut expected = Vec::new();
    let mut search = solver.search();
    while let Some(values) = search.next_values() {
        expected.push(values.to_vec());
    }
    prop_assert_eq!(&outcome.stats.nodes, &search.outcome().stats.nodes);
    let mut replay = Replay::new(&recording, model.num_vars());
    let mut found = Vec::new();
    while let Some(&event) = recording.events().get(replay.position()) {
        if let Event::Choose { var, value, .. } | Event::Prune { var, value, .. } = event {
            prop_assert!(
                !matches!(replay.cell(var, value), CellState::Pruned { .. }),
                "{:?} while x{} = {} is pruned in the replay",
                event,
                var,
                value
            );
        }
        replay.step();
        match event {
            Event::Solution => {
                let values = replay.assignment();
                prop_assert!(values.is_some(), "a solution with unassigned variables");
                found.push(values.unwrap_or_default());
            }
            Event::Choose { var, value, .. } => {
                prop_assert_eq!(replay.cell(var, value), CellState::Assigned);
            }
            Event::Prune {
                var,
                value,
                constraint,
            } => {
                let depth = replay.counters().depth as u32;
                let shown = replay.cell(var, value);
                prop_assert!(
                    shown == CellState::Pruned { constraint, depth }
                        || shown == CellState::Assigned,
                    "x{} = {} pruned but shown {:?}",
                    var,
                    value,
                    shown
                );
            }
            _ => {}
        }
    }
    prop_assert_eq!(found, expected);
    let end = replay.counters();
    let stats = &outcome.stats;
    prop_assert_eq!(
        (
            end.nodes,
            end.failures,
            end.pruned,
            end.solutions,
            end.depth
        ),
        (
            stats.nodes,
            stats.failures,
            stats.pruned,
            stats.solutions,
            0
        )
    );
    Ok(())
}
proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn replaying_a_recording_reproduces_the_search(spec in model_spec(), seed in 0..1000u64) {
        let (model, _, _) = build(&spec);
        // Clause learning jumps back over levels and asserts literals
        // without events: the replay's chronological tree is not its.
        let chronological = Pruning::ALL.iter().filter(|&&s| s != Pruning::ClauseLearning);
        for &strategy in chronological {
            for &var_order in VarOrder::ALL {
                for value_order in [ValueOrder::Ascending, ValueOrder::Descending, ValueOrder::Random] {
                    let solver = Solver::new(&model)
                        .strategy(strategy)
                        .var_order(var_order)
                        .value_order(value_order)
                        .seed(seed);
                    check_replay(&model, &solver)?;
                }
            }
            let restarted = Solver::new(&model)
                .strategy(strategy)
                .var_order(VarOrder::DomWDeg)
                .restarts(spec.restarts())
                .seed(seed);
            check_replay(&model, &restarted)?;
        }
    }
}

/// A user's variable selector as data: at its k-th call it applies rule
/// `picks[k % len]`, an arbitrary but deterministic choice among the
/// unassigned variables that reads the search state through the view.
fn user_selector(picks: Vec<u64>) -> impl FnMut(&mut SearchView<'_>) -> VarId + Clone {
    let mut calls = 0usize;
    move |view: &mut SearchView<'_>| {
        let k = picks[calls % picks.len()];
        calls += 1;
        let chosen = match k % 4 {
            0 => view
                .unassigned()
                .nth((k / 4) as usize % view.num_unassigned()),
            1 => view
                .unassigned()
                .min_by_key(|&x| (u64::from(view.size(x)) ^ (k / 4), x.index())),
            2 => view
                .unassigned()
                .max_by_key(|&x| (view.degree(x), view.weighted_degree(x), x.index())),
            _ => view.unassigned().min_by_key(|&x| {
                let spread = view.max(x).unwrap_or(0) as i64 - view.min(x).unwrap_or(0) as i64;
                (spread, std::cmp::Reverse(x.index()))
            }),
        };
        chosen.expect("the search asks only while a variable is unassigned")
    }
}

/// A user's value ordering as data: an arbitrary permutation (swaps given
/// by `picks`), a seeded shuffle, or least-constraining by trial.
fn user_ordering(
    picks: Vec<u64>,
) -> impl FnMut(&mut SearchView<'_>, VarId, &mut Candidates<'_>) + Clone {
    let mut calls = 0usize;
    move |view: &mut SearchView<'_>, var: VarId, values: &mut Candidates<'_>| {
        let k = picks[calls % picks.len()];
        calls += 1;
        match k % 3 {
            0 => {
                for i in 0..values.len() {
                    let j = picks[(calls + i) % picks.len()] as usize % values.len();
                    values.swap(i, j);
                }
            }
            1 => values.shuffle(view.rng()),
            _ => values.sort_by_score(|v| view.trial_prunes(var, v).map_or(-1, |p| p as i64)),
        }
    }
}

/// A random objective: coefficient, variable and offset per term, and
/// whether to maximise.
fn objective_spec() -> impl Strategy<Value = (Vec<(i64, usize, i32)>, bool)> {
    (
        proptest::collection::vec((-3..=3i64, 0..8usize, -2..=2i32), 0..=4),
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A user's heuristics change the order of the search, never what it
    /// finds: under every strategy, with and without restarts.
    #[test]
    fn user_heuristics_find_exactly_the_solutions(
        spec in model_spec(),
        var_picks in proptest::collection::vec(any::<u64>(), 1..6),
        value_picks in proptest::collection::vec(any::<u64>(), 1..6),
        seed in 0..1000u64,
    ) {
        let (model, _, aux) = build(&spec);
        let expected = brute_force(&spec, &model, &aux);
        for &strategy in Pruning::ALL {
            let base = Solver::new(&model).strategy(strategy).seed(seed);
            let select = user_selector(var_picks.clone());
            let order = user_ordering(value_picks.clone());
            let solvers = [
                ("variables", base.clone().var_order_fn(select.clone())),
                ("values", base.clone().value_order_fn(order.clone())),
                ("both", base.clone().var_order_fn(select.clone()).value_order_fn(order.clone())),
                (
                    "both, restarts",
                    base.var_order_fn(select).value_order_fn(order).restarts(spec.restarts()),
                ),
            ];
            for (what, solver) in solvers {
                prop_assert_eq!(&solutions(&solver), &expected, "{} {}", strategy, what);
                prop_assert_eq!(solver.count().solutions(), expected.len() as u64);
            }
        }
    }

    #[test]
    fn branch_and_bound_finds_the_brute_force_optimum(
        spec in model_spec(),
        (terms, maximise) in objective_spec(),
        seed in 0..1000u64,
    ) {
        let (model, x, aux) = build(&spec);
        let terms: Vec<(i64, View)> = terms
            .iter()
            .map(|&(a, i, off)| (a, x[i % x.len()] + off))
            .collect();
        let expr = terms.iter().fold(Expr::default(), |e, &(a, v)| e + a * v);
        // Small coefficients and domains: the exact sum fits `i64`.
        let value_of = |values: &[i32]| -> i64 {
            let sum: i128 = terms
                .iter()
                .map(|&(a, v)| a as i128 * (values[v.var.index()] as i128 + v.offset as i128))
                .sum();
            i64::try_from(sum).expect("a small objective")
        };
        let all = brute_force(&spec, &model, &aux);
        let optimum = if maximise {
            all.iter().map(|s| value_of(s)).max()
        } else {
            all.iter().map(|s| value_of(s)).min()
        };
        let mut solvers = Vec::new();
        for &strategy in Pruning::ALL {
            for &var_order in VarOrder::ALL {
                for &value_order in ValueOrder::ALL {
                    solvers.push(
                        Solver::new(&model)
                            .strategy(strategy)
                            .var_order(var_order)
                            .value_order(value_order)
                            .seed(seed),
                    );
                }
            }
            solvers.push(
                Solver::new(&model)
                    .strategy(strategy)
                    .var_order(VarOrder::DomWDeg)
                    .restarts(spec.restarts())
                    .seed(seed),
            );
        }
        for (k, solver) in solvers.iter().enumerate() {
            let label = format!(
                "{} {} {}",
                solver.get_strategy(),
                solver.get_var_order(),
                solver.get_value_order()
            );
            // Every other solver gets the objective as one expression.
            let mut opt = match (maximise, k % 2 == 1) {
                (true, false) => solver.maximize(terms.clone()),
                (true, true) => solver.maximize(&expr),
                (false, false) => solver.minimize(terms.clone()),
                (false, true) => solver.minimize(&expr),
            }
            .unwrap();
            let mut last: Option<i64> = None;
            for step in opt.by_ref() {
                prop_assert!(model.is_solution(step.solution.values()), "{}", label);
                prop_assert_eq!(step.value, value_of(step.solution.values()), "{}", label);
                if let Some(before) = last {
                    let better = if maximise { step.value > before } else { step.value < before };
                    prop_assert!(better, "{}: {} after {}", label, step.value, before);
                }
                last = Some(step.value);
            }
            let expected = if optimum.is_some() {
                OptimizeStatus::Optimal
            } else {
                OptimizeStatus::Unsatisfiable
            };
            prop_assert_eq!(opt.status(), expected, "{}", label);
            prop_assert_eq!(last, optimum, "{}", label);
            prop_assert_eq!(opt.best().map(|b| b.value), optimum, "{}", label);
        }
    }
}
