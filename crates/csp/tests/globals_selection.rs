//! The globals that select among an array's entries, against brute force:
//! membership in an array of variables and the argument of the maximum or
//! minimum. Every strategy and order finds exactly the solutions an
//! independent check enumerates, and arc consistency's root propagation
//! keeps every supported value and reaches the strength each claims.

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::cases;
use differential::{
    brute_force, domain, every_search_finds, exactly_supported, root_domains, root_keeps_supports,
};

use csp::{Model, VarId};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Entries as (variable, offset) over variables `0..n`, and the chosen
/// view: variable `n` (distinct), or now and then one of the entries'.
#[derive(Clone, Debug)]
struct Selection {
    domains: Vec<Vec<i32>>,
    entries: Vec<(usize, i32)>,
    chosen: (usize, i32),
}

fn selection(values: std::ops::RangeInclusive<i32>) -> impl Strategy<Value = Selection> {
    (1..=4usize).prop_flat_map(move |n| {
        let view = (
            prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
        );
        (
            proptest::collection::vec(domain(values.clone(), 4), n + 1),
            proptest::collection::vec(view.clone(), n),
            view,
        )
            .prop_map(move |(domains, views, chosen)| Selection {
                entries: views
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off))| shared.map_or((i, 0), |v| (v, off)))
                    .collect(),
                chosen: chosen.0.map_or((n, 0), |v| (v, chosen.1)),
                domains,
            })
    })
}

impl Selection {
    fn vars(&self, model: &mut Model) -> Vec<VarId> {
        self.domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect()
    }

    fn entry_values(&self, v: &[i32]) -> Vec<i32> {
        self.entries.iter().map(|&(x, off)| v[x] + off).collect()
    }

    fn chosen_value(&self, v: &[i32]) -> i32 {
        v[self.chosen.0] + self.chosen.1
    }

    /// Every variable appears in one view only.
    fn distinct(&self) -> bool {
        let mut vars: Vec<usize> = self.entries.iter().map(|e| e.0).collect();
        vars.push(self.chosen.0);
        vars.iter().collect::<BTreeSet<_>>().len() == vars.len()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Member: solution sets equal brute force's under every search; the
    /// root keeps every supported value and, over distinct variables, only
    /// those (domain consistency).
    #[test]
    fn member_matches_brute_force_and_is_domain_consistent(spec in selection(-1..=3)) {
        let mut model = Model::new();
        let x = spec.vars(&mut model);
        let (c, off) = spec.chosen;
        model.member_vars(x[c] + off, spec.entries.iter().map(|&(v, off)| x[v] + off)).unwrap();
        let expected = brute_force(&spec.domains, &|v| spec.entry_values(v).contains(&spec.chosen_value(v)));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, spec.distinct()) {
            let mut used: BTreeSet<usize> = spec.entries.iter().map(|e| e.0).collect();
            used.insert(c);
            exactly_supported(&left, &spec.domains, &used, &expected)?;
        }
    }

    /// Arg max and arg min: solution sets equal brute force's under every
    /// search; the root keeps every supported value and, over distinct
    /// variables, obeys the bounds rules.
    #[test]
    fn arg_max_and_min_match_brute_force_and_reason_on_bounds(
        spec in selection(-1..=4),
        max in any::<bool>(),
    ) {
        let mut model = Model::new();
        let x = spec.vars(&mut model);
        let (c, off) = spec.chosen;
        let views = spec.entries.iter().map(|&(v, off)| x[v] + off);
        if max {
            model.arg_max(views, x[c] + off).unwrap();
        } else {
            model.arg_min(views, x[c] + off).unwrap();
        }
        let key = |v: i32| if max { v } else { -v };
        let first_extreme = |v: &[i32]| {
            let e = spec.entry_values(v);
            let best = e.iter().map(|&w| key(w)).max().unwrap();
            e.iter().position(|&w| key(w) == best).unwrap() as i32
        };
        let expected = brute_force(&spec.domains, &|v| spec.chosen_value(v) == first_extreme(v));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, spec.distinct()) {
            // Keys' bounds per entry, and the index's positions left.
            let keys = |k: usize| {
                let (var, off) = spec.entries[k];
                let d: Vec<i32> = left[var].iter().map(|&w| key(w + off)).collect();
                (*d.iter().min().unwrap(), *d.iter().max().unwrap())
            };
            let positions: Vec<usize> = left[c].iter().map(|&p| (p + off) as usize).collect();
            let n = spec.entries.len();
            for &p in &positions {
                prop_assert!(p < n);
                let (_, hi) = keys(p);
                prop_assert!((0..p).all(|k| keys(k).0 < hi), "an earlier entry beats position {}", p);
                prop_assert!((p + 1..n).all(|k| keys(k).0 <= hi), "a later entry beats position {}", p);
            }
            let best = positions.iter().map(|&p| keys(p).1).max().unwrap();
            let first = positions[0];
            for k in 0..n {
                let bound = if k < first { best - 1 } else { best };
                prop_assert!(keys(k).1 <= bound, "entry {} above the candidates", k);
            }
            if positions.len() == 1 {
                let least = (0..n).filter(|&k| k != first)
                    .map(|k| keys(k).0 + i32::from(k < first)).max();
                if let Some(least) = least {
                    prop_assert!(keys(first).0 >= least, "the winner below an entry");
                }
            }
        }
    }
}

/// Member: once only one entry can equal `x`, it does.
#[test]
fn member_makes_the_last_candidate_equal() {
    let mut model = Model::new();
    let domains = [vec![0, 1], vec![5, 6, 7], vec![6, 7, 8]];
    let v: Vec<VarId> = domains
        .iter()
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect();
    model.member_vars(v[2], [v[0], v[1]]).unwrap();
    let left = root_domains(&model, &domains).unwrap();
    assert_eq!((&left[1], &left[2]), (&vec![6, 7], &vec![6, 7]));
}
