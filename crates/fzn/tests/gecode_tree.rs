//! Fixed search follows Gecode's tree: an `int_search` branches `x = v` /
//! `x != v` and chooses the variable again after each refutation, so a
//! dynamic variable choice may move to another variable in between.
//! Random models (linear inequalities and disequalities, whose
//! propagation reaches the same fixpoint in both solvers) under each
//! exact variable and value choice (bisection, `x <= mid` / `x > mid`, for
//! the split choices): the first solution of a satisfaction problem, and
//! every improving solution of an optimisation, are Gecode's, in Gecode's
//! order, under arc consistency; clause learning in input order too.

mod common;

use common::{have_tools, output, run_fzn, solutions};
use std::fmt::Write as _;
use std::process::Command;

/// The textbook search (an optimisation's default is clause learning,
/// whose own test is the last one here).
const TEXTBOOK: &[&str] = &["--strategy", "arc-consistency"];

/// The variable choices the engine follows exactly (`dom_w_deg`'s weights,
/// and `occurrence`'s and `most_constrained`'s degrees, count other
/// things in Gecode).
const VAR_CHOICES: [&str; 6] = [
    "input_order",
    "first_fail",
    "anti_first_fail",
    "smallest",
    "largest",
    "max_regret",
];
const VALUE_CHOICES: [&str; 2] = ["indomain_min", "indomain_max"];
/// The value choices that pick a value from the domain's middle, or
/// bisect it (`x <= mid` / `x > mid`).
const MIDDLE_CHOICES: [&str; 3] = [
    "indomain_median",
    "indomain_split",
    "indomain_reverse_split",
];

/// A small seeded generator (SplitMix64), so that the models are the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// A random model over `n` variables with the annotation's choices; with
/// `optimise`, minimising a weighted sum `obj` (not annotated: fixed by
/// the others).
fn model(rng: &mut Rng, var_choice: &str, value_choice: &str, optimise: bool) -> String {
    let n = rng.range(3, 6) as usize;
    let mut text = String::new();
    for i in 0..n {
        // Under bisection negative values too: its midpoint is truncated
        // towards zero, as Gecode's C division is.
        let lo = if value_choice.ends_with("split") {
            rng.range(-4, 3)
        } else {
            rng.range(0, 3)
        };
        let hi = lo + rng.range(1, 7);
        writeln!(text, "var {lo}..{hi}: x{i} :: output_var;").unwrap();
    }
    let pick = |rng: &mut Rng| rng.below(n as u64) as usize;
    let mut constraints = Vec::new();
    for _ in 0..rng.range(2, 5) {
        let (i, j) = (pick(rng), pick(rng));
        if i == j {
            continue;
        }
        let (a, b) = (rng.range(-3, 3), rng.range(-3, 3));
        let k = rng.range(-4, 12);
        constraints.push(match rng.below(3) {
            0 => format!("int_lin_le([{a},{b}],[x{i},x{j}],{k})"),
            1 => format!("int_ne(x{i},x{j})"),
            _ => format!("int_lin_ne([{a},{b}],[x{i},x{j}],{k})"),
        });
    }
    let order: Vec<String> = {
        let mut idx: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            idx.swap(i, rng.below(i as u64 + 1) as usize);
        }
        idx.iter().map(|i| format!("x{i}")).collect()
    };
    let ann = format!(
        ":: int_search([{}],{var_choice},{value_choice},complete)",
        order.join(",")
    );
    if optimise {
        let weights: Vec<i64> = (0..n).map(|_| rng.range(-3, 3)).collect();
        let coefs: Vec<String> = std::iter::once("1".to_owned())
            .chain(weights.iter().map(|w| (-w).to_string()))
            .collect();
        let vars: Vec<String> = std::iter::once("obj".to_owned())
            .chain((0..n).map(|i| format!("x{i}")))
            .collect();
        writeln!(text, "var -200..200: obj :: output_var;").unwrap();
        constraints.push(format!(
            "int_lin_eq([{}],[{}],0)",
            coefs.join(","),
            vars.join(",")
        ));
        for c in &constraints {
            writeln!(text, "constraint {c};").unwrap();
        }
        writeln!(text, "solve {ann} minimize obj;").unwrap();
    } else {
        for c in &constraints {
            writeln!(text, "constraint {c};").unwrap();
        }
        writeln!(text, "solve {ann} satisfy;").unwrap();
    }
    text
}

fn gecode(text: &str, args: &[&str]) -> (Vec<String>, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.fzn");
    std::fs::write(&path, text).unwrap();
    solutions(&output(Command::new("fzn-gecode").args(args).arg(&path)))
}

#[test]
fn annotated_search_finds_gecodes_solutions_in_gecodes_order() {
    if !have_tools() {
        return;
    }
    let mut rng = Rng(7);
    let mut compared = 0;
    for round in 0..12 {
        for var_choice in VAR_CHOICES {
            for value_choice in VALUE_CHOICES {
                let optimise = round % 2 == 1;
                let text = model(&mut rng, var_choice, value_choice, optimise);
                // Satisfaction: the first solution; optimisation: every
                // improvement (`-a`) and the proof.
                let args: &[&str] = if optimise { &["-a"] } else { &[] };
                let (code, stdout, stderr) = run_fzn(&text, &[TEXTBOOK, args].concat());
                assert_eq!(code, 0, "{stderr}\n{text}");
                let ours = solutions(&stdout);
                assert_eq!(ours, gecode(&text, args), "{text}");
                compared += usize::from(!ours.0.is_empty());
            }
        }
    }
    // Most of the models have solutions: the comparison is not vacuous.
    assert!(compared > 100, "only {compared} models had a solution");
}

#[test]
fn median_and_bisection_find_gecodes_solutions_in_gecodes_order() {
    if !have_tools() {
        return;
    }
    let mut rng = Rng(11);
    let mut compared = 0;
    for round in 0..12 {
        for var_choice in VAR_CHOICES {
            for value_choice in MIDDLE_CHOICES {
                let optimise = round % 2 == 1;
                let text = model(&mut rng, var_choice, value_choice, optimise);
                let args: &[&str] = if optimise { &["-a"] } else { &[] };
                let (code, stdout, stderr) = run_fzn(&text, &[TEXTBOOK, args].concat());
                assert_eq!(code, 0, "{stderr}\n{text}");
                assert!(stderr.is_empty(), "no approximation: {stderr}");
                let ours = solutions(&stdout);
                assert_eq!(ours, gecode(&text, args), "{text}");
                compared += usize::from(!ours.0.is_empty());
            }
        }
    }
    assert!(compared > 120, "only {compared} models had a solution");
}

#[test]
fn first_fail_chooses_again_after_a_refutation() {
    // MiniZinc's test-ff1: x = 1 forces y < 3; once refuted, x in 2..3 and
    // y in 8..9 tie on size and y, first in the annotation, is chosen:
    // (3, 8) is the optimum found first, where trying x's values one after
    // another finds (2, 9).
    if !have_tools() {
        return;
    }
    let text = "var 1..8: x :: output_var;\nvar 1..10: y :: output_var;\n\
        var 2..18: s :: output_var;\nvar bool: a;\nvar bool: b;\nvar bool: c;\nvar bool: d;\n\
        constraint int_le_reif(2,x,a);\nconstraint int_le_reif(8,y,b);\nconstraint bool_le(a,b);\n\
        constraint int_lin_le_reif([1],[x],1,c);\n\
        constraint int_le_reif(y,2,d);\nconstraint bool_le(c,d);\n\
        constraint int_lin_le([1,1],[x,y],11);\nconstraint int_lin_eq([1,1,-1],[x,y,s],0);\n\
        solve :: int_search([y,x],first_fail,indomain_min,complete) maximize s;\n";
    let (code, stdout, stderr) = run_fzn(text, TEXTBOOK);
    assert_eq!(code, 0, "{stderr}");
    let (ours, status) = solutions(&stdout);
    assert_eq!(status.as_deref(), Some("=========="));
    assert_eq!(ours.last().unwrap(), "s = 11;\nx = 3;\ny = 8;\n");
    assert_eq!((ours, status), gecode(text, &[]));
}

/// Clause learning under the annotations (`--strategy clause-learning`):
/// in input order it decides as the annotation does and prunes only what
/// has no (better) solution, so it finds Gecode's solutions in Gecode's
/// order; under the dynamic choices the learned clauses may shrink the
/// domains the choice reads, so only the outcome is compared: a solution
/// exactly when Gecode has one, and the same optimum, proved.
#[test]
fn clause_learning_follows_the_annotation() {
    if !have_tools() {
        return;
    }
    let learning = ["--strategy", "clause-learning"];
    let mut rng = Rng(13);
    let mut compared = 0;
    for round in 0..8 {
        for var_choice in VAR_CHOICES {
            for value_choice in VALUE_CHOICES.iter().chain(&MIDDLE_CHOICES[1..]) {
                let optimise = round % 2 == 1;
                let text = model(&mut rng, var_choice, value_choice, optimise);
                let args: &[&str] = if optimise { &["-a"] } else { &[] };
                let (code, stdout, stderr) = run_fzn(&text, &[&learning[..], args].concat());
                assert_eq!(code, 0, "{stderr}\n{text}");
                let ours = solutions(&stdout);
                let theirs = gecode(&text, args);
                if var_choice == "input_order" {
                    assert_eq!(ours, theirs, "{text}");
                } else {
                    assert_eq!(ours.1, theirs.1, "{text}");
                    assert_eq!(ours.0.is_empty(), theirs.0.is_empty(), "{text}");
                    if optimise {
                        assert_eq!(ours.0.last(), theirs.0.last(), "{text}");
                    }
                }
                compared += usize::from(!ours.0.is_empty());
            }
        }
    }
    assert!(compared > 100, "only {compared} models had a solution");
}
