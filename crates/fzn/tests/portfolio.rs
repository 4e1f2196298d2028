//! `-p N` on a first solution or an optimum: a portfolio answers as one
//! search does (the same optimum, proved; one solution; the same proof of
//! unsatisfiability), under MiniZinc's protocol, with the members'
//! statistics summed.

mod common;

use common::run_fzn as run;

/// Distinct 1..9 weighted 1..5: the least sum is 35, the largest 115.
fn weighted(goal: &str) -> String {
    format!(
        "array [1..5] of var 1..9: x :: output_array([1..5]);\nvar 0..200: obj :: output_var;\n\
         constraint fzn_all_different_int(x);\n\
         constraint int_lin_eq([1, 2, 3, 4, 5, -1], [x[1], x[2], x[3], x[4], x[5], obj], 0);\n\
         solve {goal} obj;\n"
    )
}

/// The objective values printed, in order.
fn objectives(stdout: &str) -> Vec<i64> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("obj = "))
        .map(|v| v.trim_end_matches(';').parse().unwrap())
        .collect()
}

#[test]
fn a_portfolio_proves_the_same_optimum_as_one_search() {
    for (goal, best) in [("minimize", 35), ("maximize", 115)] {
        let model = weighted(goal);
        for threads in ["1", "2", "3", "4"] {
            let (code, stdout, stderr) = run(&model, &["-p", threads]);
            assert_eq!(code, 0, "{stderr}");
            assert_eq!(
                objectives(&stdout),
                vec![best],
                "{goal} -p {threads}: {stdout}"
            );
            assert!(stdout.ends_with("----------\n==========\n"), "{stdout}");
            // Every improving solution, each better than the one before.
            let (_, stdout, _) = run(&model, &["-p", threads, "-a"]);
            let seen = objectives(&stdout);
            assert_eq!(seen.last(), Some(&best), "{stdout}");
            let improving = seen.windows(2).all(|w| match goal {
                "minimize" => w[0] > w[1],
                _ => w[0] < w[1],
            });
            assert!(improving, "{goal} -p {threads}: {seen:?}");
        }
    }
}

#[test]
fn a_portfolio_prints_one_first_solution_and_proves_unsatisfiability() {
    let queens = "array [1..8] of var 1..8: q :: output_array([1..8]);\n\
        constraint fzn_all_different_int(q);\nsolve satisfy;\n";
    for free in [false, true] {
        let mut args = vec!["-p", "2"];
        if free {
            args.push("-f");
        }
        let (code, stdout, stderr) = run(queens, &args);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout.matches("----------").count(), 1, "{stdout}");
        assert!(!stdout.contains("=========="), "{stdout}");
    }
    let pigeons = "array [1..6] of var 1..5: p :: output_array([1..6]);\n\
        constraint fzn_all_different_int(p);\nsolve satisfy;\n";
    let (code, stdout, _) = run(pigeons, &["-p", "2", "--strategy", "forward-checking"]);
    assert_eq!((code, stdout.as_str()), (0, "=====UNSATISFIABLE=====\n"));
    let (_, stdout, _) = run(
        &weighted("minimize").replace("0..200", "0..20"),
        &["-p", "2"],
    );
    assert_eq!(stdout, "=====UNSATISFIABLE=====\n");
}

#[test]
fn a_portfolio_sums_its_members_statistics() {
    let stat = |stdout: &str, name: &str| -> u64 {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(&format!("%%%mzn-stat: {name}=")))
            .unwrap_or_else(|| panic!("no {name} in {stdout}"))
            .parse()
            .unwrap()
    };
    let model = weighted("minimize");
    let (_, one, _) = run(&model, &["-p", "1", "-s"]);
    let (_, two, _) = run(&model, &["-p", "2", "-s"]);
    assert!(stat(&one, "nodes") > 0 && stat(&two, "nodes") > 0);
    assert_eq!(stat(&two, "objective"), 35);
    assert_eq!(stat(&two, "objectiveBound"), 35);
    // Gecode's cutoffs count one search: no portfolio under them.
    let (code, _, stderr) = run(&model, &["-p", "2", "-node", "100000"]);
    assert_eq!(code, 0);
    assert!(stderr.contains("-p ignored"), "{stderr}");
}

#[test]
fn a_fixed_annotated_search_runs_a_learning_member() {
    // Input order, bisection: every choice is a function of the domains,
    // yet the learning member, deciding as the annotation says, searches
    // a tree of its own (its clauses prune it): -p 2 runs the portfolio,
    // with either strategy as member 0.
    let annotated = weighted("minimize").replace(
        "solve minimize",
        "solve :: int_search(x, input_order, indomain_split, complete) minimize",
    );
    for strategy in ["arc-consistency", "clause-learning"] {
        let (code, two, stderr) = run(&annotated, &["-p", "2", "--strategy", strategy]);
        assert_eq!(code, 0, "{stderr}");
        assert!(!stderr.contains("one thread"), "{stderr}");
        assert_eq!(objectives(&two).last(), Some(&35), "{two}");
        assert!(two.ends_with("==========\n"), "{two}");
    }
}

#[test]
fn orders_fixed_on_the_command_line_run_one_member() {
    // Input order and ascending values set on the command line, arc
    // consistency (a satisfaction problem's default): every member would
    // walk the same tree. -p 2 runs the one search: the same statistics.
    let model = weighted("minimize").replace("solve minimize obj", "solve satisfy");
    let fixed = ["--var-order", "input", "--value-order", "ascending", "-s"];
    let (_, one, _) = run(&model, &[&["-p", "1"][..], &fixed].concat());
    let (code, two, stderr) = run(&model, &[&["-p", "2"][..], &fixed].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("same tree; one thread"), "{stderr}");
    let counts = |stdout: &str| -> Vec<String> {
        stdout
            .lines()
            .filter(|l| {
                l.starts_with("%%%mzn-stat: nodes=") || l.starts_with("%%%mzn-stat: failures=")
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(counts(&one), counts(&two));
    assert!(!counts(&two).is_empty());
    // A random value order draws from the seed: a portfolio.
    let random = ["--var-order", "input", "--value-order", "random"];
    let (code, _, stderr) = run(&model, &[&["-p", "2"][..], &random].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("one thread"), "{stderr}");
}

/// Ten digits decided first (input order, random values: a portfolio
/// runs) above an odd cycle of five variables over `colours` colours, and
/// the colours' sum `obj`: one search refutes the cycle again under each
/// of the digits' 10^10 assignments; the learning member learns that the
/// digits take no part and refutes it once.
fn digits_then_odd_cycle(colours: i32, goal: &str) -> String {
    let d: Vec<String> = (1..=10).map(|i| format!("d[{i}]")).collect();
    let c: Vec<String> = (1..=5).map(|i| format!("c[{i}]")).collect();
    let ne: String = (1..=5)
        .map(|i| format!("constraint int_ne(c[{i}], c[{}]);\n", i % 5 + 1))
        .collect();
    format!(
        "array [1..10] of var 0..9: d :: output_array([1..10]);\n\
         array [1..5] of var 0..{}: c :: output_array([1..5]);\n\
         var 0..20: obj :: output_var;\n{ne}\
         constraint int_lin_eq([1, 1, 1, 1, 1, -1], [{}, obj], 0);\n\
         solve :: int_search([{}, {}], input_order, indomain_random, complete) {goal};\n",
        colours - 1,
        c.join(", "),
        d.join(", "),
        c.join(", ")
    )
}

#[test]
fn the_learning_member_proves_what_one_search_cannot_within_a_cutoff() {
    // -t is a safety net only: the proofs end the runs.
    let two_colours = digits_then_odd_cycle(2, "satisfy");
    let (code, stdout, stderr) = run(&two_colours, &["-p", "1", "-fail", "100000"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "=====UNKNOWN=====\n");
    let (code, stdout, stderr) = run(&two_colours, &["-p", "2", "-t", "300000"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "=====UNSATISFIABLE=====\n");
    // Three colours: the least sum, 0 + 1 + 0 + 1 + 2, proved (arc
    // consistency member 0: an optimisation's default is the learning
    // search itself).
    let three = digits_then_odd_cycle(3, "minimize obj");
    let textbook = ["--strategy", "arc-consistency"];
    let (_, stdout, _) = run(
        &three,
        &[&textbook[..], &["-p", "1", "-fail", "100000"]].concat(),
    );
    assert!(!stdout.contains("=========="), "{stdout}");
    let (code, stdout, stderr) = run(
        &three,
        &[&textbook[..], &["-p", "2", "-t", "300000"]].concat(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(objectives(&stdout).last(), Some(&4), "{stdout}");
    assert!(stdout.ends_with("----------\n==========\n"), "{stdout}");
}

#[test]
fn the_default_takes_turns_with_clause_learning_under_a_time_limit() {
    // Arc consistency refutes the cycle under each digit assignment (it
    // needs about 1.4 million failures, some seconds); clause learning
    // proves it at its first turn. Asked for by name, arc consistency
    // keeps the whole limit, here 0.2 s, and proves nothing.
    let two_colours = digits_then_odd_cycle(2, "satisfy");
    let (code, stdout, stderr) = run(&two_colours, &["-t", "5000", "-s", "-v"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("=====UNSATISFIABLE=====\n"), "{stdout}");
    assert!(stdout.contains("search=\"clause-learning"), "{stdout}");
    assert!(
        stderr.contains("took turns with clause learning"),
        "{stderr}"
    );
    assert!(
        stderr.contains("ended in clause-learning's turn"),
        "{stderr}"
    );
    let textbook = ["--strategy", "arc-consistency", "-t", "200", "-s"];
    let (code, stdout, stderr) = run(&two_colours, &textbook);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("=====UNKNOWN=====\n"), "{stdout}");
    assert!(stdout.contains("search=\"arc-consistency"), "{stdout}");
    // Gecode's cutoffs count one search: no turns under them.
    let (_, stdout, _) = run(&two_colours, &["-t", "5000", "-fail", "10000"]);
    assert_eq!(stdout, "=====UNKNOWN=====\n");
}

#[test]
fn taking_turns_keeps_the_best_value_and_proves_it() {
    // Arc consistency finds the least sum at once and cannot prove it;
    // clause learning prunes with that bound at its first turn, prints
    // nothing worse, and proves it.
    let three = digits_then_odd_cycle(3, "minimize obj");
    let (code, stdout, stderr) = run(&three, &["-t", "2000", "-a", "-s"]);
    assert_eq!(code, 0, "{stderr}");
    let seen = objectives(&stdout);
    assert_eq!(seen.last(), Some(&4), "{stdout}");
    assert!(seen.windows(2).all(|w| w[0] > w[1]), "{seen:?}");
    assert!(stdout.contains("----------\n==========\n"), "{stdout}");
    assert!(stdout.contains("search=\"clause-learning"), "{stdout}");
    assert!(stdout.contains("%%%mzn-stat: objectiveBound=4"), "{stdout}");
}
