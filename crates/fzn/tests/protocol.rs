//! MiniZinc's output protocol and standard flags: what ends a run, which
//! flags a configuration written for Gecode may pass, and the statistics'
//! standard names.

mod common;

use common::run_fzn as run;

/// One solution only (x = 2 is forced at the root).
const ONE: &str = "var 1..3: x :: output_var;\nconstraint int_eq(x, 2);\nsolve satisfy;";
/// Three solutions.
const THREE: &str = "var 1..3: x :: output_var;\nsolve satisfy;";

#[test]
fn a_first_solution_never_claims_to_be_all_of_them() {
    // Without -a, MiniZinc must report SATISFIED: no "==========", even
    // when the search happens to be finished.
    for text in [ONE, THREE] {
        let (code, stdout, _) = run(text, &[]);
        assert_eq!(code, 0);
        assert!(stdout.ends_with("----------\n"), "{stdout}");
        assert!(!stdout.contains("=========="), "{stdout}");
    }
    // With -a (or -n beyond the count), exhausting the search says so.
    let (_, stdout, _) = run(ONE, &["-a"]);
    assert_eq!(stdout, "x = 2;\n----------\n==========\n");
    let (_, stdout, _) = run(THREE, &["-n", "5"]);
    assert_eq!(stdout.matches("----------").count(), 3);
    assert!(stdout.ends_with("==========\n"), "{stdout}");
    // -n reached before the end: nothing more to claim.
    let (_, stdout, _) = run(THREE, &["-n", "2"]);
    assert!(stdout.ends_with("x = 2;\n----------\n"), "{stdout}");
    // On two threads too.
    let (_, stdout, _) = run(THREE, &["-a", "-p", "2"]);
    assert!(stdout.ends_with("==========\n"), "{stdout}");
    let (_, stdout, _) = run(THREE, &["-n", "2", "-p", "2"]);
    assert_eq!(stdout.matches("----------").count(), 2);
    assert!(!stdout.contains("=========="), "{stdout}");
    // Unsatisfiable, and an optimum proved.
    let (_, stdout, _) = run(
        "var 1..3: x;\nconstraint int_lt(3, x);\nsolve satisfy;",
        &[],
    );
    assert_eq!(stdout, "=====UNSATISFIABLE=====\n");
    let (_, stdout, _) = run("var 1..3: x :: output_var;\nsolve maximize x;", &[]);
    assert_eq!(stdout, "x = 3;\n----------\n==========\n");
}

#[test]
fn statistics_use_minizincs_standard_names() {
    let (_, stdout, _) = run(THREE, &["-a", "-s"]);
    let stats: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("%%%mzn-stat: "))
        .collect();
    let value = |name: &str| {
        stats
            .iter()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no {name} in {stdout}"))
    };
    for name in [
        "nodes",
        "failures",
        "restarts",
        "peakDepth",
        "propagations",
        "solveTime",
    ] {
        value(name);
    }
    assert_eq!(value("nSolutions"), "3");
    assert!(stdout.ends_with("%%%mzn-stat-end\n"), "{stdout}");
    let (_, stdout, _) = run("var 1..3: x :: output_var;\nsolve minimize x;", &["-s"]);
    assert!(stdout.contains("%%%mzn-stat: objective=1\n"), "{stdout}");
    assert!(
        stdout.contains("%%%mzn-stat: objectiveBound=1\n"),
        "{stdout}"
    );
}

#[test]
fn gecodes_flags_are_accepted_and_the_cutoffs_honoured() {
    let queens = "array [1..8] of var 1..8: q :: output_array([1..8]);\nconstraint fzn_all_different_int(q);\nsolve satisfy;";
    let (code, stdout, stderr) = run(queens, &["-a", "-node", "3", "-decay", "0.9", "-v"]);
    assert_eq!(code, 0, "{stderr}");
    // Stopped by the node cutoff: some solutions, no claim to all.
    assert!(!stdout.contains("=========="), "{stdout}");
    assert!(stdout.matches("----------").count() < 40320, "{stdout}");
    assert!(stderr.contains("'-decay 0.9'"), "{stderr}");
    assert!(stderr.contains("engine variables"), "-v: {stderr}");
    let (code, stdout, _) = run(queens, &["-fail", "1", "-restart", "luby"]);
    assert_eq!(code, 0);
    assert!(stdout.ends_with("----------\n"), "{stdout}");
}

#[test]
fn restart_annotations_restart_the_search() {
    // Five pigeons, four holes: many failures before the proof.
    let text = |ann: &str| {
        format!(
            "array [1..5] of var 1..4: p :: output_array([1..5]);\nconstraint fzn_all_different_int(p);\nsolve :: int_search(p, input_order, indomain_min, complete){ann} satisfy;"
        )
    };
    let run_with = |ann: &str, flags: &[&str], verdict: &str| {
        let mut args = vec!["-s", "--strategy", "forward-checking"];
        args.extend_from_slice(flags);
        let (code, stdout, stderr) = run(&text(ann), &args);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.starts_with(verdict), "{ann}: {stdout}");
        assert!(!stderr.contains("ignored"), "{ann}: {stderr}");
        let line = stdout
            .lines()
            .find_map(|l| l.strip_prefix("%%%mzn-stat: restarts="))
            .expect("a restarts statistic");
        line.parse::<u64>().unwrap()
    };
    let restarts = |ann: &str| run_with(ann, &[], "=====UNSATISFIABLE=====\n");
    assert_eq!(restarts(""), 0);
    assert_eq!(restarts(" :: restart_none"), 0);
    assert!(restarts(" :: restart_luby(1)") > 0);
    assert!(restarts(" :: restart_geometric(1.5, 2)") > 0);
    assert!(restarts(" :: restart_linear(1)") > 0);
    // Constant cutoffs never grow: the proof needs more than 2 failures,
    // so only the failure limit ends it, after a restart every 2 failures;
    // linear cutoffs (2, 4, 6, ...) restart less often in the same budget.
    let limited = |ann: &str| run_with(ann, &["-fail", "60"], "=====UNKNOWN=====\n");
    let constant = limited(" :: restart_constant(2)");
    assert!(constant >= 25, "{constant} restarts");
    assert!(limited(" :: restart_linear(2)") < constant);
}

#[test]
fn a_node_cutoff_counts_the_nodes_below_the_root_as_gecode_does() {
    // MiniZinc's own suite passes `-node 1` and expects the first solution.
    let text = "var 1..10: x :: output_var;\nsolve :: int_search([x], input_order, indomain_min, complete) satisfy;";
    let (code, stdout, _) = run(text, &["-a", "-node", "1"]);
    assert_eq!((code, stdout.as_str()), (0, "x = 1;\n----------\n"));
}

/// A time limit that has passed before the search (`-t 0`: at the first
/// look, in parsing) ends the run with `=====UNKNOWN=====` and success,
/// not an error; the phases each stop on an expired deadline (their
/// `_until` forms, tested in their docs). No wall time is asserted.
#[test]
fn an_expired_time_limit_stops_before_the_search_with_unknown() {
    let text = "var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve minimize x;\n";
    let (code, stdout, stderr) = run(text, &["-t", "0"]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "=====UNKNOWN=====\n"),
        "{stderr}"
    );
    let (code, stdout, _) = run(text, &["-t", "0", "-a"]);
    assert_eq!((code, stdout.as_str()), (0, "=====UNKNOWN=====\n"));
    // Without the limit the same file is solved.
    let (code, stdout, _) = run(text, &[]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "x = 1;\n----------\n==========\n")
    );
}

/// Three tasks on a capacity of 2 (demands 2, 2, 1; durations 2, 2, 3),
/// the third starting by `z_max`.
fn resource(z_max: i64) -> String {
    format!(
        "predicate csp_cumulative(array [int] of var int: s,array [int] of int: d,\
         array [int] of int: r,int: b);\n\
         var 0..3: a :: output_var;\nvar 0..3: b :: output_var;\nvar 0..{z_max}: c :: output_var;\n\
         constraint csp_cumulative([a,b,c],[2,2,3],[2,2,1],2);\nsolve satisfy;"
    )
}

/// The statistic `name` of a `-s` run.
fn stat(stdout: &str, name: &str) -> u64 {
    let prefix = format!("%%%mzn-stat: {name}=");
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {stdout}"))
}

/// `option value` on `text` is refused: a one-line error that names the
/// option and one of the values it knows (`known`), a non-zero exit and
/// the error marker on standard output.
fn assert_rejected(text: &str, option: &str, value: &str, known: &str) {
    let (code, stdout, stderr) = run(text, &[option, value]);
    assert_ne!(code, 0);
    assert_eq!(stdout, "=====ERROR=====\n");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(option) && stderr.contains(known),
        "{stderr}"
    );
}

#[test]
fn the_cumulative_level_changes_the_pruning_not_the_answers() {
    let level = |name| ["--cumulative-level", name];
    // Room for the third task after the others: the same solutions.
    let text = resource(7);
    let (code, table, _) = run(&text, &["-a"]);
    assert_eq!(code, 0);
    let (_, edge, _) = run(&text, &["-a", "--cumulative-level", "edge-finding"]);
    assert_eq!(edge, table);
    assert!(table.matches("----------").count() > 1, "{table}");
    // 11 units of energy where 10 fit: edge finding fails at the root,
    // time-tabling only below it.
    let text = resource(2);
    let (_, table, _) = run(&text, &["-s"]);
    let args = [&["-s"][..], &level("edge-finding")].concat();
    let (_, edge, _) = run(&text, &args);
    for out in [&table, &edge] {
        assert!(out.contains("=====UNSATISFIABLE====="), "{out}");
    }
    assert_eq!(stat(&edge, "failures"), 0);
    assert!(stat(&table, "failures") > 0, "{table}");
    let (_, same, _) = run(&text, &[&["-s"][..], &level("time-table")].concat());
    assert_eq!(stat(&same, "failures"), stat(&table, "failures"));
    // A level it does not know: one line, a non-zero exit.
    assert_rejected(&text, "--cumulative-level", "energetic", "edge-finding");
}

#[test]
fn the_all_different_level_changes_the_pruning_not_the_answers() {
    // x, y in 1..2 and z in 1..3, z tried first from its least value:
    // value elimination fails on z = 1 and z = 2, Hall intervals and the
    // matching leave z only 3 at the root.
    let text = "predicate fzn_all_different_int(array [int] of var int: x);\n\
         var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\nvar 1..3: z :: output_var;\n\
         constraint fzn_all_different_int([x,y,z]);\n\
         solve :: int_search([z,x,y], input_order, indomain_min, complete) satisfy;";
    let level = |name| {
        [
            "-s",
            "--strategy",
            "arc-consistency",
            "--all-different-level",
            name,
        ]
    };
    let (code, table, _) = run(text, &["-a"]);
    assert_eq!(code, 0);
    assert_eq!(table.matches("----------").count(), 2, "{table}");
    for name in ["value", "bounds", "domain"] {
        let (code, all, _) = run(text, &["-a", "--all-different-level", name]);
        assert_eq!((code, &all), (0, &table), "{name}");
        let (_, first, _) = run(text, &level(name));
        assert!(first.contains("z = 3;"), "{first}");
        let failures = stat(&first, "failures");
        assert_eq!(failures == 0, name != "value", "{name}: {first}");
    }
    // A level it does not know: one line, a non-zero exit.
    assert_rejected(text, "--all-different-level", "strong", "domain");
}

#[test]
fn a_domain_annotation_on_int_times_changes_the_pruning_not_the_answers() {
    // x, y in 2..3 and z in 5..8, z tried first from its least value: by
    // bounds (int_times' default, as Gecode's) z keeps 5..8 and z = 5
    // fails; under `:: domain` the products 4, 6, 9 leave z only 6 at the
    // root.
    let model = |ann: &str| {
        format!(
            "var 2..3: x :: output_var;\nvar 2..3: y :: output_var;\nvar 5..8: z :: output_var;\n\
             constraint int_times(x,y,z){ann};\n\
             solve :: int_search([z,x,y], input_order, indomain_min, complete) satisfy;"
        )
    };
    let (plain, domain) = (model(""), model(" :: domain"));
    let (code, all, _) = run(&plain, &["-a"]);
    assert_eq!(code, 0);
    assert_eq!(all.matches("----------").count(), 2, "{all}");
    assert_eq!(run(&domain, &["-a"]), (0, all, String::new()));
    let first = |text: &str| {
        let (code, out, _) = run(text, &["-s", "--strategy", "arc-consistency"]);
        assert_eq!(code, 0);
        assert!(out.contains("z = 6;"), "{out}");
        stat(&out, "failures")
    };
    assert!(first(&plain) > 0);
    assert_eq!(first(&domain), 0);
}

#[test]
fn learning_settings_change_the_search_not_the_answers() {
    // An optimisation over a resource runs clause learning by default:
    // either restart rule gives the same optimum, proved.
    let text = "predicate csp_cumulative(array [int] of var int: s,array [int] of int: d,\
         array [int] of int: r,int: b);\n\
         var 0..9: a :: output_var;\nvar 0..9: b :: output_var;\nvar 0..9: c :: output_var;\n\
         var 0..12: e :: output_var;\n\
         constraint csp_cumulative([a,b,c],[2,2,3],[2,2,1],2);\n\
         constraint int_lin_le([1,-1],[a,e],-2);\nconstraint int_lin_le([1,-1],[b,e],-2);\n\
         constraint int_lin_le([1,-1],[c,e],-3);\nsolve minimize e;";
    for rule in ["luby", "lbd"] {
        let (code, stdout, stderr) = run(text, &["--learning-restarts", rule]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.contains("e = 7;") && stdout.ends_with("==========\n"),
            "{stdout}"
        );
    }
    // A rule it does not know: one line, a non-zero exit.
    assert_rejected(text, "--learning-restarts", "geometric", "lbd");
    // A database cut after every learned clause: the same optimum, proved.
    let (code, stdout, stderr) = run(text, &["--learned-clauses", "1", "-s"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("e = 7;") && stdout.contains("=========="),
        "{stdout}"
    );
    assert!(stdout.contains("%%%mzn-stat: learnedClauses="), "{stdout}");
    assert_rejected(text, "--learned-clauses", "0", "at least 1");
    assert_rejected(text, "--learned-clauses", "many", "number");
}

/// `--memory-limit MB`: below what the process already holds, the search
/// stops at once, says unknown (nothing found) and tells why on standard
/// error; `0` means none, and the search ends as without the option.
#[test]
#[cfg(target_os = "linux")]
fn the_memory_limit_stops_the_search_and_says_so() {
    let text = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
                constraint int_lt(x, y);\nsolve satisfy;";
    let (code, stdout, stderr) = run(text, &["--memory-limit", "1"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "=====UNKNOWN=====\n");
    assert!(
        stderr.contains("stopped at the memory limit (1 MiB)") && stderr.lines().count() == 1,
        "{stderr}"
    );
    let (code, stdout, stderr) = run(text, &["--memory-limit", "0", "-a"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.ends_with("==========\n") && stderr.is_empty(),
        "{stdout}{stderr}"
    );
    assert_rejected(text, "--memory-limit", "lots", "number");
    assert_rejected(
        text,
        "--memory-limit",
        "99999999999999",
        "more than any machine",
    );
}
