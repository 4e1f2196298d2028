//! Min-conflicts local search (the approach is documented on [`MinConflicts`]).

use crate::model::Model;
use crate::propagators::Constraint;
use crate::rng::SplitMix64;
use crate::search::Solver;
use crate::solution::Solution;
use crate::stats::{Limits, Status};
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The largest step limit used unless [`MinConflicts::max_steps`] sets
/// another, so that an unsatisfiable model cannot make a search run forever.
/// Smaller models get a limit scaled to their size:
/// [`STEPS_PER_VARIABLE`] per variable, and at least [`MIN_DEFAULT_STEPS`].
pub const DEFAULT_MAX_STEPS: u64 = 50_000_000;

/// Repair steps allowed per variable by the default step limit (solvable
/// n-queens boards need about one step per ten queens).
pub const STEPS_PER_VARIABLE: u64 = 10_000;

/// The smallest default step limit (tiny models).
pub const MIN_DEFAULT_STEPS: u64 = 100_000;

/// Models with at most this many values (summed over the domains) are first
/// given to a bounded systematic search, which can prove them unsatisfiable.
const PROOF_MAX_VALUES: u64 = 4096;
/// The node budget of that systematic search.
const PROOF_NODES: u64 = 20_000;

/// The probability of a random move used unless [`MinConflicts::noise`] sets another.
pub const DEFAULT_NOISE: f64 = 0.01;

/// Domains at most this wide are scanned whole; wider ones are sampled.
const FULL_SCAN_WIDTH: u64 = 128;
/// Free values of the tightest all-different tried per choice (wide domains).
const FREE_SAMPLES: usize = 48;
/// Uniformly random values tried per choice (wide domains).
const RANDOM_SAMPLES: usize = 16;
/// Values tried in the greedy start's sweep, after the previous variable's
/// value, before sampling (wide domains).
const SWEEP_VALUES: u64 = 8;
/// How often (in iterations) the time limit and cancel flag are polled.
const POLL_EVERY: u64 = 1024;

/// Min-conflicts local search: a fast, incomplete way to find one solution
/// of any model, including models far too large for systematic search
/// (a million queens).
///
/// # Approach
///
/// 1. **Greedy start.** Variables are placed in input order, each on a value
///    with the fewest conflicts with the variables already placed (random
///    ties). A wide domain is first swept from just after the previous
///    variable's value (see *Wide domains*). A good start is what makes huge
///    n-queens fast: almost every queen lands on a free column and free
///    diagonals.
/// 2. **Repair.** While some variable is in conflict, pick one at random and
///    move it to a value with the fewest conflicts (random ties; with a small
///    probability, the *noise*, to a random value instead, which lets the
///    search leave local minima). Each such move is a *step*.
///
/// # Incremental conflict counting
///
/// * Not-equal and all-different constraints (over offset views) keep, per
///   constraint, how many views take each view value: a dense array indexed
///   by `value - smallest possible view value` when the range is not much
///   wider than the scope (a hash map otherwise). The conflicts of
///   `x = v` are then one lookup per constraint of `x`, and moving `x` is one
///   update per constraint of `x`. Each slot also keeps the wrapping sum of
///   its occupants' indices, so when a second view arrives in a slot the
///   first occupant (now conflicted) is known without a search.
/// * Other constraints (linear, table, predicate, count) are checked whole
///   once all their variables are placed: a violated one counts one conflict
///   for each of its variables. Correct, but costs the scope's size.
/// * The conflicted variables are kept in a set updated by each move, never
///   by scanning all variables: a variable enters when a move puts it in
///   conflict, and leaves when it is picked and found conflict-free.
///
/// # Wide domains
///
/// Domains up to 128 values wide are scanned whole (from a random start,
/// stopping at the first conflict-free value). Wider domains are sampled:
/// in the greedy start, first the eight values after the previous
/// variable's value (a random one for the first variable), stopping at the
/// first conflict-free one; then values that are free in the variable's
/// tightest all-different (for n-queens, the empty columns), then a few
/// uniformly random values, then the current value. The sweep keeps every
/// table access next to the previous one, so the start streams through
/// memory even when the tables are far larger than the cache; on n-queens
/// it lays the queens in knight's-move lines (two columns on per row), and
/// leaves at most a few of them in conflict at any size. Nothing per
/// variable is proportional to its domain's width, so a million variables
/// with a million values each fit easily. Measured with `nqueens N --first
/// --strategy min-conflicts --stats` (release build, seed 0): 2 conflicted
/// queens after the greedy start and 44 repair steps at a million queens
/// (2 and 279 at 100,000), about 1.9 s for the whole run on a heavily
/// loaded shared 2-core machine where the random-sampling start took
/// 4.1 s. Only tight tables (the columns, for n-queens)
/// keep a list of their free values: a wider one has free values often
/// enough for random samples, and its list's upkeep would cost two more
/// random memory accesses per move.
///
/// ```
/// use csp::{MinConflicts, Model};
/// let n = 200;
/// let mut model = Model::new();
/// let q = model.int_vars(n, 0..n as i32)?;
/// model.all_different(&q)?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))?;
/// let outcome = MinConflicts::new(&model).seed(1).solve();
/// assert!(outcome.status.is_solved());
/// assert!(model.is_solution(outcome.solution.unwrap().values()));
/// # Ok::<(), csp::ModelError>(())
/// ```
///
/// It finds one solution or gives up at a limit. By itself it cannot prove
/// that a model has no solution, so before repairing it tries two cheap
/// proofs, and reports [`LocalStatus::NoSolution`] when one succeeds: a
/// view repeated in a pairwise constraint (a conflict no value removes),
/// and, for small models (at most 4096 values in all, such as two or three
/// queens), a systematic search bounded to 20,000 nodes. Otherwise an
/// unsatisfiable model runs to the step limit, which by default is scaled
/// to the model's size (see [`DEFAULT_MAX_STEPS`]).
///
/// ```
/// use csp::{LocalStatus, MinConflicts, Model};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let outcome = MinConflicts::new(&model).seed(7).max_steps(1_000).solve();
/// assert!(model.is_solution(outcome.solution.unwrap().values()));
///
/// let mut pigeons = Model::new();
/// let x = pigeons.int_vars(3, 0..2).unwrap();
/// pigeons.all_different(&x).unwrap(); // three variables, two values
/// let outcome = MinConflicts::new(&pigeons).solve();
/// assert_eq!(outcome.status, LocalStatus::NoSolution);
/// assert_eq!(outcome.steps, 0);
/// ```
#[derive(Clone, Debug)]
pub struct MinConflicts<'m> {
    model: &'m Model,
    seed: u64,
    /// `None`: the default, scaled to the model.
    max_steps: Option<u64>,
    noise: f64,
    limits: Limits,
}

impl<'m> MinConflicts<'m> {
    /// A search of `model` with seed 0, the default step limit (see
    /// [`DEFAULT_MAX_STEPS`]), [`DEFAULT_NOISE`] and no time limit.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert!(csp::MinConflicts::new(&model).solve().status.is_solved());
    /// ```
    pub fn new(model: &'m Model) -> MinConflicts<'m> {
        MinConflicts {
            model,
            seed: 0,
            max_steps: None,
            noise: DEFAULT_NOISE,
            limits: Limits::default(),
        }
    }

    /// Sets the seed: the same seed gives the same steps and solution.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let search = csp::MinConflicts::new(&model).seed(42);
    /// # drop(search);
    /// ```
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stops after this many repair steps (moves of a conflicted variable).
    ///
    /// ```
    /// use csp::{LocalStatus, MinConflicts, Model};
    /// let mut model = Model::new();
    /// // 65 variables, 64 values: no solution (and too large to prove).
    /// let x = model.int_vars(65, 0..64).unwrap();
    /// model.all_different(&x).unwrap();
    /// let outcome = MinConflicts::new(&model).max_steps(100).solve();
    /// assert_eq!(outcome.status, LocalStatus::StepLimit);
    /// assert_eq!(outcome.steps, 100);
    /// ```
    pub fn max_steps(mut self, steps: u64) -> Self {
        self.max_steps = Some(steps);
        self
    }

    /// The step limit this search stops at: the one set by
    /// [`MinConflicts::max_steps`], or the default scaled to the model
    /// ([`STEPS_PER_VARIABLE`] per variable, at least [`MIN_DEFAULT_STEPS`],
    /// at most [`DEFAULT_MAX_STEPS`]).
    ///
    /// ```
    /// use csp::{MinConflicts, Model, MIN_DEFAULT_STEPS, STEPS_PER_VARIABLE};
    /// let mut model = Model::new();
    /// model.int_vars(2, 0..2).unwrap();
    /// assert_eq!(MinConflicts::new(&model).step_limit(), MIN_DEFAULT_STEPS);
    /// model.int_vars(998, 0..2).unwrap();
    /// assert_eq!(MinConflicts::new(&model).step_limit(), 1000 * STEPS_PER_VARIABLE);
    /// assert_eq!(MinConflicts::new(&model).max_steps(7).step_limit(), 7);
    /// ```
    pub fn step_limit(&self) -> u64 {
        self.max_steps.unwrap_or_else(|| {
            (self.model.num_vars() as u64)
                .saturating_mul(STEPS_PER_VARIABLE)
                .clamp(MIN_DEFAULT_STEPS, DEFAULT_MAX_STEPS)
        })
    }

    /// Sets the probability (clamped to `0..=1`; NaN counts as 0) that a
    /// repair step moves to a random value instead of a best one.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let greedy_only = csp::MinConflicts::new(&model).noise(0.0);
    /// # drop(greedy_only);
    /// ```
    pub fn noise(mut self, probability: f64) -> Self {
        self.noise = if probability.is_nan() {
            0.0
        } else {
            probability.clamp(0.0, 1.0)
        };
        self
    }

    /// Sets a time limit and a cancel flag: [`Limits::time`] and
    /// [`Limits::cancel`] are honoured (polled every 1024 iterations); the
    /// node, failure, backtrack and solution limits have no meaning here and
    /// are ignored (use [`MinConflicts::max_steps`]).
    ///
    /// ```
    /// use csp::{Limits, LocalStatus, MinConflicts, Model};
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..3).unwrap();
    /// let cancel = Arc::new(AtomicBool::new(true)); // already cancelled
    /// let outcome = MinConflicts::new(&model)
    ///     .limits(Limits { cancel: Some(cancel), ..Limits::default() })
    ///     .solve();
    /// assert_eq!(outcome.status, LocalStatus::Cancelled);
    /// assert!(outcome.solution.is_none());
    /// ```
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Runs the search.
    ///
    /// ```
    /// use csp::{MinConflicts, Model};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..3).unwrap();
    /// for i in 0..4 {
    ///     model.not_equal(x[i], x[(i + 1) % 4]).unwrap(); // colour a 4-cycle
    /// }
    /// let outcome = MinConflicts::new(&model).solve();
    /// assert!(model.is_solution(outcome.solution.unwrap().values()));
    /// ```
    pub fn solve(&self) -> LocalOutcome {
        let started = Instant::now();
        let stopped = |status| LocalOutcome {
            solution: None,
            status,
            steps: 0,
            initial_conflicted: 0,
            elapsed: started.elapsed(),
        };
        if let Some(status) = self.proved_unsatisfiable(started) {
            return stopped(status);
        }
        let stop = || poll(&self.limits, started);
        let mut repair = match Repair::new(self.model, self.seed, self.noise, &stop) {
            Ok(repair) => repair,
            Err(status) => return stopped(status),
        };
        if repair.self_conflicts.iter().any(|&c| c > 0) {
            // A view repeated in a pairwise constraint conflicts with itself
            // whatever its value: no assignment satisfies the model.
            return stopped(LocalStatus::NoSolution);
        }
        let status = repair.run(self, started);
        let solution = (status == LocalStatus::Solved).then(|| {
            debug_assert!(self.model.is_solution(&repair.values));
            Solution::new(self.model.id(), repair.values)
        });
        LocalOutcome {
            solution,
            status,
            steps: repair.steps,
            initial_conflicted: repair.initial_conflicted,
            elapsed: started.elapsed(),
        }
    }
}

impl MinConflicts<'_> {
    /// `Some(NoSolution)` when a small model is proved unsatisfiable by a
    /// bounded systematic search (`Some` of a stop when a limit interrupted
    /// it), `None` to go on with the repair.
    fn proved_unsatisfiable(&self, started: Instant) -> Option<LocalStatus> {
        let values: u64 = self.model.domains().iter().map(|d| d.width()).sum();
        if values > PROOF_MAX_VALUES {
            return None;
        }
        let limits = Limits {
            nodes: Some(PROOF_NODES),
            cancel: self.limits.cancel.clone(),
            time: self.limits.time,
            ..Limits::default()
        };
        let (first, outcome) = Solver::new(self.model).limits(limits).first();
        if first.is_some() {
            return None;
        }
        match outcome.status {
            Status::Complete => Some(LocalStatus::NoSolution),
            _ => poll(&self.limits, started),
        }
    }
}

/// How a local search ended.
///
/// ```
/// use csp::LocalStatus;
/// assert!(LocalStatus::Solved.is_solved());
/// assert_eq!(LocalStatus::StepLimit.to_string(), "step limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocalStatus {
    /// A solution was found.
    Solved,
    /// [`MinConflicts::max_steps`] was reached.
    StepLimit,
    /// [`Limits::time`] was reached.
    TimeLimit,
    /// [`Limits::cancel`] was set.
    Cancelled,
    /// The model was proved to have no solution (see [`MinConflicts`] for
    /// the proofs it tries).
    NoSolution,
}

impl LocalStatus {
    /// True when the search found a solution.
    ///
    /// ```
    /// assert!(!csp::LocalStatus::TimeLimit.is_solved());
    /// ```
    pub fn is_solved(self) -> bool {
        self == LocalStatus::Solved
    }
}

impl fmt::Display for LocalStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LocalStatus::Solved => "solved",
            LocalStatus::StepLimit => "step limit",
            LocalStatus::TimeLimit => "time limit",
            LocalStatus::Cancelled => "cancelled",
            LocalStatus::NoSolution => "no solution",
        })
    }
}

/// The result of a local search.
///
/// ```
/// use csp::{MinConflicts, Model};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let outcome = MinConflicts::new(&model).solve();
/// assert!(outcome.status.is_solved());
/// assert_eq!(outcome.initial_conflicted, 0); // the greedy start already solved it
/// assert_eq!(outcome.steps, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalOutcome {
    /// The solution, when one was found.
    pub solution: Option<Solution>,
    /// Solved, or which limit stopped the search.
    pub status: LocalStatus,
    /// Repair steps made (moves of a conflicted variable; the greedy start
    /// is not counted).
    pub steps: u64,
    /// Variables in conflict after the greedy start.
    pub initial_conflicted: usize,
    /// Wall-clock time, including building the conflict counts.
    pub elapsed: Duration,
}

/// One slot of a value-occupancy table: how many views take the value, and
/// the wrapping sum of their variables' indices (the sole occupant's index
/// when `count == 1`).
#[derive(Clone, Copy, Default)]
struct Slot {
    count: u32,
    owners: u32,
}

/// Value occupancy of one not-equal or all-different constraint.
struct Occupancy {
    /// The smallest view value any scope entry can take.
    base: i64,
    slots: Slots,
}

enum Slots {
    /// Indexed by `value - base`.
    Dense {
        slots: Vec<Slot>,
        free: Option<FreeList>,
    },
    /// For ranges much wider than the scope: only occupied values are stored.
    Sparse(HashMap<i64, Slot>),
}

/// The empty slots of a dense table (for sampling conflict-free values), and
/// each slot's position in that list.
struct FreeList {
    free: Vec<u32>,
    pos: Vec<u32>,
}

impl Occupancy {
    /// An empty table for a constraint whose views range over `lo..=hi`.
    ///
    /// The free list is kept only for tight tables, where at most a third of
    /// the values are sure to stay free: in a wider table a random value is
    /// free often enough, and the list's upkeep (two random memory accesses
    /// per move) would cost more than it saves on huge models.
    fn new(lo: i64, hi: i64, scope_len: usize) -> Occupancy {
        let width = (hi - lo + 1).max(0) as u64;
        let scope = scope_len as u64;
        let dense_limit = 4 * scope + 1024;
        let slots = if width <= dense_limit && width < u32::MAX as u64 {
            let tight = 2 * width < 3 * scope;
            Slots::Dense {
                slots: vec![Slot::default(); width as usize],
                free: tight.then(|| FreeList {
                    free: (0..width as u32).collect(),
                    pos: (0..width as u32).collect(),
                }),
            }
        } else {
            Slots::Sparse(HashMap::new())
        };
        Occupancy { base: lo, slots }
    }

    /// How many views take the view value `w`.
    fn count(&self, w: i64) -> u32 {
        match &self.slots {
            Slots::Dense { slots, .. } => usize::try_from(w - self.base)
                .ok()
                .and_then(|i| slots.get(i))
                .map_or(0, |s| s.count),
            Slots::Sparse(map) => map.get(&w).map_or(0, |s| s.count),
        }
    }

    /// Adds variable `var`'s view at value `w`; returns the slot's previous
    /// sole occupant, which this addition has just put in conflict.
    fn insert(&mut self, w: i64, var: u32) -> Option<u32> {
        let slot = match &mut self.slots {
            Slots::Dense { slots, free } => {
                let i = (w - self.base) as usize;
                if slots[i].count == 0
                    && let Some(list) = free
                {
                    let at = list.pos[i] as usize;
                    let last = *list.free.last().expect("an empty slot is listed as free");
                    list.free.swap_remove(at);
                    if at < list.free.len() {
                        list.pos[last as usize] = at as u32;
                    }
                }
                &mut slots[i]
            }
            Slots::Sparse(map) => map.entry(w).or_default(),
        };
        let displaced = (slot.count == 1).then_some(slot.owners);
        slot.count += 1;
        slot.owners = slot.owners.wrapping_add(var);
        displaced
    }

    /// Removes variable `var`'s view from value `w`.
    fn remove(&mut self, w: i64, var: u32) {
        match &mut self.slots {
            Slots::Dense { slots, free } => {
                let i = (w - self.base) as usize;
                let slot = &mut slots[i];
                slot.count -= 1;
                slot.owners = slot.owners.wrapping_sub(var);
                if slot.count == 0
                    && let Some(list) = free
                {
                    list.pos[i] = list.free.len() as u32;
                    list.free.push(i as u32);
                }
            }
            Slots::Sparse(map) => {
                if let Some(slot) = map.get_mut(&w) {
                    slot.count -= 1;
                    slot.owners = slot.owners.wrapping_sub(var);
                    if slot.count == 0 {
                        map.remove(&w);
                    }
                }
            }
        }
    }

    /// The empty slots (relative to `base`), when the table keeps them.
    fn free(&self) -> &[u32] {
        match &self.slots {
            Slots::Dense {
                free: Some(list), ..
            } => &list.free,
            _ => &[],
        }
    }
}

/// A variable's place in a pairwise constraint: which occupancy table, and
/// the view's offset.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct PairEntry {
    table: u32,
    offset: i64,
}

/// Compressed per-variable lists: `items[start[v]..start[v + 1]]`.
struct PerVar<T> {
    start: Vec<usize>,
    items: Vec<T>,
}

impl<T: Copy + Default> PerVar<T> {
    /// Builds the lists from `(variable, item)` pairs, keeping their order.
    fn build(n: usize, pairs: impl Iterator<Item = (usize, T)> + Clone) -> PerVar<T> {
        let mut start = vec![0usize; n + 1];
        for (v, _) in pairs.clone() {
            start[v + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut items = vec![T::default(); start[n]];
        for (v, item) in pairs {
            items[fill[v]] = item;
            fill[v] += 1;
        }
        PerVar { start, items }
    }

    fn range(&self, v: u32) -> std::ops::Range<usize> {
        self.start[v as usize]..self.start[v as usize + 1]
    }
}

/// The best value seen so far, with seeded random tie-breaking.
struct Pick {
    value: i32,
    conflicts: u64,
    ties: u64,
}

impl Pick {
    fn none() -> Pick {
        Pick {
            value: 0,
            conflicts: u64::MAX,
            ties: 0,
        }
    }

    fn offer(&mut self, value: i32, conflicts: u64, rng: &mut SplitMix64) {
        if conflicts < self.conflicts {
            *self = Pick {
                value,
                conflicts,
                ties: 1,
            };
        } else if conflicts == self.conflicts {
            self.ties += 1;
            if rng.below(self.ties) == 0 {
                self.value = value;
            }
        }
    }
}

/// The working state of one local search.
struct Repair<'m> {
    model: &'m Model,
    constraints: &'m [Constraint],
    lo: Vec<i32>,
    width: Vec<u64>,
    /// Conflicts a variable has with itself whatever its value (a view
    /// repeated in an all-different).
    self_conflicts: Vec<u64>,
    pairs: PerVar<PairEntry>,
    tables: Vec<Occupancy>,
    /// Constraints checked whole (by model index).
    others: PerVar<u32>,
    /// Per model constraint: its largest variable index.
    last_var: Vec<u32>,
    /// Constraints whose variables are all at most this index can be checked
    /// (the greedy start places variables in index order).
    placed_upto: u32,
    values: Vec<i32>,
    conflicted: Vec<u32>,
    in_conflicted: Vec<bool>,
    rng: SplitMix64,
    /// Random moves happen when `rng.below(1 << 32) < noise_threshold`.
    noise_threshold: u64,
    scratch: Vec<i64>,
    steps: u64,
    initial_conflicted: usize,
}

impl<'m> Repair<'m> {
    /// The initial state; `stop` is asked between the set-up phases (each
    /// linear in the model's size), and its answer returned if it says stop.
    fn new(
        model: &'m Model,
        seed: u64,
        noise: f64,
        stop: &dyn Fn() -> Option<LocalStatus>,
    ) -> Result<Repair<'m>, LocalStatus> {
        let n = model.num_vars();
        let domains = model.domains();
        let constraints = model.constraints();
        let lo: Vec<i32> = domains.iter().map(|d| d.min().unwrap_or(0)).collect();
        let width: Vec<u64> = domains.iter().map(|d| d.width().max(1)).collect();
        let mut table_of = vec![u32::MAX; constraints.len()];
        let mut tables = Vec::new();
        for (c, con) in constraints.iter().enumerate() {
            if con.decomposes_pairwise() {
                let (mut min, mut max) = (i64::MAX, i64::MIN);
                for view in &con.scope {
                    let v = view.var.index();
                    let low = lo[v] as i64 + view.offset;
                    min = min.min(low);
                    max = max.max(low + width[v] as i64 - 1);
                }
                table_of[c] = tables.len() as u32;
                tables.push(Occupancy::new(min, max, con.scope.len()));
            }
        }
        let pair_items = constraints.iter().enumerate().flat_map(|(c, con)| {
            let table = table_of[c];
            con.scope
                .iter()
                .filter(move |_| table != u32::MAX)
                .map(move |view| {
                    (
                        view.var.index(),
                        PairEntry {
                            table,
                            offset: view.offset,
                        },
                    )
                })
        });
        stop().map_or(Ok(()), Err)?;
        let mut pairs = PerVar::build(n, pair_items);
        stop().map_or(Ok(()), Err)?;
        let mut self_conflicts = vec![0u64; n];
        // Only a constraint repeating a view makes self-conflicts: without
        // one, skip sorting every variable's entries.
        let repeats = constraints.iter().any(|con| con.self_conflict);
        for (v, own) in self_conflicts.iter_mut().enumerate().filter(|_| repeats) {
            // Equal entries are the same view repeated: each copy conflicts
            // with every other copy, whatever the value.
            let entries = &mut pairs.items[pairs.start[v]..pairs.start[v + 1]];
            entries.sort_unstable();
            for run in entries.chunk_by(|a, b| a == b) {
                // In 64 bits: 70,000 copies already overflow 32.
                let r = run.len() as u64;
                *own += r * (r - 1);
            }
        }
        let other_items = constraints
            .iter()
            .enumerate()
            .filter(|(_, con)| !con.decomposes_pairwise())
            .flat_map(|(c, con)| con.vars.iter().map(move |&v| (v as usize, c as u32)));
        stop().map_or(Ok(()), Err)?;
        let others = PerVar::build(n, other_items);
        Ok(Repair {
            model,
            constraints,
            lo,
            width,
            self_conflicts,
            pairs,
            tables,
            others,
            last_var: constraints
                .iter()
                .map(|con| con.vars.iter().copied().max().unwrap_or(0))
                .collect(),
            placed_upto: 0,
            values: vec![0; n],
            conflicted: Vec::new(),
            in_conflicted: vec![false; n],
            rng: SplitMix64::new(seed),
            noise_threshold: (noise * (1u64 << 32) as f64) as u64,
            scratch: Vec::new(),
            steps: 0,
            initial_conflicted: 0,
        })
    }

    /// Greedy start, then repair until solved or a limit.
    fn run(&mut self, search: &MinConflicts<'_>, started: Instant) -> LocalStatus {
        let max_steps = search.step_limit();
        let n = self.values.len() as u32;
        // The sweep starts after a random value, then after each variable's.
        let mut previous = None;
        for x in 0..n {
            if u64::from(x).is_multiple_of(POLL_EVERY)
                && let Some(stop) = poll(&search.limits, started)
            {
                return stop;
            }
            self.placed_upto = x;
            let swept = self.sweep(x, previous);
            let choice = self.choose(x, swept);
            previous = Some(choice.value);
            self.place(x, choice.value);
            if choice.conflicts > 0 {
                self.mark(x);
            }
        }
        self.placed_upto = u32::MAX;
        for c in 0..self.constraints.len() {
            self.mark_if_violated(c as u32);
        }
        self.initial_conflicted = self.conflicted.len();

        let mut iterations = 0u64;
        while !self.conflicted.is_empty() {
            if iterations.is_multiple_of(POLL_EVERY)
                && let Some(stop) = poll(&search.limits, started)
            {
                return stop;
            }
            iterations += 1;
            let i = self.rng.below(self.conflicted.len() as u64) as usize;
            let x = self.conflicted[i];
            let current = self.values[x as usize];
            self.lift(x);
            let here = self.conflicts(x, current);
            if here == 0 {
                // Its conflicts were resolved by other moves: just forget it.
                self.place(x, current);
                self.unmark_at(i);
                continue;
            }
            if self.steps >= max_steps {
                self.place(x, current);
                return LocalStatus::StepLimit;
            }
            self.steps += 1;
            let mut start = Pick::none();
            start.offer(current, here, &mut self.rng);
            let mut choice = self.choose(x, start);
            if self.noise_threshold > 0
                && self.rng.below(1 << 32) < self.noise_threshold
                && let Some(v) = self.random_value(x)
            {
                choice.value = v;
                choice.conflicts = self.conflicts(x, v);
            }
            self.place(x, choice.value);
            if choice.conflicts == 0 {
                self.unmark_at(i);
            } else {
                for k in self.others.range(x) {
                    let c = self.others.items[k];
                    self.mark_if_violated(c);
                }
            }
        }
        LocalStatus::Solved
    }

    /// The greedy start's first try for a wide-domain `x`: the values just
    /// after `previous` (the previous variable's value; a random one for
    /// the first), in order and wrapping, up to the first with no conflict
    /// beyond its self-conflicts. Neighbouring values keep every table
    /// access next to the previous variable's, so the start streams
    /// through memory instead of jumping at random (what made a million
    /// queens slow once the tables outgrew the cache); on n-queens the
    /// first free value is two columns on, and the queens fall in
    /// knight's-move lines, a near-solution. An empty pick for narrow
    /// domains, which [`Repair::choose`] scans whole.
    fn sweep(&mut self, x: u32, previous: Option<i32>) -> Pick {
        let mut pick = Pick::none();
        let width = self.width[x as usize];
        if width <= FULL_SCAN_WIDTH {
            return pick;
        }
        let lo = self.lo[x as usize] as i64;
        let after = match previous {
            Some(v) => i64::from(v) - lo,
            None => self.rng.below(width) as i64,
        };
        let floor = self.self_conflicts[x as usize];
        let start = (after + 1).rem_euclid(width as i64) as u64;
        for k in 0..SWEEP_VALUES.min(width) {
            let v = (lo + ((start + k) % width) as i64) as i32;
            if self.model.domains()[x as usize].contains(v) {
                let c = self.conflicts(x, v);
                pick.offer(v, c, &mut self.rng);
                if c == floor {
                    break;
                }
            }
        }
        pick
    }

    /// The best value for `x` (which must not be placed), starting from `pick`.
    fn choose(&mut self, x: u32, mut pick: Pick) -> Pick {
        let floor = self.self_conflicts[x as usize];
        if pick.conflicts == floor {
            return pick;
        }
        let lo = self.lo[x as usize] as i64;
        let width = self.width[x as usize];
        let domain = &self.model.domains()[x as usize];
        if width <= FULL_SCAN_WIDTH {
            let start = self.rng.below(width);
            for k in 0..width {
                let v = (lo + ((start + k) % width) as i64) as i32;
                if domain.contains(v) {
                    let c = self.conflicts(x, v);
                    pick.offer(v, c, &mut self.rng);
                    if c == floor {
                        break;
                    }
                }
            }
            return pick;
        }
        // Values free in the tightest all-different, then random values.
        if let Some(entry) = self.tightest(x) {
            let table = &self.tables[entry.table as usize];
            let (free_len, base) = (table.free().len(), table.base);
            let start = self.rng.below(free_len as u64) as usize;
            for k in 0..free_len.min(FREE_SAMPLES) {
                let i = if free_len <= FREE_SAMPLES {
                    (start + k) % free_len
                } else {
                    self.rng.below(free_len as u64) as usize
                };
                let w = base + self.tables[entry.table as usize].free()[i] as i64;
                let Some(v) = i32::try_from(w - entry.offset)
                    .ok()
                    .filter(|&v| domain.contains(v))
                else {
                    continue;
                };
                // Free in this table by construction: one lookup fewer.
                let c = self.conflicts_with(x, v, Some(entry));
                pick.offer(v, c, &mut self.rng);
                if c == floor {
                    return pick;
                }
            }
        }
        for _ in 0..RANDOM_SAMPLES {
            if let Some(v) = self.random_value(x) {
                let c = self.conflicts(x, v);
                pick.offer(v, c, &mut self.rng);
                if c == floor {
                    return pick;
                }
            }
        }
        if pick.ties == 0 {
            // Nothing sampled landed in a domain with holes: its minimum is a value.
            let c = self.conflicts(x, lo as i32);
            pick.offer(lo as i32, c, &mut self.rng);
        }
        pick
    }

    /// The pairwise entry of `x` whose table has the fewest (but some) free values.
    fn tightest(&self, x: u32) -> Option<PairEntry> {
        self.pairs.items[self.pairs.range(x)]
            .iter()
            .filter(|e| !self.tables[e.table as usize].free().is_empty())
            .min_by_key(|e| self.tables[e.table as usize].free().len())
            .copied()
    }

    /// A uniformly random value of `x`'s domain (by rejection; `None` if a
    /// few tries all fell in holes).
    fn random_value(&mut self, x: u32) -> Option<i32> {
        let domain = &self.model.domains()[x as usize];
        let (lo, width) = (self.lo[x as usize] as i64, self.width[x as usize]);
        (0..8)
            .map(|_| (lo + self.rng.below(width) as i64) as i32)
            .find(|&v| domain.contains(v))
    }

    /// The conflicts `x = v` would have with the placed variables (`x` itself
    /// must not be placed in the occupancy tables).
    fn conflicts(&mut self, x: u32, v: i32) -> u64 {
        self.conflicts_with(x, v, None)
    }

    /// [`Repair::conflicts`], knowing that `v` is free in `free_in`'s
    /// table (a value sampled from its free list): one lookup fewer.
    fn conflicts_with(&mut self, x: u32, v: i32, free_in: Option<PairEntry>) -> u64 {
        let mut total = self.self_conflicts[x as usize];
        let mut skip = free_in;
        for entry in &self.pairs.items[self.pairs.range(x)] {
            if skip == Some(*entry) {
                skip = None;
                continue;
            }
            total += self.tables[entry.table as usize].count(v as i64 + entry.offset) as u64;
        }
        let values = &self.values;
        for &c in &self.others.items[self.others.range(x)] {
            if self.last_var[c as usize] <= self.placed_upto
                && !self.constraints[c as usize].check(
                    |i| if i == x { v } else { values[i as usize] },
                    &mut self.scratch,
                )
            {
                total += 1;
            }
        }
        total
    }

    /// Sets `x = v` and records its views; variables this puts in conflict
    /// join the conflicted set.
    fn place(&mut self, x: u32, v: i32) {
        self.values[x as usize] = v;
        for k in self.pairs.range(x) {
            let entry = self.pairs.items[k];
            let w = v as i64 + entry.offset;
            if let Some(displaced) = self.tables[entry.table as usize].insert(w, x) {
                self.mark(displaced);
            }
        }
    }

    /// Removes `x`'s views from the occupancy tables (its value stays).
    fn lift(&mut self, x: u32) {
        let v = self.values[x as usize];
        for k in self.pairs.range(x) {
            let entry = self.pairs.items[k];
            self.tables[entry.table as usize].remove(v as i64 + entry.offset, x);
        }
    }

    /// Puts every variable of constraint `c` in the conflicted set if `c`
    /// is checked whole and violated.
    fn mark_if_violated(&mut self, c: u32) {
        let con = &self.constraints[c as usize];
        if con.decomposes_pairwise() {
            return;
        }
        let values = &self.values;
        if !con.check(|i| values[i as usize], &mut self.scratch) {
            for &v in &con.vars {
                self.mark(v);
            }
        }
    }

    fn mark(&mut self, x: u32) {
        if !self.in_conflicted[x as usize] {
            self.in_conflicted[x as usize] = true;
            self.conflicted.push(x);
        }
    }

    fn unmark_at(&mut self, i: usize) {
        let x = self.conflicted.swap_remove(i);
        self.in_conflicted[x as usize] = false;
    }
}

/// The time limit or cancel flag, if either says stop.
fn poll(limits: &Limits, started: Instant) -> Option<LocalStatus> {
    if limits
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(Ordering::Relaxed))
    {
        return Some(LocalStatus::Cancelled);
    }
    if limits.time.is_some_and(|t| started.elapsed() >= t) {
        return Some(LocalStatus::TimeLimit);
    }
    None
}
