//! The strategy laboratory on FlatZinc files: `fzn-csp --study` and
//! `fzn-csp --tree FILE` on small models compiled by MiniZinc (committed
//! under `tests/data/`, made with `minizinc -c --solver csp MODEL -o
//! FILE`), checked against plain `fzn-csp -a` runs of the same files.

mod common;

use common::{missing_tool, ours, solutions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A committed FlatZinc file.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs `fzn-csp` with `args` in `dir`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(ours())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `fzn-csp` with `args` in `dir`, requiring success; its stdout.
fn ok_in(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run_in(dir, args);
    assert_eq!(code, 0, "fzn-csp {args:?}: {stderr}");
    stdout
}

/// The number of solutions a plain `fzn-csp -a --all-variables` prints
/// (every assignment of every variable, as the study counts them).
fn plain_count(file: &Path) -> usize {
    let out = ok_in(
        Path::new("."),
        &["-a", "--all-variables", file.to_str().unwrap()],
    );
    let (found, status) = solutions(&out);
    assert!(status.is_some(), "the plain run completes: {out}");
    found.len()
}

/// The `%%%mzn-stat:` counters of a plain run with `args`.
fn plain_stats(file: &Path, args: &[&str]) -> HashMap<String, u64> {
    let mut all = vec!["-a", "--all-variables", "-s"];
    all.extend_from_slice(args);
    all.push(file.to_str().unwrap());
    let out = ok_in(Path::new("."), &all);
    out.lines()
        .filter_map(|l| l.strip_prefix("%%%mzn-stat: "))
        .filter_map(|l| l.split_once('='))
        .filter_map(|(k, v)| Some((k.to_owned(), v.parse().ok()?)))
        .collect()
}

/// The study of `file` with `args`, as its JSON runs (and the CSV, which
/// must hold the same rows).
fn study(file: &Path, args: &[&str]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["--study", "--json", "runs.json", "--csv", "runs.csv"];
    all.extend_from_slice(args);
    all.push(file.to_str().unwrap());
    let table = ok_in(dir.path(), &all);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("runs.json")).unwrap())
            .unwrap();
    let runs = json.as_array().expect("an array of runs").clone();
    // The table: a header, a rule, then one line per run.
    assert_eq!(table.lines().count(), 2 + runs.len(), "{table}");
    let mut csv = csv::Reader::from_path(dir.path().join("runs.csv")).unwrap();
    let headers = csv.headers().unwrap().clone();
    let records: Vec<csv::StringRecord> = csv.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), runs.len());
    for (record, run) in records.iter().zip(&runs) {
        for (key, cell) in headers.iter().zip(record.iter()) {
            match &run[key] {
                serde_json::Value::String(s) => assert_eq!(s, cell, "{key}"),
                serde_json::Value::Number(n) if key != "seconds" => {
                    assert_eq!(n.to_string(), cell, "{key}")
                }
                _ => {}
            }
        }
    }
    runs
}

fn text<'v>(run: &'v serde_json::Value, key: &str) -> &'v str {
    run[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {run}"))
}

fn count(run: &serde_json::Value, key: &str) -> u64 {
    run[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {run}"))
}

#[test]
fn every_finished_row_finds_the_plain_runs_solutions() {
    for name in [
        "queens6.fzn",
        "bool_logic.fzn",
        "arithmetic.fzn",
        "pigeons.fzn",
    ] {
        let file = data(name);
        let expected = plain_count(&file) as u64;
        let runs = study(
            &file,
            &[
                "--var-orders",
                "all",
                "--value-orders",
                "ascending,descending,random",
                "--node-limit",
                "200000",
            ],
        );
        assert_eq!(runs.len(), csp::Strategy::ALL.len() * 4 * 3, "{name}");
        for run in &runs {
            assert_eq!(text(run, "model"), name);
            assert_eq!(text(run, "mode"), "all");
            // Propagating strategies, and backtracking and look-back in
            // input order (look-back never takes more nodes than
            // backtracking), finish these small models within the limit;
            // generate-and-test and the checking strategies under dynamic
            // orders (which without pruning rank by the declared domains
            // only) may not.
            let must_finish = matches!(
                text(run, "strategy"),
                "forward-checking" | "arc-consistency"
            ) || (matches!(
                text(run, "strategy"),
                "backtracking" | "backjumping" | "nogood-learning"
            ) && text(run, "var_order") == "input");
            match text(run, "status") {
                "complete" => {
                    assert_eq!(count(run, "solutions"), expected, "{name}: {run}");
                }
                _ if must_finish => panic!("{name}: {run} did not finish"),
                status => {
                    assert_eq!(status, "limit reached (node limit)", "{name}: {run}");
                    assert!(count(run, "solutions") <= expected, "{name}: {run}");
                }
            }
        }
    }
}

#[test]
fn pruning_trees_nest_under_static_orders() {
    for name in [
        "queens6.fzn",
        "bool_logic.fzn",
        "arithmetic.fzn",
        "pigeons.fzn",
    ] {
        let runs = study(
            &data(name),
            &[
                "--strategies",
                "backtracking,forward-checking,arc-consistency",
                "--var-orders",
                "input",
                "--value-orders",
                "ascending,descending,middle-out",
            ],
        );
        let nodes = |strategy: &str, value_order: &str| {
            let run = runs
                .iter()
                .find(|r| text(r, "strategy") == strategy && text(r, "value_order") == value_order)
                .unwrap();
            assert_eq!(text(run, "status"), "complete", "{run}");
            count(run, "nodes")
        };
        for value_order in ["ascending", "descending", "middle-out"] {
            let (bt, fc, ac) = (
                nodes("backtracking", value_order),
                nodes("forward-checking", value_order),
                nodes("arc-consistency", value_order),
            );
            assert!(
                ac <= fc && fc <= bt,
                "{name}, {value_order}: backtracking {bt}, forward checking {fc}, arc consistency {ac}"
            );
        }
    }
}

#[test]
fn first_mode_finds_one_solution_or_proves_there_is_none() {
    for (name, any) in [("queens6.fzn", true), ("pigeons.fzn", false)] {
        let runs = study(
            &data(name),
            &[
                "--first",
                "--strategies",
                "forward-checking,arc-consistency",
            ],
        );
        for run in &runs {
            assert_eq!(text(run, "mode"), "first");
            let expected = if any { ("found", 1) } else { ("complete", 0) };
            assert_eq!(
                (text(run, "status"), count(run, "solutions")),
                expected,
                "{name}: {run}"
            );
        }
    }
}

#[test]
fn an_objective_is_studied_as_its_constraints_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let file = data("knapsack_bool.fzn");
    let (code, table, stderr) = run_in(
        dir.path(),
        &[
            "--study",
            "--strategies",
            "forward-checking,arc-consistency",
            file.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("objective is not optimised"), "{stderr}");
    // Every packing within the capacity, the same for both strategies.
    let counts: Vec<&str> = table
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().nth(5).unwrap())
        .collect();
    assert_eq!(counts.len(), 2);
    assert_eq!(counts[0], counts[1]);
    assert!(counts[0].replace(',', "").parse::<u64>().unwrap() > 11);
}

#[test]
fn the_plot_has_one_line_per_strategy_across_the_order_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let file = data("bool_logic.fzn");
    ok_in(
        dir.path(),
        &[
            "--study",
            "--strategies",
            "backtracking,arc-consistency",
            "--value-orders",
            "ascending,descending",
            "--plot",
            "nodes.svg",
            file.to_str().unwrap(),
        ],
    );
    let svg = std::fs::read_to_string(dir.path().join("nodes.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_owned())
        .collect();
    for label in [
        "variable order / value order",
        "nodes (log scale)",
        "backtracking",
        "arc-consistency",
        "dom-wdeg / ascending",
        "dom-wdeg / descending",
    ] {
        assert!(
            texts.iter().any(|t| t == label),
            "missing {label} in {texts:?}"
        );
    }
    // Each strategy: its data line (one point per order pair), then its legend sample.
    let lines: Vec<usize> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("2"))
        .map(|n| n.attribute("points").unwrap().split_whitespace().count())
        .collect();
    assert_eq!(lines, [2, 2, 2, 2]);
}

/// The choice boxes of each drawn tree, by class.
fn trees_of(svg: &str) -> Vec<Vec<String>> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("tree"))
        .map(|tree| {
            tree.descendants()
                .filter_map(|n| n.attribute("class"))
                .filter_map(|c| c.strip_prefix("choice "))
                .map(String::from)
                .collect()
        })
        .collect()
}

#[test]
fn the_tree_has_a_box_per_choice_the_engine_counted() {
    let strategies = ["backtracking", "forward-checking", "arc-consistency"];
    for name in ["bool_logic.fzn", "pigeons.fzn"] {
        let file = data(name);
        let dir = tempfile::tempdir().unwrap();
        let orders = ["--var-order", "input", "--value-order", "descending"];
        let mut args = vec![
            "-a",
            "--tree",
            "trees.svg",
            "--strategies",
            "backtracking,forward-checking,arc-consistency",
        ];
        args.extend_from_slice(&orders);
        args.push(file.to_str().unwrap());
        let out = ok_in(dir.path(), &args);
        // The picture leaves the solutions as they were.
        let mut plain = vec!["-a", "--all-variables"];
        plain.extend_from_slice(&orders);
        plain.push(file.to_str().unwrap());
        assert_eq!(out, ok_in(dir.path(), &plain), "{name}");
        let svg = std::fs::read_to_string(dir.path().join("trees.svg")).unwrap();
        let trees = trees_of(&svg);
        assert_eq!(trees.len(), strategies.len(), "{name}");
        let solutions = plain_count(&file);
        for (boxes, strategy) in trees.iter().zip(strategies) {
            let mut args = vec!["--strategy", strategy];
            args.extend_from_slice(&orders);
            let stats = plain_stats(&file, &args);
            // Every tried assignment is a box: the survivors (nodes but
            // the root) and the failures.
            assert_eq!(
                boxes.len() as u64,
                stats["nodes"] - 1 + stats["failures"],
                "{name} {strategy}"
            );
            let kind = |k: &str| boxes.iter().filter(|c| *c == k).count();
            assert_eq!(
                kind("failed") as u64,
                stats["failures"],
                "{name} {strategy}"
            );
            assert_eq!(kind("solution"), solutions, "{name} {strategy}");
            assert_eq!(kind("unexplored"), 0);
        }
        assert!(!svg.contains("truncated"));
        // Tooltips name the FlatZinc variables.
        assert!(svg.contains(" = "), "{name}");
    }
}

#[test]
fn a_big_tree_is_cut_at_the_node_limit() {
    let dir = tempfile::tempdir().unwrap();
    let file = data("queens6.fzn");
    ok_in(
        dir.path(),
        &[
            "--tree",
            "t.svg",
            "--strategies",
            "all",
            "--node-limit",
            "50",
            file.to_str().unwrap(),
        ],
    );
    let svg = std::fs::read_to_string(dir.path().join("t.svg")).unwrap();
    let trees = trees_of(&svg);
    assert_eq!(trees.len(), csp::Strategy::ALL.len());
    // Generate-and-test, backtracking and the look-back strategies (on
    // backtracking's checks) need more than 50 choices here (clause
    // learning, following the annotation, finds a solution within them).
    for (strategy, tree) in csp::Strategy::ALL.iter().zip(&trees) {
        if !matches!(
            strategy,
            csp::Strategy::ForwardChecking
                | csp::Strategy::ArcConsistency
                | csp::Strategy::ClauseLearning
        ) {
            assert_eq!(tree.len(), 50, "{strategy}");
        }
    }
    assert!(svg.contains("tree truncated at 50 nodes"));
}

/// Runs a failing command: its exit code and its one-line message.
fn fails(args: &[&str]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run_in(dir.path(), args);
    assert_ne!(code, 0, "{args:?} should fail");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stdout.is_empty(),
        "{args:?}: nothing on stdout, got {stdout}"
    );
    // Nothing was left behind in the directory.
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "{args:?}"
    );
    (code, stderr)
}

#[test]
fn mistakes_are_one_line_errors() {
    let queens = data("queens6.fzn");
    let q = queens.to_str().unwrap();
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (
            vec!["--study", "--strategies", "backtraking", q],
            2,
            "did you mean 'backtracking'?",
        ),
        (
            vec!["--study", "--var-orders", "input,", q],
            2,
            "empty name",
        ),
        (
            vec!["--study", "--value-orders", "sideways", q],
            2,
            "unknown valueorder 'sideways'",
        ),
        (vec!["--stdy", q], 2, "did you mean '--study'?"),
        (vec!["--csv", "runs.csv", q], 2, "--csv needs --study"),
        (vec!["--strategies", "all", q], 2, "needs --study or --tree"),
        (vec!["--study", "--replay", "r.html", q], 2, "--replay"),
        (
            vec!["--study", "--node-limit", "many", q],
            2,
            "not a valid number",
        ),
        (
            vec!["--study", "--restarts", "geometric:0:2", q],
            2,
            "invalid restarts",
        ),
        (
            vec!["--study", "--csv", "no/such/dir/runs.csv", q],
            1,
            "cannot write no/such/dir/runs.csv",
        ),
        (
            vec!["--study", "--plot", "/dev/null", q],
            1,
            "refusing to replace it",
        ),
        (
            vec!["--tree", "no/such/dir/t.svg", q],
            1,
            "--tree no/such/dir/t.svg",
        ),
        (
            vec!["--tree", "t.svg", "--node-limit", "1000000", q],
            1,
            "at most 100000 nodes per tree",
        ),
    ];
    for (args, code, message) in cases {
        let (got, stderr) = fails(&args);
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn a_model_decided_while_posting_has_nothing_to_study() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("no.fzn");
    std::fs::write(
        &file,
        "var 1..3: x;\nconstraint int_le(5, 3);\nsolve satisfy;\n",
    )
    .unwrap();
    for flag in [["--study", "--first"], ["--tree", "t.svg"]] {
        let (code, stdout, stderr) =
            run_in(dir.path(), &[flag[0], flag[1], file.to_str().unwrap()]);
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("unsatisfiable while posting"), "{stderr}");
    }
    assert!(!dir.path().join("t.svg").exists());
}

#[test]
fn a_model_compiled_by_minizinc_is_studied_end_to_end() {
    if !Path::new("/usr/bin/minizinc").exists() {
        missing_tool("/usr/bin/minizinc is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    // As the README says: compile with our library, then study the file.
    let bin_dir = ours().parent().unwrap().to_path_buf();
    let mut paths = vec![bin_dir];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let status = Command::new("minizinc")
        .env("PATH", std::env::join_paths(paths).unwrap())
        .env("MZN_SOLVER_PATH", env!("CARGO_MANIFEST_DIR"))
        .args(["-c", "--solver", "csp"])
        .arg(models.join("queens.mzn"))
        .args(["-D", "n=5", "-o"])
        .arg(dir.path().join("queens5.fzn"))
        .status()
        .unwrap();
    assert!(status.success());
    let runs = study(
        &dir.path().join("queens5.fzn"),
        &[
            "--strategies",
            "backtracking,forward-checking,arc-consistency",
            "--var-orders",
            "all",
        ],
    );
    assert_eq!(runs.len(), 3 * 4);
    for run in &runs {
        assert_eq!(
            (text(run, "status"), count(run, "solutions")),
            ("complete", 10),
            "{run}"
        );
    }
}
