//! `b <-> (x in rows)` (or `b -> (x in rows)`): a table reified by a 0/1
//! view `b`, the scope's last view; the rows are the first views' allowed
//! tuples (distinct, as the builder leaves them).
//!
//! * check: `b` is 0 or 1, and 1 exactly when (or, half-reified, only if)
//!   some row equals the values;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the rows still valid (each value in its view's
//!   domain) decide. None left: `b` is 0. As many as the domains' tuples
//!   (the rows being distinct, they are all of them; full reification
//!   only): `b` is 1. `b` fixed to 1: each view keeps the values some
//!   valid row gives it (generalised arc consistency, as the table). `b`
//!   fixed to 0: the exact last-variable filter (a tuple left out of the
//!   table). So `b` is always domain consistent over distinct variables,
//!   and the views too unless `b` is 0 with two views open.

use super::bounds::{restrict_view, view_bounds};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// `b <-> (x in rows)`, or `b -> (x in rows)` when not `full`.
pub(crate) struct TableReif {
    /// The rows, flattened (each as long as the scope less `b`), distinct.
    pub rows: Vec<i64>,
    /// `<->` (else `->`).
    pub full: bool,
}

impl ConstraintKind for TableReif {
    fn name(&self) -> &'static str {
        if self.full {
            "table_reif"
        } else {
            "table_imp"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (x, b) = vals.split_at(vals.len() - 1);
        let inside = self.rows.chunks_exact(x.len()).any(|row| row == x);
        match b[0] {
            1 => inside,
            0 => !self.full || !inside,
            _ => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(TableReifPropagator {
            con,
            kind: self,
            kept: Vec::new(),
            vals: Vec::new(),
        })
    }
}

struct TableReifPropagator<'m> {
    con: &'m Constraint,
    kind: &'m TableReif,
    /// Per view of `x` (flat, by value order of `vals`): the values a valid
    /// row gives it.
    kept: Vec<(u32, i32)>,
    vals: Vec<i32>,
}

impl TableReifPropagator<'_> {
    /// Is every entry of `row` in its view's domain?
    fn valid(&self, ctx: &Ctx<'_>, row: &[i64]) -> bool {
        row.iter().zip(&self.con.scope).all(|(&v, view)| {
            let u = v - view.offset;
            i32::try_from(u).is_ok_and(|u| ctx.store.contains(view.var.index, u as i64))
        })
    }

    /// The number of tuples of the views' domains, or `None` past `limit`
    /// (a view too wide to list counts as past it).
    fn tuples(&self, ctx: &Ctx<'_>, x: usize, limit: u64) -> Option<u64> {
        let mut product = 1u64;
        for view in &self.con.scope[..x] {
            let size = ctx.store.size(view.var.index) as u64;
            product = product.checked_mul(size).filter(|&p| p <= limit)?;
        }
        Some(product)
    }
}

impl Propagator for TableReifPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        let x = con.scope.len() - 1;
        let b = con.scope[x];
        restrict_view(ctx, b, 0, 1)?;
        let (b_lo, b_hi) = view_bounds(ctx, b)?;
        ctx.count_check();
        let rows = self.kind.rows.chunks_exact(x);
        if b_lo == 0 && b_hi == 1 {
            // Open: decided when no row is left, or (<->) every tuple is one.
            let limit = self.kind.rows.len() as u64 / x.max(1) as u64;
            let valid = rows.filter(|row| self.valid(ctx, row)).count() as u64;
            if valid == 0 {
                restrict_view(ctx, b, 0, 0)?;
            } else if self.kind.full && self.tuples(ctx, x, limit) == Some(valid) {
                restrict_view(ctx, b, 1, 1)?;
            }
        }
        let (b_lo, _) = view_bounds(ctx, b)?;
        if b_lo == 1 {
            // The table itself: the values some valid row gives each view.
            self.kept.clear();
            for row in self.kind.rows.chunks_exact(x) {
                if self.valid(ctx, row) {
                    for (k, &v) in row.iter().enumerate() {
                        self.kept.push((k as u32, (v - con.scope[k].offset) as i32));
                    }
                }
            }
            if self.kept.is_empty() && x > 0 {
                return Err(Wipeout);
            }
            self.kept.sort_unstable();
            self.kept.dedup();
            let mut vals = std::mem::take(&mut self.vals);
            let kept = &self.kept;
            let pruned = ctx.keep_supported(&con.scope[..x], &mut vals, |k, v| {
                let u = v - con.scope[k].offset;
                kept.binary_search(&(k as u32, u as i32)).is_ok()
            });
            self.vals = vals;
            pruned?;
        }
        ctx.filter_last(con)
    }
}
