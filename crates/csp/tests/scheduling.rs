//! The unary resource's rules (`Model::disjunctive`, and a cumulative
//! whose busy tasks each ask more than half the capacity): the textbook
//! cases where edge finding, not-first/not-last, detectable precedences
//! and overload checking prune and time-tabling does not (exact bounds
//! after the root propagation), and on random small instances: never
//! weaker than time-tabling, never removing a supported start. Solution
//! sets against brute force under every search are in `globals.rs`.

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/supports.rs"]
mod supports;
use common::search::cases;

use csp::{Model, VarId};
use proptest::prelude::*;
use supports::Root;

/// A unary resource over tasks `(first start, last start, duration)`:
/// its root domains, as ranges.
fn unary_root(tasks: &[(i32, i32, i32)]) -> Root {
    let (model, domains) = build(tasks, |model, starts| {
        let durations = tasks.iter().map(|t| t.2);
        model.disjunctive(starts, durations).unwrap();
    });
    supports::root(&model, &domains)
}

/// The same tasks on a cumulative resource that only time-tables: demand
/// 2 of 3, plus a task of demand 1 parked far away so that the resource
/// is not unary. The same solutions on the tasks' windows.
fn time_tabling_root(tasks: &[(i32, i32, i32)]) -> Root {
    let (model, domains) = build(tasks, |model, starts| {
        let parked = model.int_var(1000..=1000).unwrap();
        let mut all: Vec<VarId> = starts.to_vec();
        all.push(parked);
        let durations = tasks.iter().map(|t| t.2).chain([1]);
        let demands = tasks.iter().map(|_| 2).chain([1]);
        model.cumulative(all, durations, demands, 3).unwrap();
    });
    match supports::root(&model, &[domains, vec![vec![1000]]].concat()) {
        Root::Domains(mut d) => {
            d.pop();
            Root::Domains(d)
        }
        Root::Failed => Root::Failed,
    }
}

fn build(
    tasks: &[(i32, i32, i32)],
    post: impl FnOnce(&mut Model, &[VarId]),
) -> (Model, Vec<Vec<i32>>) {
    let mut model = Model::new();
    let domains: Vec<Vec<i32>> = tasks
        .iter()
        .map(|&(lo, hi, _)| (lo..=hi).collect())
        .collect();
    let starts: Vec<VarId> = domains
        .iter()
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect();
    post(&mut model, &starts);
    (model, domains)
}

fn ranges(bounds: &[(i32, i32)]) -> Root {
    Root::Domains(bounds.iter().map(|&(lo, hi)| (lo..=hi).collect()).collect())
}

/// Edge finding: A (start 0..=6, length 4) and B (0..=7, 3) both end by
/// 10, and C (0..=15, 5) cannot fit among them before 10, so C follows
/// both: it starts at 7 or later. No compulsory parts, no detectable
/// precedence (C could end at 5, before A's latest start 6).
#[test]
fn edge_finding_puts_a_task_after_a_set() {
    let tasks = [(0, 6, 4), (0, 7, 3), (0, 15, 5)];
    assert_eq!(unary_root(&tasks), ranges(&[(0, 6), (0, 7), (7, 15)]));
    assert_eq!(
        time_tabling_root(&tasks),
        ranges(&[(0, 6), (0, 7), (0, 15)])
    );
}

/// Detectable precedences (Vilím's example): C (start 14..=30, length 5)
/// ends at 19 at the earliest, after A's (0..=14, 11) and B's (1..=17,
/// 10) latest starts, so both come first and C starts after
/// ECT({A, B}) = 21. Edge finding does not see it (A, B and C fit before
/// 27), nor does time-tabling (no compulsory parts).
#[test]
fn detectable_precedences_put_a_task_after_both() {
    let tasks = [(0, 14, 11), (1, 17, 10), (14, 30, 5)];
    assert_eq!(unary_root(&tasks), ranges(&[(0, 14), (1, 17), (21, 30)]));
    assert_eq!(
        time_tabling_root(&tasks),
        ranges(&[(0, 14), (1, 17), (14, 30)])
    );
}

/// Not-first: C (start 2..=27, length 3) cannot precede both A (0..=6,
/// 5) and B (5..=8, 3), which end by 11 (2 + 3 + 8 > 11), so C starts
/// after the earliest of their ends, 5. Not-last: A cannot follow B (B
/// ends at 8 at the earliest, after A's latest start 6), so A ends by B's
/// latest start 8: A starts by 3. Edge finding sees neither (A, B, C fit
/// before 11); time-tabling nothing.
#[test]
fn not_first_and_not_last_move_both_ends() {
    let tasks = [(0, 6, 5), (5, 8, 3), (2, 27, 3)];
    assert_eq!(unary_root(&tasks), ranges(&[(0, 3), (5, 8), (5, 27)]));
    assert_eq!(
        time_tabling_root(&tasks),
        ranges(&[(0, 6), (5, 8), (2, 27)])
    );
}

/// Overload checking: three tasks of length 3 cannot share a window of
/// 8, though none has a compulsory part.
#[test]
fn overload_fails_at_the_root() {
    let tasks = [(0, 5, 3), (0, 5, 3), (0, 5, 3)];
    assert_eq!(unary_root(&tasks), Root::Failed);
    assert_eq!(time_tabling_root(&tasks), ranges(&[(0, 5), (0, 5), (0, 5)]));
    let roomy = [(0, 6, 3), (0, 6, 3), (0, 6, 3)];
    assert_eq!(unary_root(&roomy), ranges(&[(0, 6), (0, 6), (0, 6)]));
}

/// A cumulative resource whose busy tasks each ask more than half the
/// capacity is unary: it gets the same pruning as `disjunctive`.
#[test]
fn a_cumulative_of_big_demands_is_unary() {
    let tasks = [(0, 14, 11), (1, 17, 10), (14, 30, 5)];
    let (model, domains) = build(&tasks, |model, starts| {
        model.cumulative(starts, [11, 10, 5], [3, 2, 2], 3).unwrap();
    });
    assert_eq!(supports::root(&model, &domains), unary_root(&tasks));
}

fn windows() -> impl Strategy<Value = Vec<(i32, i32, i32)>> {
    let task = (0..=8i32, 0..=6i32, 0..=4i32).prop_map(|(lo, w, p)| (lo, lo + w, p));
    proptest::collection::vec(task, 1..=5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// On random windows the unary rules keep every supported start (and
    /// fail only without solutions), and leave each domain inside what
    /// time-tabling leaves.
    #[test]
    fn unary_rules_are_sound_and_at_least_time_tabling(tasks in windows()) {
        let (model, domains) = build(&tasks, |model, starts| {
            model.disjunctive(starts, tasks.iter().map(|t| t.2)).unwrap();
        });
        let left = supports::sound(&model, &domains)?;
        match (left, time_tabling_root(&tasks)) {
            (Some(ours), Root::Domains(tt)) => {
                for (o, t) in ours.iter().zip(&tt) {
                    prop_assert!(o.iter().all(|v| t.contains(v)), "{:?} not within {:?}", o, t);
                }
            }
            (Some(_), Root::Failed) => prop_assert!(false, "time-tabling failed, the rules did not"),
            (None, _) => {}
        }
    }
}
