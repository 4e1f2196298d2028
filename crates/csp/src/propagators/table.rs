//! The scope's values form one of the allowed rows.
//!
//! * check: the row is in the table;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: compact table (Demeusy et al., CP 2016), generalised
//!   arc consistent. Each (variable, value) has a bit set of the rows that
//!   give the variable that value; the rows still possible are a
//!   reversible sparse bit set kept in the store's cells. At a wake-up,
//!   each variable whose domain size changed since the last one intersects
//!   the current rows with its values' supports (or removes its missing
//!   values' supports, whichever is fewer), and then every value whose
//!   supports miss the current rows goes (checked first at the word where
//!   it last found a support, its residue).
//!
//! Rows that give a repeated variable two values never hold and are
//! dropped when posting; supports are per distinct variable, so the
//! filtering stays exact with repeated variables.

use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

type Word = usize;
const BITS: usize = Word::BITS as usize;
/// A domain size never seen: the variable is read in full at the next
/// wake-up (the cells' initial state, and what backtracking above their
/// allocation restores).
const UNREAD: Word = Word::MAX;

/// The scope's values form one of the rows.
pub(crate) struct Table {
    /// The rows, flat: `scope.len()` values per row.
    pub rows: Vec<i64>,
}

impl ConstraintKind for Table {
    fn name(&self) -> &'static str {
        "table"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let vals = &*vals;
        self.rows.chunks_exact(vals.len()).any(|row| row == vals)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CompactTable::new(con, &self.rows))
    }
}

/// Per distinct variable of the scope: the values some row gives it, each
/// with its support bit set at `first + j` (in units of `words`).
struct VarSupports {
    values: Vec<i64>,
    first: usize,
}

struct CompactTable<'m> {
    con: &'m Constraint,
    vars: Vec<VarSupports>,
    /// The rows kept.
    rows: usize,
    /// Words per bit set (the rows kept, rounded up).
    words: usize,
    /// Every support bit set, flat.
    supports: Vec<Word>,
    /// Per (variable, value): the word where a support was last found.
    residues: Vec<u32>,
    /// The sparse set's order of word indices: the first `limit` (a cell)
    /// are the non-zero words of the current rows.
    index: Vec<u32>,
    /// The first of this propagator's cells: `words` of current rows, then
    /// the limit, then one last-seen domain size per variable.
    cells: Option<u32>,
    /// Scratch: the mask being built (one word per row word).
    mask: Vec<Word>,
}

impl<'m> CompactTable<'m> {
    fn new(con: &'m Constraint, flat: &[i64]) -> CompactTable<'m> {
        let arity = con.scope.len();
        let position: Vec<usize> = con
            .scope
            .iter()
            .map(|v| con.vars.iter().position(|&x| x == v.var.index).unwrap_or(0))
            .collect();
        // Each kept row as one value per distinct variable.
        let mut kept: Vec<Vec<i64>> = Vec::new();
        'rows: for row in flat.chunks_exact(arity) {
            let mut tuple: Vec<Option<i64>> = vec![None; con.vars.len()];
            for ((view, &val), &k) in con.scope.iter().zip(row).zip(&position) {
                let x = val - view.offset;
                if i32::try_from(x).is_err() || tuple[k].is_some_and(|t| t != x) {
                    continue 'rows;
                }
                tuple[k] = Some(x);
            }
            kept.push(tuple.into_iter().map(|t| t.unwrap_or(0)).collect());
        }
        let words = kept.len().div_ceil(BITS);
        let mut vars = Vec::with_capacity(con.vars.len());
        let mut first = 0;
        for k in 0..con.vars.len() {
            let mut values: Vec<i64> = kept.iter().map(|t| t[k]).collect();
            values.sort_unstable();
            values.dedup();
            let n = values.len();
            vars.push(VarSupports { values, first });
            first += n;
        }
        let mut supports = vec![0; first * words];
        for (r, tuple) in kept.iter().enumerate() {
            for (k, &x) in tuple.iter().enumerate() {
                let vs = &vars[k];
                let j = vs.values.binary_search(&x).expect("a kept value");
                supports[(vs.first + j) * words + r / BITS] |= 1 << (r % BITS);
            }
        }
        CompactTable {
            con,
            vars,
            rows: kept.len(),
            words,
            supports,
            residues: vec![0; first],
            index: (0..words as u32).collect(),
            cells: None,
            mask: vec![0; words],
        }
    }

    /// Allocates the cells on the first wake-up of a search: every row
    /// current, every variable unread.
    fn cells(&mut self, ctx: &mut Ctx<'_>) -> u32 {
        if let Some(c) = self.cells {
            return c;
        }
        // Whole words of rows, then the last one's rows only.
        let c = ctx.store.new_cells(self.words - 1, Word::MAX);
        let tail = self.rows % BITS;
        ctx.store.new_cells(
            1,
            if tail == 0 {
                Word::MAX
            } else {
                (1 << tail) - 1
            },
        );
        ctx.store.new_cells(1, self.words as Word);
        ctx.store.new_cells(self.vars.len(), UNREAD);
        self.cells = Some(c);
        c
    }

    /// Intersects the current rows with `mask` (or its complement).
    fn intersect(&mut self, ctx: &mut Ctx<'_>, c: u32, complement: bool) -> Prop {
        let limit_cell = c + self.words as u32;
        let mut limit = ctx.store.cell(limit_cell);
        let mut i = 0;
        while i < limit {
            let w = self.index[i] as usize;
            let old = ctx.store.cell(c + w as u32);
            let m = if complement {
                !self.mask[w]
            } else {
                self.mask[w]
            };
            let new = old & m;
            if new != old {
                ctx.store.set_cell(c + w as u32, new);
            }
            if new == 0 {
                limit -= 1;
                self.index.swap(i, limit);
            } else {
                i += 1;
            }
        }
        ctx.store.set_cell(limit_cell, limit as Word);
        if limit == 0 {
            Err(Wipeout)
        } else {
            Ok(())
        }
    }

    /// Does support `slot` meet the current rows? Updates its residue.
    fn supported(&mut self, ctx: &Ctx<'_>, c: u32, limit: usize, slot: usize) -> bool {
        let r = self.residues[slot] as usize;
        if ctx.store.cell(c + r as u32) & self.supports[slot * self.words + r] != 0 {
            return true;
        }
        for &w in &self.index[..limit] {
            let w = w as usize;
            if ctx.store.cell(c + w as u32) & self.supports[slot * self.words + w] != 0 {
                self.residues[slot] = w as u32;
                return true;
            }
        }
        false
    }
}

impl Propagator for CompactTable<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// A row goes when one of its values goes: a value that lost every
    /// row rests on the others' domains (the values that killed its rows).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        if self.words == 0 {
            return Err(Wipeout); // no row can hold
        }
        let c = self.cells(ctx);
        let sizes = c + self.words as u32 + 1;
        // Update the current rows from the variables that changed.
        let (mut changed, mut unread) = (0usize, false);
        let mut only = 0;
        for k in 0..self.vars.len() {
            let x = self.con.vars[k];
            let size = ctx.store.size(x) as Word;
            let last = ctx.store.cell(sizes + k as u32);
            if size == last {
                continue;
            }
            unread |= last == UNREAD;
            changed += 1;
            only = k;
            let vs = &self.vars[k];
            let present = vs
                .values
                .iter()
                .filter(|&&v| ctx.store.contains(x, v))
                .count();
            // The smaller side: the supports of the values present, or of
            // those missing (rows with a missing value are gone either way).
            let complement = 2 * present > vs.values.len();
            // Only the words still current matter.
            let limit = ctx.store.cell(c + self.words as u32);
            for &w in &self.index[..limit] {
                self.mask[w as usize] = 0;
            }
            for (j, &v) in vs.values.iter().enumerate() {
                if ctx.store.contains(x, v) != complement {
                    let s = (vs.first + j) * self.words;
                    for &w in &self.index[..limit] {
                        self.mask[w as usize] |= self.supports[s + w as usize];
                    }
                }
            }
            self.intersect(ctx, c, complement)?;
            ctx.store.set_cell(sizes + k as u32, size);
        }
        if changed == 0 {
            return Ok(());
        }
        // Filter: every value must meet the current rows. A lone changed
        // variable keeps its supports (only its lost values' rows went).
        let limit = ctx.store.cell(c + self.words as u32);
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        let mut result = Ok(());
        'vars: for k in 0..self.vars.len() {
            if changed == 1 && !unread && k == only {
                continue;
            }
            let x = self.con.vars[k];
            if unread && !ctx.store.listable(x) {
                // Too wide to list: the rows' hull; a value inside it that
                // no row gives fails once assigned (its mask is empty).
                let row_values = &self.vars[k].values;
                let hull = row_values.first().zip(row_values.last());
                let (lo, hi) = hull.map_or((1, 0), |(&lo, &hi)| (lo as i128, hi as i128));
                if let Err(e) = ctx.restrict_bounds(x, lo, hi) {
                    result = Err(e);
                    break 'vars;
                }
            }
            if unread && ctx.store.listable(x) {
                // Values no row gives the variable.
                vals.clear();
                ctx.store.values_into(x, &mut vals);
                for &u in &vals {
                    if self.vars[k].values.binary_search(&(u as i64)).is_err()
                        && let Err(e) = ctx.remove(x, u as i64)
                    {
                        result = Err(e);
                        break 'vars;
                    }
                }
            }
            for j in 0..self.vars[k].values.len() {
                let v = self.vars[k].values[j];
                ctx.count_check();
                if ctx.store.contains(x, v)
                    && !self.supported(ctx, c, limit, self.vars[k].first + j)
                    && let Err(e) = ctx.remove(x, v)
                {
                    result = Err(e);
                    break 'vars;
                }
            }
            // Our own removals take no row away: no need to reread them.
            let size = ctx.store.size(x) as Word;
            ctx.store.set_cell(sizes + k as u32, size);
        }
        ctx.scratch.vals = vals;
        result
    }
}
