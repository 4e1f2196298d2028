//! The solver's settings and the running search: choose, propagate, and on
//! failure unchoose.
//!
//! The loop itself is `search_loop.rs`: iterative with an explicit stack of
//! frames (one per assigned variable, or per bisection), so depth is bounded by memory, not
//! by the thread's stack, generic over its backend (the trail store, or the
//! slot store of `search/slot_backend.rs`) and over its [`Observer`], so unobserved
//! searches compile the hooks away. Per node it only pushes onto buffers
//! that are reused, so after warm-up it does not allocate.

use crate::branching::{self, Brancher, Orders, UserBranching};
use crate::config::{
    AllDifferentLevel, CumulativeLevel, LbdRestarts, Restarts, Strategy, ValueOrder, VarOrder,
};
use crate::model::Model;
use crate::observer::{NoObserver, Observer};
use crate::occupancy::Occupancy;
use crate::propagators::{self, Kind, Level, Neighbours, Posted, Priority, Removal, Scratch};
use crate::queue::Queue;
use crate::rng::SplitMix64;
use crate::solution::Solution;
use crate::stats::{
    Limits, Outcome, PairwiseKind, SearchPath, Stats, Status, StopReason, StoreKind,
};
use crate::store::Store;
use crate::var::VarId;
use crate::var_lists::{forward_lists, wake_lists, VarLists, WakeLists};
use std::sync::atomic::Ordering;
use std::time::Instant;

// The one search loop and its backends: private parts of the search (they
// drive `Search`), so the engine's modules import each other in one
// direction only.
mod search_loop;
// The slot backend: forward checking on one-word models.
mod slot_backend;
use slot_backend::SlotBackend;
mod branch_state;
mod solver_branching;
// The strategies as policies over the propagators, picked once per search.
pub(crate) mod policy;
use policy::{with_policy, Policy};
// Look-back: conflict sets and backjumping, and nogood learning's store.
mod look_back;
mod nogoods;
use look_back::LookBack;
// Clause learning: its own loop over the same propagators and store.
pub(crate) mod learning;
pub use nogoods::{MAX_NOGOODS, MAX_NOGOOD_SIZE};

/// Counting domain sizes costs a little on every domain change and undo; it
/// pays only where ranking the unassigned variables at every node would
/// cost more, on models with many variables. (Below this, 13-queens with
/// smallest-domain-first ran 1.7 times slower with the counts.)
const COUNTED_FROM_VARS: usize = 1000;

/// The search polls the clock and the cancel flag every 256 nodes, or once
/// this much work (checks, propagations, values pruned: each at most
/// microseconds) was done since the last poll, so a time limit is kept to
/// well under 0.1 s however costly a node is.
const POLL_WORK: u64 = 1 << 14;

/// The work done is read every this many nodes (and at the node after a
/// propagation halted), not at every node: the sum of three statistics
/// cost forward checking a few per cent. Arc consistency polls inside its
/// fixpoint as well.
const WORK_POLL_NODES: u32 = 16;

/// A configured search over a model: strategy, orders, limits, seed.
///
/// Defaults: a strategy and variable order that fit the model, ascending
/// values, no limits, seed 0, no restarts. A model of pairwise
/// disequalities only (`not_equal` between views, `all_different` at value
/// level: n-queens, colouring, Latin squares, Langford pairs) gets forward
/// checking, the fast path of the slot backend, with smallest-domain-first,
/// except in the n-queens shape, where every constraint is an
/// all-different over every variable once: there each assignment takes at
/// most one value per constraint from every open variable, the domains
/// shrink evenly, and input order (the slot backend's cheapest loop) is as
/// fast as the fifth fewer nodes smallest-domain-first would visit.
/// Measured (forward checking, counting): Langford 12 4.1 times fewer
/// nodes and 4 times faster smallest-domain-first, toroidal queens 13 1.4
/// times fewer nodes, reduced Latin squares 6 1.5, colourings 1.1 to 1.3,
/// none slower; n-queens 12 in input order. `--stats` says `pairwise` or
/// `permutation shape`. Any other model (sums, tables,
/// channelled expressions, arithmetic) gets arc consistency with
/// smallest-domain-first, so propagation runs through its helper variables.
/// A model whose expressions introduced helper variables (`x[j] - x[i]`
/// given to `all_different`, see [`Model::is_expression_helper`]) gets arc
/// consistency too, but branches on its own variables in the order they
/// were declared and on the helpers only after them: the helpers are
/// functionally defined by the own variables (by then propagation has
/// fixed them), as MiniZinc leaves its introduced variables to the end,
/// and such models (rulers, Costas arrays) are sequences the declared
/// order walks (Golomb 9 marks: 16,238 nodes in declared order, 34,022
/// smallest-domain-first among the marks). `--stats` says `helpers last`.
/// Branch and bound on such a model also runs its all-differents at
/// bounds level ([`AllDifferentLevel::Bounds`]): the objective's bound
/// keeps narrowing the helpers' ranges, where Hall intervals prune
/// (Golomb 9 marks: 2,460 nodes). `--stats` then says `bounds
/// all-different`.
/// Choosing any of [`strategy`](Solver::strategy),
/// [`var_order`](Solver::var_order), [`value_order`](Solver::value_order),
/// a user's heuristic, [`restarts`](Solver::restarts) or
/// [`all_different_level`](Solver::all_different_level) turns the choice
/// off: the rest are then the textbook defaults (forward checking, input
/// order), so a strategy set explicitly runs exactly as the textbook's.
///
/// ```
/// use csp::{Model, Solver, Strategy, VarOrder};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// assert_eq!(Solver::new(&model).get_strategy(), Strategy::ForwardChecking);
/// model.equal(x[0] + x[1], x[2]).unwrap();
/// let solver = Solver::new(&model);
/// assert_eq!((solver.get_strategy(), solver.get_var_order()),
///            (Strategy::ArcConsistency, VarOrder::SmallestDomain));
/// let textbook = Solver::new(&model).strategy(Strategy::ForwardChecking);
/// assert_eq!(textbook.get_var_order(), VarOrder::Input);
/// ```
///
/// ```
/// use csp::{Model, Solver, Strategy, ValueOrder, VarOrder};
/// let mut model = Model::new();
/// let q = model.int_vars(6, 0..6).unwrap();
/// model.all_different(&q).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let solver = Solver::new(&model)
///     .strategy(Strategy::ArcConsistency)
///     .var_order(VarOrder::SmallestDomain)
///     .value_order(ValueOrder::MiddleOut);
/// assert_eq!(solver.count().solutions(), 4);
/// let first = solver.first().0.unwrap();
/// assert!(model.is_solution(first.values()));
/// ```
#[derive(Clone, Debug)]
pub struct Solver<'m> {
    model: &'m Model,
    strategy: Strategy,
    var_order: VarOrder,
    value_order: ValueOrder,
    /// The user's heuristics, replacing the orders above (see `branching`).
    user_branching: UserBranching,
    limits: Limits,
    seed: u64,
    restarts: Option<Restarts>,
    assumptions: Vec<(u32, i32)>,
    /// Off only in tests that compare the slot backend (`search/slot_backend.rs`) with
    /// the trail backend.
    slot_backend: bool,
    /// Off only in tests that compare the merged pairwise propagator with
    /// the constraints' own.
    merged: bool,
    /// Off only in tests that compare the slot backend's two ways of
    /// finding the unassigned neighbours under a dynamic order.
    neighbour_sets: bool,
    /// The level of the all-different constraints that did not choose one.
    all_different: AllDifferentLevel,
    /// The level of the cumulatives that did not choose one.
    cumulative: CumulativeLevel,
    /// Binary branching (see [`Solver::binary_branching`]).
    binary: bool,
    /// The strategy and variable order are still the ones chosen from the
    /// model (nothing about the search's shape was set).
    fitted: bool,
    /// Clause learning checks each learned clause against brute force.
    check_nogoods: bool,
    /// Clause learning decides as the branching does while one of these
    /// is open (see [`Solver::follow_branching`]).
    follow: Option<Vec<VarId>>,
    /// Clause learning's Glucose restarts (see [`Solver::lbd_restarts`]).
    lbd_restarts: Option<LbdRestarts>,
    /// Learned clauses kept before the first cut (see
    /// [`Solver::learned_clauses`]).
    learned_clauses: Option<usize>,
}

impl<'m> Solver<'m> {
    /// A solver for `model` with the default settings, the strategy and
    /// variable order fitted to the model: forward checking when every
    /// constraint is a pairwise disequality (`not_equal`, value-level
    /// `all_different`), smallest-domain-first unless every constraint is
    /// an all-different over every variable once (n-queens: input order);
    /// otherwise arc consistency, in the declared order of the model's own
    /// variables with the expression helpers last when the model has
    /// helpers ([`Model::is_expression_helper`](crate::Model::is_expression_helper);
    /// branch and bound then filters the all-differents over them at
    /// bounds level), with smallest-domain-first when it has none;
    /// ascending values, no limits, seed 0, no restarts. Setting the strategy, an order, restarts or
    /// the all-different level turns the fitting off (see [`Solver`]).
    /// What ran is in the statistics ([`SearchPath::settings`](crate::SearchPath::settings),
    /// the `search` line of `--stats`).
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy, VarOrder};
    /// let model = Model::new();
    /// let solver = Solver::new(&model);
    /// assert_eq!(solver.get_strategy(), Strategy::ForwardChecking);
    /// let path = solver.count().stats.path.unwrap();
    /// assert!(path.fitted);
    /// let set = Solver::new(&model).var_order(VarOrder::Input).count().stats.path.unwrap();
    /// assert_eq!(set.settings(), "forward-checking, input order, ascending values (as set)");
    ///
    /// // `x1 - x0` is a helper: arc consistency, x0 and x1 first.
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..4).unwrap();
    /// model.all_different([x[1] - x[0], x[2] - x[1]]).unwrap();
    /// let solver = Solver::new(&model);
    /// assert_eq!((solver.get_strategy(), solver.get_var_order()),
    ///            (Strategy::ArcConsistency, VarOrder::Input));
    /// let path = solver.count().stats.path.unwrap();
    /// assert_eq!(path.settings(), "arc-consistency, input order, helpers last, ascending values (fitted default)");
    /// ```
    pub fn new(model: &'m Model) -> Solver<'m> {
        let (strategy, var_order) = fitting_default(model);
        Solver {
            model,
            strategy,
            var_order,
            value_order: ValueOrder::Ascending,
            user_branching: UserBranching::default(),
            limits: Limits::default(),
            seed: 0,
            restarts: None,
            assumptions: Vec::new(),
            slot_backend: true,
            merged: true,
            neighbour_sets: true,
            all_different: AllDifferentLevel::Value,
            cumulative: CumulativeLevel::TimeTable,
            binary: false,
            fitted: true,
            check_nogoods: false,
            follow: None,
            lbd_restarts: None,
            learned_clauses: None,
        }
    }

    /// The solver branch and bound runs: under the fitted default, an
    /// all-different over expression helpers (`x[j] - x[i]`) at bounds
    /// level, since the objective's bound keeps narrowing the helpers'
    /// ranges, where Hall intervals prune and value elimination waits for
    /// fixed values (Golomb 9 marks: 2,460 nodes instead of 16,238).
    pub(crate) fn fitted_for_bounds(&self) -> Solver<'m> {
        let mut solver = self.clone();
        let helpers = self.model.helpers();
        let over_helpers = |c: &crate::propagators::Constraint| {
            c.follows_default_level()
                && c.scope
                    .iter()
                    .any(|v| helpers.binary_search(&v.var.index).is_ok())
        };
        if self.fitted
            && self.strategy == Strategy::ArcConsistency
            && self.model.constraints().iter().any(over_helpers)
        {
            solver.all_different = AllDifferentLevel::Bounds;
        }
        solver
    }

    /// Something about the search's shape is being set: the fitted default
    /// gives way to the textbook one (forward checking, input order).
    pub(crate) fn settle(&mut self) {
        if std::mem::take(&mut self.fitted) {
            self.strategy = Strategy::ForwardChecking;
            self.var_order = VarOrder::Input;
        }
    }

    /// The same solver, always on the trail backend.
    #[cfg(test)]
    pub(crate) fn without_slot_backend(mut self) -> Self {
        self.slot_backend = false;
        self
    }

    /// The same solver, with the slot backend's dynamic order testing each
    /// neighbour for "assigned" rather than intersecting bit sets.
    #[cfg(test)]
    pub(crate) fn without_neighbour_sets(mut self) -> Self {
        self.neighbour_sets = false;
        self
    }

    /// The same solver, with each pairwise constraint's own propagator.
    #[cfg(test)]
    pub(crate) fn without_merged(mut self) -> Self {
        self.merged = false;
        self
    }

    /// Restricts the search to solutions with these values (a sub-problem:
    /// the basis of splitting a search into independent parts). Values
    /// outside a variable's domain simply leave no solution.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let part = Solver::new(&model).assume([(x[0], 2)]).unwrap();
    /// assert_eq!(part.count().solutions(), 2);
    /// let other = Model::new();
    /// assert!(Solver::new(&other).assume([(x[0], 0)]).is_err());
    /// ```
    pub fn assume(
        mut self,
        assumptions: impl IntoIterator<Item = (VarId, i32)>,
    ) -> Result<Self, crate::ModelError> {
        for (var, value) in assumptions {
            if var.model != self.model.id() || var.index() >= self.model.num_vars() {
                return Err(crate::ModelError::ForeignVariable {
                    constraint: "assumption",
                });
            }
            self.assumptions.push((var.index, value));
        }
        Ok(self)
    }

    /// Sets the pruning strategy.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let s = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// assert_eq!(s.get_strategy(), csp::Strategy::Backtracking);
    /// ```
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.settle();
        self.strategy = strategy;
        self
    }

    /// Sets the variable order.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let s = csp::Solver::new(&model).var_order(csp::VarOrder::DomWDeg);
    /// # drop(s);
    /// ```
    pub fn var_order(mut self, order: VarOrder) -> Self {
        self.settle();
        self.var_order = order;
        self.clear_user_var_selector();
        self
    }

    /// Sets the value order.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let s = csp::Solver::new(&model).value_order(csp::ValueOrder::Descending);
    /// # drop(s);
    /// ```
    pub fn value_order(mut self, order: ValueOrder) -> Self {
        self.settle();
        self.value_order = order;
        self.clear_user_value_ordering();
        self
    }

    /// Sets the limits (node, failure, backtrack, solution, time, cancel flag).
    ///
    /// ```
    /// use csp::{Limits, Model, Solver};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..3).unwrap();
    /// let outcome = Solver::new(&model)
    ///     .limits(Limits { solutions: Some(5), ..Limits::default() })
    ///     .count();
    /// assert_eq!(outcome.solutions(), 5);
    /// assert!(!outcome.status.is_complete());
    /// ```
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the seed for random value order and restart tie-breaking.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let s = csp::Solver::new(&model).seed(42);
    /// # drop(s);
    /// ```
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Enables restarts until the first solution (see [`Restarts`]).
    /// Enumeration stays exact: after the first solution the current run
    /// simply continues to the end without restarting.
    ///
    /// ```
    /// use csp::{Model, Restarts, Solver, VarOrder};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..4).unwrap();
    /// model.all_different(&x).unwrap();
    /// let outcome = Solver::new(&model)
    ///     .var_order(VarOrder::SmallestDomain)
    ///     .restarts(Restarts::Luby { scale: 1 })
    ///     .count();
    /// assert_eq!(outcome.solutions(), 24);
    /// ```
    pub fn restarts(mut self, restarts: Restarts) -> Self {
        self.settle();
        self.restarts = Some(restarts);
        self
    }

    /// Under [`Strategy::ClauseLearning`]: restart as Glucose does, on the
    /// learned clauses' LBD ([`LbdRestarts`]), in place of Luby's failure
    /// schedule (or of none while the search follows the branching, see
    /// [`Solver::follow_branching`]); [`Solver::restarts`] is then
    /// ignored. The other strategies ignore it. A restart keeps the
    /// learned clauses and, while following, walks the branching again.
    ///
    /// ```
    /// use csp::{LbdRestarts, Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(5, 0..5).unwrap();
    /// model.all_different(&x).unwrap();
    /// // Restart as soon as allowed: after every window of 2 conflicts
    /// // whose clauses are worse than the mean.
    /// let eager = LbdRestarts { window: 2, first: 0, lbd_factor: 0.0, ..LbdRestarts::default() };
    /// let solver = Solver::new(&model).strategy(Strategy::ClauseLearning).lbd_restarts(eager);
    /// assert_eq!(solver.count().solutions(), 120);
    /// ```
    pub fn lbd_restarts(mut self, restarts: LbdRestarts) -> Self {
        self.lbd_restarts = Some(restarts);
        self
    }

    /// Under [`Strategy::ClauseLearning`]: how many learned clauses are
    /// kept before the database is first cut (default 20,000, as many as
    /// Pumpkin keeps of its high-LBD tier). A cut keeps the glue clauses
    /// (LBD at most 2), the more active half of the others and the reasons
    /// of the literals on the trail, then allows a tenth more before the
    /// next; it comes where the search stands (a restart for it would
    /// change a search that follows the branching). Solution blocking
    /// clauses are never cut. The other strategies ignore it.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// // Six pigeons, five holes: no solution, hundreds of clauses.
    /// let x = model.int_vars(6, 0..5).unwrap();
    /// model.all_different(&x).unwrap();
    /// let outcome = Solver::new(&model)
    ///     .strategy(Strategy::ClauseLearning)
    ///     .learned_clauses(10)
    ///     .count();
    /// assert_eq!(outcome.solutions(), 0);
    /// assert!(outcome.status.is_complete());
    /// ```
    pub fn learned_clauses(mut self, limit: usize) -> Self {
        self.learned_clauses = Some(limit);
        self
    }

    /// Binary branching: once a value's subtree is done, the search
    /// refutes it (`x != v`, propagated under arc consistency) and chooses
    /// the variable again, which under a dynamic order may be another one;
    /// Gecode's tree, which FlatZinc's `int_search` annotations describe.
    /// Off by default: a level tries its variable's values one after
    /// another. The same solutions either way, in another order under a
    /// dynamic variable order. A level over a domain too wide to list
    /// (walked in ascending or descending order) keeps its variable. The
    /// look-back strategies ignore it (their conflict sets belong to the
    /// levels of one variable each), and clause learning always branches
    /// `x = v` / `x != v` its own way.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy, VarOrder};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let solver = Solver::new(&model)
    ///     .strategy(Strategy::ArcConsistency)
    ///     .var_order(VarOrder::SmallestDomain)
    ///     .binary_branching(true);
    /// assert_eq!(solver.count().solutions(), 6);
    /// ```
    pub fn binary_branching(mut self, on: bool) -> Self {
        self.binary = on;
        self
    }

    /// How strongly the all-different constraints that did not choose a
    /// level filter ([`AllDifferentLevel::Value`] unless set). A stronger
    /// default turns off the merged pairwise fast path when some
    /// all-different follows it.
    ///
    /// ```
    /// use csp::{AllDifferentLevel, Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 1..=3).unwrap(); // four pigeons, three holes
    /// model.all_different(&x).unwrap();
    /// let solver = Solver::new(&model).strategy(Strategy::ArcConsistency);
    /// let value = solver.clone().count().stats.nodes;
    /// let domain = solver.all_different_level(AllDifferentLevel::Domain).count();
    /// assert_eq!((domain.solutions(), domain.stats.nodes), (0, 1)); // the root only
    /// assert!(value > 0);
    /// ```
    pub fn all_different_level(mut self, level: AllDifferentLevel) -> Self {
        self.settle();
        self.all_different = level;
        self
    }

    /// How strongly the cumulatives that did not choose a level filter
    /// ([`CumulativeLevel::TimeTable`] unless set).
    ///
    /// ```
    /// use csp::{CumulativeLevel, Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..=3).unwrap();
    /// let z = model.int_var(0..=2).unwrap();
    /// // 2 * 2 + 2 * 2 + 3 * 1 of energy in [0, 5) on a capacity of 2.
    /// model.cumulative([x[0], x[1], z], [2, 2, 3], [2, 2, 1], 2).unwrap();
    /// let solver = Solver::new(&model).strategy(Strategy::ArcConsistency);
    /// let table = solver.clone().count();
    /// let edge = solver.cumulative_level(CumulativeLevel::EdgeFinding).count();
    /// assert_eq!((table.solutions(), edge.solutions()), (0, 0));
    /// assert_eq!(edge.stats.failures, 0); // the root fails
    /// assert!(table.stats.failures > 0); // values tried below it
    /// ```
    pub fn cumulative_level(mut self, level: CumulativeLevel) -> Self {
        self.cumulative = level;
        self
    }

    /// The default level of cumulatives.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert_eq!(csp::Solver::new(&model).get_cumulative_level(), csp::CumulativeLevel::TimeTable);
    /// ```
    pub fn get_cumulative_level(&self) -> CumulativeLevel {
        self.cumulative
    }

    /// The levels for the constraints that did not choose their own.
    fn levels(&self) -> propagators::Levels {
        propagators::Levels {
            all_different: self.all_different,
            cumulative: self.cumulative,
        }
    }

    /// A debugging check for [`Strategy::ClauseLearning`]: every clause it
    /// learns is checked against the model's solutions by brute force (it
    /// must keep every solution not yet reported, within the objective's
    /// bound), and a clause that excludes one panics. Only on models of at
    /// most 2^20 assignments (larger ones are not checked); slow.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..3).unwrap();
    /// model.all_different(&x).unwrap(); // four pigeons, three holes
    /// let outcome = Solver::new(&model)
    ///     .strategy(Strategy::ClauseLearning)
    ///     .check_nogoods(true)
    ///     .count();
    /// assert_eq!(outcome.solutions(), 0);
    /// assert!(outcome.status.is_complete());
    /// ```
    pub fn check_nogoods(mut self, on: bool) -> Self {
        self.check_nogoods = on;
        self
    }

    /// The default level of all-different constraints.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert_eq!(csp::Solver::new(&model).get_all_different_level(), csp::AllDifferentLevel::Value);
    /// ```
    pub fn get_all_different_level(&self) -> AllDifferentLevel {
        self.all_different
    }

    /// The orders a search's branching is made from.
    fn orders(&self) -> Orders<'_> {
        Orders {
            var: self.var_order,
            value: self.value_order,
            user: &self.user_branching,
        }
    }

    /// Whether these settings can run on the slot backend (the model must
    /// qualify too: see `search/slot_backend.rs`).
    fn slot_backend_applies(&self) -> bool {
        self.slot_backend
            && self.strategy == Strategy::ForwardChecking
            && matches!(self.var_order, VarOrder::Input | VarOrder::SmallestDomain)
            && matches!(
                self.value_order,
                ValueOrder::Ascending | ValueOrder::Descending
            )
            && self.restarts.is_none()
            && self.user_branching.is_empty()
            && !self.binary
    }

    /// The chosen strategy.
    pub fn get_strategy(&self) -> Strategy {
        self.strategy
    }

    /// The chosen built-in variable order (`Input` while a user's selector
    /// replaces it: see [`Solver::has_user_branching`]).
    pub fn get_var_order(&self) -> VarOrder {
        self.var_order
    }

    /// The chosen built-in value order (`Ascending` while a user's ordering
    /// replaces it: see [`Solver::has_user_branching`]).
    pub fn get_value_order(&self) -> ValueOrder {
        self.value_order
    }

    /// The limits set on this solver.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let limits = csp::Limits { nodes: Some(5), ..Default::default() };
    /// assert_eq!(csp::Solver::new(&model).limits(limits).get_limits().nodes, Some(5));
    /// ```
    pub fn get_limits(&self) -> &Limits {
        &self.limits
    }

    /// The model being solved.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// A search for branch and bound over `objective` (the trail backend:
    /// the slot backend knows no objective).
    pub(crate) fn search_bounded(
        &self,
        objective: crate::propagators::objective::Objective,
    ) -> Search<'m, NoObserver> {
        let mut solver = self.clone();
        solver.slot_backend = false;
        let mut search = Search::new(&solver, NoObserver);
        search.in_objective = vec![false; self.model.num_vars()];
        for x in objective.vars() {
            search.in_objective[x as usize] = true;
        }
        search.objective = Some(objective);
        search
    }

    /// A lazy search: iterate it for solutions (see [`Search`]).
    ///
    /// ```
    /// # use csp::{Model, Solver};
    /// # let mut model = Model::new();
    /// # let x = model.int_vars(2, 0..2).unwrap();
    /// # model.not_equal(x[0], x[1]).unwrap();
    /// let sols: Vec<Vec<i32>> = Solver::new(&model).search().map(|s| s.into_values()).collect();
    /// assert_eq!(sols, vec![vec![0, 1], vec![1, 0]]);
    /// ```
    pub fn search(&self) -> Search<'m, NoObserver> {
        self.search_with(NoObserver)
    }

    /// A lazy search reporting its events to `observer`.
    ///
    /// ```
    /// # use csp::{Model, Solver, Tracer};
    /// # let mut model = Model::new();
    /// # model.int_vars(1, 0..2).unwrap();
    /// let mut s = Solver::new(&model).search_with(Tracer::new(Vec::new()));
    /// assert_eq!(s.by_ref().count(), 2);
    /// ```
    pub fn search_with<O: Observer>(&self, observer: O) -> Search<'m, O> {
        Search::new(self, observer)
    }

    /// Counts every solution (streaming, nothing is stored).
    ///
    /// ```
    /// # use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// model.int_vars(3, 0..2).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 8);
    /// ```
    pub fn count(&self) -> Outcome {
        let mut search = self.search();
        while search.advance() {}
        search.outcome()
    }

    /// The first solution, if any, and the search's outcome.
    ///
    /// ```
    /// # use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let (first, outcome) = Solver::new(&model).first();
    /// assert_eq!(first.unwrap().values(), &[0, 1]);
    /// assert_eq!(outcome.solutions(), 1);
    /// ```
    pub fn first(&self) -> (Option<Solution>, Outcome) {
        let mut search = self.search();
        let first = search.next();
        (first, search.outcome())
    }
}

/// The default strategy and variable order for `model` (see [`Solver`]):
/// forward checking when every constraint is a pairwise disequality
/// (smallest-domain-first, input order in the permutation shape), arc consistency in input order (the helpers last) when
/// expressions introduced helpers, arc consistency with
/// smallest-domain-first otherwise.
fn fitting_default(model: &Model) -> (Strategy, VarOrder) {
    if model.constraints().iter().all(|c| c.is_pairwise()) {
        let order = if permutation_shape(model) {
            VarOrder::Input
        } else {
            VarOrder::SmallestDomain
        };
        (Strategy::ForwardChecking, order)
    } else if !model.helpers().is_empty() {
        // The own variables in declared order, the helpers after them.
        (Strategy::ArcConsistency, VarOrder::Input)
    } else {
        (Strategy::ArcConsistency, VarOrder::SmallestDomain)
    }
}

/// The n-queens shape: at least one constraint, and every one an
/// all-different over every variable of the model once. An assignment
/// then takes at most one value per constraint from each open variable,
/// so the domains shrink evenly and smallest-domain-first saves few nodes
/// (n-queens 12: a fifth) for its cost per node, where the input order
/// runs the slot backend's cheapest loop.
fn permutation_shape(model: &Model) -> bool {
    let n = model.num_vars();
    let constraints = model.constraints();
    !constraints.is_empty()
        && constraints.iter().all(|c| {
            matches!(c.kind, Kind::AllDifferent { .. }) && c.scope.len() == n && c.vars.len() == n
        })
}

/// The search's first variable order: every variable in creation order,
/// or with `helpers_last` the model's own variables first and the
/// expression helpers (ascending) after them.
fn first_order(n: usize, helpers_last: Option<&[u32]>) -> Vec<u32> {
    let Some(helpers) = helpers_last else {
        return (0..n as u32).collect();
    };
    let mut order = Vec::with_capacity(n);
    let mut next = helpers.iter().peekable();
    for x in 0..n as u32 {
        if next.peek() == Some(&&x) {
            next.next();
        } else {
            order.push(x);
        }
    }
    order.extend_from_slice(helpers);
    order
}

/// Each variable's position in `order` (a permutation of the variables).
fn positions(order: &[u32]) -> Vec<u32> {
    let mut at = vec![0; order.len()];
    for (i, &x) in order.iter().enumerate() {
        at[x as usize] = i as u32;
    }
    at
}

/// One level of the explicit search stack.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    var: u32,
    /// Trail length before this level's assignment.
    mark: usize,
    /// The trail backend's candidate values: `cand[cursor..end]` are still
    /// to try (`cand[start..end]` are the level's). With `end` [`UNLISTED`]
    /// the values are not listed: the next one is the domain's first member
    /// from `cursor` on (a wide domain tried in ascending order); with
    /// [`UNLISTED_DOWN`], its last member from `cursor` down.
    cursor: u32,
    end: u32,
    start: u32,
    /// The slot backend's candidate values: the bits still to try.
    left: usize,
    /// What the level decides: an assignment, or a bisection.
    decision: Decision,
    /// Under binary branching, the share of the level's tree that its
    /// refuted values, and the values propagation took from its variable
    /// meanwhile, stood for (see [`Search::tree_progress`]).
    done: f32,
}

/// What a level of the search decides.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    /// `var = value` for its values in turn (under binary branching,
    /// `var != value` between them).
    Assign,
    /// Bisection at `cand[start]`, `mid`: `var <= mid`, then `var > mid`
    /// ([`ValueOrder::Split`]). Assigns nothing: the level is not one of
    /// the variables' (`Search::splits` counts these).
    LowerFirst,
    /// Bisection, `var > mid` first ([`ValueOrder::ReverseSplit`]).
    UpperFirst,
}

/// Posting polls the time limit and the cancel flag every this many
/// constraints.
const POSTING_POLL: usize = 64;

/// `Frame::end` of a level whose values are read from the domain as they
/// are tried, rather than listed when it opens: upward from `cursor`.
pub(crate) const UNLISTED: u32 = u32::MAX;
/// Likewise, downward from `cursor` (a wide domain in descending order).
pub(crate) const UNLISTED_DOWN: u32 = u32::MAX - 1;

/// Domains of more values than this, tried in ascending or descending
/// order, are not listed when their level opens (a million-value domain
/// would cost a million writes per node).
pub(crate) const LISTED_VALUES: u32 = 4096;

/// Where the search loop goes on (see `search_loop::run`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// Open a level below the top one (or report a solution).
    Descend,
    /// Try the top level's next value; it holds none.
    Retry,
    /// Take back the top level's value, then try its next one.
    Resume,
}

/// A running (or finished) search: an iterator over solutions.
///
/// Solutions stream: each `next()` resumes the search where it stopped, so
/// enumerating millions of solutions needs memory independent of their
/// number. [`Search::next_values`] avoids even the per-solution vector.
/// After the iterator ends, [`Search::outcome`] says whether the search was
/// complete or stopped by a limit, and what it did.
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let mut search = Solver::new(&model).search();
/// let mut n = 0;
/// while let Some(values) = search.next_values() {
///     assert!(model.is_solution(values));
///     n += 1;
/// }
/// assert_eq!(n, 6);
/// assert!(search.outcome().status.is_complete());
/// ```
pub struct Search<'m, O: Observer> {
    pub(crate) model: &'m Model,
    pub(crate) strategy: Strategy,
    /// What the strategy asks of every propagator.
    pub(crate) level: Level,
    /// The variable and value orders.
    pub(crate) branching: Brancher,
    limits: Limits,
    pub(crate) restarts: Option<Restarts>,
    pub(crate) rng: SplitMix64,
    pub(crate) store: Store,
    pub(crate) values: Vec<i32>,
    pub(crate) assigned: Vec<bool>,
    /// Variables; `order[..depth]` are assigned.
    pub(crate) order: Vec<u32>,
    /// `order[..own_vars]` are the model's own variables while the fitted
    /// default puts the expression helpers last (`order.len()` otherwise):
    /// see `BranchState::tier_end`.
    pub(crate) own_vars: usize,
    /// Each variable's position in `order`.
    pub(crate) order_at: Vec<u32>,
    pub(crate) frames: Vec<Frame>,
    cand: Vec<i32>,
    /// How many variables of each constraint are unassigned.
    pub(crate) occupancy: Occupancy,
    /// Per constraint: its propagator.
    pub(crate) props: Vec<Posted<'m>>,
    /// The merged pairwise propagator (one-word models): it replaces the
    /// pairwise constraints' own propagators at forward checking and arc
    /// consistency.
    pub(crate) merged: Option<Neighbours>,
    /// Arc consistency runs on the merged propagator (queue slot
    /// `num_constraints`), with these fixed variables still to process.
    pub(crate) merged_fixpoint: bool,
    /// Forward checking runs on the merged propagator (kept apart from
    /// `merged`, which the slot backend borrows out while it runs).
    pub(crate) merged_forward: bool,
    /// Some constraint is not a pairwise disequality.
    pub(crate) others: bool,
    /// Per constraint, under arc consistency: its queue slot (its own, or
    /// the merged propagator's).
    pub(crate) wake_slots: Vec<u32>,
    /// Per variable, under arc consistency: the slots a change wakes.
    pub(crate) wakes: WakeLists,
    /// Per variable, for forward checking: the constraints over it posted
    /// as pairwise disequalities, and the others.
    pub(crate) pairwise_filters: VarLists<u32>,
    pub(crate) other_filters: VarLists<u32>,
    /// Some all-different follows a stronger default than value
    /// elimination (so it is not posted as disequalities).
    pub(crate) strong_default: bool,
    pub(crate) fixed_pending: Vec<u32>,
    /// Per constraint: failure weight for dom/wdeg.
    pub(crate) weights: Vec<u64>,
    pub(crate) queue: Queue,
    /// Reused when a failure empties the queue.
    pub(crate) drained: Vec<u32>,
    /// Whether propagators record each removal (for prune events and
    /// wake-ups) or only count them.
    pub(crate) record: bool,
    pub(crate) removals: Vec<Removal>,
    pub(crate) scratch: Scratch,
    /// The constraint that caused the latest failure.
    pub(crate) culprit: Option<u32>,
    /// Trial propagation (least-constraining value): count, don't report.
    pub(crate) quiet: bool,
    /// Binary branching: a level refutes its value before the next.
    pub(crate) binary: bool,
    /// Binary branching under forward checking or arc consistency: the
    /// split value orders bisect (see [`Decision`]).
    pub(crate) bisects: bool,
    /// How many open levels are bisections (`frames.len() - splits`
    /// variables are assigned).
    pub(crate) splits: usize,
    pub(crate) trial_pruned: u64,
    pub(crate) stats: Stats,
    status: Status,
    started: Option<Instant>,
    /// When the search was made: the time limit counts from here, so that
    /// posting the propagators (big tables) is within it.
    created: Instant,
    /// Set when a propagation stopped early for the time limit or the
    /// cancel flag (its `false` is then no failure).
    pub(crate) halted: Option<StopReason>,
    pub(crate) next: Next,
    root_mark: usize,
    /// The slot backend, for the models and settings it serves (`None`:
    /// the loop runs on the trail backend).
    pub(crate) slot_backend: Option<SlotBackend>,
    /// The current run's number (1-based), for the next cutoff.
    restart_run: u64,
    /// The failure count at which the current run restarts (`u64::MAX`:
    /// never, without restarts or once a solution is found).
    restart_at: u64,
    assumptions: Vec<(u32, i32)>,
    poll: u32,
    /// `checks + propagations + pruned` when the clock was last polled.
    polled_work: u64,
    /// Unassigned variables with at least one constraint (kept only while
    /// the store counts sizes, the one reader). At zero every
    /// unassigned variable has degree 0, and the degree orders reduce to
    /// the smallest domain (found from the size counts, not by ranking).
    pub(crate) constrained_left: usize,
    /// Branch and bound: the objective whose bound every node must allow
    /// (see `optimize.rs`).
    pub(crate) objective: Option<crate::propagators::objective::Objective>,
    /// Branch and bound: which variables the objective is over (empty
    /// without one), so a change to one of them wakes the bound.
    pub(crate) in_objective: Vec<bool>,
    /// A variable of the objective changed since its bound last ran.
    pub(crate) objective_dirty: bool,
    /// Backjumping and nogood learning: the levels' conflict sets (and the
    /// nogoods); `None` for the other strategies.
    pub(crate) look_back: Option<LookBack>,
    pub(crate) observer: O,
    /// Clause learning's trail, clauses and activities (that strategy only).
    pub(crate) learning: Option<Box<learning::Learning>>,
}

impl<'m, O: Observer> Search<'m, O> {
    fn new(solver: &Solver<'m>, observer: O) -> Search<'m, O> {
        let created = Instant::now();
        let model = solver.model;
        let n = model.num_vars();
        let too_large = Store::too_large(model.domains());
        let mut store = if too_large {
            Store::new(&[])
        } else {
            Store::new(model.domains())
        };
        let m = model.num_constraints();
        let one_word = store.one_word();
        let occupancy = Occupancy::new(
            model.constraints(),
            matches!(solver.var_order, VarOrder::DomDeg | VarOrder::DomWDeg)
                || solver.has_user_branching(),
        );
        let level = Level::from(solver.strategy);
        // All-differents that follow a stronger default run their own
        // propagators (watching any change), not the merged one.
        let strong_default = solver.all_different != AllDifferentLevel::Value
            && model
                .constraints()
                .iter()
                .any(|c| c.follows_default_level());
        // Clause learning needs each removal's own constraint.
        let learns = solver.strategy == Strategy::ClauseLearning;
        let merged = (solver.merged
            && !learns
            && !strong_default
            && matches!(level, Level::Forward | Level::Fixpoint))
        .then(|| {
            let bases: Vec<i64> = model
                .domains()
                .iter()
                .map(|d| d.min().unwrap_or(0) as i64)
                .collect();
            Neighbours::build(&bases, model.constraints(), one_word)
        })
        .flatten();
        // The slot backend keeps no size counts: it serves smallest-domain-first
        // only below the size where the counts pay.
        let dynamic = solver.var_order != VarOrder::Input;
        let slot_backend_runs = merged.is_some()
            && !too_large
            && solver.slot_backend_applies()
            && (!dynamic || n < COUNTED_FROM_VARS);
        // The degree orders use the counts too, once no constrained
        // variable is left (see `select_var`).
        // Debug builds count on small models too, so that the check against
        // ranking in `select_var` covers the counted choice there as well;
        // both ways choose the same variable.
        let worth_counting =
            n >= COUNTED_FROM_VARS || (cfg!(debug_assertions) && !slot_backend_runs);
        // Restarts draw a random one of the smallest domains from the
        // counts' members, at every size (debug and release alike).
        let restarting = solver.restarts.is_some();
        // The fitted default branches on the model's own variables before
        // the helpers its expressions introduced (functionally defined by
        // them, as MiniZinc's introduced variables): they come first in
        // `order`, and a dynamic order ranks only them while one is
        // unassigned (so the size counts, over every variable, are not
        // kept).
        let helpers_last = solver.fitted && !learns && !model.helpers().is_empty();
        if solver.var_order != VarOrder::Input
            && !learns
            && !helpers_last
            && (restarting || worth_counting)
        {
            store.count_sizes(restarting);
        }
        // Posting (tables build their supports) polls the time limit and
        // the cancel flag: past them, the rest are placeholders that never
        // run (the search is stopped before its root).
        let mut halted = None;
        let props: Vec<Posted<'m>> = model
            .constraints()
            .iter()
            .enumerate()
            .map(|(c, con)| {
                if halted.is_none() && c % POSTING_POLL == 0 {
                    halted = solver
                        .limits
                        .time_or_cancel(created, &Stats::default(), || None);
                }
                match halted {
                    None => propagators::post(con, solver.levels()),
                    Some(_) => propagators::unposted(con),
                }
            })
            .collect();
        let merged_fixpoint = level == Level::Fixpoint && merged.is_some();
        let (wake_slots, wakes) = if level == Level::Fixpoint {
            let slots: Vec<u32> = (0..m as u32)
                .zip(model.constraints())
                .map(|(c, con)| {
                    if merged_fixpoint && con.is_pairwise() {
                        m as u32
                    } else {
                        c
                    }
                })
                .collect();
            let constraints = model.constraints();
            let hears_all =
                |c: u32| strong_default && constraints[c as usize].follows_default_level();
            let wakes = wake_lists(model, &slots, hears_all);
            (slots, wakes)
        } else {
            (Vec::new(), WakeLists::none())
        };
        // Forward checking (or a value order's trial propagation) filters
        // from these lists, made only where they have entries to read (a
        // split count builds thousands of searches): the merged propagator
        // stands for the disequalities wherever it exists.
        let diseq = |c: u32| model.constraints()[c as usize].posts_disequalities(strong_default);
        let pairwise_filters = if merged.is_none() && (0..m as u32).any(diseq) {
            forward_lists(model, diseq)
        } else {
            VarLists::none()
        };
        let other_filters = if (0..m as u32).any(|c| !diseq(c)) {
            forward_lists(model, |c| !diseq(c))
        } else {
            VarLists::none()
        };
        let merged_forward = level == Level::Forward && merged.is_some();
        let others = model.constraints().iter().any(|c| !c.is_pairwise());
        // Slot `m`: the merged propagator, among the cheapest.
        let priorities = props
            .iter()
            .map(|p| p.priority())
            .chain([Priority::Pairwise])
            .collect();
        let path = SearchPath {
            store: if one_word {
                StoreKind::OneWord
            } else {
                StoreKind::MultiWord
            },
            pairwise: if merged.is_some() {
                PairwiseKind::Merged
            } else {
                PairwiseKind::PerConstraint
            },
            slot_backend: slot_backend_runs,
            strategy: solver.strategy,
            var_order: solver.var_order,
            value_order: solver.value_order,
            fitted: solver.fitted,
            permutation_shape: solver.fitted
                && solver.strategy == Strategy::ForwardChecking
                && permutation_shape(model),
            helpers_last,
            bounds_all_different: strong_default
                && solver.all_different == AllDifferentLevel::Bounds,
        };
        let slot_backend = merged.as_ref().filter(|_| slot_backend_runs).map(|nb| {
            let descending = solver.value_order == ValueOrder::Descending;
            let sets = dynamic && solver.neighbour_sets;
            SlotBackend::new(nb, model.constraints(), n, descending, dynamic, sets)
        });
        let order = first_order(n, helpers_last.then(|| model.helpers()));
        Search {
            model,
            strategy: solver.strategy,
            level,
            branching: Brancher::new(solver.orders()),
            limits: solver.limits.clone(),
            restarts: solver.restarts,
            rng: SplitMix64::new(solver.seed),
            store,
            values: vec![0; n],
            assigned: vec![false; n],
            order_at: positions(&order),
            order,
            own_vars: n - if helpers_last {
                model.helpers().len()
            } else {
                0
            },
            frames: Vec::with_capacity(n),
            cand: Vec::new(),
            occupancy,
            props,
            merged,
            merged_fixpoint,
            merged_forward,
            fixed_pending: Vec::new(),
            weights: vec![1; m],
            queue: Queue::new(priorities),
            drained: Vec::new(),
            // Arc consistency wakes propagators from the records, unless
            // the merged propagator is the only one (it follows its own).
            record: O::WANTS_PRUNES || (level == Level::Fixpoint && (others || !merged_fixpoint)),
            others,
            wake_slots,
            wakes,
            pairwise_filters,
            other_filters,
            strong_default,
            removals: Vec::new(),
            scratch: Scratch::default(),
            culprit: None,
            quiet: false,
            trial_pruned: 0,
            stats: Stats {
                path: Some(path),
                ..Stats::default()
            },
            status: match (too_large, halted) {
                (true, _) => Status::Stopped(StopReason::TooLarge),
                (_, Some(reason)) => Status::Stopped(reason),
                _ => Status::Running,
            },
            started: None,
            created,
            halted: None,
            next: Next::Descend,
            root_mark: 0,
            restart_run: 1,
            restart_at: solver.restarts.map_or(u64::MAX, |r| r.cutoff(1)),
            assumptions: solver.assumptions.clone(),
            poll: 0,
            polled_work: 0,
            constrained_left: (0..n as u32)
                .filter(|&x| !model.constraints_of(x).is_empty())
                .count(),
            slot_backend,
            objective: None,
            in_objective: Vec::new(),
            objective_dirty: false,
            look_back: solver
                .strategy
                .looks_back()
                .then(|| LookBack::new(n, solver.strategy == Strategy::NogoodLearning)),
            binary: solver.binary && !solver.strategy.looks_back(),
            bisects: solver.binary
                && !solver.strategy.looks_back()
                && matches!(level, Level::Forward | Level::Fixpoint),
            splits: 0,
            observer,
            learning: learns.then(|| {
                let check = solver
                    .check_nogoods
                    .then(|| learning::Check::new(model))
                    .flatten();
                Box::new(learning::Learning::new(
                    model.domains(),
                    m,
                    (solver.restarts, solver.lbd_restarts),
                    check,
                    solver.follow.as_deref(),
                    solver.learned_clauses,
                ))
            }),
        }
    }

    /// Turns this search, once it has completed, into a fresh search of
    /// `solver` (the same model and settings; other assumptions and limits)
    /// without building its store and constraint tables again: a
    /// partition's part runs one sub-search per prefix, which for one wide
    /// row is a million of them. The result behaves exactly like
    /// `solver.search()`. False, with nothing changed, when this search did
    /// not complete (a stopped one may be in the middle of its tree).
    pub(crate) fn reuse_for(&mut self, solver: &Solver<'m>) -> bool {
        if self.status != Status::Complete || !self.frames.is_empty() || self.learning.is_some() {
            return false;
        }
        debug_assert!(
            self.model.id() == solver.model.id()
                && self.strategy == solver.strategy
                && self.branching.same_settings(solver.orders())
                && self.restarts == solver.restarts,
            "reused for the same model and settings"
        );
        self.store.undo(0);
        self.store.relist_counted();
        self.cand.clear();
        self.queue.drain(|_| {});
        for prop in &mut self.props {
            prop.clear();
        }
        self.fixed_pending.clear();
        // A fresh instance of the user's heuristics, as a new search has.
        self.branching.reset(solver.orders());
        if !self.branching.input_order() {
            // Dynamic orders permute `order`; ties go to the earliest in it.
            let tiered = self.own_vars < self.order.len();
            self.order = first_order(self.order.len(), tiered.then(|| self.model.helpers()));
            self.order_at = positions(&self.order);
        }
        if self.branching.reads_weights() {
            self.weights.fill(1);
        }
        self.limits = solver.limits.clone();
        self.rng = SplitMix64::new(solver.seed);
        self.stats = Stats {
            path: self.stats.path,
            ..Stats::default()
        };
        self.status = Status::Running;
        self.started = None;
        self.created = Instant::now();
        self.next = Next::Descend;
        self.root_mark = 0;
        self.restart_run = 1;
        self.restart_at = solver.restarts.map_or(u64::MAX, |r| r.cutoff(1));
        self.assumptions.clear();
        self.assumptions.extend_from_slice(&solver.assumptions);
        self.poll = 0;
        self.polled_work = 0;
        self.halted = None;
        self.culprit = None;
        self.quiet = false;
        self.binary = solver.binary && !solver.strategy.looks_back();
        self.trial_pruned = 0;
        if let Some(look_back) = &mut self.look_back {
            look_back.clear();
        }
        true
    }

    /// The next solution's values (one per variable, in variable order),
    /// borrowed from the search: no allocation per solution.
    pub fn next_values(&mut self) -> Option<&[i32]> {
        if self.advance() {
            Some(&self.values)
        } else {
            None
        }
    }

    /// How the search ended (or [`Status::Running`] while it can go on) and
    /// its statistics so far.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            status: self.status,
            stats: self.stats(),
        }
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        let mut stats = self.stats.clone();
        if let (Some(t0), Status::Running) = (self.started, self.status) {
            stats.elapsed = t0.elapsed();
        }
        stats
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The observer, mutably.
    pub fn observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// Ends the search and returns the observer.
    pub fn into_observer(self) -> O {
        self.observer
    }

    /// The variables assigned at this moment, outermost first, with their
    /// values (the current path of the search tree; for a stopped greedy
    /// search, where it got stuck).
    ///
    /// ```
    /// use csp::{Limits, Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// model.all_different(&x).unwrap(); // impossible: 3 variables, 2 values
    /// let mut search = Solver::new(&model)
    ///     .strategy(Strategy::Backtracking)
    ///     .limits(Limits { backtracks: Some(0), ..Limits::default() })
    ///     .search();
    /// assert!(search.next().is_none());
    /// assert_eq!(search.path(), vec![(x[0], 0), (x[1], 1)]);
    /// ```
    pub fn path(&self) -> Vec<(VarId, i32)> {
        let held = match self.next {
            Next::Resume => self.frames.len(),
            _ => self.frames.len().saturating_sub(1),
        };
        self.frames[..held]
            .iter()
            .filter(|f| f.decision == Decision::Assign)
            .map(|f| (self.var_id(f.var), self.values[f.var as usize]))
            .collect()
    }

    /// Right after a solution: abandons the rest of the subtree under the
    /// first `keep` levels of its path, so the search resumes at level
    /// `keep`'s next value. With the variables of interest branched on
    /// first, this enumerates their distinct assignments once each (a
    /// projection), whatever the other variables' completions. False (and
    /// nothing changed) unless the search stands at a solution on the
    /// general (trail) backend, or when `keep` is 0.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy, VarOrder};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..3).unwrap();
    /// let _free = model.int_var(0..5).unwrap(); // 5 completions of each x
    /// let mut search = Solver::new(&model)
    ///     .strategy(Strategy::ArcConsistency)
    ///     .var_order(VarOrder::Input)
    ///     .search();
    /// let mut xs = Vec::new();
    /// while let Some(values) = search.next_values() {
    ///     xs.push(values[x.index()]);
    ///     assert!(search.skip_below(1));
    /// }
    /// assert_eq!(xs, vec![0, 1, 2]);
    /// assert!(search.outcome().status.is_complete());
    /// ```
    pub fn skip_below(&mut self, keep: usize) -> bool {
        let at_solution = self.status == Status::Running
            && self.next == Next::Resume
            && self.frames.len() - self.splits == self.order.len();
        if !at_solution || self.slot_backend.is_some() || keep == 0 {
            return false;
        }
        // (Undoing and closing levels do not depend on the policy.)
        let mut trail = search_loop::Trail::<false, policy::Backtracking>::new();
        while self.frames.len() > keep {
            let top = self.frames.len() - 1;
            search_loop::Backend::<'m, O>::undo(&mut trail, self, top);
            search_loop::Backend::<'m, O>::close(&mut trail, self, top);
        }
        if let Some(look_back) = &mut self.look_back {
            // A solution lies below the level kept.
            look_back.make_chronological(keep - 1);
        }
        true
    }

    /// Right after a solution of a [`Strategy::ClauseLearning`] search:
    /// no later solution agrees with this one on all of `vars` (a
    /// projection, what [`Search::skip_below`] does for the chronological
    /// strategies, whose levels follow the branching order). False (and
    /// nothing changed) for the other strategies, away from a solution,
    /// or for a variable of another model.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..3).unwrap();
    /// let _free = model.int_var(0..5).unwrap(); // 5 completions of each x
    /// let mut search = Solver::new(&model).strategy(Strategy::ClauseLearning).search();
    /// let mut xs = Vec::new();
    /// while let Some(values) = search.next_values() {
    ///     xs.push(values[x.index()]);
    ///     assert!(search.skip_agreeing(&[x]));
    /// }
    /// xs.sort();
    /// assert_eq!(xs, vec![0, 1, 2]);
    /// assert!(search.outcome().status.is_complete());
    /// ```
    pub fn skip_agreeing(&mut self, vars: &[VarId]) -> bool {
        let own = vars
            .iter()
            .all(|v| v.model == self.model.id() && v.index() < self.model.num_vars());
        if self.status != Status::Running || !own {
            return false;
        }
        let values = &self.values;
        match self.learning.as_deref_mut() {
            Some(learning) => learning.project(vars.iter().map(|v| (v.index, values[v.index()]))),
            None => false,
        }
    }

    pub(crate) fn var_id(&self, index: u32) -> VarId {
        VarId {
            model: self.model.id(),
            index,
        }
    }

    pub(crate) fn finish(&mut self, status: Status) {
        // A propagation cut short by the clock or the cancel flag counted
        // its node as failed: the rest of the tree was not searched, so an
        // exhausted search proves nothing then.
        self.status = match (status, self.halted) {
            (Status::Complete, Some(reason)) => Status::Stopped(reason),
            _ => status,
        };
        if let Some(t0) = self.started {
            self.stats.elapsed = t0.elapsed();
        }
    }

    /// A propagation stops on `reason` (the clock, the cancel flag, a
    /// domain too wide to list): it fails, and the loop's next limit check
    /// returns `reason`.
    pub(crate) fn halt(&mut self, reason: StopReason) {
        self.halted = Some(reason);
        // The next `limit_reached` is due (the counter wraps to 0).
        self.poll = u32::MAX;
    }

    /// The time limit or the cancel flag, polled inside long propagations
    /// (a root fixpoint over a big model can run for minutes): the reason
    /// to stop, if one holds.
    pub(crate) fn out_of_time(&self) -> Option<StopReason> {
        self.limits
            .time_or_cancel(self.created, &self.stats, || self.tree_progress())
    }

    /// The limit that stops the search before its next node, if one does.
    #[inline(always)]
    pub(crate) fn limit_reached(&mut self) -> Option<StopReason> {
        self.poll = self.poll.wrapping_add(1);
        if self.poll.is_multiple_of(WORK_POLL_NODES) {
            return self.poll_limits();
        }
        self.counted_limit()
    }

    /// The node and failure limits.
    #[inline(always)]
    fn counted_limit(&self) -> Option<StopReason> {
        let l = &self.limits;
        if l.nodes.is_some_and(|n| self.stats.nodes >= n) {
            return Some(StopReason::Nodes);
        }
        if l.failures.is_some_and(|n| self.stats.failures >= n) {
            return Some(StopReason::Failures);
        }
        None
    }

    /// An estimate of the share of the search tree done, in `0..=1`, for
    /// a scheduler ([`crate::Gate::with_progress`]); `None` where the
    /// search keeps no levels to read it from (clause learning's, the slot
    /// backend's) or a level's values are not listed. Each level counts
    /// the values it finished (refuted under binary branching, tried
    /// before under d-way) as equal shares of what was left of it, and a
    /// level's open value passes its share on to the level below. It
    /// weighs a failed value like a whole subtree, so it runs behind the
    /// search's true progress. Without restarts it never decreases (up to
    /// rounding, in levels so deep that their weights fall below the
    /// sum's precision).
    pub(crate) fn tree_progress(&self) -> Option<f64> {
        if self.learning.is_some() {
            return None;
        }
        let (mut done, mut weight) = (0.0, 1.0);
        for f in &self.frames {
            if f.end >= UNLISTED_DOWN || f.end <= f.start {
                return None;
            }
            let n = f64::from(f.end - f.start);
            let finished = f64::from(f.cursor.saturating_sub(f.start + 1));
            let before = f64::from(f.done);
            done += weight * (before + (1.0 - before) * finished / n);
            weight *= (1.0 - before) / n;
        }
        Some(done.clamp(0.0, 1.0))
    }

    /// Every [`WORK_POLL_NODES`] nodes: a halted propagation, the counted
    /// limits, then the clock and the cancel flag if due.
    #[cold]
    #[inline(never)]
    fn poll_limits(&mut self) -> Option<StopReason> {
        // A propagation already stopped on the clock or the cancel flag
        // (`Search::halt` makes the next node poll).
        if let Some(reason) = self.halted {
            return Some(reason);
        }
        if let Some(reason) = self.counted_limit() {
            return Some(reason);
        }
        let l = &self.limits;
        // The clock every 256 nodes, or sooner once the nodes did much
        // work (nodes over wide domains can take milliseconds each).
        let work = self.stats.checks + self.stats.propagations + self.stats.pruned;
        // (Wrapping, should the statistics ever restart below the last
        // poll's work: then it polls at once.)
        if self.poll.is_multiple_of(256) || work.wrapping_sub(self.polled_work) >= POLL_WORK {
            self.polled_work = work;
            return l.time_or_cancel(self.created, &self.stats, || self.tree_progress());
        }
        None
    }

    /// Runs until the next solution (`true`, values in `self.values`) or the
    /// end of the search (`false`, status set).
    pub(crate) fn advance(&mut self) -> bool {
        if self.status != Status::Running {
            return false;
        }
        if self.started.is_none() {
            self.started = Some(Instant::now());
            if self.limits.time.is_some_and(|t| t.is_zero())
                || self
                    .limits
                    .cancel
                    .as_ref()
                    .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                self.finish(Status::Stopped(
                    if self.limits.time.is_some_and(|t| t.is_zero()) {
                        StopReason::Time
                    } else {
                        StopReason::Cancelled
                    },
                ));
                return false;
            }
            self.stats.nodes = 1;
            if !self.apply_assumptions() || !policy::root(self, self.level) {
                // A root fixpoint cut short by the clock proves nothing.
                let status = match self.halted.take() {
                    Some(reason) => Status::Stopped(reason),
                    None => Status::Complete,
                };
                self.finish(status);
                return false;
            }
            self.root_mark = self.store.mark();
        }
        match self.slot_backend.take() {
            Some(mut slot_backend) => {
                // Moved out for the run, so the backend borrows them apart
                // from `self`.
                let neighbours = self.merged.take().expect("neighbour lists");
                let found = slot_backend.run(self, &neighbours);
                self.merged = Some(neighbours);
                self.slot_backend = Some(slot_backend);
                found
            }
            None if self.learning.is_some() => learning::run(self),
            None => with_policy!(self.level, P => self.run_trail::<P>()),
        }
    }

    /// The loop on the trail backend under policy `P` (plain when the
    /// search needs none of its extras).
    fn run_trail<P: Policy>(&mut self) -> bool {
        if search_loop::Trail::<true, P>::applies(self) {
            search_loop::run(self, &mut search_loop::Trail::<true, P>::new())
        } else {
            search_loop::run(self, &mut search_loop::Trail::<false, P>::new())
        }
    }

    /// All variables are assigned (`depth` of them): counts and reports the
    /// solution; the search resumes by taking the last value back, unless a
    /// limit stops it.
    /// Returns true, for `advance`.
    pub(crate) fn record_solution(&mut self, depth: usize) -> bool {
        self.stats.solutions += 1;
        self.observer.solution(&self.values);
        if let (Some(look_back), Some(last)) = (&mut self.look_back, depth.checked_sub(1)) {
            // Completeness: the levels above a solution go back one by one.
            look_back.make_chronological(last);
        }
        self.restart_at = u64::MAX;
        if self
            .limits
            .solutions
            .is_some_and(|n| self.stats.solutions >= n)
        {
            self.finish(Status::Stopped(StopReason::Solutions));
        } else if depth == 0 {
            // No variables: the empty assignment is the only solution.
            self.finish(Status::Complete);
        }
        true
    }

    /// A level ran out of values and was left, `open` levels remain: counts
    /// the backtrack, or ends the search (complete at the root, stopped by
    /// the backtrack limit). False when the search ended.
    pub(crate) fn record_backtrack(&mut self, open: usize) -> bool {
        if open == 0 {
            self.finish(Status::Complete);
            return false;
        }
        if self
            .limits
            .backtracks
            .is_some_and(|b| self.stats.backtracks >= b)
        {
            self.finish(Status::Stopped(StopReason::Backtracks));
            return false;
        }
        self.stats.backtracks += 1;
        true
    }

    /// Fixes the assumed values at the root; false if one is impossible.
    fn apply_assumptions(&mut self) -> bool {
        for i in 0..self.assumptions.len() {
            let (var, value) = self.assumptions[i];
            if !self.store.contains(var, value as i64) {
                return false;
            }
            self.store.assign(var, value as i64);
            if let Some(learning) = self.learning.as_deref_mut() {
                learning.assumed(var, value as i64);
            }
        }
        true
    }

    #[inline(always)]
    fn restart_due(&self) -> bool {
        self.stats.failures >= self.restart_at
    }

    /// The loop unwound every level for a restart: back to the root's
    /// domains, keeping weights; the next run gets a larger cutoff.
    fn restarted(&mut self) {
        self.store.undo(self.root_mark);
        self.stats.restarts += 1;
        self.restart_run += 1;
        if let Some(r) = self.restarts {
            self.restart_at = self
                .stats
                .failures
                .saturating_add(r.cutoff(self.restart_run));
        }
        self.observer.restart();
        self.next = Next::Descend;
    }

    /// Sets `var = value` at `depth` and checks or propagates as the
    /// policy `P` says.
    fn assign<P: Policy>(&mut self, var: u32, value: i32, depth: usize) -> bool {
        let id = self.var_id(var);
        self.observer.choose(id, value, depth);
        self.values[var as usize] = value;
        self.assigned[var as usize] = true;
        if self.store.counts_sizes() {
            if !self.model.constraints_of(var).is_empty() {
                self.constrained_left -= 1;
            }
            self.store.uncount(var);
        }
        self.occupancy.assign(self.model.constraints_of(var));
        let ok = P::assigned(self, var, value, depth);
        ok && self.within_bound::<P>(depth)
    }

    fn unassign(&mut self, top: usize) {
        let frame = self.frames[top];
        let value = self.values[frame.var as usize];
        self.store.undo(frame.mark);
        if let Some(objective) = &mut self.objective {
            objective.undone(top + 1);
        }
        self.assigned[frame.var as usize] = false;
        if self.store.counts_sizes() {
            self.store.recount(frame.var);
            if !self.model.constraints_of(frame.var).is_empty() {
                self.constrained_left += 1;
            }
        }
        self.occupancy
            .unassign(self.model.constraints_of(frame.var));
        let id = self.var_id(frame.var);
        self.observer.unchoose(id, value, top + 1);
    }

    /// Takes back the bisection of level `top` (its half's removals and
    /// what propagated from them; it assigned nothing, and reported no
    /// event). Out of line: the loop's `unassign` stays as small as it was.
    #[inline(never)]
    pub(crate) fn undo_bisection(&mut self, top: usize) {
        self.store.undo(self.frames[top].mark);
        if let Some(objective) = &mut self.objective {
            objective.undone(top + 1);
        }
    }

    /// Picks the next variable and moves it to `order[depth]`.
    pub(crate) fn select_var(&mut self, depth: usize) -> u32 {
        let best = branching::select_var(self, depth);
        self.order.swap(depth, best);
        self.order_at[self.order[depth] as usize] = depth as u32;
        self.order_at[self.order[best] as usize] = best as u32;
        self.order[depth]
    }

    /// Pushes `var`'s current values onto `cand` in the chosen value order.
    fn fill_candidates(&mut self, var: u32) {
        let start = self.cand.len();
        self.store.values_into(var, &mut self.cand);
        if self.branching.ascending() {
            return;
        }
        // Lent out: the value order may run trial propagation on the search.
        let mut cand = std::mem::take(&mut self.cand);
        branching::order_values(self, var, &mut cand[start..]);
        self.cand = cand;
    }

    /// How many values forward checking `var = value` would remove
    /// (`u64::MAX` if it wipes out a domain). Leaves no trace.
    pub(crate) fn trial_prunes(&mut self, var: u32, value: i32) -> u64 {
        let mark = self.store.mark();
        let was = (self.values[var as usize], self.assigned[var as usize]);
        self.values[var as usize] = value;
        self.assigned[var as usize] = true;
        self.occupancy.assign(self.model.constraints_of(var));
        self.store.assign(var, value as i64);
        self.quiet = true;
        self.trial_pruned = 0;
        let ok = self.forward_check(var);
        self.quiet = false;
        self.culprit = None;
        self.store.undo(mark);
        self.occupancy.unassign(self.model.constraints_of(var));
        self.values[var as usize] = was.0;
        self.assigned[var as usize] = was.1;
        if ok {
            self.trial_pruned
        } else {
            u64::MAX
        }
    }
}

impl<O: Observer> Iterator for Search<'_, O> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.advance() {
            Some(Solution::new(self.model.id(), self.values.clone()))
        } else {
            None
        }
    }
}
