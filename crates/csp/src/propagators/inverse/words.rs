//! The channel kept incremental on one-word stores, as Gecode's advisors
//! keep theirs: per position of the scope a reversible cell holds its
//! domain word as last channelled, so a wake-up channels only the values
//! gone since (the bits of the cell missing from the domain), never the
//! whole scope value by value.
//!
//! The cells are on the store's trail with the domains, so backtracking
//! restores both together: a record never claims a value channelled that
//! the restored domains still hold. Invariant between calls: a value gone
//! from a position whose counterpart is still present is a bit of that
//! position's cell (pending), so one call leaves every pair `x[i] = j`,
//! `y[j] = i` both present or both gone.

use crate::propagators::{Constraint, Ctx};
use crate::store::Wipeout;

/// A cell's value before any channelling: every value counts as gone at
/// the first call (or after a backtrack above the cells' allocation).
const UNREAD: usize = usize::MAX;

/// The reversible records and, per position, which bits stand for a
/// position of the other side.
#[derive(Default)]
pub(super) struct WordChannel {
    /// The first of the scope's cells, once allocated.
    cells: Option<u32>,
    /// Per position: the bits whose view value is in `0..n`.
    in_range: Vec<usize>,
}

impl WordChannel {
    /// Allocates the cells on the first wake-up of a search.
    fn cells(&mut self, ctx: &mut Ctx<'_>, con: &Constraint) -> u32 {
        if let Some(c) = self.cells {
            return c;
        }
        let n = con.scope.len() / 2;
        self.in_range = con
            .scope
            .iter()
            .map(|view| {
                let base = ctx.store.base(view.var.index) + view.offset;
                (0..usize::BITS as i64)
                    .filter(|b| (0..n as i64).contains(&(base + b)))
                    .fold(0, |w, b| w | 1 << b)
            })
            .collect();
        let c = ctx.store.new_cells(con.scope.len(), UNREAD);
        self.cells = Some(c);
        c
    }

    /// Channels every value gone from a position since the last call (and
    /// removes the values out of range); true if anything was removed.
    ///
    /// Over distinct variables one pass leaves the sides mirrored: a value
    /// it removes has its counterpart gone already (that is why it went),
    /// so it stays pending in its cell only to be found absent next time.
    /// A variable in two positions may take a value from the other
    /// position whose counterpart is present: then passes until quiet.
    pub(super) fn channel(&mut self, ctx: &mut Ctx<'_>, con: &Constraint) -> Result<bool, Wipeout> {
        debug_assert!(ctx.store.one_word());
        let c = self.cells(ctx, con);
        let n = con.scope.len() / 2;
        let repeated = con.has_repeated_vars();
        let pruned = ctx.pruned;
        loop {
            let mut quiet = true;
            for (p, view) in con.scope.iter().enumerate() {
                let x = view.var.index;
                let out = word_of(ctx, x) & !self.in_range[p];
                each_bit(out, |b| drop_value(ctx, x, ctx.store.base(x) + b))?;
                let now = word_of(ctx, x);
                let old = ctx.store.cell(c + p as u32);
                let gone = old & !now;
                if gone == 0 {
                    continue;
                }
                quiet = false;
                ctx.store.set_cell(c + p as u32, now);
                let (i, other) = if p < n { (p, n) } else { (p - n, 0) };
                let from = ctx.store.base(x) + view.offset;
                let drop_back = |ctx: &mut Ctx<'_>, j: i64| {
                    ctx.count_check();
                    let back = con.scope[other + j as usize];
                    drop_value(ctx, back.var.index, i as i64 - back.offset)
                };
                if old == UNREAD {
                    // Positions the word cannot hold (below its base, or
                    // 64 values above) are gone from the start.
                    for j in
                        (0..n as i64).filter(|j| !(0..usize::BITS as i64).contains(&(j - from)))
                    {
                        drop_back(ctx, j)?;
                    }
                }
                each_bit(gone & self.in_range[p], |b| drop_back(ctx, from + b))?;
            }
            if quiet || !repeated {
                return Ok(ctx.pruned != pruned);
            }
        }
    }
}

/// `x`'s domain word, or its value's bit once assigned (forward checking's
/// slot backend leaves an assigned variable's word as it was).
#[inline(always)]
fn word_of(ctx: &Ctx<'_>, x: u32) -> usize {
    match ctx.assigned[x as usize] {
        true => 1 << (i64::from(ctx.values[x as usize]) - ctx.store.base(x)),
        false => ctx.store.word(x),
    }
}

/// Removes `value` from `x`; an assigned `x` holding it fails.
fn drop_value(ctx: &mut Ctx<'_>, x: u32, value: i64) -> Result<(), Wipeout> {
    if ctx.assigned[x as usize] {
        return match i64::from(ctx.values[x as usize]) == value {
            true => Err(Wipeout),
            false => Ok(()),
        };
    }
    ctx.remove(x, value)
}

/// Calls `f` with the index of each set bit of `w`, lowest first, until it
/// fails.
#[inline]
fn each_bit(mut w: usize, mut f: impl FnMut(i64) -> Result<(), Wipeout>) -> Result<(), Wipeout> {
    while w != 0 {
        f(i64::from(w.trailing_zeros()))?;
        w &= w - 1;
    }
    Ok(())
}
