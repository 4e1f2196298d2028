//! A run killed while it writes `--out FILE` (SIGKILL: no handler runs)
//! leaves the directory as it was: on Linux the output is an unnamed file
//! until the run completes, so there is no `FILE.PID.tmp` to go stale.
#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_killed_writer_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("queens.txt");
    // Every solution of 15 queens (2,279,184 of them): far longer to write
    // than the pause before the kill, even in release.
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["15", "--out"])
        .arg(&target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once it has been writing for a while (its open file shows
    // in /proc as "/dir/#inode (deleted)" or as the named temporary file).
    let started = Instant::now();
    let fd_dir = format!("/proc/{}/fd", child.id());
    let writing = || {
        std::fs::read_dir(&fd_dir).is_ok_and(|fds| {
            fds.filter_map(Result::ok)
                .filter_map(|fd| std::fs::read_link(fd.path()).ok())
                .any(|link| link.starts_with(dir.path()))
        })
    };
    while !writing() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "still writing when killed"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
