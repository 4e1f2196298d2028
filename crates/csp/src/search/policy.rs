//! The textbook strategies as policies over one propagator interface.
//!
//! A propagator answers questions named by what they compute (its
//! complete-assignment check, whether its scope's partial assignment is
//! still consistent, a one-pass filter after an assignment, its own
//! fixpoint: `propagators::Propagator`); a [`Policy`] decides which
//! question to ask, and when, at the three points where a search
//! propagates:
//!
//! | policy | root | after an assignment | objective's bound |
//! | --- | --- | --- | --- |
//! | [`GenerateAndTest`] | nothing | at a leaf, every constraint's check | at a leaf, the complete value |
//! | [`Backtracking`] | nothing | each constraint over the variable: still consistent? | the assigned part's least value |
//! | [`ForwardChecking`] | unary constraints filtered | each propagator over the variable, once (the disequalities first) | its filter, once |
//! | [`ArcConsistency`] | every propagator, to the fixpoint | the queue, to the fixpoint | inside the fixpoint |
//!
//! The search picks the policy once (from the strategy's `Level`) and the
//! trail backend is monomorphised for it, as for the observer, so no hot
//! path matches on the strategy: not the assignment, not the bound, not
//! `settle` per removal ([`Policy::WAKES`]). The mechanics the policies
//! call (the checks, the forward pass, the queue, `settle`) are in
//! `propagate.rs`; the merged pairwise propagator is a forward pass there
//! and a queue slot there, so it goes through the same policies.

use super::Search;
use crate::observer::Observer;
use crate::propagators::{Change, Level};

/// A strategy's propagation steps (zero-sized types, one per textbook
/// strategy; look-back strategies run [`Backtracking`]'s).
pub(crate) trait Policy {
    /// Whether removals wake the propagators that watch them (the queue of
    /// [`ArcConsistency`]): `settle` records fixed variables and queues
    /// propagators only then.
    const WAKES: bool;

    /// Root propagation, before the first choice; false if the model is
    /// inconsistent.
    fn root<O: Observer>(s: &mut Search<'_, O>) -> bool;

    /// After `var = value` at `depth` (the search's arrays already say so;
    /// the store does not yet): makes the store agree as the policy needs
    /// and propagates or checks; false on a failure.
    fn assigned<O: Observer>(s: &mut Search<'_, O>, var: u32, value: i32, depth: usize) -> bool;

    /// Branch and bound after an assignment at `depth`, with a bound set:
    /// does the node allow a value within it? `fresh`: the bound was taken
    /// up from another search since this node last propagated.
    fn within_bound<O: Observer>(s: &mut Search<'_, O>, depth: usize, fresh: bool) -> bool;
}

/// Generate-and-test: every constraint checked on complete assignments.
pub(crate) struct GenerateAndTest;

/// Backtracking (and the look-back strategies on its checks): a constraint
/// is judged as soon as it can be, on the assigned variables.
pub(crate) struct Backtracking;

/// Forward checking: after each assignment, each propagator over the
/// variable filters once.
pub(crate) struct ForwardChecking;

/// Arc consistency: every propagator to a common fixpoint.
pub(crate) struct ArcConsistency;

impl Policy for GenerateAndTest {
    const WAKES: bool = false;

    fn root<O: Observer>(_s: &mut Search<'_, O>) -> bool {
        true
    }

    #[inline(always)]
    fn assigned<O: Observer>(s: &mut Search<'_, O>, _var: u32, _value: i32, depth: usize) -> bool {
        depth < s.order.len() || s.check_all()
    }

    fn within_bound<O: Observer>(s: &mut Search<'_, O>, depth: usize, _fresh: bool) -> bool {
        if depth < s.order.len() {
            return true;
        }
        s.stats.checks += 1;
        s.objective.as_ref().is_none_or(|o| o.holds(&s.values))
    }
}

impl Policy for Backtracking {
    const WAKES: bool = false;

    fn root<O: Observer>(_s: &mut Search<'_, O>) -> bool {
        true
    }

    #[inline(always)]
    fn assigned<O: Observer>(s: &mut Search<'_, O>, var: u32, _value: i32, _depth: usize) -> bool {
        s.check_new_assignment(var) && s.nogoods_allow(var)
    }

    fn within_bound<O: Observer>(s: &mut Search<'_, O>, _depth: usize, _fresh: bool) -> bool {
        s.stats.checks += 1;
        s.objective
            .as_ref()
            .is_none_or(|o| o.possible(&s.store, &s.values, &s.assigned))
    }
}

impl Policy for ForwardChecking {
    const WAKES: bool = false;

    fn root<O: Observer>(s: &mut Search<'_, O>) -> bool {
        s.filter_unary()
    }

    #[inline(always)]
    fn assigned<O: Observer>(s: &mut Search<'_, O>, var: u32, value: i32, _depth: usize) -> bool {
        s.store.assign(var, value as i64);
        s.forward_check(var)
    }

    fn within_bound<O: Observer>(s: &mut Search<'_, O>, _depth: usize, _fresh: bool) -> bool {
        s.objective_pass::<Self>()
    }
}

impl Policy for ArcConsistency {
    const WAKES: bool = true;

    fn root<O: Observer>(s: &mut Search<'_, O>) -> bool {
        s.root_fixpoint()
    }

    #[inline(always)]
    fn assigned<O: Observer>(s: &mut Search<'_, O>, var: u32, value: i32, _depth: usize) -> bool {
        let value = value as i64;
        s.wake(var, Change::Assigning { value }, None, None);
        s.store.assign(var, value);
        s.note_fixed(var, None);
        s.arc_consistency()
    }

    /// The fixpoint ran the bound it had; one taken up from another search
    /// since (a complete assignment may not meet it) runs now, with what
    /// it wakes.
    fn within_bound<O: Observer>(s: &mut Search<'_, O>, _depth: usize, fresh: bool) -> bool {
        !fresh || s.arc_consistency()
    }
}

/// Runs `$body` with `$P` the policy type of `$level` (the one dispatch
/// per search; everything under it is monomorphised).
macro_rules! with_policy {
    ($level:expr, $P:ident => $body:expr) => {
        match $level {
            $crate::propagators::Level::Leaves => {
                type $P = $crate::search::policy::GenerateAndTest;
                $body
            }
            $crate::propagators::Level::Check => {
                type $P = $crate::search::policy::Backtracking;
                $body
            }
            $crate::propagators::Level::Forward => {
                type $P = $crate::search::policy::ForwardChecking;
                $body
            }
            $crate::propagators::Level::Fixpoint => {
                type $P = $crate::search::policy::ArcConsistency;
                $body
            }
        }
    };
}
pub(crate) use with_policy;

/// Root propagation under `level`'s policy.
#[inline]
pub(crate) fn root<O: Observer>(s: &mut Search<'_, O>, level: Level) -> bool {
    with_policy!(level, P => P::root(s))
}

#[cfg(test)]
mod tests {
    use crate::{Model, Solver, Strategy};

    /// (solutions, failures) of `x + y + z >= 6` over `0..=2` (only
    /// `2, 2, 2`) under `strategy`, input order.
    fn run(strategy: Strategy) -> (u64, u64) {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..=2).unwrap();
        m.greater_equal(x[0] + x[1] + x[2], 6).unwrap();
        let outcome = Solver::new(&m).strategy(strategy).count();
        (outcome.solutions(), outcome.stats.failures)
    }

    #[test]
    fn each_policy_asks_its_own_question_of_an_n_ary_constraint() {
        // Generate-and-test and backtracking judge the sum only once its
        // scope is assigned: 26 of the 27 leaves fail.
        assert_eq!(run(Strategy::GenerateAndTest), (1, 26));
        assert_eq!(run(Strategy::Backtracking), (1, 26));
        // Forward checking filters the last open variable only (nFC0), not
        // the bounds with two open: every `x, y` but `2, 2` fails, 8.
        assert_eq!(run(Strategy::ForwardChecking), (1, 8));
        // Arc consistency fixes all three at the root.
        assert_eq!(run(Strategy::ArcConsistency), (1, 0));
    }
}
