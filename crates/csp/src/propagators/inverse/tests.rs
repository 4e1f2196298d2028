//! The incremental channel's records and the kept matching change nothing:
//! along a random walk of removals, choice points and backtracks, the
//! propagator leaves exactly the domains a freshly posted one leaves, and
//! over distinct variables exactly the values some pair of inverse
//! permutations within the current domains uses (brute force;
//! `walk_tests.rs`). Views with offsets, values out of range and variables
//! on both sides included.

use crate::propagators::walk_tests::{kept_state_matches_fresh, walk, Step};
use crate::{Model, VarId};
use proptest::prelude::*;

/// Domains within `-1..=n`, the views of `x` and of `y` (`n` each, repeats
/// allowed) and a walk; `wide`: one more variable, outside the scope,
/// whose two values 100 apart make the store multi-word (the full channel
/// instead of the incremental one).
#[derive(Clone, Debug)]
struct Case {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    wide: bool,
    walk: Vec<Step>,
}

fn case() -> impl Strategy<Value = Case> {
    (1..=4usize, any::<bool>()).prop_flat_map(|(n, distinct)| {
        let vars = 2 * n + usize::from(!distinct);
        let domain = proptest::collection::btree_set(-1..=n as i32, 1..=n + 2)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        // Distinct: each variable once, with an offset of 0 or -1; else
        // any variable anywhere.
        let scope = match distinct {
            true => proptest::collection::vec(-1..=0i32, 2 * n)
                .prop_map(|offs| offs.into_iter().enumerate().collect())
                .boxed(),
            false => proptest::collection::vec((0..vars, -1..=0i32), 2 * n).boxed(),
        };
        (
            proptest::collection::vec(domain, vars),
            scope,
            any::<bool>(),
            walk(vars),
        )
            .prop_map(|(domains, scope, wide, walk)| Case {
                domains,
                scope,
                wide,
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
        if self.wide {
            model.int_var(vec![0, 100]).unwrap();
        }
        let views: Vec<_> = self.scope.iter().map(|&(v, off)| x[v] + off).collect();
        let n = views.len() / 2;
        model.inverse(&views[..n], &views[n..]).unwrap();
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(600)))]

    #[test]
    fn kept_channel_filters_as_a_fresh_propagator_does(case in case()) {
        let vars = case.domains.len() + usize::from(case.wide);
        kept_state_matches_fresh(&case.model(), vars, &case.walk, true)?;
    }
}
