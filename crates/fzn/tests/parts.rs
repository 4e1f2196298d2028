//! `fzn-csp --part I/K` and `fzn-csp merge`: K parts run as separate
//! processes and merged count what one `-a` run prints; unsatisfiability
//! is proved by the parts together; the merge refuses mixed or missing
//! parts.

mod common;

use common::ours;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Permutations of 1..6 with q[1] < q[2]: 360, every variable printed.
const PERMUTATIONS: &str = "array [1..6] of var 1..6: q :: output_array([1..6]);\n\
    constraint fzn_all_different_int(q);\nconstraint int_lt(q[1], q[2]);\nsolve satisfy;\n";

/// Permutations of 1..4 and a hidden helper h <= x[1]: 24 printed
/// solutions, 54 assignments of every variable.
const HIDDEN: &str = "array [1..4] of var 1..4: x :: output_array([1..4]);\nvar 1..3: h;\n\
    constraint fzn_all_different_int(x);\nconstraint int_le(h, x[1]);\nsolve satisfy;\n";

/// Four pigeons, three holes.
const PIGEONS: &str = "array [1..4] of var 1..3: p :: output_array([1..4]);\n\
    constraint fzn_all_different_int(p);\nsolve satisfy;\n";

fn write_model(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `fzn-csp args...`; (exit code, stdout, stderr).
fn fzn(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(ours()).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs the K parts of `model` as separate processes (with `extra`
/// flags), each writing its file in `dir`; the files.
fn run_parts(dir: &Path, model: &Path, k: usize, extra: &[&str]) -> Vec<String> {
    (0..k)
        .map(|i| {
            let stem = model.file_stem().unwrap().to_string_lossy();
            let file = dir.join(format!("{stem}-{i}-of-{k}.json"));
            let file = file.display().to_string();
            let part = format!("{i}/{k}");
            let mut args = vec!["--part", &part, "--out", &file];
            args.extend_from_slice(extra);
            let model = model.display().to_string();
            args.push(&model);
            let (code, stdout, stderr) = fzn(&args);
            assert_eq!(code, 0, "part {part}: {stderr}");
            assert!(stdout.is_empty(), "part {part} printed {stdout}");
            file
        })
        .collect()
}

fn merge(files: &[String]) -> (i32, String, String) {
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    fzn(&args)
}

/// The number of solutions one `-a` run prints.
fn printed_solutions(model: &Path, extra: &[&str]) -> usize {
    let model = model.display().to_string();
    let mut args = vec!["-a"];
    args.extend_from_slice(extra);
    args.push(&model);
    let (code, stdout, stderr) = fzn(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.ends_with("==========\n"), "{stdout}");
    stdout.matches("----------").count()
}

#[test]
fn parts_in_separate_processes_merge_to_the_count_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "perm.fzn", PERMUTATIONS);
    assert_eq!(printed_solutions(&model, &[]), 360);
    for k in [1, 3, 7] {
        let files = run_parts(dir.path(), &model, k, &[]);
        let (code, stdout, stderr) = merge(&files);
        assert_eq!(code, 0, "{stderr}");
        let plural = if k == 1 { "" } else { "s" };
        assert_eq!(
            stdout,
            format!("360 solutions ({k} part{plural}, complete)\n")
        );
    }
}

#[test]
fn hidden_variables_count_as_minizinc_prints_unless_all_variables() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "hidden.fzn", HIDDEN);
    assert_eq!(printed_solutions(&model, &[]), 24);
    assert_eq!(printed_solutions(&model, &["--all-variables"]), 54);
    let files = run_parts(dir.path(), &model, 2, &[]);
    assert_eq!(merge(&files).1, "24 solutions (2 parts, complete)\n");
    let all = tempfile::tempdir().unwrap();
    let files = run_parts(all.path(), &model, 2, &["--all-variables"]);
    assert_eq!(merge(&files).1, "54 solutions (2 parts, complete)\n");
}

#[test]
fn a_part_with_all_solutions_prints_them_and_the_parts_print_each_once() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "perm.fzn", PERMUTATIONS);
    let mut seen = Vec::new();
    for i in 0..3 {
        let file = dir.path().join(format!("p{i}.json")).display().to_string();
        let part = format!("{i}/3");
        let m = model.display().to_string();
        let (code, stdout, stderr) = fzn(&["--part", &part, "-a", "--out", &file, &m]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            !stdout.contains("=========="),
            "a part is not the whole: {stdout}"
        );
        seen.extend(
            stdout
                .split("----------\n")
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
    }
    let total = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!((total, seen.len()), (360, 360));
}

#[test]
fn parts_that_all_find_nothing_prove_unsatisfiability() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "pigeons.fzn", PIGEONS);
    let files = run_parts(dir.path(), &model, 2, &[]);
    let (code, stdout, stderr) = merge(&files);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "=====UNSATISFIABLE=====\n0 solutions (2 parts, complete)\n"
    );
}

#[test]
fn the_merge_refuses_other_models_missing_and_repeated_parts() {
    let dir = tempfile::tempdir().unwrap();
    let perm = write_model(dir.path(), "perm.fzn", PERMUTATIONS);
    let pigeons = write_model(dir.path(), "pigeons.fzn", PIGEONS);
    let a = run_parts(dir.path(), &perm, 3, &[]);
    let b = run_parts(dir.path(), &pigeons, 3, &[]);
    let (code, _, stderr) = merge(&[a[0].clone(), b[1].clone(), a[2].clone()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("different splits: model"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (code, _, stderr) = merge(&[a[0].clone(), a[0].clone()]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("given more than once: 0") && stderr.contains("missing parts 1, 2"),
        "{stderr}"
    );
    // Parts of a split into 2 do not complete a split into 3.
    let two = tempfile::tempdir().unwrap();
    let c = run_parts(two.path(), &perm, 2, &[]);
    let (code, _, stderr) = merge(&[a[0].clone(), c[1].clone()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("parts"), "{stderr}");
    // Not a part file at all.
    let (code, _, stderr) = merge(&[perm.display().to_string()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("not valid JSON"), "{stderr}");
}

#[test]
fn part_options_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let m = write_model(
        dir.path(),
        "m.fzn",
        "var 1..3: x :: output_var;\nsolve minimize x;\n",
    );
    let m = m.display().to_string();
    let (code, stdout, stderr) = fzn(&["--part", "0/2", &m]);
    assert_eq!(code, 1);
    assert_eq!(stdout, "=====ERROR=====\n");
    assert!(stderr.contains("objective"), "{stderr}");
    for (args, says) in [
        (vec!["--part", "2/2"], "does not exist"),
        (vec!["--part", "x"], "I/K"),
        (vec!["--out", "f.json"], "--out needs --part"),
    ] {
        let (code, _, stderr) = fzn(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
