//! Trivial inputs at large sizes: every search must stay near-linear. Each
//! of these was quadratic (minutes to hours at these sizes) before: the
//! smallest-domain order ranked every unassigned variable at every node,
//! and assigning a value of a multi-word domain wrote (and later restored)
//! every word of it.

use csp::{Model, Restarts, Solver, Strategy, VarOrder};

#[test]
fn smallest_domain_on_many_unconstrained_variables_is_linear() {
    let n = 200_000;
    let mut model = Model::new();
    model.int_vars(n, 0..3).unwrap();
    for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
        let (first, outcome) = Solver::new(&model)
            .strategy(strategy)
            .var_order(VarOrder::SmallestDomain)
            .first();
        assert!(model.is_solution(first.expect("a solution").values()));
        assert_eq!(outcome.stats.nodes, n as u64 + 1, "{strategy}");
    }
}

/// Records the variables chosen, in order.
#[derive(Default)]
struct Chosen(Vec<usize>);

impl csp::Observer for Chosen {
    fn choose(&mut self, var: csp::VarId, _value: i32, _depth: usize) {
        self.0.push(var.index());
    }
}

#[test]
fn smallest_domain_picks_the_first_of_the_smallest_in_a_large_model() {
    // Variable i < n - 1 has 2 + i % 5 values, the last has one: the order
    // takes the last first, then x0 (down to one value by the constraint),
    // then the first of the remaining two-value variables, x5.
    let n = 100_000;
    let mut model = Model::new();
    let mut x: Vec<_> = (0..n - 1)
        .map(|i| model.int_var(0..2 + (i % 5) as i32).unwrap())
        .collect();
    x.push(model.int_var(0..1).unwrap());
    model.all_different([x[0], x[n - 1]]).unwrap();
    let mut search = Solver::new(&model)
        .var_order(VarOrder::SmallestDomain)
        .search_with(Chosen::default());
    assert!(search.next_values().is_some());
    let chosen = search.into_observer().0;
    assert_eq!(chosen[..3], [n - 1, 0, 5]);
    assert_eq!(chosen.len(), n);
}

#[test]
fn counting_the_values_of_one_million_value_variable_is_linear() {
    let mut model = Model::new();
    model.int_var(0..1_000_000).unwrap();
    for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
        let outcome = Solver::new(&model).strategy(strategy).count();
        assert_eq!(outcome.solutions(), 1_000_000, "{strategy}");
        assert!(outcome.status.is_complete());
    }
}

#[test]
fn a_count_over_identical_items_is_filtered_once_not_at_every_node() {
    // The permutations of n identical items: one value, counted n times.
    // Arc consistency's count filter walked the whole scope at every
    // assignment (n^2: minutes at this size) although the count was
    // already settled at the root.
    let n = 200_000;
    let mut model = Model::new();
    let x = model.int_vars(n, 0..1).unwrap();
    model.count_eq(&x, 0, n).unwrap();
    for strategy in [Strategy::ArcConsistency, Strategy::ForwardChecking] {
        let outcome = Solver::new(&model).strategy(strategy).count();
        assert_eq!(outcome.solutions(), 1, "{strategy}");
        assert_eq!(outcome.stats.nodes, n as u64 + 1, "{strategy}");
    }
}

#[test]
fn degree_orders_on_many_unconstrained_variables_are_linear() {
    // A graph of isolated vertices: every degree is zero, so dom/deg and
    // dom/wdeg rank by size alone. Ranking every variable at every node
    // took 31 s at 100,000 vertices.
    let n = 200_000;
    let mut model = Model::new();
    model.int_vars(n, 0..3).unwrap();
    for order in [VarOrder::DomDeg, VarOrder::DomWDeg] {
        for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
            let (first, outcome) = Solver::new(&model)
                .strategy(strategy)
                .var_order(order)
                .first();
            assert!(model.is_solution(first.expect("a solution").values()));
            assert_eq!(outcome.stats.nodes, n as u64 + 1, "{order} {strategy}");
        }
    }
}

#[test]
fn restarted_choices_on_many_unconstrained_variables_are_linear() {
    // With restarts, ties between the smallest domains go to a seeded
    // random one: a draw from the size counts' members. Ranking every
    // variable at every node for its random tie-break took 33 s at 100,000
    // vertices (`coloring --restarts`).
    let n = 200_000;
    let mut model = Model::new();
    model.int_vars(n, 0..3).unwrap();
    for order in [
        VarOrder::Input,
        VarOrder::SmallestDomain,
        VarOrder::DomDeg,
        VarOrder::DomWDeg,
    ] {
        let (first, outcome) = Solver::new(&model)
            .var_order(order)
            .restarts(Restarts::luby(1).unwrap())
            .seed(7)
            .first();
        assert!(model.is_solution(first.expect("a solution").values()));
        assert_eq!(outcome.stats.nodes, n as u64 + 1, "{order}");
    }
}

#[test]
fn degree_orders_choose_as_ranking_does_once_constrained_variables_are_done() {
    // Small random models mixing constrained and isolated variables. In
    // debug builds (the test profile) the search asserts that each choice
    // it takes from the size counts is the one a full ranking makes; here
    // every order must also count what the input order counts.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % bound
    };
    for _ in 0..200 {
        let n = 2 + next(9) as usize;
        let mut model = Model::new();
        let x: Vec<_> = (0..n)
            .map(|_| model.int_var(0..1 + next(4) as i32).unwrap())
            .collect();
        for _ in 0..next(n as u64) {
            let (a, b) = (next(n as u64) as usize, next(n as u64) as usize);
            if a != b {
                model.not_equal(x[a], x[b]).unwrap();
            }
        }
        let expected = Solver::new(&model).count().solutions();
        for order in [
            VarOrder::DomDeg,
            VarOrder::DomWDeg,
            VarOrder::SmallestDomain,
        ] {
            for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
                let mut search = Solver::new(&model)
                    .strategy(strategy)
                    .var_order(order)
                    .search_with(Chosen::default());
                let mut solutions = 0u64;
                while search.next_values().is_some() {
                    solutions += 1;
                }
                assert_eq!(solutions, expected, "{order} {strategy}");
                assert!(search.outcome().status.is_complete());
            }
        }
    }
}
