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
//! One core can run two members too, taking turns ([`Schedule::Turns`]):
//! that is the default search under a time limit (see `run.rs`): arc
//! consistency and clause learning, each resuming where it paused, in
//! turns that double each round ([`FIRST_TURN`]), sharing the best
//! objective value; a learning member whose nogoods prune almost nothing
//! gets shorter turns ([`turn_share`]), and a member whose search
//! estimates itself nearly done keeps its turn up to half a turn longer
//! ([`finishing`]).

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
    /// Taking turns on one core: each member on a thread of its own, only
    /// one of them searching at a time, member 0 first, each for
    /// `first_turn` at its first turn and twice as long at each round after
    /// ([`turn_length`]; the default search's first turn is [`FIRST_TURN`]),
    /// a learning member's turns scaled by its [`turn_share`], a member
    /// about to finish keeping its turn up to [`EXTENSION`] longer
    /// ([`finishing`]). A
    /// member whose turn ends pauses where it stands ([`csp::Gate`]) and
    /// resumes there at its next turn, so no search is lost or repeated;
    /// one that stops (an answer, a proof, a limit of its own) leaves the
    /// core to the others. Every member is cut to `deadline`.
    Turns {
        /// When the whole run must end (`-t`).
        deadline: Option<Instant>,
        /// The length of each member's first turn.
        first_turn: Duration,
    },
}

/// The first round's turn in the default search's [`Schedule::Turns`]:
/// each member searches this long at its first turn, twice as long at its
/// second, and so on ([`turn_length`]), so a search that needs `t`
/// seconds alone ends within about `2t` (member 0) or `3t` (member 1),
/// plus this. Arc consistency finishes most of the
/// models it finishes at all within a few seconds, clause learning proves
/// the unsatisfiable colourings of search_stress and the open stacks
/// optima that arc consistency walks for minutes in one or two
/// (BENCHMARKS.md, "The default search takes turns with clause
/// learning").
pub const FIRST_TURN: Duration = Duration::from_millis(500);

/// How far past its length a turn may run for a member about to finish
/// ([`finishing`]): half a turn more at most, so that at worst the other
/// members' turns come half a turn later.
pub const EXTENSION: f64 = 0.5;

/// The learned clauses' implied literals per conflict at which a learning
/// member keeps whole turns ([`turn_share`]).
pub const UNITS_FOR_WHOLE_TURNS: f64 = 0.25;

/// The least share of its turns a member keeps ([`turn_share`]).
pub const LEAST_SHARE: f64 = 0.25;

/// The conflicts a learning member's share of its turns is judged over:
/// its share changes at the end of a turn once it has met this many
/// conflicts since the last judgement, from what its clauses implied over
/// them ([`turn_share`]). Long enough that a search whose nogoods prune
/// nothing at first is not judged on that start (on open stacks
/// wbo_30_30_1 the first 600 conflicts' clauses imply 4 literals, the
/// first 2,000 conflicts' 1,652), and recent, so that a search whose
/// learning starts paying later gets its turns back.
pub const JUDGED_OVER_CONFLICTS: u64 = 2000;

/// The share of its next turn a member taking turns gets from its last
/// `conflicts` conflicts, over which its learned clauses implied
/// `implied` literals: whole, unless its nogoods prune almost nothing.
/// Clause learning's nogoods prune by the literals they imply
/// ([`Stats::clause_propagations`]); where they imply fewer than
/// [`UNITS_FOR_WHOLE_TURNS`] per conflict, they are about as long as the
/// branch each was learned on (on Costas arrays, nonograms and black-hole
/// patience every decision level is in the nogood) and prune what
/// chronological backtracking already would: the search is the textbook
/// one, slower, and the turn shrinks in proportion, to [`LEAST_SHARE`] at
/// the least (not to nothing: learning that starts paying later gets its
/// turns back). A member that learns nothing (conflicts 0) keeps whole
/// turns.
///
/// ```
/// use csp_fzn::portfolio::{turn_share, LEAST_SHARE};
/// assert_eq!(turn_share(0, 0), 1.0); // arc consistency: no conflicts
/// assert_eq!(turn_share(2_000, 3_000), 1.0);
/// assert_eq!(turn_share(2_000, 20), LEAST_SHARE);
/// assert!((turn_share(2_000, 300) - 0.6).abs() < 1e-9);
/// ```
pub fn turn_share(conflicts: u64, implied: u64) -> f64 {
    if conflicts == 0 {
        return 1.0;
    }
    let per_conflict = implied as f64 / conflicts as f64;
    (per_conflict / UNITS_FOR_WHOLE_TURNS).clamp(LEAST_SHARE, 1.0)
}

/// Whether a member whose turn of `length` has run `elapsed` (past its
/// length or not) keeps it, having searched `searched` in all (this turn
/// included) with its tree's estimated share done `progress`
/// ([`csp::Gate::with_progress`]): while the turn is within [`EXTENSION`]
/// past its length and the rest of the tree, at the pace so far
/// (`searched * (1 - progress) / progress`), would take at most a turn.
/// A search that ends just past its turn then ends there, not after the
/// others' turns: photo2, which arc consistency proves in 0.54 s, took
/// 1.05 s under 0.5 s turns. The estimate runs behind the search (on the
/// proofs of `benches/challenge_turns.txt` it read 0.68 to 0.99 at nine
/// tenths of the search's time; photo2's read 0.64 at the end of its
/// first turn, so the rest predicted, 0.28 s, was three times the true
/// one), hence a whole turn for the rest it predicts, not only the
/// extension's half. A member without an estimate (clause learning, a
/// search that found nothing to count yet) never keeps a turn past its
/// length.
///
/// ```
/// use csp_fzn::portfolio::finishing;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// // Half a second into a half-second turn, 64 % done: the 0.28 s it
/// // predicts are within a turn.
/// assert!(finishing(ms(500), ms(500), ms(500), Some(0.64)));
/// // 30 % done: 1.2 s more is not.
/// assert!(!finishing(ms(500), ms(500), ms(500), Some(0.3)));
/// // Never past the extension, nor without an estimate.
/// assert!(!finishing(ms(500), ms(750), ms(750), Some(0.999)));
/// assert!(!finishing(ms(500), ms(500), ms(500), None));
/// assert!(!finishing(ms(500), ms(500), ms(500), Some(0.0)));
/// ```
pub fn finishing(
    length: Duration,
    elapsed: Duration,
    searched: Duration,
    progress: Option<f64>,
) -> bool {
    let Some(p) = progress.filter(|&p| p > 0.0) else {
        return false;
    };
    let end = length.saturating_add(length.mul_f64(EXTENSION));
    elapsed < end && searched.as_secs_f64() * (1.0 - p) / p <= length.as_secs_f64()
}

/// The length of turn `k` (0-based, counted over all members) among `n`
/// members taking turns whose first turns last `first`: doubled at each
/// round.
///
/// ```
/// use csp_fzn::portfolio::{turn_length, FIRST_TURN};
/// assert_eq!(turn_length(FIRST_TURN, 0, 2), FIRST_TURN); // member 0
/// assert_eq!(turn_length(FIRST_TURN, 1, 2), FIRST_TURN); // member 1
/// assert_eq!(turn_length(FIRST_TURN, 2, 2), 2 * FIRST_TURN); // member 0 again
/// assert_eq!(turn_length(FIRST_TURN, 5, 2), 4 * FIRST_TURN);
/// ```
pub fn turn_length(first: Duration, k: u32, n: usize) -> Duration {
    let round = k / n.max(1) as u32;
    first.saturating_mul(1u32.checked_shl(round).unwrap_or(u32::MAX))
}

/// Runs `work(member)` for `members` as `schedule` says, returning
/// their results in member order ([`race`]) or in the order they ended
/// ([`take_turns`]).
pub(crate) fn run_members<'m, T: Send>(
    members: &[Solver<'m>],
    cancel: &AtomicBool,
    schedule: Schedule,
    work: impl Fn(&Solver<'m>) -> T + Sync,
) -> Vec<T> {
    match schedule {
        Schedule::Race => race(members, cancel, work),
        Schedule::Turns {
            deadline,
            first_turn,
        } => take_turns(members, cancel, deadline, first_turn, work),
    }
}

/// Whose turn it is in [`take_turns`].
struct Turn {
    /// The length of each member's first turn.
    first: Duration,
    /// The member searching (or about to).
    holder: usize,
    /// How many turns have begun.
    turns: u32,
    /// When the holder's turn began (when the holder first passed its
    /// gate in that turn, so that a thread slow to wake loses none of it).
    /// It ends [`Turn::length`] later, a length its share can shorten
    /// while it runs.
    started: Option<Instant>,
    /// The members that have returned.
    done: Vec<bool>,
    /// Each member's share of its next turn ([`turn_share`]).
    shares: Vec<f64>,
    /// Each member's conflicts and implied literals at its share's last
    /// judgement.
    judged: Vec<(u64, u64)>,
    /// Each member's search time in its turns that ended.
    searched: Vec<Duration>,
}

impl Turn {
    /// `n` members, member 0's turn first; each member's first turn lasts
    /// `first`.
    fn new(n: usize, first: Duration) -> Turn {
        Turn {
            first,
            holder: 0,
            turns: 0,
            started: None,
            done: vec![false; n],
            shares: vec![1.0; n],
            judged: vec![(0, 0); n],
            searched: vec![Duration::ZERO; n],
        }
    }

    /// How long the holder's turn lasts: the round's length times its
    /// share.
    fn length(&self) -> Duration {
        let round = turn_length(self.first, self.turns, self.done.len());
        match self.shares[self.holder] {
            // (A whole turn as it is: a saturated length, scaled through
            // floating point, could round past `Duration::MAX`.)
            share if share >= 1.0 => round,
            share => round.mul_f64(share),
        }
    }

    /// The holder's turn is up: its share judged ([`Turn::judge`]), the
    /// turn passes on (what [`Baton::wait_turn`] does over its polls).
    #[cfg(test)]
    fn end(&mut self, stats: &Stats) {
        self.judge(stats);
        self.pass_on();
    }

    /// Once the holder's `stats` show [`JUDGED_OVER_CONFLICTS`] conflicts
    /// since its share's last judgement, judges its share again over
    /// them. Done at every poll of its gate, so a share judged smaller
    /// shortens the turn under way too (on Costas arrays 2,000 conflicts
    /// take a fifth of a first turn).
    fn judge(&mut self, stats: &Stats) {
        let h = self.holder;
        // (Statistics below the last judgement's: a new search; judged
        // from its start.)
        let (c0, p0) = match self.judged[h] {
            (c, _) if c > stats.conflicts => (0, 0),
            judged => judged,
        };
        let conflicts = stats.conflicts - c0;
        if conflicts >= JUDGED_OVER_CONFLICTS {
            let implied = stats.clause_propagations.saturating_sub(p0);
            self.shares[h] = turn_share(conflicts, implied);
            self.judged[h] = (stats.conflicts, stats.clause_propagations);
        }
    }

    /// Passes the turn to the next member that has not returned (the
    /// holder keeps it when it is the only one left).
    fn pass_on(&mut self) {
        let n = self.done.len();
        let next = (1..=n)
            .map(|i| (self.holder + i) % n)
            .find(|&i| !self.done[i]);
        if let Some(started) = self.started {
            self.searched[self.holder] += started.elapsed();
        }
        if let Some(next) = next {
            if next != self.holder {
                self.turns += 1;
            }
            self.holder = next;
            self.started = None;
        }
    }
}

/// A shared [`Turn`] with the condition variable its waiters sleep on.
struct Baton {
    turn: Mutex<Turn>,
    wake: Condvar,
}

impl Baton {
    /// `n` members, member 0's turn first; each member's first turn
    /// lasts `first`.
    fn new(n: usize, first: Duration) -> Baton {
        Baton {
            turn: Mutex::new(Turn::new(n, first)),
            wake: Condvar::new(),
        }
    }

    /// Blocks member `i` until it holds the turn with time left on it
    /// (its share judged from its `stats` first, and the turn passed on
    /// when `i` holds it and its time is up, unless its search's
    /// `progress` says it is [`finishing`]), or is the only member left.
    fn wait_turn(&self, i: usize, stats: &Stats, progress: Option<f64>) {
        let mut turn = self.turn.lock().expect("turn lock");
        loop {
            if turn.holder == i {
                turn.judge(stats);
                let started = *turn.started.get_or_insert_with(Instant::now);
                let (elapsed, length) = (started.elapsed(), turn.length());
                let searched = turn.searched[i] + elapsed;
                if elapsed < length || finishing(length, elapsed, searched, progress) {
                    return;
                }
                turn.pass_on();
                if turn.holder == i {
                    return;
                }
                self.wake.notify_all();
            }
            turn = self.wake.wait(turn).expect("turn lock");
        }
    }

    /// Member `i` returned: the others share the core from now on.
    fn leave(&self, i: usize) {
        // (A poisoned lock still holds a sound turn: nothing panics
        // while holding it.)
        let mut turn = self.turn.lock().unwrap_or_else(|e| e.into_inner());
        turn.done[i] = true;
        if turn.holder == i {
            turn.pass_on();
        }
        self.wake.notify_all();
    }
}

/// Leaves the baton when dropped (see [`Baton::leave`]).
struct Leave<'b>(&'b Baton, usize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.leave(self.1);
    }
}

/// Runs `work(member)` for each member on a thread of its own, taking
/// turns as [`Schedule::Turns`] says (first turns of `first_turn`): each
/// member's limits get a [`csp::Gate`] that waits for its turn, and a
/// time limit cut to `deadline`. A member whose first turn comes after `cancel` was raised
/// or the deadline passed does not start. The results come in the order
/// the members returned.
pub(crate) fn take_turns<'m, T: Send>(
    members: &[Solver<'m>],
    cancel: &AtomicBool,
    deadline: Option<Instant>,
    first_turn: Duration,
    work: impl Fn(&Solver<'m>) -> T + Sync,
) -> Vec<T> {
    let baton = Arc::new(Baton::new(members.len(), first_turn));
    let ended: Mutex<Vec<T>> = Mutex::new(Vec::with_capacity(members.len()));
    std::thread::scope(|scope| {
        for (i, member) in members.iter().enumerate() {
            let (baton, work, ended) = (baton.clone(), &work, &ended);
            scope.spawn(move || {
                // Leaves on return and on a panic alike, so that no other
                // member waits for a turn that never comes.
                let _leave = Leave(&baton, i);
                baton.wait_turn(i, &Stats::default(), None);
                let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                if !(cancel.load(Ordering::SeqCst) || left.is_some_and(|l| l.is_zero())) {
                    let mut limits = member.get_limits().clone();
                    if let Some(left) = left {
                        limits.time = Some(limits.time.map_or(left, |t| t.min(left)));
                    }
                    let gate = baton.clone();
                    limits.gate = Some(csp::Gate::with_progress(move |stats, progress| {
                        gate.wait_turn(i, stats, progress)
                    }));
                    let result = work(&member.clone().limits(limits));
                    ended.lock().expect("results lock").push(result);
                }
            });
        }
    });
    ended.into_inner().expect("results lock")
}

/// What a portfolio's first-solution race found.
pub struct First {
    /// The first solution found (engine values), if any.
    pub values: Option<Vec<i32>>,
    /// The members' statistics merged; complete when a member proved
    /// there is no solution, else why member 0 stopped (taking turns, the
    /// member that ended first).
    pub outcome: Outcome,
    /// How many members searched (taking turns, a member whose first turn
    /// would come after the answer never starts).
    pub members_run: usize,
}

/// Runs the members for a first solution, each under its own limits
/// (plus a shared cancel flag), as `schedule` says; the first solution
/// found, or a member's proof that there is none, stops the others.
///
/// ```
/// use csp::{Model, Solver};
/// use csp_fzn::portfolio::{first_solution, members, Freedom, Schedule, FIRST_TURN};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..2).unwrap();
/// model.all_different(&x).unwrap(); // three variables, two values
/// let free = Freedom { orders: true, own_restarts: false };
/// let two = members(&Solver::new(&model), 2, free, 0);
/// let found = first_solution(&two, Schedule::Race);
/// assert!(found.values.is_none() && found.outcome.status.is_complete());
/// // Taking turns: member 0 proves it in its first turn, member 1 never starts.
/// let turns = Schedule::Turns { deadline: None, first_turn: FIRST_TURN };
/// let found = first_solution(&two, turns);
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
    let mut outcome = merged(&outcomes);
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

/// The members' outcomes as one: statistics merged ([`merged_stats`]),
/// and the status of the first outcome: member 0's in a race (the one
/// search `-p 1` would have run) or, taking turns, the member's that
/// ended first (the one that answered, or held the turn at the deadline).
pub(crate) fn merged(outcomes: &[Outcome]) -> Outcome {
    Outcome {
        stats: merged_stats(outcomes.iter().map(|o| &o.stats)),
        status: outcomes.first().map_or(Status::Complete, |o| o.status),
    }
}

/// The members' statistics as one ([`Stats::merge`]): sums, the maximum
/// depth, the longest member's elapsed time (the members ran side by side,
/// or took turns over the same wall-clock time) and the first member's
/// search path (as for [`merged`]'s status).
pub(crate) fn merged_stats<'s>(members: impl Iterator<Item = &'s Stats>) -> Stats {
    let mut stats = Stats::default();
    for s in members {
        stats.merge(s);
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
    fn a_member_whose_nogoods_prune_almost_nothing_gets_shorter_turns() {
        let none = Stats::default();
        // Member 1's learned clauses implied one literal in 100 conflicts:
        // first over too few conflicts to judge, then over enough.
        let learned = |conflicts: u64, implied: u64| Stats {
            conflicts,
            clause_propagations: implied,
            ..Stats::default()
        };
        let mut turn = Turn::new(2, Duration::from_millis(400));
        let mut lengths = vec![];
        for stats in [
            &none,
            &learned(1_000, 10),
            &none,
            &learned(2_500, 25),
            &none,
        ] {
            lengths.push(turn.length().as_millis());
            turn.end(stats);
        }
        // Whole turns until 2,000 conflicts, then a quarter; member 0's
        // unchanged.
        assert_eq!(lengths, [400, 400, 800, 800, 1600]);
        assert_eq!(turn.length().as_millis(), 400);
        // Its nogoods start pruning (0.3 a conflict over the 2,000 since):
        // whole turns again; not judged again before 2,000 more.
        turn.end(&learned(4_500, 625));
        turn.end(&none);
        assert_eq!(turn.length().as_millis(), 3200);
        turn.end(&learned(5_000, 625));
        turn.end(&none);
        assert_eq!(turn.length().as_millis(), 6400);
        // A new search (fewer conflicts than at the last judgement) is
        // judged from its start.
        turn.end(&learned(2_000, 0));
        turn.end(&none);
        assert_eq!(turn.length().as_millis(), 3200);
    }

    #[test]
    fn a_share_judged_during_a_turn_shortens_that_turn() {
        let mut turn = Turn::new(2, Duration::from_millis(400));
        turn.end(&Stats::default());
        assert_eq!((turn.holder, turn.length().as_millis()), (1, 400));
        // 2,000 conflicts into its first turn, member 1's clauses have
        // implied nothing: the turn under way is a quarter long.
        turn.judge(&Stats {
            conflicts: 2_000,
            ..Stats::default()
        });
        assert_eq!((turn.holder, turn.length().as_millis()), (1, 100));
    }

    #[test]
    fn the_longest_turns_saturate_whole_or_shared() {
        let mut turn = Turn::new(2, Duration::MAX);
        assert_eq!(turn.length(), Duration::MAX);
        turn.end(&Stats::default());
        turn.end(&Stats {
            conflicts: 5_000,
            ..Stats::default()
        });
        turn.end(&Stats::default());
        assert!(turn.length() < Duration::MAX && turn.length() > Duration::MAX / 8);
    }

    #[test]
    fn members_take_turns_one_at_a_time_each_turn_longer() {
        // Each member holds the turn until its time is up, and stops at
        // the start of its third turn.
        let start = Instant::now();
        let baton = Arc::new(Baton::new(2, Duration::from_millis(2)));
        let holding = std::sync::atomic::AtomicUsize::new(0);
        // (member, when its turn began)
        let log = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for i in 0..2 {
                let (baton, holding, log) = (baton.clone(), &holding, &log);
                scope.spawn(move || {
                    let _leave = Leave(&baton, i);
                    let mut turns = 0;
                    loop {
                        baton.wait_turn(i, &Stats::default(), None);
                        assert_eq!(holding.swap(i + 1, Ordering::SeqCst), 0, "two at once");
                        let mut log = log.lock().unwrap();
                        if log.last().is_none_or(|&(j, _)| j != i) {
                            turns += 1;
                            log.push((i, Instant::now()));
                        }
                        drop(log);
                        holding.store(0, Ordering::SeqCst);
                        if turns == 3 {
                            break;
                        }
                    }
                });
            }
        });
        let log = log.into_inner().unwrap();
        let holders: Vec<usize> = log.iter().map(|&(i, _)| i).collect();
        assert_eq!(holders, [0, 1, 0, 1, 0, 1]);
        // No turn passes before its time is up: the fifth (member 0's
        // third, left at once) begins after the first four's 2 + 2 + 4 +
        // 4 ms (a lower bound only, so a loaded machine cannot fail it).
        let fifth = log[4].1.duration_since(start);
        assert!(fifth >= Duration::from_millis(12), "{fifth:?}");
    }

    #[test]
    fn a_member_about_to_finish_keeps_its_turn_past_its_length() {
        // Member 0's search says it is nearly done: it keeps its 20 ms turn
        // up to half as long again before member 1's turn begins.
        let start = Instant::now();
        let baton = Arc::new(Baton::new(2, Duration::from_millis(20)));
        let second = Mutex::new(None);
        std::thread::scope(|scope| {
            let (b0, b1, second) = (baton.clone(), baton.clone(), &second);
            scope.spawn(move || {
                let _leave = Leave(&b0, 0);
                b0.wait_turn(0, &Stats::default(), Some(0.999));
                while second.lock().unwrap().is_none() {
                    b0.wait_turn(0, &Stats::default(), Some(0.999));
                    std::thread::sleep(Duration::from_micros(200));
                }
            });
            scope.spawn(move || {
                let _leave = Leave(&b1, 1);
                b1.wait_turn(1, &Stats::default(), None);
                *second.lock().unwrap() = Some(Instant::now());
            });
        });
        let began = second.into_inner().unwrap().unwrap().duration_since(start);
        // (A lower bound only, so a loaded machine cannot fail it.)
        assert!(began >= Duration::from_millis(30), "{began:?}");
    }

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
