//! Two searches taking turns on one core (`Schedule::Turns`, the default
//! search's schedule under `-t`) answer exactly as one search does: with
//! turns so short that the members pause and resume at almost every clock
//! poll, on random models, the optimum (and its proof) and the
//! satisfiability agree with a single arc-consistency search, and every
//! solution reported is one.

use csp::{Cmp, Model, Solver, Strategy as Pruning, VarId, VarOrder};
use csp_fzn::optimize::{optimize, optimize_portfolio};
use csp_fzn::portfolio::{first_solution, Schedule};
use proptest::prelude::*;
use std::time::Duration;

/// A random model: `n` variables over `0..d`, disequalities and
/// differences between pairs, and a weighted sum as the objective.
#[derive(Clone, Debug)]
struct Spec {
    n: usize,
    d: i32,
    /// (kind, i, j, c): kind 0 `x[i] != x[j] + c`, kind 1 `x[i] - x[j] <= c`.
    constraints: Vec<(u8, usize, usize, i32)>,
    weights: Vec<i64>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (8usize..=14, 2i32..=6).prop_flat_map(|(n, d)| {
        let constraint = (0u8..2, 0..n, 0..n, -2i32..=2);
        (
            prop::collection::vec(constraint, 0..2 * n),
            prop::collection::vec(-3i64..=3, n),
        )
            .prop_map(move |(constraints, weights)| Spec {
                n,
                d,
                constraints,
                weights,
            })
    })
}

/// The model and its objective variable.
fn build(spec: &Spec) -> (Model, VarId) {
    let mut model = Model::new();
    let x = model.int_vars(spec.n, 0..spec.d).unwrap();
    for &(kind, i, j, c) in &spec.constraints {
        if i == j {
            continue;
        }
        if kind == 0 {
            model.not_equal(x[i], x[j] + c).unwrap();
        } else {
            model
                .linear([(1, x[i]), (-1, x[j])], Cmp::Le, c as i64)
                .unwrap();
        }
    }
    let span: i64 = spec.weights.iter().map(|w| w.abs()).sum::<i64>() * (spec.d as i64 - 1);
    let objective = model.int_var(-span as i32..=span as i32).unwrap();
    let mut terms: Vec<(i64, VarId)> = spec
        .weights
        .iter()
        .copied()
        .zip(x.iter().copied())
        .collect();
    terms.push((-1, objective));
    model.linear(terms, Cmp::Eq, 0).unwrap();
    (model, objective)
}

/// Arc consistency in input order, then clause learning, taking turns of
/// a microsecond (doubling): a switch at nearly every poll.
fn members(model: &Model) -> Vec<Solver<'_>> {
    let ac = Solver::new(model)
        .strategy(Pruning::ArcConsistency)
        .var_order(VarOrder::Input);
    vec![ac.clone(), ac.strategy(Pruning::ClauseLearning)]
}

const TURNS: Schedule = Schedule::Turns {
    deadline: None,
    first_turn: Duration::from_micros(1),
};

proptest! {
    #[test]
    fn turns_prove_the_optimum_one_search_proves(spec in spec(), minimize: bool) {
        let (model, objective) = build(&spec);
        let alone = Solver::new(&model).strategy(Pruning::ArcConsistency);
        let reference = optimize(&alone, objective, minimize, |_, _| {}).unwrap();
        prop_assert!(reference.proved);
        let mut seen = Vec::new();
        let members = members(&model);
        let turns = optimize_portfolio(&members, TURNS, objective, minimize, |values, v| {
            assert!(model.is_solution(values), "{values:?}");
            assert_eq!(values[objective.index()] as i64, v);
            seen.push(v);
        })
        .unwrap();
        prop_assert!(turns.proved);
        prop_assert_eq!(turns.best, reference.best);
        prop_assert!(seen.windows(2).all(|w| if minimize { w[0] > w[1] } else { w[0] < w[1] }), "{:?}", seen);
    }

    #[test]
    fn turns_find_a_solution_exactly_when_there_is_one(spec in spec()) {
        let (model, _) = build(&spec);
        let exists = Solver::new(&model).first().0.is_some();
        let members = members(&model);
        let found = first_solution(&members, TURNS);
        prop_assert_eq!(found.values.is_some(), exists);
        prop_assert!(found.outcome.status.is_complete() || exists);
        if let Some(values) = &found.values {
            prop_assert!(model.is_solution(values));
        }
    }
}
