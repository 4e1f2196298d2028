//! `warm_start` hints: each hinted variable tries its hint first, on top
//! of its annotation's value choice (or free search's), without changing
//! which solutions exist.

mod common;

use common::{have_tools, minizinc, output, run_fzn, solutions};

/// The first solution `fzn-csp` prints for `text` with `args`, its lines
/// sorted.
fn first(text: &str, args: &[&str]) -> String {
    let (code, out, err) = run_fzn(text, args);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warm_start"), "a hint was ignored: {err}");
    solutions(&out).0.into_iter().next().expect("a solution")
}

/// Every solution, sorted (their order may differ with hints).
fn all(text: &str) -> Vec<String> {
    let (code, out, err) = run_fzn(text, &["-a"]);
    assert_eq!(code, 0, "{err}");
    let (mut sols, status) = solutions(&out);
    assert_eq!(status.as_deref(), Some("=========="));
    sols.sort();
    sols
}

const VARS: &str = "var 1..9: x :: output_var;\nvar 1..9: y :: output_var;\nconstraint int_lin_le([1,1],[x,y],12);\n";

#[test]
fn the_first_solution_is_the_hinted_assignment_when_it_is_one() {
    let text = format!("{VARS}solve :: warm_start([x,y],[7,4]) satisfy;\n");
    assert_eq!(first(&text, &[]), "x = 7;\ny = 4;\n");
    // Under -f too: a hint is not a search annotation.
    assert_eq!(first(&text, &["-f"]), "x = 7;\ny = 4;\n");
}

#[test]
fn a_hint_goes_before_the_annotations_value_choice_and_the_rest_follow_it() {
    // y by indomain_max, x by its hint: x = 5 then y's largest, 7.
    let text = format!(
        "{VARS}solve :: seq_search([warm_start([x],[5]), int_search([x,y],input_order,indomain_max,complete)]) satisfy;\n"
    );
    assert_eq!(first(&text, &[]), "x = 5;\ny = 7;\n");
    // A hint that fails: its variable goes on in its annotation's order.
    let text = format!(
        "{VARS}constraint int_ne(x,5);\nsolve :: seq_search([warm_start([x],[5]), int_search([x,y],input_order,indomain_max,complete)]) satisfy;\n"
    );
    assert_eq!(first(&text, &[]), "x = 9;\ny = 3;\n");
}

#[test]
fn a_hint_is_tried_as_a_value_under_a_splitting_annotation() {
    let text = format!(
        "{VARS}solve :: seq_search([warm_start_array([warm_start([y],[6]), warm_start([x],[2])]), int_search([x,y],input_order,indomain_split,complete)]) satisfy;\n"
    );
    assert_eq!(first(&text, &[]), "x = 2;\ny = 6;\n");
    let text = format!(
        "{VARS}solve :: seq_search([warm_start([x],[3]), int_search([x,y],input_order,indomain_reverse_split,complete)]) satisfy;\n"
    );
    assert_eq!(first(&text, &[]), "x = 3;\ny = 9;\n");
}

#[test]
fn boolean_hints_and_the_first_hint_of_a_variable() {
    let text = "var bool: b :: output_var;\nvar bool: c :: output_var;\nsolve :: warm_start_array([warm_start([b,c],[true,false]), warm_start([b],[false])]) satisfy;\n";
    assert_eq!(first(text, &[]), "b = true;\nc = false;\n");
}

#[test]
fn an_optimisation_starts_from_the_hint() {
    let text = "var 1..9: x :: output_var;\nvar 1..9: y :: output_var;\nvar 2..18: s :: output_var;\nconstraint int_lin_le([1,1],[x,y],12);\nconstraint int_lin_eq([1,1,-1],[x,y,s],0);\nsolve :: warm_start([x,y],[4,8]) maximize s;\n";
    let (code, out, err) = run_fzn(text, &[]);
    assert_eq!(code, 0, "{err}");
    let (sols, status) = solutions(&out);
    assert_eq!(sols[0], "s = 12;\nx = 4;\ny = 8;\n");
    assert_eq!(status.as_deref(), Some("=========="));
    assert_eq!(sols.len(), 1, "the hint is already optimal: {out}");
}

#[test]
fn hints_never_change_which_solutions_there_are() {
    let model = "var 1..6: x :: output_var;\nvar 1..6: y :: output_var;\nvar 1..6: z :: output_var;\nconstraint int_lin_le([1,1,1],[x,y,z],11);\nconstraint int_ne(x,y);\n";
    let searches = [
        "",
        "int_search([x,y,z],first_fail,indomain_split,complete)",
        "int_search([z,x],input_order,indomain_median,complete)",
    ];
    for search in searches {
        let solve = |hints: &str| {
            let anns: Vec<&str> = [hints, search]
                .into_iter()
                .filter(|a| !a.is_empty())
                .collect();
            format!(
                "{model}solve :: seq_search([{}]) satisfy;\n",
                anns.join(", ")
            )
        };
        let plain = all(&solve(""));
        for hints in [
            "warm_start([x,y,z],[3,3,3])",
            "warm_start([y],[6])",
            "warm_start([z,x],[1,9])",
        ] {
            assert_eq!(all(&solve(hints)), plain, "{hints} with {search}");
        }
    }
}

#[test]
fn minizinc_s_optional_hints_reach_the_solver() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.mzn");
    std::fs::write(
        &path,
        "var 1..10: x;\nvar 1..10: y;\nconstraint x + y <= 12;\nsolve :: warm_start([x, y], [8, <>]) satisfy;\n",
    )
    .unwrap();
    let out = output(minizinc().args(["--solver", "csp"]).arg(&path));
    assert!(out.starts_with("x = 8;\ny = 1;\n"), "{out}");
}

mod random_models {
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    const VAR_CHOICES: [&str; 9] = [
        "input_order",
        "first_fail",
        "anti_first_fail",
        "smallest",
        "largest",
        "occurrence",
        "most_constrained",
        "max_regret",
        "dom_w_deg",
    ];
    const VALUE_CHOICES: [&str; 8] = [
        "indomain_min",
        "indomain_max",
        "indomain_median",
        "indomain_middle",
        "indomain_split",
        "indomain_reverse_split",
        "indomain_random",
        "indomain",
    ];

    /// A random model over `x0..xn`: domains, linear rows, disequalities.
    #[derive(Clone, Debug)]
    struct Model {
        domains: Vec<(i64, i64)>,
        rows: Vec<(Vec<i64>, i64)>,
        unequal: Vec<(usize, usize)>,
        search: Option<(Vec<usize>, usize, usize)>,
    }

    fn model() -> impl Strategy<Value = Model> {
        (2usize..=4).prop_flat_map(|n| {
            let domains = prop::collection::vec((-3i64..=2, 0i64..=4), n)
                .prop_map(|d| d.into_iter().map(|(lo, w)| (lo, lo + w)).collect());
            let rows =
                prop::collection::vec((prop::collection::vec(-2i64..=2, n), -4i64..=6), 0..=2);
            let unequal = prop::collection::vec((0..n, 0..n), 0..=2);
            let search = prop::option::of((
                Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
                0..VAR_CHOICES.len(),
                0..VALUE_CHOICES.len(),
            ));
            (domains, rows, unequal, search).prop_map(|(domains, rows, unequal, search)| Model {
                domains,
                rows,
                unequal,
                search,
            })
        })
    }

    impl Model {
        /// The FlatZinc text, with `hints` (variable, value) as a
        /// `warm_start` ahead of the search annotation.
        fn text(&self, hints: &[(usize, i64)]) -> String {
            let n = self.domains.len();
            let mut t = String::new();
            for (i, (lo, hi)) in self.domains.iter().enumerate() {
                t += &format!("var {lo}..{hi}: x{i} :: output_var;\n");
            }
            let all: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
            for (coeffs, rhs) in &self.rows {
                let c: Vec<String> = coeffs.iter().map(i64::to_string).collect();
                t += &format!(
                    "constraint int_lin_le([{}],[{}],{rhs});\n",
                    c.join(","),
                    all.join(",")
                );
            }
            for &(a, b) in &self.unequal {
                t += &format!("constraint int_ne(x{a},x{b});\n");
            }
            let mut anns = Vec::new();
            if !hints.is_empty() {
                let vars: Vec<String> = hints.iter().map(|(x, _)| format!("x{x}")).collect();
                let values: Vec<String> = hints.iter().map(|(_, v)| v.to_string()).collect();
                anns.push(format!(
                    "warm_start([{}],[{}])",
                    vars.join(","),
                    values.join(",")
                ));
            }
            if let Some((order, var, value)) = &self.search {
                let vars: Vec<String> = order.iter().map(|x| format!("x{x}")).collect();
                anns.push(format!(
                    "int_search([{}],{},{},complete)",
                    vars.join(","),
                    VAR_CHOICES[*var],
                    VALUE_CHOICES[*value]
                ));
            }
            t + &format!("solve :: seq_search([{}]) satisfy;\n", anns.join(","))
        }

        fn holds(&self, x: &[i64]) -> bool {
            self.rows
                .iter()
                .all(|(c, rhs)| c.iter().zip(x).map(|(a, b)| a * b).sum::<i64>() <= *rhs)
                && self.unequal.iter().all(|&(a, b)| x[a] != x[b])
        }
    }

    fn run(text: &str, args: &[&str]) -> Vec<String> {
        let opts = csp_fzn::options::parse(args.iter().copied()).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        csp_fzn::run(text, &opts, &mut out, &mut err).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let err = String::from_utf8(err).unwrap();
        assert!(!err.contains("warm_start"), "{err}");
        super::solutions(&String::from_utf8(out).unwrap()).0
    }

    proptest! {
        /// Hints reorder the search, never its solutions; and hints on
        /// every variable that form a solution are the first one found,
        /// whatever the annotation.
        #[test]
        fn hints_reorder_but_keep_the_solutions(
            m in model(),
            values in prop::collection::vec(-4i64..=7, 4),
            hinted in prop::collection::vec(any::<bool>(), 4),
        ) {
            let n = m.domains.len();
            let hints: Vec<(usize, i64)> =
                (0..n).filter(|&i| hinted[i]).map(|i| (i, values[i])).collect();
            let plain: BTreeSet<String> = run(&m.text(&[]), &["-a"]).into_iter().collect();
            let with: Vec<String> = run(&m.text(&hints), &["-a"]);
            let set: BTreeSet<String> = with.iter().cloned().collect();
            prop_assert_eq!(set.len(), with.len(), "a solution repeated");
            prop_assert_eq!(&set, &plain);
            let full: Vec<i64> = values[..n].to_vec();
            let in_domains = full.iter().zip(&m.domains).all(|(v, (lo, hi))| lo <= v && v <= hi);
            if in_domains && m.holds(&full) {
                let every: Vec<(usize, i64)> = (0..n).map(|i| (i, full[i])).collect();
                let first = run(&m.text(&every), &[]);
                let mut expected: Vec<String> =
                    (0..n).map(|i| format!("x{i} = {};", full[i])).collect();
                expected.sort();
                prop_assert_eq!(first[0].clone(), expected.join("\n") + "\n");
            }
        }
    }
}
