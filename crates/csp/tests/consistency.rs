//! How strong a propagator's filtering is: arc consistency's root
//! propagation must leave exactly the values that some solution of the
//! constraint uses (generalised arc consistency), where the propagator
//! claims it, no more (unsound) and no fewer (weaker).

use csp::{Model, Observer, Solver, Strategy as Pruning, VarId};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The values pruned before the first choice: the root propagation.
#[derive(Default)]
struct RootPrunes {
    pruned: BTreeSet<(usize, i32)>,
    chose: bool,
}

impl Observer for RootPrunes {
    fn choose(&mut self, _var: VarId, _value: i32, _depth: usize) {
        self.chose = true;
    }

    fn prune(&mut self, var: VarId, value: i32, _c: csp::ConstraintId) {
        if !self.chose {
            self.pruned.insert((var.index(), value));
        }
    }
}

/// Every (variable, value) that some solution of `model` uses, by
/// enumerating the product of `domains`.
fn supported(model: &Model, domains: &[Vec<i32>]) -> BTreeSet<(usize, i32)> {
    let mut out = BTreeSet::new();
    let mut digits = vec![0usize; domains.len()];
    loop {
        let values: Vec<i32> = digits.iter().zip(domains).map(|(&d, v)| v[d]).collect();
        if model.is_solution(&values) {
            out.extend(values.iter().enumerate().map(|(i, &v)| (i, v)));
        }
        let mut i = 0;
        loop {
            if i == digits.len() {
                return out;
            }
            digits[i] += 1;
            if digits[i] < domains[i].len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// Arc consistency's root propagation of `model` leaves exactly the
/// supported values (or, with none, fails or finds nothing).
fn root_is_gac(model: &Model, domains: &[Vec<i32>]) -> Result<(), TestCaseError> {
    let support = supported(model, domains);
    let mut search = Solver::new(model)
        .strategy(Pruning::ArcConsistency)
        .search_with(RootPrunes::default());
    let first = search.next();
    if support.is_empty() {
        prop_assert!(first.is_none());
        return Ok(());
    }
    let pruned = &search.observer().pruned;
    let left: BTreeSet<(usize, i32)> = domains
        .iter()
        .enumerate()
        .flat_map(|(i, d)| d.iter().map(move |&v| (i, v)))
        .filter(|p| !pruned.contains(p))
        .collect();
    prop_assert_eq!(left, support);
    Ok(())
}

fn domains(n: usize) -> impl Strategy<Value = Vec<Vec<i32>>> {
    let domain =
        proptest::collection::btree_set(-1..=3i32, 1..=3).prop_map(|s| s.into_iter().collect());
    proptest::collection::vec(domain, n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(500)
    ))]

    /// Lexicographic order over distinct variables is filtered to
    /// generalised arc consistency (with repeated variables it is only
    /// sound; the differential tests cover that).
    #[test]
    fn lex_is_generalised_arc_consistent(
        (n, doms) in (1..=4usize).prop_flat_map(|n| (Just(n), domains(2 * n))),
        strict in any::<bool>(),
    ) {
        let mut model = Model::new();
        let x: Vec<VarId> = doms.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        if strict {
            model.lex_less(&x[..n], &x[n..]).unwrap();
        } else {
            model.lex_less_equal(&x[..n], &x[n..]).unwrap();
        }
        root_is_gac(&model, &doms)?;
    }
}
