//! Propagators: one per constraint kind, one file per kind.
//!
//! The model keeps declarative constraint descriptions (`description.rs`);
//! a search *posts* each one as a [`Propagator`] ([`post`]). A propagator
//!
//! * declares what it watches of each variable of its scope ([`Watch`]),
//!   so a change wakes only the propagators it can concern;
//! * has a [`Priority`]: the propagation queue runs cheap ones first;
//! * filters domains through a [`Ctx`], which records every removal (the
//!   search turns the records into statistics, the observer's prune events
//!   carrying the constraint's id, and wake-ups; the store's trail undoes
//!   them);
//! * keeps its own state where it needs any (the disequalities keep their
//!   newly fixed variables; entailment goes on the store's trail);
//! * checks a complete assignment through its description (the same check
//!   serves generate-and-test, backtracking and the brute-force oracle);
//! * says whether it is entailed;
//! * explains, when asked, what it inferred (`explain.rs`).
//!
//! A propagator says what it computes, never which strategy asks: the
//! strategies are policies over the same propagators (`search/policy.rs`)
//! that pick which of these questions to ask and when:
//!
//! | question | method | default | asked by |
//! | --- | --- | --- | --- |
//! | does a complete assignment satisfy it? | [`Propagator::check`] | the description's check | generate-and-test, at the leaves |
//! | is the partial assignment of its scope still consistent? | [`Propagator::consistent_so_far`] | the check, once the scope is assigned | backtracking, after each assignment |
//! | what does the newly assigned variable rule out, in one pass? | [`Propagator::filter_assigned`] | the exact filter of the last open variable (`Ctx::filter_last`) | forward checking, after each assignment |
//! | what is left at its own fixpoint? | [`Propagator::fixpoint`] | required | arc consistency, from its queue |
//!
//! The defaults are the textbook's semantics for any n-ary constraint
//! (forward checking filters an n-ary constraint once one variable is
//! open, as nFC0 does); a kind overrides a question only where it answers
//! it faster or (for the one-pass filter) as its own propagation, which
//! makes that kind's forward checking stronger, documented at the kind.
//! Besides these a propagator has its [`Priority`], its own state (kept
//! across calls; entailment on the store's trail), and says whether it is
//! [entailed](Propagator::entailed).
//!
//! A kind lives in one file: a type implementing [`ConstraintKind`] (its
//! name, its check, what it watches, and how it is posted) and the
//! propagator it posts. The model stores it as [`Kind::Opaque`]; nothing
//! outside this folder looks inside. Only the kinds other parts of the
//! engine inspect are variants of [`Kind`], with an arm in [`post`],
//! [`watches`] and [`holds`] below: the pairwise disequalities, which the
//! merged propagator, the partition and local search take apart, and
//! linear sums, whose merged terms the model's tests read.
//!
//! `merged.rs` is the one specialisation: every pairwise disequality of a
//! one-word model merged into per-variable neighbour lists, so that fixing
//! a variable clears the values it rules out in each neighbour with one
//! word operation.

pub(crate) mod abs;
pub(crate) mod affine;
pub(crate) mod all_different;
mod all_different_bounds;
mod all_different_domain;
pub(crate) mod all_different_except_0;
pub(crate) mod all_different_reif;
pub(crate) mod among;
pub(crate) mod arg_extreme;
pub(crate) mod bin_packing;
mod bounds;
pub(crate) mod cardinality;
pub(crate) mod cardinality_counts;
pub(crate) mod circuit;
pub(crate) mod clause;
pub(crate) mod cost_regular;
pub(crate) mod count;
pub(crate) mod cumulative;
mod description;
pub(crate) mod difference;
pub(crate) mod diffn;
pub(crate) mod disjunctive;
pub(crate) mod division;
pub(crate) mod element;
pub(crate) mod explain;
pub(crate) mod extremum;
pub(crate) mod fail;
pub(crate) mod inverse;
pub(crate) mod lex;
mod linear;
pub(crate) mod member;
pub(crate) mod merged;
mod not_equal;
pub(crate) mod nvalue;
pub(crate) mod objective;
pub(crate) mod predicate;
pub(crate) mod regular;
pub(crate) mod reified;
pub(crate) mod relaxation;
mod set_aside;
pub(crate) mod subcircuit;
pub(crate) mod table;
pub(crate) mod table_reif;
mod theta_tree;
pub(crate) mod times;
mod unit_channel;
pub(crate) mod value_precede;
#[cfg(test)]
mod walk_tests;

pub(crate) use description::{Constraint, Kind};
pub(crate) use explain::{Domains, Inferred, Lit};

use crate::comparison::Cmp;
use crate::store::{Store, Wipeout};

pub(crate) use merged::Neighbours;

/// The result of a filter: `Err` when a domain was wiped out.
pub(crate) type Prop = Result<(), Wipeout>;

/// A boxed propagator over a model's constraint (lifetime `'m`).
pub(crate) type Posted<'m> = Box<dyn Propagator + Send + 'm>;

/// Which changes of one of its variables a propagator must hear about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Watch {
    /// Any change.
    Any,
    /// Only the variable becoming fixed (value elimination, all that arc
    /// consistency does for pairwise constraints).
    Fixed,
    /// Only its lower bound moving (which includes becoming fixed above
    /// the old minimum).
    LowerBound,
    /// Only its upper bound moving.
    UpperBound,
    /// Either bound moving (filtering that reads only bounds: a hole
    /// inside the domain changes nothing it computes). Becoming fixed
    /// always moves a bound, so this includes [`Watch::Fixed`].
    Bounds,
    /// Only this value going or becoming the variable's last (a count of
    /// that value, the variable in one view).
    Value(i64),
    /// That value going or becoming the last, or the variable becoming
    /// fixed: a count over repeated variables, whose reasoning is not exact
    /// there, relies on its last-open-variable filter, which any variable
    /// becoming fixed can enable.
    ValueOrFixed(i64),
}

/// What happened to a variable's domain, for waking its propagators.
#[derive(Clone, Copy)]
pub(crate) enum Change {
    /// The values `value..=upto` (those that were members) were removed:
    /// one value, or a bound's move.
    Removed { value: i64, upto: i64 },
    /// The variable is about to be assigned `value` (its domain is still
    /// the one before).
    Assigning { value: i64 },
}

impl Watch {
    /// The one value a [`Watch::Value`] watches; `None` for the others.
    #[inline(always)]
    pub fn value(self) -> Option<i64> {
        match self {
            Watch::Value(w) => Some(w),
            _ => None,
        }
    }

    /// Whether this watches a bound ([`Moved::concerns`] answers it).
    #[inline(always)]
    pub fn on_bounds(self) -> bool {
        matches!(self, Watch::LowerBound | Watch::UpperBound | Watch::Bounds)
    }

    /// Does `change` of `var`, whose domain is now the single value `last`
    /// (if it is one), concern a propagator watching this? `store` holds
    /// the domain now: after the removal (and whatever the same run removed
    /// since, which can only make a bound look moved that did move), or
    /// before the assignment.
    ///
    /// A removal of `value..=upto` moved the lower bound exactly when the
    /// minimum is now above `upto` (the old minimum was among the removed
    /// values: nothing below it was a member to stay behind), and the
    /// upper bound when the maximum is now below `value`.
    #[inline(always)]
    pub fn wakes(self, change: Change, last: Option<i64>, store: &Store, var: u32) -> bool {
        if self.on_bounds() {
            return Moved::of(change, store, var).concerns(self);
        }
        match (self, change) {
            (Watch::Any | Watch::ValueOrFixed(_), Change::Assigning { .. })
            | (Watch::Any, _)
            | (Watch::Fixed, Change::Assigning { .. }) => true,
            (Watch::Fixed, Change::Removed { .. }) => last.is_some(),
            (Watch::Value(w), Change::Removed { value, upto }) => {
                (value..=upto).contains(&w) || Some(w) == last
            }
            (Watch::Value(w), Change::Assigning { .. }) => store.contains(var, w),
            (Watch::ValueOrFixed(w), Change::Removed { value, upto }) => {
                (value..=upto).contains(&w) || last.is_some()
            }
            // (Answered by `Moved` above.)
            (Watch::LowerBound | Watch::UpperBound | Watch::Bounds, _) => {
                unreachable!("a bound watch")
            }
        }
    }
}

/// What a change did to a variable's bounds, read from the store once for
/// all the watches on the variable's bounds ([`Moved::concerns`]) rather than
/// once per watch (Costas arrays' differences put dozens of bound watches
/// on each variable).
#[derive(Clone, Copy)]
pub(crate) struct Moved {
    pub lower: bool,
    pub upper: bool,
    bounds: bool,
}

impl Moved {
    /// Does the change concern `watch`, a watch [`Watch::on_bounds`]?
    #[inline(always)]
    pub fn concerns(self, watch: Watch) -> bool {
        match watch {
            Watch::LowerBound => self.lower,
            Watch::UpperBound => self.upper,
            _ => self.bounds,
        }
    }

    /// What `change` of `var` did: a bound moved if the store's bound now
    /// lies past the removed range (see [`Watch::wakes`]), or, for an
    /// assignment, lies on the other side of the value.
    #[inline(always)]
    pub fn of(change: Change, store: &Store, var: u32) -> Moved {
        match change {
            Change::Removed { value, upto } => {
                let lower = !matches!(store.min(var), Some(m) if m <= upto);
                let upper = !matches!(store.max(var), Some(m) if m >= value);
                Moved {
                    lower,
                    upper,
                    bounds: lower || upper,
                }
            }
            Change::Assigning { value } => Moved {
                lower: store.min(var).is_some_and(|m| m < value),
                upper: store.max(var).is_some_and(|m| m > value),
                bounds: store.size(var) > 1,
            },
        }
    }
}

/// The propagation queue's classes: cheaper first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Priority {
    /// Pairwise disequalities: a pass over the scope per fixed variable.
    Pairwise = 0,
    /// Linear sums and counts: a few passes over the scope.
    Linear = 1,
    /// Tables: a pass over the rows.
    Table = 2,
    /// Predicates: an enumeration of the domains' product.
    Enumeration = 3,
}

/// The number of [`Priority`] classes.
pub(crate) const PRIORITIES: usize = 4;

/// Which policy a strategy runs over the propagators (`search/policy.rs`
/// implements each; the search picks the policy once, from this, and the
/// set-up reads it for what to build).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// Generate-and-test: check every constraint on complete assignments.
    Leaves,
    /// Backtracking: check a constraint as soon as it can be judged.
    Check,
    /// Forward checking: filter what the newest assignment rules out.
    Forward,
    /// Arc consistency: filter to a fixpoint.
    Fixpoint,
}

impl From<crate::Strategy> for Level {
    fn from(s: crate::Strategy) -> Level {
        match s {
            crate::Strategy::GenerateAndTest => Level::Leaves,
            crate::Strategy::Backtracking
            | crate::Strategy::Backjumping
            | crate::Strategy::NogoodLearning => Level::Check,
            crate::Strategy::ForwardChecking => Level::Forward,
            crate::Strategy::ArcConsistency | crate::Strategy::ClauseLearning => Level::Fixpoint,
        }
    }
}

/// Values a propagator removed: which variable, which values (`value`
/// alone, or the members of `value..=upto` a bound's move took), on behalf
/// of which constraint, and the variable's value if it is now fixed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Removal {
    pub var: u32,
    pub value: i64,
    pub upto: i64,
    pub by: u32,
    pub last: Option<i64>,
}

/// Buffers reused by propagators (nothing is allocated per node).
#[derive(Default)]
pub(crate) struct Scratch {
    pub views: Vec<i64>,
    pub vals: Vec<i32>,
    /// Per listed value: supported (support enumeration's flags).
    pub supported: Vec<bool>,
    /// A linear sum's term ranges in a round (`linear.rs`), in 64 and in
    /// 128 bits: kept here so that long sums allocate nothing per run.
    pub ranges_64: Vec<(i64, i64)>,
    pub ranges_128: Vec<(i128, i128)>,
}

/// What a propagator sees and changes: the domains, the assignment, the
/// constraints' unassigned counts; every removal goes through
/// [`Ctx::remove`] (or [`Ctx::removed_mask`]), which counts and records it.
pub(crate) struct Ctx<'a> {
    pub store: &'a mut Store,
    pub values: &'a [i32],
    pub assigned: &'a [bool],
    /// Per constraint: how many of its distinct variables are unassigned
    /// (empty when nothing needs the counts).
    pub unassigned: &'a [u32],
    pub scratch: &'a mut Scratch,
    /// Every removal, when `record` is set (observers and wake-ups need
    /// them); otherwise only `pruned` counts them.
    pub removals: &'a mut Vec<Removal>,
    pub record: bool,
    pub pruned: u64,
    pub checks: u64,
    /// The constraint on whose behalf removals are made.
    pub by: u32,
}

impl Ctx<'_> {
    /// A context over the same search for a shorter borrow, with its own
    /// counters (a user's propagator gets one; [`Ctx::absorb`] adds its
    /// counts back).
    pub fn reborrow(&mut self) -> Ctx<'_> {
        Ctx {
            store: &mut *self.store,
            values: self.values,
            assigned: self.assigned,
            unassigned: self.unassigned,
            scratch: &mut *self.scratch,
            removals: &mut *self.removals,
            record: self.record,
            pruned: 0,
            checks: 0,
            by: self.by,
        }
    }

    /// Adds the counts of a [`Ctx::reborrow`]ed context.
    pub fn absorb(&mut self, (pruned, checks): (u64, u64)) {
        self.pruned += pruned;
        self.checks += checks;
    }

    /// One elementary consistency test.
    #[inline(always)]
    pub fn count_check(&mut self) {
        self.checks += 1;
    }

    /// Removes `value` from `var` on behalf of the current constraint.
    #[inline(always)]
    pub fn remove(&mut self, var: u32, value: i64) -> Prop {
        let removed = self.store.remove(var, value);
        if let Ok(false) = removed {
            return Ok(());
        }
        self.note(var, value, self.by);
        removed.map(|_| ())
    }

    /// Removes from each view of `scope` the values (as the view reads
    /// them) that `keep(position, value)` rejects, listing each domain into
    /// `vals` (a reused buffer); true if a value went. A view too wide to
    /// list is skipped: it is checked once assigned.
    pub fn keep_supported(
        &mut self,
        scope: &[crate::View],
        vals: &mut Vec<i32>,
        mut keep: impl FnMut(usize, i64) -> bool,
    ) -> Result<bool, Wipeout> {
        let mut changed = false;
        for (i, view) in scope.iter().enumerate() {
            let x = view.var.index;
            if !self.store.listable(x) {
                continue;
            }
            vals.clear();
            self.store.values_into(x, vals);
            for &u in vals.iter() {
                if !keep(i, u as i64 + view.offset) {
                    self.remove(x, u as i64)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Counts (and records) a value just removed on behalf of `by`.
    #[inline(always)]
    pub fn note(&mut self, var: u32, value: i64, by: u32) {
        self.pruned += 1;
        if self.record {
            let last = self.store.single(var);
            self.removals.push(Removal {
                var,
                value,
                upto: value,
                by,
                last,
            });
        }
    }

    /// Counts (and records) the `gone` values of `value..=upto` a bound's
    /// move just took from `var`.
    fn note_range(&mut self, var: u32, gone: u32, value: i64, upto: i64) {
        self.pruned += u64::from(gone);
        if self.record && gone > 0 {
            let last = self.store.single(var);
            let by = self.by;
            self.removals.push(Removal {
                var,
                value,
                upto,
                by,
                last,
            });
        }
    }

    /// Removes every value of `var` outside `lo..=hi`; true if any went.
    /// A multi-word domain moves each bound at once (one trail entry and one
    /// record, whatever the distance); a one-word domain loses both sides
    /// in one write, recorded as one run per stretch of consecutive values.
    pub fn restrict_bounds(&mut self, var: u32, lo: i128, hi: i128) -> Result<bool, Wipeout> {
        if !self.store.one_word() {
            // Most calls move nothing: one look at both bounds.
            if let (Some(min), Some(max)) = (self.store.min(var), self.store.max(var))
                && lo <= min as i128
                && max as i128 <= hi
            {
                return Ok(false);
            }
            let clamp = |b: i128| b.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
            let mut changed = false;
            for (bound, lower) in [(clamp(lo), true), (clamp(hi), false)] {
                let (gone, from, to) = if lower {
                    self.store.set_min(var, bound)
                } else {
                    self.store.set_max(var, bound)
                };
                self.note_range(var, gone, from, to);
                changed |= gone > 0;
                if self.store.size(var) == 0 {
                    return Err(Wipeout);
                }
            }
            return Ok(changed);
        }
        // One word: both sides in one write, recorded as runs of
        // consecutive values (`record_runs`), so that a bound's move is
        // one wake-up, not one per value.
        type Word = usize;
        const BITS: u32 = Word::BITS;
        let base = self.store.base(var) as i128;
        let offset = |b: i128| b.saturating_sub(base).clamp(-1, BITS as i128) as i64;
        let (lo_off, hi_off) = (offset(lo), offset(hi));
        let below: Word = match lo_off {
            ..=0 => 0,
            o if o >= i64::from(BITS) => Word::MAX,
            o => (1 << o) - 1,
        };
        let above: Word = match hi_off {
            ..0 => Word::MAX,
            o if o >= i64::from(BITS) - 1 => 0,
            o => Word::MAX << (o + 1),
        };
        let (removed, wiped) = self.store.remove_mask(var, below | above);
        if removed == 0 {
            return Ok(false);
        }
        if removed.is_power_of_two() {
            // One value (the common case): one record.
            self.note(
                var,
                base as i64 + i64::from(removed.trailing_zeros()),
                self.by,
            );
        } else {
            self.pruned += u64::from(removed.count_ones());
            if self.record {
                self.record_runs(var, base as i64, removed, below);
            }
        }
        if wiped {
            return Err(Wipeout);
        }
        Ok(true)
    }

    /// Records the one-word removal `removed` of `var` (bit 0 `base`),
    /// `below` the bits under the new lower bound, as runs of consecutive
    /// values in the order removing them one by one takes them: the lower
    /// side upwards, then the upper side downwards.
    fn record_runs(&mut self, var: u32, base: i64, removed: usize, below: usize) {
        const BITS: u32 = usize::BITS;
        let first = self.removals.len();
        // The bits `start..start + len`.
        let run = |start: u32, len: u32| (usize::MAX >> (BITS - len)) << start;
        let mut lower = removed & below;
        while lower != 0 {
            let start = lower.trailing_zeros();
            let len = (lower >> start).trailing_ones();
            self.push_run(var, base, start, len);
            lower &= !run(start, len);
        }
        let mut upper = removed & !below;
        while upper != 0 {
            let end = BITS - 1 - upper.leading_zeros();
            let len = (upper << (BITS - 1 - end)).leading_ones();
            self.push_run(var, base, end + 1 - len, len);
            upper &= !run(end + 1 - len, len);
        }
        // The variable's last value, if it has one, is what the last
        // removal left.
        if let Some(r) = self.removals[first..].last_mut() {
            r.last = self.store.single(var);
        }
    }

    /// Records the removal of the `len` values from bit `start` of a
    /// one-word domain whose bit 0 is `base` (the variable's value, if it
    /// is fixed, set by the caller).
    fn push_run(&mut self, var: u32, base: i64, start: u32, len: u32) {
        self.removals.push(Removal {
            var,
            value: base + i64::from(start),
            upto: base + i64::from(start + len - 1),
            by: self.by,
            last: None,
        });
    }

    /// Is `x` assigned or fixed to one value?
    #[inline]
    pub(crate) fn settled(&self, x: u32) -> bool {
        self.assigned[x as usize] || self.store.size(x) == 1
    }

    /// A variable's single value: its assigned one (forward checking's
    /// slot backend leaves an assigned variable's domain in the store as
    /// it was), or its domain's last.
    pub(crate) fn fixed_value(&self, x: u32) -> Option<i64> {
        if self.assigned[x as usize] {
            Some(i64::from(self.values[x as usize]))
        } else {
            self.store.single(x)
        }
    }

    /// Checks `con` with every variable at its single value, except `x`
    /// which takes `u` when given.
    pub fn check_fixed(&mut self, con: &Constraint, trial: Option<(u32, i32)>) -> bool {
        let store = &*self.store;
        let values = self.values;
        let assigned = self.assigned;
        con.check(
            |i| match trial {
                Some((x, u)) if x == i => u,
                _ if assigned[i as usize] => values[i as usize],
                _ => store.single(i).unwrap_or(0) as i32,
            },
            &mut self.scratch.views,
        )
    }

    /// Is every variable of `con` fixed, and the constraint satisfied?
    pub fn holds_fixed(&mut self, con: &Constraint) -> bool {
        con.vars.iter().all(|&x| self.settled(x)) && self.check_fixed(con, None)
    }

    /// Exact filtering once at most one variable of `con` is not fixed:
    /// keep the values of that variable that satisfy the constraint (or, if
    /// none is left, check it). Every n-ary kind uses it, so that no level
    /// does less than forward checking.
    pub fn filter_last(&mut self, con: &Constraint) -> Prop {
        let mut open = None;
        for &x in &con.vars {
            if self.settled(x) {
                continue;
            }
            if open.is_some() {
                return Ok(()); // two open variables: nothing exact to do
            }
            open = Some(x);
        }
        let Some(x) = open else {
            self.count_check();
            return if self.check_fixed(con, None) {
                Ok(())
            } else {
                Err(Wipeout)
            };
        };
        if !self.store.listable(x) {
            return self.trim_last(con, x);
        }
        let mut vals = std::mem::take(&mut self.scratch.vals);
        vals.clear();
        self.store.values_into(x, &mut vals);
        let mut result = Ok(());
        for &u in &vals {
            self.count_check();
            if !self.check_fixed(con, Some((x, u)))
                && let Err(e) = self.remove(x, u as i64)
            {
                result = Err(e);
                break;
            }
        }
        self.scratch.vals = vals;
        result
    }

    /// [`Ctx::filter_last`] on a domain too wide to list: removes the
    /// values that fail the check from each end, at most [`TRIMMED`] per
    /// end (what is left inside is checked once `x` is assigned).
    fn trim_last(&mut self, con: &Constraint, x: u32) -> Prop {
        for upper in [false, true] {
            for _ in 0..TRIMMED {
                let end = if upper {
                    self.store.max(x)
                } else {
                    self.store.min(x)
                };
                let end = end.ok_or(Wipeout)?;
                self.count_check();
                if self.check_fixed(con, Some((x, end as i32))) {
                    break;
                }
                self.remove(x, end)?;
            }
        }
        Ok(())
    }
}

/// How many values [`Ctx::filter_last`] tries at each end of a domain too
/// wide to list.
const TRIMMED: usize = 64;

/// A constraint's propagator: what it computes (see the module's table
/// for which strategy asks which question). Only
/// [`Propagator::constraint`] and [`Propagator::fixpoint`] are required:
/// the questions a strategy asks on partial assignments have defaults that
/// every n-ary kind shares (judge once the scope is assigned; filter
/// exactly once one variable is open).
pub(crate) trait Propagator {
    /// The declarative description this propagator was posted from.
    fn constraint(&self) -> &Constraint;

    /// Where it goes in the propagation queue.
    fn priority(&self) -> Priority {
        Priority::Linear
    }

    /// Does a complete assignment satisfy the constraint?
    fn check(&self, values: &[i32], scratch: &mut Scratch) -> bool {
        self.constraint()
            .check(|i| values[i as usize], &mut scratch.views)
    }

    /// After `var` (in the scope) was assigned: is the partial assignment
    /// of the scope still consistent, as far as this constraint can judge
    /// from the assigned variables alone (`c` is its id)? Removes nothing.
    /// By default: the check, once the scope is assigned.
    fn consistent_so_far(&mut self, ctx: &mut Ctx<'_>, _var: u32, c: u32) -> bool {
        if ctx.unassigned[c as usize] != 0 {
            return true;
        }
        ctx.count_check();
        self.check(ctx.values, ctx.scratch)
    }

    /// After `var` (in the scope) was assigned: one pass removing what the
    /// assignment rules out (not run to a fixpoint; `open` is how many of
    /// the scope's variables are unassigned). Returns whether it ran (a run
    /// counts as a propagation). By default: the exact filter of the last
    /// open variable, once at most one is open.
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        (open <= 1).then(|| ctx.filter_last(self.constraint()))
    }

    /// Filters to this propagator's own fixpoint: afterwards it would
    /// remove nothing more from these domains.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop;

    /// A variable of the scope became fixed (for the kinds that watch
    /// [`Watch::Fixed`]).
    fn fixed(&mut self, _var: u32) {}

    /// Forgets pending work (the propagation failed, or the search starts
    /// afresh).
    fn clear(&mut self) {}

    /// Does the constraint hold whatever the current domains become?
    /// By default: once every variable is fixed and the check passes.
    fn entailed(&self, ctx: &mut Ctx<'_>) -> bool {
        ctx.holds_fixed(self.constraint())
    }

    /// Explains what this propagator inferred from `domains` (as they were
    /// when it did): a literal it made true, or a failure it reported. The
    /// answer is a conjunction of literals true in `domains` that, with the
    /// constraint, implies the literal (or, for a failure, is inconsistent
    /// with it); `None` if it cannot say. Lazy: nothing is kept while
    /// searching (`explain.rs`). By default `None`: a learning search falls
    /// back on the decisions.
    fn explain(&self, _what: Inferred, _domains: &dyn Domains) -> Option<Vec<Lit>> {
        None
    }
}

/// What the engine needs of a constraint kind it does not inspect: its
/// name and check (the declarative side), and how it is posted. Each kind
/// implements it in its own file (`times.rs` is a short example); the
/// model keeps it boxed in [`Kind::Opaque`].
pub(crate) trait ConstraintKind: Send + Sync {
    /// A short name for messages and traces (`"times"`).
    fn name(&self) -> &'static str;

    /// Does the constraint hold for these view values (one per scope
    /// entry, in scope order)? May reorder `vals`. This is the check of
    /// generate-and-test and backtracking, and the tests' brute-force
    /// oracle.
    fn holds(&self, vals: &mut [i64]) -> bool;

    /// The propagator for `con`, whose kind is `self`.
    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m>;

    /// The propagator under the solver's `levels` for the constraints
    /// that did not choose their own (a kind with levels reads them); by
    /// default [`ConstraintKind::post`].
    fn post_at<'m>(&'m self, con: &'m Constraint, _levels: Levels) -> Posted<'m> {
        self.post(con)
    }

    /// What the propagator watches of each of `con.vars`, in that order.
    /// By default any change.
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Any; con.vars.len()]
    }

    /// How `con` reads as rows of the linear relaxation
    /// (`relaxation.rs`): a linear constraint, a product, or, by default,
    /// nothing the relaxation can use.
    fn relaxed(&self, _con: &Constraint) -> Option<relaxation::Relaxed> {
        None
    }
}

/// The solver's levels for the constraints that did not choose their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Levels {
    pub all_different: crate::AllDifferentLevel,
    pub cumulative: crate::CumulativeLevel,
}

/// The solver's own defaults: value elimination, time-tabling.
impl Default for Levels {
    fn default() -> Levels {
        Levels {
            all_different: crate::AllDifferentLevel::Value,
            cumulative: crate::CumulativeLevel::TimeTable,
        }
    }
}

/// Posts a constraint as its propagator (one that did not choose its
/// level gets the solver's, from `levels`).
pub(crate) fn post(con: &Constraint, levels: Levels) -> Posted<'_> {
    match &con.kind {
        Kind::NotEqual => not_equal::post(con),
        Kind::AllDifferent { level } => {
            all_different::post(con, level.unwrap_or(levels.all_different))
        }
        Kind::Linear { .. } => linear::post(con),
        Kind::Opaque(kind) => kind.post_at(con, levels),
    }
}

/// A constraint left unposted because a limit stopped the search while it
/// was being set up: it never runs (the search is stopped), and would only
/// fail if it did.
pub(crate) fn unposted(con: &Constraint) -> Posted<'_> {
    fail::EmptyDomain.post(con)
}

/// What a constraint watches of each of its distinct variables (in the
/// order of `con.vars`).
pub(crate) fn watches(con: &Constraint) -> Vec<Watch> {
    match &con.kind {
        Kind::AllDifferent { .. } if !con.is_pairwise() => vec![Watch::Any; con.vars.len()],
        Kind::NotEqual | Kind::AllDifferent { .. } => vec![Watch::Fixed; con.vars.len()],
        // Its bounds reasoning reads only bounds (an inequality only the
        // side that moves its terms toward the bound; a two-variable
        // equality's value channel every value: `linear::watches`), and
        // `!=`'s rule waits for variables to be fixed.
        Kind::Linear { cmp: Cmp::Ne, .. } => vec![Watch::Fixed; con.vars.len()],
        Kind::Linear { coefs, cmp, rhs } => linear::watches(con, coefs, *cmp, *rhs),
        Kind::Opaque(kind) => kind.watches(con),
    }
}

/// The complete-assignment check of each kind, on the scope's view values
/// (may reorder them).
pub(crate) fn holds(kind: &Kind, vals: &mut [i64]) -> bool {
    match kind {
        Kind::NotEqual => not_equal::holds(vals),
        Kind::AllDifferent { .. } => all_different::holds(vals),
        Kind::Linear { coefs, cmp, rhs } => linear::holds(coefs, *cmp, *rhs, vals),
        Kind::Opaque(kind) => kind.holds(vals),
    }
}
