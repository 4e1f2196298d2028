//! The `nqueens` command, run as a real process.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// Runs `nqueens args`, expects success, returns (stdout, stderr).
fn ok(args: &[&str]) -> (String, String) {
    let out = nqueens().args(args).assert().success().get_output().clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `nqueens args`, expects a one-line usage error, returns it.
fn usage_error(args: &[&str]) -> String {
    let out = nqueens()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("nqueens: error: "), "{err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"));
    err
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn lists_the_92_boards_of_8_queens() {
    let (out, err) = ok(&["8"]);
    assert_eq!(err, "");
    assert_eq!(out.matches("solution ").count(), 92);
    assert_eq!(out.matches('Q').count(), 92 * 8);
    assert!(out.starts_with("solution 1:\nQ . . . . . . .\n. . . . Q . . .\n"));
    assert!(out.ends_with("\n92 solutions\n"));
}

#[test]
fn format_columns() {
    let (out, _) = ok(&["6", "--format", "columns"]);
    assert_eq!(
        out,
        "[1, 3, 5, 0, 2, 4]\n[2, 5, 1, 4, 0, 3]\n[3, 0, 4, 1, 5, 2]\n[4, 2, 0, 5, 3, 1]\n4 solutions\n"
    );
}

#[test]
fn format_coords() {
    let (out, _) = ok(&["4", "--format", "coords"]);
    assert_eq!(
        out,
        "[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n2 solutions\n"
    );
}

#[test]
fn format_board_and_unicode() {
    let (out, _) = ok(&["4", "--format", "board", "--limit", "1"]);
    assert_eq!(
        out,
        "solution 1:\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n1 solution (partial: stopped by solution limit)\n"
    );
    let (out, _) = ok(&["4", "--format", "unicode"]);
    assert_eq!(out.matches('♛').count(), 8);
    assert!(out.contains("□ ♛ □ ■\n"));
    assert_eq!(last_line(&out), "2 solutions");
}

#[test]
fn format_json_is_json_lines_with_a_final_summary() {
    let (out, _) = ok(&["5", "--format", "json"]);
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(values.len(), 11);
    for v in &values[..10] {
        assert_eq!(v["rows"], 5);
        assert_eq!(v["columns"].as_array().unwrap().len(), 5);
    }
    let summary = &values[10]["summary"];
    assert_eq!(summary["solutions"], 10);
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["stopped_by"], serde_json::Value::Null);

    let (out, _) = ok(&["8", "--format", "json", "--limit", "3"]);
    let summary: serde_json::Value = serde_json::from_str(last_line(&out)).unwrap();
    assert_eq!(summary["summary"]["complete"], false);
    assert_eq!(summary["summary"]["stopped_by"], "solution limit");
}

#[test]
fn format_svg_is_one_sheet_on_stdout_with_the_summary_on_stderr() {
    let (out, err) = ok(&["6", "--format", "svg"]);
    let doc = roxmltree::Document::parse(&out).expect("valid SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(out.contains("<title>4 boards</title>"));
    assert_eq!(out.matches("class=\"queen\"").count(), 4 * 6);
    assert_eq!(err, "4 solutions\n");
}

#[test]
fn format_svg_to_a_file() {
    let dir = std::env::temp_dir().join(format!("nqueens-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("queens.svg");
    let (out, err) = ok(&[
        "8",
        "--unique",
        "--format",
        "svg",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out, "");
    assert_eq!(err, "12 fundamental solutions\n");
    let svg = std::fs::read_to_string(&file).unwrap();
    roxmltree::Document::parse(&svg).expect("valid SVG");
    assert!(svg.contains("<title>12 boards</title>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn out_writes_text_formats_to_the_file() {
    let dir = std::env::temp_dir().join(format!("nqueens-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("q.txt");
    let (out, _) = ok(&["4", "--format", "columns", "--out", file.to_str().unwrap()]);
    assert_eq!(out, "");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[1, 3, 0, 2]\n[2, 0, 3, 1]\n2 solutions\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unwritable_out_file_is_an_error_with_status_1() {
    nqueens()
        .args(["4", "--out", "/nonexistent-dir/q.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("nqueens: error: cannot create"));
}

#[test]
fn count_prints_only_the_summary() {
    for (n, total) in [(1, "1 solution"), (6, "4 solutions"), (10, "724 solutions")] {
        let (out, _) = ok(&[&n.to_string(), "--count"]);
        assert_eq!(out, format!("{total}\n"));
    }
}

#[test]
fn first_prints_one_solution() {
    let (out, _) = ok(&["8", "--first", "--format", "columns"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1], "1 solution (stopped after the first)");
}

#[test]
fn first_answers_at_once_for_large_boards() {
    for n in ["200", "1000"] {
        let (out, _) = ok(&[n, "--first"]);
        let columns: Vec<usize> = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        let size: usize = n.parse().unwrap();
        let placement = nqueens::placement::Placement::from_columns(&columns, size).unwrap();
        assert!(placement.is_legal());
    }
}

#[test]
fn limit_stops_after_k() {
    let (out, _) = ok(&["8", "--format", "columns", "--limit", "5"]);
    assert_eq!(out.lines().count(), 6);
    assert_eq!(
        last_line(&out),
        "5 solutions (partial: stopped by solution limit)"
    );
    let (out, _) = ok(&["8", "--count", "--limit", "5"]);
    assert_eq!(out, "5 solutions (partial: stopped by solution limit)\n");
}

#[test]
fn unique_lists_fundamental_solutions() {
    let (out, _) = ok(&["8", "--unique", "--format", "columns"]);
    assert_eq!(out.lines().count(), 13);
    assert_eq!(last_line(&out), "12 fundamental solutions");
    for (n, count) in [(1, 1), (4, 1), (5, 2), (6, 1), (7, 6), (10, 92)] {
        let (out, _) = ok(&[&n.to_string(), "--unique", "--count"]);
        let plural = if count == 1 { "" } else { "s" };
        assert_eq!(out, format!("{count} fundamental solution{plural}\n"));
    }
}

#[test]
fn every_strategy_counts_8_queens() {
    for strategy in [
        "generate-and-test",
        "backtracking",
        "forward-checking",
        "arc-consistency",
        "product",
        "three-sets",
        "reference",
    ] {
        let (out, _) = ok(&["8", "--count", "--strategy", strategy]);
        assert_eq!(out, "92 solutions\n", "{strategy}");
    }
    let (out, _) = ok(&["7", "--count", "--strategy", "combinations"]);
    assert_eq!(out, "40 solutions\n");
}

#[test]
fn stats_report_each_strategy_s_work_on_stderr() {
    let figure = |stderr: &str, label: &str| -> String {
        stderr
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} in {stderr}"))
            .rsplit(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let (out, err) = ok(&["4", "--count", "--strategy", "product", "--stats"]);
    assert_eq!(out, "2 solutions\n");
    assert_eq!(figure(&err, "boards built"), "256");
    assert_eq!(figure(&err, "strategy"), "product");

    let (_, err) = ok(&["8", "--first", "--strategy", "combinations", "--stats"]);
    assert_eq!(figure(&err, "combinations examined"), "433354409");

    let (_, err) = ok(&["8", "--count", "--strategy", "three-sets", "--stats"]);
    assert_eq!(figure(&err, "nodes"), "2057");
    for label in [
        "solutions",
        "failures",
        "backtracks",
        "checks",
        "max depth",
        "elapsed",
    ] {
        figure(&err, label);
    }
    // Aligned: every value ends in the same column.
    let widths: Vec<usize> = err.lines().map(|l| l.chars().count()).collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{err}");

    let (_, err) = ok(&["10", "--count", "--strategy", "reference", "--stats"]);
    assert!(figure(&err, "queens placed").parse::<u64>().unwrap() > 724);
}

#[test]
fn greedy_reports_where_it_is_stuck() {
    let (out, _) = ok(&["4", "--strategy", "greedy", "--format", "columns"]);
    assert_eq!(
        out,
        "greedy placed [0, 2] (the column of each row) and is stuck in row 2: no safe column, \
         and greedy never undoes a choice\n\
         0 solutions (partial: greedy never undoes a choice, so it stops at the first dead end)\n"
    );
    let (out, _) = ok(&[
        "5",
        "--strategy",
        "greedy",
        "--first",
        "--format",
        "columns",
    ]);
    assert_eq!(
        out,
        "[0, 2, 4, 1, 3]\n1 solution (stopped after the first)\n"
    );
}

#[test]
fn min_conflicts_finds_a_first_solution() {
    let (out, _) = ok(&[
        "50",
        "--first",
        "--strategy",
        "min-conflicts",
        "--seed",
        "2",
    ]);
    let columns: Vec<usize> = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let p = nqueens::placement::Placement::from_columns(&columns, 50).unwrap();
    assert!(p.is_legal());
    usage_error(&["8", "--strategy", "min-conflicts"]);
}

#[test]
fn engine_orders_restarts_and_seeds_are_accepted() {
    for args in [
        [
            "--var-order",
            "dom-wdeg",
            "--value-order",
            "random",
            "--seed",
            "7",
        ],
        [
            "--var-order",
            "smallest-domain",
            "--value-order",
            "middle-out",
            "--restarts",
            "luby",
        ],
        [
            "--var-order",
            "dom-deg",
            "--value-order",
            "least-constraining",
            "--seed",
            "1",
        ],
        [
            "--var-order",
            "input",
            "--value-order",
            "descending",
            "--restarts",
            "geometric:10:2",
        ],
    ] {
        let mut all = vec!["8", "--count"];
        all.extend(args);
        assert_eq!(ok(&all).0, "92 solutions\n", "{args:?}");
    }
    usage_error(&["8", "--var-order", "sideways"]);
    usage_error(&[
        "8",
        "--count",
        "--strategy",
        "reference",
        "--var-order",
        "input",
    ]);
}

#[test]
fn limits_make_the_summary_partial() {
    let (out, _) = ok(&["10", "--count", "--node-limit", "30"]);
    assert!(out.ends_with("(partial: stopped by node limit)\n"), "{out}");
    let (out, _) = ok(&["10", "--count", "--fail-limit", "5"]);
    assert!(
        out.ends_with("(partial: stopped by failure limit)\n"),
        "{out}"
    );
    let (out, _) = ok(&["10", "--count", "--time-limit", "0"]);
    assert_eq!(out, "0 solutions (partial: stopped by time limit)\n");
    usage_error(&["10", "--time-limit", "soon"]);
}

#[test]
fn rectangular_boards_in_every_spelling() {
    let (a, _) = ok(&["2", "3", "--format", "coords"]);
    let (b, _) = ok(&["2x3", "--format", "coords"]);
    assert_eq!(a, b);
    assert_eq!(a, "[[0, 0], [1, 2]]\n[[0, 2], [1, 0]]\n2 solutions\n");
    let (tall, _) = ok(&["3", "2", "--format", "coords"]);
    assert_eq!(tall, "[[0, 0], [2, 1]]\n[[0, 1], [2, 0]]\n2 solutions\n");
    let (out, _) = ok(&["3x5", "--format", "board", "--limit", "1"]);
    assert!(
        out.starts_with("solution 1:\nQ . . . .\n. . Q . .\n. . . . Q\n\n"),
        "{out}"
    );
}

#[test]
fn two_and_three_have_no_solutions_and_that_is_fine() {
    for n in ["2", "3"] {
        for (extra, summary) in [
            (&[][..], "0 solutions\n"),
            (&["--count"][..], "0 solutions\n"),
            (&["--first"][..], "0 solutions\n"),
            (&["--unique"][..], "0 fundamental solutions\n"),
        ] {
            let mut args = vec![n];
            args.extend(extra);
            nqueens()
                .args(&args)
                .assert()
                .success()
                .stdout(summary)
                .stderr("");
        }
    }
    let (out, _) = ok(&["2", "2"]);
    assert_eq!(out, "0 solutions\n");
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    let cases: [(&[&str], &str); 13] = [
        (&[], "<SIZE>"),
        (&["abc"], "N, R C or RxC"),
        (&["-1"], "positive"),
        (&["0"], "at least one row and one column"),
        (&["8x"], "N, R C or RxC"),
        (&["99999999999999999999"], "too large"),
        (&["8", "--frobnicate"], "--frobnicate"),
        (
            &["8", "--strategy", "magic"],
            "expected one of: generate-and-test",
        ),
        (&["8", "--format", "yaml"], "expected one of: columns"),
        (&["8", "9", "10"], "10"),
        (&["2x3", "4"], "N, R C or RxC"),
        (&["8", "--limit", "0"], "--limit"),
        (&["8", "--first", "--count"], "--count"),
    ];
    for (args, expected) in cases {
        let err = usage_error(args);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(err.contains("see nqueens --help"), "{err}");
    }
}

#[test]
fn strategies_refuse_what_they_cannot_do() {
    let err = usage_error(&["8", "--strategy", "reference"]);
    assert!(err.contains("--count"));
    usage_error(&["8", "5", "--count", "--strategy", "reference"]);
    usage_error(&["8", "--strategy", "combinations"]);
    usage_error(&["8", "--count", "--unique", "--strategy", "combinations"]);
    usage_error(&["8", "--first", "--limit", "2"]);
    usage_error(&["8", "--format", "svg", "--limit", "5000"]);
}

#[test]
fn trace_text_shows_the_board_at_every_step() {
    let (out, _) = ok(&["4", "--trace", "--strategy", "backtracking"]);
    assert!(out.starts_with("step 1: queen on row 0, column 0\nQ . . .\n. . . .\n"));
    assert!(out.contains("step 2: row 1, column 0 fails\nQ . . .\nx . . .\n"));
    assert!(out.contains("take back the queen on row"));
    assert!(out.contains("solution 1: [1, 3, 0, 2]"));
    assert!(out.contains("solution 2: [2, 0, 3, 1]"));
    assert_eq!(last_line(&out), "2 solutions");
}

#[test]
fn trace_json_is_one_event_per_line() {
    let (out, _) = ok(&["5", "--trace", "--trace-format", "json", "--first"]);
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, steps) = events.split_last().unwrap();
    assert_eq!(summary["summary"]["solutions"], 1);
    for (i, e) in steps.iter().enumerate() {
        assert_eq!(e["step"], i as u64 + 1);
        assert!(["choose", "unchoose", "fail", "solution", "restart"]
            .contains(&e["event"].as_str().unwrap()));
    }
    assert_eq!(steps.last().unwrap()["event"], "solution");
}

#[test]
fn trace_refuses_large_boards_unless_forced() {
    let err = usage_error(&["9", "--trace"]);
    assert!(err.contains("--force"));
    usage_error(&["6", "--trace", "--strategy", "generate-and-test"]);
    usage_error(&["8", "--count", "--trace", "--strategy", "reference"]);
    usage_error(&["8", "--trace", "--format", "json"]);
    usage_error(&["8", "--force"]);
    let (out, _) = ok(&["9", "--trace", "--force", "--first"]);
    assert_eq!(last_line(&out), "1 solution (stopped after the first)");
}

#[test]
fn help_explains_every_option_and_strategy() {
    let (out, _) = ok(&["--help"]);
    for word in [
        "--count",
        "--first",
        "--limit",
        "--unique",
        "--format",
        "--out",
        "--strategy",
        "--var-order",
        "--value-order",
        "--seed",
        "--restarts",
        "--stats",
        "--trace",
        "--trace-format",
        "--force",
        "--node-limit",
        "--fail-limit",
        "--time-limit",
        "columns",
        "coords",
        "unicode",
        "json",
        "svg",
        "generate-and-test",
        "backtracking",
        "forward-checking",
        "arc-consistency",
        "combinations",
        "product",
        "greedy",
        "three-sets",
        "reference",
        "min-conflicts",
        "Ctrl-C",
        "Exit status",
    ] {
        assert!(out.contains(word), "--help does not mention {word}");
    }
    let (short, _) = ok(&["-h"]);
    assert!(short.contains("Usage: nqueens"));
    let (version, _) = ok(&["--version"]);
    assert!(version.starts_with("nqueens "));
}

#[test]
fn hopeless_sizes_warn_up_front() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["40", "--count"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(line.starts_with("nqueens: warning: counting every solution of a 40 × 40 board"));
    assert!(line.contains("takes centuries"), "{line}");
    // Sizes that finish do not warn.
    let (_, err) = ok(&["12", "--count"]);
    assert_eq!(err, "");
}

#[test]
fn output_streams_and_a_closed_pipe_ends_quietly() {
    let started = Instant::now();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["18", "--format", "columns"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("[0, 2, 4, 1, 7"), "{first}");
    drop(reader); // like `| head -1`
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
    // Listing all of n = 18 takes hours: it stopped because the pipe closed.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_count_with_the_partial_result() {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["16", "--count"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.ends_with(" solutions (partial: interrupted)\n"),
        "{stdout}"
    );
    let partial: u64 = stdout.split(' ').next().unwrap().parse().unwrap();
    assert!(partial < 14_772_512, "n = 16 has 14,772,512 solutions");
    assert!(stderr.contains("interrupted by Ctrl-C"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_few_solutions_of_a_large_board_come_at_once() {
    let out = nqueens()
        .args(["40", "--limit", "2", "--format", "columns"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    for line in &lines[..2] {
        let columns: Vec<usize> = line
            .trim_matches(|c| c == '[' || c == ']')
            .split(", ")
            .map(|c| c.parse().unwrap())
            .collect();
        let p = nqueens::placement::Placement::from_columns(&columns, 40).unwrap();
        assert!(p.is_legal());
    }
    assert_ne!(lines[0], lines[1]);
    assert!(lines[2].starts_with("2 solutions"));
}
