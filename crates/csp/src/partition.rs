//! A deterministic split of a search into `K` independent parts (the
//! approach is documented on [`Partition`]).

use crate::model::Model;
use crate::observer::NoObserver;
use crate::propagators::all_different;
use crate::search::{Search, Solver};
use crate::solution::Solution;
use crate::stats::{Outcome, Stats, Status};
use crate::var::VarId;
use std::fmt;
use std::time::{Duration, Instant};

/// A partition into `K` parts aims for at least this many prefixes per part.
pub const PREFIXES_PER_PART: usize = 8;

/// Prefixes never fix more than this many variables.
const MAX_PREFIX_DEPTH: usize = 64;

/// A request for a part that does not exist.
///
/// ```
/// use csp::{Model, Partition, PartitionError};
/// let model = Model::new();
/// assert_eq!(Partition::new(&model, 0).unwrap_err(), PartitionError::NoParts);
/// let p = Partition::new(&model, 2).unwrap();
/// assert_eq!(p.part(2).unwrap_err(), PartitionError::PartOutOfRange { part: 2, parts: 2 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionError {
    /// A partition into zero parts was asked for.
    NoParts,
    /// Part `part` was asked of a partition into `parts` parts.
    PartOutOfRange {
        /// The requested part (0-based).
        part: usize,
        /// The number of parts.
        parts: usize,
    },
    /// The solver searches a different model than the partition splits.
    ForeignSolver,
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::NoParts => write!(f, "the number of parts must be at least 1"),
            PartitionError::PartOutOfRange { part, parts } => write!(
                f,
                "part {part} does not exist: parts are numbered 0 to {}",
                parts - 1
            ),
            PartitionError::ForeignSolver => {
                write!(
                    f,
                    "the solver searches a different model than the partition"
                )
            }
        }
    }
}

impl std::error::Error for PartitionError {}

/// A deterministic split of a search into `K` independent parts.
///
/// Part `i` of `K` is fully determined by the model, `i` and `K`: any
/// process (or machine) can compute its own part without a coordinator and
/// without talking to the others, and the parts' solution sets are disjoint
/// and together are exactly the model's solution set.
///
/// # Approach
///
/// 1. **Prefixes.** A *prefix* of depth `d` is a value for each of the first
///    `d` variables (input order), taken from the declared domains, that
///    survives two sound checks: no two views of a not-equal or
///    all-different constraint among the prefix variables are equal, and
///    every other constraint whose variables all lie in the prefix holds.
///    Prefixes are enumerated by a depth-first walk in lexicographic order
///    (no solver, no propagation: cheap and independent of solver settings).
/// 2. **Depth.** `d` is the smallest depth with at least `8 × K` prefixes
///    ([`PREFIXES_PER_PART`]); if no depth up to 64 has that many, the depth
///    with the most prefixes. Counting stops as soon as the target is
///    reached, so choosing `d` costs little.
/// 3. **Round robin.** Prefix `j` (in walk order) belongs to part `j mod K`.
///    Neighbouring prefixes tend to have similar subtrees, so interleaving
///    them balances the parts.
/// 4. **Solving a part.** Each prefix of the part becomes a sub-problem:
///    the solver with the prefix as root assumptions ([`Solver::assume`]).
///    The sub-searches' statistics are merged ([`Stats::merge`]).
///
/// Every solution extends exactly one prefix of depth `d` (its own first `d`
/// values, which pass both checks), so parts never share a solution and
/// none is lost.
///
/// ```
/// use csp::{count_part, Model, Solver};
/// let mut model = Model::new();
/// let q = model.int_vars(8, 0..8)?;
/// model.all_different(&q)?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))?;
/// let solver = Solver::new(&model);
/// let k = 3;
/// let total: u64 = (0..k).map(|i| count_part(&solver, i, k).unwrap().solutions()).sum();
/// assert_eq!(total, solver.count().solutions());
/// # Ok::<(), csp::ModelError>(())
/// ```
///
/// Five parts of a small model:
///
/// ```
/// use csp::{Model, Partition, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let partition = Partition::new(&model, 5).unwrap();
/// assert_eq!(partition.parts(), 5);
/// let solver = Solver::new(&model);
/// let total: u64 = (0..5).map(|i| partition.count(&solver, i).unwrap().solutions()).sum();
/// assert_eq!(total, 24);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Partition<'m> {
    model: &'m Model,
    parts: usize,
    depth: usize,
}

impl<'m> Partition<'m> {
    /// Splits `model` into `parts` parts, aiming for [`PREFIXES_PER_PART`]
    /// prefixes per part.
    ///
    /// ```
    /// use csp::{Model, Partition};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..10).unwrap();
    /// let p = Partition::new(&model, 4).unwrap(); // wants 32 prefixes: 10 at depth 1, 100 at depth 2
    /// assert_eq!(p.depth(), 2);
    /// ```
    pub fn new(model: &'m Model, parts: usize) -> Result<Partition<'m>, PartitionError> {
        Partition::with_min_prefixes(model, parts, parts.saturating_mul(PREFIXES_PER_PART))
    }

    /// Splits `model` into `parts` parts, with the prefix depth chosen to
    /// give at least `min_prefixes` prefixes in all (and at least `parts`).
    ///
    /// ```
    /// use csp::{Model, Partition};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..10).unwrap();
    /// let p = Partition::with_min_prefixes(&model, 2, 500).unwrap();
    /// assert_eq!(p.depth(), 3);
    /// assert_eq!(p.prefixes().count(), 1000);
    /// ```
    pub fn with_min_prefixes(
        model: &'m Model,
        parts: usize,
        min_prefixes: usize,
    ) -> Result<Partition<'m>, PartitionError> {
        if parts == 0 {
            return Err(PartitionError::NoParts);
        }
        Ok(Partition {
            model,
            parts,
            depth: prefix_depth(model, min_prefixes.max(parts)),
        })
    }

    /// The number of parts.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert_eq!(csp::Partition::new(&model, 3).unwrap().parts(), 3);
    /// ```
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// How many variables (the first ones, in input order) each prefix fixes.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert_eq!(csp::Partition::new(&model, 3).unwrap().depth(), 0); // nothing to fix
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Every prefix, in walk order (prefix `j` belongs to part `j mod K`).
    ///
    /// ```
    /// use csp::{Model, Partition};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let p = Partition::with_min_prefixes(&model, 1, 6).unwrap();
    /// let firsts: Vec<Vec<(csp::VarId, i32)>> = p.prefixes().take(2).collect();
    /// assert_eq!(firsts, vec![vec![(x[0], 0), (x[1], 1)], vec![(x[0], 0), (x[1], 2)]]);
    /// ```
    pub fn prefixes(&self) -> Prefixes<'m> {
        Prefixes::new(self.model, self.depth, 1, 0)
    }

    /// The prefixes of part `i`, streamed (a part of a large partition can
    /// have many).
    ///
    /// ```
    /// use csp::{Model, Partition};
    /// let mut model = Model::new();
    /// model.int_vars(1, 0..5).unwrap();
    /// let p = Partition::with_min_prefixes(&model, 2, 5).unwrap();
    /// assert_eq!(p.part_prefixes(1).unwrap().count(), 2); // values 1 and 3
    /// ```
    pub fn part_prefixes(&self, i: usize) -> Result<Prefixes<'m>, PartitionError> {
        self.check_part(i)?;
        Ok(Prefixes::new(self.model, self.depth, self.parts, i))
    }

    /// The prefixes of part `i`, collected.
    ///
    /// ```
    /// use csp::{Model, Partition};
    /// let mut model = Model::new();
    /// let x = model.int_vars(1, 0..5).unwrap();
    /// let p = Partition::with_min_prefixes(&model, 2, 5).unwrap();
    /// assert_eq!(p.part(0).unwrap(), vec![vec![(x[0], 0)], vec![(x[0], 2)], vec![(x[0], 4)]]);
    /// ```
    pub fn part(&self, i: usize) -> Result<Vec<Vec<(VarId, i32)>>, PartitionError> {
        Ok(self.part_prefixes(i)?.collect())
    }

    /// Counts the solutions of part `i` with `solver`'s settings. The
    /// solver's limits bound the whole part (its sub-searches share one
    /// budget); a stopped part's status says which limit stopped it.
    ///
    /// ```
    /// use csp::{Model, Partition, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let p = Partition::new(&model, 2).unwrap();
    /// let solver = Solver::new(&model);
    /// let (a, b) = (p.count(&solver, 0).unwrap(), p.count(&solver, 1).unwrap());
    /// assert_eq!(a.solutions() + b.solutions(), 6);
    /// assert!(a.status.is_complete() && b.status.is_complete());
    /// ```
    pub fn count(&self, solver: &Solver<'m>, i: usize) -> Result<Outcome, PartitionError> {
        let mut search = self.search(solver, i)?;
        while search.advance() {}
        Ok(search.outcome())
    }

    /// Streams the solutions of part `i` with `solver`'s settings.
    ///
    /// ```
    /// use csp::{Model, Partition, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let p = Partition::new(&model, 2).unwrap();
    /// let solver = Solver::new(&model);
    /// let part0: Vec<Vec<i32>> = p.search(&solver, 0).unwrap().map(|s| s.into_values()).collect();
    /// let part1: Vec<Vec<i32>> = p.search(&solver, 1).unwrap().map(|s| s.into_values()).collect();
    /// assert_eq!((part0, part1), (vec![vec![0, 1]], vec![vec![1, 0]]));
    /// ```
    pub fn search(&self, solver: &Solver<'m>, i: usize) -> Result<PartSearch<'m>, PartitionError> {
        if solver.model().id() != self.model.id() {
            return Err(PartitionError::ForeignSolver);
        }
        Ok(PartSearch {
            solver: solver.clone(),
            prefixes: self.part_prefixes(i)?,
            current: None,
            spare: None,
            total: empty_outcome(),
            started: Instant::now(),
            finished: None,
        })
    }

    fn check_part(&self, i: usize) -> Result<(), PartitionError> {
        if i >= self.parts {
            return Err(PartitionError::PartOutOfRange {
                part: i,
                parts: self.parts,
            });
        }
        Ok(())
    }
}

/// Counts the solutions of part `i` of `k` of `solver`'s model (see
/// [`Partition::new`] and [`Partition::count`]).
///
/// ```
/// use csp::{count_part, Model, PartitionError, Solver};
/// let mut model = Model::new();
/// model.int_vars(2, 0..3).unwrap();
/// let solver = Solver::new(&model);
/// assert_eq!(count_part(&solver, 0, 1).unwrap().solutions(), 9);
/// assert_eq!(count_part(&solver, 0, 0).unwrap_err(), PartitionError::NoParts);
/// ```
pub fn count_part(solver: &Solver<'_>, i: usize, k: usize) -> Result<Outcome, PartitionError> {
    Partition::new(solver.model(), k)?.count(solver, i)
}

/// Streams the solutions of part `i` of `k` of `solver`'s model (see
/// [`Partition::new`] and [`Partition::search`]).
///
/// ```
/// use csp::{search_part, Model, Solver};
/// let mut model = Model::new();
/// model.int_vars(2, 0..3).unwrap();
/// let solver = Solver::new(&model);
/// let n: usize = (0..4).map(|i| search_part(&solver, i, 4).unwrap().count()).sum();
/// assert_eq!(n, 9);
/// ```
pub fn search_part<'m>(
    solver: &Solver<'m>,
    i: usize,
    k: usize,
) -> Result<PartSearch<'m>, PartitionError> {
    Partition::new(solver.model(), k)?.search(solver, i)
}

/// The solutions of one part, streamed: the part's sub-searches run one
/// after another (an iterator over [`Solution`]s, like [`Search`]).
///
/// ```
/// use csp::{search_part, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let solver = Solver::new(&model);
/// let mut part = search_part(&solver, 1, 2).unwrap();
/// while let Some(values) = part.next_values() {
///     assert!(model.is_solution(values));
/// }
/// assert!(part.outcome().status.is_complete());
/// ```
pub struct PartSearch<'m> {
    solver: Solver<'m>,
    prefixes: Prefixes<'m>,
    current: Option<Search<'m, NoObserver>>,
    /// The last finished sub-search, kept for reuse by the next prefix.
    spare: Option<Search<'m, NoObserver>>,
    /// The finished sub-searches, merged.
    total: Outcome,
    started: Instant,
    /// Set when the part is done (complete or stopped).
    finished: Option<Duration>,
}

impl<'m> PartSearch<'m> {
    /// The next solution's values, borrowed (no allocation per solution).
    ///
    /// ```
    /// use csp::{search_part, Model, Solver};
    /// let mut model = Model::new();
    /// model.int_vars(1, 0..2).unwrap();
    /// let solver = Solver::new(&model);
    /// let mut part = search_part(&solver, 0, 1).unwrap();
    /// assert_eq!(part.next_values(), Some(&[0][..]));
    /// ```
    pub fn next_values(&mut self) -> Option<&[i32]> {
        if self.advance() {
            self.current.as_ref().map(|s| s.values.as_slice())
        } else {
            None
        }
    }

    /// The merged outcome of the sub-searches so far ([`Status::Running`]
    /// until the part is done). Node counts include each sub-search's root
    /// and its assumed variables, so they exceed an unsplit search's.
    ///
    /// ```
    /// use csp::{search_part, Model, Solver};
    /// let mut model = Model::new();
    /// model.int_vars(2, 0..2).unwrap();
    /// let solver = Solver::new(&model);
    /// let mut part = search_part(&solver, 0, 1).unwrap();
    /// assert_eq!(part.by_ref().count(), 4);
    /// assert_eq!(part.outcome().solutions(), 4);
    /// ```
    pub fn outcome(&self) -> Outcome {
        let mut outcome = self.total.clone();
        if let Some(search) = &self.current {
            combine(&mut outcome, &search.outcome());
        }
        match self.finished {
            Some(elapsed) => outcome.stats.elapsed = elapsed,
            None => {
                outcome.stats.elapsed = self.started.elapsed();
                outcome.status = Status::Running;
            }
        }
        outcome
    }

    /// Runs to the next solution (`true`) or the end of the part.
    fn advance(&mut self) -> bool {
        loop {
            if let Some(search) = &mut self.current {
                if search.advance() {
                    return true;
                }
                let outcome = search.outcome();
                self.spare = self.current.take();
                if !combine(&mut self.total, &outcome) {
                    self.finish();
                }
            }
            if self.finished.is_some() {
                return false;
            }
            if !self.prefixes.advance() {
                self.finish();
                return false;
            }
            let budget = self.remaining_budget();
            let solver = restricted(&budget, self.prefixes.assumptions());
            // The finished sub-search is reused when it completed: building
            // a search per prefix costs the model's size each time.
            let reused = self.spare.as_mut().is_some_and(|s| s.reuse_for(&solver));
            self.current = if reused {
                self.spare.take()
            } else {
                Some(solver.search())
            };
        }
    }

    fn finish(&mut self) {
        self.finished = Some(self.started.elapsed());
    }

    /// The solver with what is left of the part's limits: the counted
    /// limits and the time limit bound the whole part, not each sub-search.
    fn remaining_budget(&self) -> Solver<'m> {
        let used = &self.total.stats;
        let mut limits = self.solver.get_limits().clone();
        let left = |limit: Option<u64>, spent: u64| limit.map(|l| l.saturating_sub(spent));
        limits.nodes = left(limits.nodes, used.nodes);
        limits.failures = left(limits.failures, used.failures);
        limits.backtracks = left(limits.backtracks, used.backtracks);
        limits.solutions = left(limits.solutions, used.solutions);
        limits.time = limits
            .time
            .map(|t| t.saturating_sub(self.started.elapsed()));
        self.solver.clone().limits(limits)
    }
}

impl Iterator for PartSearch<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let id = self.solver.model().id();
        self.next_values()
            .map(|values| Solution::new(id, values.to_vec()))
    }
}

/// Prefixes of a partition, in walk order (all of them, or one part's):
/// each is a list of `(variable, value)` for the first `depth` variables.
///
/// ```
/// use csp::{Model, Partition};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let p = Partition::with_min_prefixes(&model, 1, 2).unwrap();
/// assert_eq!(p.depth(), 1);
/// assert_eq!(p.prefixes().collect::<Vec<_>>(), vec![vec![(x[0], 0)], vec![(x[0], 1)]]);
/// ```
pub struct Prefixes<'m> {
    model: &'m Model,
    depth: usize,
    /// Only prefixes whose walk index is `offset` modulo `stride` are yielded.
    stride: usize,
    offset: usize,
    index: usize,
    values: Vec<i32>,
    /// The values still to try at each level of the walk.
    levels: Vec<Box<dyn Iterator<Item = i32> + 'm>>,
    scratch: Vec<i64>,
    started: bool,
    done: bool,
}

impl<'m> Prefixes<'m> {
    pub(crate) fn new(
        model: &'m Model,
        depth: usize,
        stride: usize,
        offset: usize,
    ) -> Prefixes<'m> {
        Prefixes {
            model,
            depth,
            stride,
            offset,
            index: 0,
            values: Vec::with_capacity(depth),
            levels: Vec::with_capacity(depth),
            scratch: Vec::new(),
            started: false,
            done: false,
        }
    }

    /// Moves to the next prefix of this stride; its values are in `self.values`.
    pub(crate) fn advance(&mut self) -> bool {
        while self.walk() {
            let j = self.index;
            self.index += 1;
            if j % self.stride == self.offset {
                return true;
            }
        }
        false
    }

    /// The current prefix as assumptions.
    pub(crate) fn assumptions(&self) -> impl Iterator<Item = (VarId, i32)> + '_ {
        let model = self.model.id();
        self.values.iter().enumerate().map(move |(i, &v)| {
            (
                VarId {
                    model,
                    index: i as u32,
                },
                v,
            )
        })
    }

    /// Counts the prefixes of every stride, stopping at `limit`.
    fn count_up_to(mut self, limit: usize) -> usize {
        let mut n = 0;
        while n < limit && self.walk() {
            n += 1;
        }
        n
    }

    /// The depth-first walk: moves to the next consistent prefix.
    fn walk(&mut self) -> bool {
        if self.done {
            return false;
        }
        if !self.started {
            self.started = true;
            if self.depth == 0 {
                self.done = true; // the single empty prefix
                return true;
            }
            self.levels.push(self.model.domains()[0].values());
        }
        while let Some(level) = self.levels.len().checked_sub(1) {
            let Some(value) = self.levels[level].next() else {
                self.levels.pop();
                continue;
            };
            self.values.truncate(level);
            self.values.push(value);
            if !self.consistent(level) {
                continue;
            }
            if level + 1 == self.depth {
                return true;
            }
            self.levels.push(self.model.domains()[level + 1].values());
        }
        self.done = true;
        false
    }

    /// Sound checks of variable `var`'s new value against the earlier
    /// prefix variables: pairwise constraints on the views among them, other
    /// constraints once all their variables are in the prefix.
    fn consistent(&mut self, var: usize) -> bool {
        let model = self.model;
        let values = &self.values;
        for &c in model.constraints_of(var as u32) {
            let con = &model.constraints()[c as usize];
            if con.decomposes_pairwise() {
                // The propagator's own partial check, over the prefix.
                let value = |x: u32| values[x as usize];
                let in_prefix = |x: u32| x as usize <= var;
                let mut checks = 0;
                if all_different::clashes(con, var as u32, value, in_prefix, &mut checks) {
                    return false;
                }
            } else if con.vars.iter().all(|&u| u as usize <= var)
                && !con.check(|i| values[i as usize], &mut self.scratch)
            {
                return false;
            }
        }
        true
    }
}

impl Iterator for Prefixes<'_> {
    type Item = Vec<(VarId, i32)>;

    fn next(&mut self) -> Option<Vec<(VarId, i32)>> {
        self.advance().then(|| self.assumptions().collect())
    }
}

/// The smallest depth with at least `min_prefixes` prefixes, or else the
/// depth (up to [`MAX_PREFIX_DEPTH`]) with the most.
pub(crate) fn prefix_depth(model: &Model, min_prefixes: usize) -> usize {
    let (mut best_depth, mut best_count) = (0, 1);
    if best_count >= min_prefixes {
        return best_depth;
    }
    for depth in 1..=model.num_vars().min(MAX_PREFIX_DEPTH) {
        let count = Prefixes::new(model, depth, 1, 0).count_up_to(min_prefixes);
        if count >= min_prefixes {
            return depth;
        }
        if count > best_count {
            (best_depth, best_count) = (depth, count);
        }
        if count == 0 {
            break; // no deeper prefix exists either
        }
    }
    best_depth
}

/// `solver` restricted to the sub-problem where the prefix holds.
pub(crate) fn restricted<'m>(
    solver: &Solver<'m>,
    prefix: impl IntoIterator<Item = (VarId, i32)>,
) -> Solver<'m> {
    solver
        .clone()
        .assume(prefix)
        .expect("prefix variables come from the solver's own model")
}

/// The outcome of searching nothing yet: complete, all counters zero.
pub(crate) fn empty_outcome() -> Outcome {
    Outcome {
        status: Status::Complete,
        stats: Stats::default(),
    }
}

/// Adds a sub-search's outcome to a running total; the total's status
/// becomes the first incomplete status seen. Returns whether the total is
/// still complete.
pub(crate) fn combine(total: &mut Outcome, part: &Outcome) -> bool {
    total.stats.merge(&part.stats);
    if total.status.is_complete() && !part.status.is_complete() {
        total.status = part.status;
    }
    total.status.is_complete()
}
