//! `-p N` for a first solution or an optimum: a portfolio of `N` searches
//! of the one model on threads. Member 0 is exactly the search one thread
//! runs (the annotations, or the free search); member 1 is the other kind
//! of search: clause learning (which proves optima and refutes subtrees
//! that the textbook search walks again and again; under the annotations'
//! own search it decides the annotated variables as they say, and its
//! activities decide the rest, so it searches a tree of its own even where
//! the annotations fix every choice), or arc consistency when member 0 is
//! the learning search. The others differ by seed
//! and, where the orders are free (`-f`, no annotation, no `--var-order`
//! or `--value-order`), by order, with Luby restarts unless the model
//! names its own restarts. The first to finish decides: a solution, or a
//! complete search (unsatisfiable, or no better objective value), stops
//! the others through a shared cancel flag. Optimisation shares the best
//! objective value ([`csp::SharedBound`]), so every member prunes with it.
//! The members beyond the first start once member 0 has searched for
//! [`MEMBERS_START_AFTER`]: a run shorter than that is member 0's alone.
//!
//! One thread can run two members too, one after the other
//! ([`Schedule::Relay`]): that is the default search under a time limit
//! (see `run.rs`): arc consistency for a share of the limit
//! ([`RELAY_SHARE`]), then clause learning for the rest, sharing the best
//! objective value.

use csp::{Limits, Outcome, Restarts, Solver, Stats, Status, Strategy, ValueOrder, VarOrder};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How the members' orders may differ from the base search's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Freedom {
    /// The variable and value orders are the solver's to choose (free
    /// search, and no order given on the command line).
    pub orders: bool,
    /// The model chose its restarts (a restart annotation): kept.
    pub own_restarts: bool,
}

/// The restarts a diversified member adds: Luby's, 100 failures a unit.
const MEMBER_RESTARTS: Restarts = Restarts::Luby { scale: 100 };

/// The `n` members' solvers: member 0 is `base` (whose seed is `seed`);
/// member 1 runs the other kind of search ([`other_strategy`]: clause
/// learning, with its own restarts unless the model names some); member
/// `i` from 2 has the seed `seed + i`, restarts, and where `freedom`
/// allows another order (arc consistency when `base` learns).
///
/// ```
/// use csp::{Strategy, VarOrder};
/// use csp_fzn::portfolio::{members, Freedom};
/// let model = csp::Model::new();
/// let base = csp::Solver::new(&model).var_order(VarOrder::DomWDeg);
/// let free = Freedom { orders: true, own_restarts: false };
/// let m = members(&base, 4, free, 0);
/// assert_eq!(m.len(), 4);
/// assert_eq!(m[0].get_var_order(), VarOrder::DomWDeg);
/// assert_eq!(m[1].get_strategy(), Strategy::ClauseLearning);
/// assert_eq!(m[2].get_var_order(), VarOrder::DomWDeg); // with restarts
/// assert_eq!(m[3].get_var_order(), VarOrder::SmallestDomain);
/// let fixed = members(&base, 3, Freedom { orders: false, own_restarts: false }, 0);
/// assert!(fixed.iter().all(|s| s.get_var_order() == VarOrder::DomWDeg));
/// let learner = base.clone().strategy(Strategy::ClauseLearning);
/// let m = members(&learner, 3, free, 0);
/// assert_eq!(m[1].get_strategy(), Strategy::ArcConsistency);
/// assert_eq!(m[2].get_strategy(), Strategy::ArcConsistency);
/// ```
pub fn members<'m>(base: &Solver<'m>, n: usize, freedom: Freedom, seed: u64) -> Vec<Solver<'m>> {
    (0..n.max(1))
        .map(|i| {
            if i == 0 {
                return base.clone();
            }
            if i == 1 {
                return (base.clone().seed(seed.wrapping_add(1)))
                    .strategy(other_strategy(base.get_strategy()));
            }
            let mut s = base.clone().seed(seed.wrapping_add(i as u64));
            if base.get_strategy() == Strategy::ClauseLearning {
                // Seeds and orders change nothing in a learning search
                // that follows no branching: the textbook search varies.
                s = s.strategy(Strategy::ArcConsistency);
            }
            if !freedom.own_restarts {
                s = s.restarts(MEMBER_RESTARTS);
            }
            if freedom.orders {
                // Cycles through orders that complement the free search's
                // dom/wdeg with ascending values, from member 2 (member 1
                // learns).
                s = match (i - 1) % 4 {
                    1 => s.var_order(VarOrder::DomWDeg),
                    2 => s.var_order(VarOrder::SmallestDomain),
                    3 => s
                        .var_order(VarOrder::DomWDeg)
                        .value_order(ValueOrder::Random),
                    _ => s.var_order(VarOrder::DomDeg),
                };
            }
            s
        })
        .collect()
}

/// Member 1's strategy beside member 0's `base`: clause learning, or arc
/// consistency when member 0 learns already (its seed changes nothing in
/// the learning search, so a second learner would repeat the first).
///
/// ```
/// use csp::Strategy;
/// use csp_fzn::portfolio::other_strategy;
/// assert_eq!(other_strategy(Strategy::ArcConsistency), Strategy::ClauseLearning);
/// assert_eq!(other_strategy(Strategy::ClauseLearning), Strategy::ArcConsistency);
/// ```
pub fn other_strategy(base: Strategy) -> Strategy {
    match base {
        Strategy::ClauseLearning => Strategy::ArcConsistency,
        _ => Strategy::ClauseLearning,
    }
}

/// How a portfolio's members share the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// All at once, each on a thread of its own (`-p N`; see
    /// [`MEMBERS_START_AFTER`]); member 0's return ends the race.
    Race,
    /// One after another on the caller's thread, each under its own
    /// limits cut to `deadline`: the next member starts only when the one
    /// before stopped at a limit without the answer asked for.
    Relay {
        /// When the whole relay must end (`-t`).
        deadline: Option<Instant>,
    },
}

/// The default search's share of a time limit in a relay: arc consistency
/// searches alone for a fifth of the limit, then clause learning takes
/// over with the best objective value found so far. Most models that arc
/// consistency finishes within a minute it finishes within a few seconds
/// (still life 7x7, nonograms, Costas 15 in under 5 s); the unsatisfiable
/// colourings of search_stress and the open stacks optima that it walks
/// for minutes, learning proves in one or two seconds (BENCHMARKS.md, "The
/// default's handover to clause learning").
pub const RELAY_SHARE: u32 = 5;

/// Runs `work(member)` for `members` as `schedule` says, returning
/// their results in member order ([`race`], or one after another).
pub(crate) fn run_members<'m, T: Send>(
    members: &[Solver<'m>],
    cancel: &AtomicBool,
    schedule: Schedule,
    work: impl Fn(&Solver<'m>) -> T + Sync,
) -> Vec<T> {
    let Schedule::Relay { deadline } = schedule else {
        return race(members, cancel, work);
    };
    let mut results = Vec::with_capacity(members.len());
    for member in members {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let over = cancel.load(Ordering::SeqCst) || left.is_some_and(|l| l.is_zero());
        if over && !results.is_empty() {
            break;
        }
        let mut limits = member.get_limits().clone();
        if let Some(left) = left {
            limits.time = Some(limits.time.map_or(left, |t| t.min(left)));
        }
        results.push(work(&member.clone().limits(limits)));
    }
    results
}

/// What a portfolio's first-solution race found.
pub struct First {
    /// The first solution found (engine values), if any.
    pub values: Option<Vec<i32>>,
    /// The members' statistics merged; complete when a member proved
    /// there is no solution, else why member 0 stopped (in a relay, the
    /// last member run).
    pub outcome: Outcome,
    /// How many members searched (a relay stops at the one that answers).
    pub members_run: usize,
}

/// Runs the members for a first solution, each under its own limits
/// (plus a shared cancel flag), as `schedule` says; the first solution
/// found, or a member's proof that there is none, stops the others.
///
/// ```
/// use csp::{Model, Solver};
/// use csp_fzn::portfolio::{first_solution, members, Freedom, Schedule};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..2).unwrap();
/// model.all_different(&x).unwrap(); // three variables, two values
/// let free = Freedom { orders: true, own_restarts: false };
/// let two = members(&Solver::new(&model), 2, free, 0);
/// let found = first_solution(&two, Schedule::Race);
/// assert!(found.values.is_none() && found.outcome.status.is_complete());
/// // One after the other: member 0 proves it, member 1 never starts.
/// let found = first_solution(&two, Schedule::Relay { deadline: None });
/// assert!(found.values.is_none() && found.outcome.status.is_complete());
/// assert_eq!(found.members_run, 1);
/// ```
pub fn first_solution(members: &[Solver<'_>], schedule: Schedule) -> First {
    let cancel = Arc::new(AtomicBool::new(false));
    let winner: Mutex<Option<Vec<i32>>> = Mutex::new(None);
    let proved_none = AtomicBool::new(false);
    let outcomes = run_members(members, &cancel, schedule, |solver| {
        let solver = solver.clone().limits(Limits {
            cancel: Some(cancel.clone()),
            ..solver.get_limits().clone()
        });
        let mut search = solver.search();
        if let Some(values) = search.next_values() {
            winner
                .lock()
                .expect("winner lock")
                .get_or_insert_with(|| values.to_vec());
            cancel.store(true, Ordering::SeqCst);
        } else if search.outcome().status == Status::Complete {
            proved_none.store(true, Ordering::SeqCst);
            cancel.store(true, Ordering::SeqCst);
        }
        search.outcome()
    });
    let values = winner.into_inner().expect("winner lock");
    let mut outcome = merged(&outcomes, schedule);
    if values.is_none() && proved_none.load(Ordering::SeqCst) {
        outcome.status = Status::Complete;
    }
    First {
        values,
        outcome,
        members_run: outcomes.len(),
    }
}

/// How long member 0 searches alone before the others start. Two busy
/// threads slow each other on a machine's shared resources (on a two-core
/// machine both `-p 1` searches of two processes run slower together), so
/// a run that member 0 finishes this quickly, where another member could
/// hardly have been quicker, is as fast as `-p 1`; a long one loses at
/// most this much where another member wins.
pub const MEMBERS_START_AFTER: Duration = Duration::from_millis(100);

/// Runs `work(member)` for each member on its own thread (member 0 on
/// the caller's, at once; the others once member 0 has run for
/// [`MEMBERS_START_AFTER`] or returned), returning their results in member
/// order. Member 0's return ends the race (it found what was asked, proved
/// it complete, was cancelled by a winner, or reached the time limit,
/// which the others reach too): `cancel` is raised, so the others stop
/// (a member not started yet at once, rather than after its own time
/// limit, which counts from its start).
pub(crate) fn race<'m, T: Send>(
    members: &[Solver<'m>],
    cancel: &AtomicBool,
    work: impl Fn(&Solver<'m>) -> T + Sync,
) -> Vec<T> {
    // Raised when member 0 returns: the others stop waiting.
    let first_done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let work = &work;
        let first_done = &first_done;
        let others: Vec<_> = members
            .iter()
            .skip(1)
            .map(|s| {
                scope.spawn(move || {
                    let (done, wake) = first_done;
                    let done = done.lock().expect("start lock");
                    let _unused = wake
                        .wait_timeout_while(done, MEMBERS_START_AFTER, |done| !*done)
                        .expect("start lock");
                    work(s)
                })
            })
            .collect();
        let mut results = Vec::with_capacity(members.len());
        if let Some(first) = members.first() {
            results.push(work(first));
        }
        cancel.store(true, Ordering::SeqCst);
        *first_done.0.lock().expect("start lock") = true;
        first_done.1.notify_all();
        for handle in others {
            match handle.join() {
                Ok(r) => results.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        results
    })
}

/// The members' outcomes as one: statistics merged (sums, maximum depth;
/// in a relay the times summed too), and the status of member 0 in a race
/// (the one search `-p 1` would have run) or of the relay's last member.
pub(crate) fn merged(outcomes: &[Outcome], schedule: Schedule) -> Outcome {
    let stats = merged_stats(outcomes.iter().map(|o| &o.stats), schedule);
    let last = match schedule {
        Schedule::Race => outcomes.first(),
        Schedule::Relay { .. } => outcomes.last(),
    };
    Outcome {
        stats,
        status: last.map_or(Status::Complete, |o| o.status),
    }
}

/// The members' statistics as one: sums and the maximum depth; the
/// elapsed time is the longest member's in a race, the sum in a relay.
pub(crate) fn merged_stats<'s>(
    members: impl Iterator<Item = &'s Stats>,
    schedule: Schedule,
) -> Stats {
    let mut stats = Stats::default();
    let mut elapsed = Duration::ZERO;
    let mut last_path = None;
    for s in members {
        stats.merge(s);
        elapsed += s.elapsed;
        last_path = s.path;
    }
    if matches!(schedule, Schedule::Relay { .. }) {
        // The time of the whole relay, and the search that ran last.
        stats.elapsed = elapsed;
        stats.path = last_path.or(stats.path);
    }
    stats
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use csp::{AllDifferentLevel, Cmp, Model, VarId};

    /// Ten free digits in input order before an odd cycle of five
    /// variables over `colours` colours, and the colours' sum: an
    /// input-order search refutes the cycle again under each of the
    /// digits' 10^10 assignments; clause learning learns that the digits
    /// take no part and refutes it once.
    pub(crate) fn digits_then_odd_cycle(colours: i32) -> (Model, VarId) {
        let mut model = Model::new();
        model.int_vars(10, 0..10).unwrap();
        let cycle = model.int_vars(5, 0..colours).unwrap();
        for i in 0..5 {
            model.not_equal(cycle[i], cycle[(i + 1) % 5]).unwrap();
        }
        let sum = model.int_var(0..5 * colours).unwrap();
        let mut terms: Vec<(i64, VarId)> = cycle.iter().map(|&y| (1, y)).collect();
        terms.push((-1, sum));
        model.linear(terms, Cmp::Eq, 0).unwrap();
        (model, sum)
    }

    /// Member 0 in input order, ascending values; a safety limit only, so
    /// that a broken member fails the test rather than hanging it.
    pub(crate) fn input_order(model: &Model) -> Solver<'_> {
        Solver::new(model)
            .var_order(VarOrder::Input)
            .limits(Limits {
                time: Some(Duration::from_secs(300)),
                ..Limits::default()
            })
    }

    pub(crate) const FIXED: Freedom = Freedom {
        orders: false,
        own_restarts: false,
    };

    #[test]
    fn the_learning_member_refutes_what_member_0_cannot_within_a_cutoff() {
        let (model, _) = digits_then_odd_cycle(2);
        let two = members(&input_order(&model), 2, FIXED, 0);
        let cutoff = |s: &Solver<'_>, failures| {
            let limits = Limits {
                failures: Some(failures),
                ..Limits::default()
            };
            s.clone().limits(limits).count()
        };
        assert!(!cutoff(&two[0], 100_000).status.is_complete());
        let learned = cutoff(&two[1], 1_000);
        assert!(learned.status.is_complete(), "{learned:?}");
        assert_eq!(learned.stats.solutions, 0);
        // Raced, the learning member's proof ends member 0's search.
        let found = first_solution(&two, Schedule::Race);
        assert!(found.values.is_none());
        assert!(found.outcome.status.is_complete(), "{:?}", found.outcome);
    }

    #[test]
    fn a_learning_member_0_gets_an_arc_consistency_member() {
        let (model, _) = digits_then_odd_cycle(2);
        let base = Solver::new(&model).strategy(Strategy::ClauseLearning);
        let two = members(&base, 2, FIXED, 0);
        assert_eq!(two[1].get_strategy(), Strategy::ArcConsistency);
    }

    #[test]
    fn a_member_that_starts_late_still_wins_a_long_race() {
        // Twelve pigeons, eleven holes: forward checking in input order
        // walks 11! assignments; matching proves it at the root.
        let mut model = Model::new();
        let x = model.int_vars(12, 0..11).unwrap();
        model.all_different(&x).unwrap();
        let slow = Solver::new(&model).strategy(Strategy::ForwardChecking);
        let quick = slow.clone().all_different_level(AllDifferentLevel::Domain);
        let found = first_solution(&[slow, quick], Schedule::Race);
        assert!(found.values.is_none());
        assert!(found.outcome.status.is_complete());
    }

    #[test]
    fn members_not_started_when_member_0_returns_stop_at_once() {
        // Member 0 proves at the root; member 1 would walk 11! assignments.
        let mut model = Model::new();
        let x = model.int_vars(12, 0..11).unwrap();
        model.all_different(&x).unwrap();
        let slow = Solver::new(&model).strategy(Strategy::ForwardChecking);
        let quick = slow.clone().all_different_level(AllDifferentLevel::Domain);
        let cancel = Arc::new(AtomicBool::new(false));
        let outcomes = race(&[quick, slow], &cancel, |s| {
            s.clone()
                .limits(Limits {
                    cancel: Some(cancel.clone()),
                    ..Limits::default()
                })
                .count()
        });
        assert!(outcomes[0].status.is_complete());
        // Stopped by the flag member 0's return raised (at its start, or at
        // its next poll should it have started first on a loaded machine).
        assert!(!outcomes[1].status.is_complete());
        assert!(outcomes[1].stats.nodes < 100_000, "{:?}", outcomes[1].stats);
    }
}
