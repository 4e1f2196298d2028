//! Propagation strength against brute force: for each propagator, a model
//! of that one constraint over random small domains (holes allowed), arc
//! consistency's root propagation, and the level of consistency the
//! propagator's documentation claims, checked by enumerating supports
//! (`common/supports.rs`). Every test also checks soundness: no value a
//! solution uses is removed. A propagator that filtered nothing would fail
//! here, where the differential suites would let it pass.
//!
//! The arithmetic kinds enumerate supports while their domains' product is
//! at most 4,096 combinations (`propagators/predicate.rs`): their small
//! cases stay below it and are domain consistent; their large cases start
//! above it and test the interval reasoning alone.

#[path = "common/search.rs"]
mod search_helpers;
#[path = "common/supports.rs"]
mod supports;

use csp::{AllDifferentLevel, Cmp, Condition, Model, View};
use proptest::prelude::*;
use search_helpers::cases;
use supports::{
    bounds_consistent, domain_consistent, domains, has_support, hulls, interval_domains,
    model_over, product, sound, Bounds,
};

/// Views of `x`: (variable position, offset).
fn views(x: &[csp::VarId], spec: &[(usize, i32)]) -> Vec<View> {
    spec.iter().map(|&(i, off)| x[i] + off).collect()
}

/// Offsets for `n` distinct variables' views.
fn offsets(n: usize) -> impl Strategy<Value = Vec<i32>> {
    proptest::collection::vec(-2..=2i32, n)
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![Just(Cmp::Eq), Just(Cmp::Ne), Just(Cmp::Le), Just(Cmp::Ge)]
}

/// Value elimination to its fixpoint, by hand: a fixed variable's view
/// values leave the views of the other variables. `None`: a domain
/// emptied, or a variable repeated with the same offset.
fn value_elimination(spec: &[(usize, i32)], declared: &[Vec<i32>]) -> Option<Vec<Vec<i32>>> {
    for (k, a) in spec.iter().enumerate() {
        if spec[k + 1..].contains(a) {
            return None;
        }
    }
    let mut d = declared.to_vec();
    loop {
        let mut changed = false;
        for &(x, ox) in spec {
            if d[x].len() != 1 {
                continue;
            }
            let t = d[x][0] + ox;
            for &(y, oy) in spec {
                if y != x && d[y].contains(&(t - oy)) {
                    d[y].retain(|&v| v != t - oy);
                    changed = true;
                    if d[y].is_empty() {
                        return None;
                    }
                }
            }
        }
        if !changed {
            return Some(d);
        }
    }
}

/// Is `sum coefs[i] * x[i] cmp rhs` satisfiable with `x[i]` real within
/// `bounds[i]` (and `x[fixed.0] = fixed.1`)? The support bounds(R)
/// consistency asks for.
fn linear_real_support(
    coefs: &[i64],
    cmp: Cmp,
    rhs: i64,
    bounds: &[(i32, i32)],
    fixed: Option<(usize, i32)>,
) -> bool {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (i, (&a, &(l, h))) in coefs.iter().zip(bounds).enumerate() {
        let (l, h) = match fixed {
            Some((j, v)) if j == i => (v, v),
            _ => (l, h),
        };
        let (p, q) = (a * l as i64, a * h as i64);
        lo += p.min(q);
        hi += p.max(q);
    }
    match cmp {
        Cmp::Eq => lo <= rhs && rhs <= hi,
        Cmp::Ne => !(lo == rhs && hi == rhs),
        Cmp::Le => lo <= rhs,
        Cmp::Ge => hi >= rhs,
    }
}

/// The coefficient of each of `n` variables in `terms` (merged).
fn merged(n: usize, terms: &[(i64, usize)]) -> Vec<i64> {
    let mut coefs = vec![0i64; n];
    for &(a, i) in terms {
        coefs[i] += a;
    }
    coefs
}

/// Bounds(R) of the linear constraint over the variables `at` of `left`:
/// each one's least and greatest value has a real support.
fn linear_bounds_r(
    coefs: &[i64],
    cmp: Cmp,
    rhs: i64,
    left: &[Vec<i32>],
    at: &[usize],
) -> Result<(), TestCaseError> {
    let bounds: Vec<(i32, i32)> = at
        .iter()
        .map(|&i| (left[i][0], *left[i].last().unwrap()))
        .collect();
    for (k, &(lo, hi)) in bounds.iter().enumerate() {
        for v in [lo, hi] {
            prop_assert!(
                linear_real_support(coefs, cmp, rhs, &bounds, Some((k, v))),
                "bounds(R): x{} = {} has no real support in {:?}",
                at[k],
                v,
                left
            );
        }
    }
    Ok(())
}

/// A root propagation that leaves at most one variable open is exact
/// there: domain consistency (the last-variable filter every n-ary kind
/// ends with).
fn exact_when_one_open(model: &Model, left: &[Vec<i32>]) -> Result<(), TestCaseError> {
    if left.iter().filter(|d| d.len() > 1).count() <= 1 {
        domain_consistent(model, left)?;
    }
    Ok(())
}

/// The last variable of `declared` as the maximum (or minimum) of the
/// others.
fn extremum_model(declared: &[Vec<i32>], max: bool) -> Model {
    let (mut m, x) = model_over(declared);
    let (result, operands) = x.split_last().unwrap();
    if max {
        m.maximum(operands, *result).unwrap();
    } else {
        m.minimum(operands, *result).unwrap();
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(500), ..ProptestConfig::default() })]

    /// `x != y + c` (or `x != x + c`) is domain consistent: value
    /// elimination is all two views need.
    #[test]
    fn not_equal_is_domain_consistent(
        declared in domains(2, -3..=3, 1..=7),
        c in -2..=2i32,
        same in any::<bool>(),
    ) {
        let (mut m, x) = model_over(&declared);
        m.not_equal(x[0], x[usize::from(!same)] + c).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// All-different by value elimination removes exactly what fixed
    /// variables rule out, to the fixpoint (views with offsets, repeated
    /// variables too), and nothing else.
    #[test]
    fn all_different_value_eliminates_fixed_values_only(
        (declared, spec) in (2..=4usize).prop_flat_map(|n| (
            domains(n, -3..=3, 1..=4),
            proptest::collection::vec((0..n, -2..=2i32), 2..=4),
        )),
    ) {
        let (mut m, x) = model_over(&declared);
        m.all_different_with(views(&x, &spec), AllDifferentLevel::Value).unwrap();
        let expected = value_elimination(&spec, &declared);
        let left = sound(&m, &declared)?;
        prop_assert_eq!(left, expected);
    }

    /// All-different at bounds is bounds(Z) consistent over distinct
    /// variables (Hall intervals), and no fixed view's value is left in
    /// another view (value elimination).
    #[test]
    fn all_different_bounds_is_bounds_z_consistent(
        (declared, offs) in (2..=4usize).prop_flat_map(|n| (domains(n, -3..=3, 1..=5), offsets(n))),
    ) {
        let n = declared.len();
        let spec: Vec<(usize, i32)> = offs.iter().copied().enumerate().collect();
        let build = |d: &[Vec<i32>]| {
            let (mut m, x) = model_over(d);
            m.all_different_with(views(&x, &spec), AllDifferentLevel::Bounds).unwrap();
            m
        };
        bounds_consistent(build, &declared, 0..n, Bounds::Z)?;
        if let Some(left) = sound(&build(&declared), &declared)? {
            for (i, d) in left.iter().enumerate() {
                if let [v] = d[..] {
                    for (j, e) in left.iter().enumerate() {
                        prop_assert!(
                            j == i || !e.contains(&(v + offs[i] - offs[j])),
                            "x{} = {} left in x{}: {:?}", i, v, j, left
                        );
                    }
                }
            }
        }
    }

    /// All-different at domain consistency (Régin's matching) over
    /// distinct variables.
    #[test]
    fn all_different_domain_is_domain_consistent(
        (declared, offs) in (2..=4usize).prop_flat_map(|n| (domains(n, -3..=3, 1..=5), offsets(n))),
    ) {
        let (mut m, x) = model_over(&declared);
        let spec: Vec<(usize, i32)> = offs.iter().copied().enumerate().collect();
        m.all_different_with(views(&x, &spec), AllDifferentLevel::Domain).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Over repeated variables the stronger all-different levels match each
    /// view as if it were alone: weaker, but sound.
    #[test]
    fn all_different_over_repeated_variables_is_sound(
        (declared, spec) in (1..=3usize).prop_flat_map(|n| (
            domains(n, -3..=3, 1..=5),
            proptest::collection::vec((0..n, -2..=2i32), 2..=4),
        )),
        domain in any::<bool>(),
    ) {
        let level = if domain { AllDifferentLevel::Domain } else { AllDifferentLevel::Bounds };
        let (mut m, x) = model_over(&declared);
        m.all_different_with(views(&x, &spec), level).unwrap();
        sound(&m, &declared)?;
    }

    /// A linear equality is bounds(R) consistent (the bounds each have a
    /// support with the other variables real between their bounds), and
    /// domain consistent over two variables with unit coefficients
    /// (`x - y = c`, `x + y = c`); an inequality or a disequality is
    /// domain consistent. Repeated variables are merged by the model
    /// (zero coefficients too).
    #[test]
    fn linear_is_bounds_r_consistent_and_domain_consistent_for_inequalities(
        (declared, terms) in (1..=4usize).prop_flat_map(|n| (
            domains(n, -3..=3, 1..=7),
            proptest::collection::vec((-3..=3i64, 0..n), 1..=4),
        )),
        cmp in cmp(),
        rhs in -8..=8i64,
    ) {
        let n = declared.len();
        let (mut m, x) = model_over(&declared);
        m.linear(terms.iter().map(|&(a, i)| (a, x[i])), cmp, rhs).unwrap();
        let mut vars: Vec<usize> = terms.iter().map(|t| t.1).collect();
        vars.sort_unstable();
        vars.dedup();
        let coefs = merged(n, &terms);
        let unit_pair = vars.len() == 2 && vars.iter().all(|&i| coefs[i].abs() == 1);
        if cmp == Cmp::Eq && unit_pair {
            domain_consistent(&m, &declared)?;
        } else if cmp == Cmp::Eq {
            if let Some(left) = sound(&m, &declared)? {
                let all: Vec<usize> = (0..n).collect();
                linear_bounds_r(&merged(n, &terms), cmp, rhs, &left, &all)?;
            }
        } else {
            domain_consistent(&m, &declared)?;
        }
    }

    /// Two variables with unit coefficients under `=` (`x - y = c`,
    /// `x + y = c`, holes on both sides): domain consistent, each side
    /// keeping the values whose image the other has.
    #[test]
    fn a_unit_pair_equality_is_domain_consistent(
        declared in domains(2, -4..=4, 1..=7),
        a in prop_oneof![Just(1i64), Just(-1)],
        b in prop_oneof![Just(1i64), Just(-1)],
        rhs in -6..=6i64,
    ) {
        let (mut m, x) = model_over(&declared);
        m.linear([(a, x[0]), (b, x[1])], Cmp::Eq, rhs).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Element over constants is domain consistent (indices out of the
    /// array's range included).
    #[test]
    fn element_of_constants_is_domain_consistent(
        array in proptest::collection::vec(-3..=3i64, 1..=5),
        index in domains(1, -1..=5, 1..=7),
        result in domains(1, -3..=3, 1..=7),
    ) {
        let declared = vec![index[0].clone(), result[0].clone()];
        let (mut m, x) = model_over(&declared);
        m.element(array, x[0], x[1]).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Element over constants around 64 entries, where the index's
    /// positions fit one word or not: domain consistent.
    #[test]
    fn element_of_constants_near_a_word_is_domain_consistent(
        array in proptest::collection::vec(-3..=3i64, 60..=68),
        index in domains(1, -2..=70, 1..=40),
        result in domains(1, -3..=3, 1..=7),
        shift in -2..=2i32,
    ) {
        let declared = vec![index[0].clone(), result[0].clone()];
        let (mut m, x) = model_over(&declared);
        m.element(array, x[0] + shift, x[1]).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Element over variables on small domains (at most 5^5 combinations):
    /// domain consistent.
    #[test]
    fn element_of_variables_on_small_domains_is_domain_consistent(
        declared in (1..=3usize).prop_flat_map(|n| domains(n + 2, -2..=2, 1..=5)),
    ) {
        let (mut m, x) = model_over(&declared);
        m.element_var(&x[2..], x[0], x[1]).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Element over two variables on large domains (over 4,096
    /// combinations: no enumeration of supports): domain consistent all
    /// the same, by its own rules.
    #[test]
    fn element_of_variables_on_large_domains_is_domain_consistent(
        index in domains(1, -1..=2, 2..=4),
        rest in interval_domains(3, -12..=12, 20..=26, 4),
    ) {
        let mut declared = index;
        declared.extend(rest);
        prop_assert!(product(&declared) > 4096);
        let (mut m, x) = model_over(&declared);
        m.element_var(&x[2..], x[0], x[1]).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// The arithmetic kinds on small domains (at most 7^3 combinations):
    /// domain consistent.
    #[test]
    fn arithmetic_on_small_domains_is_domain_consistent(
        declared in domains(3, -3..=3, 1..=7),
        kind in 0..6usize,
    ) {
        let (mut m, x) = model_over(&declared);
        arithmetic(&mut m, &x, kind);
        domain_consistent(&m, &declared)?;
    }

    /// Times by bounds (no enumeration of supports) on small domains,
    /// over distinct or repeated operands: sound, and exact once its
    /// rounds leave one variable open.
    #[test]
    fn times_by_bounds_is_sound_and_exact_when_one_open(
        declared in domains(3, -3..=3, 1..=7),
        square in any::<bool>(),
    ) {
        let (mut m, x) = model_over(&declared);
        let y = if square { x[0] } else { x[1] };
        m.times_by_bounds(x[0], y, x[2]).unwrap();
        let left = sound(&m, &declared)?;
        if let Some(left) = left {
            exact_when_one_open(&m, &left)?;
        }
    }

    /// Distance and absolute value on large domains (over 4,096
    /// combinations, so the interval reasoning alone; `|x| = y` needs wider
    /// domains for that): bounds(Z) consistent.
    #[test]
    fn distance_and_abs_on_large_domains_are_bounds_z_consistent(
        declared in interval_domains(3, -12..=12, 20..=26, 4),
        wide in interval_domains(2, -40..=40, 68..=80, 4),
    ) {
        prop_assert!(product(&declared) > 4096 && product(&wide) > 4096);
        let distance = |d: &[Vec<i32>]| {
            let (mut m, x) = model_over(d);
            m.distance(x[0], x[1], x[2]).unwrap();
            m
        };
        bounds_consistent(distance, &declared, 0..3, Bounds::Z)?;
        let abs = |d: &[Vec<i32>]| {
            let (mut m, x) = model_over(d);
            m.abs(x[0], x[1]).unwrap();
            m
        };
        bounds_consistent(abs, &wide, 0..2, Bounds::Z)?;
    }

    /// Times, division and modulo on large domains: sound (their interval
    /// reasoning is not bounds consistency; their files say where not).
    #[test]
    fn times_and_division_on_large_domains_are_sound(
        declared in interval_domains(3, -12..=12, 20..=26, 4),
        kind in prop::sample::select(vec![0usize, 3, 4]),
    ) {
        prop_assert!(product(&declared) > 4096);
        let (mut m, x) = model_over(&declared);
        arithmetic(&mut m, &x, kind);
        sound(&m, &declared)?;
    }

    /// Minimum and maximum on small domains (two or three operands):
    /// domain consistent.
    #[test]
    fn extremum_on_small_domains_is_domain_consistent(
        declared in (2..=3usize).prop_flat_map(|n| domains(n + 1, -3..=3, 1..=7)),
        max in any::<bool>(),
    ) {
        domain_consistent(&extremum_model(&declared, max), &declared)?;
    }

    /// Minimum and maximum over up to five operands with holes in their
    /// domains: domain consistent (their own filter over distinct
    /// variables, not the enumeration of supports).
    #[test]
    fn extremum_over_many_operands_is_domain_consistent(
        declared in (1..=5usize).prop_flat_map(|n| domains(n + 1, -4..=4, 1..=6)),
        max in any::<bool>(),
    ) {
        domain_consistent(&extremum_model(&declared, max), &declared)?;
    }

    /// Minimum and maximum on large domains: at least bounds(Z) consistent
    /// (over distinct variables their own filter is domain consistent).
    #[test]
    fn extremum_on_large_domains_is_bounds_z_consistent(
        declared in interval_domains(3, -12..=12, 20..=26, 4),
        max in any::<bool>(),
    ) {
        let build = |d: &[Vec<i32>]| {
            let (mut m, x) = model_over(d);
            if max {
                m.maximum(&x[..2], x[2]).unwrap();
            } else {
                m.minimum(&x[..2], x[2]).unwrap();
            }
            m
        };
        bounds_consistent(build, &declared, 0..3, Bounds::Z)?;
    }

    /// A clause (repeated variables allowed, both signs) is domain
    /// consistent.
    #[test]
    fn clause_is_domain_consistent(
        (declared, literals) in (1..=4usize).prop_flat_map(|n| (
            domains(n, 0..=1, 1..=2),
            proptest::collection::vec((0..n, any::<bool>()), 1..=4),
        )),
    ) {
        let (mut m, x) = model_over(&declared);
        let positives = literals.iter().filter(|l| l.1).map(|l| x[l.0]);
        let negatives = literals.iter().filter(|l| !l.1).map(|l| x[l.0]);
        m.clause(positives.collect::<Vec<_>>(), negatives.collect::<Vec<_>>()).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Reified and half-reified linear comparisons. A fixed `b` enforces
    /// the condition (or, fully reified, its negation) at the linear
    /// propagator's strength; an open `b` keeps 1 only while the condition
    /// has a real support within the bounds (and, fully reified, 0 only
    /// while its negation has).
    #[test]
    fn reified_linear_enforces_at_linear_strength(
        (declared, terms) in (1..=3usize).prop_flat_map(|n| (
            domains(n + 1, -3..=3, 1..=7),
            proptest::collection::vec((-3..=3i64, 1..=n), 1..=3),
        )),
        b in proptest::collection::btree_set(-1..=2i32, 1..=3),
        cmp in cmp(),
        rhs in -6..=6i64,
        full in any::<bool>(),
    ) {
        let mut declared = declared;
        declared[0] = b.into_iter().collect();
        let n = declared.len();
        let (mut m, x) = model_over(&declared);
        let condition = Condition::linear(terms.iter().map(|&(a, i)| (a, x[i])), cmp, rhs);
        if full {
            m.reify(x[0], condition).unwrap();
        } else {
            m.implies(x[0], condition).unwrap();
        }
        let Some(left) = sound(&m, &declared)? else {
            return Ok(());
        };
        let coefs = merged(n, &terms)[1..].to_vec();
        let body: Vec<usize> = (1..n).collect();
        let negation = match cmp {
            Cmp::Eq => (Cmp::Ne, rhs),
            Cmp::Ne => (Cmp::Eq, rhs),
            Cmp::Le => (Cmp::Ge, rhs + 1),
            Cmp::Ge => (Cmp::Le, rhs - 1),
        };
        let enforced = match left[0][..] {
            [1] => Some((cmp, rhs)),
            [0] if full => Some(negation),
            [0] => None,
            _ => {
                prop_assert_eq!(&left[0], &vec![0, 1]);
                let bounds: Vec<(i32, i32)> =
                    body.iter().map(|&i| (left[i][0], *left[i].last().unwrap())).collect();
                prop_assert!(linear_real_support(&coefs, cmp, rhs, &bounds, None));
                if full {
                    prop_assert!(linear_real_support(&coefs, negation.0, negation.1, &bounds, None));
                }
                None
            }
        };
        match enforced {
            Some((Cmp::Eq, r)) => linear_bounds_r(&coefs, Cmp::Eq, r, &left, &body)?,
            Some(_) => domain_consistent(&m, &left)?,
            None => {}
        }
    }

    /// Reified and half-reified one-variable comparisons (`b <-> a x = c`,
    /// `b -> a (x + o) != c`, `b <-> a x <= c`, `int_eq_reif` and
    /// `int_le_reif` with a constant): domain consistent, `b` decided by
    /// the value leaving `x`'s domain even between its bounds (`=`, `!=`)
    /// or by `x`'s bounds (`<=`, `>=`).
    #[test]
    fn reified_one_variable_comparison_is_domain_consistent(
        declared in domains(2, -3..=3, 1..=7),
        b in proptest::collection::btree_set(-1..=2i32, 1..=3),
        a in prop_oneof![-3..=-1i64, 1..=3i64],
        offset in -2..=2i32,
        cmp in cmp(),
        rhs in -8..=8i64,
        full in any::<bool>(),
    ) {
        let mut declared = declared;
        declared[0] = b.into_iter().collect();
        let (mut m, x) = model_over(&declared);
        let condition = Condition::linear([(a, x[1] + offset)], cmp, rhs);
        if full {
            m.reify(x[0], condition).unwrap();
        } else {
            m.implies(x[0], condition).unwrap();
        }
        domain_consistent(&m, &declared)?;
    }

    /// Reified and half-reified membership: domain consistent.
    #[test]
    fn reified_membership_is_domain_consistent(
        declared in domains(2, -3..=3, 1..=7),
        b in proptest::collection::btree_set(-1..=2i32, 1..=3),
        set in proptest::collection::vec(-4..=4i64, 0..=4),
        full in any::<bool>(),
    ) {
        let mut declared = declared;
        declared[0] = b.into_iter().collect();
        let (mut m, x) = model_over(&declared);
        let condition = Condition::member(x[1], set);
        if full {
            m.reify(x[0], condition).unwrap();
        } else {
            m.implies(x[0], condition).unwrap();
        }
        domain_consistent(&m, &declared)?;
    }

    /// Lexicographic order over distinct variables is domain consistent
    /// (with repeated variables it is only sound; the differential tests
    /// cover that).
    #[test]
    fn lex_is_domain_consistent(
        (n, declared) in (1..=4usize).prop_flat_map(|n| (Just(n), domains(2 * n, -1..=3, 1..=3))),
        strict in any::<bool>(),
    ) {
        let (mut m, x) = model_over(&declared);
        if strict {
            m.lex_less(&x[..n], &x[n..]).unwrap();
        } else {
            m.lex_less_equal(&x[..n], &x[n..]).unwrap();
        }
        domain_consistent(&m, &declared)?;
    }

    /// Exactly `count` views take `value`: domain consistent over distinct
    /// variables.
    #[test]
    fn count_is_domain_consistent(
        (declared, offs) in (1..=4usize).prop_flat_map(|n| (domains(n, -3..=3, 1..=5), offsets(n))),
        value in -3..=3i32,
        count in 0..=4usize,
    ) {
        let (mut m, x) = model_over(&declared);
        let spec: Vec<(usize, i32)> = offs.iter().copied().enumerate().collect();
        m.count_eq(views(&x, &spec), value, count).unwrap();
        domain_consistent(&m, &declared)?;
    }

    /// Global cardinality over distinct variables: each listed value's count
    /// on its own is domain consistent (the counting bounds per value).
    #[test]
    fn global_cardinality_is_domain_consistent_per_value(
        (declared, offs) in (1..=4usize).prop_flat_map(|n| (domains(n, -2..=3, 1..=5), offsets(n))),
        counts in proptest::collection::btree_map(-2..=3i32, (0..=2usize, 0..=2usize), 1..=3),
    ) {
        let counts: Vec<(i32, std::ops::RangeInclusive<usize>)> =
            counts.into_iter().map(|(v, (lo, w))| (v, lo..=lo + w)).collect();
        let spec: Vec<(usize, i32)> = offs.iter().copied().enumerate().collect();
        let (mut m, x) = model_over(&declared);
        m.global_cardinality(views(&x, &spec), counts.clone()).unwrap();
        let Some(left) = sound(&m, &declared)? else {
            return Ok(());
        };
        for (value, range) in counts {
            let (mut one, y) = model_over(&left);
            one.global_cardinality(views(&y, &spec), [(value, range)]).unwrap();
            for (i, d) in left.iter().enumerate() {
                for &v in d {
                    prop_assert!(
                        has_support(&one, i, v),
                        "x{} = {} has no support for the count of {}: {:?}", i, v, value, left
                    );
                }
            }
        }
    }

    /// Circuit: successors are nodes, none its own (beyond one node), a
    /// fixed successor is no one else's, no chain of fixed successors
    /// shorter than the whole closes on itself, and with one successor
    /// open the filter is exact.
    #[test]
    fn circuit_eliminates_values_and_subtours(
        declared in (1..=4usize).prop_flat_map(|n| domains(n, -1..=4, 1..=6)),
    ) {
        let n = declared.len();
        let (mut m, x) = model_over(&declared);
        m.circuit(&x).unwrap();
        let Some(left) = sound(&m, &declared)? else {
            return Ok(());
        };
        let fixed = |p: usize| match left[p][..] { [w] => Some(w as usize), _ => None };
        for p in 0..n {
            prop_assert!(left[p].iter().all(|&w| (0..n as i32).contains(&w)), "{:?}", left);
            prop_assert!(n == 1 || !left[p].contains(&(p as i32)), "self loop: {:?}", left);
            if let Some(w) = fixed(p) {
                for q in (0..n).filter(|&q| q != p) {
                    prop_assert!(!left[q].contains(&(w as i32)), "{} twice: {:?}", w, left);
                }
            }
            let (mut node, mut len) = (p, 1);
            while let Some(w) = fixed(node) {
                node = w;
                if node == p || len > n {
                    break;
                }
                len += 1;
            }
            if node != p && len < n && fixed(node).is_none() {
                prop_assert!(!left[node].contains(&(p as i32)), "subtour at {}: {:?}", p, left);
            }
        }
        exact_when_one_open(&m, &left)?;
    }

    /// Inverse: domain consistent, as Gecode's domain channel (the channel
    /// makes both sides one bipartite graph, Régin's matching keeps the
    /// edges some perfect matching uses); values out of range included.
    #[test]
    fn inverse_is_domain_consistent(
        (n, declared) in (1..=4usize).prop_flat_map(|n| (Just(n), domains(2 * n, -1..=4, 1..=5))),
    ) {
        let (mut m, x) = model_over(&declared);
        m.inverse(&x[..n], &x[n..]).unwrap();
        domain_consistent(&m, &declared)?;
    }
}

/// An affine map `a * x + c` with `a` neither 0 nor 1 (`-x`, `5 - x`,
/// `2 * x + 3`): an operand the model channels into a helper variable.
fn affine() -> impl Strategy<Value = (i64, i64)> {
    (prop_oneof![-3..=-1i64, 2..=3i64], -3..=3i64)
}

/// The declared domains of every variable of `m`, its helpers included
/// (each a function of the model's own variables, so supports over all of
/// them are the supports of the constraint over the expressions).
/// `x - y + c` as a helper with the values `cut(model, helper)` forbidden
/// in it, `x` fixed (`fixed` 0), `y` fixed (1) or neither (2): domain
/// consistent once a side is fixed, sound otherwise.
fn difference_channel(
    mut declared: Vec<Vec<i32>>,
    fixed: usize,
    c: i64,
    cut: impl FnOnce(&Model, View) -> Vec<i64>,
) -> Result<(), TestCaseError> {
    if fixed < 2 {
        declared[fixed].truncate(1);
    }
    let (mut m, x) = model_over(&declared);
    let z = m.expr_var(x[0] - x[1] + c).unwrap();
    for v in cut(&m, z) {
        m.forbid(z, v).unwrap();
    }
    let all = declared_of(&m);
    if fixed < 2 {
        domain_consistent(&m, &all)
    } else {
        sound(&m, &all).map(drop)
    }
}

fn declared_of(m: &Model) -> Vec<Vec<i32>> {
    m.vars().map(|v| m.domain(v).values().collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Affine operands through a domain-level all-different: the channel
    /// prunes value by value both ways, so the constraint stays domain
    /// consistent over the variables themselves.
    #[test]
    fn affine_operands_keep_all_different_domain_consistent(
        (declared, maps) in (2..=3usize).prop_flat_map(|n| (
            domains(n, -3..=3, 1..=4),
            proptest::collection::vec(affine(), n),
        )),
    ) {
        let (mut m, x) = model_over(&declared);
        let operands = x.iter().zip(&maps).map(|(&v, &(a, c))| a * v + c);
        m.all_different_with(operands, AllDifferentLevel::Domain).unwrap();
        domain_consistent(&m, &declared_of(&m))?;
    }

    /// A table over affine operands stays domain consistent.
    #[test]
    fn affine_operands_keep_table_domain_consistent(
        declared in domains(2, -3..=3, 1..=4),
        maps in proptest::collection::vec(affine(), 2),
        rows in proptest::collection::vec([-8..=8i32, -8..=8i32], 1..=16),
    ) {
        let (mut m, x) = model_over(&declared);
        let operands = x.iter().zip(&maps).map(|(&v, &(a, c))| a * v + c);
        m.table(operands, rows).unwrap();
        domain_consistent(&m, &declared_of(&m))?;
    }

    /// Element over constants with an affine index and result stays
    /// domain consistent.
    #[test]
    fn affine_operands_keep_element_domain_consistent(
        declared in domains(2, -3..=3, 1..=4),
        maps in proptest::collection::vec(affine(), 2),
        array in proptest::collection::vec(-8..=8i64, 1..=7),
    ) {
        let (mut m, x) = model_over(&declared);
        let (a, c) = maps[0];
        let (b, d) = maps[1];
        m.element(array, a * x[0] + c, b * x[1] + d).unwrap();
        domain_consistent(&m, &declared_of(&m))?;
    }

    /// A difference operand `x - y + c` under a constraint (here a cut of
    /// its values): once `x` or `y` is fixed, the channel between the other
    /// and the helper is domain consistent; otherwise it is sound.
    #[test]
    fn difference_operands_are_domain_consistent_once_one_side_is_fixed(
        declared in domains(2, -3..=3, 1..=4),
        fixed in 0..=2usize,
        c in -2..=2i64,
        cut in proptest::collection::btree_set(-8..=8i64, 0..=8),
    ) {
        difference_channel(declared, fixed, c, |_, _| cut.into_iter().collect())?;
    }

    /// The same on domains wider than a word (the channel compares 64
    /// values at a time, shifted for `y` fixed, reflected for `x` fixed),
    /// with holes cut anywhere in the helper.
    #[test]
    fn difference_operands_on_wide_domains_are_domain_consistent_once_one_side_is_fixed(
        declared in domains(2, -90..=90, 1..=6),
        fixed in 0..=2usize,
        c in -70..=70i64,
        cut in proptest::collection::vec(any::<bool>(), 36),
    ) {
        difference_channel(declared, fixed, c, |m, z| {
            let values = m.domain(z.var).values();
            let gone = values.zip(&cut).filter(|&(_, &gone)| gone);
            gone.map(|(v, _)| i64::from(v) + z.offset).collect()
        })?;
    }

    /// Negated operands `c - x` (a reflection, read 64 values at a time)
    /// over domains wider than a word keep a domain-level all-different
    /// domain consistent.
    #[test]
    fn negated_operands_on_wide_domains_keep_all_different_domain_consistent(
        (declared, cs) in (2..=3usize).prop_flat_map(|n| (
            domains(n, -90..=90, 1..=4),
            proptest::collection::vec(-100..=100i64, n),
        )),
    ) {
        let (mut m, x) = model_over(&declared);
        let operands = x.iter().zip(&cs).map(|(&v, &c)| c - v);
        m.all_different_with(operands, AllDifferentLevel::Domain).unwrap();
        domain_consistent(&m, &declared_of(&m))?;
    }

    /// Count over affine operands stays domain consistent.
    #[test]
    fn affine_operands_keep_count_domain_consistent(
        (declared, maps) in (1..=3usize).prop_flat_map(|n| (
            domains(n, -3..=3, 1..=4),
            proptest::collection::vec(affine(), n),
        )),
        value in -6..=6i32,
        count in 0..=3usize,
    ) {
        let (mut m, x) = model_over(&declared);
        let operands = x.iter().zip(&maps).map(|(&v, &(a, c))| a * v + c);
        m.count_eq(operands, value, count).unwrap();
        domain_consistent(&m, &declared_of(&m))?;
    }
}

/// One of the arithmetic kinds over `x[0], x[1], x[2]`: times, abs (over
/// the first two), distance, division, modulo, and times over a repeated
/// variable (`x * x = z`).
fn arithmetic(m: &mut Model, x: &[csp::VarId], kind: usize) {
    match kind {
        0 => m.times(x[0], x[1], x[2]),
        1 => m.abs(x[0], x[1]),
        2 => m.distance(x[0], x[1], x[2]),
        3 => m.div(x[0], x[1], x[2]),
        4 => m.modulo(x[0], x[1], x[2]),
        _ => m.times(x[0], x[0], x[2]),
    }
    .unwrap();
}

/// The helpers say what they claim on hand-made cases, so a broken oracle
/// cannot pass everything.
#[test]
fn the_oracles_reject_a_propagator_that_filters_nothing() {
    // x + y = 4 over {0, 1, 2}: 0 has no support. A model that
    // propagated nothing would leave it, and the check must see that.
    let declared = vec![vec![0, 1, 2], vec![0, 1, 2]];
    let (mut m, x) = model_over(&declared);
    m.linear([(1, x[0]), (1, x[1])], Cmp::Eq, 4).unwrap();
    assert!(!has_support(&m, 0, 0));
    assert!(has_support(&m, 0, 2));
    // Over {0, 2} (a hole at 1), 2 is supported only within the hull.
    let holed = vec![vec![0, 2], vec![0, 2]];
    let (mut h, y) = model_over(&holed);
    h.linear([(1, y[0]), (1, y[1])], Cmp::Eq, 3).unwrap();
    assert!(!has_support(&h, 0, 2));
    let (mut hull, z) = model_over(&hulls(&holed));
    hull.linear([(1, z[0]), (1, z[1])], Cmp::Eq, 3).unwrap();
    assert!(has_support(&hull, 0, 2));
    assert_eq!(
        supports::root(&m, &declared),
        supports::Root::Domains(vec![vec![2], vec![2]])
    );
    // A predicate that propagation cannot see through (no support enumeration
    // beyond its limit) fails the domain-consistency check.
    let wide = vec![(0..=20).collect::<Vec<i32>>(); 3];
    let (mut p, y) = model_over(&wide);
    p.predicate(&y, |v| v[0] == 0 && v[1] == v[2]).unwrap();
    assert!(domain_consistent(&p, &wide).is_err());
}

/// The cases these tests first failed on, each fixed in its propagator
/// (the random searches may not draw them again).
#[test]
fn the_cases_that_were_fixed_stay_fixed() {
    let check = |r: Result<(), TestCaseError>| r.expect("the claimed strength");
    // 0 * x + 2 * y != 4: y = 2 goes though x is open.
    let d = vec![vec![-1, 0], vec![0, 2]];
    let (mut m, x) = model_over(&d);
    m.linear([(0, x[0]), (2, x[1])], Cmp::Ne, 4).unwrap();
    check(domain_consistent(&m, &d));
    // inverse([x0 = 1, x1], [y0 = 1, y1]): y0 = 1 forces x1 = 0.
    let d = vec![vec![1], vec![0, 1], vec![1], vec![0, 1]];
    let (mut m, x) = model_over(&d);
    m.inverse(&x[..2], &x[2..]).unwrap();
    check(domain_consistent(&m, &d));
    // max(x0, x1) = r with x1 <= 8 < r: x0 is the maximum, so x0 >= 9.
    let d: Vec<Vec<i32>> = vec![(0..=20).collect(), (-12..=8).collect(), (9..=29).collect()];
    let max = |d: &[Vec<i32>]| {
        let (mut m, x) = model_over(d);
        m.maximum(&x[..2], x[2]).unwrap();
        m
    };
    check(bounds_consistent(max, &d, 0..3, Bounds::Z));
    // |x0 - x1| = r with x1 in -9..=11, r >= 11: x0 = 1 has no support.
    let d: Vec<Vec<i32>> = vec![(1..=21).collect(), (-9..=11).collect(), (11..=30).collect()];
    let distance = |d: &[Vec<i32>]| {
        let (mut m, x) = model_over(d);
        m.distance(x[0], x[1], x[2]).unwrap();
        m
    };
    check(bounds_consistent(distance, &d, 0..3, Bounds::Z));
    // x * y = z with y >= 2, z <= 15: x <= 7 (15 / 2 rounded down, not up).
    let d: Vec<Vec<i32>> = vec![(-1..=19).collect(), (2..=22).collect(), (-6..=15).collect()];
    let (mut m, x) = model_over(&d);
    m.times(x[0], x[1], x[2]).unwrap();
    match supports::root(&m, &d) {
        supports::Root::Domains(left) => assert_eq!(left[0].last(), Some(&7)),
        failed => panic!("{failed:?}"),
    }
}
