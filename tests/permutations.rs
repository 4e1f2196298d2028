//! Runs `examples/permutations.rs` and checks its answers.

mod common;
use common::{example, example_path, stdout_of};
use predicates::prelude::*;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// The textbook recursive generator (distinct items), as an oracle.
fn textbook(items: &[&str]) -> Vec<String> {
    fn go(path: &mut Vec<String>, rest: &mut Vec<String>, out: &mut Vec<String>) {
        if rest.is_empty() {
            let quoted: Vec<String> = path.iter().map(|s| format!("'{s}'")).collect();
            out.push(format!("[{}]", quoted.join(", ")));
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            path.push(x);
            go(path, rest, out);
            rest.insert(i, path.pop().unwrap());
        }
    }
    let mut out = Vec::new();
    let mut rest = items.iter().map(|s| s.to_string()).collect();
    go(&mut Vec::new(), &mut rest, &mut out);
    out
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

#[test]
fn no_arguments_lists_the_six_permutations_of_abc_in_textbook_order_then_the_count() {
    let out = stdout_of(&mut example("permutations"));
    let mut want = textbook(&["A", "B", "C"]);
    want.push("6 permutations".into());
    assert_eq!(out, want.join("\n") + "\n");
    assert!(out.starts_with("['A', 'B', 'C']\n['A', 'C', 'B']\n"));
}

#[test]
fn every_strategy_gives_the_textbook_order() {
    let items = ["w", "x", "y", "z"];
    let mut want = textbook(&items);
    want.push("24 permutations".into());
    for strategy in csp::Strategy::ALL {
        let out = stdout_of(
            example("permutations")
                .args(["--strategy", strategy.name()])
                .args(items),
        );
        if *strategy == csp::Strategy::ClauseLearning {
            // Its own branching (by activity) ignores the orders: the same
            // permutations, in another order.
            let mut got: Vec<&str> = out.lines().collect();
            let mut sorted: Vec<&str> = want.iter().map(String::as_str).collect();
            got.sort_unstable();
            sorted.sort_unstable();
            assert_eq!(got, sorted, "{strategy}");
        } else {
            assert_eq!(out, want.join("\n") + "\n", "{strategy}");
        }
    }
}

#[test]
fn repeated_items_give_each_distinct_permutation_once() {
    let out = stdout_of(example("permutations").args(["A", "A", "B"]));
    assert_eq!(
        out,
        "['A', 'A', 'B']\n['A', 'B', 'A']\n['B', 'A', 'A']\n3 permutations\n"
    );
    // The textbook generator, deduplicated, agrees on a bigger multiset.
    let items = ["1", "2", "1", "3", "2", "1"];
    let mut want = textbook(&items);
    want.sort();
    want.dedup();
    let out = stdout_of(example("permutations").args(items));
    let mut got: Vec<String> = out.lines().map(String::from).collect();
    assert_eq!(got.pop().unwrap(), format!("{} permutations", want.len()));
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(got, sorted, "lexicographic order of first appearance");
    assert_eq!(got, want);
}

#[test]
fn count_of_ten_distinct_items_is_ten_factorial() {
    let items: Vec<String> = (0..10).map(|i| i.to_string()).collect();
    let out = stdout_of(example("permutations").arg("--count").args(&items));
    assert_eq!(out.trim(), format!("{} permutations", factorial(10)));
}

#[test]
fn count_of_a_multiset_is_the_multinomial_coefficient() {
    let out =
        stdout_of(example("permutations").args(["--count", "a", "b", "a", "c", "b", "a", "d"]));
    let want = factorial(7) / (factorial(3) * factorial(2));
    assert_eq!(out.trim(), format!("{want} permutations"));
}

#[test]
fn trace_shows_each_choose_and_unchoose_with_path_and_remaining_choices() {
    let output = example("permutations")
        .args(["--trace", "A", "B", "C"])
        .assert()
        .success();
    let output = output.get_output();
    let trace = String::from_utf8(output.stderr.clone()).unwrap();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 7, "the permutations and the count");
    let lines: Vec<&str> = trace.lines().collect();
    assert_eq!(lines[0], "choose 'A'  path ['A']  remaining ['B', 'C']");
    assert_eq!(lines[1], "  choose 'B'  path ['A', 'B']  remaining ['C']");
    assert_eq!(
        lines[2],
        "    choose 'C'  path ['A', 'B', 'C']  remaining []"
    );
    assert_eq!(
        lines[3],
        "    unchoose 'C'  path ['A', 'B']  remaining ['C']"
    );
    let chooses = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("choose"))
        .count();
    let unchooses = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("unchoose"))
        .count();
    // One choose per edge of the permutation tree: 3 + 3*2 + 3*2*1.
    assert_eq!((chooses, unchooses), (15, 15));
}

#[test]
fn stats_and_limits_report_on_stderr() {
    example("permutations")
        .args(["--count", "--stats", "A", "B", "C"])
        .assert()
        .success()
        .stdout("6 permutations\n")
        .stderr(predicate::str::contains("nodes").and(predicate::str::contains("solutions")));
    example("permutations")
        .args(["--count", "--node-limit", "3", "A", "B", "C", "D"])
        .assert()
        .success()
        .stderr(predicate::str::contains("stopped by the node limit"));
}

#[test]
fn usage_errors_exit_2_with_a_one_line_message() {
    example("permutations")
        .args(["--strategy", "psychic"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown strategy 'psychic'"));
    example("permutations")
        .args(["--count", "--trace"])
        .assert()
        .code(2);
    example("permutations")
        .arg("--help")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("--strategy")
                .and(predicate::str::contains("--var-order"))
                .and(predicate::str::contains("--trace")),
        );
}

#[test]
fn output_streams_and_a_closed_pipe_ends_quietly() {
    // 12! permutations would take minutes to list; reading one line and
    // closing the pipe must end the program at once, without a panic.
    let mut child = std::process::Command::new(example_path("permutations"))
        .args(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(
        first.trim(),
        "['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']"
    );
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
