//! Bin packing: item `i` of weight `w[i]` goes into bin `bin[i]`
//! (0-based), and each bin's load (the weight of its items) is a view or
//! at most a constant capacity.
//!
//! * check: every item in a bin, each load the weight of its items (or
//!   within the capacity);
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, to a fixpoint: each bin's load lies between the
//!   weight of the items surely in it and of those possibly in it, and
//!   (with load views) between the total weight less the others' greatest
//!   and least loads; an item leaves a bin it would overflow (the bin's
//!   sure weight plus its own above the greatest load) and is put into a
//!   bin that cannot reach its least load without it. A named rule, not
//!   domain consistency (that is NP-hard); then the exact last-variable
//!   filter.

use super::{bounds, ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// What bounds each bin's load.
pub(crate) enum Loads {
    /// The first `bins` views of the scope are the loads.
    Views { bins: usize },
    /// Each bin's load is at most its capacity (the scope holds only the
    /// items' bins).
    Capacities(Vec<i64>),
}

/// Items of weights `weights` into bins; the scope is the loads (if
/// views) then each item's bin.
pub(crate) struct BinPacking {
    pub loads: Loads,
    /// Non-negative.
    pub weights: Vec<i64>,
}

impl BinPacking {
    fn bins(&self) -> usize {
        match &self.loads {
            Loads::Views { bins } => *bins,
            Loads::Capacities(c) => c.len(),
        }
    }

    /// Where the items' bins start in the scope.
    fn first_item(&self) -> usize {
        match &self.loads {
            Loads::Views { bins } => *bins,
            Loads::Capacities(_) => 0,
        }
    }
}

impl ConstraintKind for BinPacking {
    fn name(&self) -> &'static str {
        match self.loads {
            Loads::Views { .. } => "bin-packing-load",
            Loads::Capacities(_) => "bin-packing-capacity",
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let m = self.bins();
        let mut load = vec![0i128; m];
        for (&b, &w) in vals[self.first_item()..].iter().zip(&self.weights) {
            match usize::try_from(b).ok().filter(|&b| b < m) {
                Some(b) => load[b] += w as i128,
                None => return false,
            }
        }
        match &self.loads {
            Loads::Views { .. } => (0..m).all(|b| load[b] == vals[b] as i128),
            Loads::Capacities(c) => (0..m).all(|b| load[b] <= c[b] as i128),
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        let m = self.bins();
        Box::new(Packing {
            con,
            kind: self,
            sure: vec![0; m],
            possible: vec![0; m],
            range: vec![(0, 0); m],
            vals: Vec::new(),
        })
    }
}

struct Packing<'m> {
    con: &'m Constraint,
    kind: &'m BinPacking,
    /// Per bin: the weight of the items fixed to it, of those that may go
    /// there, and its load's bounds (reused: nothing allocated per node).
    sure: Vec<i128>,
    possible: Vec<i128>,
    range: Vec<(i128, i128)>,
    vals: Vec<i32>,
}

impl Propagator for Packing<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let m = self.kind.bins() as i128;
        for item in self.items() {
            bounds::restrict(ctx, item, 0, m - 1)?;
        }
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }
}

impl Packing<'_> {
    fn items(&self) -> &[View] {
        &self.con.scope[self.kind.first_item()..]
    }

    /// One round of the rules; true if a domain changed.
    fn round(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let con = self.con;
        let kind = self.kind;
        let m = kind.bins();
        let items = &con.scope[kind.first_item()..];
        self.sure.fill(0);
        self.possible.fill(0);
        for (item, &w) in items.iter().zip(&kind.weights) {
            ctx.count_check();
            let (lo, hi) = bounds::range(ctx, item)?;
            if lo == hi {
                self.sure[lo as usize] += w as i128;
                self.possible[lo as usize] += w as i128;
                continue;
            }
            self.vals.clear();
            ctx.store.values_into(item.var.index, &mut self.vals);
            for &u in &self.vals {
                self.possible[(u as i64 + item.offset) as usize] += w as i128;
            }
        }
        let mut changed = false;
        // Each load between the sure and the possible weight.
        for b in 0..m {
            self.range[b] = match &kind.loads {
                Loads::Views { .. } => {
                    changed |=
                        bounds::restrict(ctx, &con.scope[b], self.sure[b], self.possible[b])?;
                    bounds::range(ctx, &con.scope[b])?
                }
                Loads::Capacities(c) if self.sure[b] > c[b] as i128 => return Err(Wipeout),
                Loads::Capacities(c) => (0, c[b] as i128),
            };
        }
        // The loads add up to the total weight.
        if let Loads::Views { .. } = kind.loads {
            let total: i128 = kind.weights.iter().map(|&w| w as i128).sum();
            let (lo_sum, hi_sum) = self
                .range
                .iter()
                .fold((0, 0), |(l, h), &(lo, hi)| (l + lo, h + hi));
            for b in 0..m {
                let (lo, hi) = self.range[b];
                let (at_least, at_most) = (total - (hi_sum - hi), total - (lo_sum - lo));
                if at_least > lo || at_most < hi {
                    changed |= bounds::restrict(ctx, &con.scope[b], at_least, at_most)?;
                }
            }
            if changed {
                return Ok(true); // recompute the ranges first
            }
        }
        // Items leave bins they would overflow, and join a bin that needs them.
        for (item, &w) in items.iter().zip(&kind.weights) {
            let w = w as i128;
            let (lo, hi) = bounds::range(ctx, item)?;
            if lo == hi || w == 0 {
                continue;
            }
            self.vals.clear();
            ctx.store.values_into(item.var.index, &mut self.vals);
            for &u in &self.vals {
                ctx.count_check();
                let b = (u as i64 + item.offset) as usize;
                if self.sure[b] + w > self.range[b].1 {
                    ctx.remove(item.var.index, u as i64)?;
                    changed = true;
                } else if self.possible[b] - w < self.range[b].0 {
                    let keep = u as i128;
                    changed |= ctx.restrict_bounds(item.var.index, keep, keep)?;
                    break;
                }
            }
        }
        Ok(changed)
    }
}
