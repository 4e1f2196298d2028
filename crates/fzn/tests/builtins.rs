//! Every builtin of the table, on a tiny FlatZinc file of its own (small
//! variables in every variable position, fixed constants elsewhere): the
//! solutions `fzn-csp` enumerates must be exactly those a brute-force
//! enumeration of all assignments accepts by the builtin's semantics, under
//! every pruning strategy; and those semantics must be MiniZinc's: where
//! Gecode's FlatZinc interpreter knows the builtin, its solutions on the
//! same file are the same.

mod common;

use common::{have_tools, output, run_fzn, solutions};
use csp_fzn::builtins::{Param, ENTRIES};
use csp_fzn::{Instance, Term};
use std::collections::BTreeSet;
use std::process::Command;

/// A tiny FlatZinc file exercising `name` with this signature.
fn tiny(name: &str, params: &[Param]) -> String {
    let table = name.contains("table");
    // Every constant is 1: one state, one value, so one transition.
    let regular = name.contains("regular");
    // Two rectangles of four variables: eight, not twelve, to enumerate.
    let length = if name.contains("diffn") { 2 } else { 3 };
    let mut decls = String::new();
    let mut args = Vec::new();
    let mut next = 0;
    let mut var = |decls: &mut String, ty: &str| {
        next += 1;
        let v = format!("v{next}");
        decls.push_str(&format!("var {ty}: {v} :: output_var;\n"));
        v
    };
    for &p in params {
        let arg = match p {
            Param::Int => "1".to_owned(),
            Param::Set => "{-1,1,2}".to_owned(),
            Param::VarInt => var(&mut decls, "-1..3"),
            Param::VarBool => var(&mut decls, "bool"),
            Param::IntArr if table => "[0,1,2,1,1,1,-1,0,2,2,2,2]".to_owned(),
            // One arc (1, 1, 1) as the nondeterministic automaton's triple.
            Param::IntArr if name.contains("regular_nfa") => "[1,1,1]".to_owned(),
            Param::IntArr if regular => "[1]".to_owned(),
            Param::IntArr => "[2,-1,1]".to_owned(),
            Param::BoolArr if table => {
                "[true,false,true,false,false,true,true,true,true]".to_owned()
            }
            Param::BoolArr => "[true,false,true]".to_owned(),
            Param::VarIntArr | Param::VarBoolArr => {
                let ty = if p == Param::VarIntArr {
                    "-1..2"
                } else {
                    "bool"
                };
                let vs: Vec<String> = (0..length).map(|_| var(&mut decls, ty)).collect();
                format!("[{}]", vs.join(","))
            }
        };
        args.push(arg);
    }
    format!(
        "{decls}constraint {name}({});\nsolve satisfy;\n",
        args.join(", ")
    )
}

/// Every solution by brute force over all assignments, formatted as the
/// solver prints them.
fn brute_force(inst: &Instance) -> BTreeSet<String> {
    let doms: Vec<Vec<i64>> = inst
        .vars
        .iter()
        .map(|v| v.domain.values().collect())
        .collect();
    let mut found = BTreeSet::new();
    csp::each_combination(&doms, |values| {
        let value = |t: Term| match t {
            Term::Const(c) => c,
            Term::Var(x) => values[x],
        };
        if inst
            .constraints
            .iter()
            .all(|c| c.entry.holds(&c.args, &value))
        {
            let text = csp_fzn::output::format_solution(inst, &value);
            found.extend(solutions(&text).0);
        }
    });
    found
}

fn ours(text: &str, strategy: &str) -> (BTreeSet<String>, Option<String>) {
    let opts = csp_fzn::options::parse(["-a", "--strategy", strategy]).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    csp_fzn::run(text, &opts, &mut out, &mut err).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (sols, end) = solutions(&String::from_utf8(out).unwrap());
    let set: BTreeSet<String> = sols.iter().cloned().collect();
    assert_eq!(set.len(), sols.len(), "a solution repeated:\n{text}");
    (set, end)
}

#[test]
fn every_builtin_finds_exactly_the_brute_force_solutions() {
    for e in ENTRIES {
        let text = tiny(e.name, e.params);
        let inst = csp_fzn::resolve(&csp_fzn::parse(&text).unwrap()).unwrap();
        let expected = brute_force(&inst);
        for strategy in ["arc-consistency", "forward-checking", "backtracking"] {
            let (found, end) = ours(&text, strategy);
            assert_eq!(found, expected, "{} ({strategy}):\n{text}", e.name);
            let want = if expected.is_empty() {
                "=====UNSATISFIABLE====="
            } else {
                "=========="
            };
            assert_eq!(end.as_deref(), Some(want), "{}", e.name);
        }
    }
}

#[test]
fn every_builtin_gecode_knows_means_the_same_there() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    let mut unknown = Vec::new();
    for e in ENTRIES {
        let text = tiny(e.name, e.params);
        let path = dir.path().join(format!("{}.fzn", e.name));
        std::fs::write(&path, &text).unwrap();
        let run = Command::new("fzn-gecode")
            .arg("-a")
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        // Gecode 6.2 lacks some builtins (`int_pow`, the `_imp` forms,
        // two-argument `bool_xor`, ours): it says so, and exits.
        if stderr.contains("Error") {
            unknown.push(e.name);
            continue;
        }
        // Gecode 6.2 posts `bool_clause_imp(as, bs, r)` as `clause -> r`,
        // the reverse of MiniZinc's definition (`r -> clause`, what the
        // brute-force test above checks): its solutions keep `r` true
        // except where the clause is false.
        if e.name == "bool_clause_imp" {
            continue;
        }
        let gecode = output(Command::new("fzn-gecode").arg("-a").arg(&path));
        let (g, g_end) = solutions(&gecode);
        let (found, end) = ours(&text, "arc-consistency");
        assert_eq!(
            found,
            g.into_iter().collect(),
            "{} differs from Gecode:\n{text}",
            e.name
        );
        assert_eq!(end, g_end, "{}", e.name);
        compared += 1;
    }
    eprintln!("compared with Gecode: {compared}; not in Gecode's registry: {unknown:?}");
    assert!(
        compared >= 50,
        "only {compared} builtins compared with Gecode"
    );
}

#[test]
fn the_table_has_every_reified_form_the_issue_lists() {
    for base in [
        "int_eq",
        "int_ne",
        "int_le",
        "int_lt",
        "int_lin_eq",
        "int_lin_ne",
        "int_lin_le",
        "bool_eq",
        "bool_le",
        "bool_lt",
        "bool_clause",
        "set_in",
    ] {
        for suffix in ["_reif", "_imp"] {
            let name = format!("{base}{suffix}");
            assert!(ENTRIES.iter().any(|e| e.name == name), "{name} missing");
        }
    }
    for name in [
        "int_plus",
        "int_times",
        "int_div",
        "int_mod",
        "int_abs",
        "int_min",
        "int_max",
        "int_pow",
        "array_int_element",
        "array_var_int_element",
        "bool2int",
        "array_bool_and",
        "array_bool_or",
        "bool_and_imp",
        "bool_or_imp",
        "bool_xor_imp",
        "array_bool_xor",
    ] {
        assert!(ENTRIES.iter().any(|e| e.name == name), "{name} missing");
    }
}

/// Special shapes some mappings treat apart: two-term disequalities become
/// the engine's not-equal on a view, constants and repeated variables fold,
/// constant arguments of native kinds become fixed variables (beyond 32
/// bits, the decomposition), fixed reification variables post the
/// constraint or its negation.
#[test]
fn special_shapes_find_exactly_the_brute_force_solutions() {
    let head =
        "var -1..3: x :: output_var;\nvar 0..2: y :: output_var;\nvar bool: b :: output_var;\n";
    for c in [
        "int_lin_ne([1,-1], [x, y], 1)",
        "int_lin_ne([-1,1], [x, y], 2)",
        "int_lin_ne([1,-1], [x, x], 0)",
        "int_lin_ne([2,-2], [x, y], 2)",
        "int_times(x, x, y)",
        "int_times(x, y, x)",
        "int_lin_le_reif([1,1], [x, 3], 4, b)",
        "fzn_all_different_int([x, 1, y])",
        "fzn_count_eq_par([x, 1, y], 1, 2)",
        "csp_table_int([x, 2, y], [0,2,1, 1,1,1, 3,2,0])",
        "array_var_int_element(y, [x, 2, x], x)",
        "int_eq_imp(x, y, true)",
        "bool_clause_reif([], [], b)",
        "int_div(x, y, x)",
        "int_div(7, x, y)",
        "int_mod(x, 2, y)",
        "int_mod(x, x, y)",
        "int_abs(x, x)",
        "int_max(x, y, x)",
        "int_min(x, x, y)",
        "int_times(x, 3000000000, y)",
        "array_int_maximum(y, [x, 1, y])",
        "array_int_minimum(x, [x, 1, y])",
        "array_int_element(x, [2,0,1], y)",
        "array_int_element(2, [2,0,1], y)",
        "array_int_element(y, [1,5000000000,0], x)",
        "array_var_int_element(x, [y, y, 1], y)",
        "array_var_int_element(y, [x, 1, 4000000000], x)",
        "array_bool_element(x, [true,false,true], b)",
        "int_lin_le_reif([1,1], [x, y], 2, true)",
        "int_lin_eq_reif([1,1], [x, y], 2, false)",
        "int_lin_ne_imp([1], [3], 2, b)",
        "int_lin_le_reif([1], [3], 2, b)",
        "int_le_reif(x, x, b)",
        "int_lt_reif(x, y, false)",
        "set_in_reif(x, {0,2}, b)",
        "set_in_reif(2, {0,2}, b)",
        "set_in_reif(x, {0,2}, false)",
        "set_in_imp(x, {-1,3}, false)",
        "set_in(x, {-5,0,2,9})",
        "set_in(x, {-5,1,2,9})",
        "bool_clause([b, false], [true, b])",
        "bool_clause([false], [true])",
        "bool_clause_reif([b], [b], b)",
        "bool_clause_imp([], [b], b)",
        "array_bool_or([false, b], b)",
        "array_bool_and([b, true], b)",
        "bool_xor(b, b, b)",
    ] {
        let text = format!("{head}constraint {c};\nsolve satisfy;\n");
        let inst = csp_fzn::resolve(&csp_fzn::parse(&text).unwrap()).unwrap();
        let expected = brute_force(&inst);
        for strategy in ["arc-consistency", "forward-checking"] {
            assert_eq!(ours(&text, strategy).0, expected, "{c} ({strategy})");
        }
    }
}

/// Variables declared without bounds (`var int`) take the engine's full
/// range; products and sums over them are exact (no overflow), and where
/// Gecode is installed its solutions are the same.
#[test]
fn unbounded_variables_give_exact_products_and_sums() {
    let cases = [
        (
            "var int: x :: output_var;\nvar int: y :: output_var;\nvar int: z :: output_var;\n\
             constraint int_times(x, y, z);\nconstraint int_eq(z, 2999979);\n\
             constraint int_le(0, y);\nconstraint int_le(y, 3);\nsolve satisfy;\n",
            vec!["x = 2999979;\ny = 1;\nz = 2999979;\n", "x = 999993;\ny = 3;\nz = 2999979;\n"],
        ),
        (
            "var int: x :: output_var;\nvar int: y :: output_var;\n\
             constraint int_lin_eq([1, 1], [x, y], 300000000);\n\
             constraint int_lin_le([-1], [x], -299999998);\nconstraint int_le(0, y);\nsolve satisfy;\n",
            vec![
                "x = 299999998;\ny = 2;\n",
                "x = 299999999;\ny = 1;\n",
                "x = 300000000;\ny = 0;\n",
            ],
        ),
        (
            "var int: x :: output_var;\nvar int: y :: output_var;\n\
             constraint int_lin_eq([3, -2], [x, y], 1);\n\
             constraint int_le(x, 1000000000);\nconstraint int_le(999999995, x);\nsolve satisfy;\n",
            vec![
                "x = 999999995;\ny = 1499999992;\n",
                "x = 999999997;\ny = 1499999995;\n",
                "x = 999999999;\ny = 1499999998;\n",
            ],
        ),
    ];
    let gecode = have_tools();
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, expected)) in cases.iter().enumerate() {
        let expected: BTreeSet<String> = expected
            .iter()
            .map(|s| solutions(&format!("{s}----------\n")).0.remove(0))
            .collect();
        let (found, end) = ours(text, "arc-consistency");
        assert_eq!(found, expected, "{text}");
        assert_eq!(end.as_deref(), Some("=========="), "{text}");
        if gecode {
            let path = dir.path().join(format!("unbounded{i}.fzn"));
            std::fs::write(&path, text).unwrap();
            let out = output(Command::new("fzn-gecode").arg("-a").arg(&path));
            let (g, g_end) = solutions(&out);
            assert_eq!(g.into_iter().collect::<BTreeSet<_>>(), found, "{text}");
            assert_eq!(g_end, end, "{text}");
        }
    }
}

/// The unbounded range's ends (Gecode's, `-2147483646..=2147483646`): a
/// sum at its edge (the constant beyond 32 bits) has its one solution.
#[test]
fn a_sum_at_the_edge_of_32_bits_is_exact() {
    let text = "var int: x :: output_var;\nvar int: y :: output_var;\n\
                constraint int_lin_eq([1, 1], [x, y], 4294967292);\nsolve satisfy;\n";
    let (found, end) = ours(text, "arc-consistency");
    let want = solutions("x = 2147483646;\ny = 2147483646;\n----------\n").0;
    assert_eq!(found, want.into_iter().collect());
    assert_eq!(end.as_deref(), Some("=========="));
}

/// diffn's projections are implied cumulatives with edge finding: five
/// unit squares on a 2x2 board overload it, which edge finding sees at the
/// root, where time-tabling (no compulsory parts) and the pairwise
/// reasoning leave it to the search (six failures before).
#[test]
fn diffn_projections_find_an_overload_at_the_root() {
    let mut text = String::from(
        "predicate fzn_diffn(array [int] of var int: x,array [int] of var int: y,\
         array [int] of var int: dx,array [int] of var int: dy);\n",
    );
    let names = |axis: &str| (1..=5).map(|i| format!("{axis}{i}")).collect::<Vec<_>>();
    for v in names("x").iter().chain(&names("y")) {
        text += &format!("var 0..1: {v} :: output_var;\n");
    }
    text += &format!(
        "constraint fzn_diffn([{}],[{}],[1,1,1,1,1],[1,1,1,1,1]);\nsolve satisfy;\n",
        names("x").join(","),
        names("y").join(",")
    );
    for strategy in ["arc-consistency", "clause-learning"] {
        let (code, stdout, stderr) = run_fzn(&text, &["-s", "--strategy", strategy]);
        assert_eq!(code, 0, "{strategy}: {stderr}");
        assert!(
            stdout.contains("=====UNSATISFIABLE====="),
            "{strategy}: {stdout}"
        );
        assert!(
            stdout.contains("%%%mzn-stat: failures=0\n"),
            "{strategy}: {stdout}"
        );
    }
}
