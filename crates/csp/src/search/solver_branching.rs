//! The solver's settings for a user's branching heuristics (a part of the
//! search module, so that branching does not import the solver).

use super::Solver;
use crate::branching::{
    Candidates, FnValueOrdering, FnVarSelector, SearchView, ValueOrdering, VarSelector,
};
use crate::config::{ValueOrder, VarOrder};
use crate::var::VarId;

/// The user's heuristics: setting one replaces the built-in order of its
/// kind, and a later [`Solver::var_order`] / [`Solver::value_order`]
/// replaces it in turn.
impl<'m> Solver<'m> {
    /// Branches on the variable `selector` picks (see [`VarSelector`]).
    /// Each search runs its own clone of it. A user's selector always runs
    /// on the generic search loop.
    ///
    /// ```
    /// use csp::{Model, SearchView, Solver, VarId, VarSelector};
    ///
    /// /// The unassigned variable with the most values, ties to the first.
    /// #[derive(Clone)]
    /// struct LargestDomain;
    ///
    /// impl VarSelector for LargestDomain {
    ///     fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
    ///         view.unassigned().min_by_key(|&x| (std::cmp::Reverse(view.size(x)), x.index())).unwrap()
    ///     }
    /// }
    ///
    /// let mut model = Model::new();
    /// let x = model.int_var(0..2).unwrap();
    /// let y = model.int_var(0..3).unwrap();
    /// model.not_equal(x, y).unwrap();
    /// let mut search = Solver::new(&model).var_selector(LargestDomain).search();
    /// assert_eq!(search.next().unwrap().values(), &[1, 0]); // y first
    /// ```
    pub fn var_selector<S>(mut self, selector: S) -> Self
    where
        S: VarSelector + Clone + Send + Sync + 'static,
    {
        self.settle();
        self.var_order = VarOrder::Input;
        self.user_branching.set_var(selector);
        self
    }

    /// Branches on the variable the closure `select` returns: one of
    /// [`SearchView::unassigned`] (see [`VarSelector`]).
    ///
    /// ```
    /// use csp::{Model, SearchView, Solver, Strategy};
    /// let mut model = Model::new();
    /// let q = model.int_vars(6, 0..6).unwrap();
    /// model.all_different(&q).unwrap();
    /// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// // Smallest domain first, ties to the first created: first-fail by hand.
    /// let outcome = Solver::new(&model)
    ///     .strategy(Strategy::ArcConsistency)
    ///     .var_order_fn(|view: &mut SearchView<'_>| {
    ///         view.unassigned().min_by_key(|&x| (view.size(x), x.index())).unwrap()
    ///     })
    ///     .count();
    /// assert_eq!(outcome.solutions(), 4);
    /// ```
    pub fn var_order_fn<F>(self, select: F) -> Self
    where
        F: FnMut(&mut SearchView<'_>) -> VarId + Clone + Send + Sync + 'static,
    {
        self.var_selector(FnVarSelector(select))
    }

    /// Tries values in the order `ordering` puts them (see
    /// [`ValueOrdering`]). Each search runs its own clone of it. A user's
    /// ordering always runs on the generic search loop.
    ///
    /// ```
    /// use csp::{Candidates, Model, SearchView, Solver, ValueOrdering, VarId};
    ///
    /// /// Even values first.
    /// #[derive(Clone)]
    /// struct EvensFirst;
    ///
    /// impl ValueOrdering for EvensFirst {
    ///     fn order(&mut self, _: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>) {
    ///         values.sort_by_score(|v| i64::from(v % 2 != 0));
    ///     }
    /// }
    ///
    /// let mut model = Model::new();
    /// model.int_var(0..4).unwrap();
    /// let solver = Solver::new(&model).value_ordering(EvensFirst);
    /// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
    /// assert_eq!(order, [0, 2, 1, 3]);
    /// ```
    pub fn value_ordering<V>(mut self, ordering: V) -> Self
    where
        V: ValueOrdering + Clone + Send + Sync + 'static,
    {
        self.settle();
        self.value_order = ValueOrder::Ascending;
        self.user_branching.set_value(ordering);
        self
    }

    /// Tries values in the order the closure `order` puts them (see
    /// [`ValueOrdering`]).
    ///
    /// ```
    /// use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// let mut model = Model::new();
    /// model.int_var(0..3).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| values.reverse(),
    /// );
    /// assert_eq!(solver.first().0.unwrap().values(), &[2]);
    /// ```
    pub fn value_order_fn<F>(self, order: F) -> Self
    where
        F: FnMut(&mut SearchView<'_>, VarId, &mut Candidates<'_>) + Clone + Send + Sync + 'static,
    {
        self.value_ordering(FnValueOrdering(order))
    }

    /// Under [`Strategy::ClauseLearning`](crate::Strategy::ClauseLearning):
    /// while one of `vars` is open, the learning search decides as this
    /// solver's branching does (its variable order or selector, and its
    /// value order or ordering: `x = v` for the value put first, `x <= mid`
    /// then `x > mid` for [`ValueOrder::Split`], mirrored for
    /// [`ValueOrder::ReverseSplit`]), then by variable activity for the
    /// rest, as FlatZinc's fixed search asks (Chuffed's way): it still
    /// learns clauses and jumps back over levels, and a decision's other
    /// branch is the learned clause's asserted literal. A variable fixed by
    /// propagation counts as assigned. No trial propagation runs, so the
    /// least-constraining order tries values ascending; dom/wdeg reads
    /// weights the learning search does not raise. The other strategies
    /// ignore it. An error if a variable belongs to another model.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy, ValueOrder};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// let solver = Solver::new(&model)
    ///     .strategy(Strategy::ClauseLearning)
    ///     .value_order(ValueOrder::Descending)
    ///     .follow_branching(x.iter().copied())
    ///     .unwrap();
    /// assert_eq!(solver.first().0.unwrap().values(), &[2, 1, 0]);
    /// assert_eq!(solver.count().solutions(), 6);
    /// assert!(Solver::new(&Model::new()).follow_branching([x[0]]).is_err());
    /// ```
    pub fn follow_branching(
        mut self,
        vars: impl IntoIterator<Item = VarId>,
    ) -> Result<Self, crate::ModelError> {
        let mut follow = Vec::new();
        for var in vars {
            if var.model != self.model.id() || var.index() >= self.model.num_vars() {
                return Err(crate::ModelError::ForeignVariable {
                    constraint: "followed branching",
                });
            }
            follow.push(var);
        }
        self.follow = Some(follow);
        Ok(self)
    }

    /// The variables clause learning decides by the branching (see
    /// [`Solver::follow_branching`]), if set.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_var(0..2).unwrap();
    /// let solver = csp::Solver::new(&model);
    /// assert!(solver.get_follow_branching().is_none());
    /// let followed = solver.follow_branching([x]).unwrap();
    /// assert_eq!(followed.get_follow_branching(), Some(&[x][..]));
    /// ```
    pub fn get_follow_branching(&self) -> Option<&[VarId]> {
        self.follow.as_deref()
    }

    /// Whether the variable or the value order is a user's heuristic
    /// (set by [`Solver::var_selector`], [`Solver::value_ordering`] or
    /// their closure forms). [`Solver::get_var_order`] and
    /// [`Solver::get_value_order`] then report the built-in order they
    /// replaced as `Input` / `Ascending`.
    ///
    /// ```
    /// use csp::{Model, SearchView, Solver, VarOrder};
    /// let model = Model::new();
    /// let solver = Solver::new(&model);
    /// assert!(!solver.has_user_branching());
    /// let mine = solver.var_order_fn(|view: &mut SearchView<'_>| view.unassigned().next().unwrap());
    /// assert!(mine.has_user_branching());
    /// assert!(!mine.var_order(VarOrder::DomDeg).has_user_branching());
    /// ```
    pub fn has_user_branching(&self) -> bool {
        !self.user_branching.is_empty()
    }

    /// Forgets the user's variable selector (a built-in order replaces it).
    pub(crate) fn clear_user_var_selector(&mut self) {
        self.user_branching.clear_var();
    }

    /// Forgets the user's value ordering (a built-in order replaces it).
    pub(crate) fn clear_user_value_ordering(&mut self) {
        self.user_branching.clear_value();
    }
}
