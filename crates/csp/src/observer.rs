//! Hooks into the search: see every choose, unchoose, prune, fail and solution;
//! and the one tracer, which writes them in any [`TraceFormatter`]'s format.
//!
//! The search loop is generic over its observer, so the default no-op
//! methods compile away and an unobserved search pays nothing for hooks.

use crate::model::ConstraintId;
use crate::var::VarId;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
    /// Look-back: the level at `from_depth` ran out of values and the
    /// search jumps back to `to_depth` (0: none is left, the search ends),
    /// skipping the levels in between (each then gets its `unchoose`,
    /// deepest first, before `to_depth`'s own). Only jumps that skip at
    /// least one level are reported.
    fn backjump(&mut self, from_depth: usize, to_depth: usize) {
        let _ = (from_depth, to_depth);
    }
    /// Nogood learning: the dead end just reached was recorded as this
    /// nogood (assignments that hold together in no solution); it comes
    /// before the dead end's `backjump`, if any.
    fn learn(&mut self, nogood: &[(VarId, i32)]) {
        let _ = nogood;
    }
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
    fn backjump(&mut self, from_depth: usize, to_depth: usize) {
        (**self).backjump(from_depth, to_depth)
    }
    fn learn(&mut self, nogood: &[(VarId, i32)]) {
        (**self).learn(nogood)
    }
}

/// How a [`Tracer`] writes the events it hears: one method per event, each
/// given the writer (default: write nothing). A formatter may hold state (a
/// board as it stands, a choice not yet printed) and write what is still
/// pending in `finish`. The first write error stops the trace (see
/// [`Tracer::cancel_on_error`]).
///
/// ```
/// use csp::{Model, Solver, TraceFormatter, Tracer, VarId};
/// use std::io::{self, Write};
/// /// Only the solutions, numbered.
/// #[derive(Default)]
/// struct Numbered(u64);
/// impl TraceFormatter for Numbered {
///     fn solution(&mut self, out: &mut dyn Write, values: &[i32]) -> io::Result<()> {
///         self.0 += 1;
///         writeln!(out, "{}: {values:?}", self.0)
///     }
/// }
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// model.not_equal(x[0], x[1]).unwrap();
/// let mut search = Solver::new(&model).search_with(Tracer::with_format(Vec::new(), Numbered::default()));
/// search.by_ref().for_each(drop);
/// let text = String::from_utf8(search.into_observer().finish().unwrap()).unwrap();
/// assert_eq!(text, "1: [0, 1]\n2: [1, 0]\n");
/// ```
pub trait TraceFormatter {
    /// Whether the search should report prunes to [`TraceFormatter::prune`]
    /// (see [`Observer::WANTS_PRUNES`]).
    const WANTS_PRUNES: bool = false;

    /// `var` is being set to `value` at `depth`.
    fn choose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        let _ = (out, var, value, depth);
        Ok(())
    }
    /// The assignment `var = value` at `depth` is being undone.
    fn unchoose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        let _ = (out, var, value, depth);
        Ok(())
    }
    /// `value` was removed from `var`'s domain by `constraint`.
    fn prune(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        constraint: ConstraintId,
    ) -> io::Result<()> {
        let _ = (out, var, value, constraint);
        Ok(())
    }
    /// The assignment just chosen was rejected.
    fn fail(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        let _ = (out, var, value, depth);
        Ok(())
    }
    /// A solution: one value per variable, in variable order.
    fn solution(&mut self, out: &mut dyn Write, values: &[i32]) -> io::Result<()> {
        let _ = (out, values);
        Ok(())
    }
    /// The search restarted from the root.
    fn restart(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let _ = out;
        Ok(())
    }
    /// Look-back jumped from `from_depth` back to `to_depth` (see
    /// [`Observer::backjump`]).
    fn backjump(
        &mut self,
        out: &mut dyn Write,
        from_depth: usize,
        to_depth: usize,
    ) -> io::Result<()> {
        let _ = (out, from_depth, to_depth);
        Ok(())
    }
    /// Nogood learning recorded `nogood` (see [`Observer::learn`]).
    fn learn(&mut self, out: &mut dyn Write, nogood: &[(VarId, i32)]) -> io::Result<()> {
        let _ = (out, nogood);
        Ok(())
    }
    /// The trace ends ([`Tracer::finish`]): write what is still pending.
    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let _ = out;
        Ok(())
    }
}

/// The [`Tracer`]'s default format: one line per event, indented by depth
/// (`choose x0 = 1`, `fail x1 = 0`, `solution [1, 0]`, `restart`, and for
/// the look-back strategies `backjump 5 -> 2 (skips 2)` and
/// `learn nogood [x0 = 1, x3 = 0]`), and each pruned value when asked for
/// ([`Tracer::with_prunes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct TraceLines {
    prunes: bool,
}

impl TraceLines {
    fn line(out: &mut dyn Write, depth: usize, text: std::fmt::Arguments<'_>) -> io::Result<()> {
        writeln!(
            out,
            "{:indent$}{}",
            "",
            text,
            indent = 2 * depth.saturating_sub(1)
        )
    }
}

impl TraceFormatter for TraceLines {
    const WANTS_PRUNES: bool = true;

    fn choose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        Self::line(
            out,
            depth,
            format_args!("choose x{} = {}", var.index(), value),
        )
    }
    fn unchoose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        Self::line(
            out,
            depth,
            format_args!("unchoose x{} = {}", var.index(), value),
        )
    }
    fn prune(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        constraint: ConstraintId,
    ) -> io::Result<()> {
        if !self.prunes {
            return Ok(());
        }
        Self::line(
            out,
            1,
            format_args!(
                "  prune x{} != {} (constraint {})",
                var.index(),
                value,
                constraint.index()
            ),
        )
    }
    fn fail(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        Self::line(
            out,
            depth,
            format_args!("fail x{} = {}", var.index(), value),
        )
    }
    fn solution(&mut self, out: &mut dyn Write, values: &[i32]) -> io::Result<()> {
        Self::line(out, 1, format_args!("solution {values:?}"))
    }
    fn restart(&mut self, out: &mut dyn Write) -> io::Result<()> {
        Self::line(out, 1, format_args!("restart"))
    }
    fn backjump(
        &mut self,
        out: &mut dyn Write,
        from_depth: usize,
        to_depth: usize,
    ) -> io::Result<()> {
        Self::line(
            out,
            from_depth,
            format_args!(
                "backjump {from_depth} -> {to_depth} (skips {})",
                from_depth - to_depth - 1
            ),
        )
    }
    fn learn(&mut self, out: &mut dyn Write, nogood: &[(VarId, i32)]) -> io::Result<()> {
        write!(out, "learn nogood [")?;
        for (i, (var, value)) in nogood.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(out, "{sep}x{} = {value}", var.index())?;
        }
        writeln!(out, "]")
    }
}

/// The one tracer: writes each event as it happens to any `Write` (stderr,
/// a file, a `Vec<u8>`), in the format `F` says ([`TraceLines`] unless
/// given one with [`Tracer::with_format`]). A write error (a closed pipe)
/// never panics: the first one is kept for [`Tracer::finish`], later events
/// are not written, and the flag given to [`Tracer::cancel_on_error`] is
/// raised so that a search using it as its cancel flag stops.
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
pub struct Tracer<W: Write, F: TraceFormatter = TraceLines> {
    out: W,
    format: F,
    error: Option<io::Error>,
    cancel: Option<Arc<AtomicBool>>,
}

impl<W: Write> Tracer<W> {
    /// A tracer writing to `out` in the default line format (prunes not shown).
    pub fn new(out: W) -> Tracer<W> {
        Tracer::with_format(out, TraceLines::default())
    }

    /// Also show each pruned value.
    ///
    /// ```
    /// let t = csp::Tracer::new(std::io::sink()).with_prunes();
    /// # drop(t);
    /// ```
    pub fn with_prunes(mut self) -> Tracer<W> {
        self.format.prunes = true;
        self
    }
}

impl<W: Write, F: TraceFormatter> Tracer<W, F> {
    /// A tracer writing to `out` in `format`.
    ///
    /// ```
    /// let t = csp::Tracer::with_format(std::io::sink(), csp::TraceLines::default());
    /// # drop(t);
    /// ```
    pub fn with_format(out: W, format: F) -> Tracer<W, F> {
        Tracer {
            out,
            format,
            error: None,
            cancel: None,
        }
    }

    /// Raises `flag` when writing fails, so a search using it as its cancel
    /// flag stops instead of tracing into a closed pipe.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let t = csp::Tracer::new(std::io::sink()).cancel_on_error(Arc::new(AtomicBool::new(false)));
    /// # drop(t);
    /// ```
    pub fn cancel_on_error(mut self, flag: Arc<AtomicBool>) -> Tracer<W, F> {
        self.cancel = Some(flag);
        self
    }

    /// The writer back (for example the captured bytes), as it stands.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// Writes what the format still holds, flushes, and returns the writer,
    /// or the first write error.
    ///
    /// ```
    /// use csp::{Observer, Tracer};
    /// let mut t = Tracer::new(Vec::new());
    /// t.solution(&[1, 0]);
    /// assert_eq!(t.finish().unwrap(), b"solution [1, 0]\n");
    /// ```
    pub fn finish(mut self) -> io::Result<W> {
        self.write(|f, out| f.finish(out));
        if self.error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.error = Some(e);
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }

    fn write(&mut self, event: impl FnOnce(&mut F, &mut dyn Write) -> io::Result<()>) {
        if self.error.is_some() {
            return;
        }
        if let Err(e) = event(&mut self.format, &mut self.out) {
            self.error = Some(e);
            if let Some(flag) = &self.cancel {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }
}

impl<W: Write, F: TraceFormatter> Observer for Tracer<W, F> {
    const WANTS_PRUNES: bool = F::WANTS_PRUNES;

    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        self.write(|f, out| f.choose(out, var, value, depth));
    }
    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        self.write(|f, out| f.unchoose(out, var, value, depth));
    }
    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        self.write(|f, out| f.prune(out, var, value, constraint));
    }
    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        self.write(|f, out| f.fail(out, var, value, depth));
    }
    fn solution(&mut self, values: &[i32]) {
        self.write(|f, out| f.solution(out, values));
    }
    fn restart(&mut self) {
        self.write(|f, out| f.restart(out));
    }
    fn backjump(&mut self, from_depth: usize, to_depth: usize) {
        self.write(|f, out| f.backjump(out, from_depth, to_depth));
    }
    fn learn(&mut self, nogood: &[(VarId, i32)]) {
        self.write(|f, out| f.learn(out, nogood));
    }
}
