//! Counting on a cluster: parts of a split search, their JSON results and
//! `nqueens merge`, in-process and as real processes (GNU parallel, killed
//! and interrupted parts).

mod common;

use assert_cmd::Command;
use csp::{search_part, Solver};
use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use nqueens::parts::{merge, solve_part, Part, PartResult};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

const SPLITS: [usize; 4] = [1, 2, 7, 64];

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// Every part of `board` split `k` ways, each through its JSON text.
fn all_parts(board: Board, plan: &Plan, k: usize) -> Vec<(PathBuf, PartResult)> {
    (0..k)
        .map(|i| {
            let result = solve_part(board, plan, Part::new(i, k).unwrap()).unwrap();
            assert!(result.complete, "part {i}/{k} of {board}");
            let read = PartResult::from_json(&result.to_json()).unwrap();
            assert_eq!(read, result);
            (PathBuf::from(format!("p{i}.json")), read)
        })
        .collect()
}

#[test]
fn merged_parts_equal_the_single_run() {
    let plan = Plan::recommended(Goal::Count);
    for n in 8..=12 {
        let board = Board::square(n).unwrap();
        let single = plan.count(board).unwrap().solutions;
        for k in SPLITS {
            let merged = merge(&all_parts(board, &plan, k)).unwrap();
            assert_eq!(merged.count, single, "n = {n}, K = {k}");
            assert_eq!(merged.parts, k);
        }
    }
}

#[test]
fn fundamental_and_rectangular_counts_split_too() {
    let unique = Plan {
        unique: true,
        ..Plan::recommended(Goal::Count)
    };
    for board in [
        Board::square(9).unwrap(),
        Board::new(7, 9).unwrap(),
        Board::new(9, 7).unwrap(),
    ] {
        let single = unique.count(board).unwrap().solutions;
        for k in [2, 7] {
            let merged = merge(&all_parts(board, &unique, k)).unwrap();
            assert_eq!(merged.count, single, "{board}, K = {k}");
            assert!(merged.summary().contains("fundamental solution"));
        }
    }
}

#[test]
fn parts_may_use_different_strategies() {
    // The split depends on the model and K only, so any engine strategy
    // can count any part.
    let board = Board::square(9).unwrap();
    let strategies = [
        Approach::ForwardChecking,
        Approach::Backtracking,
        Approach::ArcConsistency,
        Approach::ThreeSets,
    ];
    let k = 7;
    let results: Vec<(PathBuf, PartResult)> = (0..k)
        .map(|i| {
            let plan = Plan::new(strategies[i % strategies.len()], Goal::Count);
            let result = solve_part(board, &plan, Part::new(i, k).unwrap()).unwrap();
            (PathBuf::from(format!("p{i}")), result)
        })
        .collect();
    let single = Plan::recommended(Goal::Count).count(board).unwrap();
    assert_eq!(merge(&results).unwrap().count, single.solutions);
}

#[test]
fn parts_are_disjoint_and_cover_every_solution() {
    for n in 8..=10 {
        let queens = Board::square(n).unwrap().model();
        let solver = Solver::new(&queens.model);
        let every: HashSet<Vec<i32>> = solver.search().map(|s| s.into_values()).collect();
        for k in SPLITS {
            let mut seen = HashSet::new();
            for i in 0..k {
                for solution in search_part(&solver, i, k).unwrap() {
                    let values = solution.into_values();
                    assert!(
                        seen.insert(values.clone()),
                        "n = {n}, K = {k}: {values:?} is in two parts"
                    );
                }
            }
            assert_eq!(seen, every, "n = {n}, K = {k}");
        }
    }
}

/// Writes part `i` of `k` of an `n × n` count into `dir` as `p{i}.json`.
fn write_part(dir: &Path, n: usize, i: usize, k: usize) -> PathBuf {
    let path = dir.join(format!("p{i}.json"));
    let part = format!("{i}/{k}");
    let out = path.to_str().unwrap();
    nqueens()
        .args([&n.to_string(), "--count", "--part", &part, "--out", out])
        .assert()
        .success()
        .stdout("")
        .stderr("");
    path
}

/// Runs `nqueens merge args`, expects the one-line error of exit status 1.
fn merge_error(args: &[&Path]) -> String {
    let out = nqueens()
        .arg("merge")
        .args(args)
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("nqueens: error: "), "{err}");
    err
}

fn merge_ok(args: &[&Path]) -> String {
    let out = nqueens().arg("merge").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn expected_line(n: usize, k: usize) -> String {
    // Small boards: the bit-mask reference's count; larger ones: the
    // published count (OEIS A000170), which the merged parts must reach.
    const LARGE: [(usize, u64); 2] = [(15, 2_279_184), (16, 14_772_512)];
    let total = match LARGE.iter().find(|&&(size, _)| size == n) {
        Some(&(_, count)) => count,
        None => nqueens::reference::count(n).unwrap(),
    };
    let parts = if k == 1 { "part" } else { "parts" };
    format!("{total} solutions ({k} {parts}, complete)\n")
}

#[test]
fn the_command_writes_parts_and_merges_them() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = (0..4).map(|i| write_part(dir.path(), 9, i, 4)).collect();
    let text = std::fs::read_to_string(&files[2]).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["format"], "nqueens-part");
    assert_eq!(json["problem"]["rows"], 9);
    assert_eq!(
        (json["part"].as_u64(), json["parts"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(json["complete"], true);
    assert_eq!(json["solver"]["strategy"], "forward-checking");
    assert!(json["stats"]["nodes"].as_u64().unwrap() > 0);
    assert!(json["elapsed_seconds"].as_f64().is_some());
    // Files, or the directory holding them; no temporary files left behind.
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    assert_eq!(merge_ok(&paths), expected_line(9, 4));
    assert_eq!(merge_ok(&[dir.path()]), expected_line(9, 4));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
    // Without --out the result goes to stdout.
    let out = nqueens()
        .args(["6", "--count", "--part", "0/1"])
        .assert()
        .success();
    let result = PartResult::from_json(&String::from_utf8_lossy(&out.get_output().stdout));
    assert_eq!(result.unwrap().count, 4);
    // A missing output directory is reported before the count, not after.
    let out = nqueens()
        .args(["9", "--count", "--part", "0/4", "--out"])
        .arg(dir.path().join("absent/p0.json"))
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.contains("no such directory") && err.lines().count() == 1,
        "{err}"
    );
    // --stats: the merged work on stderr.
    let out = nqueens()
        .args(["merge", "--stats"])
        .arg(dir.path())
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.contains("nodes") && err.contains("longest part"),
        "{err}"
    );
}

#[test]
fn bad_part_options_are_one_line_usage_errors() {
    for args in [
        &["8", "--count", "--part", "8/8"][..],
        &["8", "--count", "--part", "0/0"],
        &["8", "--count", "--part", "x"],
        &["8", "--count", "--part", "3"],
        &["8", "--count", "--part", "-1/4"],
        &["8", "--count", "--part", "1/2/3"],
        &["8", "--part", "0/2"],
        &["8", "--count", "--part", "0/2", "--strategy", "reference"],
        &["8", "--count", "--part", "0/2", "--strategy", "greedy"],
        &["8", "--count", "--part", "0/2", "--node-limit", "10"],
        &["8", "--count", "--part", "0/2", "--time-limit", "1s"],
        &["8", "--count", "--part", "0/2", "--format", "json"],
        &["merge"],
    ] {
        let out = nqueens().args(args).assert().code(2).stdout("");
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("nqueens: error: "), "{err}");
    }
    let out = nqueens()
        .args(["8", "--count", "--part", "8/8"])
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("0 to 7"), "{err}");
}

#[test]
fn merge_rejects_bad_sets_of_parts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sub = |name: &str| {
        let path = d.join(name);
        std::fs::create_dir(&path).unwrap();
        path
    };
    let (eight, nine, other_k) = (sub("eight"), sub("nine"), sub("k5"));
    let p: Vec<PathBuf> = (0..4).map(|i| write_part(&eight, 8, i, 4)).collect();
    let q0 = write_part(&nine, 9, 0, 4);
    let k0 = write_part(&other_k, 8, 0, 5);

    let err = merge_error(&[&p[0], &p[1], &p[3]]);
    assert!(err.contains("missing part 2;"), "{err}");
    let err = merge_error(&[&p[0]]);
    assert!(err.contains("missing parts 1-3"), "{err}");

    let copy = d.join("copy.json");
    std::fs::copy(&p[1], &copy).unwrap();
    let err = merge_error(&[&eight, &copy]);
    assert!(err.contains("given more than once: 1 ("), "{err}");
    assert!(err.contains("copy.json"), "{err}");

    let err = merge_error(&[&p[0], &p[1], &p[2], &q0]);
    assert!(
        err.contains("different problems: board 9 × 9 vs 8 × 8"),
        "{err}"
    );
    let err = merge_error(&[&p[0], &k0]);
    assert!(err.contains("split into 5 parts vs 4 parts"), "{err}");

    let unique = d.join("unique.json");
    nqueens()
        .args(["8", "--count", "--unique", "--part", "3/4", "--out"])
        .arg(&unique)
        .assert()
        .success();
    let err = merge_error(&[&p[0], &p[1], &p[2], &unique]);
    assert!(
        err.contains("fundamental solutions vs all solutions"),
        "{err}"
    );

    // A part stopped early (its cancel flag set before it began).
    let mut cancelled = Plan::recommended(Goal::Count);
    cancelled.limits.cancel = Some(Arc::new(AtomicBool::new(true)));
    let board = Board::square(8).unwrap();
    let stopped = solve_part(board, &cancelled, Part::new(2, 4).unwrap()).unwrap();
    let stopped_file = d.join("stopped.json");
    stopped.write_atomically(&stopped_file).unwrap();
    let err = merge_error(&[&p[0], &p[1], &stopped_file, &p[3]]);
    assert!(err.contains("incomplete part 2 ("), "{err}");
    assert!(err.contains("cancelled"), "{err}");

    for (name, text) in [
        ("garbage.json", "not json at all"),
        ("empty.json", ""),
        ("solutions.json", "{\"summary\": {\"solutions\": 4}}\n"),
        (
            "truncated.json",
            &std::fs::read_to_string(&p[0]).unwrap()[..100],
        ),
    ] {
        let file = d.join(name);
        std::fs::write(&file, text).unwrap();
        let err = merge_error(&[&p[0], &file]);
        assert!(err.contains(name), "{err}");
    }
    let err = merge_error(&[&d.join("absent.json")]);
    assert!(err.contains("cannot read"), "{err}");
    let err = merge_error(&[&sub("empty-dir")]);
    assert!(err.contains("no part results"), "{err}");
}

/// An `n × n` count of part `i` of `k`, started as a process writing `out`.
fn spawn_part(n: usize, i: usize, k: usize, out: &Path) -> Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args([&n.to_string(), "--count", "--part", &format!("{i}/{k}")])
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Even through the symmetry group on every core, each half of n = 16
/// takes seconds: long enough to be stopped midway on any machine (n = 14
/// once took most of a second, and then a few milliseconds).
const SLOW_N: usize = 16;

/// Waits `delay`, checks the part is still running.
fn midway(child: &mut Child, delay: Duration) {
    std::thread::sleep(delay);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the part ended before it could be stopped: pick a larger board"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_part_is_written_incomplete_and_rerun() {
    // The whole count as one part: the Ctrl-C handler is surely installed
    // by the time the signal comes, and the part is surely still running.
    let dir = tempfile::tempdir().unwrap();
    let p0 = dir.path().join("p0.json");
    let mut child = spawn_part(SLOW_N, 0, 1, &p0);
    midway(&mut child, Duration::from_millis(400));
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let stopped = nqueens::parts::read_part(&p0).unwrap();
    assert!(!stopped.complete);
    assert_eq!(stopped.stopped_by.as_deref(), Some("cancelled"));

    let err = merge_error(&[&p0]);
    assert!(err.contains("in 1 part: incomplete part 0 ("), "{err}");
    write_part(dir.path(), SLOW_N, 0, 1);
    assert_eq!(merge_ok(&[dir.path()]), expected_line(SLOW_N, 1));
}

/// Whether GNU parallel (not the moreutils one) is installed.
fn gnu_parallel() -> bool {
    std::process::Command::new("parallel")
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("GNU parallel"))
}

/// Runs the given parts of an `n × n` count split `k` ways through GNU
/// parallel, two at a time, as `dir/p{i}.json`.
fn run_parallel(dir: &Path, n: usize, k: usize, parts: &[usize]) {
    let out = format!("{}/p{{}}.json", dir.display());
    let status = std::process::Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(env!("CARGO_BIN_EXE_nqueens"))
        .args([&n.to_string(), "--count", "--part", &format!("{{}}/{k}")])
        .args(["--out", &out, ":::"])
        .args(parts.iter().map(usize::to_string))
        .status()
        .unwrap();
    assert!(status.success(), "parallel: {status}");
}

#[test]
fn gnu_parallel_runs_the_parts_and_a_killed_part_is_rerun() {
    if !gnu_parallel() {
        common::missing_tool("GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let twelve = dir.path().join("twelve");
    std::fs::create_dir(&twelve).unwrap();
    run_parallel(&twelve, 12, 8, &(0..8).collect::<Vec<_>>());
    assert_eq!(merge_ok(&[&twelve]), expected_line(12, 8));

    // A part killed outright leaves no result; the merge names it; running
    // just that part again completes the count.
    let slow = dir.path().join("slow");
    std::fs::create_dir(&slow).unwrap();
    let mut child = spawn_part(SLOW_N, 0, 2, &slow.join("p0.json"));
    midway(&mut child, Duration::from_millis(200));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        std::fs::read_dir(&slow).unwrap().count(),
        0,
        "a killed part left a file"
    );
    run_parallel(&slow, SLOW_N, 2, &[1]);
    let err = merge_error(&[&slow]);
    assert!(err.contains("missing part 0;"), "{err}");
    run_parallel(&slow, SLOW_N, 2, &[0]);
    assert_eq!(merge_ok(&[&slow]), expected_line(SLOW_N, 2));
}
