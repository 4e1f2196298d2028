//! The routing, packing, element, counting, selection, precedence, nvalue,
//! diffn, scheduling (variable durations), automaton, reified table and
//! reified all-different globals through MiniZinc: `mznlib/` passes each to its native builtin
//! (the FlatZinc `minizinc --solver csp -c` emits names it, and not
//! MiniZinc's decomposition), and the answers through the real driver are
//! Gecode's on the standard library's FlatZinc (`tests/models/`: every
//! solution, counted with `-a`).

mod common;

use common::{have_tools, minizinc, model, output, run_fzn, solutions, std_fzn};
use std::process::Command;

/// Each model, the native builtins its FlatZinc must call, and what must
/// not appear (the decomposition's telltale).
const MODELS: &[(&str, &[&str], &str)] = &[
    (
        "element_from",
        &[
            "csp_array_var_int_element(i,3,",
            "csp_array_var_int_element(j,0,",
            "csp_array_var_bool_element(k,-1,",
        ],
        "int_lin_eq([1,-1],[i,",
    ),
    ("subcircuit_count", &["csp_subcircuit("], "int_lin_le_reif"),
    (
        "precede_nvalue",
        &[
            "fzn_value_precede_chain_int(X_INTRODUCED_9_,x)",
            "fzn_value_precede_chain_int(X_INTRODUCED_10_,y)",
            "fzn_value_precede_int(2,0,y)",
            "fzn_nvalue(n,x)",
        ],
        "_reif(",
    ),
    (
        "diffn_squares",
        &["fzn_diffn(x,y,w,h)", "fzn_diffn_nonstrict("],
        "_reif(",
    ),
    (
        "diffn_fixed",
        &["fzn_diffn(x,y,w,h)", "fzn_diffn_nonstrict(u,v,w,h)"],
        "_reif(",
    ),
    (
        "packing_bins",
        &[
            "csp_bin_packing_load(",
            "csp_bin_packing_capa([5,4,3],0,",
            "csp_bin_packing_capa([5,5,5],0,",
        ],
        "bool2int",
    ),
    (
        "counts_selection",
        &[
            "csp_global_cardinality_counts(",
            "fzn_member_int(",
            "fzn_member_bool(",
            "csp_arg_max_int(",
            "csp_arg_min_int(",
        ],
        "int_eq_reif",
    ),
    (
        "scheduling_vars",
        &[
            "csp_cumulative_vars(s,d,",
            "csp_cumulative_vars(t,e,[1,1,1],1)",
        ],
        "int_lin_le_imp",
    ),
    (
        "automata",
        &[
            "csp_regular_nfa(x,4,3,",
            "csp_regular_nfa(y,3,2,",
            "csp_cost_regular(z,2,2,",
        ],
        "array_set_element",
    ),
    (
        "tables_reif",
        &["csp_table_int_reif(x,", "csp_table_int_reif(y,[0,1,1,2],"],
        "bool2int",
    ),
    (
        "all_different_reif",
        &["fzn_all_different_int_reif(x,"],
        "int_ne_reif",
    ),
    (
        "counts_fixed_value",
        &["fzn_among(c,x,2..2)", "fzn_among(d,x,1..1)"],
        "int_eq_reif",
    ),
];

#[test]
fn mznlib_passes_the_globals_to_their_native_builtins() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for &(name, natives, decomposed) in MODELS {
        let fzn = dir.path().join(format!("{name}.fzn"));
        output(
            minizinc()
                .args(["--solver", "csp", "-c", "--fzn"])
                .arg(&fzn)
                .arg("--ozn")
                .arg(dir.path().join(format!("{name}.ozn")))
                .args(model(name)),
        );
        let text = std::fs::read_to_string(&fzn).unwrap();
        for native in natives {
            assert!(text.contains(native), "{name}: no {native} in\n{text}");
        }
        assert!(
            !text.contains(decomposed),
            "{name}: {decomposed} in\n{text}"
        );
    }
}

#[test]
fn the_globals_get_gecodes_answers_through_minizinc() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for &(name, _, _) in MODELS {
        let fzn = std_fzn(name, dir.path());
        let gecode = output(Command::new("fzn-gecode").arg("-a").arg(&fzn));
        let ours = output(minizinc().args(["--solver", "csp", "-a"]).args(model(name)));
        let (g, g_end) = solutions(&gecode);
        let (a, a_end) = solutions(&ours);
        assert!(!g.is_empty(), "{name}: the oracle found nothing");
        assert_eq!(a.len(), g.len(), "{name}: solution count");
        assert_eq!(a_end, g_end, "{name}: final status");
    }
}

/// Constants beyond 32 bits: chain values far outside every domain never
/// occur (so neither do the values after them), and a diffn size beyond
/// 32 bits falls back to the generic relation; no error, no panic.
#[test]
fn precedence_and_diffn_take_constants_beyond_32_bits() {
    let decls =
        "var -1..3: a :: output_var;\nvar -1..3: b :: output_var;\nvar -1..3: c :: output_var;\n";
    // 1 needs the huge value before it, 2 needs the least i64: neither
    // occurs, so b and c take at most two values, which a (no 1, no 2)
    // cannot count.
    let chains = "constraint fzn_value_precede_chain_int([9223372036854775807,1,-9223372036854775808],[a,b,c]);\n\
                  constraint fzn_value_precede_int(-9223372036854775808,2,[a,b,c]);\n\
                  constraint fzn_nvalue(a,[b,c]);\nsolve satisfy;\n";
    let (code, out, err) = run_fzn(&format!("{decls}{chains}"), &["-a"]);
    assert_eq!(
        (code, out.trim_end()),
        (0, "=====UNSATISFIABLE====="),
        "{err}"
    );
    // A unit square and a rectangle wider than 32 bits: apart in y, or
    // the square to its left.
    let diffn = "constraint fzn_diffn([a,b],[c,0],[1,9999999999],[1,1]);\nsolve satisfy;\n";
    let (code, out, err) = run_fzn(&format!("{decls}{diffn}"), &["-a"]);
    assert_eq!(code, 0, "{err}");
    let (sols, end) = solutions(&out);
    // Apart: c != 0, or a + 1 <= b (a < b), or b + 9999999999 <= a (never).
    let expected = (-1..=3)
        .flat_map(|a| (-1..=3).flat_map(move |b| (-1..=3).map(move |c| (a, b, c))))
        .filter(|&(a, b, c)| c != 0 || a < b)
        .count();
    assert_eq!((sols.len(), end.as_deref()), (expected, Some("==========")));
}
