//! `scope[0]` counts the views among `scope[1..]` whose value is in a
//! constant set.
//!
//! * check: the count;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the count lies between the views surely in the set
//!   and those possibly in it; when the count must be the fewest, the
//!   undecided views leave the set, when the most, they join it. Over
//!   distinct variables (the count's among them) that is domain
//!   consistent; otherwise sound, then the exact last-variable filter.

use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// `scope[0] = |{i >= 1 : scope[i] in set}|`.
pub(crate) struct Among {
    /// The set, sorted, without repeats.
    pub set: Vec<i64>,
}

impl Among {
    fn contains(&self, v: i64) -> bool {
        self.set.binary_search(&v).is_ok()
    }
}

impl ConstraintKind for Among {
    fn name(&self) -> &'static str {
        "among"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let inside = vals[1..].iter().filter(|&&v| self.contains(v)).count();
        vals[0] == inside as i64
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(AmongPropagator {
            con,
            kind: self,
            vals: Vec::new(),
            sides: Vec::new(),
            undecided: Vec::new(),
        })
    }
}

struct AmongPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Among,
    /// Buffers kept between runs (no allocation per node): a domain's
    /// values, each view's side, the undecided views.
    vals: Vec<i32>,
    sides: Vec<Side>,
    undecided: Vec<usize>,
}

/// Whether a view's values are all in the set, some, or none.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    In,
    Out,
    Both,
}

impl AmongPropagator<'_> {
    fn side(&mut self, ctx: &Ctx<'_>, k: usize) -> Side {
        let view = self.con.scope[k];
        let x = view.var.index;
        let size = ctx.store.size(x) as usize;
        // Whichever is shorter is walked: the set, asking the domain of
        // each of its values (a count of one value asks once), or the
        // domain, asking the set.
        let inside = if self.kind.set.len() < size {
            let set = &self.kind.set;
            set.iter()
                .filter(|&&v| ctx.store.contains(x, v - view.offset))
                .count()
        } else if ctx.store.listable(x) {
            self.vals.clear();
            ctx.store.values_into(x, &mut self.vals);
            self.vals
                .iter()
                .filter(|&&u| self.kind.contains(u as i64 + view.offset))
                .count()
        } else {
            return Side::Both; // too wide to list: undecided
        };
        match inside {
            0 => Side::Out,
            n if n == size => Side::In,
            _ => Side::Both,
        }
    }

    /// Removes from view `k` the values in the set (`inside`) or outside.
    fn keep_side(&mut self, ctx: &mut Ctx<'_>, k: usize, inside: bool) -> Prop {
        let view = self.con.scope[k];
        if !ctx.store.listable(view.var.index) {
            return Ok(()); // too wide to list: checked once assigned
        }
        self.vals.clear();
        ctx.store.values_into(view.var.index, &mut self.vals);
        for i in 0..self.vals.len() {
            let u = self.vals[i] as i64;
            if self.kind.contains(u + view.offset) != inside {
                ctx.remove(view.var.index, u)?;
            }
        }
        Ok(())
    }
}

impl Propagator for AmongPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// An inference rests on the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let n = self.con.scope.len();
        loop {
            ctx.count_check();
            // (Taken out while `side` borrows the propagator, and put
            // back: the buffer is reused, not allocated per run.)
            let mut sides = std::mem::take(&mut self.sides);
            sides.clear();
            sides.extend((1..n).map(|k| self.side(ctx, k)));
            let sure = sides.iter().filter(|&&s| s == Side::In).count() as i128;
            let possible = sides.iter().filter(|&&s| s != Side::Out).count() as i128;
            self.undecided.clear();
            self.undecided
                .extend((1..n).filter(|&k| sides[k - 1] == Side::Both));
            self.sides = sides;
            let count = self.con.scope[0];
            let off = count.offset as i128;
            let c = count.var.index;
            let changed = ctx.restrict_bounds(c, sure - off, possible - off)?;
            let (Some(lo), Some(hi)) = (ctx.store.min(c), ctx.store.max(c)) else {
                return Err(Wipeout);
            };
            let (lo, hi) = (lo as i128 + off, hi as i128 + off);
            // The count at its least: the undecided views leave the set;
            // at its most: they join it.
            let decide = !self.undecided.is_empty() && (hi == sure || lo == possible);
            if decide {
                for i in 0..self.undecided.len() {
                    self.keep_side(ctx, self.undecided[i], lo == possible)?;
                }
            }
            if !changed && !decide {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
