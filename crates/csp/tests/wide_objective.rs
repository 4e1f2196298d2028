//! Branch and bound over domains too wide to list (issue 24, MiniZinc's
//! `test_div12`, `infinite_domain_bind`, `bug318_orig`): after an
//! improvement, a wide level's walk reads its next value within what the
//! objective's bound allows, so proving the optimum does not try (and
//! fail) the billions of values above it one by one. Every test runs under
//! a node limit that a value-by-value walk would exhaust, so a walk shows
//! as `BestBeforeLimit` instead of `Optimal`.

use csp::Strategy as Pruning;
use csp::{Cmp, Limits, Model, OptimizeStatus, Solver, ValueOrder, VarId, VarOrder};
use proptest::prelude::*;

const STRATEGIES: [Pruning; 2] = [Pruning::ForwardChecking, Pruning::ArcConsistency];
const FULL: std::ops::RangeInclusive<i32> = -i32::MAX..=i32::MAX;

/// Far fewer nodes than any wide walk over the values past the optimum.
fn limits() -> Limits {
    Limits {
        nodes: Some(10_000),
        ..Limits::default()
    }
}

/// The best value and how the search ended.
fn optimise(solver: Solver<'_>, objective: VarId, maximise: bool) -> (Option<i64>, OptimizeStatus) {
    let mut opt = if maximise {
        solver.maximize(objective)
    } else {
        solver.minimize(objective)
    }
    .unwrap();
    let best = opt.by_ref().last().map(|i| i.value);
    (best, opt.status())
}

#[test]
fn an_unconstrained_wide_objective_is_proved_optimal_at_once() {
    // `test_div12` / `infinite_domain_bind`: minimise x >= 10 over the full
    // range (ascending walk), maximise it (descending walk).
    let mut model = Model::new();
    let x = model.int_var(FULL).unwrap();
    model.less_equal(10, x).unwrap();
    for strategy in STRATEGIES {
        let solver = Solver::new(&model).strategy(strategy).limits(limits());
        assert_eq!(
            optimise(solver, x, false),
            (Some(10), OptimizeStatus::Optimal)
        );
        let solver = Solver::new(&model)
            .strategy(strategy)
            .value_order(ValueOrder::Descending)
            .limits(limits());
        let best = Some(i32::MAX as i64);
        assert_eq!(optimise(solver, x, true), (best, OptimizeStatus::Optimal));
    }
}

#[test]
fn a_wide_level_outside_the_objective_stops_once_the_bound_excludes_all() {
    // `bug318_orig`: the walked variable x is not the objective; y = x + 1
    // is, and is searched after x. Once y's least value is found, no other
    // x can beat it: the walk of x ends at once. (Arc consistency: forward
    // checking narrows y only once x is assigned, so it cannot tell at x's
    // level that y is beyond the bound.)
    let mut model = Model::new();
    let x = model.int_var(-i32::MAX..=i32::MAX - 1).unwrap();
    let y = model.int_var(FULL).unwrap();
    model.linear([(1, y), (-1, x)], Cmp::Eq, 1).unwrap();
    let solver = Solver::new(&model)
        .strategy(Pruning::ArcConsistency)
        .var_order(VarOrder::Input)
        .limits(limits());
    let best = Some(-i32::MAX as i64 + 1);
    assert_eq!(optimise(solver, y, false), (best, OptimizeStatus::Optimal));
}

/// A random model: small `a`, `b`, a wide `w` (3 million values from
/// `low`), linear constraints `p * a + q * b + s * w cmp k` with
/// `s = ±1` (each keeps an interval of `w` per `(a, b)`), and a linear
/// objective.
#[derive(Clone, Debug)]
struct Case {
    low: i32,
    rows: Vec<(i64, i64, i64, Cmp, i64)>,
    objective: (i64, i64, i64),
    maximise: bool,
    strategy: Pruning,
    var_order: VarOrder,
}

const SPAN: i64 = 3_000_000;
const SMALL: i64 = 5;

fn case() -> impl Strategy<Value = Case> {
    let row = (
        -3i64..=3,
        -3i64..=3,
        prop_oneof![Just(1i64), Just(-1i64)],
        prop_oneof![Just(Cmp::Le), Just(Cmp::Ge), Just(Cmp::Eq), Just(Cmp::Ne)],
        -20i64..=20,
    );
    (
        -2_000_000_000i32..=2_000_000_000,
        proptest::collection::vec(row, 0..=3),
        (
            -4i64..=4,
            -4i64..=4,
            prop_oneof![Just(1i64), Just(-1i64), Just(3i64)],
        ),
        any::<bool>(),
        prop_oneof![
            Just(Pruning::ForwardChecking),
            Just(Pruning::ArcConsistency)
        ],
        prop_oneof![
            Just(VarOrder::Input),
            Just(VarOrder::SmallestDomain),
            Just(VarOrder::DomWDeg)
        ],
    )
        .prop_map(
            |(low, rows, objective, maximise, strategy, var_order)| Case {
                low,
                // The constants are relative to `w`'s range: `k` near
                // `s * low` makes the row bite inside the domain.
                rows: rows
                    .into_iter()
                    .map(|(p, q, s, cmp, k)| (p, q, s, cmp, s * (low as i64 + SPAN / 2) + k))
                    .collect(),
                objective,
                maximise,
                strategy,
                var_order,
            },
        )
}

/// The optimum by enumeration of `(a, b)`: for each, the rows leave `w` an
/// interval (less the `!=` values), where the linear objective is best at
/// an end.
fn brute(c: &Case) -> Option<i64> {
    let mut best: Option<i64> = None;
    for a in 0..=SMALL {
        for b in 0..=SMALL {
            let (mut lo, mut hi) = (c.low as i64, c.low as i64 + SPAN);
            let mut holes = Vec::new();
            for &(p, q, s, cmp, k) in &c.rows {
                // s * w cmp k - p a - q b, with s = ±1: w cmp' s * rest.
                let rest = s * (k - p * a - q * b);
                let cmp = if s < 0 {
                    match cmp {
                        Cmp::Le => Cmp::Ge,
                        Cmp::Ge => Cmp::Le,
                        other => other,
                    }
                } else {
                    cmp
                };
                match cmp {
                    Cmp::Le => hi = hi.min(rest),
                    Cmp::Ge => lo = lo.max(rest),
                    Cmp::Eq => (lo, hi) = (lo.max(rest), hi.min(rest)),
                    Cmp::Ne => holes.push(rest),
                }
            }
            // The extreme members of [lo, hi] less the holes.
            let first = (lo..=hi).find(|w| !holes.contains(w));
            let last = (lo..=hi).rev().find(|w| !holes.contains(w));
            let (oa, ob, ow) = c.objective;
            for w in first.into_iter().chain(last) {
                let value = oa * a + ob * b + ow * w;
                best = Some(match best {
                    None => value,
                    Some(v) if c.maximise => v.max(value),
                    Some(v) => v.min(value),
                });
            }
        }
    }
    best
}

proptest! {
    #[test]
    fn the_optimum_over_a_wide_variable_is_the_enumerated_one(c in case()) {
        let mut model = Model::new();
        let a = model.int_var(0..=SMALL as i32).unwrap();
        let b = model.int_var(0..=SMALL as i32).unwrap();
        let w = model.int_var(c.low..=c.low + SPAN as i32).unwrap();
        for &(p, q, s, cmp, k) in &c.rows {
            model.linear([(p, a), (q, b), (s, w)], cmp, k).unwrap();
        }
        let (oa, ob, ow) = c.objective;
        // Values walked towards the better end of `w` (the other way, each
        // of its values would be an improvement: millions of them).
        let descending = (ow > 0) == c.maximise;
        let order = if descending { ValueOrder::Descending } else { ValueOrder::Ascending };
        let solver = Solver::new(&model)
            .strategy(c.strategy)
            .var_order(c.var_order)
            .value_order(order);
        let terms = [(oa, a), (ob, b), (ow, w)];
        let mut opt = if c.maximise { solver.maximize(terms) } else { solver.minimize(terms) }.unwrap();
        let mut best = None;
        for improvement in opt.by_ref() {
            prop_assert!(model.is_solution(improvement.solution.values()));
            best = Some(improvement.value);
        }
        let status = opt.status();
        let expected = brute(&c);
        prop_assert_eq!(best, expected);
        let proved = if expected.is_some() { OptimizeStatus::Optimal } else { OptimizeStatus::Unsatisfiable };
        prop_assert_eq!(status, proved);
    }
}
