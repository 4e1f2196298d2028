//! Reliability of the `nqueens` command beyond its features:
//!
//! * the subcommands' parsers (`study`, `tree`, `replay`) answer random arguments
//!   with a value or a one-line usage error, never a panic (the solve
//!   options have the same property in `tests/properties.rs`);
//! * `nqueens 5000 --first` finds a legal board in seconds, without a stack
//!   overflow, in bounded memory;
//! * counting and listing stream: 13-queens peaks at the memory of 8-queens
//!   (measured with `/usr/bin/time -v` when it is installed);
//! * the same arguments print the same output and statistics, run after run.

mod common;

use assert_cmd::Command;
use nqueens::cli::{self, CliError};
use proptest::prelude::*;
use std::path::PathBuf;
use std::time::Duration;

/// A run that has not ended by then is a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

fn nqueens() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nqueens"));
    cmd.timeout(WATCHDOG);
    cmd
}

// ---------------------------------------------------------------------------
// Subcommand parsers.

/// A usage error: status 2, one line.
fn assert_one_line_usage(e: &CliError) -> Result<(), TestCaseError> {
    prop_assert_eq!(e.exit_code(), 2);
    prop_assert!(!e.to_string().contains('\n'), "{}", e);
    Ok(())
}

/// Argument words for `study`, `tree` and `replay`: their own options with good and
/// bad values, the engine's options, numbers out of range, unicode, empty
/// strings and unknown flags.
fn subcommand_word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "--strategies", "--strategy", "all", "backtracking,forward-checking",
            "arc-consistency,", ",", "--var-orders", "--var-order", "input,dom-wdeg",
            "--value-orders", "--value-order", "random", "middle-out,sideways",
            "--sizes", "4..=6", "6..4", "1..=20000", "0", "4", "5", "9", "4..", "..=5",
            "3,3,3", "--first", "--node-limit", "--fail-limit", "--time-limit", "0",
            "1", "-1", "1.5s", "1e400", "18446744073709551616", "--seed", "--restarts",
            "luby", "geometric:0:1", "--csv", "--json", "--plot", "--svg", "", "é",
            "🦀", "--bogus", "--", "-h", "--max-events", "100", "3x5", "--out",
        ])
        .prop_map(String::from),
        1 => "\\PC{0,10}",
    ]
}

/// Runs what parsed when it is small and writes no files (so the run
/// itself is exercised too): it succeeds or gives a one-line error.
fn run_if_small(command: &cli::Command) {
    let mut sink = Vec::new();
    // Other subcommands (merge) read files: parsing them is what is checked.
    if let cli::Command::Study(args) = command {
        let small = args.study().sizes.as_slice().iter().all(|&n| n <= 6);
        if small && args.csv.is_none() && args.json.is_none() && args.plot.is_none() {
            nqueens::study::run_study(args, &mut sink).expect("a study to memory succeeds");
        }
    }
    if let cli::Command::Replay(args) = command {
        let small =
            nqueens::size::board_from_parts(&args.size).is_ok_and(|b| b.rows().max(b.cols()) <= 6);
        if small
            && args.out.is_none()
            && let Err(e) = nqueens::replay::run_replay(args, &mut sink)
        {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
    if let cli::Command::Tree(args) = command
        && args.n <= 5
        && args.svg.is_none()
        && let Err(e) = nqueens::tree::run_tree(args, &mut sink)
    {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}

proptest! {
    #![proptest_config(common::config(64))]

    #[test]
    fn subcommand_parsers_never_panic_on_random_arguments(
        subcommand in prop::sample::select(vec!["study", "tree", "replay"]),
        args in prop::collection::vec(subcommand_word(), 0..7),
    ) {
        let argv = ["nqueens".to_string(), subcommand.to_string()].into_iter().chain(args);
        match cli::parse(argv) {
            Ok(parsed) => {
                if let Some(command) = &parsed.command {
                    run_if_small(command);
                }
            }
            Err(CliError::Help(text)) => prop_assert!(!text.is_empty()),
            Err(e) => assert_one_line_usage(&e)?,
        }
    }
}

// ---------------------------------------------------------------------------
// Depth and memory.

/// Where `/usr/bin/time` is, if it is installed.
fn gnu_time() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/bin/time");
    path.exists().then_some(path)
}

/// Runs `nqueens args`, returning its stdout and its peak resident memory
/// in kB measured with `/usr/bin/time -v` (`None` when that is missing).
fn run_measured(args: &[&str]) -> (String, Option<u64>) {
    let Some(time) = gnu_time() else {
        let out = nqueens().args(args).assert().success().get_output().clone();
        return (String::from_utf8_lossy(&out.stdout).into_owned(), None);
    };
    let report = std::env::temp_dir().join(format!(
        "nqueens-reliability-{}-{}.txt",
        std::process::id(),
        args.join("_")
    ));
    let out = Command::new(time)
        .timeout(WATCHDOG)
        .arg("-v")
        .arg("-o")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    let text = std::fs::read_to_string(&report).expect("time's report");
    let _ = std::fs::remove_file(&report);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        Some(peak_kb(&text)),
    )
}

/// The peak resident set size from a `/usr/bin/time -v` report.
fn peak_kb(report: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak memory in the report:\n{report}"))
}

/// The columns of a `[c0, c1, ...]` line.
fn columns(line: &str) -> Vec<usize> {
    line.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(", ")
        .map(|c| c.parse().expect("a column number"))
        .collect()
}

/// Whether `cols` places one queen per row, column and diagonal.
fn is_legal(cols: &[usize]) -> bool {
    let n = cols.len();
    let mut column = vec![false; n];
    let mut down = vec![false; 2 * n];
    let mut up = vec![false; 2 * n];
    cols.iter().enumerate().all(|(row, &c)| {
        let fresh = c < n && !column[c] && !down[row + c] && !up[row + n - c];
        if fresh {
            column[c] = true;
            down[row + c] = true;
            up[row + n - c] = true;
        }
        fresh
    })
}

#[test]
fn five_thousand_queens_first_is_a_legal_board_found_in_seconds() {
    let started = std::time::Instant::now();
    let (stdout, peak) = run_measured(&["5000", "--first"]);
    let elapsed = started.elapsed();
    let line = stdout
        .lines()
        .find(|l| l.starts_with('['))
        .expect("a board in columns format");
    let cols = columns(line);
    assert_eq!(cols.len(), 5000);
    assert!(is_legal(&cols), "an illegal board");
    assert!(
        stdout.contains("1 solution"),
        "{}",
        stdout.lines().last().unwrap_or("")
    );
    eprintln!("nqueens 5000 --first: {elapsed:.2?}, peak memory {peak:?} kB");
    if let Some(kb) = peak {
        assert!(kb < 2 * 1024 * 1024, "peak memory {kb} kB");
    }
}

#[test]
fn the_legality_check_rejects_shared_columns_and_diagonals() {
    assert!(is_legal(&[1, 3, 0, 2]));
    assert!(!is_legal(&[0, 0]));
    assert!(!is_legal(&[0, 1]));
    assert!(!is_legal(&[1, 0]));
    assert!(!is_legal(&[0, 5]));
}

/// Slack allowed between the peaks of 8- and 13-queens: allocator noise,
/// not a per-solution cost (13-queens has 73,712 solutions).
const STREAMING_SLACK_KB: u64 = 5 * 1024;

#[test]
fn counting_and_listing_13_queens_peak_at_the_memory_of_8_queens() {
    if gnu_time().is_none() {
        common::missing_tool("/usr/bin/time is not installed (apt-get install time)");
        return;
    }
    let (_, eight) = run_measured(&["8", "--count"]);
    let (count, thirteen_count) = run_measured(&["13", "--count"]);
    let (listing, thirteen_all) = run_measured(&["13"]);
    assert!(
        listing.ends_with("73712 solutions\n"),
        "the listing is complete"
    );
    assert_eq!(count.trim(), "73712 solutions");
    let (eight, thirteen_count, thirteen_all) = (
        eight.unwrap(),
        thirteen_count.unwrap(),
        thirteen_all.unwrap(),
    );
    eprintln!(
        "peak memory: 8 --count {eight} kB, 13 --count {thirteen_count} kB, 13 (listing) {thirteen_all} kB"
    );
    for (what, kb) in [("13 --count", thirteen_count), ("13", thirteen_all)] {
        assert!(
            kb <= eight + STREAMING_SLACK_KB,
            "nqueens {what} peaked at {kb} kB against {eight} kB for 8 --count"
        );
    }
}

// ---------------------------------------------------------------------------
// Determinism.

/// Stdout and stderr of a successful run, without the line that measures time.
fn output_without_timing(args: &[&str]) -> (String, String) {
    let out = nqueens().args(args).assert().success().get_output().clone();
    let stderr = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.starts_with("elapsed"))
        // The table's padding follows the width of the elapsed time.
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn the_same_arguments_print_the_same_solutions_and_statistics() {
    let runs: [&[&str]; 6] = [
        &[
            "10",
            "--limit",
            "50",
            "--value-order",
            "random",
            "--seed",
            "3",
        ],
        &[
            "8",
            "--strategy",
            "arc-consistency",
            "--var-order",
            "dom-wdeg",
        ],
        &["60", "--first", "--format", "columns"],
        &[
            "40",
            "--first",
            "--restarts",
            "luby:1",
            "--value-order",
            "random",
            "--seed",
            "9",
        ],
        &[
            "200",
            "--first",
            "--strategy",
            "min-conflicts",
            "--seed",
            "5",
            "--format",
            "columns",
        ],
        &["9", "--unique", "--format", "json"],
    ];
    for args in runs {
        let args: Vec<&str> = args.iter().copied().chain(["--stats"]).collect();
        let first = output_without_timing(&args);
        assert!(!first.0.is_empty(), "{args:?} printed nothing");
        assert!(!first.1.is_empty(), "{args:?} printed no statistics");
        for _ in 0..2 {
            assert_eq!(output_without_timing(&args), first, "nqueens {args:?}");
        }
    }
}
