//! Free search's default plan: the integer variables first (`first_fail`,
//! Gecode's binary branching), the booleans after. On job shop the start times decide the schedule, where
//! dom/wdeg over every variable branched on the disjunctions' booleans and
//! took four times the nodes to prove ft06's optimum.

mod common;

use common::{have_tools, output, solutions, std_fzn};
use std::process::Command;

#[test]
fn job_shop_is_proved_optimal_within_a_node_cutoff_the_old_default_exceeded() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fzn = std_fzn("jobshop", dir.path());
    let ours = |args: &[&str]| {
        let out = Command::new(common::ours())
            .args(args)
            .arg(&fzn)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        solutions(&String::from_utf8(out.stdout).unwrap())
    };
    let (gecode, _) = solutions(&output(Command::new("fzn-gecode").arg(&fzn)));
    // Under arc consistency (an optimisation's default is clause
    // learning, which decides by activity), the default plan proves
    // Gecode's optimum within 2,000 nodes (about 1,050 here); the engine's
    // dom/wdeg over every variable, chosen with --var-order, does not
    // (about 4,100).
    let textbook = ["--strategy", "arc-consistency", "-node", "2000"];
    let (best, status) = ours(&textbook);
    assert_eq!(status.as_deref(), Some("=========="));
    assert_eq!(best.last(), gecode.last());
    let (_, status) = ours(&[&textbook[..], &["--var-order", "dom-wdeg"]].concat());
    assert_ne!(status.as_deref(), Some("=========="));
}

/// A knapsack whose value is the objective, as MiniZinc flattens it: the
/// value defined by a linear equality over the items (`defines_var`).
/// `objective` is `maximize value` or `minimize loss` (the value left
/// out, defined by a second equality over the value), `annotation` the
/// solve item's search annotation, if any.
fn knapsack(objective: &str, annotation: &str) -> String {
    let values = [7, 3, 9, 4, 6, 5];
    let weights = [5, 2, 6, 3, 4, 4];
    let mut text = String::new();
    for i in 0..values.len() {
        text += &format!("var 0..1: x{i} :: output_var;\n");
    }
    text += "var 0..34: value :: output_var;\nvar 0..34: loss :: output_var;\n";
    let xs: Vec<String> = (0..values.len()).map(|i| format!("x{i}")).collect();
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(",");
    let neg: Vec<i32> = values.iter().map(|v| -v).collect();
    text += &format!(
        "constraint int_lin_le([{}],[{}],12);\n",
        list(&weights),
        xs.join(",")
    );
    text += &format!(
        "constraint int_lin_eq([1,{}],[value,{}],0) :: defines_var(value);\n",
        list(&neg),
        xs.join(",")
    );
    text += "constraint int_lin_eq([1,1],[value,loss],34) :: defines_var(loss);\n";
    text += &format!("solve {annotation} {objective};\n");
    text
}

/// The best value a brute force over the 64 selections finds.
fn best_knapsack_value() -> i32 {
    let (values, weights) = ([7, 3, 9, 4, 6, 5], [5, 2, 6, 3, 4, 4]);
    (0..64u32)
        .filter(|s| {
            (0..6)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| weights[i])
                .sum::<i32>()
                <= 12
        })
        .map(|s| (0..6).filter(|i| s >> i & 1 == 1).map(|i| values[i]).sum())
        .max()
        .unwrap()
}

/// The objective's value in each solution printed.
fn values_found(stdout: &str) -> Vec<i32> {
    solutions(stdout)
        .0
        .iter()
        .map(|s| {
            let line = s.lines().find(|l| l.starts_with("value = ")).unwrap();
            line["value = ".len()..]
                .trim_end_matches(';')
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn free_search_tries_values_toward_the_objective_and_still_proves_it() {
    let best = best_knapsack_value();
    // Maximising the value, or minimising the loss (the value's
    // complement, another sum): the items from their largest value,
    // so the first solution already takes items, where ascending values
    // would start from the empty knapsack.
    for objective in ["maximize value", "minimize loss"] {
        let (code, out, err) = common::run_fzn(
            &knapsack(objective, ""),
            &["--strategy", "arc-consistency", "-a", "-v"],
        );
        assert_eq!(code, 0, "{err}");
        let found = values_found(&out);
        assert!(found[0] > 0, "{objective}: {found:?}");
        assert_eq!(found.last(), Some(&best), "{objective}");
        assert_eq!(solutions(&out).1.as_deref(), Some("=========="));
        if objective.starts_with("maximize") {
            assert!(
                err.contains("tries 7 variables' values from the largest"),
                "{err}"
            );
        }
    }
    // The model's own annotation is followed as it is: ascending values,
    // the empty knapsack first.
    let annotated = knapsack(
        "maximize value",
        ":: int_search([x0,x1,x2,x3,x4,x5], input_order, indomain_min, complete)",
    );
    let (code, out, err) = common::run_fzn(&annotated, &["--strategy", "arc-consistency", "-a"]);
    assert_eq!(code, 0, "{err}");
    let found = values_found(&out);
    assert_eq!((found[0], found.last()), (0, Some(&best)));
}

#[test]
fn the_objective_is_followed_through_bool2int_onto_booleans() {
    // Maximise the number of true booleans, at most two of three: from
    // true first, the first solution already holds two.
    let text = "var bool: b0 :: output_var;\nvar bool: b1 :: output_var;\nvar bool: b2 :: output_var;\n\
        var 0..1: i0;\nvar 0..1: i1;\nvar 0..1: i2;\nvar 0..3: value :: output_var;\n\
        constraint bool2int(b0, i0) :: defines_var(i0);\nconstraint bool2int(b1, i1) :: defines_var(i1);\n\
        constraint bool2int(b2, i2) :: defines_var(i2);\nconstraint int_lin_le([1,1,1],[i0,i1,i2],2);\n\
        constraint int_lin_eq([1,-1,-1,-1],[value,i0,i1,i2],0) :: defines_var(value);\nsolve maximize value;\n";
    let (code, out, err) = common::run_fzn(text, &["--strategy", "arc-consistency", "-a"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(values_found(&out), vec![2]);
}
