//! Branch and bound over unbounded integers (MiniZinc's `test_div12`,
//! `infinite_domain_bind` and `bug318_orig`, flattened): the optimum is
//! proved (`==========`) within a node cutoff that a walk over the values
//! past it, one by one, would exhaust; the value is Gecode's.

mod common;

use common::{have_tools, output, run_fzn, solutions};
use std::process::Command;

/// The three models as MiniZinc flattens them for our library.
const MODELS: [(&str, &str); 3] = [
    (
        "test_div12",
        "var 0..1000000000: aCostSupport:: output_var;\nvar 0..0: mdl8_Z;\nsolve minimize aCostSupport;\n",
    ),
    (
        "infinite_domain_bind",
        "var int: x:: output_var;\nconstraint int_le(10,x);\nsolve minimize x;\n",
    ),
    (
        "bug318_orig",
        "var 1..2: var1 :: output_var;\nvar int: var2 :: output_var;\n\
         var int: X_INTRODUCED_2_ ::var_is_introduced :: is_defined_var;\n\
         var int: X_INTRODUCED_4_ :: output_var ::var_is_introduced :: is_defined_var;\n\
         array [1..2] of var int: X_INTRODUCED_3_ ::var_is_introduced  = [var2,X_INTRODUCED_2_];\n\
         constraint array_var_int_element(var1,X_INTRODUCED_3_,X_INTRODUCED_4_);\n\
         constraint int_lin_eq([1,-1],[var2,X_INTRODUCED_2_],-1):: defines_var(X_INTRODUCED_2_);\n\
         solve minimize X_INTRODUCED_4_;\n",
    ),
];

#[test]
fn an_unbounded_objective_is_proved_optimal_without_walking_its_values() {
    if !have_tools() {
        return;
    }
    for (name, text) in MODELS {
        let (code, stdout, stderr) = run_fzn(text, &["-node", "100000"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let (ours, status) = solutions(&stdout);
        assert_eq!(status.as_deref(), Some("=========="), "{name}: {stdout}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.fzn");
        std::fs::write(&path, text).unwrap();
        let (gecode, _) = solutions(&output(Command::new("fzn-gecode").arg(&path)));
        assert_eq!(ours.last(), gecode.last(), "{name}: the optimum");
    }
}
