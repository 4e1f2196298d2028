//! Parallel counting and enumeration over independent sub-problems (the
//! approach is documented on [`Parallel`]), and [`share_work`], the one way
//! the engine and the programs on it spread independent pieces of work over
//! threads.

use crate::partition::{combine, empty_outcome, prefix_depth, restricted, Prefixes};
use crate::search::Solver;
use crate::stats::{Limits, Outcome};
use crate::var::VarId;
use rayon::prelude::*;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The number of sub-problems aimed for unless [`Parallel::sub_problems`]
/// sets another: 32 per thread for up to 32 threads.
pub const DEFAULT_SUB_PROBLEMS: usize = 1024;

/// A parallel run that could not start.
///
/// ```
/// use csp::{count_parallel, Model, ParallelError, Solver};
/// let model = Model::new();
/// assert_eq!(count_parallel(&Solver::new(&model), Some(0)).unwrap_err(), ParallelError::ZeroThreads);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParallelError {
    /// Zero threads were asked for.
    ZeroThreads,
    /// The thread pool could not be created (the message says why).
    ThreadPool(String),
}

impl fmt::Display for ParallelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParallelError::ZeroThreads => write!(f, "the number of threads must be at least 1"),
            ParallelError::ThreadPool(why) => write!(f, "cannot start the worker threads: {why}"),
        }
    }
}

impl std::error::Error for ParallelError {}

/// Parallel counting and enumeration over independent sub-problems.
///
/// # Approach
///
/// The search is split into many more sub-problems than threads: the
/// prefixes of a [`Partition`](crate::Partition) at a depth giving at least
/// [`DEFAULT_SUB_PROBLEMS`] of them (1024 = 32 × 32 threads). Rayon's work
/// stealing spreads them over the threads; each sub-problem is the solver
/// with its prefix as root assumptions, and the outcomes are merged.
///
/// # What is deterministic
///
/// * The sub-problems depend only on the model and
///   [`Parallel::sub_problems`], not on the thread count.
/// * So the solution count **and** every merged counter (nodes, failures,
///   checks, ...; not `elapsed`) are the same whatever the number of
///   threads, because each sub-search is deterministic and merging is a
///   sum (or a maximum). The node counts include each sub-search's root and
///   assumed variables, so they exceed those of one unsplit search.
/// * The **order** in which [`Parallel::for_each_solution`] reports
///   solutions is not deterministic. For a reproducible order, enumerate
///   the parts of a [`Partition`](crate::Partition) one by one.
///
/// # Limits
///
/// [`Parallel::limits`] sets a run-wide time limit and cancel flag, shared
/// by every worker: when either fires, running sub-searches stop, the rest
/// are skipped, and the outcome's status says which limit stopped it. A
/// sub-search stopped by any limit stops the whole run the same way.
///
/// ```
/// use csp::{count_parallel, Model, Solver};
/// let mut model = Model::new();
/// let q = model.int_vars(8, 0..8)?;
/// model.all_different(&q)?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))?;
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))?;
/// let outcome = count_parallel(&Solver::new(&model), Some(2)).unwrap();
/// assert_eq!(outcome.solutions(), 92);
/// assert!(outcome.status.is_complete());
/// # Ok::<(), csp::ModelError>(())
/// ```
///
/// With settings beyond the solver's (threads, sub-problems, run-wide limits):
///
/// ```
/// use csp::{Model, Parallel, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let solver = Solver::new(&model);
/// let outcome = Parallel::new(&solver).threads(Some(2)).sub_problems(16).count().unwrap();
/// assert_eq!(outcome.solutions(), 24);
/// ```
#[derive(Clone, Debug)]
pub struct Parallel<'s, 'm> {
    solver: &'s Solver<'m>,
    threads: Option<usize>,
    sub_problems: usize,
    limits: Option<Limits>,
}

impl<'s, 'm> Parallel<'s, 'm> {
    /// A run on rayon's global thread pool, with [`DEFAULT_SUB_PROBLEMS`]
    /// and the solver's own limits applied to each sub-search.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let solver = csp::Solver::new(&model);
    /// assert_eq!(csp::Parallel::new(&solver).count().unwrap().solutions(), 1);
    /// ```
    pub fn new(solver: &'s Solver<'m>) -> Parallel<'s, 'm> {
        Parallel {
            solver,
            threads: None,
            sub_problems: DEFAULT_SUB_PROBLEMS,
            limits: None,
        }
    }

    /// Runs on a pool of its own with this many threads (`None`: rayon's
    /// global pool, one thread per core).
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let solver = csp::Solver::new(&model);
    /// let run = csp::Parallel::new(&solver).threads(Some(4));
    /// # drop(run);
    /// ```
    pub fn threads(mut self, threads: Option<usize>) -> Self {
        self.threads = threads;
        self
    }

    /// Aims for at least this many sub-problems (0 counts as 1). More give
    /// better balance, at the cost of one small search set-up each.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let solver = csp::Solver::new(&model);
    /// let run = csp::Parallel::new(&solver).sub_problems(4096);
    /// # drop(run);
    /// ```
    pub fn sub_problems(mut self, sub_problems: usize) -> Self {
        self.sub_problems = sub_problems.max(1);
        self
    }

    /// Run-wide limits: [`Limits::time`] counts from the start of the run and
    /// [`Limits::cancel`] is shared by every worker. They replace the
    /// solver's own limits in every sub-search; the other fields (node,
    /// failure, backtrack, solution limits) are not used.
    ///
    /// ```
    /// use csp::{Limits, Model, Parallel, Solver, Status, StopReason};
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let mut model = Model::new();
    /// model.int_vars(4, 0..4).unwrap();
    /// let solver = Solver::new(&model);
    /// let cancel = Arc::new(AtomicBool::new(true)); // cancelled before it starts
    /// let outcome = Parallel::new(&solver)
    ///     .limits(Limits { cancel: Some(cancel), ..Limits::default() })
    ///     .count()
    ///     .unwrap();
    /// assert_eq!(outcome.status, Status::Stopped(StopReason::Cancelled));
    /// ```
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// Counts the solutions.
    ///
    /// ```
    /// use csp::{Model, Parallel, Solver};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..3).unwrap();
    /// let solver = Solver::new(&model);
    /// assert_eq!(Parallel::new(&solver).threads(Some(2)).count().unwrap().solutions(), 27);
    /// ```
    pub fn count(&self) -> Result<Outcome, ParallelError> {
        self.run(|solver| solver.count())
    }

    /// Calls `f` with each solution's values, from several threads at once
    /// and in no particular order.
    ///
    /// ```
    /// use csp::{Model, Parallel, Solver};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let solver = Solver::new(&model);
    /// let seen = AtomicU64::new(0);
    /// let outcome = Parallel::new(&solver)
    ///     .for_each_solution(|values| {
    ///         assert!(model.is_solution(values));
    ///         seen.fetch_add(1, Ordering::Relaxed);
    ///     })
    ///     .unwrap();
    /// assert_eq!((seen.into_inner(), outcome.solutions()), (6, 6));
    /// ```
    pub fn for_each_solution<F: Fn(&[i32]) + Sync>(&self, f: F) -> Result<Outcome, ParallelError> {
        self.run(|solver| {
            let mut search = solver.search();
            while let Some(values) = search.next_values() {
                f(values);
            }
            search.outcome()
        })
    }

    /// Solves every sub-problem with `solve` on the chosen threads.
    fn run<S>(&self, solve: S) -> Result<Outcome, ParallelError>
    where
        S: Fn(Solver<'m>) -> Outcome + Sync,
    {
        let started = Instant::now();
        let model = self.solver.model();
        let depth = prefix_depth(model, self.sub_problems);
        let prefixes: Vec<Vec<(VarId, i32)>> = Prefixes::new(model, depth, 1, 0).collect();
        let deadline = self
            .limits
            .as_ref()
            .and_then(|l| l.time)
            .and_then(|t| started.checked_add(t));
        let solve_one = |total: &mut Outcome, prefix: &Vec<(VarId, i32)>| {
            let mut solver = restricted(self.solver, prefix.iter().copied());
            if let Some(limits) = &self.limits {
                solver = solver.limits(Limits {
                    time: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                    cancel: limits.cancel.clone(),
                    ..Limits::default()
                });
            }
            if combine(total, &solve(solver)) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        };
        let mut outcome = share_work(
            self.threads,
            &prefixes,
            empty_outcome,
            solve_one,
            |mut a, b| {
                combine(&mut a, &b);
                a
            },
        )?;
        outcome.stats.elapsed = started.elapsed();
        Ok(outcome)
    }
}

/// Spreads `pieces` over `threads` threads (`None`: rayon's global pool,
/// one thread per core; `Some(1)`: the calling thread, in order) by rayon's
/// work stealing. Each thread keeps a running total (made by `start`) and
/// adds its pieces to it with `add`; the totals are then merged with
/// `merge`. When `add` returns [`ControlFlow::Break`] (a piece stopped
/// early: a limit, a cancel flag), the pieces not yet started are skipped.
///
/// This is the one thread pool of the workspace: [`Parallel`] runs its
/// sub-problems through it, and so does the n-queens symmetric count. With
/// totals merged by sums and maxima, the result does not depend on the
/// number of threads.
///
/// ```
/// use std::ops::ControlFlow;
/// let pieces: Vec<u64> = (1..=100).collect();
/// let sum = |threads| {
///     csp::share_work(threads, &pieces, || 0u64, |t, &p| { *t += p; ControlFlow::Continue(()) }, |a, b| a + b)
/// };
/// assert_eq!(sum(Some(1)).unwrap(), 5050);
/// assert_eq!(sum(Some(2)).unwrap(), 5050);
/// assert_eq!(sum(Some(0)).unwrap_err(), csp::ParallelError::ZeroThreads);
///
/// // Stopping at a piece skips the rest (on one thread: exactly those after it).
/// let first_three = csp::share_work(Some(1), &pieces, Vec::new, |seen, &p| {
///     seen.push(p);
///     if p == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// }, |mut a, b| { a.extend(b); a });
/// assert_eq!(first_three.unwrap(), vec![1, 2, 3]);
/// ```
pub fn share_work<P, T, S, A, M>(
    threads: Option<usize>,
    pieces: &[P],
    start: S,
    add: A,
    merge: M,
) -> Result<T, ParallelError>
where
    P: Sync,
    T: Send,
    S: Fn() -> T + Sync + Send,
    A: Fn(&mut T, &P) -> ControlFlow<()> + Sync + Send,
    M: Fn(T, T) -> T + Sync + Send,
{
    // Set once any piece stops early: the others are then skipped.
    let stopped = AtomicBool::new(false);
    let step = |mut total: T, piece: &P| {
        if !stopped.load(Ordering::Relaxed) && add(&mut total, piece).is_break() {
            stopped.store(true, Ordering::Relaxed);
        }
        total
    };
    let shared = || pieces.par_iter().fold(&start, &step).reduce(&start, &merge);
    match threads {
        Some(0) => Err(ParallelError::ZeroThreads),
        Some(1) => Ok(pieces.iter().fold(start(), &step)),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| ParallelError::ThreadPool(e.to_string()))?;
            Ok(pool.install(shared))
        }
        None => Ok(shared()),
    }
}

/// Counts `solver`'s solutions on `threads` threads (`None`: one per core);
/// see [`Parallel`].
///
/// ```
/// use csp::{count_parallel, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(5, 0..5).unwrap();
/// model.all_different(&x).unwrap();
/// let solver = Solver::new(&model);
/// let (one, two) = (count_parallel(&solver, Some(1)).unwrap(), count_parallel(&solver, Some(2)).unwrap());
/// assert_eq!((one.solutions(), two.solutions()), (120, 120));
/// assert_eq!(one.stats.nodes, two.stats.nodes); // merged counters do not depend on the threads
/// ```
pub fn count_parallel(
    solver: &Solver<'_>,
    threads: Option<usize>,
) -> Result<Outcome, ParallelError> {
    Parallel::new(solver).threads(threads).count()
}

/// Calls `f` with every solution's values from `threads` threads (`None`:
/// one per core), in no particular order; see [`Parallel`].
///
/// ```
/// use csp::{for_each_solution_parallel, Model, Solver};
/// use std::sync::Mutex;
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let found = Mutex::new(Vec::new());
/// for_each_solution_parallel(&Solver::new(&model), Some(2), |v| found.lock().unwrap().push(v.to_vec())).unwrap();
/// let mut found = found.into_inner().unwrap();
/// found.sort();
/// assert_eq!(found, vec![vec![0, 1], vec![1, 0]]);
/// ```
pub fn for_each_solution_parallel<F: Fn(&[i32]) + Sync>(
    solver: &Solver<'_>,
    threads: Option<usize>,
    f: F,
) -> Result<Outcome, ParallelError> {
    Parallel::new(solver).threads(threads).for_each_solution(f)
}
