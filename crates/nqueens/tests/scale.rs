//! Large and degenerate boards on the `nqueens` command: refused up front
//! when the systematic engine cannot hold them, stopped promptly by Ctrl-C
//! in every phase (a million queens spends a while building its model), and
//! answered at once when there is provably nothing to find.

use assert_cmd::Command;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A run that has not ended by then is a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

fn nqueens() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nqueens"));
    cmd.timeout(WATCHDOG);
    cmd
}

#[test]
fn boards_too_large_for_the_systematic_engine_are_refused_up_front() {
    for args in [
        &["16385", "--first", "--strategy", "forward-checking"][..],
        &["16385", "--count"],
        &["16385", "--limit", "3"],
        &["16384x16385", "--count"],
        &["20000", "--first", "--strategy", "arc-consistency"],
        &["100000", "--count", "--part", "0/2"],
    ] {
        let out = nqueens().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing is searched");
        assert!(stderr.contains("2^28 squares"), "{args:?}: {stderr}");
        assert!(stderr.contains("min-conflicts"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    // The local search is not bound by the bit sets.
    nqueens()
        .args(["16385", "--first", "--strategy", "min-conflicts"])
        .args(["--format", "columns"])
        .assert()
        .success();
}

/// `--first` on a board of more than 1000 queens takes the local search
/// by default: restarted forward checking is heavy-tailed there (5000
/// queens from seconds to over a minute by seed), and 16,384 queens took
/// over 3 GB and more than a minute with it.
#[test]
fn a_first_solution_of_a_large_board_comes_from_min_conflicts_by_default() {
    for n in ["1001", "5000", "16384", "16385", "100000"] {
        let out = nqueens()
            .args([n, "--first", "--stats", "--format", "columns"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{n}: {stderr}");
        assert!(!stderr.contains("warning"), "{n}: {stderr}");
        assert!(stderr.contains("min-conflicts"), "{n}: {stderr}");
        let columns: Vec<usize> = stdout
            .lines()
            .next()
            .unwrap()
            .trim_matches(['[', ']'])
            .split(", ")
            .map(|c| c.parse().unwrap())
            .collect();
        let placement = nqueens::placement::Placement::from_columns(&columns, columns.len())
            .expect("columns on the board");
        assert!(placement.is_legal(), "{n}");
    }
}

#[test]
fn boards_without_solutions_are_proved_so_by_the_local_search() {
    for n in ["2", "3", "2x2", "3x3"] {
        let out = nqueens()
            .args([n, "--first", "--strategy", "min-conflicts"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{n}");
        // Complete: no "gave up at the step limit" note.
        assert_eq!(stdout.trim(), "0 solutions", "{n}");
    }
}

/// Whether process `pid` has a handler for SIGINT (Linux: the `SigCgt`
/// mask of `/proc/PID/status`; SIGINT is signal 2, bit 1).
#[cfg(target_os = "linux")]
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & 0b10 != 0)
}

/// Ctrl-C while a million-queens model is being built: the command stops
/// with status 130 and says it was interrupted, instead of building (this
/// took minutes when building was quadratic) and searching first. The
/// signal is sent as soon as the handler is installed, which happens
/// before building; the bound is generous, the order is what is checked.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_million_queens_while_building() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["1000000", "--first", "--strategy", "min-conflicts"])
        .args(["--format", "columns"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let started = Instant::now();
    while !catches_sigint(pid) {
        assert!(started.elapsed() < WATCHDOG, "no Ctrl-C handler installed");
        std::thread::sleep(Duration::from_millis(1));
    }
    let sent = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running 20 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    // Stopped before any solution: the summary says so honestly.
    assert!(stdout.starts_with("0 solutions"), "{stdout}");
    assert!(stdout.contains("interrupted"), "{stdout}");
}
