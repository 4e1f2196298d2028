//! Ordering the chosen variable's values: the [`ValueOrdering`] trait, the
//! [`Candidates`] it permutes, and the built-in orders ([`ValueOrder`]) as
//! its implementation.

use super::view::{BranchState, SearchView};
use crate::config::ValueOrder;
use crate::rng::SplitMix64;
use crate::var::VarId;

/// Orders the values the search tries for the variable it branches on.
///
/// The search hands over the variable's current values, ascending, as
/// [`Candidates`], which can only be permuted: a value ordering changes
/// the order of the search, never what it finds. It runs under every
/// strategy with the same statistics and observer events as the built-in
/// orders (which implement it too: see [`ValueOrder`]). Register it with
/// [`Solver::value_ordering`], or pass a closure to
/// [`Solver::value_order_fn`]. Each search gets its own clone.
///
/// A user-defined ordering, "values nearest the domain's minimum plus a
/// target first":
///
/// ```
/// use csp::{Candidates, Model, SearchView, Solver, ValueOrdering, VarId};
///
/// #[derive(Clone)]
/// struct NearestTo(i32);
///
/// impl ValueOrdering for NearestTo {
///     fn order(&mut self, _: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>) {
///         let target = self.0 as i64;
///         values.sort_by_score(|v| (v as i64 - target).abs());
///     }
/// }
///
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..5).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let solver = Solver::new(&model).value_ordering(NearestTo(3));
/// assert_eq!(solver.first().0.unwrap().values(), &[3, 2]);
/// assert_eq!(solver.count().solutions(), 20);
/// ```
///
/// [`Solver::value_ordering`]: crate::Solver::value_ordering
/// [`Solver::value_order_fn`]: crate::Solver::value_order_fn
pub trait ValueOrdering {
    /// Puts `values` (those of `var`, ascending on entry) in the order the
    /// search should try them.
    fn order(&mut self, view: &mut SearchView<'_>, var: VarId, values: &mut Candidates<'_>);

    /// The built-in order this ordering puts `var`'s values in, if it is
    /// one (by default `None`: unknown). A domain too wide to list (more
    /// than a million values, say `0..=300_000_000`) is walked without
    /// listing it when its order is [`ValueOrder::Ascending`] or
    /// [`ValueOrder::Descending`]; under any other order the search stops
    /// there with [`StopReason::TooLarge`](crate::StopReason::TooLarge).
    ///
    /// ```
    /// use csp::{Candidates, Model, SearchView, Solver, ValueOrder, ValueOrdering, VarId};
    ///
    /// #[derive(Clone)]
    /// struct Largest;
    ///
    /// impl ValueOrdering for Largest {
    ///     fn order(&mut self, _: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>) {
    ///         values.sort_by_score(|v| -(v as i64));
    ///     }
    ///     fn built_in(&self, _: VarId) -> Option<ValueOrder> {
    ///         Some(ValueOrder::Descending)
    ///     }
    /// }
    ///
    /// let mut model = Model::new();
    /// let x = model.int_var(0..=300_000_000).unwrap();
    /// let (first, _) = Solver::new(&model).value_ordering(Largest).first();
    /// assert_eq!(first.unwrap()[x], 300_000_000);
    /// ```
    fn built_in(&self, var: VarId) -> Option<ValueOrder> {
        let _ = var;
        None
    }
}

/// The built-in orders are value orderings too: run through the trait they
/// make exactly the search they make when set with [`Solver::value_order`]
/// (the same code, statically dispatched there).
///
/// ```
/// use csp::{Model, Solver, ValueOrder};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let built_in = Solver::new(&model).seed(3).value_order(ValueOrder::Random).first().0;
/// let as_trait = Solver::new(&model).seed(3).value_ordering(ValueOrder::Random).first().0;
/// assert_eq!(built_in, as_trait);
/// ```
///
/// [`Solver::value_order`]: crate::Solver::value_order
impl ValueOrdering for ValueOrder {
    fn order(&mut self, view: &mut SearchView<'_>, var: VarId, values: &mut Candidates<'_>) {
        order_builtin(*self, view.state(), var.index, values.values);
    }

    fn built_in(&self, _var: VarId) -> Option<ValueOrder> {
        Some(*self)
    }
}

/// A closure as a [`ValueOrdering`] (see [`crate::Solver::value_order_fn`]).
#[derive(Clone)]
pub(crate) struct FnValueOrdering<F>(pub F);

impl<F> ValueOrdering for FnValueOrdering<F>
where
    F: FnMut(&mut SearchView<'_>, VarId, &mut Candidates<'_>),
{
    fn order(&mut self, view: &mut SearchView<'_>, var: VarId, values: &mut Candidates<'_>) {
        (self.0)(view, var, values)
    }
}

/// Puts `values` of `var` in the built-in `order`.
#[inline]
pub(crate) fn order_builtin<S: BranchState + ?Sized>(
    order: ValueOrder,
    state: &mut S,
    var: u32,
    values: &mut [i32],
) {
    match order {
        // Bisection visits the values in ascending or descending order
        // where it does not run (see `ValueOrder::Split`).
        ValueOrder::Ascending | ValueOrder::Split => {}
        ValueOrder::Descending | ValueOrder::ReverseSplit => values.reverse(),
        ValueOrder::Median => super::median_out(state, values),
        ValueOrder::MiddleOut => {
            if let (Some(&lo), Some(&hi)) = (values.first(), values.last()) {
                let twice_mid = lo as i64 + hi as i64;
                values.sort_by_key(|&v| ((2 * v as i64 - twice_mid).abs(), v));
            }
        }
        ValueOrder::Random => state.rng().shuffle(values),
        ValueOrder::LeastConstraining => super::least_constraining(state, var, values),
    }
}

/// The values a [`ValueOrdering`] puts in order: the chosen variable's
/// current values, which it may permute but not change.
///
/// ```
/// use csp::{Candidates, Model, SearchView, Solver, VarId};
/// let mut model = Model::new();
/// model.int_var(0..4).unwrap();
/// // Odd values first, then even ones, each ascending.
/// let solver = Solver::new(&model).value_order_fn(
///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
///         values.sort_by_score(|v| i64::from(v % 2 == 0))
///     },
/// );
/// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
/// assert_eq!(order, [1, 3, 0, 2]);
/// ```
pub struct Candidates<'a> {
    values: &'a mut [i32],
    /// Reused scores for `sort_by_score`: no allocation per node.
    scored: &'a mut Vec<(i64, i32)>,
}

impl<'a> Candidates<'a> {
    pub(crate) fn new(values: &'a mut [i32], scored: &'a mut Vec<(i64, i32)>) -> Candidates<'a> {
        Candidates { values, scored }
    }

    /// The values, in their current order.
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var([2, 4, 8]).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
    ///         assert_eq!(values.as_slice(), [2, 4, 8]); // ascending on entry
    ///     },
    /// );
    /// assert_eq!(solver.count().solutions(), 3);
    /// ```
    pub fn as_slice(&self) -> &[i32] {
        self.values
    }

    /// How many values there are.
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var([2, 4, 8]).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
    ///         assert_eq!(values.len(), 3);
    ///         assert!(!values.is_empty());
    ///     },
    /// );
    /// # assert_eq!(solver.count().solutions(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are no values (a wiped-out domain reached under a
    /// strategy that does not prune).
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var(0..1).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| assert!(!values.is_empty()),
    /// );
    /// # assert_eq!(solver.count().solutions(), 1);
    /// ```
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Swaps the values at positions `a` and `b`.
    ///
    /// # Panics
    /// If either position is out of range, as for a slice.
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var(0..3).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| values.swap(0, 2),
    /// );
    /// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
    /// assert_eq!(order, [2, 1, 0]);
    /// ```
    pub fn swap(&mut self, a: usize, b: usize) {
        self.values.swap(a, b)
    }

    /// Reverses the order.
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var(0..3).unwrap();
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| values.reverse(),
    /// );
    /// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
    /// assert_eq!(order, [2, 1, 0]);
    /// ```
    pub fn reverse(&mut self) {
        self.values.reverse()
    }

    /// Shuffles the values with `rng` (usually [`SearchView::rng`], so
    /// that the seed reproduces the search).
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var(0..5).unwrap();
    /// let solver = Solver::new(&model).seed(9).value_order_fn(
    ///     |view: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
    ///         values.shuffle(view.rng())
    ///     },
    /// );
    /// let mut order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
    /// order.sort();
    /// assert_eq!(order, [0, 1, 2, 3, 4]);
    /// ```
    pub fn shuffle(&mut self, rng: &mut SplitMix64) {
        rng.shuffle(self.values)
    }

    /// Sorts the values by a score, lowest first, ties to the smaller
    /// value. `score` is called once per value (so it may be costly, such
    /// as [`SearchView::trial_prunes`]); the scores live in a buffer the
    /// search reuses, so this does not allocate per node.
    ///
    /// ```
    /// # use csp::{Candidates, Model, SearchView, Solver, VarId};
    /// # let mut model = Model::new();
    /// # model.int_var(0..5).unwrap();
    /// // Largest first.
    /// let solver = Solver::new(&model).value_order_fn(
    ///     |_: &mut SearchView<'_>, _: VarId, values: &mut Candidates<'_>| {
    ///         values.sort_by_score(|v| -i64::from(v))
    ///     },
    /// );
    /// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
    /// assert_eq!(order, [4, 3, 2, 1, 0]);
    /// ```
    pub fn sort_by_score(&mut self, mut score: impl FnMut(i32) -> i64) {
        self.scored.clear();
        self.scored
            .extend(self.values.iter().map(|&v| (score(v), v)));
        self.scored.sort_unstable();
        for (slot, &(_, v)) in self.values.iter_mut().zip(self.scored.iter()) {
            *slot = v;
        }
    }
}
