//! All-different over residues (`x.rem_euclid(n)`) against brute force:
//! random small models with negative values, offsets, repeated variables,
//! one modulus or several, residues of sums and plain operands mixed in,
//! every level; every strategy and order finds exactly the assignments of
//! the declared variables an independent check accepts (the helpers a
//! channelled residue introduces are functions of them). And the shapes
//! that must go pairwise do, the others do not.

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::{cases, solutions};
use differential::{brute_force, domain};

use csp::{
    AllDifferentLevel, IntoExpr, Model, ModelError, Operand, Solver, Strategy as Pruning,
    ValueOrder, VarOrder,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// One operand: a residue of `x[var] + offset` (or of `x[var] + x[other]`
/// with `other`) by a modulus, or the plain view `x[var] + offset`.
#[derive(Clone, Debug)]
struct Term {
    var: usize,
    offset: i32,
    other: Option<usize>,
    /// `None`: a plain view.
    modulus: Option<i64>,
}

impl Term {
    fn value(&self, values: &[i32]) -> i64 {
        let mut v = values[self.var] as i64 + self.offset as i64;
        if let Some(o) = self.other {
            v += values[o] as i64;
        }
        match self.modulus {
            Some(n) => v.rem_euclid(n),
            None => v,
        }
    }

    fn operand(&self, x: &[csp::VarId]) -> Operand {
        let base = match self.other {
            Some(o) => x[self.var] + x[o] + self.offset as i64,
            None => (x[self.var] + self.offset).into_expr(),
        };
        match self.modulus {
            Some(n) => Operand::Residue(base.rem_euclid(n)),
            None => Operand::Expr(base),
        }
    }
}

#[derive(Clone, Debug)]
struct Case {
    domains: Vec<Vec<i32>>,
    terms: Vec<Term>,
    level: Option<AllDifferentLevel>,
}

fn case() -> impl Strategy<Value = Case> {
    (1..=4usize, 1..=5i64).prop_flat_map(|(n, shared)| {
        let term = (
            0..n,
            -7..=7i32,
            prop_oneof![6 => Just(None), 1 => (0..n).prop_map(Some)],
            prop_oneof![
                8 => Just(Some(shared)),
                1 => (1..=6i64).prop_map(Some),
                1 => Just(None),
            ],
        )
            .prop_map(|(var, offset, other, modulus)| Term {
                var,
                offset,
                other,
                modulus,
            });
        let level = proptest::option::of(proptest::sample::select(vec![
            AllDifferentLevel::Value,
            AllDifferentLevel::Bounds,
            AllDifferentLevel::Domain,
        ]));
        (
            proptest::collection::vec(domain(-6..=6, 5), n),
            proptest::collection::vec(term, 1..=4),
            level,
        )
            .prop_map(|(domains, terms, level)| Case {
                domains,
                terms,
                level,
            })
    })
}

fn build(case: &Case) -> Model {
    let mut model = Model::new();
    let x = differential::variables(&mut model, &case.domains);
    let ops = case.terms.iter().map(|t| t.operand(&x));
    match case.level {
        Some(level) => model.all_different_with(ops, level).unwrap(),
        None => model.all_different(ops).unwrap(),
    };
    model
}

fn expected(case: &Case) -> BTreeSet<Vec<i32>> {
    brute_force(&case.domains, &|v| {
        let mut seen: Vec<i64> = case.terms.iter().map(|t| t.value(v)).collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    })
}

/// Every strategy and order finds exactly `want` on the first `n`
/// variables, each once.
fn every_search_finds_projected(
    model: &Model,
    n: usize,
    want: &BTreeSet<Vec<i32>>,
) -> Result<(), TestCaseError> {
    let mut solvers = vec![Solver::new(model)];
    // Generate-and-test enumerates the helpers' domains too: only
    // without helpers.
    let strategies = Pruning::ALL
        .iter()
        .filter(|&&s| s != Pruning::GenerateAndTest || model.num_vars() == n);
    for &strategy in strategies {
        for &var_order in VarOrder::ALL {
            for &value_order in [ValueOrder::Ascending, ValueOrder::Descending].iter() {
                solvers.push(
                    Solver::new(model)
                        .strategy(strategy)
                        .var_order(var_order)
                        .value_order(value_order),
                );
            }
        }
    }
    for solver in &solvers {
        let found = solutions(solver);
        let projected: BTreeSet<Vec<i32>> = found.iter().map(|s| s[..n].to_vec()).collect();
        prop_assert_eq!(found.len(), projected.len(), "helpers are functions");
        prop_assert_eq!(&projected, want, "{:?}", solver.get_strategy());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn residues_match_brute_force(case in case()) {
        let model = build(&case);
        every_search_finds_projected(&model, case.domains.len(), &expected(&case))?;
    }
}

/// The toroidal board's diagonals over `n` queens.
fn toroidal(n: usize) -> Model {
    let mut m = Model::new();
    let q = m.int_vars(n, 0..n as i32).unwrap();
    m.all_different(&q).unwrap();
    for sign in [1, -1] {
        m.all_different((0..n).map(|i| (q[i] + sign * i as i64).rem_euclid(n as i64)))
            .unwrap();
    }
    m
}

#[test]
fn toroidal_diagonals_are_pairwise_disequalities() {
    let n = 7;
    let model = toroidal(n);
    assert_eq!(model.num_vars(), n, "no helper variables");
    let names: BTreeSet<&str> = model
        .constraint_ids()
        .map(|c| model.constraint_name(c))
        .collect();
    assert_eq!(names, BTreeSet::from(["all-different", "not-equal"]));
    // Per pair and direction: i - j's two representatives in -(n-1)..n.
    let pairs = n * (n - 1) / 2;
    assert_eq!(model.num_constraints(), 1 + 2 * 2 * pairs);
    assert_eq!(Solver::new(&model).get_strategy(), Pruning::ForwardChecking);
    // The literature's counts (OEIS A051906).
    for (n, count) in [(5, 10), (7, 28), (11, 88), (6, 0)] {
        assert_eq!(
            Solver::new(&toroidal(n)).count().solutions(),
            count,
            "n = {n}"
        );
    }
}

#[test]
fn other_shapes_are_channelled() {
    let mut m = Model::new();
    let x = m.int_vars(3, 0..100).unwrap();
    // 100-value domains against modulus 3: 66 differences per pair.
    m.all_different(x.iter().map(|&v| v.rem_euclid(3))).unwrap();
    assert_eq!(m.num_vars(), 6, "one helper per residue");
    assert!(m.is_expression_helper(m.vars().nth(3).unwrap()));
    // A stronger level, or a plain operand beside residues: channelled too.
    let mut m = Model::new();
    let x = m.int_vars(3, 0..3).unwrap();
    m.all_different_with(
        x.iter().map(|&v| v.rem_euclid(3)),
        AllDifferentLevel::Domain,
    )
    .unwrap();
    assert_eq!(m.num_vars(), 6);
    let mut m = Model::new();
    let x = m.int_vars(2, 0..3).unwrap();
    m.all_different([
        Operand::Residue(x[0].rem_euclid(2)),
        Operand::Expr(x[1].into_expr()),
    ])
    .unwrap();
    assert_eq!(m.num_vars(), 3);
    assert_eq!(Solver::new(&m).count().solutions(), 6); // x0 mod 2 != x1
}

#[test]
fn a_variable_against_itself() {
    let mut m = Model::new();
    let x = m.int_var(0..10).unwrap();
    // x and x + 6 agree modulo 3: never different.
    m.all_different([x.rem_euclid(3), (x + 6).rem_euclid(3)])
        .unwrap();
    assert_eq!(Solver::new(&m).count().solutions(), 0);
    let mut m = Model::new();
    let x = m.int_var(0..10).unwrap();
    m.all_different([x.rem_euclid(3), (x + 1).rem_euclid(3)])
        .unwrap();
    assert_eq!(Solver::new(&m).count().solutions(), 10);
}

#[test]
fn bad_moduli_are_refused_without_a_panic() {
    let mut m = Model::new();
    let x = m.int_vars(2, -5..5).unwrap();
    for n in [0, -3, i64::MIN] {
        assert_eq!(
            m.all_different(x.iter().map(|v| v.rem_euclid(n))),
            Err(ModelError::ModulusNotPositive { modulus: n })
        );
    }
    // A modulus beyond 32 bits: pairwise over single variables...
    m.all_different(x.iter().map(|v| v.rem_euclid(i64::MAX)))
        .unwrap();
    // ... and a residue of a sum that would need a 63-bit helper: refused.
    let e = m
        .all_different([
            (x[0] + x[1]).rem_euclid(i64::MAX),
            (x[0] - x[1]).rem_euclid(2),
        ])
        .unwrap_err();
    assert!(matches!(e, ModelError::ExpressionTooLarge { .. }), "{e}");
}
