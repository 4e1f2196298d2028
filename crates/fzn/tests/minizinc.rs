//! Our own MiniZinc models (`tests/models/`: satisfaction, counting,
//! optimisation, booleans and reification, arithmetic, element, tables,
//! cardinality, an unsatisfiable one) run two ways, with Gecode as the
//! oracle:
//!
//! 1. The same FlatZinc for both solvers: each model is compiled once with
//!    MiniZinc's standard library (`-G std`, so every global is decomposed
//!    into builtins both solvers know), then `fzn-csp` and Gecode's
//!    `fzn-gecode` solve that file: all solutions (compared as sets), the
//!    optimum, or unsatisfiability must agree.
//! 2. End to end through the real driver: `minizinc --solver csp` with
//!    `MZN_SOLVER_PATH` pointing at this crate (our `csp.msc`, `mznlib/`)
//!    and the binary on `PATH`, so MiniZinc passes our native globals; the
//!    answer must match Gecode's.
//!
//! Why not `minizinc --solver gecode` for the oracle: Debian's Gecode 6.2
//! ships a MiniZinc library (`/usr/share/minizinc/gecode`) older than
//! Debian's MiniZinc 2.6.4, and its `inverse.mzn` and `nvalue.mzn` hide
//! the newer standard ones, so a model including `globals.mzn` fails to
//! compile for Gecode. Compiling with the standard library and running
//! `fzn-gecode` on the resulting `.fzn` sidesteps that library entirely.

mod common;

use common::{have_tools, minizinc, model, ours, output, solutions, std_fzn};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Every solution (`-a`); compared as sets.
    All,
    /// The optimum: the named objective's line in the last solution.
    Optimum(&'static str),
    /// No solution.
    Unsat,
}

const MODELS: &[(&str, Kind)] = &[
    ("queens", Kind::All),
    ("send_more", Kind::All),
    ("magic_square", Kind::All),
    ("bool_logic", Kind::All),
    ("magic_series", Kind::All),
    ("arithmetic", Kind::All),
    ("rota", Kind::All),
    ("knapsack_bool", Kind::Optimum("value")),
    ("golomb", Kind::Optimum("length")),
    ("colouring", Kind::Optimum("colours")),
    ("assignment", Kind::Optimum("total")),
    ("pigeons", Kind::Unsat),
    ("lex_rows", Kind::All),
    ("inverse_channel", Kind::All),
    ("circuit_count", Kind::All),
    ("circuit_tour", Kind::Optimum("cost")),
    ("cardinality", Kind::All),
    ("search_choices", Kind::All),
    ("scheduling", Kind::Optimum("makespan")),
];

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The line `name = ...;` of a solution.
fn line_of<'a>(solution: &'a str, name: &str) -> &'a str {
    solution
        .lines()
        .find(|l| l.starts_with(&format!("{name} = ")))
        .unwrap_or_else(|| panic!("no {name} in {solution}"))
}

fn flags(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::All | Kind::Unsat => &["-a"],
        Kind::Optimum(_) => &[],
    }
}

/// Compares two runs' answers for a model of this kind.
fn agree(name: &str, kind: Kind, ours: &str, gecode: &str, same_text: bool) {
    let (ours_sols, ours_end) = solutions(ours);
    let (gecode_sols, gecode_end) = solutions(gecode);
    assert_eq!(
        ours_end, gecode_end,
        "{name}: final status\n{ours}\n{gecode}"
    );
    match kind {
        Kind::All => {
            assert!(!gecode_sols.is_empty(), "{name}: the oracle found nothing");
            if same_text {
                // Each printed solution once (hidden helper variables,
                // such as the lexicographic chain's, do not repeat one).
                assert_eq!(sorted(ours_sols), sorted(gecode_sols), "{name}: solutions");
            } else {
                assert_eq!(ours_sols.len(), gecode_sols.len(), "{name}: solution count");
            }
            assert_eq!(ours_end.as_deref(), Some("=========="), "{name}");
        }
        Kind::Optimum(obj) => {
            let (a, b) = (ours_sols.last().unwrap(), gecode_sols.last().unwrap());
            assert_eq!(line_of(a, obj), line_of(b, obj), "{name}: optimum");
            assert_eq!(ours_end.as_deref(), Some("=========="), "{name}");
        }
        Kind::Unsat => {
            assert!(
                ours_sols.is_empty(),
                "{name}: solutions of an unsatisfiable model"
            );
            assert_eq!(
                ours_end.as_deref(),
                Some("=====UNSATISFIABLE====="),
                "{name}"
            );
        }
    }
}

#[test]
fn the_same_flatzinc_gets_gecodes_answers() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for &(name, kind) in MODELS {
        let fzn = std_fzn(name, dir.path());
        let ours = output(Command::new(ours()).args(flags(kind)).arg(&fzn));
        let gecode = output(Command::new("fzn-gecode").args(flags(kind)).arg(&fzn));
        agree(name, kind, &ours, &gecode, true);
    }
}

#[test]
fn a_portfolio_with_a_learning_member_gets_gecodes_answers() {
    // -p 2 on the optima and the unsatisfiable model: member 1 learns
    // clauses (or, beside a learning member 0, propagates alone), under
    // the model's annotations and under free search; one first solution
    // or optimum, as one search would answer.
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let models = (MODELS.iter().copied())
        .filter(|(_, kind)| !matches!(kind, Kind::All))
        .chain([("jobshop", Kind::Optimum("makespan"))]);
    for (name, kind) in models {
        let fzn = std_fzn(name, dir.path());
        let gecode = output(Command::new("fzn-gecode").args(flags(kind)).arg(&fzn));
        for how in [&[][..], &["-f"], &["--strategy", "clause-learning"]] {
            let ours = output(Command::new(ours()).args(["-p", "2"]).args(how).arg(&fzn));
            agree(&format!("{name} -p 2 {how:?}"), kind, &ours, &gecode, true);
        }
    }
}

#[test]
fn minizinc_drives_our_solver_end_to_end() {
    if !have_tools() {
        return;
    }
    let listed = output(minizinc().arg("--solvers"));
    assert!(listed.contains("org.csp.csp"), "{listed}");
    let dir = tempfile::tempdir().unwrap();
    for &(name, kind) in MODELS {
        let fzn = std_fzn(name, dir.path());
        let gecode = output(Command::new("fzn-gecode").args(flags(kind)).arg(&fzn));
        let ours = output(
            minizinc()
                .args(["--solver", "csp"])
                .args(flags(kind))
                .args(model(name)),
        );
        // The driver prints arrays its own way; counts and optima compare.
        let (g, _) = solutions(&gecode);
        let gecode_dzn: String = match kind {
            Kind::Optimum(obj) => format!(
                "{}\n----------\n==========\n",
                line_of(g.last().unwrap(), obj)
            ),
            _ => gecode,
        };
        agree(name, kind, &ours, &gecode_dzn, false);
    }
}

#[test]
fn the_driver_passes_flags_statistics_and_time_limits() {
    if !have_tools() {
        return;
    }
    let text = output(
        minizinc()
            .args([
                "--solver", "csp", "-s", "-t", "20000", "-n", "2", "-r", "7", "-f",
            ])
            .args(model("queens")),
    );
    let (sols, end) = solutions(&text);
    assert_eq!(sols.len(), 2, "{text}");
    assert_eq!(end, None, "stopped by -n, not complete: {text}");
    assert!(text.contains("%%%mzn-stat: nodes="), "{text}");
    // -i on an optimisation problem: the improving solutions, best last.
    let text = output(
        minizinc()
            .args(["--solver", "csp", "-i"])
            .args(model("golomb")),
    );
    let (sols, end) = solutions(&text);
    assert!(
        !sols.is_empty() && end.as_deref() == Some("=========="),
        "{text}"
    );
    let lengths: Vec<i64> = sols
        .iter()
        .map(|s| {
            line_of(s, "length")
                .trim_start_matches("length = ")
                .trim_end_matches(';')
                .parse()
                .unwrap()
        })
        .collect();
    assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
    // Our own flag from the solver configuration: a memory limit below
    // what any process holds stops at once (Linux reads it).
    if cfg!(target_os = "linux") {
        let text = output(
            minizinc()
                .args(["--solver", "csp", "--memory-limit", "1"])
                .args(model("queens")),
        );
        assert!(text.contains("=====UNKNOWN====="), "{text}");
    }
}

/// `seq_search` runs each annotation over its own variables with its own
/// value choice: with `input_order` and `indomain_min`/`indomain_max` the
/// first solution is fixed by the annotations, so it must be Gecode's
/// (under one order for the whole search, as before, it was not).
#[test]
fn search_annotations_choose_gecodes_first_solution() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fzn = std_fzn("seq_search", dir.path());
    let first = output(Command::new(ours()).args(["-n", "1"]).arg(&fzn));
    let gecode = output(Command::new("fzn-gecode").args(["-n", "1"]).arg(&fzn));
    let (a, _) = solutions(&first);
    let (g, _) = solutions(&gecode);
    assert_eq!(a.len(), 1, "{first}");
    assert_eq!(a, g, "the first solution");
    // -f ignores the annotations: the free search finds another one first.
    let free = output(Command::new(ours()).args(["-n", "1", "-f"]).arg(&fzn));
    assert_ne!(solutions(&free).0, g, "{free}");
}

#[test]
fn counting_on_two_threads_matches_one() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for name in ["queens", "magic_square", "magic_series"] {
        let fzn = std_fzn(name, dir.path());
        let one = output(Command::new(ours()).arg("-a").arg(&fzn));
        let two = output(Command::new(ours()).args(["-a", "-p", "2"]).arg(&fzn));
        let (a, ea) = solutions(&one);
        let (b, eb) = solutions(&two);
        assert_eq!(sorted(a), sorted(b), "{name}");
        assert_eq!(ea, eb, "{name}");
    }
}

/// Models nobody on the team wrote (the MiniZinc Handbook's tutorial
/// examples, in `tests/models/handbook/`), through the driver with both
/// solvers: these include no `globals.mzn`, so `--solver gecode` compiles
/// them, and the printed solutions (the same output item) must match.
#[test]
fn handbook_models_match_gecode_through_minizinc() {
    if !have_tools() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models/handbook");
    for (name, all) in [
        ("aust", true),
        ("sendmore_tutorial", true),
        ("cakes", false),
    ] {
        let file = dir.join(format!("{name}.mzn"));
        let flag: &[&str] = if all { &["-a"] } else { &[] };
        let ours = output(minizinc().args(["--solver", "csp"]).args(flag).arg(&file));
        let gecode = output(
            minizinc()
                .args(["--solver", "gecode"])
                .args(flag)
                .arg(&file),
        );
        let (a, a_end) = solutions(&ours);
        let (g, g_end) = solutions(&gecode);
        assert!(!g.is_empty(), "{name}");
        assert_eq!(a_end, g_end, "{name}");
        if all {
            assert_eq!(sorted(a), sorted(g), "{name}");
        } else {
            assert_eq!(a.last(), g.last(), "{name}: the optimum");
        }
    }
}

/// Set variables through MiniZinc's own decomposition (`nosets.mzn` in our
/// library): every solution of two set models, as Gecode (with native
/// sets, on the standard library) finds them.
#[test]
fn set_models_agree_with_gecode() {
    if !have_tools() {
        return;
    }
    for name in ["steiner_triples", "golfers_sets"] {
        let ours = output(minizinc().args(["--solver", "csp", "-a"]).args(model(name)));
        let gecode = output(
            minizinc()
                .args(["--solver", "gecode", "-G", "std", "-a"])
                .args(model(name)),
        );
        let (a, ea) = solutions(&ours);
        let (g, eg) = solutions(&gecode);
        assert!(!g.is_empty(), "{name}: {gecode}");
        assert_eq!(sorted(a), sorted(g), "{name}");
        assert_eq!(
            (ea.as_deref(), eg.as_deref()),
            (Some("=========="), Some("=========="))
        );
    }
}

/// With -a, each distinct assignment of the printed variables once:
/// hidden variables (the model's own, and MiniZinc's lexicographic
/// chain) with several completions do not repeat a solution.
#[test]
fn all_solutions_are_the_distinct_printed_assignments() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let name = "hidden_helpers";
    let fzn = std_fzn(name, dir.path());
    let gecode = output(Command::new("fzn-gecode").arg("-a").arg(&fzn));
    let (g, _) = solutions(&gecode);
    // On the same FlatZinc, and through the driver with our library.
    let direct = output(Command::new(ours()).arg("-a").arg(&fzn));
    let driven = output(minizinc().args(["--solver", "csp", "-a"]).args(model(name)));
    let gecode_driven = output(
        minizinc()
            .args(["--solver", "gecode", "-G", "std", "-a"])
            .args(model(name)),
    );
    for (ours, reference) in [(direct, g), (driven, solutions(&gecode_driven).0)] {
        let (a, end) = solutions(&ours);
        let distinct: BTreeSet<&String> = a.iter().collect();
        assert_eq!(distinct.len(), a.len(), "a solution repeats: {ours}");
        assert_eq!(sorted(a), sorted(reference));
        assert_eq!(end.as_deref(), Some("=========="));
    }
}

/// A float model through the driver: MiniZinc's protocol says ERROR, and
/// the reason is one line naming the FlatZinc line.
#[test]
fn float_models_are_refused_through_the_driver() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("floats.mzn");
    std::fs::write(
        &path,
        "var 0.0..1.0: f;\nconstraint f * 2.0 >= 1.0;\nsolve satisfy;\n",
    )
    .unwrap();
    let out = minizinc()
        .args(["--solver", "csp", "--json-stream"])
        .arg(&path)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success());
    assert!(stdout.contains("\"status\": \"ERROR\""), "{stdout}");
    let reason: Vec<&str> = stderr.lines().filter(|l| l.contains("fzn-csp")).collect();
    assert_eq!(reason.len(), 1, "{stderr}");
    assert!(
        reason[0].starts_with("fzn-csp: error: line ")
            && reason[0].contains("var float is not supported"),
        "{stderr}"
    );
}
