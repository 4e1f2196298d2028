//! Propagators written by users, in their own crates.
//!
//! Implement [`Propagator`] for a type of yours (it must also be `Clone`),
//! post a value of it with [`Model::post`](crate::Model::post), and every
//! strategy runs it like the engine's own constraints:
//!
//! * generate-and-test and backtracking call [`Propagator::check`] on
//!   complete assignments of its variables;
//! * forward checking calls [`Propagator::propagate`] once after each
//!   assignment of one of its variables (the textbook: "run once each
//!   propagator that watches the variable just fixed");
//! * arc consistency calls it whenever one of the [`Event`]s it subscribed
//!   to happens, again until it changes nothing, inside the propagation
//!   queue's fixpoint.
//!
//! Under forward checking and arc consistency the engine also filters the
//! last open variable exactly with [`Propagator::check`] (as it does for
//! every n-ary constraint), so a weak `propagate` costs nodes, never
//! correctness.
//!
//! Every change goes through the [`PropagationContext`], the same path the
//! built-in constraints use: it is counted in the statistics, reported to
//! the [`Observer`](crate::Observer) as prune events carrying the
//! constraint's [`ConstraintId`](crate::ConstraintId), recorded by the
//! replay, undone on backtracking, and wakes the other propagators.
//!
//! State: the model keeps the value you posted and each search (a
//! [`Solver`](crate::Solver)'s, each part of a
//! [`Parallel`](crate::Parallel) count) works on its own clone, so
//! `&mut self` in `propagate` never races. Fields of `self` are **not**
//! undone on backtracking; state that must follow the search tree goes in
//! reversible cells ([`PropagationContext::new_cell`]).
//!
//! The internal propagators of the engine are another, crate-private
//! trait; this one is the public interface, named plainly
//! `csp::Propagator`.
//!
//! ```
//! use csp::{Conflict, Event, Model, PropagationContext, Propagator, Solver, VarId};
//!
//! /// `x < y`, by bounds.
//! #[derive(Clone)]
//! struct Less(VarId, VarId);
//!
//! impl Propagator for Less {
//!     fn name(&self) -> &'static str {
//!         "less"
//!     }
//!     fn variables(&self) -> Vec<(VarId, Event)> {
//!         vec![(self.0, Event::LowerBound), (self.1, Event::UpperBound)]
//!     }
//!     fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
//!         let (x, y) = (self.0, self.1);
//!         ctx.set_min(y, ctx.min(x) + 1)?;
//!         ctx.set_max(x, ctx.max(y) - 1)?;
//!         Ok(())
//!     }
//!     fn check(&self, values: &[i64]) -> bool {
//!         values[0] < values[1]
//!     }
//! }
//!
//! let mut model = Model::new();
//! let x = model.int_var(0..10).unwrap();
//! let y = model.int_var(0..3).unwrap();
//! model.post(Less(x, y)).unwrap();
//! assert_eq!(Solver::new(&model).count().solutions(), 3); // 0<1, 0<2, 1<2
//! ```

mod adapter;
mod context;

pub(crate) use adapter::Custom;
pub use context::{PropagationContext, ReversibleCell};

use crate::{Literal, VarId};
use std::fmt;

/// What a propagator hears of one of its variables (it subscribes when it
/// is posted, with [`Propagator::variables`]).
///
/// Becoming fixed always moves a bound, so [`Event::Bounds`] includes
/// [`Event::Fixed`]; [`Event::Domain`] includes them all.
///
/// ```
/// use csp::Event;
/// assert_ne!(Event::LowerBound, Event::Bounds);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The variable becomes fixed (one value left).
    Fixed,
    /// Its lower bound moves up.
    LowerBound,
    /// Its upper bound moves down.
    UpperBound,
    /// Either bound moves.
    Bounds,
    /// Any value goes (holes inside the domain too).
    Domain,
}

/// Where a propagator waits in the propagation queue: cheaper ones run
/// first, so expensive ones see domains already narrowed.
///
/// ```
/// use csp::Priority;
/// assert_eq!(Priority::default(), Priority::Medium);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Priority {
    /// A few passes over the variables (as the linear sums).
    Cheap,
    /// More work (as the tables).
    #[default]
    Medium,
    /// An enumeration or a costly algorithm (as the predicates).
    Expensive,
}

/// A propagator found that no assignment of its variables within the
/// current domains satisfies its constraint: the search backtracks.
///
/// [`PropagationContext`]'s changes return it when they empty a domain;
/// a propagator returns it itself when its own reasoning fails.
///
/// ```
/// use csp::Conflict;
/// let c = Conflict::new();
/// assert!(c.explanation().is_none());
/// assert_eq!(c.to_string(), "conflict");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conflict {
    explanation: Option<Vec<Literal>>,
}

impl Conflict {
    /// A conflict with no explanation.
    ///
    /// ```
    /// assert_eq!(csp::Conflict::new(), csp::Conflict::default());
    /// ```
    pub fn new() -> Conflict {
        Conflict::default()
    }

    /// A conflict explained by `literals`: a conjunction of literals true
    /// now that the constraint cannot satisfy (for a learning search;
    /// today's strategies do not read it).
    ///
    /// ```
    /// use csp::{Conflict, Literal, Model};
    /// let mut m = Model::new();
    /// let x = m.int_var(0..9).unwrap();
    /// let c = Conflict::explained(vec![Literal::at_least(x, 5)]);
    /// assert_eq!(c.explanation().unwrap().len(), 1);
    /// ```
    pub fn explained(literals: Vec<Literal>) -> Conflict {
        Conflict {
            explanation: Some(literals),
        }
    }

    /// The explanation given, if any.
    ///
    /// ```
    /// assert!(csp::Conflict::new().explanation().is_none());
    /// ```
    pub fn explanation(&self) -> Option<&[Literal]> {
        self.explanation.as_deref()
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("conflict")
    }
}

impl std::error::Error for Conflict {}

/// A constraint's propagator, written outside the engine. Every strategy
/// runs it: generate-and-test and backtracking call
/// [`check`](Propagator::check) on complete assignments of its
/// variables, forward checking calls [`propagate`](Propagator::propagate)
/// once after each assignment of one of them, and arc consistency
/// whenever one of the events it subscribed to happens, until it changes
/// nothing. Its changes go through the [`PropagationContext`]: counted,
/// reported to the observer, undone on backtracking. Post it
/// with [`Model::post`](crate::Model::post), which also requires `Clone`:
/// each search works on its own clone.
///
/// Required: [`name`](Propagator::name),
/// [`variables`](Propagator::variables),
/// [`propagate`](Propagator::propagate) and [`check`](Propagator::check).
/// Optional: [`priority`](Propagator::priority),
/// [`entailed`](Propagator::entailed), [`explain`](Propagator::explain).
///
/// ```
/// use csp::{Conflict, Event, Model, PropagationContext, Propagator, Solver, VarId};
///
/// /// `x != 0`, by removing the value.
/// #[derive(Clone)]
/// struct NonZero(VarId);
///
/// impl Propagator for NonZero {
///     fn name(&self) -> &'static str { "non-zero" }
///     fn variables(&self) -> Vec<(VarId, Event)> { vec![(self.0, Event::Fixed)] }
///     fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
///         ctx.remove(self.0, 0).map(|_| ())
///     }
///     fn check(&self, values: &[i64]) -> bool { values[0] != 0 }
/// }
///
/// let mut model = Model::new();
/// let x = model.int_var(-2..=2).unwrap();
/// model.post(NonZero(x)).unwrap();
/// assert_eq!(Solver::new(&model).count().solutions(), 4);
/// ```
pub trait Propagator: Send + Sync + 'static {
    /// A short name for messages and traces
    /// ([`Model::constraint_name`](crate::Model::constraint_name)).
    fn name(&self) -> &'static str;

    /// Its variables, in the order [`Propagator::check`] receives their
    /// values, each with the event that wakes it. Read once, when posted.
    /// A variable listed twice hears both events and gets two values.
    fn variables(&self) -> Vec<(VarId, Event)>;

    /// Narrows the domains through `ctx`: return `Err` (the [`Conflict`]
    /// a change returned, or your own) when no solution is left. Under
    /// arc consistency the engine calls it again until a call changes
    /// nothing, so it need not be idempotent.
    fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict>;

    /// Does this complete assignment satisfy the constraint? `values` has
    /// one value per entry of [`Propagator::variables`], in that order.
    /// This is the whole constraint for generate-and-test, backtracking
    /// and the last-variable filter, so it must be exact and depend on the
    /// values only.
    fn check(&self, values: &[i64]) -> bool;

    /// Its place in the propagation queue. By default
    /// [`Priority::Medium`].
    fn priority(&self) -> Priority {
        Priority::default()
    }

    /// Does the constraint hold whatever the current domains become?
    /// (The search may then skip it.) By default `false`; the engine also
    /// treats it as entailed once all its variables are fixed and the
    /// check passes.
    fn entailed(&self, _ctx: &PropagationContext<'_>) -> bool {
        false
    }

    /// Why `inferred`, a literal this propagator made true, holds: a
    /// conjunction of literals that were true before (read from `before`,
    /// the domains as they were when it inferred it) and that, with the
    /// constraint, imply it. By default `None`, "no explanation": a
    /// learning search (future work; today's strategies never call this)
    /// then explains the inference by the decisions that led to it, which
    /// is correct but learns less.
    fn explain(
        &self,
        _inferred: Literal,
        _before: &PropagationContext<'_>,
    ) -> Option<Vec<Literal>> {
        None
    }
}
