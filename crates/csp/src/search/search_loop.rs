//! The one search loop, generic over its backend.
//!
//! [`run`] is the loop's skeleton: the frame stack (one level per assigned
//! variable, or per bisection under the split value orders; no
//! recursion), the order of the choose / fail / unchoose
//! events, the statistics, the limits and the cancel flag, restarts,
//! solutions and backtracking. What a level's variable and values are, and
//! how a value is propagated and taken back, is the [`Backend`]'s:
//!
//! * [`Trail`]: the general case. Any strategy, any brancher (the built-in
//!   orders statically dispatched, a user's heuristic as a trait object),
//!   the working domains in the store with every change on its trail, the
//!   propagators run by the strategy's policy (`search/policy.rs`), a type
//!   parameter of the backend.
//! * the slot backend (`search/slot_backend.rs`): forward checking on one-word models
//!   with the merged pairwise propagator, the input or smallest-domain
//!   order and ascending or descending values. A level's candidates are a
//!   domain word, the neighbours' words are saved in fixed slots instead of
//!   the trail.
//!
//! `run` is monomorphised per backend (and per observer), so neither path
//! pays for the other: no dynamic dispatch in the loop, no allocation per
//! node (frames and candidates go to buffers that are reused).

use super::policy::Policy;
use super::{Decision, Frame, Next, Search, LISTED_VALUES, UNLISTED, UNLISTED_DOWN};
use crate::config::ValueOrder;
use crate::observer::Observer;
use crate::stats::Status;
use crate::stats::StopReason;
use crate::store::MAX_LISTED;
use std::marker::PhantomData;

/// Debug builds check that every constraint is entailed at a solution on
/// models up to this many constraints.
const CHECKED_ENTAILMENT: usize = 1000;

/// What the loop asks of a domain store and its propagation.
pub(crate) trait Backend<'m, O: Observer> {
    /// Whether an assigned variable's domain in the store is its value,
    /// so that every propagator can judge itself entailed at a solution
    /// (checked in debug builds). The slot backend leaves it wider.
    const FIXES_DOMAINS: bool;

    /// Whether the search may restart (the slot backend never serves
    /// restarts, so its loop does not test for them).
    const RESTARTS: bool;

    /// Whether the search may look back (backjumping, nogood learning):
    /// the slot backend never serves them, so its loop does not test.
    const LOOKS_BACK: bool;

    /// Whether a level may bisect a domain rather than assign a value (the
    /// slot backend never does, so its loop does not test).
    const BISECTS: bool;

    /// Opens the level at `depth`: picks its variable and pushes its frame
    /// onto `s.frames`, with the values to try.
    fn open(&mut self, s: &mut Search<'m, O>, depth: usize);

    /// Takes the next value to try at level `top` (the top frame), with
    /// the level's variable, or `None` when none is left.
    fn next_value(&mut self, s: &mut Search<'m, O>, top: usize) -> Option<(u32, i32)>;

    /// Pops the top frame, whose values are exhausted.
    fn close(&mut self, s: &mut Search<'m, O>, top: usize);

    /// Assigns `var = value` at level `top` (reporting the choice), then
    /// checks or propagates. False on a failure, with the domains as they
    /// were before the value (only the assignment itself is left for
    /// [`Backend::retract`]).
    fn assign(&mut self, s: &mut Search<'m, O>, top: usize, var: u32, value: i32) -> bool;

    /// Takes back the value of level `top`, whose propagation succeeded:
    /// its removals, its assignment, and the unchoose event.
    fn undo(&mut self, s: &mut Search<'m, O>, top: usize);

    /// Takes back the value of level `top` just after its propagation
    /// failed: the assignment and the unchoose event.
    fn retract(&mut self, s: &mut Search<'m, O>, top: usize);
}

/// Runs the search on `backend` until the next solution (`true`, values in
/// `s.values`) or the end of the search (`false`, status set). Resumes
/// where the last call stopped.
///
/// Every level but the top one holds its value; the top one holds one when
/// the loop is at [`Next::Resume`] (back from the level below, or from a
/// solution), which is where `Search::path` looks.
pub(crate) fn run<'m, O: Observer, B: Backend<'m, O>>(
    s: &mut Search<'m, O>,
    backend: &mut B,
) -> bool {
    let n = s.order.len();
    // Kept in a local while the loop runs, written back when it returns.
    let mut next = s.next;
    loop {
        if next == Next::Descend {
            let depth = s.frames.len();
            let assigned = if B::BISECTS { depth - s.splits } else { depth };
            if assigned == n {
                debug_assert!(
                    !B::FIXES_DOMAINS || s.props.len() > CHECKED_ENTAILMENT || s.all_entailed(),
                    "every constraint is entailed at a solution"
                );
                s.next = Next::Resume;
                return s.record_solution(depth);
            }
            backend.open(s, depth);
            if s.frames.len() == depth {
                // No frame: the level's domain is too wide to list for
                // its value order.
                s.next = Next::Descend;
                s.finish(Status::Stopped(StopReason::TooLarge));
                return false;
            }
            if B::LOOKS_BACK
                && let Some(look_back) = &mut s.look_back
            {
                look_back.open(depth);
            }
            next = Next::Retry;
            continue;
        }
        let top = s.frames.len() - 1;
        if next == Next::Resume {
            backend.undo(s, top);
        }
        let Some((var, value)) = backend.next_value(s, top) else {
            backend.close(s, top);
            if !s.record_backtrack(top)
                || (B::LOOKS_BACK && s.look_back.is_some() && !jump_back(s, backend, top))
            {
                // The level below (if any) holds its value.
                s.next = Next::Resume;
                return false;
            }
            next = Next::Resume;
            continue;
        };
        if let Some(reason) = s.limit_reached() {
            s.next = Next::Retry;
            s.finish(Status::Stopped(reason));
            return false;
        }
        if B::RESTARTS && s.restart_due() {
            restart(s, backend);
            next = Next::Descend;
            continue;
        }
        if backend.assign(s, top, var, value) {
            s.stats.nodes += 1;
            s.stats.max_depth = s.stats.max_depth.max(top as u64 + 1);
            next = Next::Descend;
        } else {
            s.stats.failures += 1;
            if let Some(c) = s.culprit.take() {
                s.weights[c as usize] += 1;
            }
            let id = s.var_id(var);
            // (A bisection's half is no choice: no event.)
            if !B::BISECTS || !s.bisects || s.frames[top].decision == Decision::Assign {
                s.observer.fail(id, value, top + 1);
            }
            if B::LOOKS_BACK && s.look_back.is_some() {
                // (While the rejected value is still set.)
                s.note_conflict(top, var);
            }
            backend.retract(s, top);
            next = Next::Retry;
        }
    }
}

/// Look-back, after the dead end at level `top` (its frame closed): undoes
/// the levels between it and the level its conflict set sends it to, which
/// the loop then resumes. False when no level is left to go back to (the
/// conflict set is empty): the search is complete.
fn jump_back<'m, O: Observer, B: Backend<'m, O>>(
    s: &mut Search<'m, O>,
    backend: &mut B,
    top: usize,
) -> bool {
    let target = s.dead_end(top);
    // Depths: the dead end's, and the one resumed (0: none).
    let (from, to) = (top + 1, target.map_or(0, |h| h + 1));
    if from - to > 1 {
        s.stats.backjumps += 1;
        s.observer.backjump(from, to);
    }
    for skipped in (to..top).rev() {
        backend.undo(s, skipped);
        backend.close(s, skipped);
    }
    if target.is_none() {
        s.finish(Status::Complete);
    }
    target.is_some()
}

/// Back to the root from a top level without a value, keeping weights;
/// the next run gets a larger cutoff.
fn restart<'m, O: Observer, B: Backend<'m, O>>(s: &mut Search<'m, O>, backend: &mut B) {
    backend.close(s, s.frames.len() - 1);
    while let Some(top) = s.frames.len().checked_sub(1) {
        backend.undo(s, top);
        backend.close(s, top);
    }
    s.restarted();
}

/// The general backend: the store with its trail, every strategy (its
/// policy `P`), every brancher. `PLAIN` when the search uses none of
/// binary branching, bisection, look-back and restarts, on one-word
/// domains (no level too wide to list): the loop's tests for them compile
/// away (see [`Trail::applies`]).
pub(crate) struct Trail<const PLAIN: bool, P: Policy>(PhantomData<P>);

impl<const PLAIN: bool, P: Policy> Trail<PLAIN, P> {
    pub(crate) fn new() -> Self {
        Trail(PhantomData)
    }
}

impl<P: Policy> Trail<true, P> {
    /// Whether `s` runs on the plain trail backend.
    pub(crate) fn applies<O: Observer>(s: &Search<'_, O>) -> bool {
        !s.binary
            && !s.bisects
            && s.look_back.is_none()
            && s.restarts.is_none()
            && s.store.one_word()
    }
}

impl<'m, O: Observer, const PLAIN: bool, P: Policy> Backend<'m, O> for Trail<PLAIN, P> {
    const FIXES_DOMAINS: bool = true;
    const RESTARTS: bool = !PLAIN;
    const LOOKS_BACK: bool = !PLAIN;
    const BISECTS: bool = !PLAIN;

    // Always inlined: binary branching's `refute` opens levels too, and a
    // call per node costs the loop more than the copy.
    #[inline(always)]
    fn open(&mut self, s: &mut Search<'m, O>, depth: usize) {
        let var = s.select_var(if PLAIN { depth } else { depth - s.splits });
        let start = s.cand.len() as u32;
        if !PLAIN
            && s.bisects
            && let Some(decision) = bisection(s, var)
        {
            s.splits += 1;
            s.frames.push(Frame {
                var,
                mark: s.store.mark(),
                cursor: start,
                end: start + 2,
                start,
                left: 0,
                decision,
                done: 0.0,
            });
            return;
        }
        let (cursor, end) = if PLAIN {
            // One-word domains: every level lists its values.
            s.fill_candidates(var);
            (start, s.cand.len() as u32)
        } else {
            let Some(listed) = level_values(s, var) else {
                return; // no frame: the loop stops
            };
            listed
        };
        s.frames.push(Frame {
            var,
            mark: s.store.mark(),
            cursor,
            end,
            start,
            left: 0,
            decision: Decision::Assign,
            done: 0.0,
        });
    }

    #[inline]
    fn next_value(&mut self, s: &mut Search<'m, O>, top: usize) -> Option<(u32, i32)> {
        if !PLAIN && s.binary {
            let frame = &s.frames[top];
            if frame.end < UNLISTED_DOWN
                && frame.cursor > frame.start
                && frame.decision == Decision::Assign
                && !refute::<O, P>(s, top)
            {
                return None;
            }
        }
        let frame = &mut s.frames[top];
        if !PLAIN && frame.end == UNLISTED_DOWN {
            let (var, from) = (frame.var, frame.cursor as i32 as i64);
            let (least, most) = s.objective_window(var)?;
            let value = s.store.prev_member(var, most.min(from))?;
            if value < least {
                return None;
            }
            let frame = &mut s.frames[top];
            if value == i32::MIN as i64 {
                frame.end = frame.start; // nothing can come after it
                frame.cursor = frame.start;
            } else {
                frame.cursor = (value as i32 - 1) as u32;
            }
            return Some((frame.var, value as i32));
        }
        if !PLAIN && frame.end == UNLISTED {
            // The domain is as it was when the level opened; `cursor` holds
            // the next value to look from (as `i32` bits), past the last;
            // in branch and bound, from the least the bound allows.
            let (var, from) = (frame.var, frame.cursor as i32 as i64);
            let (least, most) = s.objective_window(var)?;
            let value = s.store.next_member(var, least.max(from))?;
            if value > most {
                return None;
            }
            let frame = &mut s.frames[top];
            if value == i32::MAX as i64 {
                frame.end = frame.start; // nothing can come after it
                frame.cursor = frame.start;
            } else {
                frame.cursor = (value as i32 + 1) as u32;
            }
            return Some((frame.var, value as i32));
        }
        if frame.cursor == frame.end {
            return None;
        }
        let value = s.cand[frame.cursor as usize];
        frame.cursor += 1;
        Some((frame.var, value))
    }

    #[inline]
    fn close(&mut self, s: &mut Search<'m, O>, _top: usize) {
        let frame = s.frames.pop().expect("an open level");
        s.cand.truncate(frame.start as usize);
        if !PLAIN && frame.decision != Decision::Assign {
            s.splits -= 1;
        }
    }

    #[inline]
    fn assign(&mut self, s: &mut Search<'m, O>, top: usize, var: u32, value: i32) -> bool {
        if !PLAIN && s.bisects && s.frames[top].decision != Decision::Assign {
            return bisect::<O, P>(s, top, var, value);
        }
        s.assign::<P>(var, value, top + 1)
    }

    #[inline]
    fn undo(&mut self, s: &mut Search<'m, O>, top: usize) {
        if !PLAIN && s.bisects && s.frames[top].decision != Decision::Assign {
            return s.undo_bisection(top);
        }
        s.unassign(top);
    }

    #[inline]
    fn retract(&mut self, s: &mut Search<'m, O>, top: usize) {
        // A failed propagation leaves its removals on the trail.
        self.undo(s, top);
    }
}

/// A new level's values for `var`, pushed onto `s.cand` from its current
/// length: `(cursor, end)` of its frame, or `None` when the domain is too
/// wide to list for the value order.
#[inline]
fn level_values<O: Observer>(s: &mut Search<'_, O>, var: u32) -> Option<(u32, u32)> {
    let start = s.cand.len() as u32;
    let size = s.store.size(var);
    let walk = if size > LISTED_VALUES {
        s.branching.built_in_order(s.var_id(var))
    } else {
        None
    };
    Some(match walk {
        Some(ValueOrder::Ascending) => {
            let min = s
                .store
                .min(var)
                .expect("a level opens on a non-empty domain");
            (min as i32 as u32, UNLISTED)
        }
        Some(ValueOrder::Descending) => {
            let max = s
                .store
                .max(var)
                .expect("a level opens on a non-empty domain");
            (max as i32 as u32, UNLISTED_DOWN)
        }
        _ if size > MAX_LISTED => return None,
        _ => {
            s.fill_candidates(var);
            (start, s.cand.len() as u32)
        }
    })
}

/// Binary branching, at level `top` whose last value's subtree is done:
/// refutes that value (`x != v`, propagated) and opens the level again on
/// the variable chosen now, in the store as the refutation left it. False
/// when the refutation fails (the level is done), or, stopping the search,
/// when the new variable's domain is too wide to list.
fn refute<O: Observer, P: Policy>(s: &mut Search<'_, O>, top: usize) -> bool {
    let frame = s.frames[top];
    let value = s.cand[frame.cursor as usize - 1];
    s.cand.truncate(frame.start as usize);
    if s.store.size(frame.var) == 1 {
        // The value was the variable's last (propagation had fixed it):
        // its refutation is no choice, so no failure (as in Gecode, which
        // never branches on a fixed variable).
        return false;
    }
    // The refuted value was one of the level's `n` equal shares: counted
    // as done from here, so that a poll during the refutation's
    // propagation sees the level's subtree finished.
    let (n, before) = (f64::from(frame.end - frame.start), f64::from(frame.done));
    let done = kept(before + (1.0 - before) / n);
    s.frames[top].done = done;
    if !s.refute::<P>(frame.var, value) {
        s.stats.failures += 1;
        if let Some(c) = s.culprit.take() {
            s.weights[c as usize] += 1;
        }
        return false;
    }
    // Opened again as it first opened: without its frame, so that the
    // branching sees the level's variable as open.
    s.frames.pop();
    Trail::<false, P>::open(&mut Trail::new(), s, top);
    if s.frames.len() == top {
        s.frames.push(frame);
        s.halt(StopReason::TooLarge);
        return false;
    }
    // Where the level chose its variable again, the values propagation
    // took from it meanwhile are done too.
    let again = &mut s.frames[top];
    again.done = if again.var == frame.var {
        let left = f64::from(again.end - again.start);
        kept(before + (1.0 - before) * (n - left) / n)
    } else {
        done
    };
    true
}

/// A level's share done as its frame keeps it: in `f32`, which fits in
/// the frame's padding (the slot backend pushes a frame per node: 0.2 %
/// more instructions on 12 queens with `f32`, 1.1 % with `f64`), rounded
/// up, so that the estimate never falls below what it was before.
fn kept(done: f64) -> f32 {
    let d = done as f32;
    if f64::from(d) < done {
        d.next_up()
    } else {
        d
    }
}

/// A bisection level's half: the first its order names (the level's
/// cursor just past its first entry), then the other; `mid` is `value`.
/// Out of line, so that the loop's assignment path stays as it was.
#[inline(never)]
fn bisect<O: Observer, P: Policy>(s: &mut Search<'_, O>, top: usize, var: u32, value: i32) -> bool {
    let frame = s.frames[top];
    let first = frame.cursor == frame.start + 1;
    let lower = first == (frame.decision == Decision::LowerFirst);
    let mid = i128::from(value);
    let (lo, hi) = if lower {
        (i128::MIN, mid)
    } else {
        (mid + 1, i128::MAX)
    };
    s.bisect::<P>(var, lo, hi)
}

/// Under binary branching, how a level on `var` bisects its domain, if
/// `var`'s value order splits and it has two values or more: the
/// decision, with its midpoint pushed onto `s.cand` twice (one entry per
/// half). Gecode's midpoint: `(min + max) / 2` truncated towards zero,
/// `min` when the two are adjacent (else the lower half would be all).
#[inline(never)]
fn bisection<O: Observer>(s: &mut Search<'_, O>, var: u32) -> Option<Decision> {
    let decision = match s.branching.built_in_order(s.var_id(var))? {
        ValueOrder::Split => Decision::LowerFirst,
        ValueOrder::ReverseSplit => Decision::UpperFirst,
        _ => return None,
    };
    let (min, max) = (s.store.min(var)?, s.store.max(var)?);
    if min == max {
        return None;
    }
    let mid = crate::branching::split_point(min, max);
    s.cand.extend([mid as i32; 2]);
    Some(decision)
}
