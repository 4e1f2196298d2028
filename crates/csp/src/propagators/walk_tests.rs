//! The harness of the propagators that keep state between wake-ups
//! (`regular/tests.rs`, `inverse/tests.rs`): along a random walk of
//! removals, choice points and backtracks, the propagator that keeps its
//! state leaves exactly the domains a freshly posted one leaves, and over
//! distinct variables exactly the values some solution within the current
//! domains uses (brute force), when `exact` says the kind claims that.

use crate::propagators::{post, Ctx, Levels, Posted, Scratch};
use crate::store::Store;
use crate::Model;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeSet;

/// One step of a walk.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// Remove the `k`-th value (modulo the size) of a variable, if it has
    /// more than one.
    Remove(usize, usize),
    /// A choice point.
    Mark,
    /// Back to the last choice point.
    Undo,
}

/// A walk over `vars` variables: removals twice as often as marks or undos.
pub(crate) fn walk(vars: usize) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        4 => (0..vars, 0..4usize).prop_map(|(x, k)| Step::Remove(x, k)),
        2 => Just(Step::Mark),
        2 => Just(Step::Undo),
    ];
    proptest::collection::vec(step, 0..=40)
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
    with_ctx(store, vars, |ctx| p.fixpoint(ctx).is_ok())
}

/// Calls `f` with a propagators' context over `store` (`vars` variables,
/// none assigned, no removal recorded), as the fixpoint outside a search.
pub(super) fn with_ctx<R>(store: &mut Store, vars: usize, f: impl FnOnce(&mut Ctx<'_>) -> R) -> R {
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
    f(&mut ctx)
}

/// Per variable, the values some assignment within `now` satisfying the
/// model's first constraint uses (none at all when nothing does).
fn supported(model: &Model, now: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let con = &model.constraints()[0];
    let mut keep = vec![BTreeSet::new(); now.len()];
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

/// Walks `steps` over `model`'s one constraint (its variables are the
/// model's `vars`), comparing the kept propagator with a fresh one after
/// each step, and with brute force when `exact` and the variables are
/// distinct. A failure goes back to the last choice point, as the search
/// does.
pub(crate) fn kept_state_matches_fresh(
    model: &Model,
    vars: usize,
    steps: &[Step],
    exact: bool,
) -> Result<(), TestCaseError> {
    let con = &model.constraints()[0];
    let exact = exact && !con.has_repeated_vars();
    let used: BTreeSet<u32> = con.vars.iter().copied().collect();
    let (mut kept_store, mut fresh_store) =
        (Store::new(model.domains()), Store::new(model.domains()));
    let mut kept = post(con, Levels::default());
    // The root's choice point: a failure anywhere goes back to it.
    let mut marks = vec![(kept_store.mark(), fresh_store.mark())];
    for step in [Step::Mark].iter().chain(steps) {
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
        if exact {
            let want = supported(model, &before);
            let none = want.iter().any(|d| d.is_empty());
            prop_assert_eq!(ok, !none, "after {:?}", step);
            if ok {
                for (x, d) in domains(&kept_store, vars).iter().enumerate() {
                    let expect = match used.contains(&(x as u32)) {
                        true => &want[x],
                        false => &before[x],
                    };
                    prop_assert_eq!(d, expect, "x{} after {:?}", x, step);
                }
            }
        }
        if ok {
            prop_assert_eq!(domains(&kept_store, vars), domains(&fresh_store, vars));
        } else {
            let Some((a, b)) = marks.pop() else { break };
            kept_store.undo(a);
            fresh_store.undo(b);
        }
    }
    Ok(())
}
