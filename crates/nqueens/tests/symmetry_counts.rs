//! Counts through the board's symmetries and on several threads give the
//! plain counts, with fewer nodes; the search for fundamental solutions
//! gives one per class.

use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use nqueens::count::Symmetry;
use nqueens::parts::{merge, solve_part, MergeError, Part};

/// The counts of every square up to 14 (OEIS A000170), each also found by
/// the plain search in the tests below.
const SQUARES: [u64; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];

fn plan(approach: Approach, symmetry: Symmetry, threads: usize) -> Plan {
    Plan {
        symmetry,
        threads: Some(threads),
        ..Plan::new(approach, Goal::Count)
    }
}

/// The plain count: one thread, no symmetry, forward checking.
fn plain(board: Board) -> u64 {
    let report = plan(Approach::ForwardChecking, Symmetry::None, 1)
        .count(board)
        .unwrap();
    assert_eq!(report.execution.symmetry, Symmetry::None);
    report.solutions
}

#[test]
fn every_symmetry_on_any_thread_count_gives_the_plain_count() {
    let squares = (1..=12).map(|n| (n, n));
    let rectangles = (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c)));
    for (r, c) in squares.chain(rectangles.filter(|(r, c)| r != c)) {
        let board = Board::new(r, c).unwrap();
        let expected = plain(board);
        if r == c {
            assert_eq!(expected, SQUARES[r - 1], "the plain search at n = {r}");
        }
        let mut nodes = Vec::new();
        for symmetry in Symmetry::ALL {
            for threads in [1, 2, 3] {
                let report = plan(Approach::ForwardChecking, symmetry, threads)
                    .count(board)
                    .unwrap();
                let what = format!("{r}x{c} {symmetry} on {threads} threads");
                assert_eq!(report.solutions, expected, "{what}");
                assert!(report.is_complete(), "{what}");
                assert_eq!(report.execution.symmetry, symmetry, "{what}");
                nodes.push((symmetry, report.stats.unwrap().nodes));
            }
        }
        // The same units whatever the threads: the same merged statistics
        // (one thread without symmetry is the plain search, not a split).
        for runs in nodes.chunks(3) {
            let split = if runs[0].0 == Symmetry::None {
                &runs[1..]
            } else {
                runs
            };
            assert!(split.iter().all(|n| *n == split[0]), "{r}x{c}: {nodes:?}");
        }
    }
}

#[test]
fn the_counts_of_13_and_14_queens_are_the_plain_count_whatever_the_settings() {
    for n in [13, 14] {
        let board = Board::square(n).unwrap();
        let expected = plain(board);
        assert_eq!(expected, SQUARES[n - 1], "the plain search at n = {n}");
        let report = Plan::recommended(Goal::Count).count(board).unwrap();
        assert_eq!(report.execution.symmetry, Symmetry::Full);
        assert_eq!(report.solutions, expected, "the default at n = {n}");
        for symmetry in Symmetry::ALL {
            for threads in [1, 2] {
                let report = plan(Approach::ForwardChecking, symmetry, threads)
                    .count(board)
                    .unwrap();
                let what = format!("n = {n}, {symmetry} on {threads} threads");
                assert_eq!(report.solutions, expected, "{what}");
                assert_eq!(report.execution.symmetry, symmetry, "{what}");
            }
        }
    }
}

#[test]
fn other_strategies_count_through_the_symmetries_too() {
    for (r, c) in [(7, 7), (9, 9), (5, 8), (8, 6)] {
        let board = Board::new(r, c).unwrap();
        let expected = plain(board);
        for approach in [
            Approach::Backtracking,
            Approach::ArcConsistency,
            Approach::ThreeSets,
            Approach::GenerateAndTest,
        ] {
            if approach == Approach::GenerateAndTest && r * c > 50 {
                continue; // it builds every board: 8^6 is plenty
            }
            for symmetry in [Symmetry::Mirror, Symmetry::Full] {
                let report = plan(approach, symmetry, 2).count(board).unwrap();
                assert_eq!(report.solutions, expected, "{r}x{c} {approach} {symmetry}");
            }
        }
    }
}

#[test]
fn the_symmetries_cut_the_search() {
    // Measured at n = 12: the full group's frames visit 0.19 of the plain
    // search's nodes, the mirror's 0.62.
    let board = Board::square(12).unwrap();
    let nodes = |symmetry| {
        let report = plan(Approach::ForwardChecking, symmetry, 1)
            .count(board)
            .unwrap();
        report.stats.unwrap().nodes
    };
    let (none, mirror, full) = (
        nodes(Symmetry::None),
        nodes(Symmetry::Mirror),
        nodes(Symmetry::Full),
    );
    assert!(mirror * 10 < none * 7, "mirror: {mirror} nodes vs {none}");
    assert!(full * 4 < none, "full: {full} nodes vs {none}");
}

#[test]
fn limits_and_unique_counts_run_on_one_thread_without_symmetry() {
    let board = Board::square(8).unwrap();
    let unique = Plan {
        unique: true,
        ..Plan::recommended(Goal::Count)
    };
    let report = unique.count(board).unwrap();
    assert_eq!(report.solutions, 12);
    assert_eq!(report.execution.symmetry, Symmetry::None);
    assert_eq!(report.execution.threads, 1);
    let mut limited = Plan::recommended(Goal::Count);
    limited.limits.nodes = Some(50);
    let report = limited.count(board).unwrap();
    assert!(!report.is_complete());
    assert_eq!(report.execution.symmetry, Symmetry::None);
    // A time limit bounds the whole split run.
    let mut timed = Plan::recommended(Goal::Count);
    timed.limits.time = Some(std::time::Duration::ZERO);
    let report = timed.count(Board::square(12).unwrap()).unwrap();
    assert!(!report.is_complete());
    assert_eq!(report.execution.symmetry, Symmetry::Full);
}

#[test]
fn parts_count_through_the_symmetries_and_do_not_mix() {
    let board = Board::square(11).unwrap();
    let parts = |symmetry, k| -> Vec<_> {
        (0..k)
            .map(|i| {
                let plan = plan(Approach::ForwardChecking, symmetry, 2);
                let result = solve_part(board, &plan, Part::new(i, k).unwrap()).unwrap();
                assert_eq!(result.problem.symmetry, symmetry);
                (format!("{symmetry}-{i}.json").into(), result)
            })
            .collect()
    };
    for symmetry in Symmetry::ALL {
        for k in [1, 3, 40] {
            let merged = merge(&parts(symmetry, k)).unwrap();
            assert_eq!(merged.count, SQUARES[10], "{symmetry} in {k} parts");
        }
    }
    let mut mixed = parts(Symmetry::Full, 2);
    mixed[1] = parts(Symmetry::None, 2).remove(1);
    let err = merge(&mixed).unwrap_err();
    assert!(matches!(err, MergeError::Mismatch { .. }), "{err}");
    assert!(err.to_string().contains("symmetry"), "{err}");
}

fn unique(approach: Approach) -> Plan {
    Plan {
        unique: true,
        ..Plan::new(approach, Goal::Count)
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
            let unique = unique(approach).count(board).unwrap();
            assert_eq!(unique.solutions, count, "n = {} {approach}", i + 1);
            let all = plan(approach, Symmetry::None, 1).count(board).unwrap();
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
        let unique = unique(Approach::ForwardChecking).count(board).unwrap();
        assert_eq!(unique.solutions, classes.len() as u64, "{r}x{c}");
    }
}

#[test]
fn the_command_counts_through_the_symmetries() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .output()
            .unwrap()
    };
    for args in [
        &["10", "--count", "--mirror"][..],
        &["10", "--count"],
        &["10", "--count", "--symmetry", "none", "--threads", "1"],
        &["10", "--count", "--symmetry", "full", "--threads", "3"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "724 solutions");
    }
    let out = run(&["12", "--count", "--stats", "--threads", "2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let row = |label: &str| {
        stderr
            .lines()
            .find(|l| l.starts_with(label))
            .map(|l| l.split_whitespace().last().unwrap_or("").to_string())
    };
    assert_eq!(row("symmetry").as_deref(), Some("full"), "{stderr}");
    assert_eq!(row("threads").as_deref(), Some("2"), "{stderr}");
    // No progress bar when stderr is not a terminal.
    assert!(!stderr.contains("parts"), "{stderr}");
    // A traced count follows the one plain search.
    let traced = run(&["5", "--count", "--trace"]);
    assert!(traced.status.success());
    assert!(String::from_utf8_lossy(&traced.stdout).contains("10 solutions"));
    assert!(traced.stdout.len() > 1000, "the trace is printed");
    let listing = run(&["6", "--stats"]);
    let stderr = String::from_utf8_lossy(&listing.stderr);
    assert!(stderr.contains("1 (in order)"), "{stderr}");
    for refused in [
        &["10", "--mirror"][..],
        &["10", "--symmetry", "full"],
        &["10", "--threads", "2"],
        &["10", "--count", "--unique", "--symmetry", "mirror"],
        &["10", "--count", "--node-limit", "5", "--threads", "2"],
        &[
            "10",
            "--count",
            "--strategy",
            "reference",
            "--symmetry",
            "full",
        ],
        &["10", "--count", "--mirror", "--symmetry", "none"],
        &["10", "--count", "--threads", "0"],
        &["10", "--count", "--symmetry", "half"],
        &["6", "--count", "--trace", "--symmetry", "full"],
    ] {
        let out = run(refused);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{refused:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{refused:?}: {stderr}");
    }
}
