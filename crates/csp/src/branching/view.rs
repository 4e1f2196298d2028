//! What a heuristic may read of a running search: [`SearchView`].
//!
//! The view reaches the search through [`BranchState`], a crate-private
//! trait the search implements. The built-in orders are written once,
//! generic over that trait: the search's own fast path instantiates them
//! with the concrete search (inlined, no dynamic dispatch), and a
//! [`SearchView`] handed to a user's heuristic wraps the same search as a
//! trait object.

use crate::model::{ConstraintId, Model};
use crate::rng::SplitMix64;
use crate::var::VarId;

use super::Brancher;

/// The search state the branching code reads (and, for trial propagation
/// and random draws, briefly changes). Implemented by the search.
pub(crate) trait BranchState {
    fn model(&self) -> &Model;
    /// Every variable, the assigned ones first: `order()[depth()..]` are
    /// the unassigned ones.
    fn order(&self) -> &[u32];
    /// The end of the variables a built-in dynamic order chooses among at
    /// `depth`: `order()[depth..tier_end(depth)]`. Under the fitted
    /// default the model's own variables come first in `order()` and the
    /// expression helpers after them, chosen only once the own ones are
    /// assigned; otherwise `order().len()`.
    fn tier_end(&self, depth: usize) -> usize;
    /// How many variables are assigned.
    fn depth(&self) -> usize;
    /// The value of an assigned variable, `None` when it is unassigned.
    fn assigned_value(&self, var: u32) -> Option<i32>;
    fn size(&self, var: u32) -> u32;
    fn min(&self, var: u32) -> Option<i64>;
    fn max(&self, var: u32) -> Option<i64>;
    fn contains(&self, var: u32, value: i64) -> bool;
    /// Appends the current values of `var`, ascending.
    fn values_into(&self, var: u32, out: &mut Vec<i32>);
    /// How many of constraint `c`'s variables are unassigned.
    fn unassigned_in(&self, c: u32) -> u32;
    /// Constraint `c`'s failure weight (dom/wdeg).
    fn weight(&self, c: u32) -> u64;
    /// The smallest domain size among the unassigned variables when the
    /// store counts sizes; `None` when it does not.
    fn min_counted_size(&self) -> Option<u32>;
    /// The unassigned variables whose domain has `size` values, in no
    /// particular order, when the store counts sizes with their members
    /// (with restarts); empty otherwise.
    fn counted_of_size(&self, size: u32) -> &[u32];
    /// Where variable `var` is in `order()`.
    fn position(&self, var: u32) -> usize;
    /// While sizes are counted: how many unassigned variables have a
    /// constraint.
    fn constrained_left(&self) -> usize;
    /// Whether the search restarts (ties are then broken at random).
    fn restarting(&self) -> bool;
    fn rng(&mut self) -> &mut SplitMix64;
    /// How many values forward checking `var = value` would remove,
    /// `u64::MAX` for a wipe-out; leaves no trace.
    fn trial_prunes(&mut self, var: u32, value: i32) -> u64;
    /// The search's branching settings and buffers.
    fn brancher(&mut self) -> &mut Brancher;
}

/// The sum over `var`'s constraints that still have two or more unassigned
/// variables of their weight (`weighted`) or of one: the degree that
/// dom/deg and dom/wdeg divide by.
#[inline]
pub(crate) fn live_degree<S: BranchState + ?Sized>(state: &S, var: u32, weighted: bool) -> u64 {
    state
        .model()
        .constraints_of(var)
        .iter()
        .filter(|&&c| state.unassigned_in(c) >= 2)
        .map(|&c| if weighted { state.weight(c) } else { 1 })
        .sum()
}

/// A read-only view of a running search, handed to a [`VarSelector`] or a
/// [`ValueOrdering`]: which variables are unassigned, their current
/// domains, constraint degrees and dom/wdeg weights, the model, and the
/// search's seeded random generator.
///
/// Methods taking a [`VarId`] panic if it belongs to another model.
///
/// ```
/// use csp::{Model, Solver, SearchView, VarId};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// // The unassigned variable with the largest domain maximum, latest first.
/// let solver = Solver::new(&model).var_order_fn(|view: &mut SearchView<'_>| {
///     view.unassigned().max_by_key(|&x| view.max(x)).expect("one is unassigned")
/// });
/// assert_eq!(solver.count().solutions(), 6);
/// ```
///
/// [`VarSelector`]: crate::VarSelector
/// [`ValueOrdering`]: crate::ValueOrdering
pub struct SearchView<'a> {
    state: &'a mut dyn BranchState,
}

impl<'a> SearchView<'a> {
    pub(crate) fn new(state: &'a mut dyn BranchState) -> SearchView<'a> {
        SearchView { state }
    }

    /// The search state, for the built-in orders.
    pub(crate) fn state(&mut self) -> &mut dyn BranchState {
        self.state
    }

    fn index(&self, var: VarId) -> u32 {
        assert_eq!(
            var.model,
            self.state.model().id(),
            "variable from another model"
        );
        var.index
    }

    /// The model being searched.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// # model.int_vars(2, 0..2).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(|view: &mut SearchView<'_>| {
    ///     assert_eq!(view.model().num_vars(), 2);
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 4);
    /// ```
    pub fn model(&self) -> &Model {
        self.state.model()
    }

    /// How many variables are assigned (the depth of the node being
    /// expanded).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// # model.int_vars(3, 0..2).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(|view: &mut SearchView<'_>| {
    ///     assert_eq!(view.depth() + view.num_unassigned(), 3);
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 8);
    /// ```
    pub fn depth(&self) -> usize {
        self.state.depth()
    }

    /// The unassigned variables (never empty while a variable is being
    /// chosen). Their order is the search's internal one: dynamic orders
    /// move the chosen variables to the front, so do not read meaning
    /// into it; break ties by [`VarId::index`] where that matters.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// # model.int_vars(3, 0..2).unwrap();
    /// // Last created variable first.
    /// let solver = Solver::new(&model).var_order_fn(|view: &mut SearchView<'_>| {
    ///     view.unassigned().max_by_key(|x| x.index()).unwrap()
    /// });
    /// assert_eq!(solver.first().0.unwrap().values(), &[0, 0, 0]);
    /// ```
    pub fn unassigned(&self) -> impl ExactSizeIterator<Item = VarId> + '_ {
        let model = self.state.model().id();
        self.state.order()[self.state.depth()..]
            .iter()
            .map(move |&index| VarId { model, index })
    }

    /// How many variables are unassigned.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// # model.int_vars(2, 0..2).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(|view: &mut SearchView<'_>| {
    ///     assert!(view.num_unassigned() >= 1);
    ///     view.unassigned().next().unwrap()
    /// });
    /// # assert_eq!(solver.count().solutions(), 4);
    /// ```
    pub fn num_unassigned(&self) -> usize {
        self.state.order().len() - self.state.depth()
    }

    /// The value the search assigned to `var`, `None` while it is
    /// unassigned.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     if view.depth() == 0 {
    ///         assert_eq!(view.assigned_value(x[0]), None);
    ///         x[0]
    ///     } else {
    ///         assert!(view.assigned_value(x[0]).is_some());
    ///         x[1]
    ///     }
    /// });
    /// assert_eq!(solver.count().solutions(), 4);
    /// ```
    pub fn assigned_value(&self, var: VarId) -> Option<i32> {
        self.state.assigned_value(self.index(var))
    }

    /// The number of values left in `var`'s current domain. (Under
    /// generate-and-test and backtracking nothing is pruned, so this is
    /// the declared size less the root's reductions.)
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_var(0..4).unwrap();
    /// let y = model.int_var(0..2).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     if view.depth() == 0 {
    ///         assert_eq!((view.size(x), view.size(y)), (4, 2));
    ///     }
    ///     view.unassigned().min_by_key(|&v| view.size(v)).unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 8);
    /// ```
    pub fn size(&self, var: VarId) -> u32 {
        self.state.size(self.index(var))
    }

    /// The smallest value of `var`'s current domain (`None` if empty).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_var(3..7).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert_eq!((view.min(x), view.max(x)), (Some(3), Some(6)));
    ///     x
    /// });
    /// assert_eq!(solver.count().solutions(), 4);
    /// ```
    pub fn min(&self, var: VarId) -> Option<i32> {
        self.state.min(self.index(var)).map(|v| v as i32)
    }

    /// The largest value of `var`'s current domain (`None` if empty).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_var([1, 5, 9]).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert_eq!(view.max(x), Some(9));
    ///     x
    /// });
    /// assert_eq!(solver.count().solutions(), 3);
    /// ```
    pub fn max(&self, var: VarId) -> Option<i32> {
        self.state.max(self.index(var)).map(|v| v as i32)
    }

    /// Whether `value` is in `var`'s current domain.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_var([1, 5, 9]).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert!(view.contains(x, 5) && !view.contains(x, 4));
    ///     x
    /// });
    /// assert_eq!(solver.count().solutions(), 3);
    /// ```
    pub fn contains(&self, var: VarId, value: i32) -> bool {
        self.state.contains(self.index(var), value as i64)
    }

    /// Appends the values of `var`'s current domain, ascending, to `out`
    /// (a buffer the heuristic may reuse from node to node).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_var([1, 5, 9]).unwrap();
    /// let mut buffer = Vec::new();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     buffer.clear();
    ///     view.values_into(x, &mut buffer);
    ///     assert_eq!(buffer, [1, 5, 9]);
    ///     x
    /// });
    /// assert_eq!(solver.count().solutions(), 3);
    /// ```
    pub fn values_into(&self, var: VarId, out: &mut Vec<i32>) {
        self.state.values_into(self.index(var), out)
    }

    /// The constraints `var` occurs in, each once.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let c = model.not_equal(x[0], x[1]).unwrap().expect("a constraint");
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert_eq!(view.constraints(x[0]).collect::<Vec<_>>(), [c]);
    ///     assert_eq!(view.constraints(x[2]).count(), 0);
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 18);
    /// ```
    pub fn constraints(&self, var: VarId) -> impl ExactSizeIterator<Item = ConstraintId> + '_ {
        let index = self.index(var);
        self.state
            .model()
            .constraints_of(index)
            .iter()
            .map(|&c| ConstraintId(c))
    }

    /// How many of constraint `c`'s variables are unassigned.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let c = model.all_different(&x).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert_eq!(view.unassigned_in(c), view.num_unassigned());
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 6);
    /// ```
    pub fn unassigned_in(&self, c: ConstraintId) -> usize {
        self.state.unassigned_in(c.0) as usize
    }

    /// `var`'s dynamic degree: how many of its constraints still have two
    /// or more unassigned variables (the "deg" of dom/deg).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// model.not_equal(x[0], x[2]).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     if view.depth() == 0 {
    ///         assert_eq!([view.degree(x[0]), view.degree(x[1])], [2, 1]);
    ///     }
    ///     // Most constrained first.
    ///     view.unassigned().max_by_key(|&v| view.degree(v)).unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 2);
    /// ```
    pub fn degree(&self, var: VarId) -> u64 {
        live_degree(&*self.state, self.index(var), false)
    }

    /// `var`'s weighted degree: the sum of the failure weights (see
    /// [`SearchView::weight`]) of its constraints that still have two or
    /// more unassigned variables (the "wdeg" of dom/wdeg).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     if view.depth() == 0 {
    ///         assert_eq!(view.weighted_degree(x[0]), 1); // weights start at 1
    ///     }
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 2);
    /// ```
    pub fn weighted_degree(&self, var: VarId) -> u64 {
        live_degree(&*self.state, self.index(var), true)
    }

    /// Constraint `c`'s failure weight: 1 plus the number of failures it
    /// caused so far (kept across restarts).
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let c = model.not_equal(x[0], x[1]).unwrap().expect("a constraint");
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     assert!(view.weight(c) >= 1);
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 2);
    /// ```
    pub fn weight(&self, c: ConstraintId) -> u64 {
        self.state.weight(c.0)
    }

    /// The search's seeded random generator (the one the random value
    /// order draws from): the same seed gives the same search.
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// # let mut model = Model::new();
    /// # model.int_vars(4, 0..2).unwrap();
    /// let solver = Solver::new(&model).seed(7).var_order_fn(|view: &mut SearchView<'_>| {
    ///     let n = view.num_unassigned() as u64;
    ///     let pick = view.rng().below(n) as usize;
    ///     view.unassigned().nth(pick).unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 16);
    /// ```
    pub fn rng(&mut self) -> &mut SplitMix64 {
        self.state.rng()
    }

    /// How many values forward checking `var = value` would remove from
    /// the other variables' domains; `None` when it would empty one, or
    /// when `var` is assigned or `value` not in its domain. The trial
    /// leaves no trace: no statistics, no observer events. (This is how
    /// the least-constraining value order scores values.)
    ///
    /// ```
    /// # use csp::{Model, Solver, SearchView};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..2).unwrap();
    /// let y = model.int_var(1..2).unwrap();
    /// model.not_equal(x, y).unwrap();
    /// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
    ///     if view.depth() == 0 {
    ///         assert_eq!(view.trial_prunes(x, 0), Some(0));
    ///         assert_eq!(view.trial_prunes(x, 1), None); // y would be left empty
    ///     }
    ///     view.unassigned().next().unwrap()
    /// });
    /// assert_eq!(solver.count().solutions(), 1);
    /// ```
    pub fn trial_prunes(&mut self, var: VarId, value: i32) -> Option<u64> {
        let index = self.index(var);
        if self.state.assigned_value(index).is_some() || !self.state.contains(index, value as i64) {
            return None;
        }
        match self.state.trial_prunes(index, value) {
            u64::MAX => None,
            pruned => Some(pruned),
        }
    }

    /// The handle of variable number `index` of the searched model.
    pub(crate) fn handle(&self, index: u32) -> VarId {
        VarId {
            model: self.state.model().id(),
            index,
        }
    }
}
