//! `--replay FILE` on the examples: the page is written (atomically, next
//! to the usual output), its data names the variables and holds the
//! search's events, and misuse is a one-line usage error.

mod common;

use common::example;
use serde_json::Value;

/// The JSON data inlined in a page.
fn data(path: &std::path::Path) -> Value {
    let html = std::fs::read_to_string(path).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let start = html.find("id=\"replay-data\">").unwrap() + "id=\"replay-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn solutions(run: &Value) -> usize {
    run["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e[0] == 4)
        .count()
}

#[test]
fn every_example_writes_its_replay() {
    let dir = tempfile::tempdir().unwrap();
    let sudoku =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (name, args, first_var, expected_solutions) in [
        ("permutations", &["A", "B", "C"][..], "position 1", Some(6)),
        ("latin_square", &["3"], "r1c1", Some(12)),
        ("cryptarithm", &["TO+GO=OUT"], "T", Some(1)),
        ("coloring", &["--count"], "WA", Some(18)),
        ("sudoku", &[sudoku], "r1c1", None),
    ] {
        let path = dir.path().join(format!("{name}.html"));
        example(name)
            .args(args)
            .arg("--replay")
            .arg(&path)
            .assert()
            .success();
        let data = data(&path);
        let run = &data["runs"][0];
        assert_eq!(run["vars"][0], first_var, "{name}");
        if let Some(n) = expected_solutions {
            assert_eq!(solutions(run), n, "{name}");
            assert_eq!(run["truncation"], Value::Null, "{name}");
        }
    }
    // Only the pages: no temporary file left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 5);
}

#[test]
fn a_long_search_is_cut_at_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.html");
    example("latin_square")
        .args(["--count", "4", "--max-events", "300", "--replay"])
        .arg(&path)
        .assert()
        .success()
        .stdout("576 Latin squares of order 4\n");
    let run = &data(&path)["runs"][0];
    assert_eq!(run["events"].as_array().unwrap().len(), 300);
    assert_eq!(run["truncation"]["events"], 300);
    let summary = run["summary"].as_str().unwrap();
    assert!(summary.contains("after the recording's cap"), "{summary}");
}

#[test]
fn misuse_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.html");
    let path = path.to_str().unwrap();
    let sudoku =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (name, args, message) in [
        (
            "sudoku",
            vec![sudoku, sudoku, "--replay", path],
            "exactly one",
        ),
        ("sudoku", vec!["--replay", path], "exactly one"),
        (
            "coloring",
            vec!["--chromatic", "--replay", path],
            "--chromatic",
        ),
        ("permutations", vec!["--max-events", "10"], "--replay"),
        (
            "permutations",
            vec!["--replay", path, "--max-events", "0"],
            "from 1 to 200000",
        ),
        (
            "latin_square",
            vec!["32", "--replay", path],
            "at most 10000 cells",
        ),
        (
            "permutations",
            vec!["--replay", "/dev/null"],
            "refusing to replace",
        ),
    ] {
        let output = example(name).args(&args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_ne!(output.status.code(), Some(0), "{name} {args:?}");
        assert!(stderr.contains(message), "{name} {args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name} {args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{name} {args:?}");
    }
    assert!(!std::path::Path::new(path).exists());
}
