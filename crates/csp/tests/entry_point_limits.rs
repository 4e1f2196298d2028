//! Every search entry point stops on every limit it accepts, says the
//! search is incomplete and why, and keeps what it found before the stop:
//! the solutions delivered, their count and the statistics.
//!
//! | entry point                         | node, failure, backtrack, solution | time, cancel |
//! |-------------------------------------|------------------------------------|--------------|
//! | `Solver::count`, `first`, `search`  | whole search                       | whole search |
//! | `Partition` / `count_part`, `search_part` | whole part (one budget shared by its sub-searches) | whole part |
//! | `Parallel` / `count_parallel`       | each sub-search, via the solver    | whole run, via `Parallel::limits` |
//! | `MinConflicts::solve`               | ignored (documented; `max_steps` instead) | whole run |

mod common;

use common::queens;
use csp::{
    count_part, search_part, Limits, LocalStatus, MinConflicts, Model, Outcome, Partition, Solver,
    Status, StopReason,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The counted limits with the stop each causes. For a whole search of
/// 10-queens (724 solutions) they are a fraction of the work; partitions
/// and parallel runs apply them to each sub-search, so those get limits a
/// single sub-search exceeds.
fn counted_limits(scope: Scope) -> Vec<(Limits, StopReason)> {
    let [nodes, failures, backtracks, solutions] = match scope {
        Scope::WholeSearch => [400, 60, 50, 5],
        Scope::EachSubSearch => [4, 2, 2, 1],
    };
    let only = |f: &dyn Fn(&mut Limits)| {
        let mut l = Limits::default();
        f(&mut l);
        l
    };
    vec![
        (only(&|l| l.nodes = Some(nodes)), StopReason::Nodes),
        (only(&|l| l.failures = Some(failures)), StopReason::Failures),
        (
            only(&|l| l.backtracks = Some(backtracks)),
            StopReason::Backtracks,
        ),
        (
            only(&|l| l.solutions = Some(solutions)),
            StopReason::Solutions,
        ),
    ]
}

/// What the solver's counted limits bound.
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
enum Scope {
    WholeSearch,
    EachSubSearch,
}

/// A search of 16-queens (14.7 million solutions) runs for minutes, so a
/// short time limit or a cancel flag is what ends it.
const LONG_N: usize = 16;
const SHORT_TIME: Duration = Duration::from_millis(100);
/// Far above `SHORT_TIME`: an honoured limit ends the search well before.
const PROMPT: Duration = Duration::from_secs(10);

/// A cancel flag that another thread raises after `delay`.
fn cancel_after(delay: Duration) -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raise = flag.clone();
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        raise.store(true, Ordering::Relaxed);
    });
    flag
}

/// The stops a run-long limit causes: a time limit, or a cancel flag.
const RUN_STOPS: [StopReason; 2] = [StopReason::Time, StopReason::Cancelled];

/// Fresh limits causing `reason` (one of [`RUN_STOPS`]) mid-search: the
/// cancel flag's timer starts now, so make them just before the search.
fn run_limit(reason: StopReason) -> Limits {
    match reason {
        StopReason::Time => Limits {
            time: Some(SHORT_TIME),
            ..Limits::default()
        },
        StopReason::Cancelled => Limits {
            cancel: Some(cancel_after(SHORT_TIME)),
            ..Limits::default()
        },
        other => unreachable!("{other} is not a run limit"),
    }
}

/// A stopped outcome: the reason, and the statistics of the work done.
fn assert_stopped(outcome: &Outcome, reason: StopReason, what: &str) {
    assert_eq!(outcome.status, Status::Stopped(reason), "{what}");
    assert!(!outcome.status.is_complete(), "{what}");
    assert!(outcome.stats.nodes > 0, "{what}: statistics lost");
    assert!(outcome.stats.elapsed < PROMPT, "{what}: stopped late");
}

/// Streams a search, checking each solution; returns them in order.
fn streamed(model: &Model, mut next: impl FnMut() -> Option<Vec<i32>>) -> Vec<Vec<i32>> {
    let mut found = Vec::new();
    while let Some(values) = next() {
        assert!(model.is_solution(&values), "not a solution: {values:?}");
        found.push(values);
    }
    found
}

#[test]
fn solver_count_first_and_search_stop_on_every_limit() {
    let (model, _) = queens(10);
    let all: Vec<Vec<i32>> = Solver::new(&model)
        .search()
        .map(|s| s.values().to_vec())
        .collect();
    for (limits, reason) in counted_limits(Scope::WholeSearch) {
        let solver = Solver::new(&model).limits(limits);
        let counted = solver.count();
        assert_stopped(&counted, reason, &format!("count, {reason}"));
        // The stream stops at the same point and what it delivered is the
        // start of the full enumeration, in order.
        let mut search = solver.search();
        let found = streamed(&model, || search.next_values().map(<[i32]>::to_vec));
        let outcome = search.outcome();
        assert_stopped(&outcome, reason, &format!("search, {reason}"));
        assert_eq!(outcome.solutions(), found.len() as u64);
        assert_eq!(outcome.solutions(), counted.solutions());
        assert_eq!(outcome.stats.nodes, counted.stats.nodes);
        assert_eq!(found, all[..found.len()]);
        if reason == StopReason::Solutions {
            assert_eq!(found.len(), 5, "the solution limit");
        }
    }
    // `first` under a limit too small to reach a solution says so.
    let tight = Limits {
        nodes: Some(3),
        ..Limits::default()
    };
    let (none, outcome) = Solver::new(&model).limits(tight).first();
    assert!(none.is_none());
    assert_stopped(&outcome, StopReason::Nodes, "first");
}

#[test]
fn solver_stops_on_time_and_cancel_keeping_its_solutions() {
    let (model, _) = queens(LONG_N);
    for reason in RUN_STOPS {
        let limits = run_limit(reason);
        let mut search = Solver::new(&model).limits(limits).search();
        let found = streamed(&model, || search.next_values().map(<[i32]>::to_vec));
        let outcome = search.outcome();
        assert_stopped(&outcome, reason, &format!("search, {reason}"));
        assert!(
            !found.is_empty(),
            "{reason}: 100 ms finds 16-queens solutions"
        );
        assert_eq!(outcome.solutions(), found.len() as u64);
    }
    for reason in RUN_STOPS {
        let limits = run_limit(reason);
        let outcome = Solver::new(&model).limits(limits).count();
        assert_stopped(&outcome, reason, &format!("count, {reason}"));
        assert!(outcome.solutions() > 0);
    }
}

#[test]
fn partition_parts_stop_on_every_limit_keeping_their_solutions() {
    let (model, _) = queens(10);
    let partition = Partition::new(&model, 2).unwrap();
    let unlimited = Solver::new(&model);
    let part0: Vec<Vec<i32>> = streamed(&model, {
        let mut s = partition.search(&unlimited, 0).unwrap();
        move || s.next_values().map(<[i32]>::to_vec)
    });
    for (limits, reason) in counted_limits(Scope::WholeSearch) {
        let budget = limits.clone();
        let solver = Solver::new(&model).limits(limits);
        let counted = count_part(&solver, 0, 2).unwrap();
        // The limit bounds the whole part, not each of its sub-searches.
        let spent = &counted.stats;
        match reason {
            StopReason::Nodes => assert!(spent.nodes <= budget.nodes.unwrap() + 1),
            StopReason::Failures => assert!(spent.failures <= budget.failures.unwrap()),
            StopReason::Backtracks => assert!(spent.backtracks <= budget.backtracks.unwrap()),
            StopReason::Solutions => assert_eq!(spent.solutions, budget.solutions.unwrap()),
            _ => {}
        }
        assert_stopped(&counted, reason, &format!("count_part, {reason}"));
        let mut search = search_part(&solver, 0, 2).unwrap();
        let found = streamed(&model, || search.next_values().map(<[i32]>::to_vec));
        let outcome = search.outcome();
        assert_stopped(&outcome, reason, &format!("search_part, {reason}"));
        assert_eq!(outcome.solutions(), found.len() as u64);
        assert_eq!(outcome.solutions(), counted.solutions());
        assert_eq!(
            found,
            part0[..found.len()],
            "{reason}: not the part's start"
        );
    }
    let (long, _) = queens(LONG_N);
    for reason in RUN_STOPS {
        let limits = run_limit(reason);
        let solver = Solver::new(&long).limits(limits);
        let mut search = search_part(&solver, 1, 2).unwrap();
        let found = streamed(&long, || search.next_values().map(<[i32]>::to_vec));
        let outcome = search.outcome();
        assert_stopped(&outcome, reason, &format!("search_part, {reason}"));
        assert_eq!(outcome.solutions(), found.len() as u64);
    }
}

/// The thread-pool entry points exist with the engine's `parallel` feature.
#[cfg(feature = "parallel")]
mod parallel {
    use super::*;
    use csp::Parallel;
    use std::collections::HashSet;
    use std::sync::atomic::AtomicU64;
    use std::sync::Mutex;

    #[test]
    fn parallel_runs_stop_on_every_limit_keeping_their_solutions() {
        let (model, _) = queens(10);
        for (limits, reason) in counted_limits(Scope::EachSubSearch) {
            // The solver's own limits apply to each sub-search; the first one
            // stopped stops the run.
            let solver = Solver::new(&model).limits(limits);
            let counted = csp::count_parallel(&solver, Some(2)).unwrap();
            assert_stopped(&counted, reason, &format!("count_parallel, {reason}"));
            let found = Mutex::new(Vec::new());
            let outcome = Parallel::new(&solver)
                .threads(Some(2))
                .for_each_solution(|values| found.lock().unwrap().push(values.to_vec()))
                .unwrap();
            assert_stopped(&outcome, reason, &format!("for_each_solution, {reason}"));
            let found = found.into_inner().unwrap();
            assert_eq!(outcome.solutions(), found.len() as u64);
            let distinct: HashSet<&Vec<i32>> = found.iter().collect();
            assert_eq!(distinct.len(), found.len(), "a solution reported twice");
            assert!(found.iter().all(|v| model.is_solution(v)));
        }
        let (long, _) = queens(LONG_N);
        let solver = Solver::new(&long);
        for reason in RUN_STOPS {
            let limits = run_limit(reason);
            let seen = AtomicU64::new(0);
            let outcome = Parallel::new(&solver)
                .threads(Some(2))
                .limits(limits)
                .for_each_solution(|values| {
                    assert!(long.is_solution(values));
                    seen.fetch_add(1, Ordering::Relaxed);
                })
                .unwrap();
            assert_stopped(&outcome, reason, &format!("parallel, {reason}"));
            assert!(outcome.solutions() > 0, "{reason}: nothing kept");
            assert_eq!(outcome.solutions(), seen.into_inner());
        }
    }
}

#[test]
fn min_conflicts_stops_on_steps_time_and_cancel_and_claims_nothing() {
    // 65 variables pairwise different over 64 values: no solution, and too
    // large for the local search's bounded proof, so only a limit ends it.
    let mut model = Model::new();
    let x = model.int_vars(65, 0..64).unwrap();
    model.all_different(&x).unwrap();
    let stepped = MinConflicts::new(&model).max_steps(1000).solve();
    assert_eq!(stepped.status, LocalStatus::StepLimit);
    assert_eq!(stepped.steps, 1000);
    assert!(stepped.solution.is_none());
    for (reason, status) in RUN_STOPS
        .into_iter()
        .zip([LocalStatus::TimeLimit, LocalStatus::Cancelled])
    {
        let limits = run_limit(reason);
        let outcome = MinConflicts::new(&model)
            .max_steps(u64::MAX)
            .limits(limits)
            .solve();
        assert_eq!(outcome.status, status);
        assert!(!outcome.status.is_solved());
        assert!(outcome.solution.is_none());
        assert!(outcome.steps > 0, "{status}: the work done is reported");
        assert!(outcome.elapsed < PROMPT, "{status}: stopped late");
    }
    // Search-tree limits mean nothing to local search and are ignored, as
    // documented: it still solves what it can.
    let (eight, _) = queens(8);
    let outcome = MinConflicts::new(&eight)
        .limits(Limits {
            nodes: Some(1),
            failures: Some(1),
            solutions: Some(1),
            ..Limits::default()
        })
        .solve();
    assert!(outcome.status.is_solved());
    assert!(eight.is_solution(outcome.solution.unwrap().values()));
}

/// A limit that holds before the search (time zero, or the cancel flag
/// raised) stops it while its propagators are posted: no node, the right
/// reason. No wall time is asserted.
#[test]
fn an_expired_limit_stops_the_search_while_posting() {
    let (model, _) = queens(8);
    let zero = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let cancel = Arc::new(AtomicBool::new(true));
    let cancelled = Limits {
        cancel: Some(cancel),
        ..Limits::default()
    };
    for (limits, reason) in [(zero, StopReason::Time), (cancelled, StopReason::Cancelled)] {
        let outcome = Solver::new(&model).limits(limits).count();
        assert_eq!(outcome.status, Status::Stopped(reason));
        assert_eq!((outcome.stats.nodes, outcome.solutions()), (0, 0));
    }
}

/// The memory limit reads the process's resident set (Linux): one below
/// it stops a search at its first poll, keeping the statistics; one far
/// above changes nothing.
#[test]
#[cfg(target_os = "linux")]
fn a_memory_limit_stops_a_search_only_past_it() {
    let (model, _) = queens(10);
    let below = Limits {
        memory: Some(1),
        ..Limits::default()
    };
    let outcome = Solver::new(&model).limits(below).count();
    assert_eq!(outcome.status, Status::Stopped(StopReason::Memory));
    assert!(outcome.solutions() < 724);
    let above = Limits {
        memory: Some(1 << 40),
        ..Limits::default()
    };
    let outcome = Solver::new(&model).limits(above).count();
    assert_eq!(outcome.status, Status::Complete);
    assert_eq!(outcome.solutions(), 724);
}
