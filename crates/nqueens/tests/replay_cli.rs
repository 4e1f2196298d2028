//! `nqueens replay` as a user runs it: the page written atomically (or to
//! stdout), a line per strategy, the cap noted, clear one-line errors.

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// The JSON data inlined in a page.
fn data(html: &str) -> serde_json::Value {
    let start = html.find("id=\"replay-data\">").unwrap() + "id=\"replay-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn writes_the_page_and_a_line_per_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("replay.html");
    nqueens()
        .args(["replay", "6", "--out"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "forward-checking: 4 solutions, 87 nodes, 44 failures",
        ))
        .stdout(predicate::str::contains("arc-consistency: 4 solutions"));
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let data = data(&html);
    assert_eq!(data["title"], "6 queens on a 6 × 6 board");
    assert_eq!(data["style"]["board"], true);
    assert_eq!(data["runs"][0]["title"], "forward-checking");
    assert_eq!(data["runs"][1]["title"], "arc-consistency");
    assert_eq!(data["runs"][0]["truncation"], serde_json::Value::Null);
    // Nothing but the page is left in the directory (no temporary file).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn without_out_the_page_goes_to_stdout() {
    let output = nqueens()
        .args([
            "replay",
            "4",
            "--strategy",
            "backtracking",
            "--value-order",
            "descending",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let html = String::from_utf8(output.stdout).unwrap();
    let events = data(&html)["runs"][0]["events"].clone();
    // Descending values: the first choice is the last column.
    assert_eq!(events[0], serde_json::json!([0, 0, 3, 1]));
}

#[test]
fn a_tall_board_is_drawn_transposed_and_the_cap_is_noted() {
    let output = nqueens()
        .args(["replay", "7x5", "--max-events", "100"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let html = String::from_utf8(output.stdout).unwrap();
    let data = data(&html);
    assert_eq!(data["style"]["transpose"], true);
    assert_eq!(data["style"]["varNoun"], "column");
    assert_eq!(data["runs"][0]["events"].as_array().unwrap().len(), 100);
    assert_eq!(data["runs"][0]["truncation"]["events"], 100);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.html");
    nqueens()
        .args(["replay", "8", "--max-events", "50", "--out"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "recording stopped at its cap of 50 events",
        ));
}

#[test]
fn mistakes_are_one_line_errors() {
    for (args, message, code) in [
        (&["replay", "101"][..], "at most 10000 cells", 2),
        (&["replay", "0"], "at least one row", 2),
        (&["replay", "6", "--max-events", "0"], "from 1 to 200000", 2),
        (
            &["replay", "6", "--strategy", "bactracking"],
            "did you mean 'backtracking'?",
            2,
        ),
        (
            &["replay", "6", "--out", "/dev/null"],
            "refusing to replace it",
            1,
        ),
    ] {
        let output = nqueens().args(args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
