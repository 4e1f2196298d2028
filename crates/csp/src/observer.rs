//! Hooks into the search: see every choose, unchoose, prune, fail and solution.
//!
//! The search loop is generic over its observer, so the default no-op
//! methods compile away and an unobserved search pays nothing for hooks.

use crate::model::ConstraintId;
use crate::var::VarId;
use std::io::Write;

/// Receives the search's events. Every method has a no-op default; implement
/// the ones you need.
///
/// Order of events for one tried assignment: `choose`, then either `fail`
/// (check or propagation rejected it) or the subtree's events, then
/// `unchoose`. `prune` events come between `choose` and the end of its
/// propagation. `depth` is the number of variables assigned including this one.
///
/// ```
/// use csp::{Model, Observer, Solver, VarId};
/// #[derive(Default)]
/// struct CountChooses(u64);
/// impl Observer for CountChooses {
///     fn choose(&mut self, _var: VarId, _value: i32, _depth: usize) { self.0 += 1; }
/// }
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let mut search = Solver::new(&model).search_with(CountChooses::default());
/// assert_eq!(search.by_ref().count(), 2);
/// assert!(search.observer().0 >= 4);
/// ```
pub trait Observer {
    /// Whether [`Observer::prune`] does anything. Leave it `true` if you
    /// implement `prune`; set it to `false` otherwise, and the search skips
    /// the work of naming each pruned value and its constraint (statistics
    /// still count them).
    ///
    /// ```
    /// use csp::{NoObserver, Observer, Tracer};
    /// assert!(!NoObserver::WANTS_PRUNES);
    /// assert!(Tracer::<Vec<u8>>::WANTS_PRUNES);
    /// ```
    const WANTS_PRUNES: bool = true;

    /// `var` is being set to `value` at `depth`.
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        let _ = (var, value, depth);
    }
    /// The assignment `var = value` at `depth` is being undone.
    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        let _ = (var, value, depth);
    }
    /// `value` was removed from `var`'s domain by `constraint`.
    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        let _ = (var, value, constraint);
    }
    /// The assignment just chosen was rejected.
    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        let _ = (var, value, depth);
    }
    /// A solution: one value per variable, in variable order.
    fn solution(&mut self, values: &[i32]) {
        let _ = values;
    }
    /// The search restarted from the root.
    fn restart(&mut self) {}
}

/// The observer that observes nothing (and costs nothing).
///
/// ```
/// use csp::{NoObserver, Observer};
/// let mut o = NoObserver;
/// o.solution(&[1, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const WANTS_PRUNES: bool = false;
}

impl<O: Observer + ?Sized> Observer for &mut O {
    const WANTS_PRUNES: bool = O::WANTS_PRUNES;
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        (**self).choose(var, value, depth)
    }
    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        (**self).unchoose(var, value, depth)
    }
    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        (**self).prune(var, value, constraint)
    }
    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        (**self).fail(var, value, depth)
    }
    fn solution(&mut self, values: &[i32]) {
        (**self).solution(values)
    }
    fn restart(&mut self) {
        (**self).restart()
    }
}

/// A text tracer: one line per event, indented by depth, written to any
/// `Write` (stderr, a file, a `Vec<u8>`). Prunes are included on request.
///
/// ```
/// use csp::{Model, Solver, Tracer};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let mut search = Solver::new(&model).search_with(Tracer::new(Vec::new()));
/// search.by_ref().for_each(drop);
/// let text = String::from_utf8(search.into_observer().into_inner()).unwrap();
/// assert!(text.starts_with("choose x0 = 0"));
/// assert!(text.contains("solution [0, 1]"));
/// ```
pub struct Tracer<W: Write> {
    out: W,
    prunes: bool,
}

impl<W: Write> Tracer<W> {
    /// A tracer writing to `out` (prunes not shown).
    pub fn new(out: W) -> Tracer<W> {
        Tracer { out, prunes: false }
    }

    /// Also show each pruned value.
    ///
    /// ```
    /// let t = csp::Tracer::new(std::io::sink()).with_prunes();
    /// # drop(t);
    /// ```
    pub fn with_prunes(mut self) -> Tracer<W> {
        self.prunes = true;
        self
    }

    /// The writer back (for example the captured bytes).
    pub fn into_inner(self) -> W {
        self.out
    }

    fn line(&mut self, depth: usize, text: std::fmt::Arguments<'_>) {
        // Tracing is best effort: a closed pipe must not stop the search.
        let _ = writeln!(
            self.out,
            "{:indent$}{}",
            "",
            text,
            indent = 2 * depth.saturating_sub(1)
        );
    }
}

impl<W: Write> Observer for Tracer<W> {
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        self.line(depth, format_args!("choose x{} = {}", var.index(), value));
    }
    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        self.line(depth, format_args!("unchoose x{} = {}", var.index(), value));
    }
    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        if self.prunes {
            self.line(
                1,
                format_args!(
                    "  prune x{} != {} (constraint {})",
                    var.index(),
                    value,
                    constraint.index()
                ),
            );
        }
    }
    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        self.line(depth, format_args!("fail x{} = {}", var.index(), value));
    }
    fn solution(&mut self, values: &[i32]) {
        self.line(1, format_args!("solution {values:?}"));
    }
    fn restart(&mut self) {
        self.line(1, format_args!("restart"));
    }
}
