//! Extreme coefficients and offsets: every answer exact under every
//! strategy, or a typed error when the model is built; never a silently
//! saturated or wrapped number.

use csp::{Cmp, Model, ModelError, Solver, Strategy, View};

/// The solution count under each strategy (they must all agree).
fn counts(model: &Model) -> Vec<u64> {
    Strategy::ALL
        .iter()
        .map(|&s| Solver::new(model).strategy(s).count().solutions())
        .collect()
}

#[test]
fn repeated_variables_in_a_linear_sum_are_merged_exactly() {
    // MAX*x + x - x = MAX over x in {0, 1}: x = 1.
    let mut m = Model::new();
    let x = m.int_var(0..2).unwrap();
    let terms = [(i64::MAX, x), (1, x), (-1, x)];
    m.linear(terms, Cmp::Eq, i64::MAX).unwrap();
    assert_eq!(counts(&m), vec![1; Strategy::ALL.len()]);

    // MAX*x + MAX*x - MAX*x - MAX*x = 0 holds for every x.
    let mut m = Model::new();
    let x = m.int_var(0..3).unwrap();
    let terms = [(i64::MAX, x), (i64::MAX, x), (-i64::MAX, x), (-i64::MAX, x)];
    m.linear(terms, Cmp::Eq, 0).unwrap();
    assert_eq!(counts(&m), vec![3; Strategy::ALL.len()]);
}

#[test]

fn a_merged_coefficient_beyond_64_bits_is_refused() {
    // 2*MAX*x is not a 64-bit coefficient: a typed error, not MAX*x.
    let mut m = Model::new();
    let x = m.int_var(0..2).unwrap();
    let terms = [(i64::MAX, x), (i64::MAX, x)];
    assert_eq!(
        m.linear(terms, Cmp::Le, 0),
        Err(ModelError::CoefficientOverflow { var: 0 })
    );
    assert_eq!(m.num_constraints(), 0);
}

#[test]
fn views_at_the_largest_offset_compute_exactly() {
    use csp::MAX_OFFSET;
    let mut m = Model::new();
    let x = m.int_var(0..3).unwrap();
    let y = m.int_var(0..3).unwrap();
    let up = |v: csp::VarId| View {
        var: v,
        offset: MAX_OFFSET,
    };
    let down = |v: csp::VarId| View {
        var: v,
        offset: -MAX_OFFSET,
    };
    // x + 2^60 and y - 2^60 never meet; nothing is counted 2^60 away.
    m.all_different([up(x), down(y)]).unwrap();
    m.not_equal(down(x), up(y)).unwrap();
    // Pairwise only so far: forward checking's neighbour lists and kernel.
    assert_eq!(counts(&m), vec![9; Strategy::ALL.len()]);
    m.count_eq([up(x), down(y)], 0, 0).unwrap();
    // MAX*(x + 2^60) - MAX*(y + 2^60) = 0: x = y.
    m.linear([(i64::MAX, up(x)), (-i64::MAX, up(y))], Cmp::Eq, 0)
        .unwrap();
    assert_eq!(counts(&m), vec![3; Strategy::ALL.len()]);
}

#[test]
fn offsets_and_constants_beyond_the_limits_are_refused() {
    use csp::MAX_OFFSET;
    let mut m = Model::new();
    let x = m.int_var(0..3).unwrap();
    let far = View {
        var: x,
        offset: i64::MAX,
    };
    let err = Err(ModelError::OffsetTooLarge { offset: i64::MAX });
    assert_eq!(m.all_different([x.into(), far]), err);
    assert_eq!(m.count_eq([far], 0, 1), err);
    assert_eq!(m.linear([(1, far)], Cmp::Eq, 0), err);
    // Five times MAX * 2^60 folded into the right-hand side: beyond 2^125.
    let up = View {
        var: x,
        offset: MAX_OFFSET,
    };
    assert_eq!(
        m.linear([(i64::MAX, up); 5], Cmp::Le, 0),
        Err(ModelError::ConstantOverflow)
    );
    assert_eq!(m.num_constraints(), 0);
}

#[test]
fn a_view_repeated_in_many_places_counts_its_self_conflicts_exactly() {
    // 70,000 copies of x in one all-different: 70,000 * 69,999 ordered
    // pairs of copies conflict, more than a u32 holds.
    let mut m = Model::new();
    let x = m.int_var(0..2).unwrap();
    let y = m.int_var(0..2).unwrap();
    m.all_different(vec![x; 70_000]).unwrap();
    m.not_equal(x, y).unwrap();
    let outcome = csp::MinConflicts::new(&m).max_steps(50).solve();
    assert!(!outcome.status.is_solved());
    assert_eq!(counts(&m), vec![0; Strategy::ALL.len()]);
}

/// A linear constraint as plain data: terms (coefficient, variable,
/// offset), comparison, right-hand side.
type LinearSpec = (Vec<(i64, usize, i64)>, Cmp, i64);

fn extreme_linear() -> impl proptest::strategy::Strategy<Value = LinearSpec> {
    use proptest::prelude::*;
    let coef = prop_oneof![
        -3..=3i64,
        prop::sample::select(vec![i64::MIN, -i64::MAX, i64::MAX, i64::MAX - 1, 1 << 62]),
    ];
    let offset = prop_oneof![
        -2..=2i64,
        prop::sample::select(vec![csp::MAX_OFFSET, -csp::MAX_OFFSET, 1 << 40]),
    ];
    let cmp = prop::sample::select(vec![Cmp::Eq, Cmp::Ne, Cmp::Le, Cmp::Ge]);
    let rhs = prop_oneof![
        -4..=4i64,
        prop::sample::select(vec![i64::MIN, i64::MAX, i64::MAX - 1, -i64::MAX]),
    ];
    (
        prop::collection::vec((coef, 0..2usize, offset), 1..=5),
        cmp,
        rhs,
    )
}

/// The sum over the raw terms, exactly, for values `x`.
fn raw_sum(terms: &[(i64, usize, i64)], x: &[i64]) -> i128 {
    terms
        .iter()
        .map(|&(a, i, off)| a as i128 * (x[i] as i128 + off as i128))
        .sum()
}

/// A two-variable equality whose coefficient is `i64::MIN` is no pair of
/// unit coefficients (the linear propagator's value channel takes only
/// 1 and -1), and its shape test must not overflow asking: `MIN * x0 + x1
/// = 0` (or `- x1`) holds only at 0, 0.
#[test]
fn an_equality_with_the_most_negative_coefficient_is_exact() {
    for other in [1, -1] {
        let mut m = Model::new();
        let x = m.int_vars(2, -2..=3).unwrap();
        m.linear([(i64::MIN, x[0]), (other, x[1])], Cmp::Eq, 0)
            .unwrap();
        assert_eq!(counts(&m), vec![1; Strategy::ALL.len()]);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 500, ..Default::default() })]

    /// Extreme coefficients, offsets and right-hand sides, with repeated
    /// variables: every strategy counts exactly what the raw terms accept,
    /// or the model refuses the constraint for a reason that holds.
    #[test]
    fn extreme_linear_constraints_are_exact_or_refused((terms, cmp, rhs) in extreme_linear()) {
        const VALUES: std::ops::RangeInclusive<i32> = -2..=3;
        let mut m = Model::new();
        let x = m.int_vars(2, VALUES).unwrap();
        let views: Vec<(i64, View)> = terms
            .iter()
            .map(|&(a, i, offset)| (a, View { var: x[i], offset }))
            .collect();
        match m.linear(views, cmp, rhs) {
            Ok(_) => {
                let mut expected = 0u64;
                for a in VALUES {
                    for b in VALUES {
                        let sum = raw_sum(&terms, &[a as i64, b as i64]);
                        expected += cmp.holds(sum, rhs as i128) as u64;
                    }
                }
                proptest::prop_assert_eq!(counts(&m), vec![expected; Strategy::ALL.len()]);
            }
            Err(ModelError::CoefficientOverflow { var }) => {
                let merged: i128 = terms.iter().filter(|t| t.1 == var).map(|t| t.0 as i128).sum();
                proptest::prop_assert!(i64::try_from(merged).is_err());
            }
            Err(ModelError::ConstantOverflow) => {
                // The constant is rhs minus the sum at x = 0.
                let constant = rhs as i128 - raw_sum(&terms, &[0, 0]);
                proptest::prop_assert!(constant.unsigned_abs() > csp::MAX_LINEAR_CONSTANT as u128);
            }
            Err(e) => proptest::prop_assert!(false, "unexpected error {e}"),
        }
    }
}
