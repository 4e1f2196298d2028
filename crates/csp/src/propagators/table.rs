//! The scope's values form one of the allowed rows.
//!
//! * check: the row is in the table;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: generalised arc consistency (keep the values that
//!   appear in a row whose every value is still possible), then the exact
//!   last-variable filter.

use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use crate::propagators::Constraint;

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
        Box::new(TablePropagator {
            con,
            rows: &self.rows,
        })
    }
}

struct TablePropagator<'m> {
    con: &'m Constraint,
    rows: &'m [i64],
}

impl Propagator for TablePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let (con, rows) = (self.con, self.rows);
        let mut supports = std::mem::take(&mut ctx.scratch.supports);
        supports.clear();
        let arity = con.scope.len();
        let mut tuple: smallvec::SmallVec<[i64; 8]> = smallvec::smallvec![0; con.vars.len()];
        for row in rows.chunks_exact(arity) {
            ctx.count_check();
            if row_is_possible(ctx, con, row, &mut tuple) {
                for (k, &x) in tuple.iter().enumerate() {
                    supports.push((k as u32, x as i32));
                }
            }
        }
        let result = ctx.remove_unsupported(con, &mut supports);
        ctx.scratch.supports = supports;
        result?;
        ctx.filter_last(con)
    }
}

/// Is every value of `row` (view values) possible, consistently for
/// repeated variables? Fills `tuple` with the distinct variables' values.
fn row_is_possible(ctx: &Ctx<'_>, con: &Constraint, row: &[i64], tuple: &mut [i64]) -> bool {
    let mut set: u64 = 0;
    for (view, &val) in con.scope.iter().zip(row) {
        let x = val - view.offset;
        let k = con
            .vars
            .iter()
            .position(|&v| v == view.var.index)
            .unwrap_or(0);
        if k < 64 && set & (1 << k) != 0 {
            if tuple[k] != x {
                return false;
            }
            continue;
        }
        if !ctx.store.contains(view.var.index, x) {
            return false;
        }
        tuple[k] = x;
        if k < 64 {
            set |= 1 << k;
        }
    }
    true
}
