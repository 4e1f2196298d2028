//! Branching: which variable the search assigns next, and in which order
//! it tries that variable's values.
//!
//! Both are traits: [`VarSelector`] and [`ValueOrdering`]. The built-in
//! orders ([`VarOrder`], [`ValueOrder`]) implement them, and so can a
//! user's own heuristic, written in their own crate and set with
//! [`Solver::var_selector`] / [`Solver::value_ordering`] (or as closures,
//! [`Solver::var_order_fn`] / [`Solver::value_order_fn`]). A heuristic
//! reads the search through a [`SearchView`].
//!
//! The built-in orders set with [`Solver::var_order`] and
//! [`Solver::value_order`] take a statically dispatched path to the same
//! code (no trait object, no allocation per node); a user's heuristic is
//! called through a trait object and keeps the search on the trail backend
//! (never the slot backend).

mod state;
mod value_order;
mod var_order;
mod view;

pub use value_order::{Candidates, ValueOrdering};
pub use var_order::VarSelector;
pub use view::SearchView;

pub(crate) use view::BranchState;

use crate::config::{ValueOrder, VarOrder};
use crate::search::Solver;
use crate::var::VarId;
use std::fmt;
use std::sync::Arc;
use value_order::{order_builtin, FnValueOrdering};
use var_order::{select_builtin, FnVarSelector};

type VarFactory = Arc<dyn Fn() -> Box<dyn VarSelector + Send> + Send + Sync>;
type ValueFactory = Arc<dyn Fn() -> Box<dyn ValueOrdering + Send> + Send + Sync>;

/// A solver's user-supplied heuristics, if any: each search makes its own
/// instance from these.
#[derive(Clone, Default)]
pub(crate) struct UserBranching {
    var: Option<VarFactory>,
    value: Option<ValueFactory>,
}

impl UserBranching {
    /// True when neither order is the user's.
    pub(crate) fn is_empty(&self) -> bool {
        self.var.is_none() && self.value.is_none()
    }
}

impl fmt::Debug for UserBranching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UserBranching")
            .field("var_selector", &self.var.is_some())
            .field("value_ordering", &self.value.is_some())
            .finish()
    }
}

enum VarBranch {
    BuiltIn(VarOrder),
    User(Box<dyn VarSelector + Send>),
}

enum ValueBranch {
    BuiltIn(ValueOrder),
    User(Box<dyn ValueOrdering + Send>),
}

/// A search's branching: its orders (built-in, or its own instances of the
/// user's) and the buffer the value orders score in.
pub(crate) struct Brancher {
    var: VarBranch,
    value: ValueBranch,
    /// (score, value) per candidate: the built-in least-constraining
    /// order's scores, and those of a user's ordering (lent to its
    /// `Candidates`, so it may run the built-in order inside).
    scored: Vec<(i64, i32)>,
    lent: Vec<(i64, i32)>,
}

impl Brancher {
    /// The branching `solver` asks for.
    pub(crate) fn new(solver: &Solver<'_>) -> Brancher {
        let user = &solver.user_branching;
        Brancher {
            var: match &user.var {
                Some(make) => VarBranch::User(make()),
                None => VarBranch::BuiltIn(solver.var_order),
            },
            value: match &user.value {
                Some(make) => ValueBranch::User(make()),
                None => ValueBranch::BuiltIn(solver.value_order),
            },
            scored: Vec::new(),
            lent: Vec::new(),
        }
    }

    /// Back to the branching of a new search of `solver` (fresh instances
    /// of the user's heuristics), keeping the buffer.
    pub(crate) fn reset(&mut self, solver: &Solver<'_>) {
        let scored = std::mem::take(&mut self.scored);
        let lent = std::mem::take(&mut self.lent);
        *self = Brancher {
            scored,
            lent,
            ..Brancher::new(solver)
        };
    }

    /// Whether this is the branching `solver` asks for (up to the state of
    /// the user's heuristics).
    pub(crate) fn same_settings(&self, solver: &Solver<'_>) -> bool {
        let user = &solver.user_branching;
        let var = match &self.var {
            VarBranch::BuiltIn(order) => user.var.is_none() && *order == solver.var_order,
            VarBranch::User(_) => user.var.is_some(),
        };
        let value = match &self.value {
            ValueBranch::BuiltIn(order) => user.value.is_none() && *order == solver.value_order,
            ValueBranch::User(_) => user.value.is_some(),
        };
        var && value
    }

    /// Whether the values are tried as they come, ascending.
    #[inline(always)]
    pub(crate) fn ascending(&self) -> bool {
        matches!(self.value, ValueBranch::BuiltIn(ValueOrder::Ascending))
    }

    /// Whether the variables are always taken in input order (the search's
    /// order of variables then never changes).
    pub(crate) fn input_order(&self) -> bool {
        matches!(self.var, VarBranch::BuiltIn(VarOrder::Input))
    }

    /// Whether an order may read the dom/wdeg failure weights.
    pub(crate) fn reads_weights(&self) -> bool {
        matches!(
            (&self.var, &self.value),
            (
                VarBranch::BuiltIn(VarOrder::DomWDeg) | VarBranch::User(_),
                _
            ) | (_, ValueBranch::User(_))
        )
    }
}

/// The position in `state.order()[depth..]` of the variable to branch on
/// next.
#[inline]
pub(crate) fn select_var<S: BranchState>(state: &mut S, depth: usize) -> usize {
    if let VarBranch::BuiltIn(order) = state.brancher().var {
        return select_builtin(order, state, depth);
    }
    // The user's selector is lent out while it reads the state.
    let placeholder = VarBranch::BuiltIn(VarOrder::Input);
    let VarBranch::User(mut user) = std::mem::replace(&mut state.brancher().var, placeholder)
    else {
        unreachable!("built-in orders returned above")
    };
    let chosen = user.select(&mut SearchView::new(state));
    state.brancher().var = VarBranch::User(user);
    position_of(state, depth, chosen)
}

/// Where the user's chosen variable is among the unassigned ones.
fn position_of<S: BranchState>(state: &S, depth: usize, chosen: VarId) -> usize {
    let model = state.model();
    let found = (chosen.model == model.id())
        .then(|| {
            state.order()[depth..]
                .iter()
                .position(|&x| x == chosen.index)
        })
        .flatten();
    match found {
        Some(offset) => depth + offset,
        None => panic!(
            "the variable selector returned {chosen:?}, which is not an unassigned variable of the searched model"
        ),
    }
}

/// Puts `values`, the current values of `var` (ascending), in the order
/// the search tries them.
#[inline]
pub(crate) fn order_values<S: BranchState>(state: &mut S, var: u32, values: &mut [i32]) {
    if let ValueBranch::BuiltIn(order) = state.brancher().value {
        return order_builtin(order, state, var, values);
    }
    // The user's ordering and its buffer are lent out while it reads the
    // state (and perhaps runs trial propagation on it).
    let placeholder = ValueBranch::BuiltIn(ValueOrder::Ascending);
    let ValueBranch::User(mut user) = std::mem::replace(&mut state.brancher().value, placeholder)
    else {
        unreachable!("built-in orders returned above")
    };
    let mut lent = std::mem::take(&mut state.brancher().lent);
    let mut view = SearchView::new(state);
    let id = view.handle(var);
    user.order(&mut view, id, &mut Candidates::new(values, &mut lent));
    let brancher = state.brancher();
    brancher.value = ValueBranch::User(user);
    brancher.lent = lent;
}

/// The least-constraining order: values by how many values forward
/// checking each would remove, fewest first (a wipe-out last).
fn least_constraining<S: BranchState + ?Sized>(state: &mut S, var: u32, values: &mut [i32]) {
    let mut scored = std::mem::take(&mut state.brancher().scored);
    Candidates::new(values, &mut scored).sort_by_score(|v| {
        // Counts stay far below i64::MAX; u64::MAX (a wipe-out) becomes it.
        i64::try_from(state.trial_prunes(var, v)).unwrap_or(i64::MAX)
    });
    state.brancher().scored = scored;
}

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
        self.var_order = VarOrder::Input;
        self.user_branching.var = Some(Arc::new(move || Box::new(selector.clone())));
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
        self.value_order = ValueOrder::Ascending;
        self.user_branching.value = Some(Arc::new(move || Box::new(ordering.clone())));
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
        self.user_branching.var = None;
    }

    /// Forgets the user's value ordering (a built-in order replaces it).
    pub(crate) fn clear_user_value_ordering(&mut self) {
        self.user_branching.value = None;
    }
}

#[cfg(test)]
mod tests;
