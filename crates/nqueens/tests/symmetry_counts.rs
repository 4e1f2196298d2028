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
fn fundamental_solutions_come_from_half_the_tree() {
    let expected = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341];
    for (i, &count) in expected.iter().enumerate() {
        let board = Board::square(i + 1).unwrap();
        let unique = plan(Approach::ForwardChecking, false, true)
            .count(board)
            .unwrap();
        assert_eq!(unique.solutions, count, "n = {}", i + 1);
        let all = plan(Approach::ForwardChecking, false, false)
            .count(board)
            .unwrap();
        if i + 1 >= 6 {
            assert!(unique.stats.unwrap().nodes * 10 < all.stats.unwrap().nodes * 7);
        }
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
