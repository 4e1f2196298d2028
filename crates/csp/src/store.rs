//! The search's working domains, with a trail for undoing changes.
//!
//! All domains live in one arena of words (copied from the declared
//! `FixedBitSet`-backed domains at the start of a search), each variable owning
//! a run of whole words, so a domain of up to 64 values is a single word and
//! size, minimum and next value are word operations. Every change saves the
//! word it overwrites on the trail; backtracking restores words down to a
//! checkpoint. Nothing is cloned per search node.
//!
//! When some domain needs more than one word, every variable also keeps
//! its bounds and size explicitly: the bits are the members only between
//! the bounds, so the minimum and maximum are read in O(1), assigning is one
//! trail entry, and moving a bound past a million values costs one trail
//! entry and a popcount of the words it passes, not a removal per value
//! ([`Store::set_min`], [`Store::set_max`]). A value removed strictly inside
//! the bounds clears its bit (a hole).

use crate::domain::Domain;
use crate::sizes::{SizeCounts, MAX_COUNTED_SIZE};

type Word = usize;
const BITS: usize = Word::BITS as usize;

/// The most values the store holds as bits, summed over all domains.
///
/// A domain declared with holes, or narrow (at most 4,096 values), is held
/// as bits from the start; a wide range gets its bits only when a value
/// inside its bounds goes, and only while the bits stay within this bound;
/// past it, a domain keeps its holes in a sorted set (slower, never refused).
/// So 1,000 tasks over a horizon of 10⁶ are an ordinary model. The search
/// refuses, with [`StopReason::TooLarge`](crate::StopReason::TooLarge),
/// only models whose domains *declared with holes* exceed it (about 4 GiB
/// of trail in the worst case); local search
/// ([`MinConflicts`](crate::MinConflicts)) is not bound by it.
///
/// ```
/// use csp::{Model, Solver, Status, StopReason, MAX_TOTAL_VALUES};
/// let mut model = Model::new();
/// // Two values 100,000 apart, 3,000 times: 3 * 10^8 bits.
/// assert!(3_000 * 100_001 > MAX_TOTAL_VALUES);
/// model.int_vars(3_000, [0, 100_000]).unwrap();
/// let outcome = Solver::new(&model).count();
/// assert_eq!(outcome.status, Status::Stopped(StopReason::TooLarge));
///
/// // A range is held by its bounds: 2,000 variables over 10^6 values search.
/// let mut model = Model::new();
/// let x = model.int_vars(2_000, 0..1_000_000).unwrap();
/// model.less(x[0], x[1]).unwrap();
/// let (first, _) = Solver::new(&model).first();
/// let first = first.expect("a solution");
/// assert_eq!((first[x[0]], first[x[1]]), (0, 1));
/// ```
pub const MAX_TOTAL_VALUES: u64 = 1 << 28;

/// Domains of more values than this are never listed value by value (4 MiB
/// of `i32`s): a level of the search under an order other than ascending or
/// descending stops with [`StopReason::TooLarge`](crate::StopReason::TooLarge),
/// and the filters that enumerate a domain leave such a domain to bounds
/// reasoning and to the check once it is assigned (see [`Store::listable`]).
pub(crate) const MAX_LISTED: u32 = 1 << 20;

/// A saved word (16 bytes: the trail is the search's largest structure on
/// big boards, where it can hold a word for every value removed on the
/// current path). The owning variable is found from `owner` on restore.
#[derive(Clone, Copy)]
struct Saved {
    word: u32,
    old_size: u32,
    old: Word,
}

/// A trail entry with this `word` restores the bounds and size saved on
/// top of `Store::bounds_trail` (multi-word domains).
const BOUNDS: u32 = u32::MAX;
/// A trail entry with this `word` clears the entailment flag of constraint
/// `old` (see `Store::entail`).
const ENTAILED: u32 = u32::MAX - 1;
/// A trail entry with this `word` puts back value `old` (as `i64`) into the
/// sparse holes of variable `old_size`.
const HOLE: u32 = u32::MAX - 3;
/// A trail entry with this `word` restores reversible cell `old_size` to
/// `old` (see `Store::set_cell`).
const CELL: u32 = u32::MAX - 2;
// The markers are the four largest `u32`s, `HOLE` the least: a trail
// entry below it is a domain word (`Store::undo` tests that first).
const _: () = assert!(HOLE < CELL && CELL < ENTAILED && ENTAILED < BOUNDS);
/// `Store::start` of a variable whose bits are not allocated.
const NO_BITS: u32 = u32::MAX;
/// Domains of at most this many values get their bits from the start.
const EAGER_BITS: u64 = 1 << 12;

/// A multi-word variable's bounds and size before a change.
#[derive(Clone, Copy)]
struct SavedBounds {
    var: u32,
    size: u32,
    lo: i64,
    hi: i64,
}

/// Returned when a removal empties a domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wipeout;

pub(crate) struct Store {
    arena: Vec<Word>,
    start: Vec<u32>,
    words: Vec<u32>,
    base: Vec<i64>,
    size: Vec<u32>,
    trail: Vec<Saved>,
    /// For multi-word domains: the variable owning each word.
    owner: Vec<u32>,
    /// For multi-word domains: each variable's current bounds (its bits
    /// are its members only within them; an empty domain has size 0).
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// For multi-word domains: the bounds and sizes that [`BOUNDS`] trail
    /// entries restore, newest last.
    bounds_trail: Vec<SavedBounds>,
    /// For multi-word domains without bits ([`NO_BITS`]): the values
    /// removed strictly inside the bounds.
    holes: Vec<std::collections::BTreeSet<i64>>,
    /// For multi-word domains: each variable's declared maximum.
    top: Vec<i64>,
    /// The most bits the arena may hold ([`MAX_TOTAL_VALUES`]; tests lower
    /// it to reach the sorted holes).
    budget: u64,
    /// When the variable order wants the smallest domain: how many counted
    /// variables have each size, kept up to date by every change.
    sizes: Option<SizeCounts>,
    /// Per variable: counted in `sizes` (the search uncounts the assigned).
    counted: Vec<bool>,
    /// Every domain fits one word, and variable `v` owns word `v`: the
    /// common case (n-queens up to 64, sudoku, colouring), addressed with
    /// no indirection.
    one_word: bool,
    /// Per constraint (grown on demand): known to hold whatever happens
    /// below the current node, so its filter need not look again.
    entailed: Vec<bool>,
    /// Propagators' reversible state (compact table's current rows), one
    /// word per cell, restored by backtracking like the domains.
    cells: Vec<Word>,
}

impl Store {
    /// Does `d` get its bits from the start (see [`MAX_TOTAL_VALUES`])?
    fn eager(d: &Domain) -> bool {
        d.width() <= EAGER_BITS || d.size() != d.width()
    }

    /// True when the domains declared with holes are too many values to
    /// hold as bits (see [`MAX_TOTAL_VALUES`]).
    pub fn too_large(domains: &[Domain]) -> bool {
        let values: u64 = domains
            .iter()
            .filter(|d| Store::eager(d))
            .map(|d| d.width())
            .sum();
        values > MAX_TOTAL_VALUES
    }

    pub fn new(domains: &[Domain]) -> Store {
        let mut start = Vec::with_capacity(domains.len());
        let mut words = Vec::with_capacity(domains.len());
        let mut total = 0u32;
        for d in domains {
            let w = d.width().div_ceil(BITS as u64).max(1) as u32;
            if Store::eager(d) {
                start.push(total);
                total += w;
            } else {
                start.push(NO_BITS);
            }
            words.push(w);
        }
        let mut arena: Vec<Word> = vec![0; total as usize];
        let mut base = Vec::with_capacity(domains.len());
        let mut size = Vec::with_capacity(domains.len());
        for (i, d) in domains.iter().enumerate() {
            let lo = d.min().unwrap_or(0) as i64;
            base.push(lo);
            size.push(d.size().min(u64::from(u32::MAX)) as u32);
            if start[i] == NO_BITS {
                continue;
            }
            let first = start[i] as usize * BITS;
            if d.size() == d.width() {
                fill_range(&mut arena[start[i] as usize..], d.width() as usize);
                continue;
            }
            for v in d.values() {
                let bit = first + (v as i64 - lo) as usize;
                arena[bit / BITS] |= 1 << (bit % BITS);
            }
        }
        let one_word = words.iter().all(|&w| w == 1);
        let (lo, hi) = if one_word {
            (Vec::new(), Vec::new())
        } else {
            let lo = domains.iter().map(|d| d.min().unwrap_or(0) as i64);
            let hi = domains.iter().map(|d| d.max().unwrap_or(-1) as i64);
            (lo.collect(), hi.collect())
        };
        let owner = if one_word {
            Vec::new()
        } else {
            let mut owner = Vec::with_capacity(arena.len());
            for (var, &w) in words.iter().enumerate() {
                if start[var] != NO_BITS {
                    owner.extend(std::iter::repeat_n(var as u32, w as usize));
                }
            }
            owner
        };
        let (holes, top) = if one_word {
            (Vec::new(), Vec::new())
        } else {
            let top = domains.iter().map(|d| d.max().unwrap_or(-1) as i64);
            (vec![Default::default(); domains.len()], top.collect())
        };
        Store {
            owner,
            lo,
            hi,
            bounds_trail: Vec::new(),
            holes,
            top,
            budget: MAX_TOTAL_VALUES,
            sizes: None,
            counted: Vec::new(),
            arena,
            start,
            words,
            base,
            size,
            trail: Vec::new(),
            one_word,
            entailed: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Records that constraint `c` holds whatever the remaining domains
    /// become (domains only shrink until the search backtracks past this
    /// point, which clears the flag).
    pub fn entail(&mut self, c: u32) {
        if self.entailed.len() <= c as usize {
            self.entailed.resize(c as usize + 1, false);
        }
        if !std::mem::replace(&mut self.entailed[c as usize], true) {
            self.trail.push(Saved {
                word: ENTAILED,
                old_size: 0,
                old: c as Word,
            });
        }
    }

    /// Allocates `n` reversible cells holding `init`; returns the first's
    /// index. The allocation is not undone: backtracking above the node
    /// that made them brings them back to `init`, so `init` must be a state
    /// their owner accepts anywhere (for compact table: "not yet read").
    pub fn new_cells(&mut self, n: usize, init: Word) -> u32 {
        let first = self.cells.len() as u32;
        self.cells.resize(self.cells.len() + n, init);
        first
    }

    /// Reversible cell `i`.
    #[inline(always)]
    pub fn cell(&self, i: u32) -> Word {
        self.cells[i as usize]
    }

    /// Sets reversible cell `i` to `value`, saving the old one on the trail.
    #[inline(always)]
    pub fn set_cell(&mut self, i: u32, value: Word) {
        let old = std::mem::replace(&mut self.cells[i as usize], value);
        if old != value {
            self.trail.push(Saved {
                word: CELL,
                old_size: i,
                old,
            });
        }
    }

    /// True when [`Store::entail`] recorded `c` on the current path.
    #[inline]
    pub fn is_entailed(&self, c: u32) -> bool {
        self.entailed.get(c as usize).copied().unwrap_or(false)
    }

    #[inline]
    fn slot(&self, var: u32, value: i64) -> Option<(usize, Word)> {
        if self.one_word {
            let off = value.wrapping_sub(self.base[var as usize]) as u64;
            return (off < BITS as u64).then(|| (var as usize, 1 << off));
        }
        let off = value.checked_sub(self.base[var as usize])?;
        if off < 0
            || off >= self.words[var as usize] as i64 * BITS as i64
            || self.start[var as usize] == NO_BITS
        {
            return None;
        }
        let off = off as usize;
        Some((
            self.start[var as usize] as usize + off / BITS,
            1 << (off % BITS),
        ))
    }

    #[inline]
    fn words_of(&self, var: u32) -> &[Word] {
        let s = self.start[var as usize] as usize;
        &self.arena[s..s + self.words[var as usize] as usize]
    }

    /// The number of values (one-word domains count their bits: no size
    /// array is kept for them, so the hot path never pays for it).
    #[inline]
    pub fn size(&self, var: u32) -> u32 {
        if self.one_word {
            self.arena[var as usize].count_ones()
        } else {
            self.size[var as usize]
        }
    }

    /// Multi-word domains: saves `var`'s bounds and size, then sets them.
    fn set_bounds(&mut self, var: u32, lo: i64, hi: i64, size: u32) {
        let v = var as usize;
        self.resized(var, self.size[v], size);
        self.bounds_trail.push(SavedBounds {
            var,
            size: self.size[v],
            lo: self.lo[v],
            hi: self.hi[v],
        });
        self.trail.push(Saved {
            word: BOUNDS,
            old_size: 0,
            old: 0,
        });
        (self.lo[v], self.hi[v], self.size[v]) = (lo, hi, size);
    }

    /// Multi-word domains: is `value`'s bit set (whatever the bounds)? A
    /// domain without bits answers from its holes.
    #[inline]
    fn bit(&self, var: u32, value: i64) -> bool {
        if self.start[var as usize] == NO_BITS {
            let v = var as usize;
            return (self.base[v]..=self.top[v]).contains(&value)
                && !self.holes[v].contains(&value);
        }
        match self.slot(var, value) {
            Some((w, bit)) => self.arena[w] & bit != 0,
            None => false,
        }
    }

    /// Multi-word domains: the first set bit at `from` or above, up to the
    /// end of `var`'s words.
    fn next_bit(&self, var: u32, from: i64) -> Option<i64> {
        if self.start[var as usize] == NO_BITS {
            let v = var as usize;
            let mut u = from.max(self.base[v]);
            if !self.holes[v].is_empty() {
                for &h in self.holes[v].range(u..) {
                    if h != u {
                        break;
                    }
                    u += 1;
                }
            }
            return (u <= self.top[v]).then_some(u);
        }
        let base = self.base[var as usize];
        let words = self.words_of(var);
        let off = (from - base).max(0) as usize;
        let mut i = off / BITS;
        if i >= words.len() {
            return None;
        }
        let mut w = words[i] & (Word::MAX << (off % BITS));
        loop {
            if w != 0 {
                return Some(base + (i * BITS + w.trailing_zeros() as usize) as i64);
            }
            i += 1;
            if i == words.len() {
                return None;
            }
            w = words[i];
        }
    }

    /// Multi-word domains: the last set bit at `upto` or below.
    fn prev_bit(&self, var: u32, upto: i64) -> Option<i64> {
        if self.start[var as usize] == NO_BITS {
            let v = var as usize;
            let mut u = upto.min(self.top[v]);
            if !self.holes[v].is_empty() {
                for &h in self.holes[v].range(..=u).rev() {
                    if h != u {
                        break;
                    }
                    u -= 1;
                }
            }
            return (u >= self.base[v]).then_some(u);
        }
        let base = self.base[var as usize];
        let words = self.words_of(var);
        let off = upto - base;
        if off < 0 {
            return None;
        }
        let off = (off as usize).min(words.len() * BITS - 1);
        let mut i = off / BITS;
        let mut w = words[i] & (Word::MAX >> (BITS - 1 - off % BITS));
        loop {
            if w != 0 {
                return Some(base + (i * BITS + BITS - 1 - w.leading_zeros() as usize) as i64);
            }
            if i == 0 {
                return None;
            }
            i -= 1;
            w = words[i];
        }
    }

    /// Multi-word domains: how many bits are set in `from..=to` (both
    /// within `var`'s words).
    fn bits_between(&self, var: u32, from: i64, to: i64) -> u32 {
        if from > to {
            return 0;
        }
        if self.start[var as usize] == NO_BITS {
            // (Most such domains have no hole: no tree walk then.)
            let holes = &self.holes[var as usize];
            let inside = match holes.is_empty() {
                true => 0,
                false => holes.range(from..=to).count(),
            };
            return (to - from + 1) as u32 - inside as u32;
        }
        let base = self.base[var as usize];
        let words = self.words_of(var);
        let (a, b) = ((from - base) as usize, (to - base) as usize);
        let (wa, wb) = (a / BITS, b / BITS);
        let low = Word::MAX << (a % BITS);
        let high = Word::MAX >> (BITS - 1 - b % BITS);
        if wa == wb {
            return (words[wa] & low & high).count_ones();
        }
        let inner: u32 = words[wa + 1..wb].iter().map(|w| w.count_ones()).sum();
        (words[wa] & low).count_ones() + inner + (words[wb] & high).count_ones()
    }

    /// The values a bound move took out of `var` (`from..=to`, as the
    /// removal record of [`Store::set_min`] or [`Store::set_max`] gives
    /// them), ascending: the bits outside the bounds still say which
    /// values were members until the move (only the trail restores them).
    /// A one-word domain's records span only consecutive members, each of
    /// them gone (`Ctx::restrict_bounds` records runs).
    pub fn removed_between(&self, var: u32, from: i64, to: i64, mut each: impl FnMut(i64)) {
        if from == to || self.one_word {
            (from..=to).for_each(each);
            return;
        }
        let mut v = from;
        while let Some(u) = self.next_bit(var, v).filter(|&u| u <= to) {
            each(u);
            v = u + 1;
        }
    }

    #[inline(always)]
    pub fn contains(&self, var: u32, value: i64) -> bool {
        if self.one_word {
            // The hot case (arc consistency's supports): one bit test.
            let off = value.wrapping_sub(self.base[var as usize]) as u64;
            return off < BITS as u64 && self.arena[var as usize] & (1 << off) != 0;
        }
        let v = var as usize;
        self.size[v] != 0 && self.lo[v] <= value && value <= self.hi[v] && self.bit(var, value)
    }

    /// The domain's members among `from..from + 64`: bit `i` set when
    /// `from + i` is a value (a channel compares 64 values at a time).
    pub fn bits_from(&self, var: u32, from: i64) -> u64 {
        let v = var as usize;
        if self.one_word {
            let (w, off) = (self.arena[v] as u64, from.wrapping_sub(self.base[v]));
            return match off {
                0..=63 => w >> off,
                -63..=-1 => w << -off,
                _ => 0,
            };
        }
        let (lo, hi) = (self.lo[v], self.hi[v]);
        if self.size[v] == 0 || hi < from || lo > from.saturating_add(63) {
            return 0;
        }
        if self.start[v] == NO_BITS {
            let end = from.saturating_add(63).min(hi);
            return (from.max(lo)..=end)
                .filter(|&u| self.bit(var, u))
                .fold(0, |w, u| w | 1 << (u - from));
        }
        // Word `i` of the domain's bits, 0 beyond them.
        let words = self.words_of(var);
        let word = |i: i64| {
            usize::try_from(i)
                .ok()
                .and_then(|i| words.get(i))
                .map_or(0, |&w| w as u64)
        };
        let off = from - self.base[v];
        let (i, shift) = (off.div_euclid(64), off.rem_euclid(64) as u32);
        let mut bits = word(i) >> shift;
        if shift > 0 {
            bits |= word(i + 1) << (64 - shift);
        }
        // Multi-word domains keep the bits beyond their bounds.
        if lo > from {
            bits &= u64::MAX << (lo - from);
        }
        if hi < from.saturating_add(63) {
            bits &= u64::MAX >> (63 - (hi - from));
        }
        bits
    }

    /// Starts counting the variables per domain size (all of them, until
    /// [`Store::uncount`]), for [`Store::min_counted_size`]. Does nothing
    /// when some domain is too wide for the counts to pay. With `members`
    /// the counts also keep each size's variables
    /// ([`Store::counted_of_size`]: restarts draw one of the smallest).
    pub fn count_sizes(&mut self, members: bool) {
        let max = (0..self.base.len() as u32).map(|v| self.size(v)).max();
        let Some(max) = max.filter(|&m| u64::from(m) <= MAX_COUNTED_SIZE) else {
            return;
        };
        let mut sizes = if members {
            SizeCounts::with_members(max as usize, self.base.len())
        } else {
            SizeCounts::new(max as usize)
        };
        for v in 0..self.base.len() as u32 {
            sizes.add(v, self.size(v));
        }
        self.sizes = Some(sizes);
        self.counted = vec![true; self.base.len()];
    }

    /// True when the store counts the variables per domain size (see
    /// [`Store::count_sizes`]).
    #[inline(always)]
    pub fn counts_sizes(&self) -> bool {
        self.sizes.is_some()
    }

    /// Stops counting `var` (it is being assigned).
    #[inline(always)]
    pub fn uncount(&mut self, var: u32) {
        if self.sizes.is_none() || !self.counted[var as usize] {
            return;
        }
        let size = self.size(var);
        self.counted[var as usize] = false;
        if let Some(sizes) = &mut self.sizes {
            sizes.remove(var, size);
        }
    }

    /// Counts `var` again (it was unassigned).
    #[inline(always)]
    pub fn recount(&mut self, var: u32) {
        if self.sizes.is_none() || self.counted[var as usize] {
            return;
        }
        let size = self.size(var);
        self.counted[var as usize] = true;
        if let Some(sizes) = &mut self.sizes {
            sizes.add(var, size);
        }
    }

    /// The smallest domain size among the counted variables; `None` when
    /// sizes are not counted (or none is).
    #[inline]
    pub fn min_counted_size(&self) -> Option<u32> {
        self.sizes.as_ref()?.min()
    }

    /// With every variable counted again (at the root), lists each size's
    /// members in variable order, as [`Store::count_sizes`] does: a reused
    /// search then draws as a new one.
    pub fn relist_counted(&mut self) {
        let Some(mut sizes) = self.sizes.take() else {
            return;
        };
        debug_assert!(self.counted.iter().all(|&c| c), "at the root");
        sizes.relist_members(|v| self.size(v));
        self.sizes = Some(sizes);
    }

    /// The counted (unassigned) variables whose domain has `size` values,
    /// in no particular order; empty unless counted with members.
    #[inline]
    pub fn counted_of_size(&self, size: u32) -> &[u32] {
        self.sizes.as_ref().map_or(&[], |s| s.members(size))
    }

    /// Notes that `var`'s size goes from `old` to `new`, if it is counted.
    #[inline(always)]
    fn resized(&mut self, var: u32, old: u32, new: u32) {
        if let Some(sizes) = &mut self.sizes
            && self.counted[var as usize]
        {
            sizes.resize(var, old, new);
        }
    }

    #[inline(always)]
    fn write(&mut self, var: u32, word: usize, new: Word, new_size: u32) {
        if self.sizes.is_some() {
            let (old, now) = if self.one_word {
                (self.arena[word].count_ones(), new.count_ones())
            } else {
                (self.size[var as usize], new_size)
            };
            self.resized(var, old, now);
        }
        let old_size = if self.one_word {
            0
        } else {
            let old = self.size[var as usize];
            self.size[var as usize] = new_size;
            old
        };
        self.trail.push(Saved {
            word: word as u32,
            old_size,
            old: self.arena[word],
        });
        self.arena[word] = new;
    }

    /// Removes `value`; `Ok(true)` if it was there, `Err(Wipeout)` if the
    /// domain is now empty.
    #[inline(always)]
    pub fn remove(&mut self, var: u32, value: i64) -> Result<bool, Wipeout> {
        if self.one_word {
            let off = value.wrapping_sub(self.base[var as usize]) as u64;
            let old = self.arena[var as usize];
            if off >= BITS as u64 || old & (1 << off) == 0 {
                return Ok(false);
            }
            let new = old & !(1 << off);
            self.write(var, var as usize, new, 0);
            return if new == 0 { Err(Wipeout) } else { Ok(true) };
        }
        if !self.contains(var, value) {
            return Ok(false);
        }
        let v = var as usize;
        let (lo, hi, size) = (self.lo[v], self.hi[v], self.size[v] - 1);
        if size == 0 {
            self.set_bounds(var, lo, hi, 0);
            return Err(Wipeout);
        }
        // The bounds stay members: a bound that goes moves to the next
        // member; only a value strictly inside becomes a hole.
        if value == lo {
            let next = self.next_bit(var, lo + 1).expect("a member above");
            self.set_bounds(var, next, hi, size);
        } else if value == hi {
            let prev = self.prev_bit(var, hi - 1).expect("a member below");
            self.set_bounds(var, lo, prev, size);
        } else {
            self.make_hole(var, value, size);
        }
        Ok(true)
    }

    /// Multi-word domains: removes `value`, strictly inside the bounds,
    /// leaving `size` values. A wide range gets its bits now, if they fit
    /// within [`MAX_TOTAL_VALUES`]; otherwise the value joins its holes.
    fn make_hole(&mut self, var: u32, value: i64, size: u32) {
        let v = var as usize;
        if self.start[v] == NO_BITS && self.holes[v].is_empty() {
            let words = self.words[v] as usize;
            if ((self.arena.len() + words) * BITS) as u64 <= self.budget {
                self.start[v] = self.arena.len() as u32;
                let width = (self.top[v] - self.base[v] + 1) as usize;
                self.arena.resize(self.arena.len() + words, 0);
                fill_range(&mut self.arena[self.start[v] as usize..], width);
                self.owner.resize(self.arena.len(), var);
            }
        }
        if self.start[v] == NO_BITS {
            self.resized(var, self.size[v], size);
            self.size[v] = size;
            self.holes[v].insert(value);
            self.trail.push(Saved {
                word: HOLE,
                old_size: var,
                old: value as Word,
            });
            return;
        }
        let (w, bit) = self.slot(var, value).expect("a member's slot");
        self.write(var, w, self.arena[w] & !bit, size);
    }

    /// Removes every value below `min`: returns how many went and the
    /// range `from..=to` they spanned ([`Store::removed_between`] lists
    /// them); a domain left empty has size 0. Multi-word domains only (one
    /// trail entry, whatever the distance); a one-word domain removes its
    /// few values one by one.
    pub fn set_min(&mut self, var: u32, min: i64) -> (u32, i64, i64) {
        self.set_bound(var, min, true)
    }

    /// Removes every value above `max`, as [`Store::set_min`] does below.
    pub fn set_max(&mut self, var: u32, max: i64) -> (u32, i64, i64) {
        self.set_bound(var, max, false)
    }

    fn set_bound(&mut self, var: u32, bound: i64, lower: bool) -> (u32, i64, i64) {
        debug_assert!(
            !self.one_word,
            "one-word domains move bounds through remove_mask"
        );
        let (Some(lo), Some(hi)) = (self.min(var), self.max(var)) else {
            return (0, 0, 0);
        };
        if (lower && bound <= lo) || (!lower && bound >= hi) {
            return (0, 0, 0);
        }
        let size = self.size[var as usize];
        if (lower && bound > hi) || (!lower && bound < lo) {
            self.set_bounds(var, lo, hi, 0);
            return (size, lo, hi);
        }
        let (new_lo, new_hi) = if lower {
            (self.next_bit(var, bound).expect("hi is a member"), hi)
        } else {
            (lo, self.prev_bit(var, bound).expect("lo is a member"))
        };
        let gone = if lower {
            self.bits_between(var, lo, new_lo - 1)
        } else {
            self.bits_between(var, new_hi + 1, hi)
        };
        self.set_bounds(var, new_lo, new_hi, size - gone);
        if lower {
            (gone, lo, bound - 1)
        } else {
            (gone, bound + 1, hi)
        }
    }

    /// True when every domain is one word (and variable `v` owns word `v`).
    #[inline(always)]
    pub fn one_word(&self) -> bool {
        self.one_word
    }

    /// One-word domains only: clears the bits of `mask` in `var`'s domain.
    /// Returns the bits that were actually removed, and whether the domain
    /// is now empty.
    #[inline(always)]
    pub fn remove_mask(&mut self, var: u32, mask: Word) -> (Word, bool) {
        debug_assert!(self.one_word);
        let old = self.arena[var as usize];
        let removed = old & mask;
        if removed == 0 {
            return (0, false);
        }
        let new = old & !mask;
        self.write(var, var as usize, new, 0);
        (removed, new == 0)
    }

    /// One-word domains only: `var`'s domain word.
    #[inline(always)]
    pub fn word(&self, var: u32) -> Word {
        debug_assert!(self.one_word);
        self.arena[var as usize]
    }

    /// One-word domains only: every variable's domain word (variable `v`
    /// owns word `v`).
    #[inline(always)]
    pub fn words(&self) -> &[Word] {
        debug_assert!(self.one_word);
        &self.arena
    }

    /// One-word domains only: every variable's domain word (variable `v`
    /// owns word `v`), to change without the trail, and every variable's
    /// base, borrowed apart so the slot backend's inner loop runs over slices.
    #[inline(always)]
    pub fn words_and_bases(&mut self) -> (&mut [Word], &[i64]) {
        debug_assert!(self.one_word && self.sizes.is_none());
        (&mut self.arena, &self.base)
    }

    /// The value of bit 0 of `var`'s domain.
    #[inline(always)]
    pub fn base(&self, var: u32) -> i64 {
        self.base[var as usize]
    }

    /// Reduces the domain to `{value}` (which must be in it).
    pub fn assign(&mut self, var: u32, value: i64) {
        if self.one_word {
            let off = value - self.base[var as usize];
            debug_assert!((0..BITS as i64).contains(&off), "assigned value in domain");
            let bit: Word = 1 << off;
            if self.arena[var as usize] != bit {
                self.write(var, var as usize, bit, 1);
            }
            return;
        }
        debug_assert!(self.contains(var, value), "assigned value in domain");
        if self.size[var as usize] != 1 {
            self.set_bounds(var, value, value, 1);
        }
    }

    #[inline]
    pub fn min(&self, var: u32) -> Option<i64> {
        let v = var as usize;
        if !self.one_word {
            return (self.size[v] != 0).then_some(self.lo[v]);
        }
        let w = self.arena[v];
        (w != 0).then(|| self.base[v] + w.trailing_zeros() as i64)
    }

    #[inline]
    pub fn max(&self, var: u32) -> Option<i64> {
        let v = var as usize;
        if !self.one_word {
            return (self.size[v] != 0).then_some(self.hi[v]);
        }
        let w = self.arena[v];
        (w != 0).then(|| self.base[v] + (BITS - 1) as i64 - w.leading_zeros() as i64)
    }

    /// The domain's first value at `from` or above.
    pub fn next_member(&self, var: u32, from: i64) -> Option<i64> {
        let (lo, hi) = (self.min(var)?, self.max(var)?);
        if self.one_word {
            let off = (from.max(lo) - self.base[var as usize]) as u32;
            let w = self.arena[var as usize] & Word::MAX.checked_shl(off).unwrap_or(0);
            return (w != 0).then(|| self.base[var as usize] + w.trailing_zeros() as i64);
        }
        self.next_bit(var, from.max(lo)).filter(|&v| v <= hi)
    }

    /// The domain's last value at `upto` or below.
    pub fn prev_member(&self, var: u32, upto: i64) -> Option<i64> {
        let (lo, hi) = (self.min(var)?, self.max(var)?);
        if self.one_word {
            let off = upto.min(hi) - self.base[var as usize];
            if off < 0 {
                return None;
            }
            let w = self.arena[var as usize] & (Word::MAX >> (BITS - 1 - off as usize));
            return (w != 0)
                .then(|| self.base[var as usize] + (BITS - 1) as i64 - w.leading_zeros() as i64);
        }
        self.prev_bit(var, upto.min(hi)).filter(|&v| v >= lo)
    }

    /// The value of a singleton domain.
    #[inline]
    pub fn single(&self, var: u32) -> Option<i64> {
        if self.one_word {
            let w = self.arena[var as usize];
            return (w != 0 && w & (w - 1) == 0)
                .then(|| self.base[var as usize] + w.trailing_zeros() as i64);
        }
        if self.size(var) == 1 {
            self.min(var)
        } else {
            None
        }
    }

    /// Whether the domain is small enough to list (see [`MAX_LISTED`]).
    #[inline]
    pub fn listable(&self, var: u32) -> bool {
        self.size(var) <= MAX_LISTED
    }

    /// Appends the domain's values in ascending order to `out`.
    pub fn values_into(&self, var: u32, out: &mut Vec<i32>) {
        if self.one_word {
            // The hot case (every search level lists its values): the bits
            // of one word, with no bounds to read first.
            let base = self.base[var as usize];
            let mut w = self.arena[var as usize];
            while w != 0 {
                out.push((base + w.trailing_zeros() as i64) as i32);
                w &= w - 1;
            }
            return;
        }
        let (Some(lo), Some(hi)) = (self.min(var), self.max(var)) else {
            return;
        };
        if self.start[var as usize] == NO_BITS {
            let holes = &self.holes[var as usize];
            out.extend((lo..=hi).filter(|u| !holes.contains(u)).map(|u| u as i32));
            return;
        }
        let base = self.base[var as usize];
        let (first, last) = (((lo - base) as usize) / BITS, ((hi - base) as usize) / BITS);
        for (i, &word) in self
            .words_of(var)
            .iter()
            .enumerate()
            .take(last + 1)
            .skip(first)
        {
            let mut w = word;
            if i == first {
                w &= Word::MAX << ((lo - base) as usize % BITS);
            }
            if i == last {
                w &= Word::MAX >> (BITS - 1 - (hi - base) as usize % BITS);
            }
            while w != 0 {
                let b = w.trailing_zeros() as usize;
                out.push((base + (i * BITS + b) as i64) as i32);
                w &= w - 1;
            }
        }
    }

    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Restores every change made since `mark`.
    pub fn undo(&mut self, mark: usize) {
        if self.one_word && self.sizes.is_none() {
            // The common case (n-queens, sudoku, colouring): a saved word is
            // written back, nothing else to keep up to date.
            while self.trail.len() > mark {
                let s = self.trail.pop().expect("trail entry");
                // A domain word below every marker: one test for the
                // common entry.
                if s.word < HOLE {
                    self.arena[s.word as usize] = s.old;
                } else if s.word == ENTAILED {
                    self.entailed[s.old] = false;
                } else {
                    debug_assert!(s.word == CELL, "one-word domains keep no bounds or holes");
                    self.cells[s.old_size as usize] = s.old;
                }
            }
            return;
        }
        while self.trail.len() > mark {
            let s = self.trail.pop().expect("trail entry");
            if s.word == ENTAILED {
                self.entailed[s.old] = false;
                continue;
            }
            if s.word == CELL {
                self.cells[s.old_size as usize] = s.old;
                continue;
            }
            if s.word == HOLE {
                let var = s.old_size;
                let v = var as usize;
                self.holes[v].remove(&(s.old as i64));
                self.resized(var, self.size[v], self.size[v] + 1);
                self.size[v] += 1;
                continue;
            }
            if s.word == BOUNDS {
                let b = self.bounds_trail.pop().expect("saved bounds");
                let v = b.var as usize;
                let now = self.size[v];
                (self.lo[v], self.hi[v], self.size[v]) = (b.lo, b.hi, b.size);
                self.resized(b.var, now, b.size);
                continue;
            }
            let var = if self.one_word {
                s.word
            } else {
                self.owner[s.word as usize]
            };
            let before = self.sizes.is_some().then(|| self.size(var));
            self.arena[s.word as usize] = s.old;
            if !self.one_word {
                self.size[var as usize] = s.old_size;
            }
            if let Some(before) = before {
                self.resized(var, before, self.size(var));
            }
        }
    }
}

/// Sets the first `width` bits of `words` (a whole range: whole words at
/// once, so a million values is 15,625 word writes).
fn fill_range(words: &mut [Word], width: usize) {
    words[..width / BITS].fill(Word::MAX);
    if !width.is_multiple_of(BITS) {
        words[width / BITS] = (1 << (width % BITS)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_assign_and_undo_restore_exactly() {
        let domains = vec![Domain::from(-70..70), Domain::from([3, 9])];
        let mut s = Store::new(&domains);
        assert_eq!(s.size(0), 140);
        assert_eq!((s.min(0), s.max(0)), (Some(-70), Some(69)));
        let m = s.mark();
        assert_eq!(s.remove(0, -70), Ok(true));
        assert_eq!(s.remove(0, -70), Ok(false));
        assert_eq!(s.remove(0, 1000), Ok(false));
        assert_eq!(s.min(0), Some(-69));
        s.assign(0, 5);
        assert_eq!(s.single(0), Some(5));
        assert_eq!(s.remove(1, 3), Ok(true));
        assert_eq!(s.remove(1, 9), Err(Wipeout));
        s.undo(m);
        assert_eq!(s.size(0), 140);
        assert_eq!(s.size(1), 2);
        let mut vals = Vec::new();
        s.values_into(1, &mut vals);
        assert_eq!(vals, vec![3, 9]);
    }

    #[test]
    fn cells_are_restored_by_backtracking() {
        let mut s = Store::new(&[Domain::from(0..3)]);
        let c = s.new_cells(2, 7);
        let outer = s.mark();
        s.set_cell(c, 1);
        s.set_cell(c + 1, 7); // unchanged: nothing saved
        assert_eq!(s.mark() - outer, 1);
        let inner = s.mark();
        s.set_cell(c, 2);
        s.remove(0, 1).unwrap();
        assert_eq!((s.cell(c), s.cell(c + 1)), (2, 7));
        s.undo(inner);
        assert_eq!(s.cell(c), 1);
        s.undo(outer);
        assert_eq!(s.cell(c), 7);
        assert!(s.contains(0, 1));
    }

    #[test]
    fn entailment_lasts_until_the_search_backtracks_past_it() {
        let mut s = Store::new(&[Domain::from(0..3), Domain::from(0..100)]);
        assert!(!s.is_entailed(4));
        let outer = s.mark();
        s.remove(0, 1).unwrap();
        s.entail(4);
        s.entail(4); // already recorded: no second trail entry
        let inner = s.mark();
        assert_eq!(inner - outer, 2);
        s.remove(1, 50).unwrap();
        assert!(s.is_entailed(4) && !s.is_entailed(3));
        s.undo(inner);
        assert!(s.is_entailed(4), "still on the path");
        s.undo(outer);
        assert!(!s.is_entailed(4));
        assert!(s.contains(0, 1) && s.contains(1, 50));
    }

    #[test]
    fn assigning_a_wide_domain_costs_one_trail_entry_and_undoes_exactly() {
        let domains = vec![Domain::from(0..1_000_000), Domain::from(-70..70)];
        let mut s = Store::new(&domains);
        let m = s.mark();
        s.assign(0, 777_777);
        assert_eq!(s.mark() - m, 1, "one entry, not a write per word");
        assert_eq!(s.size(0), 1);
        assert_eq!(s.single(0), Some(777_777));
        assert_eq!((s.min(0), s.max(0)), (Some(777_777), Some(777_777)));
        assert!(s.contains(0, 777_777) && !s.contains(0, 0));
        let mut vals = Vec::new();
        s.values_into(0, &mut vals);
        assert_eq!(vals, vec![777_777]);
        assert_eq!(s.remove(0, 5), Ok(false));
        let inner = s.mark();
        assert_eq!(s.remove(0, 777_777), Err(Wipeout));
        assert_eq!((s.size(0), s.min(0), s.max(0)), (0, None, None));
        assert!(!s.contains(0, 777_777));
        s.undo(inner);
        assert_eq!(s.single(0), Some(777_777));
        s.assign(0, 777_777); // already fixed: nothing to save
        assert_eq!(s.mark(), inner);
        s.undo(m);
        assert_eq!(s.size(0), 1_000_000);
        assert_eq!((s.min(0), s.max(0)), (Some(0), Some(999_999)));
        assert_eq!(s.remove(0, 0), Ok(true));
        assert_eq!(s.min(0), Some(1));
    }

    #[test]
    fn a_bound_moves_past_a_million_values_in_one_trail_entry() {
        let mut s = Store::new(&[Domain::from(0..1_000_000), Domain::from(0..3)]);
        let m = s.mark();
        assert_eq!(s.remove(0, 500_000), Ok(true)); // a hole
        assert_eq!(
            s.set_min(0, 999_000),
            (998_999, 0, 998_999),
            "the hole was gone already"
        );
        assert_eq!(s.mark() - m, 2, "the hole and the bound");
        assert_eq!(
            (s.min(0), s.max(0), s.size(0)),
            (Some(999_000), Some(999_999), 1000)
        );
        assert_eq!(s.set_max(0, 999_499), (500, 999_500, 999_999));
        assert_eq!(s.set_max(0, 999_499), (0, 0, 0), "nothing left to do");
        let mut gone = Vec::new();
        s.removed_between(0, 499_998, 500_001, |v| gone.push(v));
        assert_eq!(
            gone,
            vec![499_998, 499_999, 500_001],
            "the hole was no member"
        );
        assert_eq!(s.set_min(0, 2_000_000), (500, 999_000, 999_499));
        assert_eq!((s.size(0), s.min(0)), (0, None), "wiped out");
        s.undo(m);
        assert_eq!(
            (s.min(0), s.max(0), s.size(0)),
            (Some(0), Some(999_999), 1_000_000)
        );
    }

    /// Checks a store of one variable against a plain set of values through
    /// a sequence of removals, bound moves, checkpoints and undos.
    fn agrees_with_a_set(
        declared: Vec<i32>,
        budget: u64,
        ops: Vec<(u8, i64)>,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        use proptest::prop_assert_eq;
        use std::collections::BTreeSet;
        let mut s = Store::new(&[Domain::from(declared.clone())]);
        s.budget = budget;
        let mut reference: BTreeSet<i64> = declared.iter().map(|&v| v as i64).collect();
        let mut saved = vec![(s.mark(), reference.clone())];
        for (op, v) in ops {
            if reference.is_empty() && op != 4 {
                continue;
            }
            match op {
                0 => {
                    let had = reference.remove(&v);
                    let got = s.remove(0, v);
                    prop_assert_eq!(got.is_ok_and(|r| r) || got.is_err(), had);
                    prop_assert_eq!(got.is_err(), had && reference.is_empty());
                }
                1 | 2 => {
                    let (gone, from, to) = if op == 1 {
                        s.set_min(0, v)
                    } else {
                        s.set_max(0, v)
                    };
                    let out: Vec<i64> = if op == 1 {
                        reference.range(..v).copied().collect()
                    } else {
                        reference.range(v + 1..).copied().collect()
                    };
                    let mut listed = Vec::new();
                    if gone > 0 {
                        s.removed_between(0, from, to, |u| listed.push(u));
                    }
                    prop_assert_eq!(&listed, &out);
                    prop_assert_eq!(gone as usize, out.len());
                    reference.retain(|&u| if op == 1 { u >= v } else { u <= v });
                }
                3 => saved.push((s.mark(), reference.clone())),
                _ => {
                    if saved.len() > 1 {
                        let (mark, r) = saved.pop().expect("a checkpoint");
                        s.undo(mark);
                        reference = r;
                    }
                }
            }
            let mut vals = Vec::new();
            s.values_into(0, &mut vals);
            let vals: Vec<i64> = vals.into_iter().map(i64::from).collect();
            prop_assert_eq!(&vals, &reference.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(s.size(0) as usize, reference.len());
            prop_assert_eq!(s.min(0), reference.first().copied());
            prop_assert_eq!(s.max(0), reference.last().copied());
            prop_assert_eq!(
                s.single(0),
                (reference.len() == 1)
                    .then(|| reference.first().copied())
                    .flatten()
            );
            for u in (-90..90).chain(-2510..-2490).chain(2490..2510) {
                prop_assert_eq!(s.contains(0, u), reference.contains(&u));
            }
            for from in [-2570, -2540, -2501, -150, -95, -64, -1, 0, 37, 2450, 2500] {
                prop_assert_eq!(s.bits_from(0, from), members_from(&reference, from));
            }
        }
        Ok(())
    }

    /// The members of `set` among `from..from + 64`, as `bits_from` gives them.
    fn members_from(set: &std::collections::BTreeSet<i64>, from: i64) -> u64 {
        (0..64)
            .filter(|i| set.contains(&(from + i)))
            .fold(0, |w, i| w | 1 << i)
    }

    #[test]
    fn bits_from_reads_one_word_domains_at_any_offset() {
        let mut s = Store::new(&[Domain::from((3..=40).collect::<Vec<i32>>())]);
        assert!(s.one_word());
        for v in [3, 17, 18, 40] {
            s.remove(0, v).unwrap();
        }
        let set = (3..=40).filter(|v| ![3, 17, 18, 40].contains(v)).collect();
        for from in -80..80 {
            assert_eq!(
                s.bits_from(0, from),
                members_from(&set, from),
                "from {from}"
            );
        }
    }

    fn ops() -> impl proptest::strategy::Strategy<Value = Vec<(u8, i64)>> {
        use proptest::prelude::*;
        let value = prop_oneof![-90i64..90, -2510i64..-2490, 2490i64..2510];
        proptest::collection::vec((0u8..5, value), 1..60)
    }

    proptest::proptest! {
        /// Every change, and every undo, leaves the store agreeing with a
        /// plain set of values: a domain declared with holes (bits from the
        /// start), a wide range (bits on its first hole), and a wide range
        /// past the bit budget (sorted holes).
        #[test]
        fn the_store_agrees_with_a_set_of_values(ops in ops(), kind in 0u8..3) {
            let (declared, budget): (Vec<i32>, u64) = match kind {
                0 => ((-2500..2505).filter(|v| v % 7 != 3).collect(), MAX_TOTAL_VALUES),
                1 => ((-2500..2505).collect(), MAX_TOTAL_VALUES),
                _ => ((-2500..2505).collect(), 0),
            };
            agrees_with_a_set(declared, budget, ops)?;
        }
    }
}
