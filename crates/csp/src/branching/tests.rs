//! A heuristic given as a trait object or a closure makes exactly the
//! search of the built-in order it imitates: same nodes, failures, checks,
//! prunes, solutions in the same order, and the same observer events.

use crate::{
    Candidates, Cmp, Model, Restarts, SearchView, Solver, Strategy, Tracer, ValueOrder, VarId,
    VarOrder,
};

/// The integration tests' n-queens model, the same file.
#[path = "../../tests/common/queens.rs"]
mod shared;

fn queens(n: usize) -> Model {
    shared::queens(n).0
}

/// Every constraint kind, domains of different sizes, one wider than a
/// machine word: the degree orders and trial propagation have work to do.
fn mixed() -> Model {
    let mut m = Model::new();
    let x = m.int_vars(3, 0..4).unwrap();
    let y = m.int_var([-1, 1, 2, 3, 5]).unwrap();
    let z = m.int_var(0..3).unwrap();
    let w = m.int_var([-70, 0, 2, 130]).unwrap();
    m.all_different(&x).unwrap();
    m.not_equal(y, x[0] + 1).unwrap();
    m.linear([(1, x[1]), (2, z), (-1, y)], Cmp::Le, 4).unwrap();
    m.table(
        [z, x[2]],
        vec![vec![0, 1], vec![1, 2], vec![2, 3], vec![2, 0]],
    )
    .unwrap();
    m.count_eq([x[0], y, z], 2, 1).unwrap();
    m.predicate([w, z], |v| (v[0] + v[1]) % 3 != 1).unwrap();
    m.not_equal(w, y).unwrap();
    m
}

/// Everything a search reports: its events line by line (prunes included),
/// its solutions in order, and its statistics (less the time).
fn run(solver: &Solver) -> (String, Vec<Vec<i32>>, [u64; 9]) {
    let mut search = solver.search_with(Tracer::new(Vec::new()).with_prunes());
    let mut solutions = Vec::new();
    while let Some(values) = search.next_values() {
        solutions.push(values.to_vec());
    }
    let s = search.stats();
    let stats = [
        s.nodes,
        s.failures,
        s.backtracks,
        s.checks,
        s.pruned,
        s.propagations,
        s.max_depth,
        s.solutions,
        s.restarts,
    ];
    let trace = String::from_utf8(search.into_observer().into_inner()).unwrap();
    (trace, solutions, stats)
}

fn assert_same_search(built_in: &Solver, user: &Solver, what: &str) {
    assert!(user.has_user_branching());
    let (a, b) = (run(built_in), run(user));
    assert_eq!(a.2, b.2, "{what}: statistics");
    assert_eq!(a.1, b.1, "{what}: solutions in order");
    assert!(a.0 == b.0, "{what}: observer events differ");
}

fn models() -> [(&'static str, Model); 3] {
    [
        ("queens 5", queens(5)),
        ("queens 6", queens(6)),
        ("mixed", mixed()),
    ]
}

#[test]
fn hand_written_smallest_domain_is_the_built_in() {
    // First-fail as a user would write it: the first unassigned variable
    // of the smallest domain.
    let smallest = |view: &mut SearchView<'_>| {
        view.unassigned()
            .min_by_key(|&x| view.size(x))
            .expect("a variable is unassigned")
    };
    for (name, model) in models() {
        for &strategy in Strategy::ALL {
            let built_in = Solver::new(&model)
                .strategy(strategy)
                .var_order(VarOrder::SmallestDomain);
            let user = Solver::new(&model)
                .strategy(strategy)
                .var_order_fn(smallest);
            assert_same_search(&built_in, &user, &format!("{name} {strategy}"));
        }
    }
    // The comparison can tell: ties to the last variable make another search.
    let model = queens(6);
    let last_of_smallest = |view: &mut SearchView<'_>| {
        let smallest = view.unassigned().map(|x| view.size(x)).min().unwrap();
        view.unassigned()
            .filter(|&x| view.size(x) == smallest)
            .last()
            .unwrap()
    };
    let built_in = Solver::new(&model).var_order(VarOrder::SmallestDomain);
    let other = Solver::new(&model).var_order_fn(last_of_smallest);
    assert_ne!(run(&built_in).0, run(&other).0);
}

#[test]
fn hand_written_value_orders_are_the_built_in_ones() {
    let descending =
        |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| values.reverse();
    let random = |view: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
        values.shuffle(view.rng())
    };
    let least_constraining = |view: &mut SearchView<'_>, x: VarId, values: &mut Candidates<'_>| {
        values.sort_by_score(|v| view.trial_prunes(x, v).map_or(i64::MAX, |p| p as i64))
    };
    for (name, model) in models() {
        for &strategy in Strategy::ALL {
            let base = Solver::new(&model).strategy(strategy).seed(5);
            let cases = [
                (
                    ValueOrder::Descending,
                    base.clone().value_order_fn(descending),
                ),
                (ValueOrder::Random, base.clone().value_order_fn(random)),
                (
                    ValueOrder::LeastConstraining,
                    base.clone().value_order_fn(least_constraining),
                ),
            ];
            for (order, user) in cases {
                let built_in = base.clone().value_order(order);
                assert_same_search(&built_in, &user, &format!("{name} {strategy} {order}"));
            }
        }
    }
}

#[test]
fn built_in_orders_through_the_traits_make_the_same_search() {
    for (name, model) in models() {
        for &strategy in Strategy::ALL {
            for &var_order in VarOrder::ALL {
                for &value_order in ValueOrder::ALL {
                    let base = Solver::new(&model).strategy(strategy).seed(11);
                    let built_in = base.clone().var_order(var_order).value_order(value_order);
                    let user = base.var_selector(var_order).value_ordering(value_order);
                    let what = format!("{name} {strategy} {var_order} {value_order}");
                    assert_same_search(&built_in, &user, &what);
                }
            }
            // With restarts ties are broken by the seeded generator.
            let restarts = Restarts::Luby { scale: 1 };
            let base = Solver::new(&model).strategy(strategy).restarts(restarts);
            let built_in = base.clone().var_order(VarOrder::DomWDeg);
            let user = base.var_selector(VarOrder::DomWDeg);
            assert_same_search(&built_in, &user, &format!("{name} {strategy} restarts"));
        }
    }
}

#[test]
fn the_view_reports_the_search_state() {
    let model = mixed();
    let x: Vec<VarId> = model.vars().collect();
    let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
        let unassigned: Vec<VarId> = view.unassigned().collect();
        assert_eq!(unassigned.len(), view.num_unassigned());
        assert_eq!(view.depth() + unassigned.len(), view.model().num_vars());
        for &v in &x {
            assert_eq!(view.assigned_value(v).is_none(), unassigned.contains(&v));
        }
        for &v in &unassigned {
            let mut values = Vec::new();
            view.values_into(v, &mut values);
            assert_eq!(values.len() as u32, view.size(v));
            assert_eq!(values.first().copied(), view.min(v));
            assert_eq!(values.last().copied(), view.max(v));
            assert!(values.iter().all(|&a| view.contains(v, a)));
            let live = view
                .constraints(v)
                .filter(|&c| view.unassigned_in(c) >= 2)
                .count();
            assert_eq!(view.degree(v), live as u64);
            assert!(view.weighted_degree(v) >= view.degree(v));
        }
        // Last created first.
        unassigned.into_iter().max().unwrap()
    });
    let outcome = solver.count();
    assert_eq!(outcome.solutions(), Solver::new(&model).count().solutions());
    assert!(outcome.solutions() > 0, "the model has solutions to find");
}

#[test]
fn a_user_heuristic_leaves_the_slot_backend() {
    let model = queens(6);
    let plain = Solver::new(&model);
    assert!(plain.search().slot_backend.is_some());
    let user = Solver::new(&model).var_selector(VarOrder::Input);
    assert!(user.search().slot_backend.is_none());
    let values = Solver::new(&model).value_ordering(ValueOrder::Ascending);
    assert!(values.search().slot_backend.is_none());
    // Same tree either way.
    assert_same_search(&plain.clone().without_slot_backend(), &user, "input");
    assert_same_search(&plain.without_slot_backend(), &values, "ascending");
}

#[test]
fn setting_a_built_in_order_replaces_the_users() {
    let model = queens(5);
    let user = Solver::new(&model)
        .var_order_fn(|view: &mut SearchView<'_>| view.unassigned().last().unwrap())
        .value_order_fn(|_: &mut SearchView<'_>, _: VarId, v: &mut Candidates<'_>| v.reverse());
    assert!(user.has_user_branching());
    let back = user
        .var_order(VarOrder::DomDeg)
        .value_order(ValueOrder::MiddleOut);
    assert!(!back.has_user_branching());
    assert_eq!(back.get_var_order(), VarOrder::DomDeg);
    assert_eq!(back.get_value_order(), ValueOrder::MiddleOut);
}

#[test]
fn each_search_gets_a_fresh_heuristic() {
    // A stateful selector: it counts its calls and picks by parity.
    #[derive(Clone, Default)]
    struct Alternate(u64);
    impl crate::VarSelector for Alternate {
        fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
            self.0 += 1;
            if self.0.is_multiple_of(2) {
                view.unassigned().last().unwrap()
            } else {
                view.unassigned().next().unwrap()
            }
        }
    }
    let model = mixed();
    let solver = Solver::new(&model).var_selector(Alternate::default());
    assert_eq!(
        run(&solver),
        run(&solver),
        "the second search starts afresh"
    );
    // Parts reuse one search for many prefixes, each like a new search.
    let total: u64 = (0..3)
        .map(|i| crate::count_part(&solver, i, 3).unwrap().solutions())
        .sum();
    assert_eq!(total, solver.count().solutions());
}

#[test]
#[should_panic(expected = "not an unassigned variable")]
fn returning_an_assigned_variable_is_a_clear_panic() {
    let model = queens(4);
    let first = model.vars().next().unwrap();
    Solver::new(&model)
        .var_order_fn(move |_: &mut SearchView<'_>| first)
        .count();
}
