//! Precedence networks over a long horizon: bounds propagation gives the
//! earliest-start schedule, checked against the longest paths computed
//! without the engine.

use csp::{Solver, Strategy};
use csp_workspace::precedences::Precedences;

#[test]
fn the_first_schedule_is_the_earliest_start_schedule() {
    for seed in 0..5 {
        let net = Precedences::random(300, 1_500, 1_000_000, seed);
        let (model, starts) = net.model().unwrap();
        let (first, outcome) = Solver::new(&model)
            .strategy(Strategy::ArcConsistency)
            .first();
        let first = first.expect("the horizon covers every chain");
        let got: Vec<i64> = starts.iter().map(|&s| first[s] as i64).collect();
        assert_eq!(got, net.earliest_starts(), "seed {seed}");
        assert!(model.is_solution(first.values()));
        assert_eq!(
            outcome.stats.failures, 0,
            "bounds consistency never fails here"
        );
    }
}

#[test]
fn a_horizon_shorter_than_the_longest_chain_is_unsatisfiable() {
    let net = Precedences::random(60, 400, 1_000_000, 3);
    let longest = *net.earliest_starts().iter().max().unwrap();
    let short = Precedences {
        horizon: longest as i32, // the last start needs `longest`, out of `0..longest`
        ..net
    };
    let (model, _) = short.model().unwrap();
    let outcome = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .count();
    assert!(outcome.status.is_complete());
    assert_eq!(outcome.solutions(), 0);
    assert_eq!(outcome.stats.nodes, 1, "refuted at the root");
}

#[test]
fn the_time_limit_stops_the_root_propagation_itself() {
    // Thousands of propagations at the root: the clock is read every 1,024
    // of them, so a limit already past stops the root fixpoint, and the
    // outcome is a stop, not a proof of anything.
    let net = Precedences::random(1_000, 5_000, 1_000_000, 1);
    let (model, _) = net.model().unwrap();
    let limits = csp::Limits {
        time: Some(std::time::Duration::from_nanos(1)),
        ..csp::Limits::default()
    };
    let outcome = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .limits(limits)
        .count();
    assert_eq!(outcome.status, csp::Status::Stopped(csp::StopReason::Time));
    // The limit counts from the search's creation: posting polls it too, so
    // an expired one stops before the root's first node or within it.
    assert!(
        outcome.stats.nodes <= 1,
        "stopped in the root at the latest"
    );
    assert!(outcome.stats.propagations < 5_000, "before the fixpoint");
    assert_eq!(outcome.solutions(), 0);
}
