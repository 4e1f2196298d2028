//! The replay's recording on n-queens: counts, truncation at the cap (a
//! prefix of the whole recording, noted where it stopped), and the steps
//! (the page's own tests are in crates/front/tests/page.rs).

mod common;

use csp::replay::{record, stops, Event, Replay};
use csp::{Limits, Solver, Strategy, VarOrder};

#[test]
fn a_replayed_search_counts_what_the_search_counted() {
    let (model, _) = common::queens(6);
    // Clause learning jumps back over levels and asserts literals without
    // events: the replay's chronological tree is not its.
    let chronological = Strategy::ALL
        .iter()
        .filter(|&&s| s != Strategy::ClauseLearning);
    for &strategy in chronological {
        for var_order in [VarOrder::Input, VarOrder::SmallestDomain] {
            let solver = Solver::new(&model).strategy(strategy).var_order(var_order);
            let (recording, outcome) = record(&solver, 1_000_000);
            assert!(outcome.status.is_complete());
            let mut replay = Replay::new(&recording, model.num_vars());
            replay.run_to(usize::MAX);
            let c = replay.counters();
            let s = &outcome.stats;
            assert_eq!(
                (c.nodes, c.failures, c.pruned, c.solutions),
                (s.nodes, s.failures, s.pruned, s.solutions),
                "{strategy} {var_order}"
            );
            assert_eq!(c.solutions, 4);
        }
    }
}

#[test]
fn a_truncated_recording_is_the_start_of_the_whole_one() {
    let (model, _) = common::queens(8);
    let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
    let (whole, _) = record(&solver, 1_000_000);
    assert!(whole.truncation().is_none());
    for cap in [0, 1, 7, 500, whole.events().len() - 1] {
        let (cut, outcome) = record(&solver, cap);
        assert_eq!(cut.events(), &whole.events()[..cap], "cap {cap}");
        let t = cut.truncation().expect("cut short");
        assert_eq!(t.events, cap);
        // Where it stopped: the replay of the recorded events agrees.
        let mut replay = Replay::new(&cut, model.num_vars());
        replay.run_to(cap);
        let c = replay.counters();
        assert_eq!(
            (t.nodes, t.failures, t.solutions),
            (c.nodes, c.failures, c.solutions)
        );
        // The search was stopped soon after, not run to its end (unless
        // the end was near: the flag is polled every few hundred steps).
        if cap <= 500 {
            assert!(!outcome.status.is_complete(), "cap {cap}");
        }
    }
    // Exactly enough room: nothing is cut.
    let (full, outcome) = record(&solver, whole.events().len());
    assert!(full.truncation().is_none());
    assert!(outcome.status.is_complete());
}

#[test]
fn the_solvers_own_limits_still_stop_a_recorded_search() {
    let (model, _) = common::queens(8);
    let limits = Limits {
        solutions: Some(3),
        ..Limits::default()
    };
    let solver = Solver::new(&model).limits(limits);
    let (recording, outcome) = record(&solver, 1_000_000);
    assert!(recording.truncation().is_none());
    assert_eq!(outcome.stats.solutions, 3);
    let solutions = recording
        .events()
        .iter()
        .filter(|e| **e == Event::Solution)
        .count();
    assert_eq!(solutions, 3);
}

#[test]
fn steps_stop_after_each_choice_and_its_propagation() {
    let (model, _) = common::queens(5);
    let solver = Solver::new(&model).strategy(Strategy::ArcConsistency);
    let (recording, _) = record(&solver, 1_000_000);
    let events = recording.events();
    let stops = stops(events);
    let chooses = events
        .iter()
        .filter(|e| matches!(e, Event::Choose { .. }))
        .count();
    // The root, one per choice, and the end (the last take-backs).
    assert_eq!(stops.len(), chooses + 2);
    assert_eq!(*stops.last().unwrap(), events.len());
    for pair in stops.windows(2) {
        assert!(pair[0] < pair[1]);
        // Each step but the last ends on its choice's propagation or outcome.
        if pair[1] < events.len() {
            let last = events[pair[1] - 1];
            assert!(
                !matches!(last, Event::Unchoose { .. } | Event::Restart),
                "{last:?}"
            );
            assert!(matches!(
                events[pair[1]],
                Event::Unchoose { .. } | Event::Choose { .. }
            ));
        }
    }
}
