//! Malformed and unsupported input: one clear line naming the problem and
//! its line, a non-zero exit, never a panic or a wrong answer.

mod common;

use common::run_fzn as run;

fn refused(text: &str, line: usize, says: &str) {
    let (code, stdout, stderr) = run(text, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout, "=====ERROR=====\n");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("fzn-csp: error: line {line}: ")),
        "{stderr}"
    );
    assert!(stderr.contains(says), "{stderr}");
}

#[test]
fn malformed_files_are_refused_with_their_line() {
    refused(
        "var 1..3: x;\nconstraint int_le(x 2);\nsolve satisfy;",
        2,
        "expected ',' or ')'",
    );
    refused("var 1..3: x;\n\n\nsolve satisfy", 4, "expected ';'");
    refused(
        "var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;",
        2,
        "unknown name 'y'",
    );
    refused(
        "var 1..3: x;\nvar 1..3: x;\nsolve satisfy;",
        2,
        "declared twice",
    );
    refused(
        "var 1..3: x;\nconstraint int_le(x, 99999999999999999999);\nsolve satisfy;",
        2,
        "64 bits",
    );
    refused("var 1..3: x;\n", 1, "missing solve item");
    refused(
        "var 1..3: x;\nsolve satisfy;\nsolve satisfy;",
        3,
        "nothing after the solve item",
    );
    refused(
        "var 1..3: x;\nconstraint int_le(x, true);\nsolve satisfy;",
        2,
        "expected an integer, found a boolean",
    );
    refused(
        "var 1..3: x;\nconstraint int_lin_le([1], [x], x);\nsolve satisfy;",
        2,
        "expected a constant",
    );
    refused(
        "var 1..3: x;\nconstraint int_le(x, 1, 2, 3);\nsolve satisfy;",
        2,
        "takes 2 arguments, not 4",
    );
    refused(
        "var 1..3: x; /* never closed\nsolve satisfy;",
        1,
        "unterminated",
    );
}

#[test]
fn unsupported_builtins_and_types_are_named() {
    refused(
        "var 1..3: x;\nconstraint int_le(x, 2);\nconstraint fzn_cumulative(x);\nsolve satisfy;",
        3,
        "unsupported builtin 'fzn_cumulative'",
    );
    refused(
        "var 1.0..2.0: f;\nsolve satisfy;",
        1,
        "var float is not supported (f: ",
    );
    refused(
        "var 1..3: x;\narray [1..2] of var float: g;\nsolve satisfy;",
        2,
        "var float is not supported (g: ",
    );
    refused(
        "var set of 1..3: s;\nsolve satisfy;",
        1,
        "set variable s is not supported",
    );
    // An empty array of them holds none.
    let (code, stdout, _) = run(
        "array [1..0] of var set of int: e :: output_array([1..0]) = [];\nsolve satisfy;",
        &[],
    );
    assert_eq!(
        (code, stdout.as_str()),
        (0, "e = array1d(1..0, []);\n----------\n")
    );
}

#[test]
fn a_domain_beyond_32_bits_is_refused_with_its_line() {
    refused("var -3000000000..0: x;\nsolve satisfy;", 1, "32-bit values");
    refused(
        "var int: y;\nvar 0..3000000000: x;\nsolve satisfy;",
        2,
        "variable x has the domain 0..3000000000",
    );
}

#[test]
fn bad_options_exit_with_usage_errors() {
    // MiniZinc's protocol on stdout, the option named on one stderr line.
    for (args, says) in [
        (&["--frobnicate"][..], "unknown option '--frobnicate'"),
        (&["-t", "soon"][..], "not a valid number"),
        (&["-p", "many"][..], "option -p: 'many'"),
        (&["-r", "x"][..], "option -r: 'x'"),
        (&["--part", "3/2"][..], "option --part: part 3 of 2"),
        (&["-n", "two"][..], "option -n: 'two'"),
    ] {
        let (code, stdout, stderr) = run("solve satisfy;", args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(stdout, "=====ERROR=====\n", "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn limits_and_unknown_annotations_report_honestly() {
    // A time limit of zero stops before any solution: UNKNOWN, not UNSAT.
    let text = "array [1..8] of var 1..8: q :: output_array([1..8]);\nconstraint fzn_all_different_int(q);\nsolve satisfy;";
    let (code, stdout, _) = run(text, &["-t", "0"]);
    assert_eq!((code, stdout.as_str()), (0, "=====UNKNOWN=====\n"));
    let (_, stdout, stderr) = run(
        "var 1..3: x :: output_var;\nsolve :: int_search([x], anti_first_fail, indomain_split, complete) :: relax_and_reconstruct([x], 80) satisfy;",
        &[],
    );
    // Bisection, lower half first: x <= 2, then x <= 1.
    assert_eq!(stdout, "x = 1;\n----------\n");
    // The engine's restarts are Luby and geometric only; the warning names
    // the solve item's line. anti_first_fail and indomain_split are
    // followed exactly: no warning of theirs.
    assert_eq!(
        stderr,
        "warning: line 2: annotation 'relax_and_reconstruct' ignored\n"
    );
    let (_, stdout, stderr) = run(
        "var 1..3: x :: output_var;\n\nsolve :: int_search([x], most_wanted, indomain_max, complete) satisfy;",
        &[],
    );
    assert_eq!(stdout, "x = 3;\n----------\n"); // the value choice still holds
    assert_eq!(
        stderr,
        "warning: line 3: unknown variable choice 'most_wanted': input_order used\n"
    );
    let (_, stdout, stderr) = run(
        "var 1..3: x :: output_var;\nsolve :: int_search([x], input_order, indomain_sideways, complete) satisfy;",
        &[],
    );
    assert_eq!(stdout, "x = 1;\n----------\n");
    assert_eq!(
        stderr,
        "warning: line 2: unknown value choice 'indomain_sideways': indomain_min used\n"
    );
    // Read as a bisection, as Gecode reads it: x <= 5 first, then y's.
    let (_, stdout, stderr) = run(
        "var 1..10: x :: output_var;\nvar 1..10: y :: output_var;\nconstraint int_lin_le([-1, -1], [x, y], -17);\nsolve :: int_search([x, y], input_order, indomain_interval, complete) satisfy;",
        &[],
    );
    assert_eq!(stdout, "x = 7;\ny = 10;\n----------\n");
    assert_eq!(
        stderr,
        "warning: line 4: value choice 'indomain_interval' is read as the engine's 'split' order, as Gecode reads it\n"
    );
}

#[test]
fn an_inconsistent_declaration_is_unsatisfiable() {
    let (code, stdout, _) = run("var 1..3: x :: output_var = 5;\nsolve satisfy;", &[]);
    assert_eq!((code, stdout.as_str()), (0, "=====UNSATISFIABLE=====\n"));
    let (_, stdout, _) = run(
        "var 1..3: x :: output_var;\nconstraint int_le(4, 3);\nsolve minimize x;",
        &["-s"],
    );
    assert!(
        stdout.starts_with("=====UNSATISFIABLE=====\n%%%mzn-stat: "),
        "{stdout}"
    );
}

/// Found by the fuzz proptests: an empty declared domain (`11..4`) made a
/// decomposition index an empty value list.
#[test]
fn an_empty_domain_is_unsatisfiable_not_a_panic() {
    let (code, stdout, _) = run(
        "var 11..4: x :: output_var;\nvar 1..4: y;\nconstraint int_times(x, y, y);\nsolve satisfy;",
        &[],
    );
    assert_eq!((code, stdout.as_str()), (0, "=====UNSATISFIABLE=====\n"));
}

#[test]
fn help_and_version_to_a_closed_pipe_exit_cleanly() {
    // `fzn-csp --help | head -1`: the reader goes before the text is
    // written; that is no error and never a panic.
    use std::process::{Command, Stdio};
    for flag in ["--help", "--version"] {
        let mut child = Command::new(common::ours())
            .arg(flag)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fzn-csp starts");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("fzn-csp ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{flag}: {:?} {stderr}", out.status);
        assert!(!stderr.contains("panicked"), "{flag}: {stderr}");
    }
}
