//! The search's working domains, with a trail for undoing changes.
//!
//! All domains live in one arena of words (copied from the declared
//! `FixedBitSet`-backed domains at the start of a search), each variable owning
//! a run of whole words, so a domain of up to 64 values is a single word and
//! size, minimum and next value are word operations. Every change saves the
//! word it overwrites on the trail; backtracking restores words down to a
//! checkpoint. Nothing is cloned per search node.

use crate::domain::Domain;
use crate::sizes::{SizeCounts, MAX_COUNTED_SIZE};

type Word = usize;
const BITS: usize = Word::BITS as usize;

/// The most values (summed over all domains) a systematic search accepts:
/// the arena holds them as bits and, in the worst case, the trail saves a
/// word for each one removed along a path (about 4 GiB at this bound: a
/// 16,384 × 16,384 n-queens board). Beyond it a bit-set search is the wrong
/// tool, and [`Solver`](crate::Solver) stops at once with
/// [`StopReason::TooLarge`](crate::StopReason::TooLarge); local search
/// ([`MinConflicts`](crate::MinConflicts)) is not bound by it. Callers can
/// refuse such models up front by comparing the sum of the domains' widths
/// with it.
///
/// ```
/// use csp::{Model, Solver, Status, StopReason, MAX_TOTAL_VALUES};
/// let n = 16_385;
/// assert!((n * n) as u64 > MAX_TOTAL_VALUES);
/// let mut model = Model::new();
/// model.int_vars(n, 0..n as i32).unwrap();
/// let outcome = Solver::new(&model).count();
/// assert_eq!(outcome.status, Status::Stopped(StopReason::TooLarge));
/// ```
pub const MAX_TOTAL_VALUES: u64 = 1 << 28;

/// A saved word (16 bytes: the trail is the search's largest structure on
/// big boards, where it can hold a word for every value removed on the
/// current path). The owning variable is found from `owner` on restore.
#[derive(Clone, Copy)]
struct Saved {
    word: u32,
    old_size: u32,
    old: Word,
}

/// A trail entry with this `word` restores a `fixed` marker (see
/// `Store::fixed`): `old_size` is the old size, `old` packs the variable
/// (high half) and the old marker (low half).
const MARKER: u32 = u32::MAX;
/// A trail entry with this `word` clears the entailment flag of constraint
/// `old` (see `Store::entail`).
const ENTAILED: u32 = u32::MAX - 1;
/// A trail entry with this `word` restores reversible cell `old_size` to
/// `old` (see `Store::set_cell`).
const CELL: u32 = u32::MAX - 2;
/// The `fixed` marker of a fixed variable whose value was removed.
const EMPTIED: u32 = u32::MAX;

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
    /// For multi-word domains (64-bit words assumed, like the rest of the
    /// store's packing): a variable fixed by `assign` keeps its words
    /// and records here `1 + (value - base)` ([`EMPTIED`] once that value is
    /// removed; 0 when not fixed), so assigning a value of a million-value
    /// domain costs one trail entry, not a write of every word.
    fixed: Vec<u32>,
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
    /// True when the domains are too many values to search with bit sets.
    pub fn too_large(domains: &[Domain]) -> bool {
        let values: u64 = domains.iter().map(|d| d.width()).sum();
        values > MAX_TOTAL_VALUES
    }

    pub fn new(domains: &[Domain]) -> Store {
        let mut start = Vec::with_capacity(domains.len());
        let mut words = Vec::with_capacity(domains.len());
        let mut total = 0u32;
        for d in domains {
            let w = d.width().div_ceil(BITS as u64).max(1) as u32;
            start.push(total);
            words.push(w);
            total += w;
        }
        let mut arena: Vec<Word> = vec![0; total as usize];
        let mut base = Vec::with_capacity(domains.len());
        let mut size = Vec::with_capacity(domains.len());
        for (i, d) in domains.iter().enumerate() {
            let lo = d.min().unwrap_or(0) as i64;
            base.push(lo);
            size.push(d.size() as u32);
            let first = start[i] as usize * BITS;
            if d.size() == d.width() {
                // A whole range: whole words at once (a million values is
                // 15,625 word writes, not a million bit operations).
                let (w0, width) = (start[i] as usize, d.width() as usize);
                arena[w0..w0 + width / BITS].fill(Word::MAX);
                if width % BITS != 0 {
                    arena[w0 + width / BITS] = (1 << (width % BITS)) - 1;
                }
                continue;
            }
            for v in d.values() {
                let bit = first + (v as i64 - lo) as usize;
                arena[bit / BITS] |= 1 << (bit % BITS);
            }
        }
        let one_word = words.iter().all(|&w| w == 1);
        let fixed = if one_word {
            Vec::new()
        } else {
            vec![0; domains.len()]
        };
        let owner = if one_word {
            Vec::new()
        } else {
            let mut owner = Vec::with_capacity(arena.len());
            for (var, &w) in words.iter().enumerate() {
                owner.extend(std::iter::repeat_n(var as u32, w as usize));
            }
            owner
        };
        Store {
            owner,
            fixed,
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
        if off < 0 || off >= self.words[var as usize] as i64 * BITS as i64 {
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

    /// For multi-word domains fixed by `assign`: the domain's value, or
    /// `None` when it was removed (the domain is empty). `None` (outer) when
    /// the variable's words are its domain.
    #[inline]
    fn fixed_value(&self, var: u32) -> Option<Option<i64>> {
        if self.one_word {
            return None;
        }
        match self.fixed[var as usize] {
            0 => None,
            EMPTIED => Some(None),
            f => Some(Some(self.base[var as usize] + f as i64 - 1)),
        }
    }

    /// Sets `var`'s `fixed` marker and size, saving the old ones.
    fn set_fixed(&mut self, var: u32, marker: u32, size: u32) {
        self.resized(var, self.size[var as usize], size);
        let old_size = std::mem::replace(&mut self.size[var as usize], size);
        let old_marker = std::mem::replace(&mut self.fixed[var as usize], marker);
        self.trail.push(Saved {
            word: MARKER,
            old_size,
            old: ((var as u64) << 32 | old_marker as u64) as Word,
        });
    }

    #[inline(always)]
    pub fn contains(&self, var: u32, value: i64) -> bool {
        if self.one_word {
            // The hot case (arc consistency's supports): one bit test.
            let off = value.wrapping_sub(self.base[var as usize]) as u64;
            return off < BITS as u64 && self.arena[var as usize] & (1 << off) != 0;
        }
        if let Some(fixed) = self.fixed_value(var) {
            return fixed == Some(value);
        }
        match self.slot(var, value) {
            Some((w, bit)) => self.arena[w] & bit != 0,
            None => false,
        }
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
        if let Some(sizes) = &mut self.sizes {
            if self.counted[var as usize] {
                sizes.resize(var, old, new);
            }
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
        if let Some(fixed) = self.fixed_value(var) {
            if fixed != Some(value) {
                return Ok(false);
            }
            self.set_fixed(var, EMPTIED, 0);
            return Err(Wipeout);
        }
        let Some((w, bit)) = self.slot(var, value) else {
            return Ok(false);
        };
        let old = self.arena[w];
        if old & bit == 0 {
            return Ok(false);
        }
        let size = self.size(var) - 1;
        self.write(var, w, old & !bit, size);
        if size == 0 {
            Err(Wipeout)
        } else {
            Ok(true)
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
        let off = value - self.base[var as usize];
        if self.fixed[var as usize] != off as u32 + 1 {
            self.set_fixed(var, off as u32 + 1, 1);
        }
    }

    pub fn min(&self, var: u32) -> Option<i64> {
        if let Some(fixed) = self.fixed_value(var) {
            return fixed;
        }
        let base = self.base[var as usize];
        self.words_of(var)
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| base + (i * BITS + w.trailing_zeros() as usize) as i64)
    }

    pub fn max(&self, var: u32) -> Option<i64> {
        if let Some(fixed) = self.fixed_value(var) {
            return fixed;
        }
        let base = self.base[var as usize];
        self.words_of(var)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| base + (i * BITS + BITS - 1 - w.leading_zeros() as usize) as i64)
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

    /// Appends the domain's values in ascending order to `out`.
    pub fn values_into(&self, var: u32, out: &mut Vec<i32>) {
        if let Some(fixed) = self.fixed_value(var) {
            out.extend(fixed.map(|v| v as i32));
            return;
        }
        let base = self.base[var as usize];
        for (i, &word) in self.words_of(var).iter().enumerate() {
            let mut w = word;
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
                if s.word == ENTAILED {
                    self.entailed[s.old] = false;
                } else if s.word == CELL {
                    self.cells[s.old_size as usize] = s.old;
                } else {
                    self.arena[s.word as usize] = s.old;
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
            let var = if s.word == MARKER {
                (s.old as u64 >> 32) as u32
            } else if self.one_word {
                s.word
            } else {
                self.owner[s.word as usize]
            };
            let before = self.sizes.is_some().then(|| self.size(var));
            if s.word == MARKER {
                self.fixed[var as usize] = s.old as u32;
            } else {
                self.arena[s.word as usize] = s.old;
            }
            if !self.one_word {
                self.size[var as usize] = s.old_size;
            }
            if let Some(before) = before {
                self.resized(var, before, self.size(var));
            }
        }
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
}
