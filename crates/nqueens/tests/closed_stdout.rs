//! A reader that goes away (`nqueens ... | head`) is a normal way to stop
//! reading: every command stops quietly with status 0, and the files it
//! was asked to write are complete or absent, never cut short.
#![cfg(unix)]

use std::os::unix::io::FromRawFd;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The write end of a pipe whose read end is already closed: every write
/// fails with a broken pipe, whatever the timing.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `pipe` fills both descriptors; the read end is closed at
    // once and the write end handed to `Stdio`, which owns it from then on.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        libc::close(fds[0]);
        Stdio::from_raw_fd(fds[1])
    }
}

fn run_closed(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn assert_quiet_stop(args: &[&str], dir: &Path) {
    let out = run_closed(args, dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    assert_eq!(err, "", "{args:?}");
}

#[test]
fn every_command_stops_quietly_when_stdout_closes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("p0.json"),
        Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(["6", "--count", "--part", "0/1"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for args in [
        &["8"][..],
        &["8", "--count"],
        &["8", "--format", "json"],
        &["8", "--format", "svg"],
        &["5", "--trace"],
        &["8", "--count", "--part", "0/2"],
        &["study", "--sizes", "4..=6"],
        &["tree", "4"],
        &["tree", "4", "--svg", "tree.svg"],
        &["merge", "p0.json"],
        &["--help"],
        &["merge", "--help"],
    ] {
        assert_quiet_stop(args, d);
    }
    let svg = std::fs::read_to_string(d.join("tree.svg")).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn a_study_into_a_closed_pipe_still_completes_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "study",
        "--strategies",
        "backtracking,forward-checking",
        "--sizes",
        "4..=8",
        "--csv",
        "runs.csv",
        "--json",
        "runs.json",
        "--plot",
        "nodes.svg",
    ];
    assert_quiet_stop(&args, d);
    let csv = std::fs::read_to_string(d.join("runs.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 2 * 5, "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("runs.json")).unwrap()).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 2 * 5);
    let svg = std::fs::read_to_string(d.join("nodes.svg")).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"));
    // Nothing else: no temporary file left behind.
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 3);
}
