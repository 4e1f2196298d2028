//! Parallel counting agrees with the sequential search whatever the threads.
#![cfg(feature = "parallel")]

use csp::{
    count_parallel, for_each_solution_parallel, Limits, Parallel, ParallelError, Solver, Status,
    StopReason,
};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod common;
use common::queens;

#[test]
fn counts_match_the_sequential_search_for_any_thread_count() {
    for n in 8..=12 {
        let (model, _) = queens(n);
        let solver = Solver::new(&model);
        let sequential = solver.count().solutions();
        let mut nodes = HashSet::new();
        for threads in [1, 2, 4] {
            let outcome = count_parallel(&solver, Some(threads)).unwrap();
            assert!(outcome.status.is_complete());
            assert_eq!(
                outcome.solutions(),
                sequential,
                "n = {n}, {threads} threads"
            );
            nodes.insert(outcome.stats.nodes);
        }
        let global = count_parallel(&solver, None).unwrap();
        assert_eq!(global.solutions(), sequential);
        nodes.insert(global.stats.nodes);
        assert_eq!(
            nodes.len(),
            1,
            "merged node counts differ between thread counts"
        );
    }
}

#[test]
fn parallel_enumeration_reports_every_solution_once() {
    let (model, _) = queens(9);
    let solver = Solver::new(&model);
    let expected: HashSet<Vec<i32>> = solver.search().map(|s| s.into_values()).collect();
    let found = Mutex::new(Vec::new());
    let outcome = for_each_solution_parallel(&solver, Some(3), |values| {
        found.lock().unwrap().push(values.to_vec());
    })
    .unwrap();
    let found = found.into_inner().unwrap();
    assert_eq!(found.len(), expected.len());
    assert_eq!(outcome.solutions(), expected.len() as u64);
    assert_eq!(found.into_iter().collect::<HashSet<_>>(), expected);
}

#[test]
fn sub_problem_count_does_not_change_the_answer() {
    let (model, _) = queens(10);
    let solver = Solver::new(&model);
    for sub in [0, 1, 7, 100, 5000] {
        let outcome = Parallel::new(&solver)
            .threads(Some(2))
            .sub_problems(sub)
            .count()
            .unwrap();
        assert_eq!(outcome.solutions(), 724, "{sub} sub-problems");
    }
}

#[test]
fn zero_threads_is_a_typed_error() {
    let (model, _) = queens(4);
    let error = count_parallel(&Solver::new(&model), Some(0)).unwrap_err();
    assert_eq!(error, ParallelError::ZeroThreads);
    assert_eq!(
        error.to_string(),
        "the number of threads must be at least 1"
    );
}

#[test]
fn a_cancel_flag_stops_every_worker() {
    let (model, _) = queens(14);
    let solver = Solver::new(&model);
    let cancel = Arc::new(AtomicBool::new(false));
    let seen = AtomicU64::new(0);
    let flag = cancel.clone();
    let outcome = Parallel::new(&solver)
        .threads(Some(2))
        .limits(Limits {
            cancel: Some(cancel),
            ..Limits::default()
        })
        .for_each_solution(|_| {
            if seen.fetch_add(1, Ordering::Relaxed) == 100 {
                flag.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Cancelled));
    assert!(outcome.solutions() < 365_596);
    assert_eq!(outcome.solutions(), seen.into_inner());
}

#[test]
fn a_time_limit_stops_the_whole_run() {
    let (model, _) = queens(16); // minutes of work: must be cut short
    let solver = Solver::new(&model);
    let outcome = Parallel::new(&solver)
        .threads(Some(2))
        .limits(Limits {
            time: Some(Duration::from_millis(200)),
            ..Limits::default()
        })
        .count()
        .unwrap();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Time));
    assert!(outcome.stats.elapsed < Duration::from_secs(5));
}

#[test]
fn a_solver_limit_in_one_sub_problem_stops_the_run() {
    let (model, _) = queens(8);
    let solver = Solver::new(&model).limits(Limits {
        nodes: Some(3),
        ..Limits::default()
    });
    let outcome = count_parallel(&solver, Some(2)).unwrap();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Nodes));
}
