//! Symmetry-aware searches: the mirror-halved count and the halved search
//! for fundamental solutions give the plain counts, with fewer nodes.

use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;

fn plan(approach: Approach, mirror: bool, unique: bool) -> Plan {
    Plan {
        mirror,
        unique,
        ..Plan::new(approach, Goal::Count)
    }
}

#[test]
fn the_mirror_count_equals_the_plain_count_with_about_half_the_nodes() {
    let boards =
        (1..=11)
            .map(|n| (n, n))
            .chain([(2, 3), (3, 2), (4, 7), (7, 4), (5, 6), (1, 5), (5, 1)]);
    for (r, c) in boards {
        let board = Board::new(r, c).unwrap();
        for approach in [
            Approach::ForwardChecking,
            Approach::Backtracking,
            Approach::ArcConsistency,
        ] {
            let plain = plan(approach, false, false).count(board).unwrap();
            let mirrored = plan(approach, true, false).count(board).unwrap();
            assert_eq!(mirrored.solutions, plain.solutions, "{r}x{c} {approach}");
            assert!(mirrored.status.is_complete());
            let (p, m) = (plain.stats.unwrap().nodes, mirrored.stats.unwrap().nodes);
            if r.min(c) >= 6 {
                assert!(m * 10 < p * 7, "{r}x{c} {approach}: {m} nodes vs {p}");
            }
        }
    }
}

#[test]
fn fundamental_solutions_come_from_well_under_half_the_tree() {
    let expected = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];
    for (i, &count) in expected.iter().enumerate() {
        let board = Board::square(i + 1).unwrap();
        for approach in [
            Approach::ForwardChecking,
            Approach::Backtracking,
            Approach::ArcConsistency,
        ] {
            let unique = plan(approach, false, true).count(board).unwrap();
            assert_eq!(unique.solutions, count, "n = {} {approach}", i + 1);
            let all = plan(approach, false, false).count(board).unwrap();
            let (u, a) = (unique.stats.unwrap().nodes, all.stats.unwrap().nodes);
            // The mirror alone would leave about half; measured: 0.22 to
            // 0.33 for n = 8 to 12.
            if i + 1 >= 8 {
                assert!(u * 5 < a * 2, "n = {} {approach}: {u} nodes vs {a}", i + 1);
            }
        }
    }
}

#[test]
fn fundamental_solutions_of_rectangles_match_the_classes_of_all_solutions() {
    // Wide boards keep 4 symmetries; the restricted search must still find
    // one member of every class (tall boards are searched in full).
    for (r, c) in [(4, 6), (5, 7), (6, 8), (7, 5), (3, 9), (6, 6)] {
        let board = Board::new(r, c).unwrap();
        let mut classes = std::collections::BTreeSet::new();
        let all = Plan::new(Approach::ForwardChecking, Goal::All);
        all.for_each(board, |found| {
            classes.insert(nqueens::symmetry::canonical(&found.placement()));
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        let unique = plan(Approach::ForwardChecking, false, true)
            .count(board)
            .unwrap();
        assert_eq!(unique.solutions, classes.len() as u64, "{r}x{c}");
    }
}

#[test]
fn the_mirror_count_is_refused_where_it_cannot_apply() {
    let board = Board::square(8).unwrap();
    assert!(plan(Approach::ForwardChecking, true, true)
        .count(board)
        .is_err());
    assert!(plan(Approach::Reference, true, false).count(board).is_err());
    let listing = Plan {
        mirror: true,
        ..Plan::new(Approach::ForwardChecking, Goal::All)
    };
    assert!(listing.count(board).is_err());
}

#[test]
fn the_command_counts_with_the_mirror() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["10", "--count", "--mirror"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "724 solutions");
    let refused = run(&["10", "--mirror"]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&refused.stderr).lines().count(), 1);
}
