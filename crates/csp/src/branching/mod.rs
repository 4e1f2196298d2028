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

mod value_order;
mod var_order;
mod view;

pub use value_order::{Candidates, ValueOrdering};
pub use var_order::VarSelector;
pub use view::SearchView;

pub(crate) use view::BranchState;

use crate::config::{ValueOrder, VarOrder};
use crate::var::VarId;
use std::fmt;
use std::sync::Arc;
use value_order::order_builtin;
pub(crate) use value_order::FnValueOrdering;
use var_order::select_builtin;
pub(crate) use var_order::FnVarSelector;

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

    /// The user's variable selector: each search runs its own clone.
    pub(crate) fn set_var<S>(&mut self, selector: S)
    where
        S: VarSelector + Clone + Send + Sync + 'static,
    {
        self.var = Some(Arc::new(move || Box::new(selector.clone())));
    }

    /// The user's value ordering: each search runs its own clone.
    pub(crate) fn set_value<V>(&mut self, ordering: V)
    where
        V: ValueOrdering + Clone + Send + Sync + 'static,
    {
        self.value = Some(Arc::new(move || Box::new(ordering.clone())));
    }

    /// Back to the built-in variable order.
    pub(crate) fn clear_var(&mut self) {
        self.var = None;
    }

    /// Back to the built-in value order.
    pub(crate) fn clear_value(&mut self) {
        self.value = None;
    }
}

/// What a search's branching is made from: the built-in orders, and the
/// user's heuristics that replace them.
#[derive(Clone, Copy)]
pub(crate) struct Orders<'a> {
    pub var: VarOrder,
    pub value: ValueOrder,
    pub user: &'a UserBranching,
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
    /// The branching `orders` ask for.
    pub(crate) fn new(orders: Orders<'_>) -> Brancher {
        let user = orders.user;
        Brancher {
            var: match &user.var {
                Some(make) => VarBranch::User(make()),
                None => VarBranch::BuiltIn(orders.var),
            },
            value: match &user.value {
                Some(make) => ValueBranch::User(make()),
                None => ValueBranch::BuiltIn(orders.value),
            },
            scored: Vec::new(),
            lent: Vec::new(),
        }
    }

    /// Back to the branching of a new search (fresh instances of the
    /// user's heuristics), keeping the buffer.
    pub(crate) fn reset(&mut self, orders: Orders<'_>) {
        let scored = std::mem::take(&mut self.scored);
        let lent = std::mem::take(&mut self.lent);
        *self = Brancher {
            scored,
            lent,
            ..Brancher::new(orders)
        };
    }

    /// Whether this is the branching `orders` ask for (up to the state of
    /// the user's heuristics).
    pub(crate) fn same_settings(&self, orders: Orders<'_>) -> bool {
        let user = orders.user;
        let var = match &self.var {
            VarBranch::BuiltIn(order) => user.var.is_none() && *order == orders.var,
            VarBranch::User(_) => user.var.is_some(),
        };
        let value = match &self.value {
            ValueBranch::BuiltIn(order) => user.value.is_none() && *order == orders.value,
            ValueBranch::User(_) => user.value.is_some(),
        };
        var && value
    }

    /// Whether the values are tried as they come, ascending.
    #[inline(always)]
    pub(crate) fn ascending(&self) -> bool {
        matches!(self.value, ValueBranch::BuiltIn(ValueOrder::Ascending))
    }

    /// The order `var`'s values are tried in, when it is a built-in one
    /// (what a domain too wide to list is walked in).
    pub(crate) fn built_in_order(&self, var: VarId) -> Option<ValueOrder> {
        match &self.value {
            ValueBranch::BuiltIn(order) => Some(*order),
            ValueBranch::User(user) => user.built_in(var),
        }
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

/// Where a split value order bisects `min..=max` (`min < max`): `x <=
/// mid` is the lower half. Gecode's midpoint: `(min + max) / 2` truncated
/// towards zero, `min` when the two are adjacent (else the lower half
/// would be all).
#[inline]
pub(crate) fn split_point(min: i64, max: i64) -> i64 {
    if max - min == 1 {
        min
    } else {
        (min + max) / 2
    }
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

/// The median order: `values` (ascending) by position from the lower
/// median outwards, lower first (in the reused score buffer: no
/// allocation per node).
fn median_out<S: BranchState + ?Sized>(state: &mut S, values: &mut [i32]) {
    let mut scored = std::mem::take(&mut state.brancher().scored);
    let (n, twice_mid) = (values.len() as i64, values.len() as i64 - 1);
    scored.clear();
    scored.extend(values.iter().enumerate().map(|(i, &v)| {
        let i = i as i64;
        ((2 * i - twice_mid).abs() * n + i, v)
    }));
    scored.sort_unstable();
    for (slot, &(_, v)) in values.iter_mut().zip(&scored) {
        *slot = v;
    }
    state.brancher().scored = scored;
}

#[cfg(test)]
mod tests;
