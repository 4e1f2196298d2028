//! The layers and records kept between wake-ups change nothing: along a
//! random walk of removals, choice points and backtracks, the propagator
//! that keeps them leaves exactly the domains a freshly posted one leaves,
//! and over distinct variables exactly the values some accepted word uses
//! (brute force over the current domains).

use crate::propagators::{post, Ctx, Levels, Posted, Scratch};
use crate::store::Store;
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

#[derive(Clone, Debug)]
enum Step {
    /// Remove the `k`-th value (modulo the size) of a variable, if it has
    /// more than one.
    Remove(usize, usize),
    /// A choice point.
    Mark,
    /// Back to the last choice point.
    Undo,
}

fn case() -> impl Strategy<Value = Case> {
    (1..=5usize, 1..=6usize).prop_flat_map(|(vars, n)| {
        let domain = proptest::collection::btree_set(-2..=3i32, 1..=4)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>());
        let step = prop_oneof![
            4 => (0..vars, 0..4usize).prop_map(|(x, k)| Step::Remove(x, k)),
            2 => Just(Step::Mark),
            2 => Just(Step::Undo),
        ];
        (
            proptest::collection::vec(domain, vars),
            proptest::collection::vec((0..vars, -1..=1i32), n),
            proptest::collection::vec((0..5usize, -1..=3i32, 0..5usize), 8..=40),
            proptest::collection::vec(0..5usize, 1..=3),
            proptest::collection::vec(step, 0..=40),
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

fn domains(store: &Store, vars: usize) -> Vec<Vec<i32>> {
    (0..vars as u32)
        .map(|x| {
            let mut out = Vec::new();
            store.values_into(x, &mut out);
            out
        })
        .collect()
}

/// Runs `p` to its fixpoint on `store`; true if it did not fail.
fn run(p: &mut Posted<'_>, store: &mut Store, vars: usize) -> bool {
    let (values, assigned) = (vec![0; vars], vec![false; vars]);
    let mut scratch = Scratch::default();
    let mut removals = Vec::new();
    let mut ctx = Ctx {
        store,
        values: &values,
        assigned: &assigned,
        unassigned: &[],
        scratch: &mut scratch,
        removals: &mut removals,
        record: false,
        pruned: 0,
        checks: 0,
        by: 0,
    };
    p.fixpoint(&mut ctx).is_ok()
}

/// Per variable, the values some accepted assignment within `now` uses
/// (none at all when nothing is accepted).
fn supported(model: &Model, now: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let con = &model.constraints()[0];
    let mut keep = vec![std::collections::BTreeSet::new(); now.len()];
    let mut pick = vec![0usize; now.len()];
    let mut scratch = Vec::new();
    'all: loop {
        let value = |x: u32| now[x as usize][pick[x as usize]];
        if con.check(value, &mut scratch) {
            for (x, k) in keep.iter_mut().enumerate() {
                k.insert(now[x][pick[x]]);
            }
        }
        for x in 0..now.len() {
            pick[x] += 1;
            if pick[x] < now[x].len() {
                continue 'all;
            }
            pick[x] = 0;
        }
        break;
    }
    keep.into_iter().map(|s| s.into_iter().collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::proptest_cases(400)))]

    #[test]
    fn kept_layers_filter_as_a_fresh_propagator_does(case in case()) {
        let model = case.model();
        let con = &model.constraints()[0];
        let vars = case.domains.len();
        let distinct = !con.has_repeated_vars();
        let (mut kept_store, mut fresh_store) = (Store::new(model.domains()), Store::new(model.domains()));
        let mut kept = post(con, Levels::default());
        // The root's choice point: a failure anywhere goes back to it.
        let mut marks = vec![(kept_store.mark(), fresh_store.mark())];
        for step in [Step::Mark].iter().chain(&case.walk) {
            match *step {
                Step::Remove(x, k) => {
                    let now = domains(&kept_store, vars);
                    if now[x].len() > 1 {
                        let v = now[x][k % now[x].len()] as i64;
                        kept_store.remove(x as u32, v).unwrap();
                        fresh_store.remove(x as u32, v).unwrap();
                    }
                }
                Step::Mark => marks.push((kept_store.mark(), fresh_store.mark())),
                Step::Undo => {
                    let Some((a, b)) = marks.pop() else { continue };
                    kept_store.undo(a);
                    fresh_store.undo(b);
                }
            }
            let before = domains(&kept_store, vars);
            let ok = run(&mut kept, &mut kept_store, vars);
            let fresh_ok = run(&mut post(con, Levels::default()), &mut fresh_store, vars);
            prop_assert_eq!(ok, fresh_ok, "after {:?}", step);
            if distinct {
                let want = supported(&model, &before);
                let none = want.iter().any(|d| d.is_empty());
                prop_assert_eq!(ok, !none, "after {:?}", step);
                if ok {
                    let used: std::collections::BTreeSet<usize> =
                        case.scope.iter().map(|s| s.0).collect();
                    for (x, d) in domains(&kept_store, vars).iter().enumerate() {
                        let expect = if used.contains(&x) { &want[x] } else { &before[x] };
                        prop_assert_eq!(d, expect, "x{} after {:?}", x, step);
                    }
                }
            }
            if ok {
                prop_assert_eq!(domains(&kept_store, vars), domains(&fresh_store, vars));
            } else {
                // A failure: back to the last choice point, as the search does.
                let Some((a, b)) = marks.pop() else { break };
                kept_store.undo(a);
                fresh_store.undo(b);
            }
        }
    }
}
