//! What a user's propagator reads and changes: the search's domains, through
//! the engine's own context (every change counted, recorded and undone on
//! backtracking like a built-in constraint's).

use super::Conflict;
use crate::propagators::Ctx;
use crate::VarId;

/// The domains a [`Propagator`](super::Propagator) reads and narrows while
/// it runs (the search's current node).
///
/// Reads: [`min`](Self::min), [`max`](Self::max), [`size`](Self::size),
/// [`contains`](Self::contains), [`is_fixed`](Self::is_fixed),
/// [`value`](Self::value), [`values`](Self::values). Changes:
/// [`set_min`](Self::set_min), [`set_max`](Self::set_max),
/// [`remove`](Self::remove), [`assign`](Self::assign), each `Ok(true)` if
/// the domain changed, `Ok(false)` if it already was so, and
/// `Err(`[`Conflict`]`)` if it became empty. After a conflict every
/// further change returns `Err` too (and the engine fails the node
/// whatever `propagate` returns); an empty domain reads as `min`
/// `i64::MAX`, `max` `i64::MIN`, size 0.
///
/// Every variable must be of the model the propagator was posted on
/// (the methods panic on a variable of another model, as indexing out of
/// bounds does).
///
/// ```
/// use csp::{Conflict, Event, Model, PropagationContext, Propagator, Solver, Strategy, VarId};
///
/// /// `y = x + 1`, by bounds.
/// #[derive(Clone)]
/// struct Succ(VarId, VarId);
///
/// impl Propagator for Succ {
///     fn name(&self) -> &'static str { "succ" }
///     fn variables(&self) -> Vec<(VarId, Event)> {
///         vec![(self.0, Event::Bounds), (self.1, Event::Bounds)]
///     }
///     fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
///         let (x, y) = (self.0, self.1);
///         ctx.set_min(y, ctx.min(x) + 1)?;
///         ctx.set_max(y, ctx.max(x) + 1)?;
///         ctx.set_min(x, ctx.min(y) - 1)?;
///         ctx.set_max(x, ctx.max(y) - 1)?;
///         Ok(())
///     }
///     fn check(&self, v: &[i64]) -> bool { v[1] == v[0] + 1 }
/// }
///
/// let mut model = Model::new();
/// let x = model.int_var(0..=5).unwrap();
/// let y = model.int_var(3..=9).unwrap();
/// model.post(Succ(x, y)).unwrap();
/// let outcome = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
/// assert_eq!(outcome.solutions(), 4); // x in 2..=5, y = x + 1
/// assert!(outcome.stats.pruned > 0); // its bounds went through the engine
/// ```
pub struct PropagationContext<'a> {
    ctx: Ctx<'a>,
    model: u32,
    failed: bool,
}

/// A reversible word of a propagator's own state: set during the search,
/// restored on backtracking (on the same trail as the domains). Made by
/// [`PropagationContext::new_cell`].
///
/// ```
/// use csp::ReversibleCell;
/// fn keeps(_: Option<ReversibleCell>) {}
/// keeps(None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReversibleCell(u32);

impl<'a> PropagationContext<'a> {
    pub(crate) fn new(ctx: Ctx<'a>, model: u32) -> Self {
        PropagationContext {
            ctx,
            model,
            failed: false,
        }
    }

    /// What the run left to account for: (values pruned, checks), and
    /// whether it met a conflict.
    pub(crate) fn finish(self) -> ((u64, u64), bool) {
        ((self.ctx.pruned, self.ctx.checks), self.failed)
    }

    /// The engine's index of `x`, which must be of this model.
    fn index(&self, x: VarId) -> u32 {
        assert!(
            x.model == self.model && x.index() < self.ctx.values.len(),
            "a propagator used a variable of another model"
        );
        x.index
    }

    /// The smallest value of `x`.
    ///
    /// (Each method is shown working in [`PropagationContext`]'s example.)
    pub fn min(&self, x: VarId) -> i64 {
        self.ctx.store.min(self.index(x)).unwrap_or(i64::MAX)
    }

    /// The largest value of `x`.
    pub fn max(&self, x: VarId) -> i64 {
        self.ctx.store.max(self.index(x)).unwrap_or(i64::MIN)
    }

    /// How many values `x` has left.
    pub fn size(&self, x: VarId) -> u64 {
        u64::from(self.ctx.store.size(self.index(x)))
    }

    /// Is `value` still in `x`'s domain?
    pub fn contains(&self, x: VarId, value: i64) -> bool {
        self.ctx.store.contains(self.index(x), value)
    }

    /// Has `x` one value left?
    pub fn is_fixed(&self, x: VarId) -> bool {
        self.ctx.store.single(self.index(x)).is_some()
    }

    /// `x`'s value, if it has one left.
    pub fn value(&self, x: VarId) -> Option<i64> {
        self.ctx.store.single(self.index(x))
    }

    /// `x`'s values in increasing order (no allocation).
    pub fn values(&self, x: VarId) -> impl Iterator<Item = i64> + '_ {
        let var = self.index(x);
        let store = &*self.ctx.store;
        let mut next = store.min(var);
        std::iter::from_fn(move || {
            let v = next?;
            next = v.checked_add(1).and_then(|n| store.next_member(var, n));
            Some(v)
        })
    }

    /// Turns the engine's wipe-out into a conflict, remembered.
    fn outcome(&mut self, r: Result<bool, crate::store::Wipeout>) -> Result<bool, Conflict> {
        r.map_err(|_| {
            self.failed = true;
            Conflict::new()
        })
    }

    /// After a conflict, nothing changes any more.
    fn live(&self) -> Result<(), Conflict> {
        if self.failed {
            Err(Conflict::new())
        } else {
            Ok(())
        }
    }

    /// Removes every value of `x` below `min`.
    pub fn set_min(&mut self, x: VarId, min: i64) -> Result<bool, Conflict> {
        self.live()?;
        let var = self.index(x);
        let r = self.ctx.restrict_bounds(var, min.into(), i128::MAX);
        self.outcome(r)
    }

    /// Removes every value of `x` above `max`.
    pub fn set_max(&mut self, x: VarId, max: i64) -> Result<bool, Conflict> {
        self.live()?;
        let var = self.index(x);
        let r = self.ctx.restrict_bounds(var, i128::MIN, max.into());
        self.outcome(r)
    }

    /// Removes `value` from `x`.
    pub fn remove(&mut self, x: VarId, value: i64) -> Result<bool, Conflict> {
        self.live()?;
        let var = self.index(x);
        if !self.ctx.store.contains(var, value) {
            return Ok(false);
        }
        let r = self.ctx.remove(var, value).map(|()| true);
        self.outcome(r)
    }

    /// Fixes `x` to `value` (a conflict if `value` is not in its domain).
    pub fn assign(&mut self, x: VarId, value: i64) -> Result<bool, Conflict> {
        self.live()?;
        let var = self.index(x);
        if !self.ctx.store.contains(var, value) {
            self.failed = true;
            return Err(Conflict::new());
        }
        let r = self.ctx.restrict_bounds(var, value.into(), value.into());
        self.outcome(r)
    }

    /// A new reversible cell holding `init`. Cells are never freed: make
    /// them once per search (on the first call of `propagate`, keeping the
    /// handle in `self`, which is per search) and not per node.
    /// Backtracking above the node that made a cell brings it back to
    /// `init`, so `init` must be a state valid anywhere in the tree.
    ///
    /// ```
    /// use csp::{Conflict, Event, Model, PropagationContext, Propagator, ReversibleCell, Solver, Strategy, VarId};
    ///
    /// /// At most one of the variables is 1, counting fixed ones in a cell.
    /// #[derive(Clone)]
    /// struct AtMostOne { vars: Vec<VarId>, ones: Option<ReversibleCell> }
    ///
    /// impl Propagator for AtMostOne {
    ///     fn name(&self) -> &'static str { "at-most-one" }
    ///     fn variables(&self) -> Vec<(VarId, Event)> {
    ///         self.vars.iter().map(|&x| (x, Event::Fixed)).collect()
    ///     }
    ///     fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
    ///         let cell = *self.ones.get_or_insert_with(|| ctx.new_cell(0));
    ///         let ones = self.vars.iter().filter(|&&x| ctx.value(x) == Some(1)).count();
    ///         assert!(ctx.cell(cell) <= ones); // never more than a fresh count
    ///         ctx.set_cell(cell, ones);
    ///         if ones == 1 {
    ///             for &x in &self.vars {
    ///                 if ctx.value(x) != Some(1) {
    ///                     ctx.remove(x, 1)?;
    ///                 }
    ///             }
    ///         }
    ///         Ok(())
    ///     }
    ///     fn check(&self, v: &[i64]) -> bool { v.iter().filter(|&&b| b == 1).count() <= 1 }
    /// }
    ///
    /// let mut model = Model::new();
    /// let b = model.int_vars(4, 0..=1).unwrap();
    /// model.post(AtMostOne { vars: b, ones: None }).unwrap();
    /// let outcome = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
    /// assert_eq!(outcome.solutions(), 5);
    /// ```
    pub fn new_cell(&mut self, init: usize) -> ReversibleCell {
        ReversibleCell(self.ctx.store.new_cells(1, init))
    }

    /// The value of `cell` at this node.
    pub fn cell(&self, cell: ReversibleCell) -> usize {
        self.ctx.store.cell(cell.0)
    }

    /// Sets `cell` to `value` until the search backtracks above this node.
    pub fn set_cell(&mut self, cell: ReversibleCell, value: usize) {
        self.ctx.store.set_cell(cell.0, value);
    }
}
