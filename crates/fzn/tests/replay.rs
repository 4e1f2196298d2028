//! `fzn-csp --replay FILE`: the search's replay page for any FlatZinc model.

mod common;

use common::ours;
use std::process::Command;

const MODEL: &str = "array [1..4] of var 1..4: q :: output_array([1..4]);
constraint fzn_all_different_int(q);
constraint int_lin_ne([1, -1], [q[1], q[2]], 1);
constraint int_lin_ne([1, -1], [q[1], q[2]], -1);
solve satisfy;
";

/// Runs `fzn-csp` with `args` on the model in a fresh directory; (exit
/// code, stdout, stderr, the directory).
fn run(args: &[&str]) -> (i32, String, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.fzn");
    std::fs::write(&path, MODEL).unwrap();
    let out = Command::new(ours())
        .current_dir(dir.path())
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        dir,
    )
}

#[test]
fn the_page_is_written_beside_the_usual_output() {
    let (code, stdout, stderr, dir) = run(&["-a", "--replay", "page.html"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, plain, _, _) = run(&["-a"]);
    assert_eq!(
        stdout, plain,
        "the replay leaves the solutions as they were"
    );
    let page = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") || page.contains("<html"));
    // The variables carry their FlatZinc names.
    assert!(
        page.contains("\"q[1]\""),
        "the array elements named on the page"
    );
    assert!(!page.contains("http://") && !page.contains("https://"));
}

/// A constant argument of a native kind is a fixed engine variable: the
/// page names it by its value, not with an empty label.
#[test]
fn constants_are_named_by_their_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.fzn");
    std::fs::write(
        &path,
        "var 0..3: x :: output_var;\nvar 0..9: y :: output_var;\nconstraint int_times(x, 7, y);\nsolve satisfy;\n",
    )
    .unwrap();
    let page = dir.path().join("c.html");
    let out = Command::new(ours())
        .arg("--replay")
        .arg(&page)
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = std::fs::read_to_string(page).unwrap();
    assert!(page.contains("\"x\",\"y\",\"7\""), "the constant 7 named");
}

#[test]
fn the_cap_bounds_the_recording() {
    let (code, _, stderr, dir) = run(&["--replay", "page.html", "--max-events", "5"]);
    assert_eq!(code, 0, "{stderr}");
    let small = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    let (_, _, _, dir) = run(&["--replay", "page.html"]);
    let full = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(small.len() < full.len());
}

#[test]
fn bad_replay_options_are_refused_and_nothing_is_lost() {
    for max in ["0", "200001", "x", "-3"] {
        let (code, stdout, stderr, _) = run(&["--replay", "p.html", "--max-events", max]);
        assert_eq!(code, 2, "--max-events {max}: {stderr}");
        assert_eq!(stdout, "=====ERROR=====\n");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // A directory in the way is refused, not replaced.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("keep"), "mine").unwrap();
    let model = dir.path().join("m.fzn");
    std::fs::write(&model, MODEL).unwrap();
    let out = Command::new(ours())
        .arg("--replay")
        .arg(&target)
        .arg(&model)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("--replay") && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(target.join("keep")).unwrap(),
        "mine"
    );
}
