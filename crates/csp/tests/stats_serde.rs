//! The `serde` feature: `Stats` as its counters, strictly read back.
#![cfg(feature = "serde")]

mod common;

use csp::{Solver, Stats};
use std::time::Duration;

/// The statistics of counting the 6-queens solutions.
fn real_stats() -> Stats {
    let (model, _) = common::queens(6);
    Solver::new(&model).count().stats
}

#[test]
fn counters_round_trip_and_the_time_is_left_out() {
    let stats = real_stats();
    assert_eq!(stats.solutions, 4);
    let json = serde_json::to_string(&stats).unwrap();
    assert!(!json.contains("elapsed"), "{json}");
    assert!(stats.path.is_some() && !json.contains("path"), "{json}");
    let back: Stats = serde_json::from_str(&json).unwrap();
    assert_eq!(
        back,
        Stats {
            elapsed: Duration::ZERO,
            path: None,
            ..stats
        }
    );
}

#[test]
fn the_field_names_are_the_counters_names() {
    let value = serde_json::to_value(real_stats()).unwrap();
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let expected = [
        "nodes",
        "failures",
        "backtracks",
        "checks",
        "pruned",
        "propagations",
        "max_depth",
        "solutions",
        "restarts",
    ];
    assert!(
        expected.iter().all(|k| keys.contains(k)),
        "{keys:?} lacks one of {expected:?}"
    );
}

#[test]
fn unknown_and_repeated_keys_are_refused() {
    let json = serde_json::to_string(&real_stats()).unwrap();
    let unknown = json.replacen('{', "{\"bonus\": 1, ", 1);
    let err = serde_json::from_str::<Stats>(&unknown).unwrap_err();
    assert!(err.to_string().contains("unknown field `bonus`"), "{err}");
    let timed = json.replacen('{', "{\"elapsed\": 1, ", 1);
    assert!(serde_json::from_str::<Stats>(&timed).is_err());
    let twice = json.replacen('{', "{\"nodes\": 1, ", 1);
    let err = serde_json::from_str::<Stats>(&twice).unwrap_err();
    assert!(err.to_string().contains("duplicate field `nodes`"), "{err}");
}

#[test]
fn look_back_counters_are_written_only_when_counted() {
    // Other strategies' statistics read and write as before the counters.
    let json = serde_json::to_string(&real_stats()).unwrap();
    assert!(
        !json.contains("backjumps") && !json.contains("nogoods"),
        "{json}"
    );
    let (model, _) = common::queens(8);
    let stats = Solver::new(&model)
        .strategy(csp::Strategy::NogoodLearning)
        .count()
        .stats;
    assert!(stats.backjumps > 0 && stats.nogoods > 0);
    let json = serde_json::to_string(&stats).unwrap();
    let back: Stats = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (back.backjumps, back.nogoods),
        (stats.backjumps, stats.nogoods)
    );
}

#[test]
fn clause_learning_counters_round_trip() {
    // Seven pigeons, six holes: clause learning's counters are written
    // (the clauses' implied literals among them) and read back.
    let mut model = csp::Model::new();
    let x = model.int_vars(7, 0..6).unwrap();
    model.all_different(&x).unwrap();
    let stats = Solver::new(&model)
        .strategy(csp::Strategy::ClauseLearning)
        .count()
        .stats;
    assert!(
        stats.conflicts > 0 && stats.clause_propagations > 0,
        "{stats:?}"
    );
    let json = serde_json::to_string(&stats).unwrap();
    assert!(json.contains("\"clause_propagations\""), "{json}");
    let back: Stats = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (back.conflicts, back.learned, back.clause_propagations),
        (stats.conflicts, stats.learned, stats.clause_propagations)
    );
    assert!(!serde_json::to_string(&real_stats())
        .unwrap()
        .contains("clause_propagations"));
}
