//! The layers and records kept between wake-ups change nothing: along a
//! random walk of removals, choice points and backtracks, the propagator
//! that keeps them leaves exactly the domains a freshly posted one leaves,
//! and over distinct variables exactly the values some accepted word uses
//! (brute force over the current domains; `walk_tests.rs`).

use crate::propagators::walk_tests::{kept_state_matches_fresh, walk, Step};
use crate::{Model, VarId};
use proptest::prelude::*;

/// An automaton over states `0..5` and values `-1..=3`, a scope of views
/// over some variables (repeats allowed), and a walk.
#[derive(Clone, Debug)]
struct Case {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    transitions: Vec<(usize, i32, usize)>,
    finals: Vec<usize>,
    walk: Vec<Step>,
}

fn case() -> impl Strategy<Value = Case> {
    (1..=5usize, 1..=6usize).prop_flat_map(|(vars, n)| {
        let domain = proptest::collection::btree_set(-2..=3i32, 1..=4)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        (
            proptest::collection::vec(domain, vars),
            proptest::collection::vec((0..vars, -1..=1i32), n),
            proptest::collection::vec((0..5usize, -1..=3i32, 0..5usize), 8..=40),
            proptest::collection::vec(0..5usize, 1..=3),
            walk(vars),
        )
            .prop_map(|(domains, scope, transitions, finals, walk)| Case {
                domains,
                scope,
                transitions,
                finals,
                walk,
            })
    })
}

impl Case {
    fn model(&self) -> Model {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let scope = self.scope.iter().map(|&(v, off)| x[v] + off);
        model
            .regular(scope, self.transitions.clone(), 0, self.finals.clone())
            .unwrap();
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(400)))]

    #[test]
    fn kept_layers_filter_as_a_fresh_propagator_does(case in case()) {
        kept_state_matches_fresh(&case.model(), case.domains.len(), &case.walk, true)?;
    }
}
