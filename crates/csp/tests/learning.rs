//! Clause learning (`Pruning::ClauseLearning`) against brute force: every
//! count of all solutions, every first solution, unsatisfiability, the
//! optimum of branch and bound; every learned clause checked against the
//! model's solutions (`Solver::check_nogoods`); deep searches. The same
//! with the decisions taken from the solver's branching
//! (`Solver::follow_branching`), whose first solution under the input
//! order is the least (or greatest) one, as the branching's own search's.

#[path = "common/search.rs"]
mod search_helpers;
use search_helpers::cases;

use csp::Strategy as Pruning;
use csp::{Cmp, Condition, Model, OptimizeStatus, Solver, ValueOrder, VarId, VarOrder};
use proptest::prelude::*;

/// A constraint as plain data, for proptest to generate and shrink.
#[derive(Clone, Debug)]
enum Spec {
    Linear(Vec<(i64, usize)>, Cmp, i64),
    NotEqual(usize, usize, i32),
    AllDifferent(Vec<usize>),
    /// Positive and negative literals `x >= 1`, over 0/1 views `x`.
    Clause(Vec<usize>, Vec<usize>),
    Table(Vec<usize>, Vec<Vec<i32>>),
    Element(Vec<i64>, usize, usize),
    /// `a * x[i] + b * x[j] = rhs`, `a` and `b` 1 or -1: the linear
    /// propagator's value channel, explained by the missing images.
    UnitPair(i64, usize, i64, usize, i64),
    /// `b <-> sum <= rhs`, with `b` the first variable's `>= 1`.
    Reified(usize, Vec<(i64, usize)>, i64),
    /// Kinds explained by the others' domains: times and abs.
    Times(usize, usize, usize),
    Abs(usize, usize),
    /// Starts of durations and demands 1, 2 alternately on a resource of
    /// the capacity (`disjunctive` when `None`): explained by bounds.
    Resource(Vec<usize>, Option<i64>),
    /// Successors (a circuit, or a subcircuit when `true`), explained by
    /// the fixed chains.
    Circuit(Vec<usize>, bool),
    /// `x[entries[index]] = x[result]` over views.
    ElementVar(Vec<usize>, usize, usize),
    /// Two rectangles over four variables `s`: origins `(s0, s2)` and
    /// `(s1, s3)`, sizes `(s3, s1)` and `(s2, s0)`, non-strict when `true`;
    /// explained pair by pair.
    Diffn([usize; 4], bool),
    /// Starts `x[i] + offset` of a unary resource with durations 0 to 3:
    /// explained by the bounds its rules need.
    Disjunctive(Vec<(usize, i32, i32)>),
    /// Starts `x[i] + offset` with durations and demands 0 to 3 on a
    /// resource of the capacity, at the edge-finding level.
    EdgeFinding(Vec<(usize, i32, i32, i32)>, i64),
}

#[derive(Clone, Debug)]
struct ModelSpec {
    domains: Vec<Vec<i32>>,
    constraints: Vec<Spec>,
    /// The model's linear relaxation posted last (`Model::linear_relaxation`):
    /// its failures explained by its certificates.
    relax: bool,
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![Just(Cmp::Eq), Just(Cmp::Ne), Just(Cmp::Le), Just(Cmp::Ge)]
}

fn unit() -> impl Strategy<Value = i64> {
    prop_oneof![Just(1i64), Just(-1)]
}

fn spec(n: usize) -> impl Strategy<Value = Spec> {
    let v = 0..n;
    let terms = proptest::collection::vec((-3i64..=3, 0..n), 1..=4);
    prop_oneof![
        (terms.clone(), cmp(), -6i64..=6).prop_map(|(t, c, r)| Spec::Linear(t, c, r)),
        (v.clone(), v.clone(), -2i32..=2).prop_map(|(a, b, o)| Spec::NotEqual(a, b, o)),
        proptest::collection::vec(0..n, 2..=4).prop_map(Spec::AllDifferent),
        (
            proptest::collection::vec(0..n, 0..=3),
            proptest::collection::vec(0..n, 0..=3)
        )
            .prop_map(|(p, q)| Spec::Clause(p, q)),
        (
            proptest::collection::vec(0..n, 2..=3),
            proptest::collection::vec(proptest::collection::vec(-1i32..=3, 3), 1..=6)
        )
            .prop_map(|(s, rows)| Spec::Table(s, rows)),
        (
            proptest::collection::vec(-2i64..=3, 1..=4),
            v.clone(),
            v.clone()
        )
            .prop_map(|(a, i, r)| Spec::Element(a, i, r)),
        (unit(), v.clone(), unit(), v.clone(), -4i64..=4)
            .prop_map(|(a, i, b, j, r)| Spec::UnitPair(a, i, b, j, r)),
        (v.clone(), terms, -4i64..=4).prop_map(|(b, t, r)| Spec::Reified(b, t, r)),
        (v.clone(), v.clone(), v.clone()).prop_map(|(a, b, c)| Spec::Times(a, b, c)),
        (v.clone(), v.clone()).prop_map(|(a, b)| Spec::Abs(a, b)),
        (
            proptest::collection::vec(v.clone(), 2..=4),
            proptest::option::of(1..=3i64)
        )
            .prop_map(|(s, c)| Spec::Resource(s, c)),
        (proptest::collection::vec(v.clone(), 2..=4), any::<bool>())
            .prop_map(|(s, sub)| Spec::Circuit(s, sub)),
        (
            proptest::collection::vec(v.clone(), 1..=3),
            v.clone(),
            v.clone()
        )
            .prop_map(|(e, i, r)| Spec::ElementVar(e, i, r)),
        ([v.clone(), v.clone(), v.clone(), v.clone()], any::<bool>())
            .prop_map(|(s, nonstrict)| Spec::Diffn(s, nonstrict)),
        proptest::collection::vec((v, -2i32..=2, 0i32..=3), 2..=5).prop_map(Spec::Disjunctive),
    ]
}

fn model_spec() -> impl Strategy<Value = ModelSpec> {
    (2usize..=6)
        .prop_flat_map(|n| {
            let domain = proptest::collection::btree_set(-2i32..=4, 1..=5)
                .prop_map(|s| s.into_iter().collect::<Vec<i32>>());
            (
                proptest::collection::vec(domain, n),
                proptest::collection::vec(spec(n), 0..=6),
                any::<bool>(),
            )
        })
        .prop_map(|(domains, constraints, relax)| ModelSpec {
            domains,
            constraints,
            relax,
        })
}

/// Models where resources make most inferences: one to three unary
/// resources or cumulative ones at the edge-finding level, over wider
/// domains, beside up to two other constraints.
fn scheduling_spec() -> impl Strategy<Value = ModelSpec> {
    (3usize..=5)
        .prop_flat_map(|n| {
            let domain = proptest::collection::btree_set(-2i32..=6, 2..=7)
                .prop_map(|s| s.into_iter().collect::<Vec<i32>>());
            let task = (0..n, -2i32..=2, 0i32..=3);
            let unary = proptest::collection::vec(task, 2..=5).prop_map(Spec::Disjunctive);
            let task = (0..n, -2i32..=2, 0i32..=3, 0i32..=3);
            let cumulative = (proptest::collection::vec(task, 2..=5), 1i64..=4)
                .prop_map(|(t, c)| Spec::EdgeFinding(t, c));
            let resource = prop_oneof![unary, cumulative];
            (
                proptest::collection::vec(domain, n),
                proptest::collection::vec(resource, 1..=3),
                proptest::collection::vec(spec(n), 0..=2),
            )
        })
        .prop_map(|(domains, mut constraints, others)| {
            constraints.extend(others);
            ModelSpec {
                domains,
                constraints,
                relax: false,
            }
        })
}

/// The model of `spec`; builders' refusals (a table row of the wrong
/// width, a repeated variable, ...) leave the constraint out.
fn build(spec: &ModelSpec) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let x: Vec<VarId> = (spec.domains.iter())
        .map(|d| m.int_var(d.clone()).unwrap())
        .collect();
    for c in &spec.constraints {
        let _ = match c {
            Spec::Linear(t, cmp, r) => m
                .linear(t.iter().map(|&(a, i)| (a, x[i])), *cmp, *r)
                .map(|_| ()),
            Spec::NotEqual(a, b, o) => m.not_equal(x[*a], x[*b] + *o).map(|_| ()),
            Spec::AllDifferent(s) => m.all_different(s.iter().map(|&i| x[i])).map(|_| ()),
            Spec::Clause(p, q) => {
                let mut bool_of = |i: usize| {
                    let b = m.bool_var().unwrap();
                    m.reify(b, Condition::linear([(1, x[i])], Cmp::Ge, 1))
                        .unwrap();
                    b
                };
                let p: Vec<VarId> = p.iter().map(|&i| bool_of(i)).collect();
                let q: Vec<VarId> = q.iter().map(|&i| bool_of(i)).collect();
                m.clause(p, q).map(|_| ())
            }
            Spec::Table(s, rows) => {
                let rows: Vec<Vec<i32>> = rows.iter().map(|r| r[..s.len()].to_vec()).collect();
                m.table(s.iter().map(|&i| x[i]), rows).map(|_| ())
            }
            Spec::Element(a, i, r) => m.element(a.clone(), x[*i], x[*r]).map(|_| ()),
            Spec::UnitPair(a, i, b, j, r) => m
                .linear([(*a, x[*i]), (*b, x[*j])], Cmp::Eq, *r)
                .map(|_| ()),
            Spec::Reified(b, t, r) => {
                let cond = Condition::linear(t.iter().map(|&(a, i)| (a, x[i])), Cmp::Le, *r);
                let flag = m.bool_var().unwrap();
                m.reify(flag, cond)
                    .and_then(|_| m.equal(flag, x[*b]).map(|_| ()))
            }
            Spec::Times(a, b, c) => m.times(x[*a], x[*b], x[*c]).map(|_| ()),
            Spec::Abs(a, b) => m.abs(x[*a], x[*b]).map(|_| ()),
            Spec::Circuit(s, false) => m.circuit(s.iter().map(|&i| x[i])).map(|_| ()),
            Spec::Circuit(s, true) => m.subcircuit(s.iter().map(|&i| x[i])).map(|_| ()),
            Spec::ElementVar(e, i, r) => m
                .element_var(e.iter().map(|&j| x[j]), x[*i], x[*r])
                .map(|_| ()),
            Spec::Diffn([a, b, c, d], nonstrict) => {
                let (a, b, c, d) = (x[*a], x[*b], x[*c], x[*d]);
                m.diffn([a, b], [c, d], [d, b], [c, a], *nonstrict)
                    .map(|_| ())
            }
            Spec::Disjunctive(tasks) => m
                .disjunctive(
                    tasks.iter().map(|&(i, offset, _)| x[i] + offset),
                    tasks.iter().map(|&(.., duration)| duration),
                )
                .map(|_| ()),
            Spec::EdgeFinding(tasks, capacity) => m
                .cumulative_with(
                    tasks.iter().map(|&(i, offset, ..)| x[i] + offset),
                    tasks.iter().map(|&(_, _, duration, _)| duration),
                    tasks.iter().map(|&(.., demand)| demand),
                    *capacity,
                    csp::CumulativeLevel::EdgeFinding,
                )
                .map(|_| ()),
            Spec::Resource(s, capacity) => {
                let starts: Vec<VarId> = s.iter().map(|&i| x[i]).collect();
                let alternate = |a, b| (0..s.len()).map(move |i| if i % 2 == 0 { a } else { b });
                match capacity {
                    Some(c) => m.cumulative(starts, alternate(1, 2), alternate(1, 2), *c),
                    None => m.disjunctive(starts, alternate(1, 2)),
                }
                .map(|_| ())
            }
        };
    }
    if spec.relax {
        m.linear_relaxation().unwrap();
    }
    (m, x)
}

/// Every solution of `model`, by brute force over its declared domains.
fn brute_force(model: &Model) -> Vec<Vec<i32>> {
    let choices: Vec<Vec<i32>> = (model.vars())
        .map(|v| model.domain(v).values().collect())
        .collect();
    let mut out = Vec::new();
    csp::each_combination(&choices, |values| {
        if model.is_solution(values) {
            out.push(values.to_vec());
        }
    });
    out
}

/// Clause learning with every learned clause checked; a search that
/// does not finish within far more failures than these models' trees
/// have nodes (a loop) fails its test.
fn learning(model: &Model) -> Solver<'_> {
    let limits = csp::Limits {
        failures: Some(100_000),
        ..csp::Limits::default()
    };
    Solver::new(model)
        .strategy(Pruning::ClauseLearning)
        .check_nogoods(true)
        .limits(limits)
}

/// Restarts as often as allowed: LBD restarts after every two conflicts.
const EAGER_LBD: csp::LbdRestarts = csp::LbdRestarts {
    window: 2,
    lbd_factor: 0.0,
    blocking_window: 2,
    blocking_factor: f64::INFINITY,
    first: 0,
};

/// The restarts of a following search.
#[derive(Clone, Copy, Debug)]
enum Restarting {
    /// None.
    Default,
    /// Luby's of scale 1.
    Luby,
    /// [`EAGER_LBD`].
    Lbd,
}

fn restarting() -> impl Strategy<Value = Restarting> {
    proptest::sample::select(&[Restarting::Default, Restarting::Luby, Restarting::Lbd][..])
}

/// How a search follows the branching: how many of the first variables,
/// by which orders, with which restarts.
#[derive(Clone, Debug)]
struct Following {
    followed: usize,
    var_order: VarOrder,
    value_order: ValueOrder,
    restarts: Restarting,
    /// The clause database cut past this many learned clauses (so that
    /// these small models cut it too).
    learned_clauses: Option<usize>,
}

fn following() -> impl Strategy<Value = Following> {
    (
        0usize..=6,
        proptest::sample::select(VarOrder::ALL),
        proptest::sample::select(ValueOrder::ALL),
        restarting(),
        proptest::option::of(1usize..=8),
    )
        .prop_map(
            |(followed, var_order, value_order, restarts, learned_clauses)| Following {
                followed,
                var_order,
                value_order,
                restarts,
                learned_clauses,
            },
        )
}

/// [`learning`], deciding by the branching `f` over the model's first
/// variables.
fn learning_following<'m>(model: &'m Model, f: &Following) -> Solver<'m> {
    let mut solver = learning(model)
        .var_order(f.var_order)
        .value_order(f.value_order)
        .follow_branching(model.vars().take(f.followed))
        .unwrap();
    if let Some(limit) = f.learned_clauses {
        solver = solver.learned_clauses(limit);
    }
    match f.restarts {
        Restarting::Default => solver,
        Restarting::Luby => solver.restarts(csp::Restarts::Luby { scale: 1 }),
        Restarting::Lbd => solver.lbd_restarts(EAGER_LBD),
    }
}

/// The best value `solver` reaches on `objective` (maximised or minimised)
/// and the status it ends with.
fn optimum(
    solver: Solver<'_>,
    objective: &[(i64, VarId)],
    maximize: bool,
) -> (Option<i64>, OptimizeStatus) {
    let optimize = if maximize {
        solver.maximize(objective.to_vec())
    } else {
        solver.minimize(objective.to_vec())
    };
    let mut optimize = optimize.unwrap();
    let best = optimize.by_ref().last().map(|i| i.value);
    (best, optimize.status())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    #[test]
    fn following_the_branching_enumerates_each_solution_once(
        spec in model_spec(),
        f in following(),
    ) {
        let (model, _) = build(&spec);
        let mut expected = brute_force(&model);
        let solver = learning_following(&model, &f);
        let mut found: Vec<Vec<i32>> = solver.search().map(|s| s.into_values()).collect();
        found.sort();
        expected.sort();
        prop_assert_eq!(&found, &expected);
        let outcome = solver.count();
        prop_assert!(outcome.status.is_complete());
        prop_assert_eq!(outcome.solutions(), expected.len() as u64);
    }

    /// Over every variable in input order, the first solution is the
    /// least in the value order's direction (the split orders bisect
    /// towards the same end), as the branching's own search finds it:
    /// learning prunes no solution and its jumps skip none.
    #[test]
    fn following_the_input_order_finds_the_least_solution_first(
        spec in model_spec(),
        value_order in proptest::sample::select(&[
            ValueOrder::Ascending,
            ValueOrder::Descending,
            ValueOrder::Split,
            ValueOrder::ReverseSplit,
        ][..]),
        restarts in restarting(),
        learned_clauses in proptest::option::of(1usize..=8),
    ) {
        let (model, _) = build(&spec);
        let f = Following {
            followed: model.num_vars(),
            var_order: VarOrder::Input,
            value_order,
            restarts,
            learned_clauses,
        };
        let all = brute_force(&model);
        let up = matches!(value_order, ValueOrder::Ascending | ValueOrder::Split);
        let least = if up { all.iter().min() } else { all.iter().max() };
        let (first, outcome) = learning_following(&model, &f).first();
        prop_assert_eq!(first.as_ref().map(|s| s.values()), least.map(|v| &v[..]));
        if first.is_none() {
            prop_assert!(outcome.status.is_complete());
        }
        let (own, _) = Solver::new(&model)
            .strategy(Pruning::ArcConsistency)
            .var_order(VarOrder::Input)
            .value_order(value_order)
            .binary_branching(true)
            .first();
        prop_assert_eq!(first.map(|s| s.into_values()), own.map(|s| s.into_values()));
    }

    #[test]
    fn following_the_branching_reaches_the_optimum(
        spec in model_spec(),
        coefs in proptest::collection::vec(-3i64..=3, 6),
        maximize in any::<bool>(),
        f in following(),
    ) {
        let (model, x) = build(&spec);
        let objective: Vec<(i64, VarId)> = x.iter().zip(&coefs).map(|(&v, &a)| (a, v)).collect();
        let run = |solver: Solver<'_>| optimum(solver, &objective, maximize);
        let (expected, status) = run(Solver::new(&model).strategy(Pruning::ArcConsistency));
        let (best, learned) = run(learning_following(&model, &f));
        prop_assert_eq!(best, expected);
        prop_assert_eq!(learned, status);
    }

    #[test]
    fn enumeration_finds_each_solution_once(spec in model_spec()) {
        let (model, _) = build(&spec);
        let mut expected = brute_force(&model);
        let mut found: Vec<Vec<i32>> = learning(&model).search().map(|s| s.into_values()).collect();
        found.sort();
        expected.sort();
        prop_assert_eq!(&found, &expected);
        let outcome = learning(&model).count();
        prop_assert!(outcome.status.is_complete());
        prop_assert_eq!(outcome.solutions(), expected.len() as u64);
    }

    #[test]
    fn the_first_solution_is_one_and_unsatisfiable_models_are_proven(spec in model_spec()) {
        let (model, _) = build(&spec);
        let expected = brute_force(&model);
        let (first, outcome) = learning(&model).first();
        match first {
            Some(s) => prop_assert!(model.is_solution(s.values())),
            None => {
                prop_assert!(expected.is_empty());
                prop_assert!(outcome.status.is_complete());
            }
        }
    }

    #[test]
    fn branch_and_bound_reaches_the_default_optimum(
        spec in model_spec(),
        coefs in proptest::collection::vec(-3i64..=3, 6),
        maximize in any::<bool>(),
    ) {
        let (model, x) = build(&spec);
        let objective: Vec<(i64, VarId)> = x.iter().zip(&coefs).map(|(&v, &a)| (a, v)).collect();
        let run = |solver: Solver<'_>| optimum(solver, &objective, maximize);
        let (expected, status) = run(Solver::new(&model).strategy(Pruning::ArcConsistency));
        let (best, learned) = run(learning(&model));
        prop_assert_eq!(best, expected);
        prop_assert_eq!(learned, status);
        prop_assert!(matches!(learned, OptimizeStatus::Optimal | OptimizeStatus::Unsatisfiable));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Resources' explanations (the bounds their rules need) under
    /// learning: every solution found once, every learned clause checked,
    /// the optimum reached.
    #[test]
    fn scheduling_models_learn_sound_clauses(
        spec in scheduling_spec(),
        coefs in proptest::collection::vec(-3i64..=3, 5),
    ) {
        let (model, x) = build(&spec);
        let mut expected = brute_force(&model);
        let mut found: Vec<Vec<i32>> = learning(&model).search().map(|s| s.into_values()).collect();
        found.sort();
        expected.sort();
        prop_assert_eq!(&found, &expected);
        let objective: Vec<(i64, VarId)> = x.iter().zip(&coefs).map(|(&v, &a)| (a, v)).collect();
        let run = |solver: Solver<'_>| optimum(solver, &objective, false);
        let (want, _) = run(Solver::new(&model).strategy(Pruning::ArcConsistency));
        let (best, status) = run(learning(&model));
        prop_assert_eq!(best, want);
        prop_assert!(matches!(status, OptimizeStatus::Optimal | OptimizeStatus::Unsatisfiable));
    }
}

#[test]
fn pigeons_learn_and_jump() {
    // Seven pigeons, six holes, as disequalities: unsatisfiable, and only
    // learning makes the search shorter than the whole tree.
    let mut model = Model::new();
    let x = model.int_vars(7, 0..6).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            model.not_equal(x[i], x[j]).unwrap();
        }
    }
    let outcome = Solver::new(&model)
        .strategy(Pruning::ClauseLearning)
        .count();
    assert_eq!(outcome.solutions(), 0);
    assert!(outcome.status.is_complete());
    let stats = outcome.stats;
    assert!(stats.conflicts > 0 && stats.learned > 0);
    assert_eq!(stats.failures, stats.conflicts);
    // The learned clauses prune: each literal they implied is counted
    // (the measure of whether learning pays that the default's turns
    // read), and only a learning search counts any.
    assert!(stats.clause_propagations > 0, "{stats:?}");
    let textbook = Solver::new(&model)
        .strategy(Pruning::ArcConsistency)
        .count();
    assert_eq!(textbook.stats.clause_propagations, 0);
}

#[test]
fn a_deep_search_does_not_overflow_the_stack() {
    // A chain of 20000 variables, each different from the next and at
    // least the one two before: every level a decision, found without
    // recursion.
    let mut model = Model::new();
    let x = model.int_vars(20_000, 0..3).unwrap();
    for w in x.windows(2) {
        model.not_equal(w[0], w[1]).unwrap();
    }
    let (first, outcome) = Solver::new(&model)
        .strategy(Pruning::ClauseLearning)
        .first();
    assert!(model.is_solution(first.unwrap().values()));
    assert!(outcome.stats.max_depth > 1000);
}

#[test]
fn restarts_happen_and_keep_the_count() {
    // A Latin square of order 4 (576 solutions): enumeration with the
    // blocking clauses and Luby restarts still finds each once.
    let mut model = Model::new();
    let n = 4;
    let x = model.int_vars(n * n, 0..n as i32).unwrap();
    for i in 0..n {
        model.all_different((0..n).map(|j| x[i * n + j])).unwrap();
        model.all_different((0..n).map(|j| x[j * n + i])).unwrap();
    }
    let outcome = Solver::new(&model)
        .strategy(Pruning::ClauseLearning)
        .restarts(csp::Restarts::Luby { scale: 1 })
        .count();
    assert_eq!(outcome.solutions(), 576);
    assert!(outcome.stats.restarts > 0);
}

#[test]
fn non_explaining_kinds_fall_back_on_the_decisions() {
    // A permutation of 0..=3 whose sum is not 6: unsatisfiable, found
    // in search, its assignments made by the domain-consistent
    // all-different, which does not explain.
    let mut model = Model::new();
    let x = model.int_vars(4, 0..=3).unwrap();
    model
        .all_different_with(&x, csp::AllDifferentLevel::Domain)
        .unwrap();
    model.linear(x.iter().map(|&v| (1, v)), Cmp::Ne, 6).unwrap();
    let outcome = learning(&model).count();
    assert_eq!(outcome.solutions(), 0);
    assert!(outcome.status.is_complete(), "{:?}", outcome);
    assert!(outcome.stats.conflicts > 0, "{:?}", outcome.stats);
    let x0 = x[0];
    let optimum = learning(&model).minimize([(0i64, x0)]).unwrap().run();
    assert!(optimum.0.is_none() && optimum.1.status.is_complete());
}

/// The choose events of a search.
#[derive(Default)]
struct Choices(Vec<(VarId, i32, usize)>);

impl csp::Observer for Choices {
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        self.0.push((var, value, depth));
    }
}

#[test]
fn followed_decisions_are_the_branchings_then_activitys() {
    // Five variables over 0..=4, all different; the branching decides x4
    // then x2 by largest-first (a selector naming them in that order),
    // then activity decides the rest, ascending on its first choices.
    let mut model = Model::new();
    let x = model.int_vars(5, 0..=4).unwrap();
    model.all_different(&x).unwrap();
    let order = [x[4], x[2]];
    let solver = Solver::new(&model)
        .strategy(Pruning::ClauseLearning)
        .var_order_fn(move |view: &mut csp::SearchView<'_>| {
            let open = order.iter().find(|&&v| view.assigned_value(v).is_none());
            *open.expect("called only while a followed variable is open")
        })
        .value_order(ValueOrder::Descending)
        .follow_branching(order)
        .unwrap();
    let mut search = solver.search_with(Choices::default());
    let first = search.next().unwrap();
    assert_eq!(first.values(), &[0, 1, 3, 2, 4]);
    let choices = &search.observer().0;
    assert_eq!(choices[..2], [(x[4], 4, 1), (x[2], 3, 2)]);
    // Then the least active first (index order), at its least value.
    assert_eq!(choices[2], (x[0], 0, 3));
}

#[test]
fn following_the_branching_still_learns_and_jumps() {
    // Seven pigeons, six holes, the branching in input order: refuted
    // with learned clauses, fewer failures than the plain search's tree.
    let mut model = Model::new();
    let x = model.int_vars(7, 0..6).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            model.not_equal(x[i], x[j]).unwrap();
        }
    }
    let followed = Solver::new(&model)
        .strategy(Pruning::ClauseLearning)
        .var_order(VarOrder::Input)
        .follow_branching(x.iter().copied())
        .unwrap()
        .count();
    assert_eq!(followed.solutions(), 0);
    assert!(followed.status.is_complete());
    assert!(followed.stats.learned > 0);
    let plain = Solver::new(&model)
        .strategy(Pruning::ArcConsistency)
        .var_order(VarOrder::Input)
        .count();
    assert!(followed.stats.failures < plain.stats.failures);
}

#[test]
fn split_decisions_bisect_without_choose_events() {
    // Four variables over 0..=3, all different: bisecting each towards
    // its least (greatest) half finds the least (greatest) permutation,
    // and a bisection is no choose event, as in the other searches.
    let mut model = Model::new();
    let x = model.int_vars(4, 0..=3).unwrap();
    model.all_different(&x).unwrap();
    for (order, expected) in [
        (ValueOrder::Split, [0, 1, 2, 3]),
        (ValueOrder::ReverseSplit, [3, 2, 1, 0]),
    ] {
        let solver = Solver::new(&model)
            .strategy(Pruning::ClauseLearning)
            .var_order(VarOrder::Input)
            .value_order(order)
            .follow_branching(x.iter().copied())
            .unwrap();
        let mut search = solver.search_with(Choices::default());
        assert_eq!(search.next().unwrap().values(), &expected);
        assert!(search.observer().0.is_empty());
        assert!(search.stats().max_depth >= 2);
    }
}

#[test]
fn following_cuts_the_clause_database_where_it_stands() {
    // Ten pigeons, nine holes, in input order: past 500 learned clauses
    // the database is cut, which while following is done where the
    // search stands, never by a restart (that would change the followed
    // search); the count stays exact across the cuts.
    let pigeons = |n: usize, limit: usize| {
        let mut model = Model::new();
        let x = model.int_vars(n, 0..n as i32 - 1).unwrap();
        for i in 0..n {
            for j in i + 1..n {
                model.not_equal(x[i], x[j]).unwrap();
            }
        }
        let outcome = Solver::new(&model)
            .strategy(Pruning::ClauseLearning)
            .var_order(VarOrder::Input)
            .follow_branching(x.iter().copied())
            .unwrap()
            .learned_clauses(limit)
            .count();
        assert_eq!(outcome.solutions(), 0);
        assert!(outcome.status.is_complete());
        outcome.stats
    };
    let cut = pigeons(10, 500);
    assert!(cut.learned > 500 && cut.restarts == 0, "{cut:?}");
    // Cutting loses clauses the search would have used again.
    let kept = pigeons(10, usize::MAX);
    assert!(
        kept.restarts == 0 && kept.learned < cut.learned,
        "{kept:?} {cut:?}"
    );
}

/// A variable and value the branching named (either may be missing).
type Named = (Option<VarId>, Option<i32>);

/// A search's decisions as the branching named them and as the search
/// made them, and its restarts.
#[derive(Default)]
struct Decisions {
    /// What the variable order (and the value order after it) last named.
    named: std::sync::Arc<std::sync::Mutex<Named>>,
    /// Each choose event beside what had been named for it.
    made: Vec<((VarId, i32), Named)>,
    restarts: u64,
}

impl csp::Observer for Decisions {
    fn choose(&mut self, var: VarId, value: i32, _depth: usize) {
        let named = *self.named.lock().unwrap();
        self.made.push(((var, value), named));
    }

    fn restart(&mut self) {
        self.restarts += 1;
    }
}

#[test]
fn restarts_keep_to_the_branching() {
    // Nine pigeons, eight holes, every variable followed, the branching a
    // selector (the open variable of fewest values, the last of equals)
    // and a value ordering (greatest first): under Luby's and under LBD
    // restarts, every decision is the variable and value they name then.
    let mut model = Model::new();
    let n = 9;
    let x = model.int_vars(n, 0..n as i32 - 1).unwrap();
    for i in 0..n {
        for j in i + 1..n {
            model.not_equal(x[i], x[j]).unwrap();
        }
    }
    for lbd in [false, true] {
        let observer = Decisions::default();
        let (var_named, value_named) = (observer.named.clone(), observer.named.clone());
        let vars = x.clone();
        let solver = Solver::new(&model)
            .strategy(Pruning::ClauseLearning)
            .var_order_fn(move |view: &mut csp::SearchView<'_>| {
                let open = vars.iter().filter(|&&v| view.assigned_value(v).is_none());
                let best = open.min_by_key(|&&v| (view.size(v), std::cmp::Reverse(v.index())));
                let best = *best.expect("called only while a followed variable is open");
                *var_named.lock().unwrap() = (Some(best), None);
                best
            })
            .value_order_fn(
                move |_: &mut csp::SearchView<'_>, _, values: &mut csp::Candidates<'_>| {
                    values.reverse();
                    value_named.lock().unwrap().1 = values.as_slice().first().copied();
                },
            )
            .follow_branching(x.iter().copied())
            .unwrap();
        let solver = match lbd {
            true => solver.lbd_restarts(EAGER_LBD),
            false => solver.restarts(csp::Restarts::Luby { scale: 1 }),
        };
        let mut search = solver.search_with(observer);
        assert!(search.next().is_none());
        assert!(search.stats().conflicts > 100, "{:?}", search.stats());
        let seen = search.observer();
        assert!(seen.restarts > 10, "lbd {lbd}: {} restarts", seen.restarts);
        assert!(!seen.made.is_empty());
        for &((var, value), named) in &seen.made {
            assert_eq!((Some(var), Some(value)), named, "lbd {lbd}");
        }
    }
}
