//! Runs `examples/latin_square.rs` and checks its counts and squares.

mod common;
use common::{example, stdout_of};
use std::collections::HashSet;

fn count(args: &[&str]) -> u64 {
    let out = stdout_of(example("latin_square").arg("--count").args(args));
    let (n, what) = out
        .trim()
        .split_once(' ')
        .expect("a count and what it counts");
    assert!(what.contains("Latin square"), "{out}");
    n.parse().unwrap()
}

#[test]
fn known_counts_of_latin_squares() {
    assert_eq!(count(&["1"]), 1);
    assert_eq!(count(&["2"]), 2);
    assert_eq!(count(&["3"]), 12);
    assert_eq!(count(&["4"]), 576);
    assert_eq!(count(&["5"]), 161_280);
}

#[test]
fn known_counts_of_reduced_squares_and_how_they_relate() {
    let reduced: Vec<u64> = (1..=5)
        .map(|n| count(&["--reduced", &n.to_string()]))
        .collect();
    assert_eq!(reduced, [1, 1, 1, 4, 56]);
    // All squares = reduced squares * n! * (n-1)!.
    let all = count(&["5"]);
    assert_eq!(all, 56 * 120 * 24);
    assert_eq!(count(&["--reduced", "6"]), 9408);
}

#[test]
fn the_listing_has_every_square_of_order_3_once() {
    let out = stdout_of(example("latin_square").arg("3"));
    let mut blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.pop().unwrap().trim(), "12 Latin squares of order 3");
    let mut seen = HashSet::new();
    for block in &blocks {
        let rows: Vec<Vec<u8>> = block
            .lines()
            .map(|l| l.bytes().map(|b| b - b'0').collect())
            .collect();
        assert_eq!(rows.len(), 3);
        for k in 0..3 {
            let mut row = rows[k].clone();
            let mut col: Vec<u8> = rows.iter().map(|r| r[k]).collect();
            row.sort();
            col.sort();
            assert_eq!((row, col), (vec![1, 2, 3], vec![1, 2, 3]), "{block}");
        }
        assert!(seen.insert(block.to_string()), "listed twice: {block}");
    }
    assert_eq!(seen.len(), 12);
}

#[test]
fn strategies_agree() {
    for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
        assert_eq!(count(&["--strategy", strategy, "4"]), 576, "{strategy}");
    }
}

#[test]
fn bad_orders_are_usage_errors() {
    example("latin_square").arg("0").assert().code(2);
    example("latin_square").arg("33").assert().code(2);
    example("latin_square").arg("three").assert().code(2);
}

#[test]
fn every_all_different_level_counts_the_same_squares() {
    for level in ["value", "bounds", "domain"] {
        let args = [
            "--all-different",
            level,
            "--strategy",
            "arc-consistency",
            "4",
        ];
        assert_eq!(count(&args), 576, "{level}");
    }
    example("latin_square")
        .args(["--all-different", "strong", "3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "expected one of: value, bounds, domain",
        ));
}
