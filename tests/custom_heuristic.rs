//! Runs `examples/custom_heuristic.rs`: user-defined variable orders,
//! written outside the engine, count n-queens under forward checking and
//! arc consistency.

mod common;
use common::{example, stdout_of};
use predicates::prelude::*;

/// The known n-queens counts (OEIS A000170).
const QUEENS: [u64; 9] = [1, 1, 0, 0, 2, 10, 4, 40, 92];

/// One report line: (label, strategy, solutions, nodes, failures, pruned).
fn parse_line(line: &str) -> (String, String, u64, u64, u64, u64) {
    let (head, numbers) = line.split_once(": ").expect("label: figures");
    let (label, strategy) = head.rsplit_once(' ').expect("label strategy");
    let figures: Vec<u64> = numbers
        .split(", ")
        .map(|part| part.split(' ').next().unwrap().parse().expect("a count"))
        .collect();
    assert_eq!(
        figures.len(),
        4,
        "solutions, nodes, failures, pruned: {line}"
    );
    (
        label.to_owned(),
        strategy.to_owned(),
        figures[0],
        figures[1],
        figures[2],
        figures[3],
    )
}

fn check(n: usize, heuristic: &str) {
    let out =
        stdout_of(example("custom_heuristic").args([&n.to_string(), "--heuristic", heuristic]));
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some(format!("{n}-queens").as_str()));
    let rows: Vec<_> = lines.map(parse_line).collect();
    let expected = [
        (heuristic, "forward-checking"),
        (heuristic, "arc-consistency"),
        ("smallest-domain (built-in)", "forward-checking"),
        ("smallest-domain (built-in)", "arc-consistency"),
    ];
    assert_eq!(rows.len(), expected.len(), "{out}");
    for (row, (label, strategy)) in rows.iter().zip(expected) {
        assert_eq!((row.0.as_str(), row.1.as_str()), (label, strategy));
        assert_eq!(row.2, QUEENS[n], "{n}-queens, {label} {strategy}");
        // A real search: every solution is a path of n choices.
        if row.2 > 0 {
            assert!(row.3 >= n as u64, "{out}");
        }
    }
}

#[test]
fn fewest_neighbour_values_counts_every_board() {
    for n in [1, 4, 6, 8] {
        check(n, "fewest-neighbour-values");
    }
}

#[test]
fn max_degree_counts_every_board() {
    for n in [3, 5, 7] {
        check(n, "max-degree");
    }
}

#[test]
fn bad_arguments_exit_2_with_a_one_line_message() {
    for args in [&["0"][..], &["15"], &["eight"], &["--heuristic", "psychic"]] {
        example("custom_heuristic")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("custom_heuristic: error:").and(
                predicate::function(|s: &str| s.trim_end().lines().count() == 1),
            ));
    }
}
