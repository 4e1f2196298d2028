//! A model that multiplies two variables gets the linear relaxation
//! (`Model::linear_relaxation`): its rows are then checked together.

mod common;

use common::run_fzn;

/// Any two of three sum to at most 2, all three to at least 4: each row
/// alone leaves every bound, together they are infeasible. `with` adds
/// a product of two other variables.
fn triangle(with: &str) -> String {
    format!(
        "array [1..2] of int: two = [1,1];\n\
         array [1..3] of int: three = [-1,-1,-1];\n\
         var 0..2: x :: output_var;\nvar 0..2: y :: output_var;\nvar 0..2: z :: output_var;\n\
         var 1..3: a;\nvar 1..3: b;\nvar 1..9: c;\n\
         constraint int_lin_le(two,[x,y],2);\n\
         constraint int_lin_le(two,[y,z],2);\n\
         constraint int_lin_le(two,[x,z],2);\n\
         constraint int_lin_le(three,[x,y,z],-4);\n\
         {with}solve satisfy;\n"
    )
}

fn failures(stdout: &str) -> u64 {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("%%%mzn-stat: failures="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no failures in {stdout}"))
}

#[test]
fn a_product_brings_the_relaxation_that_refutes_the_rows_together() {
    let args = ["--strategy", "arc-consistency", "-s"];
    let (code, plain, _) = run_fzn(&triangle(""), &args);
    assert_eq!(code, 0);
    assert!(plain.starts_with("=====UNSATISFIABLE====="), "{plain}");
    assert!(failures(&plain) > 0, "{plain}");
    let (code, relaxed, _) = run_fzn(&triangle("constraint int_times(a,b,c);\n"), &args);
    assert_eq!(code, 0);
    assert!(relaxed.starts_with("=====UNSATISFIABLE====="), "{relaxed}");
    assert_eq!(failures(&relaxed), 0, "{relaxed}");
    // A product by a constant is linear already: no relaxation.
    let (_, by_constant, _) = run_fzn(&triangle("constraint int_times(a,2,c);\n"), &args);
    assert!(failures(&by_constant) > 0, "{by_constant}");
}
